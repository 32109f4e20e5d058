import type { SessionRecord, SessionStore } from "../server/types.js";
import { fail, show, type ContractCheck } from "./contract-check.js";

const SUBJECT = "SessionStore";
const FIELDS = ["pendingNonce", "nonceIssuedAt", "address", "authenticatedAt"] as const;

const FULL_RECORD: Required<SessionRecord> = {
  pendingNonce: "a3f9c2e17b4d4f0e9a8b7c6d5e4f3a2b",
  nonceIssuedAt: 1_700_000_000_000,
  address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
  authenticatedAt: 1_700_000_100_000,
};

/** Compares the record fields only: a store may keep other fields of its own (express-session's `cookie`). */
async function expectRecord(store: SessionStore, expected: SessionRecord, when: string): Promise<void> {
  const actual = await store.get();
  if (typeof actual !== "object" || actual === null) fail(SUBJECT, `${when}: get() resolved ${show(actual)}, expected an object.`);
  for (const field of FIELDS) {
    if (actual[field] !== expected[field]) {
      fail(SUBJECT, `${when}: get().${field} is ${show(actual[field])}, expected ${show(expected[field])} (whole record: ${show(actual)}).`);
    }
  }
}

/**
 * The checks every `SessionStore` must pass: a new session reads empty, `set` persists and
 * replaces the whole record (absent fields removed), `get` returns a copy, `destroy` empties
 * the session, and `regenerate` (when the store has it) leaves an empty, writable record.
 * `makeStore` is called once per check and must give a new, empty session.
 *
 * @example
 * ```ts
 * import { describe, it } from "vitest";
 * import { sessionStoreContract } from "sign-in-with-xrpl/testing";
 *
 * describe("my session store", () => {
 *   for (const check of sessionStoreContract(() => createMySessionStore())) it(check.name, check.run);
 * });
 * ```
 */
export function sessionStoreContract(makeStore: () => SessionStore | Promise<SessionStore>): ContractCheck[] {
  return [
    {
      name: "a new session reads as an empty record",
      async run() {
        await expectRecord(await makeStore(), {}, "new session");
      },
    },
    {
      name: "set persists every field and get reads them back",
      async run() {
        const store = await makeStore();
        await store.set({ ...FULL_RECORD });
        await expectRecord(store, FULL_RECORD, "after set(full record)");
      },
    },
    {
      name: "set replaces the whole record: fields absent from it are removed",
      async run() {
        const store = await makeStore();
        await store.set({ ...FULL_RECORD });
        await store.set({ address: FULL_RECORD.address, authenticatedAt: 5 });
        await expectRecord(store, { address: FULL_RECORD.address, authenticatedAt: 5 }, "after set(address only)");
        await store.set({});
        await expectRecord(store, {}, "after set({})");
      },
    },
    {
      name: "get returns a copy: changing it does not change the session",
      async run() {
        const store = await makeStore();
        await store.set({ pendingNonce: FULL_RECORD.pendingNonce });
        const copy = await store.get();
        copy.address = "rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv";
        delete copy.pendingNonce;
        await expectRecord(store, { pendingNonce: FULL_RECORD.pendingNonce }, "after changing the object get() returned");
      },
    },
    {
      name: "destroy empties the session",
      async run() {
        const store = await makeStore();
        await store.set({ ...FULL_RECORD });
        await store.destroy();
        await expectRecord(store, {}, "after destroy()");
      },
    },
    {
      name: "regenerate, when present, leaves an empty record that can be written",
      async run() {
        const store = await makeStore();
        if (store.regenerate === undefined) return;
        if (typeof store.regenerate !== "function") fail(SUBJECT, `regenerate is ${show(store.regenerate)}, expected a function or undefined.`);
        await store.set({ ...FULL_RECORD });
        await store.regenerate();
        await expectRecord(store, {}, "after regenerate()");
        await store.set({ address: FULL_RECORD.address, authenticatedAt: FULL_RECORD.authenticatedAt });
        await expectRecord(store, { address: FULL_RECORD.address, authenticatedAt: FULL_RECORD.authenticatedAt }, "after set() following regenerate()");
      },
    },
  ];
}
