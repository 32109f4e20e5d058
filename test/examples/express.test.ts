import { describe, expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import { startExpressExample, runExampleUntilExit } from "../support/example-process.js";
import { startMockRippled } from "../support/mock-rippled.js";
import { defineExampleContract } from "./contract.js";
import { APP_DOMAIN, getNonce, postSignOut, routesOf, signInBySignature } from "./flow.js";

defineExampleContract({
  name: "Express example (server-store, in-memory sessions)",
  sessionKind: "server-store",
  example: "express",
  start: (env) => startExpressExample({ env }),
  startDemo: (env) => startExpressExample({ env: { ...env, APP_DOMAIN: undefined, NODE_ENV: undefined } }),
  cookieName: "siwx_session",
  ownServer: { listening: /listening on http:\/\/127\.0\.0\.1:\d+/ },
  texts: {
    noPendingNonce: "No pending nonce. Request /nonce first.",
    verifierFailed: "Verification service unavailable.",
    badBody: { status: 400, error: "Invalid request body." },
  },
  readsClaims: true,
});

describe("Express example: cookies and start-up", () => {
  it("sets an httpOnly, SameSite=Lax, 30-minute session cookie and clears it with the same attributes on sign-out", async () => {
    // Every sign-in asks the ledger (a master key may have been disabled): a mock node answers.
    const node = await startMockRippled();
    const app = await startExpressExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN } });
    try {
      const routes = routesOf(app.url, "server-store");
      const jar = createCookieJar();
      await getNonce(jar, routes);
      const set = jar.lastSetCookie("siwx_session");
      expect(set?.attributes.httponly).toBe(true);
      expect(String(set?.attributes.samesite).toLowerCase()).toBe("lax");
      expect(set?.attributes.path).toBe("/");
      expect(set?.attributes.secure).toBeUndefined();
      const expiresInMs = Date.parse(String(set?.attributes.expires)) - Date.now();
      expect(expiresInMs).toBeGreaterThan(29 * 60_000);
      expect(expiresInMs).toBeLessThanOrEqual(30 * 60_000 + 1000);

      expect((await signInBySignature(jar, routes)).status).toBe(200);
      await postSignOut(jar, routes);
      const cleared = jar.lastSetCookie("siwx_session");
      expect(cleared?.value).toBe("");
      expect(Date.parse(String(cleared?.attributes.expires))).toBeLessThan(Date.now());
      expect(cleared?.attributes.path).toBe("/");
      expect(cleared?.attributes.httponly).toBe(true);
      expect(String(cleared?.attributes.samesite).toLowerCase()).toBe("lax");
    } finally {
      await app.stop();
      await node.stop();
    }
  });

  it("in production behind a TLS proxy (TRUST_PROXY), sets a Secure cookie and signs in", async () => {
    const app = await startExpressExample({
      env: { NODE_ENV: "production", TRUST_PROXY: "loopback", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN },
    });
    try {
      const routes = routesOf(app.url, "server-store");
      const jar = createCookieJar();
      const viaProxy = { "x-forwarded-proto": "https" };
      const nonce = await jar.fetch(routes.nonce, { headers: viaProxy });
      expect(nonce.status).toBe(200);
      expect(jar.lastSetCookie("siwx_session")?.attributes.secure).toBe(true);
      // Without the proxy's https, express-session never sends a secure cookie over plain HTTP.
      const direct = createCookieJar();
      expect((await direct.fetch(routes.nonce)).status).toBe(200);
      expect(direct.get("siwx_session")).toBeUndefined();
    } finally {
      await app.stop();
    }
  });

  it("refuses to start with only one of the Xaman settings, or a key that is not Xaman's", async () => {
    const key = "0e7a5f3c-6d1b-4a2e-9c8d-7f6e5d4c3b2a";
    const half = await runExampleUntilExit("express", { env: { XAMAN_API_KEY: key, XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN } });
    expect(half.code).not.toBe(0);
    expect(half.output).toMatch(/XAMAN_API_SECRET is missing: set both XAMAN_API_KEY and XAMAN_API_SECRET/);
    const wrong = await runExampleUntilExit("express", {
      env: { XAMAN_API_KEY: "key", XAMAN_API_SECRET: key, XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN },
    });
    expect(wrong.code).not.toBe(0);
    expect(wrong.output).toMatch(/XAMAN_API_KEY \/ XAMAN_API_SECRET "\(not shown\)" is not usable: createXamanSignIn: `apiKey`/);
    expect(wrong.output).not.toContain(key);
  });

  it("tells the demo page to offer the dev wallet in development only", async () => {
    for (const [nodeEnv, devWallet] of [
      ["development", true],
      ["production", false],
    ] as const) {
      const app = await startExpressExample({ env: { NODE_ENV: nodeEnv, XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN } });
      try {
        const answer = await fetch(`${app.url}/api/demo/config`);
        expect(await answer.json()).toEqual({ devWallet, xaman: false });
      } finally {
        await app.stop();
      }
    }
  });

  it("refuses to start when REDIS_URL does not answer", async () => {
    const result = await runExampleUntilExit("express", {
      env: { REDIS_URL: "redis://127.0.0.1:9", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN },
    });
    expect(result.timedOut).toBe(false);
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/Redis does not answer at REDIS_URL/);
  });
});
