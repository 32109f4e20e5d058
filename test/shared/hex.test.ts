import { describe, expect, it } from "vitest";
import { bytesToHex, hexToBytes } from "../../src/shared/hex.js";

/** Every byte value, repeated to `length` bytes. */
function bytesOf(length: number): Uint8Array {
  return Uint8Array.from({ length }, (_, index) => (index * 7 + 3) & 0xff);
}

describe("bytesToHex", () => {
  it("writes every byte value as two uppercase hex digits, as Node's Buffer does", () => {
    const all = Uint8Array.from({ length: 256 }, (_, index) => index);
    expect(bytesToHex(all)).toBe(Buffer.from(all).toString("hex").toUpperCase());
  });

  it("gives an empty string for no bytes", () => {
    expect(bytesToHex(new Uint8Array(0))).toBe("");
  });

  it("converts inputs longer than one conversion chunk (4096 bytes) whole, in order", () => {
    for (const length of [4095, 4096, 4097, 8192 + 5, 100_000]) {
      const bytes = bytesOf(length);
      expect(bytesToHex(bytes)).toBe(Buffer.from(bytes).toString("hex").toUpperCase());
    }
  });

  it("round-trips through hexToBytes", () => {
    const bytes = bytesOf(33);
    expect(hexToBytes(bytesToHex(bytes))).toEqual(bytes);
  });
});
