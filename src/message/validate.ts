// validateMessage: the domain, address, uri, chain, nonce and time rules, in a fixed order.
import { InvalidOptionsError } from "../errors.js";
import { normalizeChainId } from "./chain-id.js";
import { parseDateTime } from "./date-time.js";
import { domainMatches } from "./domain-match.js";
import { parseDomain, type DomainParts } from "./domain.js";
import type { SignInMessage, ValidateOptions, ValidationCode, ValidationResult } from "./types.js";
import { resolveValidateOptions, type ResolvedValidateOptions } from "./validate-options.js";
import { uriSchemeAllowed } from "./uri-schemes.js";

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

/** What the rules compare: the resolved options and the message's times in ms. */
interface RuleInput {
  message: SignInMessage;
  expected: ResolvedValidateOptions;
  domain: DomainParts;
  issuedAtMs: number;
  expirationMs: number | undefined;
  notBeforeMs: number | undefined;
}

/**
 * One rule: `true` when it holds, `false` when it fails, `undefined` when its option was not
 * given (the rule is not checked).
 */
type Rule = readonly [code: ValidationCode, holds: (input: RuleInput) => boolean | undefined];

/**
 * Every rule, in the order `validateMessage` checks them. Both `validateMessage` (first failure)
 * and `evaluateRules` (every rule) read this one table, so an explanation can never disagree
 * with what the handlers decide.
 */
const RULES: readonly Rule[] = [
  [
    "domain_mismatch",
    ({ message, expected, domain }) =>
      typeof expected.domains === "function" ? expected.domains(message.domain) === true : domainMatches(domain, expected.domains),
  ],
  ["address_mismatch", ({ message, expected }) => (expected.address === undefined ? undefined : message.address === expected.address)],
  [
    "uri_mismatch",
    ({ message, expected }) =>
      expected.uri === undefined && expected.uriSchemes === undefined
        ? undefined
        : (expected.uri === undefined || message.uri === expected.uri) &&
          (expected.uriSchemes === undefined || (typeof message.uri === "string" && uriSchemeAllowed(message.uri, expected.uriSchemes))),
  ],
  [
    "chain_mismatch",
    ({ message, expected }) =>
      expected.chainId === undefined
        ? undefined
        : (typeof message.chainId === "string" ? normalizeChainId(message.chainId) : undefined) === expected.chainId,
  ],
  ["nonce_mismatch", ({ message, expected }) => (expected.nonce === undefined ? undefined : message.nonce === expected.nonce)],
  ["issued_in_future", ({ expected, issuedAtMs }) => issuedAtMs <= expected.nowMs + expected.clockSkewMs],
  ["too_old", ({ expected, issuedAtMs }) => expected.nowMs - issuedAtMs <= expected.maxAgeMs + expected.clockSkewMs],
  [
    "expired",
    ({ expected, expirationMs }) => (expirationMs === undefined ? undefined : expirationMs > expected.nowMs - expected.clockSkewMs),
  ],
  [
    "not_yet_valid",
    ({ expected, notBeforeMs }) => (notBeforeMs === undefined ? undefined : notBeforeMs <= expected.nowMs + expected.clockSkewMs),
  ],
];

function ruleInput(message: SignInMessage, options: ValidateOptions): RuleInput {
  return resolvedRuleInput(message, resolveValidateOptions(options));
}

function resolvedRuleInput(message: SignInMessage, expected: ResolvedValidateOptions): RuleInput {
  if (message === null || typeof message !== "object") throw notParsed("no fields");
  const domain = typeof message.domain === "string" ? parseDomain(message.domain) : undefined;
  if (domain === undefined) throw notParsed("an invalid domain");
  return {
    message,
    expected,
    domain,
    issuedAtMs: messageTime(message, "issuedAt")!,
    expirationMs: messageTime(message, "expirationTime"),
    notBeforeMs: messageTime(message, "notBefore"),
  };
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
  return judgeRules(ruleInput(message, options));
}

/**
 * `validateMessage` over options already checked by `resolveValidateOptions`: the same rules in
 * the same order, for a caller that checks its options once and only changes the per-request
 * values (the address, the nonce, the time) of the resolved copy.
 *
 * @internal
 */
export function validateResolved(message: SignInMessage, expected: ResolvedValidateOptions): ValidationResult {
  return judgeRules(resolvedRuleInput(message, expected));
}

function judgeRules(input: RuleInput): ValidationResult {
  for (const [code, holds] of RULES) {
    if (holds(input) === false) return fail(code);
  }
  return { valid: true };
}

/**
 * One rule's outcome, as `evaluateRules` reports it: `"skipped"` when its option was not given.
 *
 * @internal
 */
export interface RuleOutcome {
  code: ValidationCode;
  outcome: "pass" | "fail" | "skipped";
  /** The reason text the handlers answer when this rule fails. */
  reason: string;
}

/**
 * Every rule of `validateMessage`, each judged on its own and in the same order, for tools that
 * explain a refusal (`sign-in-with-xrpl explain`): `validateMessage` stops at the first failure,
 * this reports them all. Same options, same errors.
 *
 * @internal
 */
export function evaluateRules(message: SignInMessage, options: ValidateOptions): RuleOutcome[] {
  const input = ruleInput(message, options);
  return RULES.map(([code, holds]) => {
    const held = holds(input);
    return { code, outcome: held === undefined ? "skipped" : held ? "pass" : "fail", reason: VALIDATION_REASONS[code] };
  });
}
