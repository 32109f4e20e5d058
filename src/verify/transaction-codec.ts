// The reference decoder: ripple-binary-codec, loaded on first use. It judges every blob the fast
// reader (transaction-binary.ts) does not handle: unusual field forms, unknown fields, and every
// malformed or unsafe blob, which must still be told apart.
import { decodeAccountID } from "ripple-address-codec";
import { decode, encode, encodeForMultisigning, encodeForSigning } from "ripple-binary-codec";
import { hexToBytes } from "../shared/hex.js";
import type { DecodedTransaction } from "./decoded-transaction.js";
import { isRecord } from "./request-input.js";

/**
 * The transaction in `blob` (hex) when it decodes and encodes back to the same bytes (decode()
 * alone stops early on truncated or padded input, so only an exact round trip is canonical);
 * undefined otherwise.
 */
export function decodeWithCodec(blob: string): DecodedTransaction | undefined {
  let tx: unknown;
  try {
    tx = decode(blob);
    if (!isRecord(tx) || encode(tx) !== blob.toUpperCase()) return undefined;
  } catch {
    return undefined;
  }
  const transaction = tx;
  const signers = transaction["Signers"];
  const signerAccount = (signerIndex: number): string | undefined => {
    const wrapper: unknown = Array.isArray(signers) ? signers[signerIndex] : undefined;
    const signer = isRecord(wrapper) ? wrapper["Signer"] : undefined;
    const account = isRecord(signer) ? signer["Account"] : undefined;
    return typeof account === "string" ? account : undefined;
  };
  return {
    tx: transaction,
    signingData: () => hexToBytes(encodeForSigning(transaction))!,
    multiSigningData: (signerIndex) => {
      const account = signerAccount(signerIndex);
      if (account === undefined) throw new RangeError("No such signer.");
      return hexToBytes(encodeForMultisigning(transaction, account))!;
    },
    signerAccountId: (signerIndex) => {
      const account = signerAccount(signerIndex);
      if (account === undefined) return undefined;
      try {
        return decodeAccountID(account);
      } catch {
        return undefined;
      }
    },
  };
}
