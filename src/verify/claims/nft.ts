// holdsNft: the account owns NFTs (XLS-20) of an issuer, and of a taxon when given.
import { readPages, unreadable, type ClaimKind, type Verdict } from "./context.js";
import {
  badField,
  isPlainObject,
  onlyFields,
  optionsNamer,
  readAddress,
  readCount,
  readOptions,
  withoutCommon,
  type FieldNamer,
} from "./fields.js";
import type { Claim } from "./types.js";

/**
 * The claim {@link holdsNft} builds.
 *
 * @example
 * ```ts
 * const member: NftClaim = holdsNft({ issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7 });
 * console.log(member.minCount); // 1
 * ```
 */
export interface NftClaim extends Claim {
  readonly kind: "nft";
  readonly issuer: string;
  readonly taxon?: number | undefined;
  readonly minCount: number;
}

/**
 * Options of {@link holdsNft}.
 *
 * @example
 * ```ts
 * const options: HoldsNftOptions = { issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7, minCount: 2 };
 * ```
 */
export interface HoldsNftOptions {
  /** The account that minted the NFTs (their `Issuer`). */
  issuer: string;
  /** Only NFTs of this taxon (a collection, 0 to 4294967295) count. Default: any taxon. */
  taxon?: number | undefined;
  /** How many such NFTs the account must own. Default 1. */
  minCount?: number | undefined;
}

const FIELDS = ["issuer", "taxon", "minCount"] as const;

/**
 * The account owns at least `minCount` (default 1) NFTs minted by `issuer`, of `taxon` when
 * given. Read with `account_nfts`, 400 NFTs a page, following its `marker` only until the count
 * is reached: an account with 1,000 NFTs of the issuer answers after the first page.
 *
 * @example
 * ```ts
 * import { createVerifier, holdsNft } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { member } = await verifier.readClaims!(address, {
 *   member: holdsNft({ issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7 }),
 * });
 * ```
 */
export function holdsNft(options: HoldsNftOptions): NftClaim {
  return buildNftClaim(readOptions(options, "holdsNft(options)", '{ issuer: "r...", taxon: 7 }'), optionsNamer("holdsNft"));
}

export function buildNftClaim(options: Record<string, unknown>, name: FieldNamer): NftClaim {
  onlyFields(options, FIELDS, name);
  const issuer = readAddress(options["issuer"], name, "issuer");
  const taxon = options["taxon"] === undefined ? undefined : readTaxon(options["taxon"], name);
  const minCount = options["minCount"] === undefined ? 1 : readCount(options["minCount"], 1, name, "minCount");
  const what = `NFT${minCount === 1 ? "" : "s"} of ${issuer}${taxon === undefined ? "" : `, taxon ${taxon}`}`;
  const description = minCount === 1 ? `holds an ${what}` : `holds at least ${minCount} ${what}`;
  return Object.freeze({ kind: "nft", description, issuer, ...(taxon === undefined ? {} : { taxon }), minCount });
}

function readTaxon(value: unknown, name: FieldNamer): number {
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0 || value > 0xffffffff) {
    badField(name, "taxon", "an integer from 0 to 4294967295", value);
  }
  return value;
}

export const NFT_KIND: ClaimKind<NftClaim> = {
  kind: "nft",
  check: (claim, name) => buildNftClaim(withoutCommon(claim), name),
  async evaluate(claim, context): Promise<Verdict> {
    let count = 0;
    const { pages, stoppedEarly } = await readPages(
      context,
      { command: "account_nfts", account: context.address },
      "account_nfts",
      (items) => {
        for (const item of items) {
          if (!isPlainObject(item) || typeof item["Issuer"] !== "string" || typeof item["NFTokenTaxon"] !== "number") {
            throw unreadable("account_nfts", "an NFT without Issuer or NFTokenTaxon");
          }
          if (item["Issuer"] === claim.issuer && (claim.taxon === undefined || item["NFTokenTaxon"] === claim.taxon)) count += 1;
        }
        return count >= claim.minCount;
      },
    );
    const of = `of ${claim.issuer}${claim.taxon === undefined ? "" : `, taxon ${claim.taxon}`}`;
    const owned = `${stoppedEarly ? "at least " : ""}${count} NFT${count === 1 ? "" : "s"} ${of} owned, ${claim.minCount} needed`;
    const read = `${pages} page${pages === 1 ? "" : "s"} of account_nfts read${stoppedEarly ? ", stopped once known" : ""}`;
    return { holds: count >= claim.minCount, reason: `${owned} (${read})` };
  },
};
