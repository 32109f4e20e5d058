/**
 * The HTTP contract every example must keep (routes, statuses, error texts, the domain rule, the
 * production refusals), as one suite run against a real child process per example. The texts
 * that differ between a sealed-cookie and a server-store session come in `texts`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { formatWalletKitMessage, walletKitSignInParams } from "../fixtures/wallet-kit/format.js";
import { deleteKyc, giveKyc, giveMembership, TEST_CLAIMS_JSON } from "../support/claims-ledger.js";
import { createCookieJar } from "../support/cookie-jar.js";
import type { SessionKind } from "../../src/index.js";
import { freePort, runExampleUntilExit, type ExampleProcess } from "../support/example-process.js";
import {
  APP_DOMAIN,
  getMe,
  getNonce,
  newKeyAccount,
  newWallet,
  postSignOut,
  postVerify,
  rawRequest,
  readJson,
  routesOf,
  signatureProof,
  signedTxProof,
  signInBySignature,
  signInBySignedTransaction,
  signInMessage,
  type Routes,
} from "./flow.js";

export interface ExampleContract {
  name: string;
  sessionKind: SessionKind;
  example: "express" | "next" | "hono";
  start(env: Record<string, string | undefined>): Promise<ExampleProcess>;
  /** Starts the example the way its one command does for a demo: no APP_DOMAIN given. */
  startDemo(env: Record<string, string | undefined>): Promise<ExampleProcess>;
  /** The session cookie's name (default of the example). */
  cookieName: string;
  texts: {
    noPendingNonce: string;
    verifierFailed: string;
    /** Status and text for a body that cannot be read as JSON (malformed, or another content type). */
    badBody: { status: number; error: string };
    /**
     * Status and text for JSON that is not a proof: not an object, or missing or mistyped fields.
     * Default `badBody`. The fetch handler answers these as the sealed-cookie handlers do (500),
     * and only an unreadable body with 400.
     */
    notAProof?: { status: number; error: string };
  };
  /**
   * Set when the example is its own Node server (`node server.mjs`, as Express and Hono are): what
   * it prints once listening. The Next example starts through its launcher, tested in its own file.
   */
  ownServer?: { listening: RegExp };
  /** The example reads SIGN_IN_CLAIMS, REQUIRE_CLAIMS and REVALIDATE_AFTER_SECONDS (the Express example's settings). */
  readsClaims?: boolean;
}

const minutes = (count: number) => count * 60_000;
/** An origin of another site that the examples are started to allow (ALLOWED_ORIGINS), like a wallet's web page. */
const ALLOWED_ORIGIN = "https://wallet.example";

export function defineExampleContract(contract: ExampleContract): void {
  const { sessionKind, texts } = contract;
  const notAProof = texts.notAProof ?? texts.badBody;

  describe(`${contract.name}: the sign-in flow`, () => {
    let node: MockRippled;
    let app: ExampleProcess;
    let routes: Routes;

    beforeAll(async () => {
      node = await startMockRippled();
      // This suite asks for far more than the default 60 nonces a minute; the limit has its own suite below.
      app = await contract.start({ XRPL_NODE_URL: node.url, APP_DOMAIN, NONCE_RATE_LIMIT: "1000", ALLOWED_ORIGINS: ALLOWED_ORIGIN });
      routes = routesOf(app.url, sessionKind);
    });
    afterAll(async () => {
      await app?.stop();
      await node?.stop();
    });

    it("signs in by message signature (ed25519), then /me answers the address", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount("ed25519");
      const nonce = await getNonce(jar, routes);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      const beforeSignIn = jar.get(contract.cookieName);
      expect(beforeSignIn).toBeDefined();

      const answer = await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account));
      expect(answer).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
      expect(answer.contentType).toMatch(/^application\/json/);
      // Express rotates the session id; iron-session re-seals the cookie: either way a new value.
      expect(jar.get(contract.cookieName)).toBeDefined();
      expect(jar.get(contract.cookieName)).not.toBe(beforeSignIn);

      const me = await getMe(jar, routes);
      expect(me).toMatchObject({ status: 200, body: { address: account.address } });
    });

    it("signs in by message signature (secp256k1, public key recovered from the signature)", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount("ecdsa-secp256k1");
      const nonce = await getNonce(jar, routes);
      const answer = await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account, false));
      expect(answer).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
      expect((await getMe(jar, routes)).body).toEqual({ address: account.address });
    });

    it("signs in by signed transaction (AccountSet with the message in the first memo, key checked on the ledger)", async () => {
      const jar = createCookieJar();
      const answer = await signInBySignedTransaction(jar, routes, node, "ed25519");
      expect(answer).toMatchObject({ status: 200, body: { ok: true, address: answer.address } });
      expect(answer.ledgerLookups).toBeGreaterThan(0);
      expect((await getMe(jar, routes)).body).toEqual({ address: answer.address });
    });

    it("refuses a signed transaction whose master key the ledger says is disabled (401)", async () => {
      const jar = createCookieJar();
      const wallet = newWallet("ecdsa-secp256k1");
      node.setAccount(wallet.classicAddress, { flags: 0x00100000 });
      const nonce = await getNonce(jar, routes);
      const answer = await postVerify(jar, routes, signedTxProof(signInMessage(wallet.classicAddress, nonce), wallet));
      expect(answer).toMatchObject({ status: 401, body: { error: "Signature verification failed." } });
    });

    it("refuses a message signature by a master key the ledger says is disabled (401), the session still signed out", async () => {
      for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
        const jar = createCookieJar();
        const account = newKeyAccount(algorithm);
        node.setAccount(account.address, { flags: 0x00100000, regularKey: newKeyAccount().address });
        const before = node.requestCount("account_info");
        const nonce = await getNonce(jar, routes);
        const answer = await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account));
        expect(answer).toMatchObject({ status: 401, body: { error: "Signature verification failed." } });
        expect(node.requestCount("account_info")).toBeGreaterThan(before);
        expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
      }
    });

    it("signs out: 200 { ok: true }, then /me is 401 Not authenticated.", async () => {
      const jar = createCookieJar();
      expect((await signInBySignature(jar, routes)).status).toBe(200);
      const out = await postSignOut(jar, routes);
      expect(out).toMatchObject({ status: 200, body: { ok: true } });
      expect(jar.get(contract.cookieName)).toBeUndefined();
      expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    });

    it("answers sign-out with 200 even without a session", async () => {
      expect(await postSignOut(createCookieJar(), routes)).toMatchObject({ status: 200, body: { ok: true } });
    });

    it("answers /me without a session with 401 Not authenticated.", async () => {
      expect(await getMe(createCookieJar(), routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    });

    it(`answers verify without a pending nonce with 400 ${JSON.stringify(texts.noPendingNonce)}`, async () => {
      const account = newKeyAccount();
      const body = signatureProof(signInMessage(account.address, "0123456789abcdef0123456789abcdef"), account);
      expect(await postVerify(createCookieJar(), routes, body)).toMatchObject({ status: 400, body: { error: texts.noPendingNonce } });
    });

    it("signs in @xrpl-wallet-kit/auth front ends unchanged: every message layout that names the chain, both proof kinds", async () => {
      const layouts: { statement?: string; chainId?: string; withExpiration: boolean; withPort: boolean }[] = [];
      for (const statement of ["Sign in to the example.", undefined]) {
        for (const chainId of [undefined, "xrpl:0", "0"]) {
          for (const withExpiration of [true, false]) {
            for (const withPort of [false, true]) {
              layouts.push({
                ...(statement === undefined ? {} : { statement }),
                ...(chainId === undefined ? {} : { chainId }),
                withExpiration,
                withPort,
              });
            }
          }
        }
      }
      const failures: string[] = [];
      for (const layout of layouts) {
        for (const proofKind of ["signature", "signedTx"] as const) {
          const jar = createCookieJar();
          const wallet = newWallet(proofKind === "signature" ? "ecdsa-secp256k1" : "ed25519");
          if (proofKind === "signedTx") node.setAccount(wallet.classicAddress, {});
          const nonce = await getNonce(jar, routes);
          const host = layout.withPort ? `${APP_DOMAIN}:${app.port}` : APP_DOMAIN;
          const params = walletKitSignInParams({
            address: wallet.classicAddress,
            nonce,
            nowMs: Date.now(),
            location: { host, origin: `http://${host}` },
            options: { statement: layout.statement, chainId: layout.chainId },
          });
          const message = formatWalletKitMessage(layout.withExpiration ? params : { ...params, expirationTime: undefined });
          const proof =
            proofKind === "signature"
              ? signatureProof(message, { address: wallet.classicAddress, publicKey: wallet.publicKey, privateKey: wallet.privateKey })
              : signedTxProof(message, wallet);
          // What wallet-kit's adapter posts: the proof plus its own `proof` and `raw` fields.
          const answer = await postVerify(jar, routes, { ...proof, proof: proof.signature ?? proof.txBlob, raw: { wallet: "test" } });
          if (layout.chainId === undefined) {
            // The examples accept one network (XRPL_CHAIN_ID, mainnet by default): a message that
            // names none could be meant for any, so it signs nobody in.
            if (answer.status !== 400 || answer.body.error !== "Chain ID does not match.")
              failures.push(
                `${JSON.stringify(layout)} ${proofKind}: ${answer.status} ${JSON.stringify(answer.body)}, expected the chain refusal`,
              );
          } else if (answer.status !== 200)
            failures.push(`${JSON.stringify(layout)} ${proofKind}: ${answer.status} ${JSON.stringify(answer.body)}`);
          else if ((await getMe(jar, routes)).body.address !== wallet.classicAddress)
            failures.push(`${JSON.stringify(layout)} ${proofKind}: /me`);
        }
      }
      expect(failures).toEqual([]);
    });

    it("ends the session for copies of its cookie on sign-out: /me 200 before, 401 after", async () => {
      const jar = createCookieJar();
      await signInBySignature(jar, routes);
      const copy = jar.clone();
      expect((await getMe(copy, routes)).status).toBe(200);
      expect((await postSignOut(jar, routes)).status).toBe(200);
      expect(await getMe(copy, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
      // Nor does a nonce request bring the copy back.
      await getNonce(copy, routes);
      expect((await getMe(copy, routes)).status).toBe(401);
    });

    it("keeps the sign-in when a signed-in session asks for a new nonce: me still 200, copies of the cookie too, sign-out ends all", async () => {
      const jar = createCookieJar();
      const { address } = await signInBySignature(jar, routes);
      const copy = jar.clone();
      const nonce = await getNonce(jar, routes);
      expect(nonce).toMatch(/^[0-9a-f]{32}$/);
      // The cookie the nonce request answered still carries the sign-in, beside the new nonce.
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address } });
      expect(await getMe(copy, routes)).toMatchObject({ status: 200, body: { address } });
      const afterNonce = jar.clone();
      expect((await postSignOut(jar, routes)).status).toBe(200);
      expect((await getMe(copy, routes)).status).toBe(401);
      expect((await getMe(afterNonce, routes)).status).toBe(401);
    });

    it("signs in again from a signed-in session through the new nonce (another account replaces the first)", async () => {
      const jar = createCookieJar();
      await signInBySignature(jar, routes);
      const before = jar.clone();
      const second = await signInBySignature(jar, routes);
      expect(second.status).toBe(200);
      expect((await getMe(jar, routes)).body).toEqual({ address: second.address });
      // The sign-in it replaced has ended everywhere, so a copy of the old cookie is signed out.
      expect((await getMe(before, routes)).status).toBe(401);
    });

    it("answers every validation failure with its reason", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const other = newKeyAccount();
      const now = Date.now();
      const cases: [string, (nonce: string) => Record<string, string>, number, string][] = [
        ["garbage", () => signatureProof("hello", account), 400, "Invalid message format."],
        [
          "another domain",
          (nonce) => signatureProof(signInMessage(account.address, nonce, { domain: "evil.example" }), account),
          400,
          "Domain does not match.",
        ],
        [
          "another address in the body",
          (nonce) => ({ ...signatureProof(signInMessage(account.address, nonce), account), address: other.address }),
          400,
          "Address does not match.",
        ],
        [
          "another nonce",
          () => signatureProof(signInMessage(account.address, "ffffffffffffffffffffffffffffffff"), account),
          400,
          "Nonce does not match.",
        ],
        [
          "issued in the future",
          (nonce) => signatureProof(signInMessage(account.address, nonce, { issuedAt: new Date(now + minutes(10)) }), account),
          400,
          "Message is issued in the future.",
        ],
        [
          "too old",
          (nonce) => signatureProof(signInMessage(account.address, nonce, { issuedAt: new Date(now - minutes(10)) }), account),
          400,
          "Message is too old.",
        ],
        [
          "expired",
          (nonce) =>
            signatureProof(
              signInMessage(account.address, nonce, { issuedAt: new Date(now - minutes(3)), expirationTime: new Date(now - minutes(2)) }),
              account,
            ),
          400,
          "Message has expired.",
        ],
        [
          "not yet valid",
          (nonce) => signatureProof(signInMessage(account.address, nonce, { notBefore: new Date(now + minutes(10)) }), account),
          400,
          "Message is not yet valid.",
        ],
        [
          "signed by another key",
          (nonce) => signatureProof(signInMessage(account.address, nonce), { ...other, address: account.address }),
          401,
          "Signature verification failed.",
        ],
        [
          "a signature over other text",
          (nonce) => ({
            ...signatureProof(signInMessage(account.address, nonce), account),
            signature: signatureProof("other text", account).signature!,
          }),
          401,
          "Signature verification failed.",
        ],
      ];
      for (const [label, build, status, error] of cases) {
        const answer = await postVerify(jar, routes, build(await getNonce(jar, routes)));
        expect({ label, status: answer.status, body: answer.body }).toEqual({ label, status, body: { error } });
      }
    });

    it("keeps the pending nonce through 4 failed proofs, clears it at the 5th (same texts), then a new nonce signs in", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const other = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      const forged = () => signatureProof(signInMessage(account.address, nonce), { ...other, address: account.address });
      for (let attempt = 1; attempt <= 4; attempt += 1) {
        expect((await postVerify(jar, routes, forged())).body).toEqual({ error: "Signature verification failed." });
      }
      // Four failures: the honest proof still signs in on a copy of this session.
      const copy = jar.clone();
      expect(await postVerify(copy, routes, signatureProof(signInMessage(account.address, nonce), account))).toMatchObject({ status: 200 });

      const fresh = createCookieJar();
      const pending = await getNonce(fresh, routes);
      const forgedFresh = () => signatureProof(signInMessage(account.address, pending), { ...other, address: account.address });
      for (let attempt = 1; attempt <= 5; attempt += 1) {
        expect((await postVerify(fresh, routes, forgedFresh())).body).toEqual({ error: "Signature verification failed." });
      }
      const honest = await postVerify(fresh, routes, signatureProof(signInMessage(account.address, pending), account));
      expect(honest.status).toBe(400);
      expect(String(honest.body.error)).toMatch(/^No pending nonce\./);
      const next = await getNonce(fresh, routes);
      expect(await postVerify(fresh, routes, signatureProof(signInMessage(account.address, next), account))).toMatchObject({ status: 200 });
    });

    it("keeps the pending nonce through 10 messages for another domain (nothing counted), then the right one signs in", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const wrong = signatureProof(signInMessage(account.address, nonce, { domain: "evil.example" }), account);
        expect(await postVerify(jar, routes, wrong)).toMatchObject({ status: 400, body: { error: "Domain does not match." } });
      }
      const right = await postVerify(jar, routes, signatureProof(signInMessage(account.address, nonce), account));
      expect(right).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
    });

    it("judges at most 5 of 40 concurrent bad proofs on one nonce; the good proof after them is refused", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const other = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      const message = signInMessage(account.address, nonce);
      const forged = signatureProof(message, { ...other, address: account.address });
      // Each request carries the same cookie, as 40 parallel requests of one client would.
      const answers = await Promise.all(Array.from({ length: 40 }, () => postVerify(jar.clone(), routes, forged)));
      const judged = answers.filter((answer) => answer.body.error === "Signature verification failed.");
      expect(judged.length).toBeLessThanOrEqual(5);
      expect(judged.length).toBeGreaterThan(0);
      for (const answer of answers) {
        expect(answer.status).toBeGreaterThanOrEqual(400);
        expect(["Signature verification failed.", texts.noPendingNonce]).toContain(answer.body.error);
      }
      // The cookie from before the race still names the nonce: the count, kept by the server, refuses it.
      const honest = await postVerify(jar, routes, signatureProof(message, account));
      expect(honest).toMatchObject({ status: 400, body: { error: texts.noPendingNonce } });
      expect((await getMe(jar, routes)).status).toBe(401);
    });

    it("accepts one of 20 racing verify requests carrying the same signed message", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      const body = signatureProof(signInMessage(account.address, nonce), account);
      const answers = await Promise.all(Array.from({ length: 20 }, () => postVerify(jar.clone(), routes, body)));
      const statuses = answers.map((answer) => answer.status);
      expect(statuses.filter((status) => status === 200)).toHaveLength(1);
      for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
        expect(answer.status).toBe(400);
        // Past the fifth check the nonce is spent; Express may also find the session already rotated by the winner.
        expect(["Nonce has already been used.", texts.noPendingNonce]).toContain(answer.body.error);
      }
      // A sealed-cookie session: every loser carries the same sealed nonce, so the nonce store is
      // what stops the four others that were judged, and the count the fifteen after them.
      if (sessionKind === "sealed-cookie") {
        expect(answers.filter((answer) => answer.body.error === "Nonce has already been used.")).toHaveLength(4);
        expect(answers.filter((answer) => answer.body.error === texts.noPendingNonce)).toHaveLength(15);
      }
    });

    it("never signs in a replayed cookie from before the sign-in", async () => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await getNonce(jar, routes);
      const oldCookie = jar.clone();
      const body = signatureProof(signInMessage(account.address, nonce), account);
      expect((await postVerify(jar, routes, body)).status).toBe(200);

      const replay = await postVerify(oldCookie, routes, body);
      // A sealed-cookie session: the old cookie still holds the nonce, the nonce store refuses it.
      // A server-store session: the old session id was destroyed by the rotation on sign-in.
      expect(replay).toMatchObject({
        status: 400,
        body: { error: sessionKind === "sealed-cookie" ? "Nonce has already been used." : texts.noPendingNonce },
      });
      expect((await getMe(oldCookie, routes)).status).toBe(401);
    });

    describe("requests from other sites", () => {
      const REFUSED = { status: 403, body: { error: "Cross-site request refused." } };
      const fromOtherSites: [string, Record<string, string>][] = [
        ["an Origin of another site", { origin: "https://evil.example", "sec-fetch-site": "cross-site" }],
        ["Sec-Fetch-Site: cross-site (a top-level navigation)", { "sec-fetch-site": "cross-site" }],
        ["Origin: null", { origin: "null" }],
      ];
      for (const [label, headers] of fromOtherSites) {
        it(`refuses ${label} on nonce, verify and sign-out with 403; the session is untouched`, async () => {
          const jar = createCookieJar();
          const { address } = await signInBySignature(jar, routes);
          const account = newKeyAccount();
          const nonce = await getNonce(jar, routes);
          const cookie = jar.header();
          const proof = signatureProof(signInMessage(account.address, nonce), account);
          expect(await rawRequest(jar, routes.nonce, { headers })).toEqual(REFUSED);
          expect(await rawRequest(jar, routes.verify, { method: "POST", headers, body: proof })).toEqual(REFUSED);
          expect(await rawRequest(jar, routes.signOut, { method: "POST", headers })).toEqual(REFUSED);
          expect(jar.header()).toBe(cookie);
          expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { address } });
          // The pending nonce is still there for a request of the site itself.
          expect(await postVerify(jar, routes, proof)).toMatchObject({ status: 200, body: { address: account.address } });
        });
      }

      it("lets a same-origin request (Origin of the site, Sec-Fetch-Site: same-origin) and an origin in ALLOWED_ORIGINS through", async () => {
        const jar = createCookieJar();
        const sameOrigin = { origin: `http://${APP_DOMAIN}:${app.port}`, "sec-fetch-site": "same-origin" };
        const nonce = await rawRequest(jar, routes.nonce, { headers: sameOrigin });
        expect(nonce.status).toBe(200);
        const account = newKeyAccount();
        const proof = signatureProof(signInMessage(account.address, String(nonce.body.nonce)), account);
        const allowed = { origin: ALLOWED_ORIGIN, "sec-fetch-site": "cross-site" };
        expect(await rawRequest(jar, routes.verify, { method: "POST", headers: allowed, body: proof })).toEqual({
          status: 200,
          body: { ok: true, address: account.address },
        });
        expect(await rawRequest(jar, routes.signOut, { method: "POST", headers: sameOrigin })).toEqual({ status: 200, body: { ok: true } });
        expect((await getMe(jar, routes)).status).toBe(401);
      });
    });

    describe("bad requests answer JSON { error }", () => {
      it(`malformed JSON: ${texts.badBody.status} ${texts.badBody.error}`, async () => {
        const jar = createCookieJar();
        await getNonce(jar, routes);
        const answer = await postVerify(jar, routes, undefined, { raw: '{"message": "abc"' });
        expect(answer).toMatchObject({ status: texts.badBody.status, body: { error: texts.badBody.error } });
      });

      it("a JSON value that is not an object", async () => {
        const jar = createCookieJar();
        await getNonce(jar, routes);
        for (const raw of ["[1,2]", '"text"', "42", "null"]) {
          const answer = await postVerify(jar, routes, undefined, { raw });
          expect({ raw, status: answer.status, body: answer.body }).toEqual({
            raw,
            status: notAProof.status,
            body: { error: notAProof.error },
          });
        }
      });

      it("missing or mistyped fields", async () => {
        const jar = createCookieJar();
        const account = newKeyAccount();
        const nonce = await getNonce(jar, routes);
        const full = signatureProof(signInMessage(account.address, nonce), account);
        const bodies: unknown[] = [
          {},
          { ...full, message: undefined },
          { ...full, address: undefined },
          { ...full, signature: undefined },
          { ...full, signatureKind: undefined },
          { ...full, signatureKind: "magic" },
          { ...full, message: 42 },
          { ...full, signatureKind: "signedTx" },
        ];
        for (const body of bodies) {
          const answer = await postVerify(jar, routes, body);
          expect({ body, status: answer.status, answer: answer.body }).toEqual({
            body,
            status: notAProof.status,
            answer: { error: notAProof.error },
          });
        }
        // None of that consumed the nonce.
        expect((await postVerify(jar, routes, full)).status).toBe(200);
      });

      it("a body over 16 kb: 413", async () => {
        const jar = createCookieJar();
        const account = newKeyAccount();
        const nonce = await getNonce(jar, routes);
        const body = { ...signatureProof(signInMessage(account.address, nonce), account), padding: "x".repeat(20 * 1024) };
        const answer = await postVerify(jar, routes, body);
        expect(answer.status).toBe(413);
        expect(typeof answer.body.error).toBe("string");
      });

      it(`a body that is not JSON (text/plain): ${texts.badBody.status}`, async () => {
        const jar = createCookieJar();
        const account = newKeyAccount();
        const nonce = await getNonce(jar, routes);
        const raw = JSON.stringify(signatureProof(signInMessage(account.address, nonce), account));
        const answer = await postVerify(jar, routes, undefined, { raw, contentType: "text/plain" });
        expect(answer).toMatchObject({ status: texts.badBody.status, body: { error: texts.badBody.error } });
      });

      it("an unknown route under /api: 404", async () => {
        const answer = await readJson(await fetch(`${app.url}/api/nope`));
        expect(answer).toMatchObject({ status: 404, body: { error: "Not found." } });
      });

      it("a known route with another method: 405", async () => {
        const answer = await readJson(await fetch(routes.verify));
        expect(answer.status).toBe(405);
        expect(answer.response.headers.get("allow")).toBe("POST");
        expect(typeof answer.body.error).toBe("string");
      });
    });
  });

  describe(`${contract.name}: ledger node unavailable`, () => {
    let node: MockRippled;
    let app: ExampleProcess;
    let routes: Routes;

    beforeAll(async () => {
      node = await startMockRippled();
      app = await contract.start({ XRPL_NODE_URL: node.url, APP_DOMAIN });
      routes = routesOf(app.url, sessionKind);
    });
    afterAll(async () => {
      await app?.stop();
      await node?.stop();
    });

    it(`answers a signed transaction with 500 ${JSON.stringify(texts.verifierFailed)} while the node is down, and signs in again once it is back`, async () => {
      const wallet = newWallet();
      await node.stop();
      const jar = createCookieJar();
      const nonce = await getNonce(jar, routes);
      const body = signedTxProof(signInMessage(wallet.classicAddress, nonce), wallet);
      const down = await postVerify(jar, routes, body);
      expect(down).toMatchObject({ status: 500, body: { error: texts.verifierFailed } });

      // A master key's sign-in asks the ledger too (has the account disabled the key?): the same answer.
      const masterJar = createCookieJar();
      const masterAccount = newKeyAccount();
      const masterNonce = await getNonce(masterJar, routes);
      const masterBody = signatureProof(signInMessage(masterAccount.address, masterNonce), masterAccount);
      expect(await postVerify(masterJar, routes, masterBody)).toMatchObject({ status: 500, body: { error: texts.verifierFailed } });

      await node.restart();
      const deadline = Date.now() + 20_000;
      let answer = await postVerify(jar, routes, body);
      while (answer.status === 500 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await postVerify(jar, routes, body);
      }
      expect(answer).toMatchObject({ status: 200, body: { ok: true, address: wallet.classicAddress } });
      // The failed look-up was not remembered: the master key signs in once the node answers.
      expect((await signInBySignature(createCookieJar(), routes)).status).toBe(200);
    }, 60_000);
  });

  describe(`${contract.name}: nonce rate limit`, () => {
    let app: ExampleProcess;
    let closedPort: number;

    beforeAll(async () => {
      closedPort = await freePort();
      app = await contract.start({ XRPL_NODE_URL: `ws://127.0.0.1:${closedPort}`, APP_DOMAIN, NONCE_RATE_LIMIT: "3" });
    });
    afterAll(async () => {
      await app?.stop();
    });

    it("answers the request over NONCE_RATE_LIMIT per minute with 429 JSON { error }", async () => {
      const routes = routesOf(app.url, sessionKind);
      const statuses: number[] = [];
      for (let index = 0; index < 3; index += 1) statuses.push((await fetch(routes.nonce)).status);
      expect(statuses).toEqual([200, 200, 200]);
      const limited = await readJson(await fetch(routes.nonce));
      expect(limited.status).toBe(429);
      expect(typeof limited.body.error).toBe("string");
      expect(limited.body.error).not.toBe("");
      expect(Number(limited.response.headers.get("retry-after"))).toBeGreaterThan(0);
      // Only the nonce route is limited.
      expect((await fetch(routes.me)).status).toBe(401);
    });
  });

  describe(`${contract.name}: the nonce rate limit counts by an address the client cannot choose`, () => {
    const limit = 3;
    /** One nonce request from `localAddress` (default 127.0.0.1) with `headers`: its status. */
    const nonceStatus = async (routes: Routes, headers: Record<string, string>, localAddress?: string) =>
      (await rawRequest(createCookieJar(), routes.nonce, { headers, ...(localAddress === undefined ? {} : { localAddress }) })).status;

    it("without TRUST_PROXY: a new X-Forwarded-For on every request does not move the key; another socket address has its own", async () => {
      const app = await contract.start({ XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN, NONCE_RATE_LIMIT: String(limit) });
      try {
        const routes = routesOf(app.url, sessionKind);
        const statuses: number[] = [];
        for (let index = 1; index <= limit + 2; index += 1) {
          // Every header a client could use to pose as someone else, new each time. The Next
          // example's own client-address header among them: server.mjs overwrites it.
          statuses.push(
            await nonceStatus(routes, {
              "x-forwarded-for": `203.0.113.${index}`,
              "x-real-ip": `203.0.113.${index}`,
              forwarded: `for=203.0.113.${index}`,
              "x-siwx-client-address": `198.51.100.${index}`,
            }),
          );
        }
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
        // Not one global counter: a client at another address still gets nonces.
        expect(await nonceStatus(routes, {}, "127.0.0.2")).toBe(200);
      } finally {
        await app.stop();
      }
    });

    it("with TRUST_PROXY=loopback: the address the proxy forwards is the key, and entries a client puts before it change nothing", async () => {
      const app = await contract.start({
        XRPL_NODE_URL: "ws://127.0.0.1:9",
        APP_DOMAIN,
        NONCE_RATE_LIMIT: String(limit),
        TRUST_PROXY: "loopback",
      });
      try {
        const routes = routesOf(app.url, sessionKind);
        const statuses: number[] = [];
        for (let index = 0; index < limit; index += 1) statuses.push(await nonceStatus(routes, { "x-forwarded-for": "203.0.113.7" }));
        // The client wrote its own X-Forwarded-For; the proxy appended the address it saw.
        statuses.push(await nonceStatus(routes, { "x-forwarded-for": "198.51.100.1, 203.0.113.7" }));
        expect(statuses).toEqual([200, 200, 200, 429]);
        // Another client behind the same proxy has its own key.
        expect(await nonceStatus(routes, { "x-forwarded-for": "203.0.113.8" })).toBe(200);
      } finally {
        await app.stop();
      }
    });
  });

  if (contract.readsClaims === true) defineClaimsContract(contract);

  describe(`${contract.name}: every bad setting stops the start with one line naming it`, () => {
    // A production start with good settings, then one bad one. Production, so nothing else
    // (a generated development secret, the loopback-domain notice) is printed.
    const good = { NODE_ENV: "production", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN };
    const cases: [setting: string, value: string | undefined][] = [
      ["APP_DOMAIN", undefined],
      ["APP_DOMAIN", "http://bad/"],
      ["APP_DOMAIN", "example.com,https://example.org"],
      ["XRPL_NODE_URL", "http://x"],
      ["XRPL_NODE_URL", "example.com"],
      ["REDIS_URL", "http://x"],
      ["REDIS_URL", "not a url"],
      ["REDIS_URL", "redis://127.0.0.1:9"],
      ["TRUST_PROXY", "not-an-address"],
      ["TRUST_PROXY", "10.0.0.0/33"],
      ["PORT", "abc"],
      ["PORT", "70000"],
      ["NONCE_RATE_LIMIT", "0"],
      ["NONCE_RATE_LIMIT", "many"],
      ["SESSION_COOKIE_NAME", "bad name"],
      ["XRPL_CHAIN_ID", "0"],
      ["XRPL_CHAIN_ID", "mainnet"],
      ["ALLOWED_ORIGINS", "https://wallet.example/"],
      ["ALLOWED_ORIGINS", "https://wallet.example,wallet.example"],
      ["SESSION_SECRET", undefined],
      ["SESSION_SECRET", "too-short-secret"],
      ["SESSION_SECRET", " ".repeat(40)],
      ["SESSION_SECRET", "a".repeat(40)],
    ];

    it.each(cases)("%s=%j", async (setting, value) => {
      const result = await runExampleUntilExit(contract.example, { env: { ...good, [setting]: value }, timeoutMs: 20_000 });
      expect(result.timedOut).toBe(false);
      expect(result.code).toBe(1);
      const lines = result.output.split("\n").filter((line) => line.trim() !== "");
      const naming = lines.filter((line) => line.includes(setting));
      expect(naming).toEqual([expect.stringMatching(new RegExp(`^Cannot start the example: .*${setting}`))]);
      // Nothing else, except Next's own progress line when the check runs as the app loads.
      expect(lines.filter((line) => !naming.includes(line) && !/^✓ Running next\.config\.mjs took/.test(line))).toEqual([]);
      expect(result.output).not.toMatch(/^\s+at /m);
      // A password in REDIS_URL is never printed (none here; the URL form is not echoed either).
      if (setting === "REDIS_URL" && value !== "redis://127.0.0.1:9") expect(result.output).not.toContain(value);
    });
  });

  describe(`${contract.name}: the expected domain never comes from the request`, () => {
    const ATTACKER = "attacker.example";

    /** Nonce, then a signed message for `domain`, posted with `headers` on every request; answers the verify result and /me. */
    const attempt = async (routes: Routes, domain: string, headers: Record<string, string>) => {
      const jar = createCookieJar();
      const account = newKeyAccount();
      const nonce = await rawRequest(jar, routes.nonce, { headers });
      expect(nonce.status).toBe(200);
      const message = signInMessage(account.address, String(nonce.body.nonce), { domain, uri: `https://${domain}` });
      const verify = await rawRequest(jar, routes.verify, { method: "POST", headers, body: signatureProof(message, account) });
      const me = await rawRequest(jar, routes.me, { headers });
      return { verify, me, address: account.address };
    };

    describe("configured with APP_DOMAIN, in production behind a trusted proxy", () => {
      let node: MockRippled;
      let app: ExampleProcess;
      let routes: Routes;
      beforeAll(async () => {
        node = await startMockRippled();
        app = await contract.start({
          NODE_ENV: "production",
          TRUST_PROXY: "loopback",
          XRPL_NODE_URL: node.url,
          APP_DOMAIN: `${APP_DOMAIN},app.example.org`,
        });
        routes = routesOf(app.url, sessionKind);
      });
      afterAll(async () => {
        await app?.stop();
        await node?.stop();
      });
      const viaProxy = { "x-forwarded-proto": "https" };

      it("refuses a message for the attacker's domain sent with Host: attacker.example (400, not signed in)", async () => {
        const { verify, me } = await attempt(routes, ATTACKER, { ...viaProxy, host: ATTACKER });
        expect(verify).toEqual({ status: 400, body: { error: "Domain does not match." } });
        expect(me).toEqual({ status: 401, body: { error: "Not authenticated." } });
      });

      it("refuses a message for the attacker's domain sent with X-Forwarded-Host: attacker.example (400, not signed in)", async () => {
        const { verify, me } = await attempt(routes, ATTACKER, { ...viaProxy, "x-forwarded-host": ATTACKER });
        expect(verify).toEqual({ status: 400, body: { error: "Domain does not match." } });
        expect(me).toEqual({ status: 401, body: { error: "Not authenticated." } });
      });

      it("signs in for each host APP_DOMAIN lists, at any port, and the session counts on that host only", async () => {
        const hosts: [domain: string, other: string][] = [
          ["app.example.org", `${APP_DOMAIN}:${app.port}`],
          [`${APP_DOMAIN}:${app.port}`, "app.example.org"],
        ];
        for (const [domain, other] of hosts) {
          const jar = createCookieJar();
          const account = newKeyAccount();
          const onHost = { ...viaProxy, host: domain };
          const nonce = await rawRequest(jar, routes.nonce, { headers: onHost });
          const message = signInMessage(account.address, String(nonce.body.nonce), { domain, uri: `https://${domain}` });
          const verify = await rawRequest(jar, routes.verify, { method: "POST", headers: onHost, body: signatureProof(message, account) });
          expect(verify).toEqual({ status: 200, body: { ok: true, address: account.address } });
          expect(await rawRequest(jar, routes.me, { headers: onHost })).toEqual({ status: 200, body: { address: account.address } });
          // The same cookie on another listed host (a relayed sign-in, a shared cookie): signed out there,
          // still signed in on its own host.
          expect(await rawRequest(jar, routes.me, { headers: { ...viaProxy, host: other } })).toEqual({
            status: 401,
            body: { error: "Not authenticated." },
          });
          expect(await rawRequest(jar, routes.me, { headers: onHost })).toEqual({ status: 200, body: { address: account.address } });
        }
      });

      it("refuses a message whose URI is not https: (400 URI does not match.), keeping the nonce", async () => {
        const jar = createCookieJar();
        const account = newKeyAccount();
        const onHost = { ...viaProxy, host: "app.example.org" };
        const nonce = String((await rawRequest(jar, routes.nonce, { headers: onHost })).body.nonce);
        const plain = signInMessage(account.address, nonce, { domain: "app.example.org", uri: "http://app.example.org" });
        expect(await rawRequest(jar, routes.verify, { method: "POST", headers: onHost, body: signatureProof(plain, account) })).toEqual({
          status: 400,
          body: { error: "URI does not match." },
        });
        const secure = signInMessage(account.address, nonce, { domain: "app.example.org", uri: "https://app.example.org" });
        expect(
          (await rawRequest(jar, routes.verify, { method: "POST", headers: onHost, body: signatureProof(secure, account) })).status,
        ).toBe(200);
      });

      it("refuses a message for another network than XRPL_CHAIN_ID (mainnet by default): testnet, Xahau", async () => {
        for (const chainId of ["xrpl:1", "xrpl:21338"]) {
          const jar = createCookieJar();
          const account = newKeyAccount();
          const onHost = { ...viaProxy, host: "app.example.org" };
          const nonce = String((await rawRequest(jar, routes.nonce, { headers: onHost })).body.nonce);
          const message = signInMessage(account.address, nonce, { domain: "app.example.org", uri: "https://app.example.org", chainId });
          expect(await rawRequest(jar, routes.verify, { method: "POST", headers: onHost, body: signatureProof(message, account) })).toEqual(
            {
              status: 400,
              body: { error: "Chain ID does not match." },
            },
          );
        }
      });
    });

    describe("demo mode (no APP_DOMAIN)", () => {
      let node: MockRippled;
      let app: ExampleProcess;
      let routes: Routes;
      beforeAll(async () => {
        node = await startMockRippled();
        app = await contract.startDemo({ XRPL_NODE_URL: node.url });
        routes = routesOf(app.url, sessionKind);
      });
      afterAll(async () => {
        await app?.stop();
        await node?.stop();
      });

      it("signs in for loopback hosts at any port: localhost, 127.0.0.1, [::1]", async () => {
        for (const domain of [`localhost:${app.port}`, `127.0.0.1:${app.port}`, `[::1]:${app.port}`, "localhost"]) {
          const { verify, address } = await attempt(routes, domain, {});
          expect(verify).toEqual({ status: 200, body: { ok: true, address } });
        }
      });

      it("refuses a message for the attacker's domain, whatever Host and X-Forwarded-Host say", async () => {
        for (const headers of [{ host: ATTACKER }, { "x-forwarded-host": ATTACKER }, { host: `${ATTACKER}:${app.port}` }]) {
          const { verify, me } = await attempt(routes, ATTACKER, headers);
          expect(verify).toEqual({ status: 400, body: { error: "Domain does not match." } });
          expect(me).toEqual({ status: 401, body: { error: "Not authenticated." } });
        }
      });
    });

    it("refuses a production start without APP_DOMAIN with one line naming it", async () => {
      const result = await runExampleUntilExit(contract.example, {
        env: { NODE_ENV: "production", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN: undefined },
      });
      expect(result.timedOut).toBe(false);
      expect(result.code).not.toBe(0);
      const lines = result.output.split("\n").filter((line) => line.includes("APP_DOMAIN"));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /APP_DOMAIN is not set: in production set it to the host your users sign in on, e\.g\. APP_DOMAIN=example\.com/,
      );
      expect(result.output).not.toMatch(/^\s+at /m);
    });
  });

  describe(`${contract.name}: start-up`, () => {
    it("serves the demo page at /", async () => {
      const app = await contract.start({ XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN });
      try {
        const response = await fetch(`${app.url}/`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/text\/html/);
      } finally {
        await app.stop();
      }
    });

    it("uses XRPL_CHAIN_ID: with xrpl:1 a testnet message signs in and a mainnet one is refused", async () => {
      // Every compact sign-in asks the ledger whether the master key is disabled: a node that answers.
      const node = await startMockRippled();
      const app = await contract.start({ XRPL_NODE_URL: node.url, APP_DOMAIN, XRPL_CHAIN_ID: "xrpl:1" });
      try {
        const routes = routesOf(app.url, sessionKind);
        const account = newKeyAccount();
        const jar = createCookieJar();
        const mainnet = signatureProof(signInMessage(account.address, await getNonce(jar, routes)), account);
        expect(await postVerify(jar, routes, mainnet)).toMatchObject({ status: 400, body: { error: "Chain ID does not match." } });
        const testnet = signatureProof(signInMessage(account.address, await getNonce(jar, routes), { chainId: "xrpl:1" }), account);
        expect(await postVerify(jar, routes, testnet)).toMatchObject({ status: 200, body: { address: account.address } });
      } finally {
        await app.stop();
        await node.stop();
      }
    });

    it("uses SESSION_COOKIE_NAME", async () => {
      const app = await contract.start({ XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN, SESSION_COOKIE_NAME: "my_app_sid" });
      try {
        const jar = createCookieJar();
        await getNonce(jar, routesOf(app.url, sessionKind));
        expect(jar.get("my_app_sid")).toBeDefined();
      } finally {
        await app.stop();
      }
    });

    const { ownServer } = contract;
    if (ownServer !== undefined) {
      it("generates and announces a secret in development, prints its URL, and exits 0 on SIGTERM", async () => {
        const node = await startMockRippled();
        try {
          const app = await contract.start({ SESSION_SECRET: undefined, XRPL_NODE_URL: node.url, APP_DOMAIN });
          const output = app.output();
          expect(output).toMatch(/SESSION_SECRET is not set/);
          expect(output).toMatch(ownServer.listening);
          expect((await signInBySignature(createCookieJar(), routesOf(app.url, sessionKind))).status).toBe(200);
          const exit = await app.stop();
          expect(exit.code).toBe(0);
        } finally {
          await node.stop();
        }
      });
    }
  });
}

/** Who may sign in, read from the ledger: SIGN_IN_CLAIMS, REQUIRE_CLAIMS and REVALIDATE_AFTER_SECONDS. */
function defineClaimsContract(contract: ExampleContract): void {
  const { sessionKind } = contract;

  describe(`${contract.name}: who may sign in (SIGN_IN_CLAIMS, REQUIRE_CLAIMS)`, () => {
    let node: MockRippled;
    let app: ExampleProcess;
    let routes: Routes;

    beforeAll(async () => {
      node = await startMockRippled();
      app = await contract.start({
        XRPL_NODE_URL: node.url,
        APP_DOMAIN,
        NONCE_RATE_LIMIT: "1000",
        SIGN_IN_CLAIMS: TEST_CLAIMS_JSON,
        REQUIRE_CLAIMS: "kyc",
        REVALIDATE_AFTER_SECONDS: "1",
      });
      routes = routesOf(app.url, sessionKind);
    });
    afterAll(async () => {
      await app?.stop();
      await node?.stop();
    });

    it("signs in an account with an accepted, unexpired credential; me answers its claims", async () => {
      const account = newKeyAccount();
      giveKyc(node, account.address);
      const jar = createCookieJar();
      expect(await signInBySignature(jar, routes, account)).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
      expect(await getMe(jar, routes)).toMatchObject({
        status: 200,
        body: { address: account.address, claims: { kyc: true, member: false } },
      });
    });

    it("refuses an account without it: 403 with missing, not signed in", async () => {
      const account = newKeyAccount();
      giveKyc(node, account.address, { accepted: false });
      const jar = createCookieJar();
      expect(await signInBySignature(jar, routes, account)).toMatchObject({
        status: 403,
        body: { error: "Account does not meet the sign-in requirements.", missing: ["kyc"] },
      });
      expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    });

    it("ends the session at the next revalidation after the credential is deleted, and updates the other claims", async () => {
      const account = newKeyAccount();
      giveKyc(node, account.address);
      const jar = createCookieJar();
      expect((await signInBySignature(jar, routes, account)).status).toBe(200);
      giveMembership(node, account.address);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await getMe(jar, routes)).toMatchObject({ status: 200, body: { claims: { kyc: true, member: true } } });
      deleteKyc(node, account.address);
      await new Promise((resolve) => setTimeout(resolve, 1100));
      expect(await getMe(jar, routes)).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    });
  });

  describe(`${contract.name}: a bad claims setting stops the start with one line naming it`, () => {
    const good = { NODE_ENV: "production", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN };
    const cases: [setting: string, env: Record<string, string>][] = [
      ["SIGN_IN_CLAIMS", { SIGN_IN_CLAIMS: "{kyc:" }],
      ["SIGN_IN_CLAIMS", { SIGN_IN_CLAIMS: JSON.stringify({ kyc: { credential: { issuer: "not-an-address", type: "KYC" } } }) }],
      ["SIGN_IN_CLAIMS", { SIGN_IN_CLAIMS: JSON.stringify({ kyc: { diploma: true } }) }],
      ["REQUIRE_CLAIMS", { SIGN_IN_CLAIMS: TEST_CLAIMS_JSON, REQUIRE_CLAIMS: "kyc,vip" }],
      ["REQUIRE_CLAIMS", { REQUIRE_CLAIMS: "kyc" }],
      ["REVALIDATE_AFTER_SECONDS", { REVALIDATE_AFTER_SECONDS: "soon" }],
    ];
    it.each(cases)("%s: %j", async (setting, env) => {
      const result = await runExampleUntilExit(contract.example, { env: { ...good, ...env }, timeoutMs: 20_000 });
      expect(result.timedOut).toBe(false);
      expect(result.code).toBe(1);
      const lines = result.output.split("\n").filter((line) => line.trim() !== "");
      expect(lines).toEqual([expect.stringMatching(new RegExp(`^Cannot start the example: ${setting}`))]);
    });
  });
}
