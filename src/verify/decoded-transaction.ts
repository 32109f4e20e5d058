/**
 * A signed transaction blob, decoded: the transaction as ripple-binary-codec's `decode` gives it,
 * and the exact bytes each signature in it covers.
 */
export interface DecodedTransaction {
  /** The decoded fields, in the codec's JSON form (addresses, uppercase hex, drops strings). */
  tx: Record<string, unknown>;
  /** What `TxnSignature` signs: "STX\0" and the signed fields. */
  signingData(): Uint8Array;
  /** What the `Signers[signerIndex]` signature signs: "SMT\0", the signed fields and that signer's account id. */
  multiSigningData(signerIndex: number): Uint8Array;
  /** The 20-byte account id of `Signers[signerIndex]`, or undefined when it has none. */
  signerAccountId(signerIndex: number): Uint8Array | undefined;
}
