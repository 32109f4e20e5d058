/**
 * The dev wallet's own encoding of the sign-in transaction against ripple-binary-codec, the
 * reference: the same bytes as `encode` for the signed transaction and as `encodeForSigning` for
 * what its signature signs, for every message length class (the length prefix takes 1, 2 or 3
 * bytes), with and without NetworkID, for both key types.
 */
import fc from "fast-check";
import { decodeAccountID, encodeAccountID } from "ripple-address-codec";
import { encode, encodeForSigning } from "ripple-binary-codec";
import { describe, expect, it } from "vitest";
import { buildSignInTransaction } from "../../src/client/transaction.js";
import { encodeSignInTransaction } from "../../src/client/transaction-encoding.js";
import { bytesToHex } from "../../src/shared/hex.js";

const hex = (minLength: number, maxLength: number) => fc.uint8Array({ minLength, maxLength }).map(bytesToHex);
// Lengths around each prefix size: up to 192 bytes one byte, up to 12,480 two, then three.
const message = fc.oneof(
  fc.string({ minLength: 1, maxLength: 200, unit: "grapheme" }),
  fc.integer({ min: 12_470, max: 12_500 }).map((length) => "m".repeat(length)),
  fc.integer({ min: 189, max: 196 }).map((length) => "é".repeat(length >> 1) + "x".repeat(length & 1)),
);

describe("sign-in transaction encoding", () => {
  it("writes the bytes ripple-binary-codec writes, signed and for signing", () => {
    const input = fc.record({
      accountId: fc.uint8Array({ minLength: 20, maxLength: 20 }),
      message,
      networkId: fc.option(fc.nat({ max: 0xffffffff }), { nil: undefined }),
      publicKey: fc.oneof(
        hex(32, 32).map((key) => `ED${key}`),
        hex(32, 32).map((key) => `03${key}`),
      ),
      signature: fc.oneof(hex(64, 64), hex(70, 72)),
    });
    fc.assert(
      fc.property(input, ({ accountId, message: text, networkId, publicKey, signature }) => {
        const account = encodeAccountID(accountId);
        const built = buildSignInTransaction(networkId === undefined ? { account, message: text } : { account, message: text, networkId });
        const unsigned = { ...built, SigningPubKey: publicKey };
        expect(bytesToHex(encodeSignInTransaction(unsigned, decodeAccountID(account), true))).toBe(encodeForSigning(unsigned));
        const signed = { ...unsigned, TxnSignature: signature };
        expect(bytesToHex(encodeSignInTransaction(signed, accountId))).toBe(encode(signed));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses any other transaction shape", () => {
    const tx = buildSignInTransaction({ account: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", message: "m" });
    const id = new Uint8Array(20);
    expect(() => encodeSignInTransaction({ ...tx, Sequence: 1 } as never, id)).toThrow(TypeError);
    expect(() => encodeSignInTransaction({ ...tx, Fee: "12" } as never, id)).toThrow(TypeError);
    expect(() => encodeSignInTransaction({ ...tx, TransactionType: "Payment" } as never, id)).toThrow(TypeError);
    expect(() => encodeSignInTransaction(tx, new Uint8Array(19))).toThrow(TypeError);
  });
});
