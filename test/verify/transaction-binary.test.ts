/**
 * The library's transaction reader against ripple-binary-codec, the reference (a development
 * dependency only: the verifier never loads it). Blobs come from xrpl.js `Wallet.sign` and
 * `multisign` (both curves), from transactions fast-check generates and the codec encodes, with
 * and without fields the reader does not read, and from random mutations of all of those.
 *
 * - When the reader reads a blob through, the codec decodes the same fields, encodes them back
 *   to the same bytes (the blob is canonical) and gives the same signing data.
 * - When the reader finds a field it does not read, it says which, and what it did read agrees
 *   with the codec.
 * - When the reader calls a blob unreadable, the codec cannot decode it and encode it back, or
 *   what the codec reads breaks a rule of the ledger's format that a codec does not check: every
 *   Signer names its Account (the account whose key signed; multi-signing data ends with it).
 */
import fc from "fast-check";
import { decode, encode, encodeForMultisigning, encodeForSigning } from "ripple-binary-codec";
import definitions from "ripple-binary-codec/dist/enums/definitions.json" with { type: "json" };
import { decodeAccountID, encodeAccountID } from "ripple-address-codec";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/shared/hex.js";
import { decodeSignInTransaction, NOT_READ, SKIPPED_FIELD_NAMES, TRANSACTION_TYPE_NAMES } from "../../src/verify/transaction-binary.js";
import { memoFor, multiSignedTx, signInAccountSet, signInMessage, walletFor, walletSignedTx, xamanSignIn } from "./proofs.js";

const encodeAddress = (accountId: Uint8Array): string => encodeAccountID(accountId);

/** The codec's reading of `blob` when it decodes and encodes back to the same bytes, else undefined. */
function codecReading(blob: string): Record<string, unknown> | undefined {
  try {
    const reference = decode(blob);
    return encode(reference) === blob.toUpperCase() ? reference : undefined;
  } catch {
    return undefined;
  }
}

/** `fast` equals `reference`, where NOT_READ in `fast` stands for any value (or a field the codec names otherwise). */
function agreesWhereRead(fast: unknown, reference: unknown): boolean {
  if (fast === NOT_READ) return true;
  if (Array.isArray(fast)) {
    return (
      Array.isArray(reference) && fast.length === reference.length && fast.every((item, index) => agreesWhereRead(item, reference[index]))
    );
  }
  if (typeof fast === "object" && fast !== null) {
    if (typeof reference !== "object" || reference === null) return false;
    const record = reference as Record<string, unknown>;
    return Object.entries(fast).every(([key, value]) => agreesWhereRead(value, record[key]));
  }
  return fast === reference;
}

type Outcome = "read" | "unsupported" | "unreadable";

/** A Signer without its Account: the codec reads it, no ledger accepts it, the reader refuses it. */
function signerWithoutAccount(reading: Record<string, unknown>): boolean {
  const signers = reading["Signers"];
  return (
    Array.isArray(signers) &&
    signers.some((entry: { Signer?: Record<string, unknown> }) => entry.Signer !== undefined && !("Account" in entry.Signer))
  );
}

/** Asserts the reader and the codec agree on `blob` (see the file comment); answers the reader's outcome. */
function agreesWithCodec(blob: string): Outcome {
  const fast = decodeSignInTransaction(hexToBytes(blob)!, encodeAddress);
  const reference = codecReading(blob);
  if (fast === undefined) {
    if (reference !== undefined)
      expect(signerWithoutAccount(reference), `the codec reads ${blob} back, the reader calls it unreadable`).toBe(true);
    return "unreadable";
  }
  if (fast.unsupported !== undefined) {
    expect(() => fast.signingData()).toThrow();
    if (reference !== undefined) expect(agreesWhereRead(fast.tx, reference), fast.unsupported).toBe(true);
    return "unsupported";
  }
  expect(reference, `the reader reads ${blob} through, the codec does not read it back`).toBeDefined();
  expect(fast.tx).toEqual(reference);
  const signers = reference!["Signers"] as { Signer: { Account: string } }[] | undefined;
  if (signers === undefined) {
    expect(bytesToHex(fast.signingData())).toBe(encodeForSigning(reference as never));
  } else {
    signers.forEach((entry, index) => {
      expect(bytesToHex(fast.multiSigningData(index))).toBe(encodeForMultisigning(reference as never, entry.Signer.Account));
      expect(fast.signerAccountId(index)).toEqual(decodeAccountID(entry.Signer.Account));
    });
  }
  return "read";
}

function walletBlobs(): string[] {
  const blobs: string[] = [];
  for (const algorithm of ["ed25519", "secp256k1"] as const) {
    const wallet = walletFor(algorithm);
    const message = signInMessage(wallet.classicAddress);
    const account = wallet.classicAddress;
    blobs.push(walletSignedTx(wallet, signInAccountSet(account, message)));
    blobs.push(
      walletSignedTx(
        wallet,
        signInAccountSet(account, message, { Flags: 0x80000000, LastLedgerSequence: 95_000_123, SourceTag: 7, NetworkID: 21338 }),
      ),
    );
    blobs.push(
      walletSignedTx(wallet, {
        TransactionType: "Payment",
        Account: account,
        Destination: account,
        Amount: "100000000000000000",
        Fee: "12",
        Sequence: 9,
        Memos: memoFor(message),
      }),
    );
    blobs.push(xamanSignIn(wallet, message));
    blobs.push(
      walletSignedTx(wallet, {
        ...signInAccountSet(account, message),
        Memos: [...memoFor(message), { Memo: { MemoType: "74657874", MemoFormat: "74657874" } }],
      }),
    );
    blobs.push(walletSignedTx(wallet, { ...signInAccountSet(account, `${message}${"x".repeat(20_000)}`) }));
    blobs.push(multiSignedTx(account, message, [walletFor("secp256k1"), walletFor("ed25519"), walletFor("secp256k1")]));
  }
  return blobs;
}

const account = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => encodeAccountID(bytes));
const hex = (maxLength: number, minLength = 0) => fc.uint8Array({ minLength, maxLength }).map((bytes) => bytesToHex(bytes));
const drops = fc.bigInt({ min: 0n, max: 100_000_000_000_000_000n }).map(String);
const token = fc.record({
  currency: fc.constantFrom("USD", "EUR", "0158415500000000C1F76FF6ECB0BAC600000000"),
  issuer: account,
  value: fc.constantFrom("1", "1.5", "-2", "1e20", "0"),
});
const mpt = fc.record({ mpt_issuance_id: hex(24, 24), value: fc.constantFrom("0", "1", "9223372036854775807") });
const memo = fc
  .record({ MemoType: hex(8), MemoData: hex(400), MemoFormat: hex(8) }, { requiredKeys: [] })
  .map((fields) => ({ Memo: { ...fields } }));

/** The fields of a sign-in transaction, in every value form the reader reads. */
const signInFields = {
  TransactionType: fc.constantFrom("AccountSet", "Payment"),
  NetworkID: fc.nat({ max: 0xffffffff }),
  Flags: fc.nat({ max: 0xffffffff }),
  SourceTag: fc.nat({ max: 0xffffffff }),
  Sequence: fc.nat({ max: 0xffffffff }),
  LastLedgerSequence: fc.nat({ max: 0xffffffff }),
  Amount: drops,
  Fee: drops,
  SigningPubKey: hex(33),
  TxnSignature: hex(72),
  Account: account,
  Destination: account,
  Memos: fc.array(memo, { maxLength: 3 }),
};

/** Fields of other transaction types, one or more of every type code the reader skips. */
const otherFields = {
  Domain: hex(40),
  MessageKey: hex(33),
  TicketSequence: fc.nat({ max: 0xffffffff }),
  SetFlag: fc.nat({ max: 16 }),
  EmailHash: hex(16, 16),
  WalletLocator: hex(32, 32),
  TickSize: fc.nat({ max: 15 }),
  Delegate: account,
  RegularKey: account,
  SendMax: fc.oneof(drops, token, mpt),
  DeliverMin: fc.oneof(token, mpt),
  LimitAmount: token,
  Paths: fc.array(
    fc.array(
      fc.oneof(
        account.map((a) => ({ account: a })),
        fc.record({ currency: fc.constantFrom("USD", "XRP"), issuer: account }, { requiredKeys: ["currency"] }),
      ),
      { minLength: 1, maxLength: 3 },
    ),
    { minLength: 1, maxLength: 2 },
  ),
  CredentialIDs: fc.array(hex(32, 32), { minLength: 1, maxLength: 3 }),
  SignerEntries: fc.array(fc.record({ SignerEntry: fc.record({ Account: account, SignerWeight: fc.nat({ max: 65535 }) }) }), {
    minLength: 1,
    maxLength: 3,
  }),
  Asset: fc.oneof(
    fc.constant({ currency: "XRP" }),
    token.map(({ currency, issuer }) => ({ currency, issuer })),
  ),
  XChainBridge: fc.record({
    LockingChainDoor: account,
    LockingChainIssue: fc.constant({ currency: "XRP" }),
    IssuingChainDoor: account,
    IssuingChainIssue: token.map(({ currency, issuer }) => ({ currency, issuer })),
  }),
  MPTokenIssuanceID: hex(24, 24),
  OwnerNode: hex(8, 8),
  AssetsMaximum: fc.constantFrom("0", "1", "-12.5", "1e30"),
  LoanScale: fc.integer({ min: -2_000_000, max: 2_000_000 }),
  BaseAsset: fc.constantFrom("USD", "XRP"),
  TakerPaysCurrency: hex(20, 20),
};

describe("transaction reader", () => {
  it("reads every blob real wallets make exactly as ripple-binary-codec does", () => {
    for (const blob of walletBlobs()) expect(agreesWithCodec(blob)).toBe("read");
    expect(agreesWithCodec(walletBlobs()[0]!.toLowerCase())).toBe("read");
  });

  it("reads every transaction of the sign-in shapes the codec encodes", () => {
    const transaction = fc.record(signInFields, { requiredKeys: ["Account"] });
    fc.assert(
      fc.property(transaction, (tx) => {
        expect(agreesWithCodec(encode({ ...tx }))).toBe("read");
      }),
      { numRuns: 400 },
    );
  });

  it("skips fields of every other type and names the first one it did not read", () => {
    const extra = fc.record(otherFields, { requiredKeys: [] }).filter((fields) => Object.keys(fields).length > 0);
    const transaction = fc.tuple(fc.record(signInFields, { requiredKeys: ["Account"] }), extra);
    fc.assert(
      fc.property(transaction, ([base, fields]) => {
        const blob = encode(JSON.parse(JSON.stringify({ ...base, ...fields })) as never);
        expect(agreesWithCodec(blob)).toBe("unsupported");
        const fast = decodeSignInTransaction(hexToBytes(blob)!, encodeAddress)!;
        // The first field the reader did not read, in canonical order, is the one it names.
        const skipped = Object.keys(decode(blob)).filter((name) => fast.tx[name] === NOT_READ || !(name in fast.tx));
        expect(skipped.length).toBeGreaterThan(0);
        const named = [...SKIPPED_FIELD_NAMES.values()].includes(skipped[0]!);
        if (named) expect(fast.unsupported).toContain(skipped[0]);
        else expect(fast.unsupported).toMatch(/type code \d+ and field code \d+|not an amount of XRP/u);
      }),
      { numRuns: 400 },
    );
  });

  it("names a token or MPT amount, and a field inside a memo or signer, as what it did not read", () => {
    const wallet = walletFor("ed25519");
    const address = wallet.classicAddress;
    const cases: [Record<string, unknown>, string][] = [
      [
        { TransactionType: "Payment", Account: address, Destination: address, Amount: { currency: "USD", issuer: address, value: "1" } },
        "The transaction's Amount is not an amount of XRP.",
      ],
      [
        { TransactionType: "Payment", Account: address, Destination: address, Amount: { mpt_issuance_id: "00".repeat(24), value: "5" } },
        "The transaction's Amount is not an amount of XRP.",
      ],
      [{ Account: address, Fee: { currency: "USD", issuer: address, value: "1" } }, "The transaction's Fee is not an amount of XRP."],
      [
        { Account: address, Memos: [{ Memo: { MemoData: "00", MemoType: "01" } }, { Memo: { Domain: "00" } }] },
        "A Memo carries the field Domain",
      ],
      [{ Account: address, Memos: [{ Signer: { Account: address } }] }, "The Memos hold an object that is not a Memo."],
      [
        {
          Account: address,
          SigningPubKey: "",
          Signers: [{ Signer: { Account: address, SigningPubKey: "ED", TxnSignature: "00", SourceTag: 1 } }],
        },
        "A Signer carries the field with type code 2 and field code 3",
      ],
      [{ TransactionType: "SetRegularKey", Account: address, RegularKey: address }, "The transaction carries the field RegularKey"],
    ];
    for (const [tx, sentence] of cases) {
      const blob = encode(tx);
      expect(agreesWithCodec(blob)).toBe("unsupported");
      expect(decodeSignInTransaction(hexToBytes(blob)!, encodeAddress)!.unsupported).toContain(sentence);
    }
  });

  it("calls a field of a type it does not know unsupported, not the blob unreadable", () => {
    const wallet = walletFor("ed25519");
    const blob = encode(signInAccountSet(wallet.classicAddress, "m"));
    // Type code 27 (none so far), field code 1, appended after the last field: 0x0? header form.
    const fast = decodeSignInTransaction(hexToBytes(`${blob}011BFF`)!, encodeAddress)!;
    expect(fast.unsupported).toBe(
      "The transaction carries the field with type code 27 and field code 1, which a sign-in transaction may not have.",
    );
    expect(fast.tx).toMatchObject({ TransactionType: "AccountSet", "with type code 27 and field code 1": NOT_READ });
  });

  it("calls a multi-signed blob unreadable when a Signer names no Account, which the codec reads back", () => {
    const account = walletFor("ed25519").classicAddress;
    const signed = decode(multiSignedTx(account, signInMessage(account), [walletFor("secp256k1"), walletFor("ed25519")])) as {
      Signers: { Signer: Record<string, unknown> }[];
    };
    const { Account: signerAccount, ...rest } = signed.Signers[0]!.Signer;
    signed.Signers[0]!.Signer = { ...rest, Destination: signerAccount };
    const blob = encode(signed);
    expect(codecReading(blob)).toBeDefined();
    expect(decodeSignInTransaction(hexToBytes(blob)!, encodeAddress)).toBeUndefined();
  });

  it("leaves unread every blob that mutations make unreadable for the codec, and agrees on the rest", () => {
    const withOtherFields = fc.sample(
      fc
        .tuple(fc.record(signInFields, { requiredKeys: ["Account"] }), fc.record(otherFields, { requiredKeys: [] }))
        .map(([base, fields]) => encode(JSON.parse(JSON.stringify({ ...base, ...fields })) as never)),
      { numRuns: 60, seed: 7 },
    );
    const seeds = [...walletBlobs(), ...withOtherFields].map((blob) => hexToBytes(blob)!);
    const mutation = fc.record({
      seed: fc.nat({ max: seeds.length - 1 }),
      kind: fc.constantFrom("flip", "truncate", "insert", "delete", "swap"),
      position: fc.nat(),
      byte: fc.nat({ max: 255 }),
    });
    const outcomes: Record<Outcome, number> = { read: 0, unsupported: 0, unreadable: 0 };
    fc.assert(
      fc.property(mutation, ({ seed, kind, position, byte }) => {
        const source = seeds[seed]!;
        const at = position % source.length;
        let mutated: Uint8Array;
        if (kind === "flip") mutated = Uint8Array.from(source, (value, index) => (index === at ? value ^ (1 << (byte % 8)) : value));
        else if (kind === "truncate") mutated = source.slice(0, at);
        else if (kind === "insert") mutated = Uint8Array.from([...source.slice(0, at), byte, ...source.slice(at)]);
        else if (kind === "delete") mutated = Uint8Array.from([...source.slice(0, at), ...source.slice(at + 1)]);
        else mutated = Uint8Array.from([...source.slice(at), ...source.slice(0, at)]);
        outcomes[agreesWithCodec(bytesToHex(mutated))] += 1;
      }),
      { numRuns: 3000 },
    );
    // Every outcome occurs, so no half of the property holds by finding nothing.
    expect(outcomes.read).toBeGreaterThan(50);
    expect(outcomes.unsupported).toBeGreaterThan(50);
    expect(outcomes.unreadable).toBeGreaterThan(50);
  });

  it("names transaction types and skipped fields as the codec's definitions do", () => {
    const types = definitions.TRANSACTION_TYPES as Record<string, number>;
    for (const [code, name] of TRANSACTION_TYPE_NAMES) expect(types[name], name).toBe(code);
    const fields = new Map(definitions.FIELDS.map(([name, info]) => [name as string, info as { nth: number; type: string }]));
    const typeCodes = definitions.TYPES as Record<string, number>;
    for (const [ordinal, name] of SKIPPED_FIELD_NAMES) {
      const info = fields.get(name);
      expect(info, name).toBeDefined();
      expect([typeCodes[info!.type], info!.nth], name).toEqual([ordinal >> 16, ordinal & 0xffff]);
    }
  });
});
