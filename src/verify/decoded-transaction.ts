/**
 * A signed transaction blob, read: the transaction as ripple-binary-codec's `decode` gives it
 * (for the fields the reader reads), and the exact bytes each signature in it covers.
 */
export interface DecodedTransaction {
  /**
   * The decoded fields, in the codec's JSON form (addresses, uppercase hex, drops strings); a
   * field the reader does not read has the value `NOT_READ` (transaction-binary.ts).
   */
  tx: Record<string, unknown>;
  /** The first field (or value) the reader does not read, in one sentence; undefined when it read every byte. */
  unsupported: string | undefined;
  /** What `TxnSignature` signs: "STX\0" and the signed fields. Throws when `unsupported` is set. */
  signingData(): Uint8Array;
  /** What the `Signers[signerIndex]` signature signs: "SMT\0", the signed fields and that signer's account id. Throws when `unsupported` is set. */
  multiSigningData(signerIndex: number): Uint8Array;
  /** The 20-byte account id of `Signers[signerIndex]`, or undefined when it has none. */
  signerAccountId(signerIndex: number): Uint8Array | undefined;
}
