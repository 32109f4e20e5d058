// hasDid: the account has a DID entry (XLS-40).
import { unreadable, type ClaimKind, type Verdict } from "./context.js";
import { isPlainObject, onlyFields, withoutCommon, type FieldNamer } from "./fields.js";
import type { Claim } from "./types.js";

/**
 * The claim {@link hasDid} builds.
 *
 * @example
 * ```ts
 * const did: DidClaim = hasDid();
 * ```
 */
export interface DidClaim extends Claim {
  readonly kind: "did";
}

/**
 * The account has a `DID` entry (XLS-40), whatever it holds. One `ledger_entry` request.
 *
 * @example
 * ```ts
 * import { createVerifier, hasDid } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { did } = await verifier.readClaims!(address, { did: hasDid() });
 * ```
 */
export function hasDid(): DidClaim {
  return DID_CLAIM;
}

const DID_CLAIM: DidClaim = Object.freeze({ kind: "did", description: "has a DID" });

export function buildDidClaim(options: Record<string, unknown>, name: FieldNamer): DidClaim {
  onlyFields(options, [], name);
  return DID_CLAIM;
}

export const DID_KIND: ClaimKind<DidClaim> = {
  kind: "did",
  check: (claim, name) => buildDidClaim(withoutCommon(claim), name),
  async evaluate(_claim, context): Promise<Verdict> {
    const result = await context.read({ command: "ledger_entry", did: context.address }, ["entryNotFound"]);
    if (result === undefined) return { holds: false, reason: "DID: absent" };
    const node = result["node"];
    if (!isPlainObject(node) || node["LedgerEntryType"] !== "DID" || node["Account"] !== context.address) {
      throw unreadable("ledger_entry", "not the DID entry asked for");
    }
    return { holds: true, reason: "DID: present" };
  },
};
