// A reader for the XRPL binary transaction format, limited to the fields a sign-in transaction may
// carry (see transaction-policy.ts). It turns the common proofs into the JSON that
// ripple-binary-codec's `decode` gives, and cuts the bytes that were signed straight out of the
// blob instead of encoding the transaction again: several times faster than the codec's
// decode + encode + encodeForSigning, and no codec code on the start-up path.
//
// It answers only for blobs it can prove canonical (every field known here, in canonical order,
// each value in the one form the codec writes back). Anything else, including every malformed
// or unsafe blob, is left to the codec (transaction-codec.ts), which stays the reference:
// a differential test checks that both agree on every blob this reader accepts.
import { bytesToHex } from "../shared/hex.js";
import type { DecodedTransaction } from "./decoded-transaction.js";

type FieldKind = "uint16" | "uint32" | "amount" | "blob" | "account" | "object" | "array";

interface FieldDefinition {
  name: string;
  kind: FieldKind;
  /** `(type code << 16) | field code`: canonical order is ascending ordinal. */
  ordinal: number;
  /** Signed as part of the transaction (TxnSignature and Signers are not). */
  signed: boolean;
}

const field = (name: string, kind: FieldKind, type: number, nth: number, signed = true): FieldDefinition => ({
  name,
  kind,
  ordinal: (type << 16) | nth,
  signed,
});

// Type and field codes from the XRPL protocol definitions (ripple-binary-codec definitions.json).
const TOP_LEVEL_FIELDS = [
  field("TransactionType", "uint16", 1, 2),
  field("NetworkID", "uint32", 2, 1),
  field("Flags", "uint32", 2, 2),
  field("SourceTag", "uint32", 2, 3),
  field("Sequence", "uint32", 2, 4),
  field("LastLedgerSequence", "uint32", 2, 27),
  field("Amount", "amount", 6, 1),
  field("Fee", "amount", 6, 8),
  field("SigningPubKey", "blob", 7, 3),
  field("TxnSignature", "blob", 7, 4, false),
  field("Account", "account", 8, 1),
  field("Destination", "account", 8, 3),
  field("Signers", "array", 15, 3, false),
  field("Memos", "array", 15, 9),
];
const MEMO_FIELDS = [field("MemoType", "blob", 7, 12), field("MemoData", "blob", 7, 13), field("MemoFormat", "blob", 7, 14)];
const SIGNER_FIELDS = [field("SigningPubKey", "blob", 7, 3), field("TxnSignature", "blob", 7, 4), field("Account", "account", 8, 1)];
const OBJECT_END = (14 << 16) | 1;
const ARRAY_END = (15 << 16) | 1;
const MEMO = (14 << 16) | 10;
const SIGNER = (14 << 16) | 16;
/** The array each element kind belongs in, and the fields its objects may hold. */
const ARRAY_ELEMENTS: Record<string, { ordinal: number; name: string; fields: readonly FieldDefinition[] }> = {
  Memos: { ordinal: MEMO, name: "Memo", fields: MEMO_FIELDS },
  Signers: { ordinal: SIGNER, name: "Signer", fields: SIGNER_FIELDS },
};
const TRANSACTION_TYPE_NAMES: ReadonlyMap<number, string> = new Map([
  [0, "Payment"],
  [3, "AccountSet"],
]);
/** The most drops an XRP amount may hold (100 billion XRP). */
const MAX_DROPS = 100_000_000_000_000_000n;
const ACCOUNT_ID_BYTES = 20;
/** "STX\0" and "SMT\0": the prefixes of single- and multi-signing data. */
const SINGLE_SIGNING_PREFIX = Uint8Array.of(0x53, 0x54, 0x58, 0x00);
const MULTI_SIGNING_PREFIX = Uint8Array.of(0x53, 0x4d, 0x54, 0x00);

const byOrdinal = (fields: readonly FieldDefinition[]): ReadonlyMap<number, FieldDefinition> =>
  new Map(fields.map((definition) => [definition.ordinal, definition]));
const TOP_LEVEL = byOrdinal(TOP_LEVEL_FIELDS);
const OBJECT_FIELDS: Record<string, ReadonlyMap<number, FieldDefinition>> = {
  Memo: byOrdinal(MEMO_FIELDS),
  Signer: byOrdinal(SIGNER_FIELDS),
};

/** Thrown inside the reader for any byte it does not accept; never escapes this module. */
class NotHandled extends Error {}
const NOT_HANDLED = new NotHandled();

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw NOT_HANDLED;
    this.offset += 1;
    return value;
  }

  take(length: number): Uint8Array {
    const end = this.offset + length;
    if (end > this.bytes.length) throw NOT_HANDLED;
    const slice = this.bytes.subarray(this.offset, end);
    this.offset = end;
    return slice;
  }

  /** A field header in its minimal form, as `(type << 16) | nth`. */
  ordinal(): number {
    const first = this.byte();
    let type = first >> 4;
    let nth = first & 15;
    if (type === 0) {
      type = this.byte();
      if (type < 16) throw NOT_HANDLED;
    }
    if (nth === 0) {
      nth = this.byte();
      if (nth < 16) throw NOT_HANDLED;
    }
    return (type << 16) | nth;
  }

  /** A variable-length prefix (1 to 3 bytes; each length has exactly one encoding). */
  variableLength(): number {
    const first = this.byte();
    if (first <= 192) return first;
    if (first <= 240) return 193 + (first - 193) * 256 + this.byte();
    if (first <= 254) return 12_481 + (first - 241) * 65_536 + this.byte() * 256 + this.byte();
    throw NOT_HANDLED;
  }

  uint32(): number {
    const value = this.take(4);
    return ((value[0]! << 24) | (value[1]! << 16) | (value[2]! << 8) | value[3]!) >>> 0;
  }
}

interface Decoding {
  encodeAddress: (accountId: Uint8Array) => string;
  signerAccountIds: Uint8Array[];
}

function readValue(reader: Reader, definition: FieldDefinition, decoding: Decoding): unknown {
  switch (definition.kind) {
    case "uint16": {
      const bytes = reader.take(2);
      const name = TRANSACTION_TYPE_NAMES.get((bytes[0]! << 8) | bytes[1]!);
      if (name === undefined) throw NOT_HANDLED;
      return name;
    }
    case "uint32":
      return reader.uint32();
    case "amount":
      return readDrops(reader);
    case "blob":
      return bytesToHex(reader.take(reader.variableLength()));
    case "account": {
      if (reader.variableLength() !== ACCOUNT_ID_BYTES) throw NOT_HANDLED;
      const accountId = reader.take(ACCOUNT_ID_BYTES);
      return decoding.encodeAddress(accountId);
    }
    case "array":
      return readArray(reader, definition.name, decoding);
    default:
      throw NOT_HANDLED;
  }
}

/** A positive XRP amount of at most 10^17 drops, as a decimal string (the only form the codec writes back unchanged). */
function readDrops(reader: Reader): string {
  const bytes = reader.take(8);
  // Top bits: 0 = not an issued currency, 1 = positive, 0 = not an MPT amount.
  if ((bytes[0]! & 0xe0) !== 0x40) throw NOT_HANDLED;
  let value = BigInt(bytes[0]! & 0x1f);
  for (let index = 1; index < 8; index += 1) value = (value << 8n) | BigInt(bytes[index]!);
  if (value > MAX_DROPS) throw NOT_HANDLED;
  return value.toString();
}

function readArray(reader: Reader, arrayName: string, decoding: Decoding): Record<string, unknown>[] {
  const element = ARRAY_ELEMENTS[arrayName];
  if (element === undefined) throw NOT_HANDLED;
  const items: Record<string, unknown>[] = [];
  for (;;) {
    const ordinal = reader.ordinal();
    if (ordinal === ARRAY_END) return items;
    if (ordinal !== element.ordinal) throw NOT_HANDLED;
    const inner = readObject(reader, OBJECT_FIELDS[element.name]!, decoding);
    if (element.name === "Signer") {
      const account = inner.accountId;
      if (account === undefined) throw NOT_HANDLED;
      decoding.signerAccountIds.push(account);
    }
    items.push({ [element.name]: inner.fields });
  }
}

function readObject(
  reader: Reader,
  fields: ReadonlyMap<number, FieldDefinition>,
  decoding: Decoding,
): { fields: Record<string, unknown>; accountId: Uint8Array | undefined } {
  const result: Record<string, unknown> = {};
  let previous = -1;
  let accountId: Uint8Array | undefined;
  for (;;) {
    const ordinal = reader.ordinal();
    if (ordinal === OBJECT_END) return { fields: result, accountId };
    const definition = fields.get(ordinal);
    if (definition === undefined || ordinal <= previous) throw NOT_HANDLED;
    previous = ordinal;
    if (definition.kind === "account") {
      // Keep the raw id: multi-signing data ends with it, and signers sort by it.
      if (reader.variableLength() !== ACCOUNT_ID_BYTES) throw NOT_HANDLED;
      accountId = reader.take(ACCOUNT_ID_BYTES);
      result[definition.name] = decoding.encodeAddress(accountId);
    } else {
      result[definition.name] = readValue(reader, definition, decoding);
    }
  }
}

/**
 * The transaction in `blob` with the data each signature covers, when every byte of it is
 * something this reader handles in canonical form; undefined otherwise (the codec decides then).
 * `encodeAddress` turns a 20-byte account id into its classic address.
 */
export function decodeSignInTransaction(blob: Uint8Array, encodeAddress: (accountId: Uint8Array) => string): DecodedTransaction | undefined {
  const reader = new Reader(blob);
  const decoding: Decoding = { encodeAddress, signerAccountIds: [] };
  const tx: Record<string, unknown> = {};
  // The signed bytes are the blob without its unsigned fields; collect the spans to keep.
  const signedSpans: [number, number][] = [];
  let previous = -1;
  try {
    while (!reader.done) {
      const start = reader.offset;
      const ordinal = reader.ordinal();
      const definition = TOP_LEVEL.get(ordinal);
      if (definition === undefined || ordinal <= previous) return undefined;
      previous = ordinal;
      tx[definition.name] = readValue(reader, definition, decoding);
      if (definition.signed) {
        const last = signedSpans[signedSpans.length - 1];
        if (last !== undefined && last[1] === start) last[1] = reader.offset;
        else signedSpans.push([start, reader.offset]);
      }
    }
  } catch (error) {
    if (error instanceof NotHandled) return undefined;
    throw error;
  }
  let signedLength = 0;
  for (const [start, end] of signedSpans) signedLength += end - start;
  const body = new Uint8Array(signedLength);
  let position = 0;
  for (const [start, end] of signedSpans) {
    body.set(blob.subarray(start, end), position);
    position += end - start;
  }
  const signerAccountIds = decoding.signerAccountIds;
  return {
    tx,
    signingData: () => concatBytes(SINGLE_SIGNING_PREFIX, body),
    multiSigningData: (signerIndex) => {
      const accountId = signerAccountIds[signerIndex];
      if (accountId === undefined) throw new RangeError("No such signer.");
      return concatBytes(MULTI_SIGNING_PREFIX, body, accountId);
    },
    signerAccountId: (signerIndex) => signerAccountIds[signerIndex],
  };
}

function concatBytes(...parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
