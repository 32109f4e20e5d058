/**
 * The fast sign-in transaction reader against ripple-binary-codec, the reference: on every blob
 * the reader accepts, the codec must decode the same fields, encode them back to the same bytes
 * (the blob is canonical), and give the same signing data. Blobs come from xrpl.js `Wallet.sign`
 * and `multisign`, from transactions fast-check generates and the codec encodes, and from random
 * mutations of those (most of which the reader must leave to the codec).
 */
import fc from "fast-check";
import { decode, encode, encodeForMultisigning, encodeForSigning } from "ripple-binary-codec";
import { decodeAccountID, encodeAccountID } from "ripple-address-codec";
import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/shared/hex.js";
import { decodeSignInTransaction } from "../../src/verify/transaction-binary.js";
import { memoFor, multiSignedTx, signInAccountSet, signInMessage, walletFor, walletSignedTx, xamanSignIn } from "./proofs.js";

const encodeAddress = (accountId: Uint8Array): string => encodeAccountID(accountId);

/** Asserts the reader and the codec agree on `blob`; answers whether the reader accepted it. */
function agreesWithCodec(blob: string): boolean {
  const fast = decodeSignInTransaction(hexToBytes(blob)!, encodeAddress);
  if (fast === undefined) return false;
  const reference = decode(blob);
  expect(encode(reference)).toBe(blob.toUpperCase());
  expect(fast.tx).toEqual(reference);
  const signers = reference["Signers"] as { Signer: { Account: string } }[] | undefined;
  if (signers === undefined) {
    expect(bytesToHex(fast.signingData())).toBe(encodeForSigning(reference as never));
  } else {
    signers.forEach((entry, index) => {
      expect(bytesToHex(fast.multiSigningData(index))).toBe(encodeForMultisigning(reference as never, entry.Signer.Account));
      expect(fast.signerAccountId(index)).toEqual(decodeAccountID(entry.Signer.Account));
    });
  }
  return true;
}

function walletBlobs(): string[] {
  const blobs: string[] = [];
  for (const algorithm of ["ed25519", "secp256k1"] as const) {
    const wallet = walletFor(algorithm);
    const message = signInMessage(wallet.classicAddress);
    const account = wallet.classicAddress;
    blobs.push(walletSignedTx(wallet, signInAccountSet(account, message)));
    blobs.push(walletSignedTx(wallet, signInAccountSet(account, message, { Flags: 0x80000000, LastLedgerSequence: 95_000_123, SourceTag: 7, NetworkID: 21338 })));
    blobs.push(walletSignedTx(wallet, { TransactionType: "Payment", Account: account, Destination: account, Amount: "100000000000000000", Fee: "12", Sequence: 9, Memos: memoFor(message) }));
    blobs.push(xamanSignIn(wallet, message));
    blobs.push(walletSignedTx(wallet, { ...signInAccountSet(account, message), Memos: [...memoFor(message), { Memo: { MemoType: "74657874", MemoFormat: "74657874" } }] }));
    blobs.push(walletSignedTx(wallet, { ...signInAccountSet(account, `${message}${"x".repeat(20_000)}`) }));
    blobs.push(multiSignedTx(account, message, [walletFor("secp256k1"), walletFor("ed25519"), walletFor("secp256k1")]));
  }
  return blobs;
}

describe("fast sign-in transaction reader", () => {
  it("reads every blob real wallets make exactly as ripple-binary-codec does", () => {
    for (const blob of walletBlobs()) expect(agreesWithCodec(blob)).toBe(true);
    expect(agreesWithCodec(walletBlobs()[0]!.toLowerCase())).toBe(true);
  });

  it("reads every transaction of the sign-in shapes the codec encodes", () => {
    const account = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => encodeAccountID(bytes));
    const hex = (maxLength: number) => fc.uint8Array({ maxLength }).map((bytes) => bytesToHex(bytes));
    const drops = fc.bigInt({ min: 0n, max: 100_000_000_000_000_000n }).map(String);
    const memo = fc.record({ MemoType: hex(8), MemoData: hex(400), MemoFormat: hex(8) }, { requiredKeys: [] }).map((fields) => ({ Memo: { ...fields } }));
    const transaction = fc.record(
      {
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
      },
      { requiredKeys: ["Account"] },
    );
    fc.assert(
      fc.property(transaction, (tx) => {
        const blob = encode({ ...tx });
        expect(agreesWithCodec(blob)).toBe(true);
      }),
      { numRuns: 400 },
    );
  });

  it("leaves to the codec whatever it does not prove canonical, and agrees whenever it answers", () => {
    const seeds = walletBlobs().map((blob) => hexToBytes(blob)!);
    const mutation = fc.record({
      seed: fc.nat({ max: seeds.length - 1 }),
      kind: fc.constantFrom("flip", "truncate", "insert", "delete", "swap"),
      position: fc.nat(),
      byte: fc.nat({ max: 255 }),
    });
    let accepted = 0;
    let refused = 0;
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
        if (agreesWithCodec(bytesToHex(mutated))) accepted += 1;
        else refused += 1;
      }),
      { numRuns: 1500 },
    );
    // Both outcomes occur, so neither half of the property holds by finding nothing.
    expect(accepted).toBeGreaterThan(50);
    expect(refused).toBeGreaterThan(50);
  });

  it("leaves unknown fields, issued-currency amounts and other transaction types to the codec", () => {
    const wallet = walletFor("ed25519");
    const account = wallet.classicAddress;
    const message = signInMessage(account);
    for (const tx of [
      signInAccountSet(account, message, { Domain: "6578616D706C652E636F6D" }),
      { TransactionType: "Payment", Account: account, Destination: account, Amount: { currency: "USD", issuer: account, value: "1" }, Fee: "12", Sequence: 1 },
      { TransactionType: "SetRegularKey", Account: account, Fee: "0", Sequence: 0 },
    ]) {
      const blob = walletSignedTx(wallet, tx);
      expect(decodeSignInTransaction(hexToBytes(blob)!, encodeAddress)).toBeUndefined();
      expect(encode(decode(blob))).toBe(blob);
    }
  });
});
