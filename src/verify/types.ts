/**
 * A sign-in proof as the server receives it (seed 2.4): the exact message text, the proof kind
 * and its data, and the address that claims to have signed.
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
 * const ok = await verifier.verify(request); // true or false
 * await verifier.close();
 * ```
 */
export interface Verifier {
  /**
   * Resolves `true` when the proof holds, `false` for any proof that does not (malformed input
   * included). Rejects with `LedgerUnavailableError` only when the ledger node is needed and
   * cannot answer in time.
   */
  verify(request: VerifyRequest): Promise<boolean>;
  /** Closes the ledger connection and every timer, so the process can exit. */
  close(): Promise<void>;
}

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
  /** The network id of the connected node, when it reports one. */
  getNetworkId?(): Promise<number | undefined>;
}

/**
 * One way of checking a proof, chosen by `signatureKind`. Build them with `compactSignature()`
 * and `signedTransaction()`, or write your own.
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
}
