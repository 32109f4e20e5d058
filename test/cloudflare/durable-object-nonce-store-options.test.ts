/**
 * createDurableObjectNonceStore refuses what it cannot work with, before any Worker runs, each
 * time saying how to fix it. The store itself runs in workerd: test/runtimes/shared-stores.test.ts.
 */
import { describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createDurableObjectNonceStore } from "../../src/cloudflare/index.js";

describe("createDurableObjectNonceStore options", () => {
  it("refuses something that is not a Durable Object namespace, naming the binding to add", () => {
    for (const namespace of [undefined, null, {}, "NONCES", { idFromName: () => "id" }]) {
      expect(() => createDurableObjectNonceStore(namespace as never)).toThrow(InvalidOptionsError);
    }
    expect(() => createDurableObjectNonceStore({} as never)).toThrow(/class_name = "NonceStoreObject"/);
  });

  const namespace = { idFromName: (name: string) => name, get: () => ({ fetch: () => Promise.reject(new Error("not called")) }) };

  it("refuses a shard count that is not a whole number from 1 to 1024", () => {
    for (const shards of [0, -1, 1.5, 1025, Number.NaN, "4"]) {
      expect(() => createDurableObjectNonceStore(namespace, { shards: shards as never })).toThrow(
        /`shards` must be a whole number from 1 to 1024/,
      );
    }
    expect(() => createDurableObjectNonceStore(namespace, null as never)).toThrow(/options must be an object/);
  });

  it("names one object per shard, the same names in every isolate", () => {
    const names: string[] = [];
    createDurableObjectNonceStore({ ...namespace, idFromName: (name: string) => (names.push(name), name) }, { shards: 3 });
    expect(names).toEqual(["sign-in-with-xrpl/0", "sign-in-with-xrpl/1", "sign-in-with-xrpl/2"]);
  });
});
