/**
 * createDenoKvNonceStore refuses what it cannot work with, each time saying how to fix it. The
 * store itself runs in Deno: test/runtimes/shared-stores.test.ts.
 */
import { describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createDenoKvNonceStore } from "../../src/deno-kv/index.js";

describe("createDenoKvNonceStore options", () => {
  it("refuses something that is not an open Deno KV database, saying how to open one", () => {
    for (const kv of [undefined, null, {}, "kv", { get: () => undefined }]) {
      expect(() => createDenoKvNonceStore(kv as never)).toThrow(InvalidOptionsError);
    }
    expect(() => createDenoKvNonceStore({} as never)).toThrow(/Deno\.openKv\(\).*--unstable-kv/);
  });

  const kv = { get: () => Promise.reject(new Error("not called")), atomic: () => ({}) as never };

  it("refuses a prefix that is not an array of key parts", () => {
    for (const prefix of ["siwx", [{}], [Symbol("x")], [null], 5]) {
      expect(() => createDenoKvNonceStore(kv, { prefix: prefix as never })).toThrow(/`prefix` must be an array of key parts/);
    }
    expect(() => createDenoKvNonceStore(kv, null as never)).toThrow(/options must be an object/);
  });

  it("takes every kind of key part Deno KV allows", () => {
    expect(() => createDenoKvNonceStore(kv, { prefix: ["app", 1, 2n, true, new Uint8Array([1])] })).not.toThrow();
    expect(() => createDenoKvNonceStore(kv, { prefix: [] })).not.toThrow();
  });
});
