/**
 * The server session's state table and the verify route's processing order, walked row by row
 * against the Express example (server-store session), the Next example (iron-session, a sealed
 * cookie; `next build` once per run) and the Hono example (the fetch handler, a sealed cookie),
 * each started as a real process on loopback with a mock ledger node.
 *
 * States: anonymous (no pending nonce, no address), nonce pending, authenticated, authenticated
 * with a pending nonce. Every row says its trigger, its condition, the next state and what the
 * answer carries; the state after each step is read back through the routes only (`me`, and a
 * verify that needs the pending nonce), never from the cookie.
 *
 * The one row a running process cannot reach with a real clock, a server-store nonce older than
 * five minutes, is walked in the Express example with Redis, where the test ages the stored session.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionKind } from "../../src/index.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import {
  buildNextExample,
  startExpressExample,
  startHonoExample,
  startNextExample,
  type ExampleProcess,
} from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import {
  APP_DOMAIN,
  getMe,
  getNonce,
  newKeyAccount,
  postSignOut,
  postVerify,
  routesOf,
  signatureProof,
  signInMessage,
  type KeyAccount,
  type Routes,
} from "./flow.js";

interface Walked {
  name: string;
  sessionKind: SessionKind;
  start(env: Record<string, string | undefined>): Promise<ExampleProcess>;
  noPendingNonce: string;
  /** How an unreadable body is answered: the server-store 400, or the sealed-cookie handlers' 500. */
  unreadableBody: { status: number; error: string };
}

const EXAMPLES: Walked[] = [
  {
    name: "Express example (server-store session)",
    sessionKind: "server-store",
    start: (env) => startExpressExample({ env }),
    noPendingNonce: "No pending nonce. Request /nonce first.",
    unreadableBody: { status: 400, error: "Invalid request body." },
  },
  {
    name: "Next example (iron-session, sealed-cookie session)",
    sessionKind: "sealed-cookie",
    start: async (env) => {
      await buildNextExample();
      return startNextExample({ env });
    },
    noPendingNonce: "No pending nonce.",
    unreadableBody: { status: 500, error: "Internal server error." },
  },
  {
    name: "Hono example (fetch handler, sealed-cookie session)",
    sessionKind: "sealed-cookie",
    start: (env) => startHonoExample({ env }),
    noPendingNonce: "No pending nonce.",
    // The fetch handler reads the body itself: what it cannot read is the caller's mistake.
    unreadableBody: { status: 400, error: "Invalid request body." },
  },
];

const NOT_AUTHENTICATED = { status: 401, body: { error: "Not authenticated." } };
const minutes = (count: number) => count * 60_000;

for (const example of EXAMPLES) {
  describe(`${example.name}: the server session's state table`, () => {
    let node: MockRippled;
    let app: ExampleProcess;
    let routes: Routes;

    beforeAll(async () => {
      node = await startMockRippled();
      app = await example.start({ XRPL_NODE_URL: node.url, APP_DOMAIN, NONCE_RATE_LIMIT: "1000" });
      routes = routesOf(app.url, example.sessionKind);
    }, 600_000);
    afterAll(async () => {
      await app?.stop();
      await node?.stop();
    });

    /** A proof of `account` over a message for `nonce`, with `overrides` on the message. */
    const proof = (account: KeyAccount, nonce: string, overrides: Parameters<typeof signInMessage>[2] = {}) =>
      signatureProof(signInMessage(account.address, nonce, overrides), account);
    /** A message for `account` signed by another key: a failed signature check. */
    const forged = (account: KeyAccount, nonce: string) =>
      signatureProof(signInMessage(account.address, nonce), { ...newKeyAccount(), address: account.address });
    /** `true` when `jar`'s session has `nonce` pending: a proof for it signs in on a copy of the session (the original untouched). */
    const pending = async (jar: CookieJar, nonce: string): Promise<boolean> =>
      (await postVerify(jar.clone(), routes, proof(newKeyAccount(), nonce))).status === 200;

    it("anonymous → GET nonce → nonce pending: 16 random bytes in hex, not signed in, and the nonce is the session's", async () => {
      const jar = createCookieJar();
      expect(await getMe(jar, routes)).toMatchObject(NOT_AUTHENTICATED);
      const nonce = await getNonce(jar, routes);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      expect(await getMe(jar, routes)).toMatchObject(NOT_AUTHENTICATED);
      expect(await pending(jar, nonce)).toBe(true);
      // Another session does not have it.
      const other = createCookieJar();
      await getNonce(other, routes);
      expect(await postVerify(other, routes, proof(newKeyAccount(), nonce))).toMatchObject({
        status: 400,
        body: { error: "Nonce does not match." },
      });
    });

    it("nonce pending → GET nonce → nonce pending: the nonce is replaced, the old one no longer matches", async () => {
      const jar = createCookieJar();
      const first = await getNonce(jar, routes);
      const second = await getNonce(jar, routes);
      expect(second).not.toBe(first);
      const account = newKeyAccount();
      expect(await postVerify(jar, routes, proof(account, first))).toMatchObject({ status: 400, body: { error: "Nonce does not match." } });
      expect(await postVerify(jar, routes, proof(account, second))).toMatchObject({
        status: 200,
        body: { ok: true, address: account.address },
      });
    });

    it("nonce pending → POST verify, valid → authenticated: 200, address stored, the pending nonce cleared (single use)", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount("ecdsa-secp256k1");
      const nonce = await getNonce(jar, routes);
      const body = proof(account, nonce);
      expect(await postVerify(jar, routes, body)).toEqual(
        expect.objectContaining({ status: 200, body: { ok: true, address: account.address } }),
      );
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
      // The session that signed in holds no pending nonce any more: the same proof again is refused
      // for want of one, and the sign-in stays.
      expect(await postVerify(jar, routes, body)).toMatchObject({ status: 400, body: { error: example.noPendingNonce } });
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
    });

    it("nonce pending → POST verify, any validation failure → nonce pending: the error, and nothing counted or cleared", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      const now = Date.now();
      const failures: [body: Record<string, unknown>, error: string][] = [
        [{ ...proof(account, nonce), message: "not a sign-in message" }, "Invalid message format."],
        [proof(account, nonce, { domain: "evil.example" }), "Domain does not match."],
        [{ ...proof(account, nonce), address: newKeyAccount().address }, "Address does not match."],
        [proof(account, nonce, { chainId: "xrpl:1" }), "Chain ID does not match."],
        [proof(account, "ffffffffffffffffffffffffffffffff"), "Nonce does not match."],
        [proof(account, nonce, { issuedAt: new Date(now + minutes(10)) }), "Message is issued in the future."],
        [proof(account, nonce, { issuedAt: new Date(now - minutes(10)) }), "Message is too old."],
        [
          proof(account, nonce, { issuedAt: new Date(now - minutes(3)), expirationTime: new Date(now - minutes(2)) }),
          "Message has expired.",
        ],
        [proof(account, nonce, { notBefore: new Date(now + minutes(10)) }), "Message is not yet valid."],
      ];
      // Twice each: far more refusals than the signature-attempt limit, none of them counted.
      for (const [body, error] of [...failures, ...failures]) {
        expect(await postVerify(jar, routes, body)).toMatchObject({ status: 400, body: { error } });
      }
      expect(await getMe(jar, routes)).toMatchObject(NOT_AUTHENTICATED);
      expect(await postVerify(jar, routes, proof(account, nonce))).toMatchObject({ status: 200, body: { address: account.address } });
    });

    it("nonce pending → POST verify, signature failure → nonce pending (401) four times; the fifth failure clears it", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect(await postVerify(jar, routes, forged(account, nonce))).toMatchObject({
          status: 401,
          body: { error: "Signature verification failed." },
        });
      }
      expect(await pending(jar, nonce)).toBe(true);

      const spent = createCookieJar();
      const other = await getNonce(spent, routes);
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect(await postVerify(spent, routes, forged(account, other))).toMatchObject({
          status: 401,
          body: { error: "Signature verification failed." },
        });
      }
      expect(await postVerify(spent, routes, proof(account, other))).toMatchObject({
        status: 400,
        body: { error: example.noPendingNonce },
      });
      expect(await getMe(spent, routes)).toMatchObject(NOT_AUTHENTICATED);
    });

    it("any state → POST signout → session destroyed: 200 { ok: true } from anonymous, nonce pending, authenticated, authenticated with a pending nonce", async () => {
      const anonymous = createCookieJar();
      expect(await postSignOut(anonymous, routes)).toMatchObject({ status: 200, body: { ok: true } });

      const withNonce = createCookieJar();
      const nonce = await getNonce(withNonce, routes);
      expect(await postSignOut(withNonce, routes)).toMatchObject({ status: 200, body: { ok: true } });
      // The nonce went with the session (the cookie is gone; for a sealed cookie a kept copy still
      // names it, so the copy is not what is checked here).
      expect(await postVerify(withNonce, routes, proof(newKeyAccount(), nonce))).toMatchObject({
        status: 400,
        body: { error: example.noPendingNonce },
      });

      for (const alsoPending of [false, true]) {
        const jar = createCookieJar();
        const account = newKeyAccount();
        expect((await postVerify(jar, routes, proof(account, await getNonce(jar, routes)))).status).toBe(200);
        const next = alsoPending ? await getNonce(jar, routes) : undefined;
        const copy = jar.clone();
        expect(await postSignOut(jar, routes)).toMatchObject({ status: 200, body: { ok: true } });
        expect(await getMe(jar, routes)).toMatchObject(NOT_AUTHENTICATED);
        // Every copy of the cookie is signed out too.
        expect(await getMe(copy, routes)).toMatchObject(NOT_AUTHENTICATED);
        if (next !== undefined) {
          expect((await postVerify(jar, routes, proof(newKeyAccount(), next))).status).toBe(400);
        }
      }
    });

    it("authenticated → GET nonce → authenticated with a pending nonce: the address stays", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      expect((await postVerify(jar, routes, proof(account, await getNonce(jar, routes)))).status).toBe(200);
      const nonce = await getNonce(jar, routes);
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
      expect(await pending(jar, nonce)).toBe(true);
    });

    it("authenticated with a pending nonce → failed verifies (validation, signature, the spent fifth) → still authenticated", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      expect((await postVerify(jar, routes, proof(account, await getNonce(jar, routes)))).status).toBe(200);
      const nonce = await getNonce(jar, routes);
      const other = newKeyAccount();
      expect(await postVerify(jar, routes, proof(other, nonce, { domain: "evil.example" }))).toMatchObject({ status: 400 });
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await postVerify(jar, routes, forged(other, nonce))).status).toBe(401);
      }
      // The spent nonce is gone; the sign-in it was meant to replace is not.
      expect(await postVerify(jar, routes, proof(other, nonce))).toMatchObject({ status: 400, body: { error: example.noPendingNonce } });
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: account.address } });
    });

    it("authenticated with a pending nonce → POST verify, valid → authenticated as the new account", async () => {
      const jar = createCookieJar();
      const first = newKeyAccount();
      expect((await postVerify(jar, routes, proof(first, await getNonce(jar, routes)))).status).toBe(200);
      const second = newKeyAccount("ecdsa-secp256k1");
      expect(await postVerify(jar, routes, proof(second, await getNonce(jar, routes)))).toMatchObject({
        status: 200,
        body: { address: second.address },
      });
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address: second.address } });
    });

    describe("POST verify's processing order: the first failing step answers", () => {
      it("an unreadable body comes before the pending nonce", async () => {
        const answer = await postVerify(createCookieJar(), routes, undefined, { raw: "{" });
        expect(answer).toMatchObject({ status: example.unreadableBody.status, body: { error: example.unreadableBody.error } });
      });

      it("no pending nonce comes before parsing: an unparsable message without a nonce is answered as such", async () => {
        const body = { ...proof(newKeyAccount(), "0123456789abcdef0123456789abcdef"), message: "not a sign-in message" };
        expect(await postVerify(createCookieJar(), routes, body)).toMatchObject({ status: 400, body: { error: example.noPendingNonce } });
      });

      it("validation comes before the signature: a refused message judges no signature and counts no attempt", async () => {
        const jar = createCookieJar();
        const account = newKeyAccount();
        const nonce = await getNonce(jar, routes);
        // Domain and nonce wrong, and signed by another key: the domain is answered.
        const badAll = signatureProof(signInMessage(account.address, "ffffffffffffffffffffffffffffffff", { domain: "evil.example" }), {
          ...newKeyAccount(),
          address: account.address,
        });
        expect(await postVerify(jar, routes, badAll)).toMatchObject({ status: 400, body: { error: "Domain does not match." } });
        // A message that is too old and signed by another key: the age is answered, and no
        // signature was judged, so five of them later still leave the nonce (four are allowed).
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const old = signatureProof(signInMessage(account.address, nonce, { issuedAt: new Date(Date.now() - minutes(10)) }), {
            ...newKeyAccount(),
            address: account.address,
          });
          expect(await postVerify(jar, routes, old)).toMatchObject({ status: 400, body: { error: "Message is too old." } });
        }
        expect(await postVerify(jar, routes, proof(account, nonce))).toMatchObject({ status: 200 });
      });
    });
  });
}
