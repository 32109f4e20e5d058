// checkClaimSet: a record of named claims checked before use, so a bad definition is refused at
// start (or by readClaims) with the claim and the field named, never met halfway through a sign-in.
import { InvalidOptionsError } from "../../errors.js";
import { describeValue } from "../../shared/describe-value.js";
import { isPlainObject, pathNamer } from "./fields.js";
import { CLAIM_KINDS } from "./kinds.js";
import type { Claim, ClaimSet } from "./types.js";

/** Claim names are keys of JSON answers and of `requireClaims`: short, plain words. */
export const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_-]{0,63}$/u;
/** Nesting deeper than this is a mistake (or a cycle), not a requirement. */
const MAX_DEPTH = 16;

/**
 * Checks a record of named claims and answers it with every claim checked afresh: each name
 * (letters, digits, `_` and `-`, at most 64 characters, starting with a letter or `_`), each
 * claim's kind and every field, nested claims included. Synchronous, for option checks at
 * start. Throws `InvalidOptionsError` naming the claim and the field:
 * `sign-in-with-xrpl: claims.kyc.issuer must be a classic XRPL address (r...) ...`.
 *
 * @example
 * ```ts
 * import { checkClaimSet, hasCredential } from "sign-in-with-xrpl";
 * const claims = checkClaimSet({ kyc: hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }) });
 * ```
 */
export function checkClaimSet(claims: unknown, optionName = "claims"): ClaimSet {
  if (!isPlainObject(claims)) {
    throw new InvalidOptionsError(
      `${optionName} must be an object of named claims such as { kyc: hasCredential({ issuer: "r...", type: "KYC" }) }, got ${describeValue(claims)}.`,
    );
  }
  const checked: Record<string, Claim> = {};
  for (const name of Object.keys(claims)) {
    if (!CLAIM_NAME.test(name) || name === "__proto__") {
      throw new InvalidOptionsError(
        `${optionName}: the claim name ${JSON.stringify(name.slice(0, 80))} is not allowed; use letters, digits, _ and - (at most 64, starting with a letter or _).`,
      );
    }
    checked[name] = checkClaim(claims[name], `${optionName}.${name}`);
  }
  return Object.freeze(checked);
}

/** One claim object, fully checked, rebuilt by its definition. */
export function checkClaim(value: unknown, path: string, depth = 0): Claim {
  if (depth > MAX_DEPTH) throw new InvalidOptionsError(`${path}: claims are nested more than ${MAX_DEPTH} deep.`);
  if (!isPlainObject(value) || typeof value["kind"] !== "string") {
    throw new InvalidOptionsError(
      `${path} must be a claim built by holdsNft(), holdsToken(), holdsMpt(), hasCredential(), hasDid(), inPermissionedDomain(), allOf(), anyOf(), not() or custom(), got ${describeValue(value)}.`,
    );
  }
  const kind = CLAIM_KINDS.get(value["kind"]);
  if (kind === undefined) {
    throw new InvalidOptionsError(
      `${path}.kind must be one of ${[...CLAIM_KINDS.keys()].join(", ")}, got ${describeValue(value["kind"], { maxLength: 40 })}; build claims with this library's definitions.`,
    );
  }
  return kind.check(value, pathNamer(path), path, (child, childPath) => checkClaim(child, childPath, depth + 1));
}
