/**
 * State bounded by what can still be alive: a server-store sign-out leaves no revocation entry
 * (the destroyed record ends every copy of its cookie), a sealed-cookie revocation lasts only what
 * is left of the session's absolute lifetime, and the memory store never grows past its cap: full,
 * it refuses (the handlers answer a service failure) and says so once. The store-growth test
 * drives 200,000 sign-ins through the real handlers in this process, with an injected clock
 * spanning two days.
 */
import { describe, expect, it } from "vitest";
import { StoreUnavailableError } from "../../src/errors.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  DEFAULT_MEMORY_STORE_MAX_ENTRIES,
  type AuthHandlersOptions,
  type RevocationStore,
  type SessionKind,
} from "../../src/server/index.js";
import { memoryStoreEntries } from "../../src/server/memory-nonce-store.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0 } from "./support.js";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const CLOCK_SKEW_MS = 60_000;
const TEMPLATE_NONCE = "0123456789abcdef0123456789abcdef";

function setup(
  sessionKind: SessionKind,
  storeOptions: Parameters<typeof createMemoryNonceStore>[0] = {},
  handlerOptions: Partial<AuthHandlersOptions> = {},
) {
  const clock = { now: T0 };
  const logger = recordingLogger();
  const nonceStore = createMemoryNonceStore({ now: () => clock.now, logger, ...storeOptions });
  const handlers = createAuthHandlers({
    verifier: scriptedVerifier(true),
    sessionKind,
    domain: "example.com",
    now: () => clock.now,
    logger,
    nonceStore,
    ...handlerOptions,
  });
  const account = makeAccount();
  // The verifier here is scripted (it accepts): what is measured is the handlers' state, so the
  // proof's signature is made once, and every sign-in still sends a fresh, valid message.
  const signature = signedBody(account, "a message").signature;
  // One message laid out by createMessage; each sign-in puts its own nonce and time into it, so
  // 200,000 sign-ins spend their time in the handlers rather than in building messages.
  const template = buildMessage({ account, nonce: TEMPLATE_NONCE, issuedAtMs: T0 });
  const templateIssuedAt = new Date(T0).toISOString();
  const signIn = async (session = createMemorySessionStore()) => {
    const { body } = await handlers.nonce(session);
    const message = template.replace(TEMPLATE_NONCE, body.nonce as string).replace(templateIssuedAt, new Date(clock.now).toISOString());
    const proof = { message, signatureKind: "signature", signature, publicKey: account.publicKey, address: account.address };
    return { session, answer: await handlers.verify(session, { body: proof }) };
  };
  return { clock, logger, nonceStore, handlers, signIn };
}

describe("revocations last only while the session they end could be used", () => {
  it("server-store: sign-out destroys the record and revokes nothing; every copy of the cookie (the same id) reads signed out", async () => {
    const revoked: string[] = [];
    const nonceStore = createMemoryNonceStore();
    const recording: RevocationStore = {
      revoke: (id, ttlMs) => {
        revoked.push(id);
        return nonceStore.revoke(id, ttlMs);
      },
      isRevoked: (id) => nonceStore.isRevoked(id),
    };
    const { handlers, signIn } = setup("server-store", {}, { revocationStore: recording });
    const { session } = await signIn();
    // The cookie holds only the session id: a copy of it reaches this same record.
    const copyOfCookie = session;
    expect((await handlers.me(copyOfCookie)).status).toBe(200);
    expect(await handlers.signOut(session)).toEqual({ status: 200, body: { ok: true } });
    expect(session.destroyed).toBe(true);
    expect(await handlers.me(copyOfCookie)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    expect(revoked).toEqual([]);
    expect(memoryStoreEntries(nonceStore)?.revokedIds).toBe(0);
  });

  it("server-store: when the record cannot be destroyed, the session id is revoked instead, for what is left of its lifetime", async () => {
    const { handlers, signIn, nonceStore, clock, logger } = setup("server-store");
    const { session } = await signIn();
    const { sessionId } = await session.get();
    clock.now += 2 * HOUR;
    const stuck = {
      ...session,
      get: () => session.get(),
      set: (record: never) => session.set(record),
      destroy: () => Promise.reject(new Error("session store down")),
    };
    expect(await handlers.signOut(stuck)).toEqual({ status: 200, body: { ok: true } });
    expect(logger.entries.map((entry) => entry.message).join("\n")).toMatch(/could not destroy the session on sign-out/);
    expect(await nonceStore.isRevoked(sessionId!)).toBe(true);
    expect(await handlers.me(session)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    clock.now = T0 + DAY + CLOCK_SKEW_MS;
    expect(await nonceStore.isRevoked(sessionId!)).toBe(false);
  });

  it("sealed-cookie: the revocation expires exactly when the session's absolute lifetime (plus the clock skew) ends", async () => {
    const { handlers, signIn, nonceStore, clock } = setup("sealed-cookie");
    const { session } = await signIn();
    const { sessionId } = await session.get();
    clock.now += 5 * HOUR;
    await handlers.signOut(session);
    clock.now = T0 + DAY + CLOCK_SKEW_MS - 1;
    expect(await nonceStore.isRevoked(sessionId!)).toBe(true);
    clock.now += 1;
    expect(await nonceStore.isRevoked(sessionId!)).toBe(false);
    expect(memoryStoreEntries(nonceStore)?.revokedIds).toBe(0);
  });
});

describe("store growth: 200,000 sign-ins over two days, every second one signing out", () => {
  const SIGN_INS = 200_000;
  // Two days of sign-ins, so the first day's sign-outs have outlived their sessions by the end.
  const STEP_MS = (2 * DAY) / SIGN_INS;

  it.each(["server-store", "sealed-cookie"] as const)(
    "%s: revocation entries never exceed the signed-out sessions still inside their lifetime",
    async (sessionKind) => {
      const { signIn, handlers, nonceStore, clock } = setup(sessionKind);
      /** When each signed-out session's absolute lifetime (plus skew) ends, in order. */
      const signedOutUntil: number[] = [];
      let oldestAlive = 0;
      const stillAlive = () => {
        while (oldestAlive < signedOutUntil.length && signedOutUntil[oldestAlive]! <= clock.now) oldestAlive += 1;
        return signedOutUntil.length - oldestAlive;
      };
      let checked = 0;
      for (let index = 0; index < SIGN_INS; index += 1) {
        clock.now += STEP_MS;
        const { session, answer } = await signIn();
        if (answer.status !== 200) throw new Error(`sign-in ${index}: ${JSON.stringify(answer)}`);
        if (index % 2 === 1) {
          const { authenticatedAt } = await session.get();
          await handlers.signOut(session);
          signedOutUntil.push(authenticatedAt! + DAY + CLOCK_SKEW_MS);
        }
        if (index % 20_000 === 19_999) {
          const entries = memoryStoreEntries(nonceStore)!;
          const bound = sessionKind === "server-store" ? 0 : stillAlive();
          expect({ index, revokedIds: entries.revokedIds }).toEqual({ index, revokedIds: bound });
          // Used nonces stay within the message validity window (420 s at 864 ms per sign-in).
          expect(entries.usedNonces).toBeLessThanOrEqual(Math.ceil(420_000 / STEP_MS) + 1);
          checked += 1;
        }
      }
      expect(checked).toBe(10);
      expect(signedOutUntil).toHaveLength(SIGN_INS / 2);
      // At the end, about half the sign-outs (those of the last day) are still inside their lifetime.
      if (sessionKind === "sealed-cookie") {
        expect(stillAlive()).toBeGreaterThan(SIGN_INS / 4 - 1000);
        expect(stillAlive()).toBeLessThan(SIGN_INS / 4 + 1000);
      }
    },
    300_000,
  );
});

describe("the memory store's cap", () => {
  it("refuses to grow past maxEntries (used nonces, attempt counts and revoked ids together), says so once, and answers what it already holds", async () => {
    const logger = recordingLogger();
    const store = createMemoryNonceStore({ maxEntries: 3, logger });
    expect(await store.consume("nonce-a", 60_000)).toBe(true);
    expect(await store.consume("nonce-b", 60_000)).toBe(true);
    await store.revoke("session-1", 60_000);
    await expect(store.consume("nonce-c", 60_000)).rejects.toThrow(StoreUnavailableError);
    await expect(store.consume("nonce-c", 60_000)).rejects.toThrow(/full \(3 entries not yet expired\): it cannot record a used nonce/);
    await expect(store.revoke("session-2", 60_000)).rejects.toThrow(/cannot record a revoked session/);
    // What it holds still answers; nothing that needs no new entry is refused.
    expect(await store.consume("nonce-a", 60_000)).toBe(false);
    expect(await store.isRevoked("session-1")).toBe(true);
    expect(await store.isRevoked("session-2")).toBe(false);
    await store.revoke("session-1", 1000);
    expect(logger.entries).toEqual([
      {
        level: "error",
        message: expect.stringMatching(
          /^sign-in-with-xrpl: createMemoryNonceStore is full \(3 entries: .*\); it refuses to record a used nonce, so sign-ins fail until entries expire\. Use a shared store .* or raise maxEntries\.$/,
        ),
        details: [],
      },
    ]);
  });

  it("makes room as entries expire, and says it again only after it had emptied", async () => {
    let now = 0;
    const logger = recordingLogger();
    const store = createMemoryNonceStore({ maxEntries: 10, logger, now: () => now });
    for (let index = 0; index < 10; index += 1) expect(await store.consume(`n${index}`, 1000 + index)).toBe(true);
    await expect(store.consume("late", 1000)).rejects.toThrow(StoreUnavailableError);
    now = 1000;
    // One expired: one fits, the next is refused again without a second log line.
    expect(await store.consume("late", 5000)).toBe(true);
    await expect(store.consume("later", 5000)).rejects.toThrow(StoreUnavailableError);
    expect(logger.entries).toHaveLength(1);
    now = 1009;
    for (let index = 0; index < 9; index += 1) expect(await store.consume(`m${index}`, 5000)).toBe(true);
    await expect(store.consume("again", 5000)).rejects.toThrow(StoreUnavailableError);
    expect(logger.entries).toHaveLength(2);
  });

  it.each(["server-store", "sealed-cookie"] as const)(
    "%s: a full store makes verify answer a service failure, never a sign-in",
    async (sessionKind) => {
      // Room for one sign-in: its signature attempt and its used nonce.
      const { signIn, handlers, logger } = setup(sessionKind, { maxEntries: 2 });
      expect((await signIn()).answer.status).toBe(200);
      const { session, answer } = await signIn();
      expect(answer).toEqual({
        status: 500,
        body: { error: sessionKind === "server-store" ? "Verification service unavailable." : "Internal server error." },
      });
      expect(await handlers.me(session)).toEqual({ status: 401, body: { error: "Not authenticated." } });
      expect(logger.entries.filter((entry) => /createMemoryNonceStore is full/.test(entry.message))).toHaveLength(1);
    },
  );

  it(`holds ${DEFAULT_MEMORY_STORE_MAX_ENTRIES.toLocaleString("en")} entries by default`, async () => {
    const store = createMemoryNonceStore();
    for (let index = 0; index < DEFAULT_MEMORY_STORE_MAX_ENTRIES; index += 1) await store.revoke(`s${index}`, 60_000);
    await expect(store.consume("one-more", 60_000)).rejects.toThrow(StoreUnavailableError);
    expect(memoryStoreEntries(store)).toEqual({ usedNonces: 0, revokedIds: DEFAULT_MEMORY_STORE_MAX_ENTRIES, attemptCounts: 0 });
  });

  it("refuses a maxEntries that is not a positive whole number, and a logger without error()", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, "10"]) {
      expect(() => createMemoryNonceStore({ maxEntries: bad as number })).toThrow(/`maxEntries` must be a positive whole number/);
    }
    expect(() => createMemoryNonceStore({ logger: {} as never })).toThrow(/`logger` must have an error\(message\) method/);
  });
});
