/**
 * Claims in sign-in and sessions with `createAuthHandlers`, over real session middleware on
 * loopback (express-session for a server-store session, iron-session for a sealed cookie), the
 * real verifier and the mock ledger as the node: an account with the required credential signs
 * in, one without it gets 403 with `missing`, and a session ends at the next revalidation once
 * the credential is deleted. Options are checked at creation.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createAuthHandlers, createMemoryNonceStore, type AuthHandlersOptions, type SessionKind } from "../../src/server/index.js";
import { createMockLedger, type MockLedger, type SessionStoreClient } from "../../src/testing/index.js";
import { compactSignature, createVerifier, type Verifier } from "../../src/verify/index.js";
import { custom } from "../../src/verify/claims/index.js";
import { deleteKyc, giveKyc, giveMembership, testClaims } from "../support/claims-ledger.js";
import { serveExpressSessions, serveIronSessions, type ServedSessions } from "../support/session-harness.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0 } from "./support.js";

const REQUIREMENTS_NOT_MET = "Account does not meet the sign-in requirements.";
const NOT_AUTHENTICATED = { status: 401, body: { error: "Not authenticated." } };
const MINUTE = 60_000;

let ledger: MockLedger;
let verifier: Verifier;
beforeAll(async () => {
  ledger = await createMockLedger();
  verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 500, requestTimeoutMs: 500, logger: recordingLogger() });
});
afterAll(async () => {
  await verifier.close();
  await ledger.stop();
});

const SESSION_KINDS: { sessionKind: SessionKind; serve: () => Promise<ServedSessions>; outage: string }[] = [
  { sessionKind: "server-store", serve: () => serveExpressSessions(), outage: "Verification service unavailable." },
  {
    sessionKind: "sealed-cookie",
    serve: () => serveIronSessions({ password: "an iron-session password of at least 32 characters", cookieName: "siwx" }),
    outage: "Internal server error.",
  },
];

describe.each(SESSION_KINDS)("createAuthHandlers ($sessionKind) with claims", ({ sessionKind, serve, outage }) => {
  let served: ServedSessions;
  beforeAll(async () => {
    served = await serve();
  });
  afterAll(async () => {
    await served.close();
  });

  function setup(options: Partial<AuthHandlersOptions> = {}) {
    const clock = { now: T0 };
    const hookCalls: unknown[] = [];
    const logger = recordingLogger({ debug: true });
    const handlers = createAuthHandlers({
      verifier,
      sessionKind,
      domain: "example.com",
      nonceStore: createMemoryNonceStore({ now: () => clock.now }),
      now: () => clock.now,
      logger,
      claims: testClaims(),
      requireClaims: ["kyc"],
      onSignIn: (context) => {
        hookCalls.push(context.claims);
      },
      ...options,
    });
    const account = makeAccount();
    const signIn = async (client: SessionStoreClient) => {
      const { body } = await client.request((store) => handlers.nonce(store));
      const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: clock.now });
      return client.request((store) => handlers.verify(store, { body: signedBody(account, message) }));
    };
    const me = (client: SessionStoreClient) => client.request((store) => handlers.me(store));
    return { clock, hookCalls, logger, handlers, account, signIn, me };
  }

  it("signs in an account with the credential: me and getSignedIn answer its claims, onSignIn received them", async () => {
    const { account, signIn, me, handlers, hookCalls } = setup();
    giveKyc(ledger, account.address);
    const client = await served.harness.newClient();
    expect(await signIn(client)).toEqual({ status: 200, body: { ok: true, address: account.address } });
    expect(await me(client)).toEqual({ status: 200, body: { address: account.address, claims: { kyc: true, member: false } } });
    expect(await client.request((store) => handlers.getSignedIn(store))).toMatchObject({
      address: account.address,
      claims: { kyc: true, member: false },
    });
    expect(hookCalls).toEqual([{ kyc: true, member: false }]);
    // The record keeps the claims and when they were read.
    expect(await client.request(async (store) => store.get())).toMatchObject({ claims: { kyc: true, member: false }, claimsReadAt: T0 });
  });

  it("refuses an account without the credential: 403 with missing, nothing signed in, onSignIn never called", async () => {
    const { account, signIn, me, hookCalls, logger } = setup();
    ledger.setAccount(account.address, {});
    const client = await served.harness.newClient();
    expect(await signIn(client)).toEqual({ status: 403, body: { error: REQUIREMENTS_NOT_MET, missing: ["kyc"] } });
    expect(await me(client)).toEqual(NOT_AUTHENTICATED);
    expect(hookCalls).toEqual([]);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: "debug", message: expect.stringContaining(`required claims do not hold: kyc`) }),
    );
    // The nonce was used up: the same client needs a new one.
    const pending = await client.request(async (store) => store.get());
    expect(pending.pendingNonce).toBeUndefined();
  });

  it("refuses a credential the account has not accepted, and one that has expired", async () => {
    for (const state of [{ accepted: false }, { expiration: new Date(Date.now() - MINUTE) }]) {
      const { account, signIn } = setup();
      giveKyc(ledger, account.address, state);
      expect(await signIn(await served.harness.newClient())).toEqual({
        status: 403,
        body: { error: REQUIREMENTS_NOT_MET, missing: ["kyc"] },
      });
    }
  });

  it(`answers ${JSON.stringify(outage)} when only the claims cannot be read (a proof that needs no ledger), and signs nothing in`, async () => {
    const offline = createVerifier({
      nodeUrl: ledger.url,
      connectTimeoutMs: 300,
      requestTimeoutMs: 300,
      strategies: [compactSignature({ ledger: "never" })],
      logger: recordingLogger(),
    });
    const { account, signIn, me, logger } = setup({ verifier: offline });
    giveKyc(ledger, account.address);
    const client = await served.harness.newClient();
    ledger.setBehaviour("silent");
    try {
      expect(await signIn(client)).toEqual({ status: 500, body: { error: outage } });
    } finally {
      ledger.setBehaviour("normal");
      await offline.close();
    }
    expect(await me(client)).toEqual(NOT_AUTHENTICATED);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({ level: "error", message: "sign-in-with-xrpl: the ledger could not answer the claims during verify" }),
    );
  });

  it("answers 500 Internal server error. when a custom claim throws, signs nothing in, and logs the cause", async () => {
    const bug = new Error("the app's claim has a bug");
    const { account, signIn, me, logger } = setup({
      claims: { kyc: custom("always fails", () => Promise.reject(bug)) },
    });
    const client = await served.harness.newClient();
    expect(await signIn(client)).toEqual({ status: 500, body: { error: "Internal server error." } });
    expect(await me(client)).toEqual(NOT_AUTHENTICATED);
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: "error",
        message: `sign-in-with-xrpl: reading the claims of ${account.address} failed (a custom claim that threw?); nothing was signed in`,
      }),
    );
  });

  it("answers the refusal's code with errorCodes: true", async () => {
    const { account, signIn } = setup({ errorCodes: true });
    ledger.setAccount(account.address, {});
    expect(await signIn(await served.harness.newClient())).toEqual({
      status: 403,
      body: { error: REQUIREMENTS_NOT_MET, missing: ["kyc"], code: "requirements_not_met" },
    });
  });

  it("ends and revokes the session at the next revalidation after the credential is deleted; other claims are updated in place", async () => {
    const { account, signIn, me, clock, logger, handlers } = setup({ revalidateAfterSeconds: 60 });
    giveKyc(ledger, account.address);
    const client = await served.harness.newClient();
    expect(await signIn(client)).toMatchObject({ status: 200 });
    const copy = await client.request(async (store) => store.get());

    // A claim that is only read changes: updated in place at the next revalidation.
    giveMembership(ledger, account.address);
    expect(await me(client)).toEqual({ status: 200, body: { address: account.address, claims: { kyc: true, member: false } } });
    clock.now += MINUTE + 1;
    expect(await me(client)).toEqual({ status: 200, body: { address: account.address, claims: { kyc: true, member: true } } });
    expect(await client.request(async (store) => store.get())).toMatchObject({ claims: { member: true }, claimsReadAt: clock.now });

    deleteKyc(ledger, account.address);
    // Within the interval nothing is asked.
    expect(await me(client)).toMatchObject({ status: 200 });
    clock.now += MINUTE + 1;
    expect(await me(client)).toEqual(NOT_AUTHENTICATED);
    expect(await client.request((store) => handlers.getSignedIn(store))).toBeNull();
    expect(logger.entries).toContainEqual(
      expect.objectContaining({
        level: "warn",
        message: expect.stringContaining(`ended the session of ${account.address}: required claims no longer hold: kyc`),
      }),
    );
    // Revoked: a copy of the record taken before (a copied sealed cookie) reads as signed out too.
    const { createMemorySessionStore } = await import("../../src/testing/index.js");
    expect(await handlers.me(createMemorySessionStore(copy))).toEqual(NOT_AUTHENTICATED);
  });

  it("keeps a session on its last claims while the node cannot answer a revalidation", async () => {
    const { account, signIn, me, clock } = setup({ revalidateAfterSeconds: 60 });
    giveKyc(ledger, account.address);
    const client = await served.harness.newClient();
    expect(await signIn(client)).toMatchObject({ status: 200 });
    clock.now += MINUTE + 1;
    ledger.setBehaviour("silent");
    try {
      expect(await me(client)).toEqual({ status: 200, body: { address: account.address, claims: { kyc: true, member: false } } });
    } finally {
      ledger.setBehaviour("normal");
    }
  });

  it(`answers a sign-in whose claims the node cannot answer as any ledger outage: 500 ${JSON.stringify(outage)}`, async () => {
    const { account, signIn, me } = setup();
    giveKyc(ledger, account.address);
    const client = await served.harness.newClient();
    ledger.setBehaviour("silent");
    try {
      expect(await signIn(client)).toEqual({ status: 500, body: { error: outage } });
    } finally {
      ledger.setBehaviour("normal");
    }
    expect(await me(client)).toEqual(NOT_AUTHENTICATED);
  });

  it("reads claims without requiring any: every account signs in, me answers what it holds", async () => {
    const { account, signIn, me } = setup({ requireClaims: undefined });
    ledger.setAccount(account.address, {});
    const client = await served.harness.newClient();
    expect(await signIn(client)).toMatchObject({ status: 200 });
    expect(await me(client)).toEqual({ status: 200, body: { address: account.address, claims: { kyc: false, member: false } } });
  });

  it("answers me with exactly { address } when no claims are configured", async () => {
    const { account, signIn, me, handlers } = setup({ claims: undefined, requireClaims: undefined });
    const client = await served.harness.newClient();
    expect(await signIn(client)).toMatchObject({ status: 200 });
    expect(await me(client)).toEqual({ status: 200, body: { address: account.address } });
    const signedIn = await client.request((store) => handlers.getSignedIn(store));
    expect(signedIn).not.toHaveProperty("claims");
  });

  it("reads a session signed in before claims were configured as ended", async () => {
    const before = setup({ claims: undefined, requireClaims: undefined });
    const client = await served.harness.newClient();
    expect(await before.signIn(client)).toMatchObject({ status: 200 });
    const after = setup();
    expect(await after.me(client)).toEqual(NOT_AUTHENTICATED);
  });
});

describe("createAuthHandlers: claims options are checked at creation", () => {
  const create = (options: Partial<AuthHandlersOptions>) => () =>
    createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com", ...options });

  it("refuses requireClaims that names a claim not in claims", () => {
    expect(create({ claims: testClaims(), requireClaims: ["kyc", "vip"] })).toThrow(
      new InvalidOptionsError(
        'sign-in-with-xrpl: createAuthHandlers: `requireClaims` names "vip", which is not in `claims` ("kyc", "member"): require only names you define in `claims`.',
      ),
    );
  });

  it("refuses requireClaims without claims, and requireClaims that is not a list of names", () => {
    expect(create({ requireClaims: ["kyc"] })).toThrow(/`requireClaims` names \["kyc"\] but no `claims` are defined/u);
    expect(create({ claims: testClaims(), requireClaims: "kyc" as never })).toThrow(/`requireClaims` must be a list of names of `claims`/u);
  });

  it("refuses a claim the library cannot read, naming the claim", () => {
    expect(create({ claims: { kyc: { kind: "credential" } as never } })).toThrow(/^sign-in-with-xrpl: createAuthHandlers: claims\.kyc/u);
    expect(create({ claims: "kyc" as never })).toThrow(InvalidOptionsError);
  });

  it("refuses claims with a verifier that cannot read them, saying how to fix it", () => {
    expect(create({ verifier: scriptedVerifier(true), claims: testClaims() })).toThrow(
      /`claims` needs a verifier that reads claims from the ledger \(a `readClaims` method\): pass one made by createVerifier\(\)/u,
    );
  });
});
