// holdsMpt: the account holds a Multi-Purpose Token (XLS-33) of an issuance.
import { compareDecimals, parseDecimal, ZERO } from "./decimal.js";
import { readPages, unreadable, type ClaimKind, type Verdict } from "./context.js";
import {
  badField,
  isPlainObject,
  onlyFields,
  optionsNamer,
  readHexId,
  readOptions,
  shortHex,
  withoutCommon,
  type FieldNamer,
} from "./fields.js";
import type { Claim } from "./types.js";

/** lsfMPTLocked on an MPToken: the holder's balance is locked by the issuer. */
export const LSF_MPT_LOCKED = 0x00000001;
/** An MPT amount is an unsigned 64-bit count of the token's smallest unit. */
const MPT_AMOUNT = /^(0|[1-9]\d{0,19})$/u;

/**
 * The claim {@link holdsMpt} builds.
 *
 * @example
 * ```ts
 * const share: MptClaim = holdsMpt({ issuanceId: "00000001A407AF5856CCF3C42619DAA925813FC955C72983", minAmount: "1" });
 * ```
 */
export interface MptClaim extends Claim {
  readonly kind: "mpt";
  /** The `MPTokenIssuanceID`: 48 hex characters, upper case. */
  readonly issuanceId: string;
  /** The smallest amount that counts, in the token's smallest unit; absent: any amount above zero. */
  readonly minAmount?: string | undefined;
}

/**
 * Options of {@link holdsMpt}.
 *
 * @example
 * ```ts
 * const options: HoldsMptOptions = { issuanceId: "00000001A407AF5856CCF3C42619DAA925813FC955C72983" };
 * ```
 */
export interface HoldsMptOptions {
  /** The issuance's `MPTokenIssuanceID` (48 hex characters). */
  issuanceId: string;
  /** The smallest amount that counts, a whole number of the token's smallest unit as a string (`"100"`). Default: more than zero. */
  minAmount?: string | undefined;
}

const FIELDS = ["issuanceId", "minAmount"] as const;

/**
 * The account holds an `MPToken` of the issuance `issuanceId` with at least `minAmount`
 * (default: more than zero) that the issuer has not locked. Read with `account_objects` of
 * type `mptoken`, 400 a page, stopping at the page that has it. Amounts are whole numbers of
 * the token's smallest unit, as the ledger keeps them (`AssetScale` is not applied).
 *
 * @example
 * ```ts
 * import { createVerifier, holdsMpt } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { shareholder } = await verifier.readClaims!(address, {
 *   shareholder: holdsMpt({ issuanceId: "00000001A407AF5856CCF3C42619DAA925813FC955C72983", minAmount: "100" }),
 * });
 * ```
 */
export function holdsMpt(options: HoldsMptOptions): MptClaim {
  return buildMptClaim(readOptions(options, "holdsMpt(options)", '{ issuanceId: "<48 hex>" }'), optionsNamer("holdsMpt"));
}

export function buildMptClaim(options: Record<string, unknown>, name: FieldNamer): MptClaim {
  onlyFields(options, FIELDS, name);
  const issuanceId = readHexId(options["issuanceId"], 48, name, "issuanceId", "an MPTokenIssuanceID");
  const minAmount = options["minAmount"];
  if (
    minAmount !== undefined &&
    (typeof minAmount !== "string" || !MPT_AMOUNT.test(minAmount) || BigInt(minAmount) > 0x7fffffffffffffffn)
  ) {
    badField(name, "minAmount", 'a whole number of the token\'s smallest unit, written as a string such as "100"', minAmount);
  }
  const description =
    minAmount === undefined ? `holds the MPT ${shortHex(issuanceId)}` : `holds at least ${minAmount} of the MPT ${shortHex(issuanceId)}`;
  return Object.freeze({ kind: "mpt", description, issuanceId, ...(minAmount === undefined ? {} : { minAmount }) });
}

export const MPT_KIND: ClaimKind<MptClaim> = {
  kind: "mpt",
  check: (claim, name) => buildMptClaim(withoutCommon(claim), name),
  async evaluate(claim, context): Promise<Verdict> {
    let found: { amount: string; locked: boolean } | undefined;
    await readPages(context, { command: "account_objects", account: context.address, type: "mptoken" }, "account_objects", (items) => {
      for (const item of items) {
        if (!isPlainObject(item) || item["LedgerEntryType"] !== "MPToken" || typeof item["MPTokenIssuanceID"] !== "string") {
          throw unreadable("account_objects", "an entry that is not an MPToken");
        }
        if (item["MPTokenIssuanceID"].toUpperCase() !== claim.issuanceId) continue;
        // rippled leaves MPTAmount out when it is zero.
        const amount = item["MPTAmount"] ?? "0";
        const flags = item["Flags"] ?? 0;
        if (typeof amount !== "string" || !MPT_AMOUNT.test(amount) || typeof flags !== "number") {
          throw unreadable("account_objects", "an MPToken amount that is not a whole number");
        }
        found = { amount, locked: (flags & LSF_MPT_LOCKED) !== 0 };
        return true;
      }
      return false;
    });
    const what = `MPToken of ${shortHex(claim.issuanceId)}`;
    const bar = claim.minAmount === undefined ? "more than 0" : `at least ${claim.minAmount}`;
    if (found === undefined) return { holds: false, reason: `${what}: none` };
    if (found.locked) return { holds: false, reason: `${what}: amount ${found.amount}, locked by the issuer` };
    const order = compareDecimals(parseDecimal(found.amount)!, claim.minAmount === undefined ? ZERO : parseDecimal(claim.minAmount)!);
    const holds = claim.minAmount === undefined ? order > 0 : order >= 0;
    return { holds, reason: `${what}: amount ${found.amount}, ${bar} needed` };
  },
};
