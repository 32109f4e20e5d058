// allOf, anyOf, not: claims made of other claims.
import { InvalidOptionsError } from "../../errors.js";
import type { ClaimKind, Verdict } from "./context.js";
import type { Claim } from "./types.js";

/**
 * The claim {@link allOf} or {@link anyOf} builds.
 *
 * @example
 * ```ts
 * const both: CombinedClaim = allOf(hasDid(), hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }));
 * console.log(both.claims.length); // 2
 * ```
 */
export interface CombinedClaim extends Claim {
  readonly kind: "allOf" | "anyOf";
  readonly claims: readonly Claim[];
}

/**
 * The claim {@link not} builds.
 *
 * @example
 * ```ts
 * const notBanned: NotClaim = not(hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "BANNED" }));
 * ```
 */
export interface NotClaim extends Claim {
  readonly kind: "not";
  readonly claim: Claim;
}

/** Checks a child claim; given by the claim set, so every kind (and nesting) is checked the same way. */
export type ChildCheck = (claim: unknown, path: string) => Claim;

/**
 * Holds when every one of `claims` holds. Their look-ups are sent together.
 *
 * @example
 * ```ts
 * import { allOf, hasCredential, holdsNft } from "sign-in-with-xrpl";
 * const verifiedMember = allOf(
 *   hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }),
 *   holdsNft({ issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7 }),
 * );
 * ```
 */
export function allOf(...claims: Claim[]): CombinedClaim {
  return combine("allOf", claims);
}

/**
 * Holds when at least one of `claims` holds. Their look-ups are sent together.
 *
 * @example
 * ```ts
 * import { anyOf, hasCredential } from "sign-in-with-xrpl";
 * const kyc = anyOf(
 *   hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }),
 *   hasCredential({ issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", type: "KYC" }),
 * );
 * ```
 */
export function anyOf(...claims: Claim[]): CombinedClaim {
  return combine("anyOf", claims);
}

/**
 * Holds when `claim` does not.
 *
 * @example
 * ```ts
 * import { hasCredential, not } from "sign-in-with-xrpl";
 * const notBanned = not(hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "BANNED" }));
 * ```
 */
export function not(claim: Claim): NotClaim {
  return buildNotClaim(claim, (child, path) => definedClaim(child, path), "not(claim)");
}

function combine(kind: "allOf" | "anyOf", claims: unknown[]): CombinedClaim {
  return buildCombinedClaim(kind, claims, (child, path) => definedClaim(child, path), `${kind}(...claims)`);
}

/** A definition's argument is checked lightly here (kind and description); the claim set checks it fully. */
function definedClaim(value: unknown, path: string): Claim {
  if (
    typeof value !== "object" ||
    value === null ||
    typeof (value as Claim).kind !== "string" ||
    typeof (value as Claim).description !== "string"
  ) {
    throw new InvalidOptionsError(
      `${path} must be a claim built by holdsNft(), hasCredential(), allOf()... (one of this library's definitions).`,
    );
  }
  return value as Claim;
}

export function buildCombinedClaim(kind: "allOf" | "anyOf", claims: unknown, check: ChildCheck, label: string): CombinedClaim {
  if (!Array.isArray(claims) || claims.length === 0) {
    throw new InvalidOptionsError(`${label} needs at least one claim, such as ${kind}(hasDid(), holdsNft({ issuer: "r..." })).`);
  }
  const children = claims.map((child: unknown, index) => check(child, `${label}[${index}]`));
  const joined = children.map((child) => `(${child.description})`).join(kind === "allOf" ? " and " : " or ");
  return Object.freeze({
    kind,
    description: children.length === 1 ? children[0]!.description : kind === "allOf" ? `all of: ${joined}` : `any of: ${joined}`,
    claims: Object.freeze(children),
  });
}

export function buildNotClaim(claim: unknown, check: ChildCheck, label: string): NotClaim {
  const child = check(claim, label);
  return Object.freeze({ kind: "not", description: `not: ${child.description}`, claim: child });
}

export const ALL_OF_KIND: ClaimKind<CombinedClaim> = {
  kind: "allOf",
  check: (claim, _name, label, checkChild) => buildCombinedClaim("allOf", claim["claims"], checkChild, `${label}.claims`),
  async evaluate(claim, context): Promise<Verdict> {
    const verdicts = await Promise.all(claim.claims.map((child) => context.evaluate(child)));
    const failing = verdicts.filter((verdict) => !verdict.holds);
    if (failing.length === 0) return { holds: true, reason: `all ${verdicts.length} hold: ${verdicts.map((v) => v.reason).join("; ")}` };
    return { holds: false, reason: `${failing.length} of ${verdicts.length} do not hold: ${failing.map((v) => v.reason).join("; ")}` };
  },
};

export const ANY_OF_KIND: ClaimKind<CombinedClaim> = {
  kind: "anyOf",
  check: (claim, _name, label, checkChild) => buildCombinedClaim("anyOf", claim["claims"], checkChild, `${label}.claims`),
  async evaluate(claim, context): Promise<Verdict> {
    const verdicts = await Promise.all(claim.claims.map((child) => context.evaluate(child)));
    const holding = verdicts.filter((verdict) => verdict.holds);
    if (holding.length > 0)
      return { holds: true, reason: `${holding.length} of ${verdicts.length} hold: ${holding.map((v) => v.reason).join("; ")}` };
    return { holds: false, reason: `none of ${verdicts.length} holds: ${verdicts.map((v) => v.reason).join("; ")}` };
  },
};

export const NOT_KIND: ClaimKind<NotClaim> = {
  kind: "not",
  check: (claim, _name, label, checkChild) => buildNotClaim(claim["claim"], checkChild, `${label}.claim`),
  async evaluate(claim, context): Promise<Verdict> {
    const verdict = await context.evaluate(claim.claim);
    return { holds: !verdict.holds, reason: `${verdict.holds ? "holds" : "does not hold"}, so not: ${verdict.reason}` };
  },
};
