// The binary form of the sign-in transaction, written by the library so that the dev wallet
// needs no XRPL codec. It encodes exactly the shape `buildSignInTransaction` makes (plus the two
// signing fields) in canonical field order; a differential test holds it to ripple-binary-codec's
// `encode` and `encodeForSigning`.
import { hexToBytes } from "../shared/hex.js";
import type { SignInTransaction } from "./transaction.js";

/** "STX\0": what a single signature signs is this prefix and the transaction without TxnSignature. */
const SINGLE_SIGNING_PREFIX = [0x53, 0x54, 0x58, 0x00];
const ACCOUNT_SET = 3;

/** The XRPL variable-length prefix of a field of `length` bytes (1 to 3 bytes). */
function lengthPrefix(length: number): number[] {
  if (length <= 192) return [length];
  if (length <= 12_480) {
    const rest = length - 193;
    return [193 + (rest >> 8), rest & 0xff];
  }
  if (length <= 918_744) {
    const rest = length - 12_481;
    return [241 + (rest >> 16), (rest >> 8) & 0xff, rest & 0xff];
  }
  throw new RangeError("A field of a sign-in transaction cannot be longer than 918,744 bytes.");
}

function variableLength(header: number, bytes: Uint8Array): number[] {
  return [header, ...lengthPrefix(bytes.length), ...bytes];
}

function uint32(value: number): number[] {
  return [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
}

function hexField(name: string, value: string): Uint8Array {
  const bytes = hexToBytes(value);
  if (bytes === undefined) throw new TypeError(`The sign-in transaction's ${name} is not hex.`);
  return bytes;
}

/**
 * The sign-in transaction `tx` in binary: the signed transaction when it has `TxnSignature`, or
 * with `forSigning` the bytes its signature signs. `accountId` is the 20-byte id of `tx.Account`.
 */
export function encodeSignInTransaction(tx: SignInTransaction, accountId: Uint8Array, forSigning = false): Uint8Array {
  if (tx.TransactionType !== "AccountSet" || tx.Sequence !== 0 || tx.Fee !== "0" || accountId.length !== 20) {
    throw new TypeError("Only the sign-in AccountSet (Sequence 0, Fee 0) can be encoded here.");
  }
  const bytes: number[] = forSigning ? [...SINGLE_SIGNING_PREFIX] : [];
  // Fields in canonical order: by type code, then field code (the one-byte header holds both).
  bytes.push(0x12, 0x00, ACCOUNT_SET); // TransactionType (UInt16, 2)
  if (tx.NetworkID !== undefined) bytes.push(0x21, ...uint32(tx.NetworkID)); // NetworkID (UInt32, 1)
  bytes.push(0x24, ...uint32(0)); // Sequence (UInt32, 4)
  bytes.push(0x68, 0x40, 0, 0, 0, 0, 0, 0, 0); // Fee (Amount, 8): 0 drops, positive XRP
  if (tx.SigningPubKey !== undefined) bytes.push(...variableLength(0x73, hexField("SigningPubKey", tx.SigningPubKey))); // (Blob, 3)
  if (tx.TxnSignature !== undefined && !forSigning) bytes.push(...variableLength(0x74, hexField("TxnSignature", tx.TxnSignature))); // (Blob, 4)
  bytes.push(...variableLength(0x81, accountId)); // Account (AccountID, 1)
  // Memos (STArray, 9) > Memo (STObject, 10) > MemoData (Blob, 13), object end, array end.
  bytes.push(0xf9, 0xea, ...variableLength(0x7d, hexField("MemoData", tx.Memos[0].Memo.MemoData)), 0xe1, 0xf1);
  return Uint8Array.from(bytes);
}
