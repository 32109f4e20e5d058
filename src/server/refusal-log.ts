// What the handlers write at `debug` when a message rule refuses a sign-in: what the server
// expected, what the message said, and the `explain` command that replays the request with the
// server's settings. A developer whose sign-in fails sees why without adding a line of code.
import { quote } from "../message/issues.js";
import type { SignInMessage, ValidationCode } from "../message/types.js";
import { LOOPBACK_DOMAINS } from "./expected-domain.js";
import type { NormalizedAuthOptions } from "./options.js";

/** What a verify request was judged against: the body's address, the session's nonce, the time. */
export interface JudgedAgainst {
  address: string;
  /** The session's pending nonce; absent where the route looks the nonce up by value. */
  nonce?: string | undefined;
  requestedAt: number;
}

function instant(ms: number): string {
  return Number.isFinite(ms) ? new Date(ms).toISOString() : String(ms);
}

function expectedDomains(config: NormalizedAuthOptions): string {
  if (typeof config.domain === "function") return "a host your `domain` function accepts";
  const hosts = config.domain.join(", ");
  return config.domain === LOOPBACK_DOMAINS ? `${hosts} (no \`domain\` set: development)` : hosts;
}

/**
 * One sentence: what the rule `code` expected and what the message (or body) carried. Values from
 * the request are quoted and escaped, so a crafted message cannot forge log lines.
 *
 * @internal
 */
export function describeRuleRefusal(
  code: ValidationCode,
  message: SignInMessage,
  config: NormalizedAuthOptions,
  against: JudgedAgainst,
): string {
  const now = `the server's time ${instant(against.requestedAt)}`;
  const skew = `${config.clockSkewSeconds} s clock skew`;
  switch (code) {
    case "domain_mismatch":
      return `expected the domain ${expectedDomains(config)}; the message says ${quote(message.domain)}`;
    case "address_mismatch":
      return `expected the body's address ${quote(against.address)}; the message says ${quote(message.address)}`;
    case "uri_mismatch":
      return `expected a URI with the scheme ${(config.uriSchemes ?? []).map((scheme) => `${scheme}:`).join(" or ")}; the message says ${quote(message.uri)}`;
    case "chain_mismatch":
      return `expected the chain id ${config.chainId ?? "(any)"}; the message says ${message.chainId === undefined ? "none" : quote(message.chainId)}`;
    case "nonce_mismatch":
      return `expected the session's pending nonce ${quote(against.nonce ?? "")}; the message says ${quote(message.nonce)} (another tab, or an old nonce)`;
    case "issued_in_future":
      return `expected Issued At no later than ${now} plus ${skew}; the message says ${quote(message.issuedAt)} (the device clock is ahead)`;
    case "too_old":
      return `expected Issued At within ${config.maxMessageAgeSeconds} s (plus ${skew}) of ${now}; the message says ${quote(message.issuedAt)}`;
    case "expired":
      return `expected Expiration Time after ${now} (minus ${skew}); the message says ${quote(message.expirationTime ?? "")}`;
    case "not_yet_valid":
      return `expected Not Before no later than ${now} (plus ${skew}); the message says ${quote(message.notBefore ?? "")}`;
  }
}

/**
 * The `explain` command that judges the refused request as this server did: its domains, chain
 * id, age and skew, the session's nonce and the time of the request. The body is not repeated
 * here (it carries a signature and the account): the developer saves it from the browser.
 *
 * @internal
 */
export function explainCommand(config: NormalizedAuthOptions, against: JudgedAgainst): string {
  const args = ["npx sign-in-with-xrpl explain"];
  if (typeof config.domain === "function") args.push("--domain <the host the page was on>");
  else for (const host of config.domain) args.push(`--domain ${host}`);
  if (config.chainId !== undefined) args.push(`--chain-id ${config.chainId}`);
  if (against.nonce !== undefined) args.push(`--nonce ${against.nonce}`);
  args.push(`--now ${instant(against.requestedAt)}`);
  if (config.maxMessageAgeSeconds !== 300) args.push(`--max-age ${config.maxMessageAgeSeconds}`);
  if (config.clockSkewSeconds !== 60) args.push(`--clock-skew ${config.clockSkewSeconds}`);
  return `${args.join(" ")} < verify-body.json`;
}

/**
 * The whole debug line of a message-rule refusal.
 *
 * @internal
 */
export function ruleRefusalLine(
  code: ValidationCode,
  reason: string,
  message: SignInMessage,
  config: NormalizedAuthOptions,
  against: JudgedAgainst,
): string {
  return (
    `sign-in-with-xrpl: sign-in refused by the message rule ${code} (400 ${JSON.stringify(reason)}): ` +
    `${describeRuleRefusal(code, message, config, against)}. ` +
    `To replay it with this server's settings, save the POST /verify body as verify-body.json and run: ${explainCommand(config, against)}`
  );
}
