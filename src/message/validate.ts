// validateMessage: the domain, address, uri, chain, nonce and time rules, in a fixed order.
import { InvalidOptionsError } from "../errors.js";
import { normalizeChainId } from "./chain-id.js";
import { parseDateTime } from "./date-time.js";
import { domainMatches } from "./domain-match.js";
import { parseDomain } from "./domain.js";
import type { SignInMessage, ValidateOptions, ValidationCode, ValidationResult } from "./types.js";
import { resolveValidateOptions } from "./validate-options.js";

/** The reason text of each validation failure, exactly as the HTTP handlers answer it. */
export const VALIDATION_REASONS: Readonly<Record<ValidationCode, string>> = {
  domain_mismatch: "Domain does not match.",
  address_mismatch: "Address does not match.",
  uri_mismatch: "URI does not match.",
  chain_mismatch: "Chain ID does not match.",
  nonce_mismatch: "Nonce does not match.",
  issued_in_future: "Message is issued in the future.",
  too_old: "Message is too old.",
  expired: "Message has expired.",
  not_yet_valid: "Message is not yet valid.",
};

function fail(code: ValidationCode): ValidationResult {
  return { valid: false, code, reason: VALIDATION_REASONS[code] };
}

function notParsed(what: string): InvalidOptionsError {
  return new InvalidOptionsError(
    `validateMessage needs a message from parseMessage; this one has ${what}. Parse the text with parseMessage first.`,
  );
}

function messageTime(message: SignInMessage, name: "issuedAt" | "expirationTime" | "notBefore"): number | undefined {
  const text: unknown = message[name];
  if (text === undefined && name !== "issuedAt") return undefined;
  const ms = typeof text === "string" ? parseDateTime(text) : Number.NaN;
  if (Number.isNaN(ms)) throw notParsed(`an invalid ${name}`);
  return ms;
}

/**
 * Checks a parsed message against what the server expects, in this order, and answers the first
 * failure: domain, address, uri, chain id, nonce, issued in the future, too old, expired, not
 * yet valid. `clockSkewSeconds` (default 60) widens every time comparison; `maxAgeSeconds`
 * (default 300) bounds the age of `issuedAt`. It never throws for a message from `parseMessage`.
 *
 * @throws {InvalidOptionsError} when the options are unusable (no domain, negative or NaN max
 * age or skew, `now` not a time...) or the message did not come from `parseMessage`.
 *
 * @example
 * ```ts
 * import { parseMessage, validateMessage } from "sign-in-with-xrpl";
 * const message = parseMessage(body.message);
 * const result = validateMessage(message, {
 *   domain: "example.com",          // or ["example.com", "localhost:3000"], or a DomainPredicate
 *   nonce: session.pendingNonce,
 *   address: body.address,
 *   chainId: "xrpl:0",
 * });
 * if (!result.valid) return { status: 400, body: { error: result.reason } };
 * ```
 */
export function validateMessage(message: SignInMessage, options: ValidateOptions): ValidationResult {
  const expected = resolveValidateOptions(options);
  if (message === null || typeof message !== "object") throw notParsed("no fields");
  const domain = typeof message.domain === "string" ? parseDomain(message.domain) : undefined;
  if (domain === undefined) throw notParsed("an invalid domain");
  const issuedAtMs = messageTime(message, "issuedAt")!;
  const expirationMs = messageTime(message, "expirationTime");
  const notBeforeMs = messageTime(message, "notBefore");

  const expectedDomains = expected.domains;
  const domainAccepted =
    typeof expectedDomains === "function" ? expectedDomains(message.domain) === true : domainMatches(domain, expectedDomains);
  if (!domainAccepted) return fail("domain_mismatch");
  if (expected.address !== undefined && message.address !== expected.address) return fail("address_mismatch");
  if (expected.uri !== undefined && message.uri !== expected.uri) return fail("uri_mismatch");
  if (expected.chainId !== undefined) {
    const chainId = typeof message.chainId === "string" ? normalizeChainId(message.chainId) : undefined;
    if (chainId !== expected.chainId) return fail("chain_mismatch");
  }
  if (expected.nonce !== undefined && message.nonce !== expected.nonce) return fail("nonce_mismatch");

  const { nowMs, clockSkewMs, maxAgeMs } = expected;
  if (issuedAtMs > nowMs + clockSkewMs) return fail("issued_in_future");
  if (nowMs - issuedAtMs > maxAgeMs + clockSkewMs) return fail("too_old");
  if (expirationMs !== undefined && expirationMs <= nowMs - clockSkewMs) return fail("expired");
  if (notBeforeMs !== undefined && notBeforeMs > nowMs + clockSkewMs) return fail("not_yet_valid");
  return { valid: true };
}
