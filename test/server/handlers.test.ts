import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  type AuthHandlersOptions,
  type NonceStore,
  type SessionKind,
  type SessionStore,
} from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { compactSignature, createVerifier, type Verifier } from "../../src/verify/index.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0, type Account } from "./support.js";

const SESSION_KINDS = [
  {
    sessionKind: "sealed-cookie" as const,
    noPendingNonce: "No pending nonce.",
    verifierThrows: { status: 500, error: "Internal server error." },
    badBody: { status: 500, error: "Internal server error." },
  },
  {
    sessionKind: "server-store" as const,
    noPendingNonce: "No pending nonce. Request /nonce first.",
    verifierThrows: { status: 500, error: "Verification service unavailable." },
    badBody: { status: 400, error: "Invalid request body." },
  },
];

function setup(sessionKind: SessionKind, options: Partial<AuthHandlersOptions> = {}) {
  const clock = { now: T0 };
  const verifier = scriptedVerifier(true);
  const logger = recordingLogger();
  const nonceStore = createMemoryNonceStore({ now: () => clock.now });
  const handlers = createAuthHandlers({
    verifier,
    sessionKind,
    domain: "example.com",
    now: () => clock.now,
    logger,
    nonceStore,
    ...options,
  });
  const session = createMemorySessionStore();
  const account = makeAccount();
  /** Asks for a nonce and returns a signed body for it, as the browser would. */
  const prepare = async (overrides: { account?: Account; domain?: string; issuedAtMs?: number; chainId?: string } = {}) => {
    const { body } = await handlers.nonce(session);
    const nonce = body.nonce as string;
    const signer = overrides.account ?? account;
    const message = buildMessage({
      account: signer,
      nonce,
      issuedAtMs: overrides.issuedAtMs ?? clock.now,
      ...(overrides.domain === undefined ? {} : { domain: overrides.domain }),
      ...(overrides.chainId === undefined ? {} : { chainId: overrides.chainId }),
    });
    return { nonce, message, body: signedBody(signer, message) };
  };
  return { clock, verifier, logger, handlers, session, account, prepare, nonceStore };
}

describe.each(SESSION_KINDS)("createAuthHandlers, $sessionKind session", (expected) => {
  const { sessionKind } = expected;

  describe("nonce", () => {
    it("stores a fresh 32-hex-character nonce and its issue time in an anonymous session and answers it", async () => {
      const { handlers, session } = setup(sessionKind);
      const result = await handlers.nonce(session);
      expect(result.status).toBe(200);
      expect(result.body.nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(await session.get()).toEqual({ pendingNonce: result.body.nonce, nonceIssuedAt: T0 });
    });

    it("replaces a pending nonce and its issue time with new values", async () => {
      const { handlers, session, clock } = setup(sessionKind);
      const first = await handlers.nonce(session);
      clock.now += 10_000;
      const second = await handlers.nonce(session);
      expect(second.body.nonce).not.toBe(first.body.nonce);
      expect(await session.get()).toEqual({ pendingNonce: second.body.nonce, nonceIssuedAt: T0 + 10_000 });
    });

    it("keeps a live sign-in: the new nonce is added beside it, nothing is revoked, me still answers the address", async () => {
      const { handlers, session, prepare, nonceStore, account, clock } = setup(sessionKind);
      await handlers.verify(session, { body: (await prepare()).body });
      const signedIn = await session.get();
      clock.now += 60_000;
      const result = await handlers.nonce(session);
      expect(result.status).toBe(200);
      expect(await session.get()).toEqual({ ...signedIn, pendingNonce: result.body.nonce, nonceIssuedAt: T0 + 60_000 });
      expect(await nonceStore.isRevoked(signedIn.sessionId!)).toBe(false);
      expect(await handlers.me(session)).toEqual({ status: 200, body: { address: account.address } });
      // A copy of the signed-in record (a copied cookie) still reads as signed in: nothing was ended.
      expect((await handlers.me(createMemorySessionStore(signedIn))).status).toBe(200);
    });

    it("keeps the app's data of a live sign-in, and its sign-in time (the lifetime still counts from it)", async () => {
      const { handlers, session, prepare, clock } = setup(sessionKind, { onSignIn: () => ({ data: { userId: "u_1" } }) });
      await handlers.verify(session, { body: (await prepare()).body });
      clock.now += 3_600_000;
      await handlers.nonce(session);
      expect(await handlers.getSignedIn(session)).toEqual({ address: expect.any(String), authenticatedAt: T0, data: { userId: "u_1" } });
    });

    it("does not carry a sign-in that has ended: signed out elsewhere, past its lifetime, or an old record", async () => {
      const { handlers, session, prepare, clock } = setup(sessionKind, { maxSessionAgeSeconds: 3600 });
      await handlers.verify(session, { body: (await prepare()).body });
      const signedIn = await session.get();

      // A copy of a sealed cookie is the record itself; of a server-store cookie, the same record on the server.
      const copy = sessionKind === "server-store" ? session : createMemorySessionStore(signedIn);
      await handlers.signOut(session);
      const afterSignOut = await handlers.nonce(copy);
      expect(await copy.get()).toEqual({ pendingNonce: afterSignOut.body.nonce, nonceIssuedAt: T0 });

      const expired = createMemorySessionStore(signedIn);
      clock.now += 3_600_000;
      const afterLifetime = await handlers.nonce(expired);
      expect(await expired.get()).toEqual({ pendingNonce: afterLifetime.body.nonce, nonceIssuedAt: clock.now });

      const { sessionId: _id, ...old } = signedIn;
      const incomplete = createMemorySessionStore({ ...old, authenticatedAt: clock.now });
      const afterOld = await handlers.nonce(incomplete);
      expect(await incomplete.get()).toEqual({ pendingNonce: afterOld.body.nonce, nonceIssuedAt: clock.now });
    });

    it("answers 500 and leaves the record as it was when the revocation store cannot say whether the sign-in is live", async () => {
      const failing = { revoke: async () => {}, isRevoked: () => Promise.reject(new Error("store down")) };
      const { handlers, session, prepare, logger } = setup(sessionKind, { revocationStore: failing });
      await handlers.verify(session, { body: (await prepare()).body });
      const signedIn = await session.get();
      expect(await handlers.nonce(session)).toEqual({ status: 500, body: { error: "Internal server error." } });
      expect(await session.get()).toEqual(signedIn);
      expect(logger.entries.some((entry) => entry.level === "error")).toBe(true);
    });

    it("answers 500 and logs when the session cannot be written", async () => {
      const { handlers, logger } = setup(sessionKind);
      const broken: SessionStore = { get: () => ({}), set: () => Promise.reject(new Error("store down")), destroy: () => {} };
      expect(await handlers.nonce(broken)).toEqual({ status: 500, body: { error: "Internal server error." } });
      expect(logger.entries.some((entry) => entry.level === "error")).toBe(true);
    });
  });

  describe("verify: success", () => {
    it("signs in: 200 { ok, address }, pending nonce cleared, address and authenticatedAt stored", async () => {
      const { handlers, session, prepare, account, clock } = setup(sessionKind);
      const { body } = await prepare();
      clock.now += 2_000;
      const result = await handlers.verify(session, { body });
      expect(result).toEqual({ status: 200, body: { ok: true, address: account.address } });
      expect(await session.get()).toEqual({
        address: account.address,
        authenticatedAt: T0 + 2_000,
        sessionId: expect.stringMatching(/^[0-9a-f]{32}$/),
        authority: "master",
        publicKey: account.publicKey,
        validatedAt: T0 + 2_000,
        domain: "example.com",
      });
    });

    it("rotates the session id on success (regenerate)", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      const { body } = await prepare();
      const before = session.sessionId;
      expect((await handlers.verify(session, { body })).status).toBe(200);
      expect(session.sessionId).not.toBe(before);
    });

    it("works with a store that has no regenerate (a sealed cookie)", async () => {
      const { handlers, session, prepare, account } = setup(sessionKind);
      const { body } = await prepare();
      const withoutRegenerate: SessionStore = {
        get: () => session.get(),
        set: (record) => session.set(record),
        destroy: () => session.destroy(),
      };
      expect((await handlers.verify(withoutRegenerate, { body })).status).toBe(200);
      expect(await session.get()).toMatchObject({ address: account.address, authenticatedAt: T0 });
    });

    it("passes the proof to the verifier as received, ignoring unknown fields", async () => {
      const { handlers, session, prepare, verifier, account } = setup(sessionKind);
      const { body } = await prepare();
      const result = await handlers.verify(session, { body: { ...body, proof: { x: 1 }, raw: "ignored" } });
      expect(result.status).toBe(200);
      expect(verifier.calls).toEqual([
        {
          message: body.message,
          signatureKind: "signature",
          signature: body.signature,
          publicKey: account.publicKey,
          address: account.address,
        },
      ]);
    });

    it("accepts a signedTx body and a null publicKey", async () => {
      const { handlers, session, prepare, verifier } = setup(sessionKind);
      const { body } = await prepare();
      const txBody = { message: body.message, signatureKind: "signedTx", txBlob: "1200", address: body.address, publicKey: null };
      expect((await handlers.verify(session, { body: txBody })).status).toBe(200);
      expect(verifier.calls[0]).toEqual({ message: body.message, signatureKind: "signedTx", txBlob: "1200", address: body.address });
    });

    it("uses the injected clock for validation: a message issued 361 s ago is too old", async () => {
      const { handlers, session, prepare, clock } = setup(sessionKind);
      const { body } = await prepare({ issuedAtMs: T0 - 361_000 });
      expect(await handlers.verify(session, { body })).toEqual({ status: 400, body: { error: "Message is too old." } });
      clock.now = T0 - 300_000;
      const fresh = await prepare({ issuedAtMs: T0 - 361_000 });
      expect((await handlers.verify(session, { body: fresh.body })).status).toBe(200);
    });
  });

  describe("verify: failures keep the pending nonce", () => {
    async function expectKept(
      run: (context: ReturnType<typeof setup>) => Promise<{ status: number; body: Record<string, unknown> }>,
      status: number,
      error: string,
      options: Partial<AuthHandlersOptions> = {},
    ) {
      const context = setup(sessionKind, options);
      const result = await run(context);
      expect(result).toEqual({ status, body: { error } });
      const record = await context.session.get();
      expect(record.pendingNonce).toMatch(/^[0-9a-f]{32}$/);
      expect(record.address).toBeUndefined();
      return context;
    }

    it("refuses a message that does not parse: 400 Invalid message format.", async () => {
      await expectKept(
        async ({ handlers, session, prepare }) => {
          const { body } = await prepare();
          return handlers.verify(session, { body: { ...body, message: "hello" } });
        },
        400,
        "Invalid message format.",
      );
    });

    it("refuses a message for another domain: 400 Domain does not match.", async () => {
      await expectKept(
        async ({ handlers, session, prepare }) => handlers.verify(session, { body: (await prepare({ domain: "evil.example" })).body }),
        400,
        "Domain does not match.",
      );
    });

    it("refuses a message whose nonce is not the pending one: 400 Nonce does not match.", async () => {
      await expectKept(
        async ({ handlers, session, prepare, account }) => {
          await prepare();
          const message = buildMessage({ account, nonce: "ffffffffffffffffffffffffffffffff", issuedAtMs: T0 });
          return handlers.verify(session, { body: signedBody(account, message) });
        },
        400,
        "Nonce does not match.",
      );
    });

    it("refuses a body address other than the message's: 400 Address does not match.", async () => {
      const context = await expectKept(
        async ({ handlers, session, prepare }) => {
          const { body } = await prepare();
          return handlers.verify(session, { body: { ...body, address: makeAccount().address } });
        },
        400,
        "Address does not match.",
      );
      expect(context.verifier.calls).toHaveLength(0);
    });

    it("refuses a message issued in the future: 400 Message is issued in the future.", async () => {
      await expectKept(
        async ({ handlers, session, prepare }) => handlers.verify(session, { body: (await prepare({ issuedAtMs: T0 + 61_000 })).body }),
        400,
        "Message is issued in the future.",
      );
    });

    it("refuses an expired message: 400 Message has expired.", async () => {
      await expectKept(
        async ({ handlers, session, account }) => {
          const { body } = await handlers.nonce(session);
          const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: T0 - 120_000, expirationTimeMs: T0 - 61_000 });
          return handlers.verify(session, { body: signedBody(account, message) });
        },
        400,
        "Message has expired.",
      );
    });

    it("refuses a message for another chain when chainId is set: 400 Chain ID does not match.", async () => {
      await expectKept(
        async ({ handlers, session, prepare }) => handlers.verify(session, { body: (await prepare({ chainId: "xrpl:1" })).body }),
        400,
        "Chain ID does not match.",
        { chainId: "xrpl:0" },
      );
    });

    it("accepts any chain when chainId is not set", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      expect((await handlers.verify(session, { body: (await prepare({ chainId: "xrpl:1" })).body })).status).toBe(200);
    });

    it("refuses a proof the verifier rejects: 401 Signature verification failed., nonce not consumed", async () => {
      const context = await expectKept(
        async ({ handlers, session, prepare, verifier }) => {
          verifier.answer(false);
          return handlers.verify(session, { body: (await prepare()).body });
        },
        401,
        "Signature verification failed.",
      );
      // The failed attempt must not burn the nonce: the same message with a good proof still signs in.
      const { handlers, session, verifier } = context;
      verifier.answer(true);
      const record = await session.get();
      const message = buildMessage({ account: context.account, nonce: record.pendingNonce!, issuedAtMs: T0 });
      expect((await handlers.verify(session, { body: signedBody(context.account, message) })).status).toBe(200);
    });

    it(`answers a throwing verifier with ${expected.verifierThrows.status} ${expected.verifierThrows.error} and logs it`, async () => {
      const context = await expectKept(
        async ({ handlers, session, prepare, verifier }) => {
          verifier.answer(new Error("ledger node unreachable"));
          return handlers.verify(session, { body: (await prepare()).body });
        },
        expected.verifierThrows.status,
        expected.verifierThrows.error,
      );
      expect(context.logger.entries).toHaveLength(1);
      expect(context.logger.entries[0]!.details[0]).toMatchObject({ message: "ledger node unreachable" });
    });

    it(`answers a failing nonce store with ${expected.verifierThrows.status} ${expected.verifierThrows.error}`, async () => {
      const failing: NonceStore = { consume: () => Promise.reject(new Error("redis down")) };
      const context = await expectKept(
        async ({ handlers, session, prepare }) => handlers.verify(session, { body: (await prepare()).body }),
        expected.verifierThrows.status,
        expected.verifierThrows.error,
        { nonceStore: failing },
      );
      // The failing store keeps no revoked ids and counts no attempts: the handlers say so once at
      // creation (a warning each; the first for sealed cookies only).
      expect(context.logger.entries.map((entry) => entry.level)).toEqual(
        sessionKind === "sealed-cookie" ? ["warn", "warn", "error"] : ["warn", "error"],
      );
    });
  });

  describe("verify: no pending nonce", () => {
    it(`answers 400 ${expected.noPendingNonce} for an anonymous session`, async () => {
      const { handlers, session, account, verifier } = setup(sessionKind);
      const message = buildMessage({ account, nonce: "0123456789abcdef0123456789abcdef", issuedAtMs: T0 });
      expect(await handlers.verify(session, { body: signedBody(account, message) })).toEqual({
        status: 400,
        body: { error: expected.noPendingNonce },
      });
      expect(verifier.calls).toHaveLength(0);
    });

    it("refuses the same message a second time in the same session (the nonce was cleared)", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      const { body } = await prepare();
      expect((await handlers.verify(session, { body })).status).toBe(200);
      expect(await handlers.verify(session, { body })).toEqual({ status: 400, body: { error: expected.noPendingNonce } });
    });
  });

  describe("verify: single use across sessions", () => {
    it("refuses a replayed copy of the pre-sign-in session (a copied cookie): 400 Nonce has already been used.", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      const { body } = await prepare();
      const copy = createMemorySessionStore(await session.get());
      expect((await handlers.verify(session, { body })).status).toBe(200);
      expect(await handlers.verify(copy, { body })).toEqual({ status: 400, body: { error: "Nonce has already been used." } });
      expect((await copy.get()).address).toBeUndefined();
    });

    it("gives exactly one 200 to 20 racing verifies of one message over one session, judging at most 5", async () => {
      const { handlers, session, prepare, account, verifier } = setup(sessionKind);
      const { body } = await prepare();
      const results = await Promise.all(Array.from({ length: 20 }, () => handlers.verify(session, { body })));
      const successes = results.filter((result) => result.status === 200);
      expect(successes).toEqual([{ status: 200, body: { ok: true, address: account.address } }]);
      // Every check is counted before it is judged: past the fifth the nonce is spent.
      expect(verifier.calls).toHaveLength(5);
      const losers = results.filter((each) => each.status !== 200).map((each) => each.body.error);
      expect(losers.filter((text) => text === "Nonce has already been used.")).toHaveLength(4);
      expect(losers.filter((text) => text === expected.noPendingNonce)).toHaveLength(15);
    });

    it("remembers a consumed nonce for max message age + 2 x clock skew", async () => {
      const ttls: number[] = [];
      const inner = createMemoryNonceStore();
      const recording: NonceStore = { consume: (nonce, ttlMs) => (ttls.push(ttlMs), inner.consume(nonce, ttlMs)) };
      const first = setup(sessionKind, { nonceStore: recording });
      await first.handlers.verify(first.session, { body: (await first.prepare()).body });
      const second = setup(sessionKind, { nonceStore: recording, maxMessageAgeSeconds: 120, clockSkewSeconds: 5 });
      await second.handlers.verify(second.session, { body: (await second.prepare()).body });
      expect(ttls).toEqual([420_000, 130_000]);
    });
  });

  describe("verify: the request body", () => {
    const badBodies: [string, (body: Record<string, unknown>) => unknown][] = [
      ["no body", () => undefined],
      ["null", () => null],
      ["a string", (body) => JSON.stringify(body)],
      ["an array", (body) => [body]],
      ["no message", ({ message: _message, ...rest }) => rest],
      ["a message that is not a string", (body) => ({ ...body, message: 12 })],
      ["no address", ({ address: _address, ...rest }) => rest],
      ["an unknown signatureKind", (body) => ({ ...body, signatureKind: "multisig" })],
      ["no signatureKind", ({ signatureKind: _kind, ...rest }) => rest],
      ["a signature kind without its signature", ({ signature: _signature, ...rest }) => rest],
      ["a signedTx kind without txBlob", (body) => ({ ...body, signatureKind: "signedTx" })],
      ["a publicKey that is not a string", (body) => ({ ...body, publicKey: 5 })],
    ];
    for (const [label, makeBody] of badBodies) {
      it(`answers ${expected.badBody.status} ${expected.badBody.error} for ${label}, before anything else, keeping the nonce`, async () => {
        const { handlers, session, prepare, verifier } = setup(sessionKind);
        const { body } = await prepare();
        const before = await session.get();
        expect(await handlers.verify(session, { body: makeBody(body) })).toEqual({
          status: expected.badBody.status,
          body: { error: expected.badBody.error },
        });
        expect(await session.get()).toEqual(before);
        expect(verifier.calls).toHaveLength(0);
      });
    }

    it("checks the body before the pending nonce", async () => {
      const { handlers, session } = setup(sessionKind);
      expect(await handlers.verify(session, { body: {} })).toEqual({
        status: expected.badBody.status,
        body: { error: expected.badBody.error },
      });
    });
  });

  describe("verify: the expected domain comes from the options, never from the request", () => {
    it("accepts the configured domain at any port when the option has none", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      const { body } = await prepare({ domain: "example.com:3000" });
      expect((await handlers.verify(session, { body })).status).toBe(200);
    });

    it("compares the host case-insensitively", async () => {
      const { handlers, session, prepare } = setup(sessionKind, { domain: "EXAMPLE.com" });
      expect((await handlers.verify(session, { body: (await prepare()).body })).status).toBe(200);
    });

    it("refuses a message for an attacker's domain even when the Host header names it", async () => {
      const { handlers, session, prepare } = setup(sessionKind);
      const { body } = await prepare({ domain: "attacker.example" });
      expect(await handlers.verify(session, { body, host: "attacker.example" })).toEqual({
        status: 400,
        body: { error: "Domain does not match." },
      });
    });

    it("accepts any domain of a configured list, and a port only where the list names it", async () => {
      const { handlers, session, prepare } = setup(sessionKind, { domain: ["app.example.org", "admin.example.org:8443"] });
      expect((await handlers.verify(session, { body: (await prepare({ domain: "app.example.org:3000" })).body })).status).toBe(200);
      expect((await handlers.verify(session, { body: (await prepare({ domain: "admin.example.org:8443" })).body })).status).toBe(200);
      expect(await handlers.verify(session, { body: (await prepare({ domain: "admin.example.org:9000" })).body })).toEqual({
        status: 400,
        body: { error: "Domain does not match." },
      });
      expect(await handlers.verify(session, { body: (await prepare()).body })).toEqual({
        status: 400,
        body: { error: "Domain does not match." },
      });
    });

    it("asks a domain function with the message's domain and signs in only when it answers true", async () => {
      const asked: string[] = [];
      const tenants = new Set(["acme.example.com", "globex.example.com"]);
      const { handlers, session, prepare } = setup(sessionKind, {
        domain: (messageDomain) => {
          asked.push(messageDomain);
          return tenants.has(messageDomain);
        },
      });
      expect((await handlers.verify(session, { body: (await prepare({ domain: "acme.example.com" })).body })).status).toBe(200);
      expect(
        await handlers.verify(session, { body: (await prepare({ domain: "evil.example.com" })).body, host: "evil.example.com" }),
      ).toEqual({
        status: 400,
        body: { error: "Domain does not match." },
      });
      expect(asked).toEqual(["acme.example.com", "evil.example.com"]);
    });

    it("answers 500 with the generic text and logs the cause when the domain function throws", async () => {
      const { handlers, session, prepare, logger } = setup(sessionKind, {
        domain: () => {
          throw new Error("tenant table not loaded");
        },
      });
      expect(await handlers.verify(session, { body: (await prepare()).body })).toEqual({
        status: 500,
        body: { error: "Internal server error." },
      });
      const logged = logger.entries.find((entry) => entry.level === "error");
      expect(logged?.message).toMatch(/setup/);
      expect(String(logged?.details[0])).toMatch(/the `domain` function threw for "example.com"/);
    });

    describe("without a domain option, in development", () => {
      for (const domain of ["localhost", "localhost:3000", "127.0.0.1:8080", "[::1]:3000", "LOCALHOST:5173"]) {
        it(`accepts a loopback message domain: ${domain}`, async () => {
          const { handlers, session, prepare } = setup(sessionKind, { domain: undefined });
          const { body } = await prepare({ domain });
          expect((await handlers.verify(session, { body })).status).toBe(200);
        });
      }

      for (const host of ["attacker.example", "example.com", "localhost.attacker.example", "127.0.0.2"]) {
        it(`refuses a message for ${host}, whatever the Host header says`, async () => {
          const { handlers, session, prepare } = setup(sessionKind, { domain: undefined });
          const { body } = await prepare({ domain: host });
          expect(await handlers.verify(session, { body, host })).toEqual({ status: 400, body: { error: "Domain does not match." } });
        });
      }

      it("says once, through the logger, that production needs a domain", async () => {
        const { handlers, session, prepare, logger } = setup(sessionKind, { domain: undefined });
        await handlers.verify(session, { body: (await prepare({ domain: "localhost" })).body });
        await handlers.verify(session, { body: (await prepare({ domain: "attacker.example" })).body });
        const warnings = logger.entries.filter((entry) => entry.level === "warn");
        expect(warnings).toHaveLength(1);
        expect(warnings[0]?.message).toMatch(
          /no `domain` set, so only sign-in messages for localhost, 127\.0\.0\.1, \[::1\] \(any port\) are accepted/,
        );
        expect(warnings[0]?.message).toMatch(/before going to production/);
      });
    });
  });

  describe("verify: faults of the server's setup are not the caller's fault", () => {
    it("answers 500 with the generic text and logs the cause when the session adapter has no session to work on", async () => {
      const { handlers, prepare, logger } = setup(sessionKind);
      const { body } = await prepare();
      const misconfigured: SessionStore = {
        get: () => {
          throw new InvalidOptionsError(
            "sign-in-with-xrpl: expressSessionStore found no req.session: install express-session before the routes.",
          );
        },
        set: () => {},
        destroy: () => {},
      };
      expect(await handlers.verify(misconfigured, { body })).toEqual({ status: 500, body: { error: "Internal server error." } });
      const logged = logger.entries.find((entry) => entry.level === "error");
      expect(String(logged?.details[0])).toMatch(/install express-session before the routes/);
    });
  });

  describe("verify: unexpected failures", () => {
    it(`answers ${expected.badBody.status} ${expected.badBody.error} and logs when the session cannot be saved after sign-in`, async () => {
      const { handlers, session, prepare, logger } = setup(sessionKind);
      const { body } = await prepare();
      const failing: SessionStore = { get: () => session.get(), set: () => Promise.reject(new Error("store down")), destroy: () => {} };
      expect(await handlers.verify(failing, { body })).toEqual({
        status: expected.badBody.status,
        body: { error: expected.badBody.error },
      });
      expect(logger.entries.map((entry) => entry.level)).toEqual(["error"]);
    });

    it("never throws, even when the session cannot be read", async () => {
      const { handlers } = setup(sessionKind);
      const failing: SessionStore = { get: () => Promise.reject(new Error("store down")), set: () => {}, destroy: () => {} };
      await expect(
        handlers.verify(failing, { body: { message: "x", signatureKind: "signature", signature: "00", address: "r" } }),
      ).resolves.toEqual({
        status: expected.badBody.status,
        body: { error: expected.badBody.error },
      });
    });
  });

  describe("signOut", () => {
    it("destroys the session and answers 200 { ok: true }", async () => {
      const { handlers, session } = setup(sessionKind);
      await session.set({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: 1 });
      expect(await handlers.signOut(session)).toEqual({ status: 200, body: { ok: true } });
      expect(session.destroyed).toBe(true);
      expect(await session.get()).toEqual({});
    });

    it("still answers 200 when destroy fails, and logs the failure", async () => {
      const { handlers, logger } = setup(sessionKind);
      const failing: SessionStore = { get: () => ({}), set: () => {}, destroy: () => Promise.reject(new Error("store down")) };
      expect(await handlers.signOut(failing)).toEqual({ status: 200, body: { ok: true } });
      expect(logger.entries).toHaveLength(1);
      expect(logger.entries[0]).toMatchObject({ level: "error", details: [expect.objectContaining({ message: "store down" })] });
    });
  });

  describe("me", () => {
    it("answers 401 Not authenticated. without an address, also with a pending nonce", async () => {
      const { handlers, session } = setup(sessionKind);
      expect(await handlers.me(session)).toEqual({ status: 401, body: { error: "Not authenticated." } });
      await handlers.nonce(session);
      expect(await handlers.me(session)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    });

    it("answers 200 { address } after sign-in and 401 after sign-out", async () => {
      const { handlers, session, prepare, account } = setup(sessionKind);
      await handlers.verify(session, { body: (await prepare()).body });
      expect(await handlers.me(session)).toEqual({ status: 200, body: { address: account.address } });
      await handlers.signOut(session);
      expect(await handlers.me(session)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    });
  });
});

describe("createAuthHandlers, server-store session: nonce expiry (5 minutes)", () => {
  async function attemptAt(elapsedMs: number, options: Partial<AuthHandlersOptions> = {}) {
    const context = setup("server-store", options);
    const { handlers, session, account, clock } = context;
    await session.set({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: 5 });
    const { body } = await handlers.nonce(session);
    clock.now = T0 + elapsedMs;
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now });
    const result = await handlers.verify(session, { body: signedBody(account, message) });
    return { ...context, result };
  }

  it("accepts a nonce exactly 5 minutes old", async () => {
    const { result, account } = await attemptAt(300_000);
    expect(result).toEqual({ status: 200, body: { ok: true, address: account.address } });
  });

  it("refuses a nonce 5 minutes and 1 ms old: clears it, 400 Nonce expired.", async () => {
    const { result, session, verifier } = await attemptAt(300_001);
    expect(result).toEqual({ status: 400, body: { error: "Nonce expired." } });
    expect(await session.get()).toEqual({});
    expect(verifier.calls).toHaveLength(0);
  });

  it("answers No pending nonce after an expiry (the session went back to anonymous)", async () => {
    const { session, handlers, account, clock } = await attemptAt(400_000);
    const message = buildMessage({ account, nonce: "0123456789abcdef0123456789abcdef", issuedAtMs: clock.now });
    expect(await handlers.verify(session, { body: signedBody(account, message) })).toEqual({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });
  });

  it("follows the nonceTtlSeconds option", async () => {
    expect((await attemptAt(60_000, { nonceTtlSeconds: 60 })).result.status).toBe(200);
    expect((await attemptAt(60_001, { nonceTtlSeconds: 60 })).result).toEqual({ status: 400, body: { error: "Nonce expired." } });
  });

  it("treats a pending nonce without an issue time as expired", async () => {
    const { handlers, account } = setup("server-store");
    const session = createMemorySessionStore({ pendingNonce: "0123456789abcdef0123456789abcdef" });
    const message = buildMessage({ account, nonce: "0123456789abcdef0123456789abcdef", issuedAtMs: T0 });
    expect(await handlers.verify(session, { body: signedBody(account, message) })).toEqual({
      status: 400,
      body: { error: "Nonce expired." },
    });
    expect(await session.get()).toEqual({});
  });
});

describe("createAuthHandlers, sealed-cookie session: no nonce expiry", () => {
  it("accepts an hour-old pending nonce with a fresh message (the message age rule still applies)", async () => {
    const { handlers, session, account, clock } = setup("sealed-cookie");
    const { body } = await handlers.nonce(session);
    clock.now = T0 + 3_600_000;
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now });
    expect((await handlers.verify(session, { body: signedBody(account, message) })).status).toBe(200);
  });
});

describe("createAuthHandlers options", () => {
  const verifier = scriptedVerifier();
  const cases: [string, unknown, RegExp][] = [
    ["no options", undefined, /pass an options object/],
    ["a missing verifier", { sessionKind: "server-store" }, /`verifier` is missing/],
    ["a verifier without verify", { sessionKind: "server-store", verifier: {} }, /`verifier` is missing/],
    [
      "an unknown session kind",
      { verifier, sessionKind: "session" },
      /unknown `sessionKind` "session": use "server-store" .* or "sealed-cookie"/,
    ],
    ["an unknown deprecated variant", { verifier, variant: "session" }, /unknown `variant` "session": set `sessionKind`/],
    ["no session kind", { verifier }, /set `sessionKind` to "server-store"/],
    [
      "a session kind and a variant that disagree",
      { verifier, sessionKind: "server-store", variant: "cookie" },
      /disagree: keep only `sessionKind`/,
    ],
    [
      "a negative maxMessageAgeSeconds",
      { verifier, sessionKind: "server-store", maxMessageAgeSeconds: -1 },
      /`maxMessageAgeSeconds` must be a positive number of seconds/,
    ],
    [
      "a zero nonceTtlSeconds",
      { verifier, sessionKind: "server-store", nonceTtlSeconds: 0 },
      /`nonceTtlSeconds` must be a positive number/,
    ],
    ["an infinite maxMessageAgeSeconds", { verifier, sessionKind: "server-store", maxMessageAgeSeconds: Infinity }, /maxMessageAgeSeconds/],
    [
      "a negative clockSkewSeconds",
      { verifier, sessionKind: "server-store", clockSkewSeconds: -5 },
      /`clockSkewSeconds` must be a number of seconds >= 0/,
    ],
    ["a bare network id as chainId", { verifier, sessionKind: "server-store", chainId: "0" }, /CAIP-2 XRPL chain id such as "xrpl:0"/],
    ["an out-of-range chainId", { verifier, sessionKind: "server-store", chainId: "xrpl:4294967296" }, /chainId/],
    ["an empty domain", { verifier, sessionKind: "server-store", domain: "" }, /`domain` must be a non-empty host name/],
    ["an empty domain list", { verifier, sessionKind: "server-store", domain: [] }, /`domain`/],
    [
      "a domain with a scheme",
      { verifier, sessionKind: "server-store", domain: "https://example.com" },
      /"https:\/\/example.com" is not a host\[:port\]: pass the host the user sees/,
    ],
    [
      "a domain list with a path",
      { verifier, sessionKind: "server-store", domain: ["example.com", "example.com/login"] },
      /"example.com\/login" is not a host/,
    ],
    [
      "a nonceStore without consume",
      { verifier, sessionKind: "server-store", nonceStore: {} },
      /createMemoryNonceStore\(\) or createRedisNonceStore/,
    ],
    ["a logger without error", { verifier, sessionKind: "server-store", logger: { warn() {} } }, /`logger` must have `warn` and `error`/],
    ["a clock that is not a function", { verifier, sessionKind: "server-store", now: 5 }, /`now` must be a function/],
    [
      "a production flag that is not a boolean",
      { verifier, sessionKind: "server-store", production: "yes" },
      /`production` must be a boolean/,
    ],
    [
      "no domain in production",
      { verifier, sessionKind: "sealed-cookie", production: true },
      /`domain` is required in production: set it to the host your users sign in on, e\.g\. \{ domain: process\.env\.APP_DOMAIN \}/,
    ],
  ];
  for (const [label, options, message] of cases) {
    it(`throws InvalidOptionsError for ${label}, saying how to fix it`, () => {
      let thrown: unknown;
      try {
        createAuthHandlers(options as AuthHandlersOptions);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(InvalidOptionsError);
      expect((thrown as Error).message).toMatch(/^sign-in-with-xrpl: /);
      expect((thrown as Error).message).toMatch(message);
    });
  }

  it("refuses to start without a domain when NODE_ENV is production, naming the option", () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      expect(() => createAuthHandlers({ verifier, sessionKind: "server-store" })).toThrow(/`domain` is required in production/);
      expect(() => createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com" })).not.toThrow();
    } finally {
      process.env.NODE_ENV = previous;
    }
  });

  it("accepts a production start with a domain list or a domain function", () => {
    expect(() =>
      createAuthHandlers({ verifier, sessionKind: "server-store", production: true, domain: ["example.com", "www.example.com"] }),
    ).not.toThrow();
    expect(() =>
      createAuthHandlers({ verifier, sessionKind: "server-store", production: true, domain: (host) => host.endsWith(".example.com") }),
    ).not.toThrow();
  });

  it("accepts a domain list and zero clock skew", () => {
    expect(() =>
      createAuthHandlers({ verifier, sessionKind: "sealed-cookie", domain: ["a.example", "localhost:3000", "[::1]"], clockSkewSeconds: 0 }),
    ).not.toThrow();
  });
});

describe("createAuthHandlers with the real verifier", () => {
  let verifier: Verifier;
  beforeAll(() => {
    verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9", strategies: [compactSignature({ ledger: "never" })] });
  });
  afterAll(() => verifier.close());

  it.each(["sealed-cookie", "server-store"] as const)(
    "%s session: 20 racing verifies of one real signed message give exactly one 200",
    async (sessionKind) => {
      const handlers = createAuthHandlers({ verifier, sessionKind, domain: "example.com" });
      const session = createMemorySessionStore();
      const account = makeAccount("ecdsa-secp256k1");
      const { body } = await handlers.nonce(session);
      const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now() });
      const results = await Promise.all(Array.from({ length: 20 }, () => handlers.verify(session, { body: signedBody(account, message) })));
      expect(results.filter((result) => result.status === 200)).toEqual([{ status: 200, body: { ok: true, address: account.address } }]);
      // Five are judged (one wins, four find the nonce used); past the fifth the nonce is spent.
      const noPendingNonce = sessionKind === "server-store" ? "No pending nonce. Request /nonce first." : "No pending nonce.";
      const losers = results.filter((result) => result.status !== 200).map((result) => result.body.error);
      expect(losers.filter((text) => text === "Nonce has already been used.")).toHaveLength(4);
      expect(losers.filter((text) => text === noPendingNonce)).toHaveLength(15);
      expect(await session.get()).toMatchObject({ address: account.address, authenticatedAt: expect.any(Number) });
    },
  );

  it("refuses a tampered message with 401 Signature verification failed.", async () => {
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com" });
    const session = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await handlers.nonce(session);
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now() });
    const signed = signedBody(account, message);
    const tampered = { ...signed, message: message.replace("Sign in to Example.", "Sign in to Exampl3.") };
    expect(await handlers.verify(session, { body: tampered })).toEqual({ status: 401, body: { error: "Signature verification failed." } });
  });
});

describe("createAuthHandlers: uriSchemes", () => {
  it.each(["sealed-cookie", "server-store"] as const)(
    "%s: refuses a message whose URI uses another scheme with 400 URI does not match., keeping the nonce",
    async (sessionKind) => {
      const { handlers, session, account, prepare } = setup(sessionKind, { uriSchemes: ["https"] });
      const { nonce, message } = await prepare();
      const plain = message.replace("URI: https://example.com/login", "URI: http://example.com/login");
      expect(plain).not.toBe(message);
      expect(await handlers.verify(session, { body: signedBody(account, plain) })).toEqual({
        status: 400,
        body: { error: "URI does not match." },
      });
      expect((await session.get()).pendingNonce).toBe(nonce);
      expect((await handlers.verify(session, { body: signedBody(account, message) })).status).toBe(200);
    },
  );

  it("refuses a uriSchemes that is not a list of schemes, naming it", () => {
    expect(() => setup("server-store", { uriSchemes: ["https://"] })).toThrow(
      /^sign-in-with-xrpl: createAuthHandlers: `uriSchemes` has "https:\/\/"/,
    );
    expect(() => setup("server-store", { uriSchemes: [] })).toThrow(/`uriSchemes` must be a non-empty list/);
  });
});
