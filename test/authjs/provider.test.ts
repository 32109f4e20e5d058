/**
 * The Auth.js provider on a real Auth.js server (`@auth/core` behind node:http on 127.0.0.1),
 * signing in with the development wallet the way a browser does: CSRF token, nonce, signature,
 * credentials callback, session.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider, XrplSignInError, type XrplProviderOptions } from "../../src/authjs/index.js";
import {
  compactSignature,
  createMemoryNonceStore,
  createVerifier,
  InvalidOptionsError,
  LedgerUnavailableError,
  type NonceStore,
  type Verifier,
} from "../../src/index.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import {
  AUTHJS_DOMAIN,
  authjsMessage,
  getCsrfToken,
  getXrplNonce,
  NONCE_PATH,
  postCallback,
  sessionAddress,
  signedCredentials,
  signInFields,
  signInWithXrpl,
} from "./flow.js";

const secret = () => randomBytes(32).toString("hex");

interface Logged {
  warn: string[];
  error: unknown[][];
}

function recordingLogger(): Logged & { logger: { warn(message: string): void; error(...details: unknown[]): void } } {
  const logged: Logged = { warn: [], error: [] };
  return { ...logged, logger: { warn: (message) => logged.warn.push(message), error: (...details) => logged.error.push(details) } };
}

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

/** A provider with the tests' defaults, served by a fresh Auth.js server. */
async function serve(options: Partial<XrplProviderOptions> = {}, authSecret = secret()): Promise<{ url: string; logged: Logged }> {
  const recorded = recordingLogger();
  const provider = XrplProvider({ verifier, domain: AUTHJS_DOMAIN, secret: authSecret, logger: recorded.logger, ...options });
  const server = await startAuthServer(provider, { secret: authSecret });
  servers.push(server);
  return { url: server.url, logged: recorded };
}

describe("XrplProvider on an Auth.js server: signing in", () => {
  it("signs the development wallet in: the session shows its address", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const answer = await signInWithXrpl(jar, url, wallet);
    expect(answer.error).toBeNull();
    expect(answer.url).toBe(`${url}/`);
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
  });

  it.each([
    ["ed25519", "signature"],
    ["ecdsa-secp256k1", "signature"],
    ["ed25519", "signedTx"],
    ["ecdsa-secp256k1", "signedTx"],
  ] as const)("accepts %s keys with a %s proof", async (algorithm, proof) => {
    const { url } = await serve();
    const wallet = createDevWallet({ algorithm, proof });
    node.setAccount(await wallet.getAddress(), {});
    const jar = createCookieJar();
    const answer = await signInWithXrpl(jar, url, wallet);
    expect(answer.code).toBeNull();
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
  });

  it("signs in again in the same browser after signing out (each sign-in gets its own nonce)", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    const csrfToken = await getCsrfToken(jar, url);
    const out = await jar.fetch(`${url}/api/auth/signout`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1" },
      body: new URLSearchParams({ csrfToken }),
    });
    expect(out.status).toBe(200);
    expect(await sessionAddress(jar, url)).toBeNull();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
  });

  it("serves nonces as JSON, never cached, bound to the browser by an HttpOnly, SameSite=Lax cookie for the nonce lifetime", async () => {
    const { url } = await serve({ nonceTtlSeconds: 120 });
    const jar = createCookieJar();
    const response = await jar.fetch(`${url}${NONCE_PATH}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    expect(response.headers.get("cache-control")).toMatch(/no-store/);
    const { nonce } = (await response.json()) as { nonce: string };
    expect(nonce).toMatch(/^[0-9a-f]{32}$/);
    const cookie = jar.lastSetCookie("siwx_nonce");
    expect(cookie?.attributes).toMatchObject({ httponly: true, samesite: "Lax", path: "/", "max-age": "120" });
    // Plain HTTP on a loopback host outside production: not Secure, or the browser would drop it.
    expect(cookie?.attributes.secure).toBeUndefined();
    // Sealed: the nonce cannot be read from, or written into, the cookie.
    expect(cookie?.value).not.toContain(nonce);

    const post = await fetch(`${url}${NONCE_PATH}`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET");
  });

  it("marks the nonce cookie Secure in production, and names it by cookieName", async () => {
    const { url } = await serve({ production: true, cookieName: "xrpl_nonce" });
    const jar = createCookieJar();
    await getXrplNonce(jar, url);
    expect(jar.lastSetCookie("xrpl_nonce")?.attributes.secure).toBe(true);
  });

  it("takes its id from `id`: the callback route and signIn() name follow it", async () => {
    const { url } = await serve({ id: "xrpl-ledger" });
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const { fields } = await signInFields(jar, url, wallet);
    expect((await postCallback(jar, url, fields, { providerId: "xrpl-ledger" })).error).toBeNull();
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
    const providers = (await (await fetch(`${url}/api/auth/providers`)).json()) as Record<
      string,
      { id: string; type: string; name: string }
    >;
    expect(providers["xrpl-ledger"]).toMatchObject({ id: "xrpl-ledger", type: "credentials", name: "XRPL" });
  });
});

describe("XrplProvider on an Auth.js server: refusals", () => {
  it("refuses a replay of the same signed message in the same browser (nonce_used), and says why in the log", async () => {
    const { url, logged } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const first = await signInWithXrpl(jar, url, wallet);
    expect(first.error).toBeNull();
    const replay = await postCallback(jar, url, first.fields);
    expect(replay).toMatchObject({ error: "CredentialsSignin", code: "nonce_used" });
    expect(logged.warn.join("\n")).toMatch(/refused a sign-in: nonce_used: The nonce of this message was already used/);
  });

  it("refuses the signed message in another browser: without the nonce cookie (nonce_missing), or with its own nonce (nonce_mismatch)", async () => {
    const { url } = await serve();
    const victim = createCookieJar();
    const wallet = createDevWallet();
    const csrfToken = await getCsrfToken(victim, url);
    const nonce = await getXrplNonce(victim, url);
    const fields = await signedCredentials(wallet, authjsMessage(await wallet.getAddress(), nonce));

    const attacker = createCookieJar();
    const attackerCsrf = await getCsrfToken(attacker, url);
    expect(await postCallback(attacker, url, { ...fields, csrfToken: attackerCsrf })).toMatchObject({
      error: "CredentialsSignin",
      code: "nonce_missing",
    });
    await getXrplNonce(attacker, url);
    expect(await postCallback(attacker, url, { ...fields, csrfToken: attackerCsrf })).toMatchObject({ code: "nonce_mismatch" });
    expect(await sessionAddress(attacker, url)).toBeNull();

    // The victim's own sign-in is unaffected.
    expect((await postCallback(victim, url, { ...fields, csrfToken })).error).toBeNull();
  });

  it("refuses a message for another domain, whatever the request's Host or X-Forwarded-Host says (domain_mismatch)", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const { fields } = await signInFields(jar, url, wallet, { domain: "evil.example", uri: "https://evil.example" });
    const answer = await postCallback(jar, url, fields, { headers: { "X-Forwarded-Host": "evil.example" } });
    expect(answer).toMatchObject({ error: "CredentialsSignin", code: "domain_mismatch" });
    expect(await sessionAddress(jar, url)).toBeNull();
  });

  it("refuses a forged signature without burning the nonce: the real proof signs in afterwards", async () => {
    const { url, logged } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const { fields } = await signInFields(jar, url, wallet);
    const forged = { ...fields, signature: fields.signature!.replace(/^../, (pair: string) => (pair === "00" ? "11" : "00")) };
    expect(await postCallback(jar, url, forged)).toMatchObject({ error: "CredentialsSignin", code: "invalid_signature" });
    expect(logged.warn.join("\n")).toMatch(/refused a sign-in: invalid_signature: /);
    expect((await postCallback(jar, url, fields)).error).toBeNull();
  });

  it("refuses another account's proof for the posted address (address_mismatch) and a message that is not one (invalid_message)", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const other = createDevWallet();
    const { fields } = await signInFields(jar, url, wallet);
    expect(await postCallback(jar, url, { ...fields, address: await other.getAddress() })).toMatchObject({ code: "address_mismatch" });
    expect(await postCallback(jar, url, { ...fields, message: "Sign in please" })).toMatchObject({ code: "invalid_message" });
  });

  it("refuses credentials with a field missing or unknown (malformed_request)", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const { fields, csrfToken } = await signInFields(jar, url, wallet);
    const { signature: _signature, ...withoutSignature } = fields;
    expect(await postCallback(jar, url, withoutSignature)).toMatchObject({ code: "malformed_request" });
    expect(await postCallback(jar, url, { ...fields, signatureKind: "password" })).toMatchObject({ code: "malformed_request" });
    expect(await postCallback(jar, url, { csrfToken })).toMatchObject({ code: "malformed_request" });
  });

  it("refuses a message for another chain than chainId (chain_mismatch)", async () => {
    const { url } = await serve({ chainId: "xrpl:1" });
    const answer = await signInWithXrpl(createCookieJar(), url, createDevWallet());
    expect(answer.code).toBe("chain_mismatch");
  });

  it("refuses a nonce older than nonceTtlSeconds (nonce_expired), and a tampered or foreign nonce cookie (nonce_missing)", async () => {
    let clock = Date.now();
    const { url } = await serve({ nonceTtlSeconds: 60, now: () => clock });
    const wallet = createDevWallet();
    const jar = createCookieJar();
    const csrfToken = await getCsrfToken(jar, url);
    const nonce = await getXrplNonce(jar, url);
    clock += 61_000;
    const fields: Record<string, string> = {
      ...(await signedCredentials(wallet, authjsMessage(await wallet.getAddress(), nonce, { issuedAt: new Date(clock) }))),
      csrfToken,
    };
    expect(await postCallback(jar, url, fields)).toMatchObject({ code: "nonce_expired" });

    const tampered = jar.clone();
    const sealed = tampered.get("siwx_nonce")!;
    tampered.set("siwx_nonce", sealed.slice(0, -4) + (sealed.endsWith("AAAA") ? "BBBB" : "AAAA"));
    expect(await postCallback(tampered, url, fields)).toMatchObject({ code: "nonce_missing" });

    // A nonce cookie sealed by a server with another secret.
    const other = await serve({}, secret());
    const foreign = createCookieJar();
    await getXrplNonce(foreign, other.url);
    const mixed = jar.clone();
    mixed.set("siwx_nonce", foreign.get("siwx_nonce")!);
    expect(await postCallback(mixed, url, fields)).toMatchObject({ code: "nonce_missing" });
  });

  it("answers verification_unavailable when the ledger node cannot be reached, with the cause in the log", async () => {
    const unreachable = createVerifier({ nodeUrl: "ws://127.0.0.1:9", connectTimeoutMs: 500 });
    try {
      const { url, logged } = await serve({ verifier: unreachable });
      // A signed transaction needs the account's keys from the ledger.
      const answer = await signInWithXrpl(createCookieJar(), url, createDevWallet({ proof: "signedTx" }));
      expect(answer.code).toBe("verification_unavailable");
      expect(logged.error.flat().some((entry) => entry instanceof LedgerUnavailableError)).toBe(true);
    } finally {
      await unreachable.close();
    }
  });

  it("answers verification_unavailable when the nonce store fails, and never signs in", async () => {
    const failing: NonceStore = { consume: () => Promise.reject(new Error("store down")) };
    const { url, logged } = await serve({ nonceStore: failing });
    const jar = createCookieJar();
    expect((await signInWithXrpl(jar, url, createDevWallet())).code).toBe("verification_unavailable");
    expect(await sessionAddress(jar, url)).toBeNull();
    expect(String(logged.error[0]?.[0])).toMatch(/nonce store failed/);
  });

  it("still needs Auth.js's CSRF token: a cross-site post is refused before the provider runs", async () => {
    const { url } = await serve();
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const nonce = await getXrplNonce(jar, url);
    const fields = await signedCredentials(wallet, authjsMessage(await wallet.getAddress(), nonce));
    const answer = await postCallback(jar, url, fields);
    expect(answer.error).toBe("MissingCSRF");
    expect(await sessionAddress(jar, url)).toBeNull();
  });
});

describe("XrplProvider: one nonce store shared by every instance", () => {
  it("refuses on a second instance a message already used on the first", async () => {
    const nonceStore = createMemoryNonceStore();
    const authSecret = secret();
    const first = await serve({ nonceStore }, authSecret);
    const second = await serve({ nonceStore }, authSecret);
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const answer = await signInWithXrpl(jar, first.url, wallet);
    expect(answer.error).toBeNull();
    // Same secret: the second instance reads the first one's nonce cookie (and Auth.js's CSRF cookie).
    const csrfToken = await getCsrfToken(jar, second.url);
    expect(await postCallback(jar, second.url, { ...answer.fields, csrfToken })).toMatchObject({ code: "nonce_used" });
  });
});

describe("XrplProvider: options", () => {
  const base = (): XrplProviderOptions => ({ verifier, domain: AUTHJS_DOMAIN, secret: secret() });
  const refusal = (options: unknown): string => {
    try {
      XrplProvider(options as XrplProviderOptions);
    } catch (error) {
      expect(error).toBeInstanceOf(InvalidOptionsError);
      return (error as Error).message;
    }
    throw new Error("XrplProvider accepted the options");
  };

  it("reads AUTH_SECRET when no secret is given; without either, the first use fails naming both, not the creation", async () => {
    const saved = process.env.AUTH_SECRET;
    try {
      delete process.env.AUTH_SECRET;
      // Created without a secret (as `next build` loads the routes): checkSettings says what is missing.
      const provider = XrplProvider({ ...base(), secret: undefined });
      expect(() => provider.checkSettings()).toThrow(InvalidOptionsError);
      expect(() => provider.checkSettings()).toThrow(
        /^sign-in-with-xrpl: XrplProvider: `secret` \(or AUTH_SECRET\) is not set: set AUTH_SECRET .* or pass \{ secret \}/,
      );
      // Set once the server runs: read on first use.
      process.env.AUTH_SECRET = secret();
      expect(() => provider.checkSettings()).not.toThrow();
      expect(XrplProvider({ ...base(), secret: undefined }).id).toBe("xrpl");
    } finally {
      if (saved === undefined) delete process.env.AUTH_SECRET;
      else process.env.AUTH_SECRET = saved;
    }
  });

  it("refuses a short secret everywhere and a weak one in production", () => {
    expect(refusal({ ...base(), secret: "short" })).toMatch(/`secret` is too short \(5 characters, at least 32 needed\)/);
    expect(refusal({ ...base(), secret: "ab".repeat(20), production: true })).toMatch(/`secret` has too few different characters/);
    const { logger, warn } = recordingLogger();
    XrplProvider({ ...base(), secret: "ab".repeat(20), logger });
    expect(warn.join("\n")).toMatch(/kept for development, but production refuses it/);
  });

  it("requires `domain` in production, on first use: the nonce route answers 500 and logs it, a sign-in is Auth.js's Configuration error", async () => {
    // Created without APP_DOMAIN, as during a build: no throw.
    const { logger, error } = recordingLogger();
    const authSecret = secret();
    const provider = XrplProvider({ ...base(), secret: authSecret, domain: undefined, production: true, logger });
    expect(() => provider.checkSettings()).toThrow(/`domain` is required in production/);
    const seen: unknown[] = [];
    const server = await startAuthServer(provider, { secret: authSecret, logger: { error: (e) => seen.push(e), warn() {}, debug() {} } });
    servers.push(server);

    const nonce = await fetch(`${server.url}${NONCE_PATH}`);
    expect(nonce.status).toBe(500);
    expect(await nonce.json()).toEqual({ error: "Sign-in with XRPL is not configured on this server: its log names the missing setting." });
    expect(String(error[0]?.[0])).toMatch(
      /XrplProvider cannot issue nonces: sign-in-with-xrpl: XrplProvider: `domain` is required in production/,
    );

    // A sign-in reaches authorize: Auth.js logs the option error and answers with its Configuration error.
    const jar = createCookieJar();
    const csrfToken = await getCsrfToken(jar, server.url);
    const wallet = createDevWallet();
    const fields = {
      ...(await signedCredentials(wallet, authjsMessage(await wallet.getAddress(), "0123456789abcdef0123456789abcdef"))),
      csrfToken,
    };
    expect(await postCallback(jar, server.url, fields)).toMatchObject({ error: "Configuration" });
    // Auth.js logs it as a CallbackRouteError whose cause carries the provider's error.
    const logged = seen.map((entry) => (entry as { cause?: { err?: unknown } }).cause?.err);
    expect(logged.some((entry) => entry instanceof InvalidOptionsError && /`domain` is required in production/.test(entry.message))).toBe(
      true,
    );
  });

  it("still refuses at creation every option that is wrong, not merely missing from the environment", () => {
    expect(refusal({ ...base(), domain: "https://example.com" })).toMatch(/is not a host\[:port\]/);
    expect(refusal({ ...base(), domain: undefined, production: true, chainId: "mainnet" })).toMatch(/`chainId` must be a CAIP-2/);
    expect(refusal({ ...base(), domain: undefined, production: true, secret: "short" })).toMatch(/`secret` is too short/);
  });

  it("accepts only loopback hosts without `domain` in development", async () => {
    const { url } = await serve({ domain: undefined, production: false });
    expect((await signInWithXrpl(createCookieJar(), url, createDevWallet())).error).toBeNull();
    const evil = await signInWithXrpl(createCookieJar(), url, createDevWallet(), { domain: "example.com" });
    expect(evil.code).toBe("domain_mismatch");
  });

  it("names the setting and the fix for a bad verifier, id, name, cookie name or chain", () => {
    expect(refusal(undefined)).toMatch(/^sign-in-with-xrpl: XrplProvider: pass an options object/);
    expect(refusal({ ...base(), verifier: undefined })).toMatch(/XrplProvider: `verifier` is missing/);
    expect(refusal({ ...base(), verifier: { verify: () => Promise.resolve(true), close: () => Promise.resolve() } })).toMatch(
      /`verifier` has no `check` method/,
    );
    expect(refusal({ ...base(), id: "x rpl" })).toMatch(/`id` must be letters, digits/);
    expect(refusal({ ...base(), name: " " })).toMatch(/`name` must be a non-empty text/);
    expect(refusal({ ...base(), cookieName: "bad name" })).toMatch(/`cookieName` must be a cookie name/);
    expect(refusal({ ...base(), chainId: "xrpl-mainnet" })).toMatch(/`chainId` must be a CAIP-2 XRPL chain id/);
  });
});

describe("XrplSignInError", () => {
  it("is Auth.js's CredentialsSignin with the refusal's code and detail", async () => {
    const { CredentialsSignin } = await import("@auth/core/errors");
    const error = new XrplSignInError("nonce_used", "already used");
    expect(error).toBeInstanceOf(CredentialsSignin);
    expect(error.code).toBe("nonce_used");
    expect(error.detail).toBe("already used");
    expect(error.name).toBe("XrplSignInError");
    expect(error.type).toBe("CredentialsSignin");
  });

  it("is what authorize throws, so Auth.js's logger sees the code", async () => {
    const offline = createVerifier({ strategies: [compactSignature({ ledger: "never" })], nodeUrl: "ws://127.0.0.1:9" });
    const seen: unknown[] = [];
    const authSecret = secret();
    const provider = XrplProvider({ verifier: offline, domain: AUTHJS_DOMAIN, secret: authSecret });
    const server = await startAuthServer(provider, {
      secret: authSecret,
      logger: { error: (error) => seen.push(error), warn() {}, debug() {} },
    });
    servers.push(server);
    try {
      const jar = createCookieJar();
      const first = await signInWithXrpl(jar, server.url, createDevWallet());
      await postCallback(jar, server.url, first.fields);
      const refused = seen.find((error): error is XrplSignInError => error instanceof XrplSignInError);
      expect(refused?.code).toBe("nonce_used");
    } finally {
      await offline.close();
    }
  });
});
