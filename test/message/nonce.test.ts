import { afterEach, describe, expect, it, vi } from "vitest";
import { SignInError } from "../../src/errors.js";
import { createMessage, generateNonce, parseMessage } from "../../src/message/index.js";
import { BASE_FIELDS } from "./messages.js";

describe("generateNonce", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("answers 32 lowercase hex characters (16 bytes)", () => {
    for (let index = 0; index < 200; index++) expect(generateNonce()).toMatch(/^[0-9a-f]{32}$/);
  });

  it("never repeats over 10,000 draws", () => {
    const seen = new Set<string>();
    for (let index = 0; index < 10_000; index++) seen.add(generateNonce());
    expect(seen.size).toBe(10_000);
  });

  it("uses every hex digit in every position over many draws (no stuck nibble)", () => {
    const positions = Array.from({ length: 32 }, () => new Set<string>());
    for (let index = 0; index < 2_000; index++) {
      const nonce = generateNonce();
      for (let position = 0; position < 32; position++) positions[position]!.add(nonce[position]!);
    }
    for (const digits of positions) expect(digits.size).toBe(16);
  });

  it("draws its bytes from globalThis.crypto.getRandomValues, 4096 at a time, each byte handed out once", () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T): T => {
      const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
      for (let index = 0; index < bytes.length; index += 1) bytes[index] = index % 256;
      return array;
    });
    vi.stubGlobal("crypto", { getRandomValues });
    // 300 nonces need 4800 bytes: at least one fresh pool, whatever was left in the last one.
    const nonces = Array.from({ length: 300 }, () => generateNonce());
    expect(getRandomValues).toHaveBeenCalled();
    for (const [buffer] of getRandomValues.mock.calls) expect((buffer as Uint8Array).byteLength).toBe(4096);
    const start = nonces.indexOf("000102030405060708090a0b0c0d0e0f");
    expect(start).toBeGreaterThanOrEqual(0);
    expect(nonces[start + 1]).toBe("101112131415161718191a1b1c1d1e1f");
    expect(nonces[start + 15]).toBe("f0f1f2f3f4f5f6f7f8f9fafbfcfdfeff");
    expect(nonces[start + 16]).toBe("000102030405060708090a0b0c0d0e0f");
  });

  it("throws a SignInError that says what is missing when there is no Web Crypto", () => {
    vi.stubGlobal("crypto", undefined);
    expect(() => generateNonce()).toThrow(SignInError);
    expect(() => generateNonce()).toThrow(/getRandomValues is not available/);
  });

  it("is a valid message nonce", () => {
    const nonce = generateNonce();
    expect(parseMessage(createMessage({ ...BASE_FIELDS, nonce })).nonce).toBe(nonce);
  });
});
