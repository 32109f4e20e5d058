// The reader for signed sign-in transactions: the XRPL binary transaction format, read by the
// library itself, so that neither a server nor a Cloudflare Worker carries an XRPL codec.
//
// It decodes the fields a sign-in transaction may carry into the JSON that ripple-binary-codec's
// `decode` gives (a differential test holds it to that), requires the one canonical encoding
// of each (fields in ascending order, minimal headers, the value forms the codec writes back),
// and cuts the bytes that were signed straight out of the blob instead of encoding the
// transaction again. Every other field is skipped by its type code, so the rest of the blob is
// still checked, and reported: it appears in the decoded transaction with the value
// `NOT_READ`, and `unsupported` names the first one, so the policy refuses the transaction as
// unsafe and says which field made it so. Bytes that are not a transaction at all (truncated,
// trailing, out of order, a length that runs past the end) make the whole blob unreadable.
import { bytesToHex } from "../shared/hex.js";
import type { DecodedTransaction } from "./decoded-transaction.js";

/** The value of a field the reader skipped: one it does not read, or an amount that is not XRP. */
export const NOT_READ: unique symbol = Symbol("not read");

type FieldKind = "uint16" | "uint32" | "amount" | "blob" | "account" | "array";

interface FieldDefinition {
  name: string;
  kind: FieldKind;
  /** `(type code << 16) | field code`: canonical order is ascending ordinal. */
  ordinal: number;
  /** Signed as part of the transaction (TxnSignature and Signers are not). */
  signed: boolean;
}

// Type codes of the XRPL binary format (ripple-binary-codec's definitions.json, TYPES).
const UINT16 = 1;
const UINT32 = 2;
const AMOUNT = 6;
const BLOB = 7;
const ACCOUNT_ID = 8;
const STOBJECT = 14;
const STARRAY = 15;
const PATHSET = 18;
const VECTOR256 = 19;
const ISSUE = 24;
const XCHAIN_BRIDGE = 25;

const ordinalOf = (type: number, nth: number): number => (type << 16) | nth;

const field = (name: string, kind: FieldKind, type: number, nth: number, signed = true): FieldDefinition => ({
  name,
  kind,
  ordinal: ordinalOf(type, nth),
  signed,
});

/** The fields a sign-in transaction may carry, read into values (see transaction-policy.ts). */
const TOP_LEVEL_FIELDS = [
  field("TransactionType", "uint16", UINT16, 2),
  field("NetworkID", "uint32", UINT32, 1),
  field("Flags", "uint32", UINT32, 2),
  field("SourceTag", "uint32", UINT32, 3),
  field("Sequence", "uint32", UINT32, 4),
  field("LastLedgerSequence", "uint32", UINT32, 27),
  field("Amount", "amount", AMOUNT, 1),
  field("Fee", "amount", AMOUNT, 8),
  field("SigningPubKey", "blob", BLOB, 3),
  field("TxnSignature", "blob", BLOB, 4, false),
  field("Account", "account", ACCOUNT_ID, 1),
  field("Destination", "account", ACCOUNT_ID, 3),
  field("Signers", "array", STARRAY, 3, false),
  field("Memos", "array", STARRAY, 9),
];
const MEMO_FIELDS = [field("MemoType", "blob", BLOB, 12), field("MemoData", "blob", BLOB, 13), field("MemoFormat", "blob", BLOB, 14)];
const SIGNER_FIELDS = [
  field("SigningPubKey", "blob", BLOB, 3),
  field("TxnSignature", "blob", BLOB, 4),
  field("Account", "account", ACCOUNT_ID, 1),
];
const OBJECT_END = ordinalOf(STOBJECT, 1);
const ARRAY_END = ordinalOf(STARRAY, 1);
const MEMO = ordinalOf(STOBJECT, 10);
const SIGNER = ordinalOf(STOBJECT, 16);
/** The array each element kind belongs in, and the fields its objects may hold. */
const ARRAY_ELEMENTS: Record<string, { ordinal: number; name: string; fields: ReadonlyMap<number, FieldDefinition> }> = {
  Memos: { ordinal: MEMO, name: "Memo", fields: byOrdinal(MEMO_FIELDS) },
  Signers: { ordinal: SIGNER, name: "Signer", fields: byOrdinal(SIGNER_FIELDS) },
};
const TOP_LEVEL = byOrdinal(TOP_LEVEL_FIELDS);

/**
 * Names of fields the reader skips, so a refusal can say which one the transaction carried
 * (those of the transaction types a wallet might offer instead of a sign-in one). Any other
 * field is named by its codes. `name type nth` triples, checked against the codec's definitions.
 */
export const SKIPPED_FIELD_NAMES: ReadonlyMap<number, string> = new Map(
  (
    "EmailHash 4 1,PreviousTxnID 5 5,WalletLocator 5 7,AccountTxnID 5 9,InvoiceID 5 17,DomainID 5 34," +
    "TransferRate 2 11,WalletSize 2 12,Expiration 2 10,DestinationTag 2 14,QualityIn 2 20,QualityOut 2 21," +
    "OfferSequence 2 25,OperationLimit 2 29,SetFlag 2 33,ClearFlag 2 34,SignerQuorum 2 35,TicketSequence 2 41," +
    "LimitAmount 6 3,TakerPays 6 4,TakerGets 6 5,SendMax 6 9,DeliverMin 6 10,MessageKey 7 2,Domain 7 7," +
    "Owner 8 2,Authorize 8 5,Unauthorize 8 6,RegularKey 8 8,NFTokenMinter 8 9,Delegate 8 12,TickSize 16 16," +
    "SignerEntries 15 4,RawTransactions 15 30,BatchSigners 15 31,Paths 18 1,CredentialIDs 19 5"
  )
    .split(",")
    .map((entry) => {
      const [name, type, nth] = entry.split(" ");
      return [ordinalOf(Number(type), Number(nth)), name!] as const;
    }),
);

/**
 * Transaction type codes and names (definitions.json, TRANSACTION_TYPES), so a refusal names the
 * type a wallet signed. A code missing here is named by its number.
 */
export const TRANSACTION_TYPE_NAMES: ReadonlyMap<number, string> = new Map(
  (
    "0:Payment,1:EscrowCreate,2:EscrowFinish,3:AccountSet,4:EscrowCancel,5:SetRegularKey,7:OfferCreate,8:OfferCancel," +
    "10:TicketCreate,12:SignerListSet,13:PaymentChannelCreate,14:PaymentChannelFund,15:PaymentChannelClaim,16:CheckCreate," +
    "17:CheckCash,18:CheckCancel,19:DepositPreauth,20:TrustSet,21:AccountDelete,25:NFTokenMint,26:NFTokenBurn," +
    "27:NFTokenCreateOffer,28:NFTokenCancelOffer,29:NFTokenAcceptOffer,30:Clawback,31:AMMClawback,35:AMMCreate," +
    "36:AMMDeposit,37:AMMWithdraw,38:AMMVote,39:AMMBid,40:AMMDelete,41:XChainCreateClaimID,42:XChainCommit,43:XChainClaim," +
    "44:XChainAccountCreateCommit,45:XChainAddClaimAttestation,46:XChainAddAccountCreateAttestation,47:XChainModifyBridge," +
    "48:XChainCreateBridge,49:DIDSet,50:DIDDelete,51:OracleSet,52:OracleDelete,53:LedgerStateFix,54:MPTokenIssuanceCreate," +
    "55:MPTokenIssuanceDestroy,56:MPTokenIssuanceSet,57:MPTokenAuthorize,58:CredentialCreate,59:CredentialAccept," +
    "60:CredentialDelete,61:NFTokenModify,62:PermissionedDomainSet,63:PermissionedDomainDelete,64:DelegateSet,65:VaultCreate," +
    "66:VaultSet,67:VaultDelete,68:VaultDeposit,69:VaultWithdraw,70:VaultClawback,71:Batch,100:EnableAmendment,101:SetFee," +
    "102:UNLModify"
  )
    .split(",")
    .map((entry) => {
      const [code, name] = entry.split(":");
      return [Number(code), name!] as const;
    }),
);

/** Byte widths of the fixed-size types, by type code. */
const FIXED_WIDTHS: ReadonlyMap<number, number> = new Map([
  [UINT16, 2],
  [UINT32, 4],
  [3, 8], // UInt64
  [4, 16], // Hash128
  [5, 32], // Hash256
  [9, 12], // Number
  [10, 4], // Int32
  [11, 8], // Int64
  [16, 1], // UInt8
  [17, 20], // Hash160
  [20, 12], // UInt96
  [21, 24], // Hash192
  [22, 48], // Hash384
  [23, 64], // Hash512
  [26, 20], // Currency
]);

/** The most drops an XRP amount may hold (100 billion XRP). */
const MAX_DROPS = 100_000_000_000_000_000n;
const ACCOUNT_ID_BYTES = 20;
/** "STX\0" and "SMT\0": the prefixes of single- and multi-signing data. */
const SINGLE_SIGNING_PREFIX = Uint8Array.of(0x53, 0x54, 0x58, 0x00);
const MULTI_SIGNING_PREFIX = Uint8Array.of(0x53, 0x4d, 0x54, 0x00);

function byOrdinal(fields: readonly FieldDefinition[]): ReadonlyMap<number, FieldDefinition> {
  return new Map(fields.map((definition) => [definition.ordinal, definition]));
}

/** The name a refusal gives a field the reader skipped. */
export function skippedFieldName(ordinal: number): string {
  return SKIPPED_FIELD_NAMES.get(ordinal) ?? `with type code ${ordinal >> 16} and field code ${ordinal & 0xffff}`;
}

/** Thrown inside the reader for bytes that are not a canonical transaction; never escapes this module. */
class Unreadable extends Error {}
const UNREADABLE = new Unreadable();
/** Thrown inside the reader for a field whose length it cannot tell (an unknown type code). */
class CannotSkip extends Error {
  constructor(readonly ordinal: number) {
    super();
  }
}

class Reader {
  offset = 0;
  constructor(readonly bytes: Uint8Array) {}

  get done(): boolean {
    return this.offset >= this.bytes.length;
  }

  byte(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw UNREADABLE;
    this.offset += 1;
    return value;
  }

  peek(): number {
    const value = this.bytes[this.offset];
    if (value === undefined) throw UNREADABLE;
    return value;
  }

  take(length: number): Uint8Array {
    const end = this.offset + length;
    if (end > this.bytes.length) throw UNREADABLE;
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
      if (type < 16) throw UNREADABLE;
    }
    if (nth === 0) {
      nth = this.byte();
      if (nth < 16) throw UNREADABLE;
    }
    return ordinalOf(type, nth);
  }

  /** A variable-length prefix (1 to 3 bytes; each length has exactly one encoding). */
  variableLength(): number {
    const first = this.byte();
    if (first <= 192) return first;
    if (first <= 240) return 193 + (first - 193) * 256 + this.byte();
    if (first <= 254) return 12_481 + (first - 241) * 65_536 + this.byte() * 256 + this.byte();
    throw UNREADABLE;
  }

  uint32(): number {
    const value = this.take(4);
    return ((value[0]! << 24) | (value[1]! << 16) | (value[2]! << 8) | value[3]!) >>> 0;
  }
}

interface Decoding {
  encodeAddress: (accountId: Uint8Array) => string;
  signerAccountIds: Uint8Array[];
  /** The first field skipped, in a sentence. */
  unsupported: string | undefined;
}

function noteSkipped(decoding: Decoding, sentence: string): void {
  decoding.unsupported ??= sentence;
}

function readValue(reader: Reader, definition: FieldDefinition, decoding: Decoding, where: string): unknown {
  switch (definition.kind) {
    case "uint16": {
      const bytes = reader.take(2);
      const code = (bytes[0]! << 8) | bytes[1]!;
      const name = TRANSACTION_TYPE_NAMES.get(code);
      if (name !== undefined) return name;
      noteSkipped(decoding, `The transaction's type code ${code} is not one this verifier knows.`);
      return `transaction of type code ${code}`;
    }
    case "uint32":
      return reader.uint32();
    case "amount": {
      const drops = readAmount(reader);
      if (drops === NOT_READ) noteSkipped(decoding, `${where}'s ${definition.name} is not an amount of XRP.`);
      return drops;
    }
    case "blob":
      return bytesToHex(reader.take(reader.variableLength()));
    case "account":
      return decoding.encodeAddress(readAccountId(reader));
    case "array":
      return readArray(reader, definition.name, decoding);
  }
}

function readAccountId(reader: Reader): Uint8Array {
  if (reader.variableLength() !== ACCOUNT_ID_BYTES) throw UNREADABLE;
  return reader.take(ACCOUNT_ID_BYTES);
}

/**
 * An XRP amount of at most 10^17 drops, as the decimal string the codec gives; `NOT_READ` for a
 * token, an MPT or a negative amount (skipped by their length).
 */
function readAmount(reader: Reader): string | typeof NOT_READ {
  const first = reader.peek();
  // Top bits: 1 = issued currency (48 bytes); then positive; then MPT (33 bytes).
  if ((first & 0x80) !== 0) {
    reader.take(48);
    return NOT_READ;
  }
  if ((first & 0x20) !== 0) {
    reader.take(33);
    return NOT_READ;
  }
  const bytes = reader.take(8);
  if ((first & 0x40) === 0) return NOT_READ;
  let value = BigInt(bytes[0]! & 0x1f);
  for (let index = 1; index < 8; index += 1) value = (value << 8n) | BigInt(bytes[index]!);
  if (value > MAX_DROPS) throw UNREADABLE;
  return value.toString();
}

function readArray(reader: Reader, arrayName: string, decoding: Decoding): Record<string, unknown>[] {
  const element = ARRAY_ELEMENTS[arrayName]!;
  const items: Record<string, unknown>[] = [];
  for (;;) {
    const ordinal = reader.ordinal();
    if (ordinal === ARRAY_END) return items;
    if (ordinal !== element.ordinal) {
      if (ordinal >> 16 !== STOBJECT) throw UNREADABLE;
      noteSkipped(decoding, `The ${arrayName} hold an object that is not a ${element.name}.`);
      skipObject(reader);
      items.push({ [skippedFieldName(ordinal)]: NOT_READ });
      continue;
    }
    const inner = readObject(reader, element.name, element.fields, decoding);
    if (element.name === "Signer") {
      if (inner.accountId === undefined) throw UNREADABLE;
      decoding.signerAccountIds.push(inner.accountId);
    }
    items.push({ [element.name]: inner.fields });
  }
}

function readObject(
  reader: Reader,
  objectName: string,
  fields: ReadonlyMap<number, FieldDefinition>,
  decoding: Decoding,
): { fields: Record<string, unknown>; accountId: Uint8Array | undefined } {
  const result: Record<string, unknown> = {};
  let previous = -1;
  let accountId: Uint8Array | undefined;
  for (;;) {
    const ordinal = reader.ordinal();
    if (ordinal === OBJECT_END) return { fields: result, accountId };
    if (ordinal <= previous) throw UNREADABLE;
    previous = ordinal;
    const definition = fields.get(ordinal);
    if (definition === undefined) {
      const name = skippedFieldName(ordinal);
      noteSkipped(decoding, `A ${objectName} carries the field ${name}, which a sign-in transaction may not have.`);
      skipValue(reader, ordinal);
      result[name] = NOT_READ;
    } else if (definition.kind === "account") {
      // Keep the raw id: multi-signing data ends with it, and signers sort by it.
      accountId = readAccountId(reader);
      result[definition.name] = decoding.encodeAddress(accountId);
    } else {
      result[definition.name] = readValue(reader, definition, decoding, `A ${objectName}`);
    }
  }
}

/** Moves past the value of any field, by its type code (ripple-binary-codec's rules for each). */
function skipValue(reader: Reader, ordinal: number): void {
  const type = ordinal >> 16;
  const width = FIXED_WIDTHS.get(type);
  if (width !== undefined) {
    reader.take(width);
    return;
  }
  switch (type) {
    case AMOUNT:
      readAmount(reader);
      return;
    case BLOB:
    case ACCOUNT_ID:
    case VECTOR256:
      reader.take(reader.variableLength());
      return;
    case STOBJECT:
      skipObject(reader);
      return;
    case STARRAY:
      for (let element = reader.ordinal(); element !== ARRAY_END; element = reader.ordinal()) {
        if (element >> 16 !== STOBJECT) throw UNREADABLE;
        skipObject(reader);
      }
      return;
    case PATHSET:
      skipPathSet(reader);
      return;
    case ISSUE:
      skipIssue(reader);
      return;
    case XCHAIN_BRIDGE:
      for (let part = 0; part < 2; part += 1) {
        readAccountId(reader);
        skipIssue(reader);
      }
      return;
    default:
      throw new CannotSkip(ordinal);
  }
}

function skipObject(reader: Reader): void {
  for (let ordinal = reader.ordinal(); ordinal !== OBJECT_END; ordinal = reader.ordinal()) skipValue(reader, ordinal);
}

/**
 * Paths of hops (a type byte: 0x01 account, 0x10 currency, 0x20 issuer, then those parts), each
 * path followed by 0xFF (another path) or 0x00 (the end), read as ripple-binary-codec reads them.
 */
function skipPathSet(reader: Reader): void {
  while (!reader.done) {
    do {
      const type = reader.byte();
      for (const bit of [0x01, 0x10, 0x20]) if ((type & bit) !== 0) reader.take(20);
    } while (!reader.done && reader.peek() !== 0x00 && reader.peek() !== 0xff);
    if (reader.byte() === 0x00) return;
  }
}

/** XRP (20 zero bytes), a token (currency, issuer) or an MPT (issuer, the no-account id, sequence). */
function skipIssue(reader: Reader): void {
  const currency = reader.take(20);
  if (currency.every((byte) => byte === 0)) return;
  const issuer = reader.take(20);
  if (issuer.subarray(0, 19).every((byte) => byte === 0) && issuer[19] === 1) reader.take(4);
}

/**
 * Reads a signed transaction blob. Undefined when the bytes are not a canonical XRPL transaction;
 * otherwise the transaction, where every field this reader does not read has the value
 * `NOT_READ` and `unsupported` names the first one. `encodeAddress` turns a 20-byte account id
 * into its classic address.
 */
export function decodeSignInTransaction(
  blob: Uint8Array,
  encodeAddress: (accountId: Uint8Array) => string,
): DecodedTransaction | undefined {
  const reader = new Reader(blob);
  const decoding: Decoding = { encodeAddress, signerAccountIds: [], unsupported: undefined };
  const tx: Record<string, unknown> = {};
  // The signed bytes are the blob without its unsigned fields; collect the spans to keep.
  const signedSpans: [number, number][] = [];
  let previous = -1;
  try {
    while (!reader.done) {
      const start = reader.offset;
      const ordinal = reader.ordinal();
      if (ordinal <= previous) return undefined;
      previous = ordinal;
      const definition = TOP_LEVEL.get(ordinal);
      if (definition === undefined) {
        const name = skippedFieldName(ordinal);
        noteSkipped(decoding, `The transaction carries the field ${name}, which a sign-in transaction may not have.`);
        tx[name] = NOT_READ;
        skipValue(reader, ordinal);
        continue;
      }
      tx[definition.name] = readValue(reader, definition, decoding, "The transaction");
      if (definition.signed) {
        const last = signedSpans[signedSpans.length - 1];
        if (last !== undefined && last[1] === start) last[1] = reader.offset;
        else signedSpans.push([start, reader.offset]);
      }
    }
  } catch (error) {
    if (error instanceof Unreadable) return undefined;
    if (!(error instanceof CannotSkip)) throw error;
    // A type this reader does not know: the rest of the blob cannot be followed. The field, noted
    // already, alone makes the transaction one that is refused, so it is reported, not the blob.
  }
  const { unsupported, signerAccountIds } = decoding;
  const body = concatSpans(blob, signedSpans);
  const readable = (): void => {
    // Signatures are never checked over a blob that was not read through (the policy refuses it first).
    if (unsupported !== undefined) throw new RangeError(unsupported);
  };
  return {
    tx,
    unsupported,
    signingData: () => {
      readable();
      return concatBytes(SINGLE_SIGNING_PREFIX, body);
    },
    multiSigningData: (signerIndex) => {
      readable();
      const accountId = signerAccountIds[signerIndex];
      if (accountId === undefined) throw new RangeError("No such signer.");
      return concatBytes(MULTI_SIGNING_PREFIX, body, accountId);
    },
    signerAccountId: (signerIndex) => signerAccountIds[signerIndex],
  };
}

function concatSpans(blob: Uint8Array, spans: readonly [number, number][]): Uint8Array {
  return concatBytes(...spans.map(([start, end]) => blob.subarray(start, end)));
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
