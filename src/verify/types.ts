import type { ClaimExplanation, ClaimResults, ClaimSet, LedgerRequest } from "./claims/types.js";

/**
 * A sign-in proof as the server receives it in the body of `POST /verify`: the exact message
 * text, the proof kind and its data, and the address that claims to have signed.
 *
 * @example
 * ```ts
 * const request: VerifyRequest = { message, signatureKind: "signature", signature, publicKey, address };
 * ```
 */
export interface VerifyRequest {
  /** The exact sign-in message text that was signed. */
  message: string;
  /** `"signature"`: a compact signature over the message; `"signedTx"`: a signed transaction carrying it. */
  signatureKind: "signature" | "signedTx";
  /** Hex signature, for `"signature"`. */
  signature?: string;
  /** Hex signed transaction blob, for `"signedTx"`. */
  txBlob?: string;
  /** Classic address of the account signing in. */
  address: string;
  /** Hex 33-byte public key, when the wallet gives it. */
  publicKey?: string;
}

/**
 * Checks sign-in proofs. Create one per process with `createVerifier` and reuse it.
 *
 * @example
 * ```ts
 * const verifier = createVerifier();
 * const result = await verifier.check(request);
 * if (result.ok) console.log(`${result.address} signed in with its ${result.authority} key`);
 * else console.log(`refused: ${result.code} (${result.detail})`);
 * await verifier.close();
 * ```
 */
export interface Verifier {
  /**
   * Says whether the proof holds, and why not when it does not: `{ ok: true, address, ... }`
   * with the key that signed and its authority, or `{ ok: false, code, detail }`. Never
   * rejects for a bad proof (malformed input included). Rejects with `LedgerUnavailableError`
   * only when the ledger node is needed and cannot answer in time.
   */
  check(request: VerifyRequest): Promise<CheckResult>;
  /**
   * `(await check(request)).ok`: resolves `true` when the proof holds, `false` for any proof that
   * does not. Rejects with `LedgerUnavailableError` only when the ledger node is needed and
   * cannot answer in time.
   */
  verify(request: VerifyRequest): Promise<boolean>;
  /**
   * Re-checks on the ledger, without a new signature, that what signed an account in still has
   * authority over it: the master key (not disabled since), the regular key (still the
   * account's regular key), or signer accounts (still on its signer list, their weights still
   * reaching the quorum). Answers `{ ok: true }` or a failure with its code. Rejects with
   * `LedgerUnavailableError` when the node cannot answer in time. The session handlers call it
   * for `revalidateAfterSeconds`. Optional so that verifiers written by hand keep working;
   * `createVerifier` always has it.
   */
  checkAuthority?(grant: AuthorityGrant): Promise<AuthorityCheckResult>;
  /**
   * Reads named claims for an account from the validated ledger: resolves whether each holds,
   * by name. Every look-up is sent at once on the verifier's one connection (API version 2),
   * and every answer is checked for shape. Rejects with `LedgerUnavailableError` when the node
   * cannot answer in time (or answers what this library cannot read), and with
   * `InvalidOptionsError` naming the claim and the field for a bad definition. Optional so
   * that verifiers written by hand keep working; `createVerifier` always has it (with a
   * `ledgerReader`, that reader needs `request`).
   */
  readClaims?<T extends ClaimSet>(address: string, claims: T): Promise<ClaimResults<T>>;
  /**
   * `readClaims` with the reasons: for each claim whether it holds, its description, and why,
   * from what the ledger answered ("credential KYC from rISSUER: present, not accepted").
   */
  explainClaims?<T extends ClaimSet>(address: string, claims: T): Promise<{ [K in keyof T]: ClaimExplanation }>;
  /** Closes the ledger connection and every timer, so the process can exit. */
  close(): Promise<void>;
}

/**
 * What signed an account in, as a sign-in's `CheckSuccess` reported it: the input of
 * `verifier.checkAuthority`.
 *
 * @example
 * ```ts
 * const grant: AuthorityGrant = { address: result.address, authority: "regular", publicKey: result.publicKey };
 * const still = await verifier.checkAuthority!(grant);
 * if (!still.ok) console.log(`ended: ${still.code}`);
 * ```
 */
export interface AuthorityGrant {
  /** The account signed in to. */
  address: string;
  /** Which authority signed. */
  authority: "master" | "regular" | "multisig";
  /** The key that signed (hex), for `"master"` and `"regular"`. */
  publicKey?: string | null | undefined;
  /** The signer accounts that counted, for `"multisig"`. */
  signers?: readonly string[] | undefined;
}

/**
 * The answer of `verifier.checkAuthority`: `{ ok: true }` while the authority holds, else a
 * {@link CheckFailure} (`key_not_authorized`, `master_disabled`, `quorum_not_met`,
 * `account_not_found`, or `malformed_request` for a grant that cannot be read).
 *
 * @example
 * ```ts
 * const answer: AuthorityCheckResult = await verifier.checkAuthority!({ address, authority: "master", publicKey });
 * ```
 */
export type AuthorityCheckResult = { ok: true } | CheckFailure;

/**
 * Why a sign-in proof was refused. Each code names one problem; when several things are wrong
 * the verifier reports the first it meets, in this order: `malformed_request`,
 * `unsafe_transaction`, `address_mismatch` (signed transactions), `message_mismatch`,
 * `invalid_signature`, `network_mismatch`, then the account's own rules (`account_not_found`,
 * `master_disabled`, `key_not_authorized`, `quorum_not_met`). docs/verification.md says what
 * each one means and what to tell the user.
 *
 * - `malformed_request`: a field is missing, of the wrong type, not hex, too long, or the
 *   transaction blob cannot be decoded as a canonical XRPL transaction.
 * - `invalid_signature`: a signature does not verify (wrong message, wrong key, tampered,
 *   non-canonical form), or no key could be recovered from it.
 * - `address_mismatch`: the proof is for another account than `address`.
 * - `message_mismatch`: the signed transaction's first memo is not the message.
 * - `unsafe_transaction`: the signed transaction could do something if submitted.
 * - `key_not_authorized`: the key that signed is neither the account's master key nor its
 *   regular key (or a multi-signer is not on the account's signer list).
 * - `master_disabled`: the master key signed, but the account has disabled it.
 * - `quorum_not_met`: the multi-signers' weights do not reach the signer list's quorum.
 * - `account_not_found`: a key other than the master key signed for an account that is not on
 *   the ledger, so nothing can have given that key authority.
 * - `network_mismatch`: the transaction names another network, or the ledger node serves
 *   another network than the verifier expects.
 *
 * @example
 * ```ts
 * const result = await verifier.check(request);
 * if (!result.ok) {
 *   const code: CheckFailureCode = result.code;
 *   metrics.increment(`sign_in_refused.${code}`);
 * }
 * ```
 */
export type CheckFailureCode =
  | "malformed_request"
  | "invalid_signature"
  | "address_mismatch"
  | "message_mismatch"
  | "unsafe_transaction"
  | "key_not_authorized"
  | "master_disabled"
  | "quorum_not_met"
  | "account_not_found"
  | "network_mismatch";

/**
 * A proof that holds: who signed in, and with which key.
 *
 * @example
 * ```ts
 * const result = await verifier.check(request);
 * if (result.ok) {
 *   const success: CheckSuccess = result;
 *   console.log(success.address, success.authority, success.publicKey ?? success.signers);
 * }
 * ```
 */
export interface CheckSuccess {
  ok: true;
  /** The classic address of the account that signed in. */
  address: string;
  /** The proof kind: `"signature"`, `"signedTx"`, or the `kind` of a custom strategy. */
  signatureKind: "signature" | "signedTx" | (string & {});
  /**
   * Which authority signed: the account's master key, its regular key, or its signer list.
   * `"unknown"` for a custom strategy that only answers `verify` with true or false.
   */
  authority: "master" | "regular" | "multisig" | "unknown";
  /** The 33-byte public key that signed, as uppercase hex (recovered when the request had none); null for multisig. */
  publicKey: string | null;
  /** The key's algorithm; null when `publicKey` is null. */
  algorithm: "ed25519" | "secp256k1" | null;
  /** Multisig only: the signer accounts whose signatures counted toward the quorum. */
  signers?: string[];
}

/**
 * A proof that does not hold: a stable `code` for programs and a one-sentence `detail` for an
 * operator's log. The detail names addresses and keys but never the message text; do not show
 * it to end users as is (docs/verification.md suggests a text per code).
 *
 * @example
 * ```ts
 * const result = await verifier.check(request);
 * if (!result.ok) {
 *   const failure: CheckFailure = result;
 *   logger.info(`sign-in refused: ${failure.code}: ${failure.detail}`);
 * }
 * ```
 */
export interface CheckFailure {
  ok: false;
  /** Why the proof was refused. */
  code: CheckFailureCode;
  /** One sentence for an operator: what was wrong, naming the field, key or account. */
  detail: string;
}

/**
 * The answer of `verifier.check(request)`: a {@link CheckSuccess} or a {@link CheckFailure}.
 *
 * @example
 * ```ts
 * const result: CheckResult = await verifier.check(request);
 * if (result.ok) console.log("signed in", result.address);
 * else if (result.code === "key_not_authorized") console.log("that key no longer signs for the account");
 * ```
 */
export type CheckResult = CheckSuccess | CheckFailure;

/**
 * Account data read from the ledger, as the authority rules need it.
 *
 * @example
 * ```ts
 * const authority: AccountAuthority = {
 *   account: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe",
 *   exists: true,
 *   masterDisabled: false,
 *   regularKey: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
 * };
 * ```
 */
export interface AccountAuthority {
  /** The account's classic address. */
  account: string;
  /** `false` when the account does not exist on the validated ledger. */
  exists: boolean;
  /** `lsfDisableMaster` is set. */
  masterDisabled: boolean;
  /** The `RegularKey` address, when set. */
  regularKey?: string;
  /** The account's signer list, when set. */
  signerList?: { quorum: number; signers: readonly { account: string; weight: number }[] };
}

/**
 * What a strategy may ask of the verifier: account data from the validated ledger. Rejects with
 * `LedgerUnavailableError` when the node cannot answer in time. The verifier's own connection is
 * one; pass your own as `createVerifier({ ledgerReader })` (tests, benchmarks, another client).
 *
 * @example
 * ```ts
 * const accounts = new Map<string, AccountAuthority>();
 * const ledgerReader: LedgerReader = {
 *   getAccountAuthority: async (address) =>
 *     accounts.get(address) ?? { account: address, exists: false, masterDisabled: false },
 *   getNetworkId: async () => 0,
 * };
 * const verifier = createVerifier({ ledgerReader });
 * ```
 */
export interface LedgerReader {
  getAccountAuthority(address: string): Promise<AccountAuthority>;
  /**
   * The account's data for judging a multi-signed proof (its signer list), which may be
   * remembered for a short time: the verifier's own connection reuses it for 30 seconds per
   * account. Optional: without it, `getAccountAuthority` is asked.
   */
  getSignerListAuthority?(address: string): Promise<AccountAuthority>;
  /** The network id of the connected node, when it reports one. */
  getNetworkId?(): Promise<number | undefined>;
  /**
   * Sends any rippled command (API version 2) and resolves the answer's `result`; what claims
   * are read through. Rejects with `LedgerUnavailableError` when the node cannot answer in time,
   * and with `LedgerRequestError` (the node's error token in `error`) when it answers an error.
   * Optional: without it, `verifier.readClaims` rejects with `InvalidOptionsError`.
   */
  request?(command: LedgerRequest): Promise<Record<string, unknown>>;
}

/**
 * One way of checking a proof, chosen by `signatureKind`. Build them with `compactSignature()`
 * and `signedTransaction()`, or write your own: `verify` answers true or false; the optional
 * `check` answers a {@link CheckResult}, so `verifier.check()` can say why a proof failed.
 * Without `check`, a `false` from `verify` is reported as `invalid_signature`.
 *
 * @example
 * ```ts
 * const verifier = createVerifier({ strategies: [compactSignature({ ledger: "always" }), signedTransaction()] });
 * ```
 */
export interface VerificationStrategy {
  /** The `signatureKind` this strategy handles. */
  readonly kind: string;
  /** Resolves `true` or `false`; rejects only with `LedgerUnavailableError`. */
  verify(request: VerifyRequest, ledger: LedgerReader): Promise<boolean>;
  /** Resolves a {@link CheckResult}; rejects only with `LedgerUnavailableError`. Preferred over `verify` when present. */
  check?(request: VerifyRequest, ledger: LedgerReader): Promise<CheckResult>;
}
