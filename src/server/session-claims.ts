// Claims in sign-in and sessions: which ledger claims the handlers read, which must hold, and
// the one place that asks the verifier for them. Every handler kind (the HTTP handlers, the
// fetch handler, the better-auth plugin, the Auth.js provider, the OpenID Provider) reads claims
// through here, so a rule about them has one home.
import { InvalidOptionsError } from "../errors.js";
import { describeValue } from "../shared/describe-value.js";
import { checkClaimSet, type ClaimSet } from "../verify/claims/index.js";
import type { Verifier } from "../verify/types.js";

/**
 * The ledger claims a session holds: each configured claim's name and whether it held when it
 * was last read.
 *
 * @example
 * ```ts
 * const claims: SessionClaims = { kyc: true, member: false };
 * ```
 */
export type SessionClaims = Readonly<Record<string, boolean>>;

/**
 * The claims options after checks: the claims to read at sign-in and on revalidation, and the
 * names that must hold. `undefined` when no claims are configured.
 *
 * @internal
 */
export interface ClaimRules {
  claims: ClaimSet;
  /** Names of `claims` that must hold to sign in and to stay signed in. */
  required: readonly string[];
  /** Reads every claim of `claims` for an address (the verifier's `readClaims`). */
  read(address: string): Promise<SessionClaims>;
}

/** The method a verifier reads claims with, as the handlers call it. */
type ClaimsReader = (address: string, claims: ClaimSet) => Promise<Readonly<Record<string, boolean>>>;

/**
 * Checks `claims` and `requireClaims` once, at creation: the claims are valid definitions, every
 * required name is one of them, and the verifier can read claims. Answers `undefined` when no
 * claims are configured.
 *
 * @internal
 */
export function resolveClaimRules(
  fail: (message: string) => never,
  verifier: Verifier,
  claims: unknown,
  requireClaims: unknown,
): ClaimRules | undefined {
  if (requireClaims !== undefined) {
    if (!Array.isArray(requireClaims) || requireClaims.some((name) => typeof name !== "string" || name === "")) {
      fail(
        `\`requireClaims\` must be a list of names of \`claims\`, such as ["kyc"] (got ${describeValue(requireClaims)}); omit it to require none.`,
      );
    }
  }
  const required = (requireClaims ?? []) as readonly string[];
  if (claims === undefined) {
    if (required.length > 0) {
      fail(
        `\`requireClaims\` names ${JSON.stringify(required)} but no \`claims\` are defined: add them, e.g. claims: { kyc: hasCredential({ issuer, type: "KYC" }) }.`,
      );
    }
    return undefined;
  }
  let checked: ClaimSet;
  try {
    checked = checkClaimSet(claims, "claims");
  } catch (cause) {
    if (cause instanceof InvalidOptionsError) fail(cause.message.replace(/^sign-in-with-xrpl: /u, ""));
    throw cause;
  }
  const names = new Set(Object.keys(checked));
  const unknown = required.filter((name) => !names.has(name));
  if (unknown.length > 0) {
    fail(
      `\`requireClaims\` names ${unknown.map((name) => JSON.stringify(name)).join(", ")}, which ${unknown.length === 1 ? "is" : "are"} not in \`claims\` (${[...names].map((name) => JSON.stringify(name)).join(", ") || "none"}): require only names you define in \`claims\`.`,
    );
  }
  const reader = (verifier as { readClaims?: unknown }).readClaims;
  if (typeof reader !== "function") {
    fail(
      "`claims` needs a verifier that reads claims from the ledger (a `readClaims` method): pass one made by createVerifier(), or give your `ledgerReader` a `request(command)` method.",
    );
  }
  const read = reader as ClaimsReader;
  return {
    claims: checked,
    required: [...new Set(required)],
    read: async (address) => pickClaims(checked, await read.call(verifier, address, checked)),
  };
}

/** Only the configured names, each a boolean: what the session keeps and `me` answers. */
function pickClaims(claims: ClaimSet, answer: Readonly<Record<string, unknown>>): SessionClaims {
  const picked: Record<string, boolean> = {};
  for (const name of Object.keys(claims)) picked[name] = answer[name] === true;
  return picked;
}

/**
 * The required names that do not hold in `claims`, in the order they were required.
 *
 * @internal
 */
export function missingClaims(rules: ClaimRules, claims: SessionClaims): string[] {
  return rules.required.filter((name) => claims[name] !== true);
}

/**
 * The configured claims a stored session holds, or `undefined` when it holds no reading of every
 * configured name (a session signed in before these claims were configured): such a session
 * reads as ended, and the next sign-in reads them.
 *
 * @internal
 */
export function storedClaims(rules: ClaimRules, value: unknown): SessionClaims | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const source = value as Record<string, unknown>;
  const picked: Record<string, boolean> = {};
  for (const name of Object.keys(rules.claims)) {
    const held = source[name];
    if (typeof held !== "boolean") return undefined;
    picked[name] = held;
  }
  return picked;
}

/**
 * A record of claim answers as it came from storage (a cookie, a database row, a token): only
 * boolean entries, or `undefined` when it is not such a record.
 *
 * @internal
 */
export function readClaimsValue(value: unknown): Record<string, boolean> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  const claims: Record<string, boolean> = {};
  for (const [name, held] of Object.entries(value)) if (typeof held === "boolean") claims[name] = held;
  return claims;
}
