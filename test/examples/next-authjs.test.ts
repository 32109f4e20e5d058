/**
 * The Next Auth.js example (examples/next-authjs: next-auth v5 with the XRPL provider) in
 * production mode: `next build` once per run, then `next start`. A browser's sign-in over real
 * HTTP with the development wallet: Auth.js's CSRF token, the provider's nonce, the signature,
 * next-auth's credentials callback, the session. The build runs without APP_DOMAIN and
 * AUTH_SECRET (the test environment strips every example setting): the provider, created when
 * auth.ts loads, reads them on first use, so one build runs anywhere.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import {
  buildNextAuthjsExample,
  freePort,
  NEXT_AUTHJS_DIR,
  NEXT_TEST_DIST_DIR,
  spawnNode,
  exampleEnv,
  startNextAuthjsExample,
  type ExampleProcess,
} from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import {
  AUTHJS_DOMAIN,
  authjsMessage,
  getCsrfToken,
  getXrplNonce,
  postCallback,
  sessionAddress,
  signedCredentials,
  signInWithXrpl,
} from "../authjs/flow.js";

beforeAll(async () => {
  await buildNextAuthjsExample();
}, 600_000);

describe("Next Auth.js example: signing in with the XRPL provider", () => {
  let node: MockRippled;
  let app: ExampleProcess;

  beforeAll(async () => {
    node = await startMockRippled();
    app = await startNextAuthjsExample({ env: { APP_DOMAIN: AUTHJS_DOMAIN, XRPL_NODE_URL: node.url } });
  });
  afterAll(async () => {
    await app?.stop();
    await node?.stop();
  });

  it("signs the development wallet in: /api/auth/session and the page show its address", async () => {
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    expect(await sessionAddress(jar, app.url)).toBeNull();
    const answer = await signInWithXrpl(jar, app.url, wallet);
    expect(answer.error).toBeNull();
    const session = (await (await jar.fetch(`${app.url}/api/auth/session`)).json()) as {
      user: { id: string; name: string };
      expires: string;
    };
    expect(session.user).toEqual({ id: address, name: address });
    // Auth.js's session cookie (a JWT), Secure aside: the example runs over plain HTTP.
    expect(jar.get("authjs.session-token")).toBeDefined();
    const page = await (await jar.fetch(`${app.url}/`)).text();
    expect(page).toContain(address);
  });

  it("signs in with a signed transaction, the key's authority read from the ledger node", async () => {
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1", proof: "signedTx" });
    node.setAccount(await wallet.getAddress(), {});
    const jar = createCookieJar();
    expect((await signInWithXrpl(jar, app.url, wallet)).error).toBeNull();
    expect(await sessionAddress(jar, app.url)).toBe(await wallet.getAddress());
  });

  it("refuses a replay of the same signed message, in the same browser and in another", async () => {
    const jar = createCookieJar();
    const first = await signInWithXrpl(jar, app.url, createDevWallet());
    expect(first.error).toBeNull();
    expect(await postCallback(jar, app.url, first.fields)).toMatchObject({ error: "CredentialsSignin", code: "nonce_used" });

    const other = createCookieJar();
    const csrfToken = await getCsrfToken(other, app.url);
    expect(await postCallback(other, app.url, { ...first.fields, csrfToken })).toMatchObject({ code: "nonce_missing" });
    // With the first browser's cookies copied over too, the nonce store still says no.
    const copied = jar.clone();
    expect(await postCallback(copied, app.url, first.fields)).toMatchObject({ code: "nonce_used" });
    expect(await sessionAddress(other, app.url)).toBeNull();
  });

  it("signs out for good: a copy of the session cookie taken before sign-out reads as signed out", async () => {
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, app.url, wallet)).error).toBeNull();
    const copy = jar.clone();
    const csrfToken = await getCsrfToken(jar, app.url);
    const out = await jar.fetch(`${app.url}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(out.status).toBe(200);
    expect(await sessionAddress(jar, app.url)).toBeNull();
    expect(await sessionAddress(copy, app.url)).toBeNull();
  });

  it("keeps the session of a signed-in user who asks for a nonce", async () => {
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, app.url, wallet)).error).toBeNull();
    await getXrplNonce(jar, app.url);
    expect(await sessionAddress(jar, app.url)).toBe(await wallet.getAddress());
  });

  it("refuses a message signed for another domain, even when the request claims that host", async () => {
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const csrfToken = await getCsrfToken(jar, app.url);
    const nonce = await getXrplNonce(jar, app.url);
    const fields: Record<string, string> = {
      ...(await signedCredentials(
        wallet,
        authjsMessage(await wallet.getAddress(), nonce, { domain: "evil.example", uri: "https://evil.example" }),
      )),
      csrfToken,
    };
    const answer = await postCallback(jar, app.url, fields, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(answer).toMatchObject({ error: "CredentialsSignin", code: "domain_mismatch" });
    expect(await sessionAddress(jar, app.url)).toBeNull();
  });
});

describe("Next Auth.js example: build once, deploy anywhere", () => {
  it("was built by next build with neither APP_DOMAIN nor AUTH_SECRET set", () => {
    const buildEnv = exampleEnv({ NEXT_DIST_DIR: NEXT_TEST_DIST_DIR });
    expect(buildEnv.APP_DOMAIN).toBeUndefined();
    expect(buildEnv.AUTH_SECRET).toBeUndefined();
    expect(existsSync(join(NEXT_AUTHJS_DIR, NEXT_TEST_DIST_DIR, "BUILD_ID"))).toBe(true);
  });
});

describe("Next Auth.js example: start-up checks", () => {
  it("refuses to start in production without APP_DOMAIN, naming it", async () => {
    const port = await freePort();
    const run = spawnNode(
      ["../../node_modules/next/dist/bin/next", "start", "--hostname", "127.0.0.1", "--port", String(port)],
      NEXT_AUTHJS_DIR,
      exampleEnv({
        NEXT_DIST_DIR: NEXT_TEST_DIST_DIR,
        AUTH_SECRET: "k".repeat(8) + "0123456789abcdefghijklmnopqrstuv",
        AUTH_TRUST_HOST: "1",
      }),
    );
    const timer = setTimeout(() => void run.stop(), 30_000);
    const info = await run.exited;
    clearTimeout(timer);
    expect(info.code).toBe(1);
    expect(info.output).toMatch(
      /Cannot start the example: sign-in-with-xrpl: XrplProvider: `domain` is required in production: .*APP_DOMAIN/,
    );
  });
});
