/**
 * An Auth.js JWT session signed in with XRPL follows the library's session rules once the app
 * wires `handleJwt` into its `jwt` callback and `handleSignOut` into `events.signOut`: it ends
 * `maxSessionAgeSeconds` after the proof however often Auth.js re-issues the cookie; a copy of
 * the cookie taken before sign-out reads as signed out (and, without the wiring, the honest limit
 * the guide states: it stays valid); with `revalidateAfterSeconds` it ends once the regular key
 * that signed is rotated away; with several domains it counts only on its own host; the nonce
 * route signs nobody out. A real Auth.js server (`@auth/core` behind node:http), the mock rippled.
 */
import { randomBytes } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider, type XrplProviderOptions } from "../../src/authjs/index.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import type { Wallet } from "../../src/client/types.js";
import { createDevWallet, type DevWallet } from "../../src/testing/index.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import { AUTHJS_DOMAIN, getCsrfToken, getXrplNonce, sessionAddress, signInWithXrpl } from "./flow.js";

let node: MockRippled;
let verifier: Verifier;
const servers: AuthServer[] = [];

beforeAll(async () => {
  node = await startMockRippled();
  verifier = createVerifier({ nodeUrl: node.url });
});
afterAll(async () => {
  await verifier?.close();
  await node?.stop();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/**
 * An Auth.js server whose provider reads a clock the test moves, with the callbacks wired as the
 * guide shows (`wired: false` leaves them out). The host handed to `handleJwt` is the request's.
 */
async function serve(options: Partial<XrplProviderOptions> = {}, wired = true) {
  let offsetMs = 0;
  const authSecret = randomBytes(32).toString("hex");
  const xrpl = XrplProvider({ verifier, domain: AUTHJS_DOMAIN, secret: authSecret, now: () => Date.now() + offsetMs, ...options });
  const server = await startAuthServer(xrpl, { secret: authSecret }, (request) =>
    wired
      ? {
          callbacks: { jwt: (params) => xrpl.handleJwt(params, { host: new URL(request.url).host }) },
          events: { signOut: (message) => xrpl.handleSignOut(message) },
        }
      : {},
  );
  servers.push(server);
  return { url: server.url, advance: (seconds: number) => void (offsetMs += seconds * 1000) };
}

async function signOut(jar: CookieJar, url: string): Promise<void> {
  const csrfToken = await getCsrfToken(jar, url);
  const out = await jar.fetch(`${url}/api/auth/signout`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
    body: new URLSearchParams({ csrfToken }),
  });
  expect(out.status).toBe(200);
}

/** Auth.js's session route read with a `Host` of the test's choosing (node:http: fetch cannot set it). */
function sessionOnHost(jar: CookieJar, url: string, host: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/api/auth/session`, { headers: { host, cookie: jar.header() } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve((JSON.parse(text) as { user?: { name?: string } } | null)?.user?.name ?? null));
    });
    request.on("error", reject);
    request.end();
  });
}

describe("XrplProvider sessions: the absolute lifetime", () => {
  it("ends the session maxSessionAgeSeconds after the proof, though Auth.js re-issued the cookie on every read", async () => {
    const { url, advance } = await serve({ maxSessionAgeSeconds: 60 });
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    advance(30);
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
    // Auth.js re-issued the cookie with a fresh 30-day expiry; the sign-in's age is unchanged.
    expect(jar.lastSetCookie("authjs.session-token")).toBeDefined();
    advance(31);
    expect(await sessionAddress(jar, url)).toBeNull();
    expect(jar.get("authjs.session-token")).toBeUndefined();
  });
});

describe("XrplProvider sessions: sign-out", () => {
  it("refuses a copy of the session cookie taken before sign-out (handleSignOut revokes the sign-in)", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    const copy = jar.clone();
    await signOut(jar, url);
    expect(await sessionAddress(jar, url)).toBeNull();
    expect(await sessionAddress(copy, url)).toBeNull();
  });

  it("without the callbacks, a copy taken before sign-out stays signed in until the JWT expires (the limit the guide states)", async () => {
    const { url } = await serve({}, false);
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    const copy = jar.clone();
    await signOut(jar, url);
    expect(await sessionAddress(jar, url)).toBeNull();
    expect(await sessionAddress(copy, url)).toBe(await wallet.getAddress());
  });
});

describe("XrplProvider sessions: revalidation on the ledger", () => {
  it("ends the session at the next revalidation once the regular key that signed is rotated away", async () => {
    const { url, advance } = await serve({ revalidateAfterSeconds: 60 });
    const account: DevWallet = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    const address = await account.getAddress();
    const regular = createDevWallet();
    node.setAccount(address, { regularKey: await regular.getAddress() });
    try {
      const jar = createCookieJar();
      const asAccount: Wallet = { getAddress: () => address, sign: (message) => regular.sign(message) };
      expect((await signInWithXrpl(jar, url, asAccount as DevWallet)).error).toBeNull();
      advance(61);
      expect(await sessionAddress(jar, url)).toBe(address);
      node.setAccount(address, { regularKey: await createDevWallet().getAddress() });
      expect(await sessionAddress(jar, url)).toBe(address);
      advance(61);
      expect(await sessionAddress(jar, url)).toBeNull();
    } finally {
      node.removeAccount(address);
    }
  });
});

describe("XrplProvider sessions: the nonce route and several domains", () => {
  it("keeps the session of a user who asks for a nonce", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    const token = jar.get("authjs.session-token");
    await getXrplNonce(jar, url);
    await getXrplNonce(jar, url);
    expect(jar.get("authjs.session-token")).toBe(token);
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
  });

  it("answers as signed out on another host than the one the session signed in for", async () => {
    const { url } = await serve({ domain: ["127.0.0.1", "localhost"] });
    const { host, port } = new URL(url);
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet, { domain: host, uri: url })).error).toBeNull();
    expect(await sessionOnHost(jar, url, `localhost:${port}`)).toBeNull();
    expect(await sessionOnHost(jar, url, host)).toBe(await wallet.getAddress());
  });

  it("answers as signed out, and says why in the log, when handleJwt is not given the host with several domains", async () => {
    const errors: string[] = [];
    const authSecret = randomBytes(32).toString("hex");
    const xrpl = XrplProvider({
      verifier,
      domain: ["127.0.0.1", "localhost"],
      secret: authSecret,
      logger: { warn() {}, error: (message) => errors.push(message) },
    });
    const server = await startAuthServer(xrpl, { secret: authSecret, callbacks: { jwt: (params) => xrpl.handleJwt(params) } });
    servers.push(server);
    const jar = createCookieJar();
    expect(
      (await signInWithXrpl(jar, server.url, createDevWallet(), { domain: new URL(server.url).host, uri: server.url })).error,
    ).toBeNull();
    expect(await sessionAddress(jar, server.url)).toBeNull();
    expect(errors.join("\n")).toMatch(/handleJwt needs the request's host/);
  });
});
