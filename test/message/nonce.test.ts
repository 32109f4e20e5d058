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

  it("draws its bytes from globalThis.crypto.getRandomValues", () => {
    const getRandomValues = vi.fn(<T extends ArrayBufferView>(array: T): T => {
      new Uint8Array(array.buffer).set(Array.from({ length: 16 }, (_value, index) => index * 17));
      return array;
    });
    vi.stubGlobal("crypto", { getRandomValues });
    expect(generateNonce()).toBe("00112233445566778899aabbccddeeff");
    expect(getRandomValues).toHaveBeenCalledOnce();
    expect((getRandomValues.mock.calls[0]![0] as Uint8Array).byteLength).toBe(16);
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
