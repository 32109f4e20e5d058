/**
 * The Next Auth.js example's provider settings (examples/next-authjs/lib/xrpl.ts, read from its
 * environment) on a real Auth.js server on loopback: mainnet only unless XRPL_CHAIN_ID says
 * another network, and in production a message whose URI is not https: signs nobody in. The
 * example's own process runs in its own test (a `next build`); these are its settings, checked
 * where a sign-in is quick to drive.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider, type XrplProviderOptions } from "../../src/authjs/index.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import { sessionAddress, signInWithXrpl } from "./flow.js";

const SECRET = "auth-js-example-settings-secret-0123456789abcdef";
/** A host besides loopback, so production's https: rule applies (a loopback-only APP_DOMAIN is a local demo). */
const DOMAIN = "app.example.org";

// Loaded by URL: the example is a Next app of its own (its TypeScript is checked by its build).
const EXAMPLE_SETTINGS = new URL("../../examples/next-authjs/lib/xrpl.ts", import.meta.url).href;
const { xrplOptions } = (await import(EXAMPLE_SETTINGS)) as { xrplOptions: () => XrplProviderOptions };

let node: MockRippled;
const servers: AuthServer[] = [];
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  node = await startMockRippled();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
  await Promise.all(closers.splice(0).map((close) => close()));
});
afterAll(async () => {
  await node?.stop();
});

/** The example's provider as its environment `env` makes it, on a fresh Auth.js server. */
async function serveExample(env: Record<string, string>): Promise<string> {
  const saved = { ...process.env };
  delete process.env.XRPL_CHAIN_ID;
  Object.assign(process.env, { XRPL_NODE_URL: node.url, APP_DOMAIN: DOMAIN, AUTH_SECRET: SECRET }, env);
  try {
    const options = xrplOptions();
    closers.push(() => options.verifier.close());
    // Created while NODE_ENV is the example's: the provider reads production from it.
    const provider = XrplProvider({ ...options, logger: { error() {}, warn() {}, debug() {} } });
    const server = await startAuthServer(provider, { secret: SECRET });
    servers.push(server);
    return server.url;
  } finally {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
  }
}

describe("Next Auth.js example settings", () => {
  it("in production, refuses a message whose URI is not https: (uri_mismatch) and signs in the https: one", async () => {
    const url = await serveExample({ NODE_ENV: "production" });
    const plain = await signInWithXrpl(createCookieJar(), url, createDevWallet(), { domain: DOMAIN, uri: `http://${DOMAIN}` });
    expect(plain.code).toBe("uri_mismatch");
    const jar = createCookieJar();
    const wallet = createDevWallet();
    const secure = await signInWithXrpl(jar, url, wallet, { domain: DOMAIN, uri: `https://${DOMAIN}` });
    expect(secure.error).toBeNull();
    expect(await sessionAddress(jar, url)).toBe(await wallet.getAddress());
  });

  it("outside production, lets the same http: URI sign in (a local demo)", async () => {
    const url = await serveExample({ NODE_ENV: "development" });
    const answer = await signInWithXrpl(createCookieJar(), url, createDevWallet(), { domain: DOMAIN, uri: `http://${DOMAIN}` });
    expect(answer.error).toBeNull();
  });

  it("accepts mainnet only by default: testnet and Xahau messages are refused (chain_mismatch)", async () => {
    const url = await serveExample({ NODE_ENV: "production" });
    for (const chainId of ["xrpl:1", "xrpl:21338"]) {
      const answer = await signInWithXrpl(createCookieJar(), url, createDevWallet(), { domain: DOMAIN, uri: `https://${DOMAIN}`, chainId });
      expect(answer.code).toBe("chain_mismatch");
    }
  });

  it("uses XRPL_CHAIN_ID: with xrpl:1 a testnet message signs in and a mainnet one is refused", async () => {
    const url = await serveExample({ NODE_ENV: "production", XRPL_CHAIN_ID: "xrpl:1" });
    const https = { domain: DOMAIN, uri: `https://${DOMAIN}` };
    expect((await signInWithXrpl(createCookieJar(), url, createDevWallet(), { ...https, chainId: "xrpl:1" })).error).toBeNull();
    expect((await signInWithXrpl(createCookieJar(), url, createDevWallet(), { ...https, chainId: "xrpl:0" })).code).toBe("chain_mismatch");
  });
});
