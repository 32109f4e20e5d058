/**
 * Claims with `createFetchHandler`, served by node:http on loopback and driven with fetch and a
 * cookie jar as a browser would: the real verifier, the mock ledger as the node. An account with
 * the required credential signs in and `me` / `getSession` answer its claims, one without it
 * gets 403 with `missing`, and the session ends at the next revalidation after the credential is
 * deleted (a copy of the cookie too).
 */
import { createServer, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from "../../src/fetch/index.js";
import { createMemoryNonceStore } from "../../src/server/index.js";
import { createMockLedger, type MockLedger } from "../../src/testing/index.js";
import { createVerifier, type Verifier } from "../../src/verify/index.js";
import { deleteKyc, giveKyc, giveMembership, testClaims } from "../support/claims-ledger.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback, sendWebResponse, toWebRequest } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, T0 } from "../server/support.js";

const SECRET = "a-session-secret-of-at-least-32-characters";
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

interface Served {
  url: string;
  auth: FetchHandler;
  clock: { now: number };
  close(): Promise<void>;
}

async function serve(options: Partial<FetchHandlerOptions> = {}): Promise<Served> {
  const clock = { now: T0 };
  const handler: { auth?: FetchHandler } = {};
  const server: Server = createServer((incoming, outgoing) => {
    void (async () => {
      const request = await toWebRequest(incoming);
      // An app route of its own, reading the session as a route of the app would.
      if (new URL(request.url).pathname === "/api/profile") {
        const session = await handler.auth!.getSession(request);
        await sendWebResponse(Response.json(session, { status: session === null ? 401 : 200 }), outgoing);
        return;
      }
      await sendWebResponse(await handler.auth!.handle(request), outgoing);
    })();
  });
  const url = await listenOnLoopback(server);
  const auth = createFetchHandler({
    verifier,
    domain: new URL(url).host,
    sessionSecret: SECRET,
    nonceStore: createMemoryNonceStore({ now: () => clock.now }),
    now: () => clock.now,
    logger: recordingLogger(),
    claims: testClaims(),
    requireClaims: ["kyc"],
    ...options,
  });
  handler.auth = auth;
  return { url, auth, clock, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function json(jar: CookieJar, url: string, init?: RequestInit): Promise<{ status: number; body: unknown }> {
  const response = await jar.fetch(url, init);
  return { status: response.status, body: await response.json() };
}

async function signIn(served: Served, jar: CookieJar, account = makeAccount()) {
  const { body } = (await json(jar, `${served.url}/api/auth/nonce`)) as { body: { nonce: string } };
  const message = buildMessage({ account, nonce: body.nonce, issuedAtMs: served.clock.now, domain: new URL(served.url).host });
  return json(jar, `${served.url}/api/auth/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(signedBody(account, message)),
  });
}

describe("createFetchHandler with claims", () => {
  it("signs in an account with the credential; me and getSession answer its claims", async () => {
    const served = await serve();
    try {
      const account = makeAccount();
      giveKyc(ledger, account.address);
      const jar = createCookieJar();
      expect(await signIn(served, jar, account)).toEqual({ status: 200, body: { ok: true, address: account.address } });
      expect(await json(jar, `${served.url}/api/auth/me`)).toEqual({
        status: 200,
        body: { address: account.address, claims: { kyc: true, member: false } },
      });
      expect(await json(jar, `${served.url}/api/profile`)).toMatchObject({
        status: 200,
        body: { address: account.address, claims: { kyc: true, member: false } },
      });
    } finally {
      await served.close();
    }
  });

  it("refuses an account without the credential with 403 and missing; nothing is signed in", async () => {
    const served = await serve();
    try {
      const account = makeAccount();
      ledger.setAccount(account.address, {});
      const jar = createCookieJar();
      expect(await signIn(served, jar, account)).toEqual({
        status: 403,
        body: { error: "Account does not meet the sign-in requirements.", missing: ["kyc"] },
      });
      expect(await json(jar, `${served.url}/api/auth/me`)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    } finally {
      await served.close();
    }
  });

  it("ends the session at the next revalidation after the credential is deleted, copies of the cookie included", async () => {
    const served = await serve({ revalidateAfterSeconds: 60 });
    try {
      const account = makeAccount();
      giveKyc(ledger, account.address);
      const jar = createCookieJar();
      expect(await signIn(served, jar, account)).toMatchObject({ status: 200 });
      const copy = jar.clone();

      giveMembership(ledger, account.address);
      served.clock.now += MINUTE + 1;
      // Updated in place: the answer and the cookie carry the new reading.
      expect(await json(jar, `${served.url}/api/auth/me`)).toEqual({
        status: 200,
        body: { address: account.address, claims: { kyc: true, member: true } },
      });
      expect(jar.get("siwx_session")).not.toBe(copy.get("siwx_session"));

      deleteKyc(ledger, account.address);
      served.clock.now += MINUTE + 1;
      expect(await json(jar, `${served.url}/api/auth/me`)).toEqual({ status: 401, body: { error: "Not authenticated." } });
      // Revoked: the copy taken before reads as signed out, on the routes and on getSession.
      expect(await json(copy, `${served.url}/api/auth/me`)).toEqual({ status: 401, body: { error: "Not authenticated." } });
      expect(await json(copy, `${served.url}/api/profile`)).toEqual({ status: 401, body: null });
    } finally {
      await served.close();
    }
  });

  it("does not re-seal the cookie when a revalidation only confirms the key (no claims configured)", async () => {
    const served = await serve({ claims: undefined, requireClaims: undefined, revalidateAfterSeconds: 60 });
    try {
      const account = makeAccount();
      ledger.setAccount(account.address, {});
      const jar = createCookieJar();
      expect(await signIn(served, jar, account)).toMatchObject({ status: 200 });
      served.clock.now += MINUTE + 1;
      const response = await jar.fetch(`${served.url}/api/auth/me`);
      expect(response.status).toBe(200);
      expect(response.headers.get("set-cookie")).toBeNull();
    } finally {
      await served.close();
    }
  });

  it("answers me with exactly { address } when no claims are configured", async () => {
    const served = await serve({ claims: undefined, requireClaims: undefined });
    try {
      const account = makeAccount();
      const jar = createCookieJar();
      expect(await signIn(served, jar, account)).toMatchObject({ status: 200 });
      expect(await json(jar, `${served.url}/api/auth/me`)).toEqual({ status: 200, body: { address: account.address } });
    } finally {
      await served.close();
    }
  });
});
