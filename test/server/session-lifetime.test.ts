/**
 * Sessions that end: a nonce request keeps a live sign-in (and only a live one), an absolute
 * lifetime from sign-in, sign-out revoking the session id for every copy of the record, the
 * failed-signature limit on a pending nonce, and revalidation of the signing authority through a ledger node (the
 * mock rippled, whose accounts change between reads). Both session kinds, one injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Wallet } from "xrpl";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  MAX_FAILED_VERIFY_ATTEMPTS,
  type AuthHandlersOptions,
  type NonceStore,
  type RevocationStore,
  type SessionKind,
  type SessionRecord,
} from "../../src/server/index.js";
import { createMemorySessionStore, type MemorySessionStore } from "../../src/testing/index.js";
import { createVerifier, type Verifier } from "../../src/verify/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { compactProof, keyAddressOf, multiSignedTx, regularKeyWallet, signedTxRequest, walletFor } from "../verify/proofs.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0 } from "./support.js";

const HOUR = 3_600_000;
const NOT_AUTHENTICATED = { status: 401, body: { error: "Not authenticated." } };
const LSF_DISABLE_MASTER = 0x00100000;

function setup(sessionKind: SessionKind, options: Partial<AuthHandlersOptions> = {}) {
  const clock = { now: T0 };
  const logger = recordingLogger();
  const nonceStore = createMemoryNonceStore({ now: () => clock.now });
  const verifier = options.verifier ?? scriptedVerifier(true);
  const handlers = createAuthHandlers({
    verifier,
    sessionKind,
    domain: "example.com",
    now: () => clock.now,
    logger,
    nonceStore,
    ...options,
  });
  const account = makeAccount();
  /** A browser's session, signed in: nonce, signed message, verify. */
  const signIn = async (session = createMemorySessionStore()) => {
    const { body } = await handlers.nonce(session);
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now });
    expect(await handlers.verify(session, { body: signedBody(account, message) })).toMatchObject({ status: 200 });
    return session;
  };
  return { clock, logger, nonceStore, handlers, account, signIn };
}

/** What a copied sealed cookie is: the same record in another store. */
const copyOfRecord = async (session: { get(): SessionRecord | Promise<SessionRecord> }) => createMemorySessionStore(await session.get());

/**
 * What a copied cookie reaches: a sealed cookie carries its record, so a copy is that record in
 * another store; a server-store cookie carries only the session id, so a copy reaches the same
 * record on the server.
 */
const copierFor =
  (sessionKind: SessionKind) =>
  async <Session extends MemorySessionStore>(session: Session): Promise<MemorySessionStore> =>
    sessionKind === "server-store" ? session : copyOfRecord(session);

describe.each(["sealed-cookie", "server-store"] as const)("sessions that end, %s session", (sessionKind) => {
  const copyOf = copierFor(sessionKind);
  describe("a nonce request keeps a live sign-in", () => {
    it("keeps the address, sign-in time and session id beside the new nonce; me and copies still read signed in", async () => {
      const { handlers, signIn, nonceStore, account, clock } = setup(sessionKind);
      const session = await signIn();
      const signedIn = await session.get();
      const copy = await copyOf(session);
      clock.now += HOUR;
      const answer = await handlers.nonce(session);
      expect(await session.get()).toEqual({ ...signedIn, pendingNonce: answer.body.nonce, nonceIssuedAt: T0 + HOUR });
      expect(await nonceStore.isRevoked(signedIn.sessionId!)).toBe(false);
      expect(await handlers.me(session)).toEqual({ status: 200, body: { address: account.address } });
      expect((await handlers.me(copy)).status).toBe(200);
    });

    it("gives the sign-in no new lifetime: it still ends 24 hours after it was made", async () => {
      const { handlers, signIn, clock } = setup(sessionKind);
      const session = await signIn();
      clock.now += 23 * HOUR;
      await handlers.nonce(session);
      expect((await handlers.me(session)).status).toBe(200);
      clock.now += HOUR;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
    });

    it("keeps the session id, so a later sign-out ends every copy, those from before the nonce request included", async () => {
      const { handlers, signIn } = setup(sessionKind);
      const session = await signIn();
      const before = await copyOf(session);
      await handlers.nonce(session);
      const after = await copyOf(session);
      await handlers.signOut(session);
      expect(await handlers.me(before)).toEqual(NOT_AUTHENTICATED);
      expect(await handlers.me(after)).toEqual(NOT_AUTHENTICATED);
    });

    it("a copy signed out elsewhere is not brought back by a nonce request", async () => {
      const { handlers, signIn } = setup(sessionKind);
      const session = await signIn();
      const copy = await copyOf(session);
      await handlers.signOut(session);
      const answer = await handlers.nonce(copy);
      expect(await copy.get()).toEqual({ pendingNonce: answer.body.nonce, nonceIssuedAt: T0 });
      expect(await handlers.me(copy)).toEqual(NOT_AUTHENTICATED);
    });

    it("a new sign-in over a live one ends the old one everywhere, so sign-out still ends every copy", async () => {
      const { handlers, signIn, nonceStore } = setup(sessionKind);
      const session = await signIn();
      const { sessionId: first } = await session.get();
      const serverSessionId = session.sessionId;
      const copyOfFirst = await copyOfRecord(session);
      await signIn(session);
      expect((await session.get()).sessionId).not.toBe(first);
      if (sessionKind === "sealed-cookie") {
        // The copy carries the old record: only the revocation ends it.
        expect(await nonceStore.isRevoked(first!)).toBe(true);
        expect(await handlers.me(copyOfFirst)).toEqual(NOT_AUTHENTICATED);
      } else {
        // A new server session id: copies of the old cookie name a record that is gone, so no
        // revocation entry is needed.
        expect(session.sessionId).not.toBe(serverSessionId);
        expect(await nonceStore.isRevoked(first!)).toBe(false);
      }
      expect((await handlers.me(session)).status).toBe(200);
    });
  });

  describe("absolute lifetime (maxSessionAgeSeconds)", () => {
    it("reads as signed in until 24 hours after sign-in by default, then signed out and cleared", async () => {
      const { handlers, signIn, clock, account } = setup(sessionKind);
      const session = await signIn();
      clock.now = T0 + 24 * HOUR - 1;
      expect(await handlers.me(session)).toEqual({ status: 200, body: { address: account.address } });
      clock.now = T0 + 24 * HOUR;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
      expect(session.destroyed).toBe(true);
    });

    it("holds whatever the session does in between: a copy kept busy ends at the same time", async () => {
      const { handlers, signIn, clock } = setup(sessionKind, { maxSessionAgeSeconds: 600 });
      const session = await signIn();
      const copy = await copyOf(session);
      for (let minute = 1; minute < 10; minute += 1) {
        clock.now = T0 + minute * 60_000;
        expect((await handlers.me(copy)).status).toBe(200);
      }
      clock.now = T0 + 600_000;
      expect(await handlers.me(copy)).toEqual(NOT_AUTHENTICATED);
    });

    it("reads a record without a session id (written before sessions had ids) as signed out", async () => {
      const { handlers } = setup(sessionKind);
      const old = createMemorySessionStore({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: T0 });
      expect(await handlers.me(old)).toEqual(NOT_AUTHENTICATED);
    });

    it("refuses a maxSessionAgeSeconds that is not a positive number, naming it", () => {
      for (const bad of [0, -1, Number.NaN, "86400"]) {
        expect(() => setup(sessionKind, { maxSessionAgeSeconds: bad as number })).toThrow(InvalidOptionsError);
        expect(() => setup(sessionKind, { maxSessionAgeSeconds: bad as number })).toThrow(/maxSessionAgeSeconds/);
      }
    });
  });

  describe("sign-out revokes the session id", () => {
    it("a copy of the session taken before sign-out reads 200 before and 401 after", async () => {
      const { handlers, signIn } = setup(sessionKind);
      const session = await signIn();
      const copy = await copyOf(session);
      expect((await handlers.me(copy)).status).toBe(200);
      expect(await handlers.signOut(session)).toEqual({ status: 200, body: { ok: true } });
      expect(await handlers.me(copy)).toEqual(NOT_AUTHENTICATED);
      // ... and a nonce request with the copy does not bring it back.
      await handlers.nonce(copy);
      expect(await handlers.me(copy)).toEqual(NOT_AUTHENTICATED);
    });

    it(
      sessionKind === "sealed-cookie"
        ? "keeps the id revoked until the absolute lifetime has passed (plus the clock skew), no longer"
        : "revokes nothing: the destroyed record ends every copy of its cookie",
      async () => {
        const revoked: { id: string; ttlMs: number }[] = [];
        const store = createMemoryNonceStore();
        const recording: RevocationStore = {
          revoke: (id, ttlMs) => {
            revoked.push({ id, ttlMs });
            return store.revoke(id, ttlMs);
          },
          isRevoked: (id) => store.isRevoked(id),
        };
        const { handlers, signIn, clock } = setup(sessionKind, {
          revocationStore: recording,
          maxSessionAgeSeconds: 3600,
          clockSkewSeconds: 30,
        });
        const session = await signIn();
        const { sessionId } = await session.get();
        clock.now = T0 + 1000 * 1000;
        await handlers.signOut(session);
        expect(revoked).toEqual(sessionKind === "sealed-cookie" ? [{ id: sessionId, ttlMs: 3600_000 + 30_000 - 1000_000 }] : []);
      },
    );

    it("uses the revocationStore option over the nonce store", async () => {
      const separate = createMemoryNonceStore();
      const { handlers, signIn, nonceStore } = setup(sessionKind, { revocationStore: separate });
      const session = await signIn();
      const { sessionId } = await session.get();
      await handlers.signOut(session);
      expect(await separate.isRevoked(sessionId!)).toBe(sessionKind === "sealed-cookie");
      expect(await nonceStore.isRevoked(sessionId!)).toBe(false);
    });

    it("fails closed when the revocation store cannot answer a read: 500 Internal server error., logged", async () => {
      let down = false;
      const store = createMemoryNonceStore();
      const flaky: RevocationStore = {
        revoke: (id, ttl) => store.revoke(id, ttl),
        isRevoked: (id) => (down ? Promise.reject(new Error("store down")) : store.isRevoked(id)),
      };
      const { handlers, signIn, logger } = setup(sessionKind, { revocationStore: flaky });
      const session = await signIn();
      down = true;
      expect(await handlers.me(session)).toEqual({ status: 500, body: { error: "Internal server error." } });
      expect(logger.entries.some((entry) => entry.level === "error")).toBe(true);
      down = false;
      expect((await handlers.me(session)).status).toBe(200);
    });

    it("still signs out this session, and logs, when the id cannot be revoked", async () => {
      const failing: RevocationStore = { revoke: () => Promise.reject(new Error("store down")), isRevoked: () => Promise.resolve(false) };
      const { handlers, signIn, logger } = setup(sessionKind, { revocationStore: failing });
      const session = await signIn();
      expect(await handlers.signOut(session)).toEqual({ status: 200, body: { ok: true } });
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
      // A server-store session is not revoked at all when its record is destroyed.
      expect(
        logger.entries
          .filter((entry) => entry.level === "error")
          .map((entry) => entry.message)
          .join("\n"),
      ).toMatch(sessionKind === "sealed-cookie" ? /could not revoke/ : /^$/);
    });

    it("refuses a revocationStore without revoke and isRevoked", () => {
      expect(() => setup(sessionKind, { revocationStore: { revoke: async () => {} } as unknown as RevocationStore })).toThrow(
        /revocationStore/,
      );
    });

    it(
      sessionKind === "sealed-cookie"
        ? "says once, at creation, that sign-out cannot end copies when nothing keeps revoked ids"
        : "says nothing about revoked ids at creation when nothing keeps them (the server-side record is destroyed anyway)",
      () => {
        const consumeOnly: NonceStore = { consume: () => Promise.resolve(true) };
        const { logger } = setup(sessionKind, { nonceStore: consumeOnly });
        const warnings = logger.entries.filter((entry) => entry.level === "warn").map((entry) => entry.message);
        // The store counts no attempts either: that is said once as well.
        const counting = expect.stringMatching(
          /no countAttempt\(nonce, ttlMs\) method, so failed signature attempts are counted in each process's memory/,
        );
        if (sessionKind === "sealed-cookie") expect(warnings).toEqual([expect.stringMatching(/revocationStore/), counting]);
        else expect(warnings).toEqual([counting]);
      },
    );
  });

  describe(`failed signature attempts per pending nonce (${MAX_FAILED_VERIFY_ATTEMPTS} by default)`, () => {
    async function failedAttempts(count: number, answer: boolean | Error = false, options: Partial<AuthHandlersOptions> = {}) {
      const verifier = scriptedVerifier(answer);
      const context = setup(sessionKind, { verifier, ...options });
      const { handlers, account, clock } = context;
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now }));
      const answers = [];
      for (let attempt = 0; attempt < count; attempt += 1) answers.push(await handlers.verify(session, { body: proof }));
      verifier.answer(true);
      return { ...context, answers, session, proof, verifier, nonce: body.nonce as string };
    }
    const noPendingNonce = sessionKind === "server-store" ? "No pending nonce. Request /nonce first." : "No pending nonce.";
    const SIGNATURE_FAILED = { status: 401, body: { error: "Signature verification failed." } };

    it("keeps the nonce through 4 refused signatures (same text each time), so the honest proof still signs in", async () => {
      const { answers, session, handlers, proof } = await failedAttempts(MAX_FAILED_VERIFY_ATTEMPTS - 1);
      expect(answers).toEqual(Array.from({ length: 4 }, () => SIGNATURE_FAILED));
      expect((await session.get()).pendingNonce).toBeDefined();
      expect(await handlers.verify(session, { body: proof })).toMatchObject({ status: 200 });
    });

    it("clears the nonce at the 5th refused signature (its own text): the next attempt needs a new nonce", async () => {
      const { answers, session, handlers, proof, verifier } = await failedAttempts(MAX_FAILED_VERIFY_ATTEMPTS);
      expect(answers.at(-1)).toEqual(SIGNATURE_FAILED);
      expect(await session.get()).toEqual({});
      expect(await handlers.verify(session, { body: proof })).toEqual({ status: 400, body: { error: noPendingNonce } });
      expect(verifier.calls).toHaveLength(5);
    });

    it("spends the nonce for a copy of the session taken before: the 6th check is not judged, and the copy's nonce is cleared", async () => {
      const verifier = scriptedVerifier(false);
      const { handlers, account, clock } = setup(sessionKind, { verifier });
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const copy = await copyOf(session);
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now }));
      for (let attempt = 0; attempt < 5; attempt += 1) await handlers.verify(session, { body: proof });
      verifier.answer(true);
      expect(await handlers.verify(copy, { body: proof })).toEqual({ status: 400, body: { error: noPendingNonce } });
      expect(verifier.calls).toHaveLength(5);
      expect(await copy.get()).toEqual({});
    });

    it("keeps a live sign-in when it clears a spent nonce", async () => {
      const verifier = scriptedVerifier(true);
      const { handlers, account, clock, signIn } = setup(sessionKind, { verifier });
      const session = await signIn();
      const signedIn = await session.get();
      const { body } = await handlers.nonce(session);
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now }));
      verifier.answer(false);
      for (let attempt = 0; attempt < 5; attempt += 1) await handlers.verify(session, { body: proof });
      expect(await session.get()).toEqual(signedIn);
      expect((await handlers.me(session)).status).toBe(200);
    });

    it("never counts nor clears on validation failures, each with its own text: 10 wrong-domain messages, then the right one signs in", async () => {
      const { handlers, account, clock, verifier } = await failedAttempts(0, true);
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const nonce = body.nonce as string;
      const wrong = [
        signedBody(account, "hello"),
        signedBody(account, buildMessage({ account, nonce: "f".repeat(32), issuedAtMs: clock.now })),
        signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now - HOUR })),
        signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now + HOUR })),
        ...Array.from({ length: 10 }, () =>
          signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now, domain: "evil.example" })),
        ),
      ];
      const texts = [];
      for (const proof of wrong) texts.push((await handlers.verify(session, { body: proof })).body.error);
      expect(texts).toEqual([
        "Invalid message format.",
        "Nonce does not match.",
        "Message is too old.",
        "Message is issued in the future.",
        ...Array.from({ length: 10 }, () => "Domain does not match."),
      ]);
      expect(verifier.calls).toHaveLength(0);
      expect(await session.get()).toEqual({ pendingNonce: nonce, nonceIssuedAt: clock.now });
      const right = signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now }));
      expect(await handlers.verify(session, { body: right })).toMatchObject({ status: 200 });
    });

    it("judges at most 5 of 40 concurrent bad proofs on one nonce, and refuses the good proof after them", async () => {
      const verifier = scriptedVerifier(false);
      const { handlers, account, clock } = setup(sessionKind, { verifier });
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const snapshot = await session.get();
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now }));
      // Each request carries its own copy of the session, as 40 requests with one cookie do.
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => handlers.verify(createMemorySessionStore(snapshot), { body: proof })),
      );
      expect(verifier.calls).toHaveLength(5);
      expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
      expect(answers.filter((answer) => answer.body.error === noPendingNonce)).toHaveLength(35);
      verifier.answer(true);
      expect(await handlers.verify(createMemorySessionStore(snapshot), { body: proof })).toEqual({
        status: 400,
        body: { error: noPendingNonce },
      });
      expect(verifier.calls).toHaveLength(5);
    });

    it("counts a ledger outage as a check (it is counted before it is judged) but never clears the nonce for it", async () => {
      const { session, answers, handlers, proof } = await failedAttempts(MAX_FAILED_VERIFY_ATTEMPTS, new Error("ledger down"));
      expect(answers.map((answer) => answer.status)).toEqual([500, 500, 500, 500, 500]);
      expect((await session.get()).pendingNonce).toBeDefined();
      expect(await handlers.verify(session, { body: proof })).toEqual({ status: 400, body: { error: noPendingNonce } });
    });

    it("follows maxFailedSignatureAttempts, and Infinity turns the limit off", async () => {
      const two = await failedAttempts(2, false, { maxFailedSignatureAttempts: 2 });
      expect(await two.session.get()).toEqual({});
      const off = await failedAttempts(50, false, { maxFailedSignatureAttempts: Number.POSITIVE_INFINITY });
      expect(off.answers.every((answer) => answer.status === 401)).toBe(true);
      expect(await off.handlers.verify(off.session, { body: off.proof })).toMatchObject({ status: 200 });
    });

    it.each([0, -1, 2.5, Number.NaN, "5", null])("refuses maxFailedSignatureAttempts %j, naming it", (limit) => {
      expect(() => setup(sessionKind, { maxFailedSignatureAttempts: limit as number })).toThrow(
        /createAuthHandlers: `maxFailedSignatureAttempts` must be a whole number of at least 1, or Infinity/,
      );
    });

    it(`keeps each count as long as the pending nonce can be used (${sessionKind === "server-store" ? "the nonce TTL" : "the session's absolute lifetime"}, plus the clock skew)`, async () => {
      const ttls: number[] = [];
      const inner = createMemoryNonceStore();
      const recording: NonceStore = {
        consume: (nonce, ttlMs) => inner.consume(nonce, ttlMs),
        countAttempt: (nonce, ttlMs) => (ttls.push(ttlMs), inner.countAttempt(nonce, ttlMs)),
      };
      await failedAttempts(1, false, { nonceStore: recording, revocationStore: inner, nonceTtlSeconds: 120, maxSessionAgeSeconds: 7200 });
      expect(ttls).toEqual([sessionKind === "server-store" ? 120_000 + 60_000 : 7_200_000 + 60_000]);
    });

    it("fails a verify whose count cannot be made as a service failure, keeping the nonce and judging nothing", async () => {
      const inner = createMemoryNonceStore();
      const failing: NonceStore = {
        consume: (nonce, ttlMs) => inner.consume(nonce, ttlMs),
        countAttempt: () => Promise.reject(new Error("down")),
      };
      const { answers, session, verifier } = await failedAttempts(1, true, { nonceStore: failing, revocationStore: inner });
      expect(answers).toEqual([
        sessionKind === "server-store"
          ? { status: 500, body: { error: "Verification service unavailable." } }
          : { status: 500, body: { error: "Internal server error." } },
      ]);
      expect(verifier.calls).toHaveLength(0);
      expect((await session.get()).pendingNonce).toBeDefined();
    });

    it("counts in this process's memory for a nonce store without countAttempt, atomically here", async () => {
      const inner = createMemoryNonceStore();
      const consumeOnly: NonceStore = { consume: (nonce, ttlMs) => inner.consume(nonce, ttlMs) };
      const verifier = scriptedVerifier(false);
      const { handlers, account, clock } = setup(sessionKind, { verifier, nonceStore: consumeOnly, revocationStore: inner });
      const session = createMemorySessionStore();
      const { body } = await handlers.nonce(session);
      const snapshot = await session.get();
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now }));
      await Promise.all(Array.from({ length: 20 }, () => handlers.verify(createMemorySessionStore(snapshot), { body: proof })));
      expect(verifier.calls).toHaveLength(5);
    });
  });
});

describe("revalidation of the signing authority (revalidateAfterSeconds), through a ledger node", () => {
  let node: MockRippled;
  let verifier: Verifier;

  beforeAll(async () => {
    node = await startMockRippled();
    verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 500, requestTimeoutMs: 500 });
  });
  afterAll(async () => {
    await verifier.close();
    await node.stop();
  });

  function revalidating(sessionKind: SessionKind) {
    const context = setup(sessionKind, { verifier, revalidateAfterSeconds: 60 });
    const signInWith = async (prove: (message: string) => Record<string, unknown>, address: string) => {
      const session = createMemorySessionStore();
      const { body } = await context.handlers.nonce(session);
      const message = buildMessage({
        account: { ...context.account, address },
        nonce: body.nonce as string,
        issuedAtMs: context.clock.now,
      });
      expect(await context.handlers.verify(session, { body: prove(message) })).toEqual({ status: 200, body: { ok: true, address } });
      return session;
    };
    /** A session signed in by the regular key the ledger lists for a new ed25519 account. */
    const signInByRegularKey = async () => {
      const master = walletFor("ed25519");
      const regular = regularKeyWallet(master.classicAddress);
      node.setAccount(master.classicAddress, { regularKey: keyAddressOf(regular) });
      const session = await signInWith(
        (message) => ({ ...compactProof(regular, message, { address: master.classicAddress }) }),
        master.classicAddress,
      );
      return { master, regular, session };
    };
    return { ...context, signInWith, signInByRegularKey };
  }

  describe.each(["sealed-cookie", "server-store"] as const)("%s session", (sessionKind) => {
    // Another process holding the same record, whose own reads share the confirmation.
    const copyOf = copyOfRecord;
    it("a regular-key session: no look-up inside the interval; ends at the first read past it once the key was rotated", async () => {
      const { handlers, clock, signInByRegularKey, nonceStore } = revalidating(sessionKind);
      const { master, regular, session } = await signInByRegularKey();
      expect(await session.get()).toMatchObject({ authority: "regular", publicKey: regular.publicKey.toUpperCase() });
      const copy = await copyOf(session);

      const lookups = node.requestCount("account_info");
      clock.now = T0 + 59_999;
      expect((await handlers.me(session)).status).toBe(200);
      expect(node.requestCount("account_info")).toBe(lookups);

      clock.now = T0 + 60_000;
      expect((await handlers.me(session)).status).toBe(200);
      expect(node.requestCount("account_info")).toBe(lookups + 1);
      // Confirmed at +60 s: the next look-up is due at +120 s, for the copy as well.
      clock.now = T0 + 119_999;
      expect((await handlers.me(copy)).status).toBe(200);
      expect(node.requestCount("account_info")).toBe(lookups + 1);

      node.setAccount(master.classicAddress, { regularKey: walletFor("ed25519").classicAddress });
      clock.now = T0 + 120_000;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
      expect(session.destroyed).toBe(true);
      // The id is revoked as well, so other copies end without a look-up of their own.
      expect(await nonceStore.isRevoked((await copy.get()).sessionId!)).toBe(true);
      expect(await handlers.me(copy)).toEqual(NOT_AUTHENTICATED);
    });

    it("a master-key session ends once the account disables its master key", async () => {
      const { handlers, clock, signInWith } = revalidating(sessionKind);
      const master = walletFor("secp256k1");
      node.setAccount(master.classicAddress, { regularKey: walletFor("ed25519").classicAddress });
      const session = await signInWith((message) => ({ ...compactProof(master, message) }), master.classicAddress);
      clock.now = T0 + 60_000;
      expect((await handlers.me(session)).status).toBe(200);
      node.setAccount(master.classicAddress, { flags: LSF_DISABLE_MASTER, regularKey: walletFor("ed25519").classicAddress });
      clock.now = T0 + 120_000;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
    });

    it("a signer-list session ends once a signer that counted leaves the list", async () => {
      const { handlers, clock, signInWith } = revalidating(sessionKind);
      const account = walletFor("ed25519");
      const signers = [walletFor("ed25519"), walletFor("secp256k1")];
      const list = (members: Wallet[]) => ({
        quorum: 2,
        signers: members.map((signer) => ({ account: signer.classicAddress, weight: 1 })),
      });
      node.setAccount(account.classicAddress, { flags: LSF_DISABLE_MASTER, signerList: list(signers) });
      const session = await signInWith(
        (message) => ({ ...signedTxRequest(account.classicAddress, message, multiSignedTx(account.classicAddress, message, signers)) }),
        account.classicAddress,
      );
      expect(await session.get()).toMatchObject({ authority: "multisig" });
      clock.now = T0 + 60_000;
      expect((await handlers.me(session)).status).toBe(200);
      node.setAccount(account.classicAddress, { flags: LSF_DISABLE_MASTER, signerList: list([signers[0]!, walletFor("ed25519")]) });
      clock.now = T0 + 120_000;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
    });

    it("keeps the session while the node cannot answer (logged), and ends it at the first read once it can", async () => {
      const { handlers, clock, signInByRegularKey, logger } = revalidating(sessionKind);
      const { master, session } = await signInByRegularKey();
      node.setAccount(master.classicAddress, {});
      node.setBehaviour("silent");
      try {
        clock.now = T0 + 60_000;
        expect((await handlers.me(session)).status).toBe(200);
        expect(logger.entries.some((entry) => entry.level === "warn" && /could not revalidate/.test(entry.message))).toBe(true);
      } finally {
        node.setBehaviour("normal");
        node.dropConnections();
      }
      clock.now = T0 + 60_001;
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
    });
  });

  it("needs a verifier that can re-check authority", () => {
    const handWritten: Verifier = { check: scriptedVerifier().check, verify: () => Promise.resolve(true), close: () => Promise.resolve() };
    expect(() =>
      createAuthHandlers({ verifier: handWritten, sessionKind: "sealed-cookie", domain: "example.com", revalidateAfterSeconds: 60 }),
    ).toThrow(/checkAuthority/);
    expect(() => createAuthHandlers({ verifier, sessionKind: "sealed-cookie", domain: "example.com", revalidateAfterSeconds: 0 })).toThrow(
      /revalidateAfterSeconds/,
    );
  });
});
