import { SESSION_RECORD_FIELDS as FIELDS } from "../server/session-record.js";
import type { SessionRecord, SessionStore } from "../server/types.js";
import { fail, show, type ContractCheck } from "./contract-check.js";

const SUBJECT = "SessionStore";

// Every field the handlers write (`failedAttempts` is no longer written).
const FULL_RECORD: Required<Omit<SessionRecord, "failedAttempts">> = {
  pendingNonce: "a3f9c2e17b4d4f0e9a8b7c6d5e4f3a2b",
  nonceIssuedAt: 1_700_000_000_000,
  address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh",
  authenticatedAt: 1_700_000_100_000,
  domain: "tenant-a.example.com",
  sessionId: "5d41402abc4b2a76b9719d911017c592",
  authority: "multisig",
  publicKey: "ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63",
  signers: ["rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh"],
  validatedAt: 1_700_000_200_000,
  // Ledger claims read at sign-in: a nested record of booleans.
  claims: { kyc: true, member: false },
  claimsReadAt: 1_700_000_200_000,
  // App data from an onSignIn hook: nested JSON, so a store that keeps only flat fields fails.
  data: { userId: "u_42", roles: ["admin", "billing"], plan: { tier: 2, trial: false, renewsAt: null } },
};
const SIGNED_IN: SessionRecord = { address: FULL_RECORD.address, authenticatedAt: FULL_RECORD.authenticatedAt };

/**
 * One browser's view of your session store, across requests, for `sessionStoreContract`.
 *
 * @example
 * ```ts
 * // One request through your real framework: the store for it, then the response is sent
 * // (session saved, Set-Cookie kept by the client's cookie jar).
 * const client: SessionStoreClient = {
 *   request: (use) => runRequestThroughMyApp(jar, use),
 *   clone: () => clientWith(jar.copy()),
 * };
 * ```
 */
export interface SessionStoreClient {
  /**
   * Runs one request: `use` gets the `SessionStore` of that request; when it settles, the request
   * ends the way your framework ends it (session saved, cookies sent back and kept), so the next
   * request of this client sees the result.
   */
  request<T>(use: (store: SessionStore) => Promise<T>): Promise<T>;
  /** A second client holding a copy of this client's cookies as they are now (a copied cookie). */
  clone(): SessionStoreClient | Promise<SessionStoreClient>;
}

/**
 * Your session store behind real requests, for the checks that matter across requests: the next
 * request sees what was stored, `regenerate` retires the old session id, `destroy` ends the
 * session.
 *
 * @example
 * ```ts
 * const harness: SessionStoreHarness = {
 *   kind: "server-store",          // sessions kept on the server under an id (express-session)
 *   newClient: () => clientWith(createCookieJar()),
 * };
 * for (const check of sessionStoreContract(harness)) it(check.name, check.run);
 * ```
 */
export interface SessionStoreHarness {
  /**
   * `"server-store"`: the record lives on the server under a session id (express-session); an old
   * copy of the cookie stops reading the session once it is destroyed or regenerated.
   * `"sealed-cookie"`: the record travels inside the cookie (iron-session); a copy taken earlier
   * keeps the record it held, so only the current client is checked.
   */
  kind: "server-store" | "sealed-cookie";
  /** A client with no session yet (an empty cookie jar). */
  newClient(): SessionStoreClient | Promise<SessionStoreClient>;
}

/** Compares the record fields only: a store may keep other fields of its own (express-session's `cookie`). */
async function expectRecord(store: SessionStore, expected: SessionRecord, when: string): Promise<void> {
  const actual = await store.get();
  if (typeof actual !== "object" || actual === null) fail(SUBJECT, `${when}: get() resolved ${show(actual)}, expected an object.`);
  for (const field of FIELDS) {
    if (show(actual[field]) !== show(expected[field])) {
      fail(
        SUBJECT,
        `${when}: get().${field} is ${show(actual[field])}, expected ${show(expected[field])} (whole record: ${show(actual)}).`,
      );
    }
  }
  // The app data is JSON: equal when its JSON text is.
  if (JSON.stringify(actual.data) !== JSON.stringify(expected.data)) {
    fail(SUBJECT, `${when}: get().data is ${show(actual.data)}, expected ${show(expected.data)} (whole record: ${show(actual)}).`);
  }
}

/** The checks that run inside one request, given a way to get a new, empty session's store. */
function withinRequestChecks(withStore: (use: (store: SessionStore) => Promise<void>) => Promise<void>): ContractCheck[] {
  return [
    {
      name: "a new session reads as an empty record",
      run: () => withStore((store) => expectRecord(store, {}, "new session")),
    },
    {
      name: "set persists every field and get reads them back",
      run: () =>
        withStore(async (store) => {
          await store.set({ ...FULL_RECORD });
          await expectRecord(store, FULL_RECORD, "after set(full record)");
        }),
    },
    {
      name: "set replaces the whole record: fields absent from it are removed",
      run: () =>
        withStore(async (store) => {
          await store.set({ ...FULL_RECORD });
          await store.set({ address: FULL_RECORD.address, authenticatedAt: 5 });
          await expectRecord(store, { address: FULL_RECORD.address, authenticatedAt: 5 }, "after set(address only)");
          await store.set({});
          await expectRecord(store, {}, "after set({})");
        }),
    },
    {
      name: "get returns a copy: changing it does not change the session",
      run: () =>
        withStore(async (store) => {
          await store.set({ pendingNonce: FULL_RECORD.pendingNonce });
          const copy = await store.get();
          copy.address = "rDsbeomae4FXwgQTJp9Rs64Qg9vDiTCdBv";
          delete copy.pendingNonce;
          await expectRecord(store, { pendingNonce: FULL_RECORD.pendingNonce }, "after changing the object get() returned");
        }),
    },
    {
      name: "destroy empties the session",
      run: () =>
        withStore(async (store) => {
          await store.set({ ...FULL_RECORD });
          await store.destroy();
          await expectRecord(store, {}, "after destroy()");
        }),
    },
    {
      name: "regenerate, when present, leaves an empty record that can be written",
      run: () =>
        withStore(async (store) => {
          if (store.regenerate === undefined) return;
          if (typeof store.regenerate !== "function")
            fail(SUBJECT, `regenerate is ${show((store as { regenerate?: unknown }).regenerate)}, expected a function or undefined.`);
          await store.set({ ...FULL_RECORD });
          await store.regenerate();
          await expectRecord(store, {}, "after regenerate()");
          await store.set({ ...SIGNED_IN });
          await expectRecord(store, SIGNED_IN, "after set() following regenerate()");
        }),
    },
  ];
}

/** The checks across requests: what the next request, and an old copy of the cookie, see. */
function acrossRequestChecks(harness: SessionStoreHarness): ContractCheck[] {
  const serverStore = harness.kind === "server-store";
  const checks: ContractCheck[] = [
    {
      name: "the next request sees what set stored",
      async run() {
        const client = await harness.newClient();
        await client.request(async (store) => store.set({ ...FULL_RECORD }));
        await client.request((store) => expectRecord(store, FULL_RECORD, "next request after set(full record)"));
        await client.request(async (store) => store.set({ ...SIGNED_IN }));
        await client.request((store) => expectRecord(store, SIGNED_IN, "next request after set(address only)"));
      },
    },
    {
      name: "two clients never see each other's session",
      async run() {
        const first = await harness.newClient();
        const second = await harness.newClient();
        await first.request(async (store) => store.set({ ...FULL_RECORD }));
        await second.request((store) => expectRecord(store, {}, "another client's first request"));
      },
    },
    {
      name: "destroy ends the session: the next request reads an empty record",
      async run() {
        const client = await harness.newClient();
        await client.request(async (store) => store.set({ ...FULL_RECORD }));
        await client.request((store) => Promise.resolve(store.destroy()));
        await client.request((store) => expectRecord(store, {}, "next request after destroy()"));
      },
    },
    {
      name: "regenerate, when present, gives a new session: the next request reads what was set after it",
      async run() {
        const client = await harness.newClient();
        let hasRegenerate = false;
        await client.request(async (store) => {
          hasRegenerate = typeof store.regenerate === "function";
          await store.set({ ...FULL_RECORD });
        });
        if (!hasRegenerate) return;
        await client.request(async (store) => {
          await store.regenerate!();
          await store.set({ ...SIGNED_IN });
        });
        await client.request((store) => expectRecord(store, SIGNED_IN, "next request after regenerate() and set()"));
      },
    },
  ];
  if (!serverStore) return checks;
  checks.push(
    {
      name: "destroy ends the session for every copy of the cookie (server-side sessions)",
      async run() {
        const client = await harness.newClient();
        await client.request(async (store) => store.set({ ...FULL_RECORD }));
        const copy = await client.clone();
        await client.request((store) => Promise.resolve(store.destroy()));
        await copy.request((store) => expectRecord(store, {}, "a copy of the cookie taken before destroy()"));
      },
    },
    {
      name: "regenerate retires the old session id: a copy of the old cookie reads nothing (server-side sessions)",
      async run() {
        const client = await harness.newClient();
        let hasRegenerate = false;
        await client.request(async (store) => {
          hasRegenerate = typeof store.regenerate === "function";
          await store.set({ ...FULL_RECORD });
        });
        if (!hasRegenerate)
          fail(
            SUBJECT,
            "a server-side session store needs regenerate(), so a session id planted before sign-in never becomes a signed-in one.",
          );
        const copy = await client.clone();
        await client.request(async (store) => {
          await store.regenerate!();
          await store.set({ ...SIGNED_IN });
        });
        await copy.request((store) => expectRecord(store, {}, "a copy of the cookie taken before regenerate()"));
      },
    },
  );
  return checks;
}

/**
 * The checks every `SessionStore` must pass. Given a harness that runs real requests (the
 * recommended form), it checks what matters across requests: the next request sees what was
 * stored, two clients never share a session, `destroy` ends the session, and `regenerate` gives
 * a new one; for server-side sessions, an old copy of the cookie stops reading the session once
 * it is destroyed or regenerated (and `regenerate` is required). It also runs the checks within
 * one request: a new session reads empty, `set` replaces the whole record, `get` returns a copy.
 *
 * Given a plain function that makes a new store, only the checks within one request run: they
 * cannot see whether the next request would find the data.
 *
 * @example
 * ```ts
 * import { describe, it } from "vitest";
 * import { sessionStoreContract } from "sign-in-with-xrpl/testing";
 *
 * describe("my session store", () => {
 *   const harness = { kind: "server-store" as const, newClient: () => newClientOfMyApp() };
 *   for (const check of sessionStoreContract(harness)) it(check.name, check.run);
 * });
 * ```
 */
export function sessionStoreContract(target: SessionStoreHarness | (() => SessionStore | Promise<SessionStore>)): ContractCheck[] {
  if (typeof target === "function") {
    return withinRequestChecks(async (use) => use(await target()));
  }
  if (typeof target !== "object" || target === null || typeof target.newClient !== "function") {
    fail(SUBJECT, "sessionStoreContract takes a harness { kind, newClient() } or a function that makes a new store.");
  }
  if (target.kind !== "server-store" && target.kind !== "sealed-cookie") {
    fail(SUBJECT, `the harness kind must be "server-store" or "sealed-cookie", got ${show(target.kind)}.`);
  }
  const withinRequest = withinRequestChecks(async (use) => {
    const client = await target.newClient();
    await client.request(use);
  });
  return [...withinRequest, ...acrossRequestChecks(target)];
}
