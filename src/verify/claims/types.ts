// The public shapes of claims: what a definition returns, a named set of them, the answers, and
// the typed ledger a custom claim reads through.

/**
 * Something an account holds on the ledger, as a description to be read later: built by
 * `holdsNft`, `holdsToken`, `holdsMpt`, `hasCredential`, `hasDid`, `inPermissionedDomain`,
 * `allOf`, `anyOf`, `not` or `custom`. A claim does nothing by itself: `verifier.readClaims`
 * reads it for an account, and the handlers' `claims` option reads it at sign-in.
 *
 * @example
 * ```ts
 * const kyc: Claim = hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" });
 * console.log(kyc.kind, kyc.description); // credential has the credential "KYC" from rPT1..., accepted and not expired
 * ```
 */
export interface Claim {
  /** Which definition built it: `"nft"`, `"token"`, `"mpt"`, `"credential"`, `"did"`, `"permissionedDomain"`, `"allOf"`, `"anyOf"`, `"not"` or `"custom"`. */
  readonly kind: string;
  /** What it asks, in words, for logs and the explain command: "holds an NFT of rISSUER, taxon 7". */
  readonly description: string;
}

/**
 * Named claims: the names are what `readClaims` answers and what `requireClaims` lists.
 *
 * @example
 * ```ts
 * const claims = {
 *   kyc: hasCredential({ issuer: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", type: "KYC" }),
 *   member: holdsNft({ issuer: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", taxon: 7 }),
 * } satisfies ClaimSet;
 * ```
 */
export type ClaimSet = Readonly<Record<string, Claim>>;

/**
 * Whether each claim of a set holds, by name.
 *
 * @example
 * ```ts
 * const results: ClaimResults<typeof claims> = await verifier.readClaims!(address, claims);
 * if (results.kyc) console.log("KYC credential present, accepted and not expired");
 * ```
 */
export type ClaimResults<T extends ClaimSet = ClaimSet> = { readonly [K in keyof T]: boolean };

/**
 * One claim's answer with its reasons, as `verifier.explainClaims` and the explain command give it.
 *
 * @example
 * ```ts
 * const explained = await verifier.explainClaims!(address, { kyc });
 * const kycAnswer: ClaimExplanation = explained.kyc;
 * console.log(kycAnswer.holds, kycAnswer.reason); // false credential "KYC" from r...: present, not accepted
 * ```
 */
export interface ClaimExplanation {
  /** Whether the claim holds. */
  holds: boolean;
  /** The claim's description. */
  description: string;
  /** Why, from what the ledger answered: "credential \"KYC\" from rISSUER: present, not accepted". */
  reason: string;
}

/**
 * A request to a ledger node, as rippled's WebSocket API takes it: `command` and its fields.
 * `api_version` is always 2, and without `ledger_index` or `ledger_hash` the validated ledger is
 * read.
 *
 * @example
 * ```ts
 * const request: LedgerRequest = { command: "account_objects", account: address, type: "ticket", limit: 10 };
 * ```
 */
export interface LedgerRequest {
  readonly command: string;
  readonly [field: string]: unknown;
}

/**
 * Fields every answer read from a validated ledger carries: which ledger it is, and
 * `validated: true`.
 *
 * @example
 * ```ts
 * const result: ValidatedLedgerAnswer = await ledger.request({ command: "account_info", account: address });
 * console.log(result.ledger_index, result.validated);
 * ```
 */
export interface ValidatedLedgerAnswer {
  ledger_index?: number;
  ledger_hash?: string;
  validated?: boolean;
  [field: string]: unknown;
}

/**
 * The `result` of the commands claims use, typed after rippled's API version 2 reference. A
 * custom claim gets these types from `ledger.request`; they describe what the node is expected
 * to send, they are not checked (the built-in claims check every field they read).
 *
 * @example
 * ```ts
 * const page: LedgerResults["account_nfts"] = await ledger.request({ command: "account_nfts", account: address, limit: 400 });
 * console.log(page.account_nfts.length, page.marker);
 * ```
 */
export interface LedgerResults {
  account_info: ValidatedLedgerAnswer & {
    account_data: { Account: string; Balance: string; Flags: number; Sequence: number; [field: string]: unknown };
  };
  account_nfts: ValidatedLedgerAnswer & {
    account: string;
    account_nfts: { Flags: number; Issuer: string; NFTokenID: string; NFTokenTaxon: number; URI?: string; nft_serial: number }[];
    limit?: number;
    marker?: unknown;
  };
  account_lines: ValidatedLedgerAnswer & {
    account: string;
    lines: {
      account: string;
      balance: string;
      currency: string;
      limit: string;
      limit_peer: string;
      quality_in: number;
      quality_out: number;
      no_ripple?: boolean;
      no_ripple_peer?: boolean;
      authorized?: boolean;
      peer_authorized?: boolean;
      freeze?: boolean;
      freeze_peer?: boolean;
      deep_freeze?: boolean;
      deep_freeze_peer?: boolean;
    }[];
    limit?: number;
    marker?: unknown;
  };
  account_objects: ValidatedLedgerAnswer & {
    account: string;
    account_objects: { LedgerEntryType: string; index: string; [field: string]: unknown }[];
    limit?: number;
    marker?: unknown;
  };
  ledger_entry: ValidatedLedgerAnswer & {
    index: string;
    node: { LedgerEntryType: string; Flags: number; [field: string]: unknown };
  };
  ledger: ValidatedLedgerAnswer & {
    ledger: { close_time: number; close_time_iso?: string; ledger_hash: string; ledger_index: number | string; [field: string]: unknown };
  };
}

/**
 * The `result` type `ledger.request` resolves for a command: the typed shape for the commands
 * in {@link LedgerResults}, else a record of unknown fields.
 *
 * @example
 * ```ts
 * type Lines = LedgerResult<"account_lines">; // { lines: {...}[]; marker?: unknown; ... }
 * ```
 */
export type LedgerResult<C extends string> = C extends keyof LedgerResults ? LedgerResults[C] : Readonly<Record<string, unknown>>;

/**
 * The ledger a `custom` claim reads: the verifier's own connection (or the `request` of its
 * `ledgerReader`), API version 2, the validated ledger unless the request names another.
 * Resolves the answer's `result`; rejects with `LedgerUnavailableError` when the node cannot
 * answer in time, and with `LedgerRequestError` (rippled's error token in `error`) when it
 * answers with an error.
 *
 * @example
 * ```ts
 * const rich = custom("holds 1,000 XRP", async (address, ledger: ClaimLedger) => {
 *   const info = await ledger.request({ command: "account_info", account: address });
 *   return BigInt(info.account_data.Balance) >= 1_000_000_000n;
 * });
 * ```
 */
export interface ClaimLedger {
  request<const C extends LedgerRequest>(command: C): Promise<LedgerResult<C["command"]>>;
}
