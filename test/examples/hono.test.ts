/**
 * The Hono example (examples/hono): the library's fetch handler on Node through
 * @hono/node-server, with a sealed-cookie session, run as a child process the way
 * `npm run example:hono` starts it.
 */
import { describe, expect, it } from "vitest";
import { createCookieJar, SEALED_COOKIE_FORMAT } from "../support/cookie-jar.js";
import { startHonoExample } from "../support/example-process.js";
import { startMockRippled } from "../support/mock-rippled.js";
import { defineExampleContract } from "./contract.js";
import { APP_DOMAIN, getNonce, postSignOut, readJson, routesOf, signInBySignature } from "./flow.js";

defineExampleContract({
  name: "Hono example (fetch handler, sealed-cookie sessions)",
  sessionKind: "sealed-cookie",
  example: "hono",
  start: (env) => startHonoExample({ env }),
  startDemo: (env) => startHonoExample({ env: { ...env, APP_DOMAIN: undefined, NODE_ENV: undefined } }),
  cookieName: "siwx_session",
  ownServer: { listening: /Hono example listening on http:\/\/127\.0\.0\.1:\d+/ },
  texts: {
    noPendingNonce: "No pending nonce.",
    verifierFailed: "Internal server error.",
    // The fetch handler reads the body itself: what is not JSON is a bad request.
    badBody: { status: 400, error: "Invalid request body." },
    notAProof: { status: 500, error: "Internal server error." },
  },
  readsClaims: true,
});

describe("Hono example: cookie and app route", () => {
  it("seals the session in an httpOnly, SameSite=Lax, 30-minute cookie (no Secure over plain-HTTP loopback) and expires it on sign-out", async () => {
    // Every sign-in asks the ledger (a master key may have been disabled): a mock node answers.
    const node = await startMockRippled();
    const app = await startHonoExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN } });
    try {
      const routes = routesOf(app.url, "sealed-cookie");
      const jar = createCookieJar();
      await getNonce(jar, routes);
      const set = jar.lastSetCookie("siwx_session");
      expect(set?.value).toMatch(SEALED_COOKIE_FORMAT);
      expect(set?.attributes.httponly).toBe(true);
      expect(String(set?.attributes.samesite).toLowerCase()).toBe("lax");
      expect(set?.attributes["max-age"]).toBe("1800");
      expect(set?.attributes.path).toBe("/");
      expect(set?.attributes.secure).toBeUndefined();

      expect((await signInBySignature(jar, routes)).status).toBe(200);
      await postSignOut(jar, routes);
      expect(jar.get("siwx_session")).toBeUndefined();
      expect(jar.lastSetCookie("siwx_session")?.attributes["max-age"]).toBe("0");
    } finally {
      await app.stop();
      await node.stop();
    }
  });

  it("in production marks the cookie Secure", async () => {
    const app = await startHonoExample({ env: { NODE_ENV: "production", XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN } });
    try {
      const jar = createCookieJar();
      await getNonce(jar, routesOf(app.url, "sealed-cookie"));
      expect(jar.lastSetCookie("siwx_session")?.attributes.secure).toBe(true);
    } finally {
      await app.stop();
    }
  });

  it("answers the app's own /api/me (getSession) like /api/auth/me: 401 before sign-in, the address after, 401 after sign-out", async () => {
    const node = await startMockRippled();
    const app = await startHonoExample({ env: { XRPL_NODE_URL: node.url, APP_DOMAIN } });
    try {
      const routes = routesOf(app.url, "sealed-cookie");
      const appMe = `${app.url}/api/me`;
      const jar = createCookieJar();
      const before = await readJson(await jar.fetch(appMe));
      expect({ status: before.status, body: before.body }).toEqual({ status: 401, body: { error: "Not authenticated." } });
      expect(before.response.headers.get("cache-control")).toBe("no-store");

      const { address } = await signInBySignature(jar, routes);
      const signedIn = await readJson(await jar.fetch(appMe));
      expect({ status: signedIn.status, body: signedIn.body }).toEqual({ status: 200, body: { address } });
      expect(signedIn.response.headers.get("cache-control")).toBe("no-store");

      await postSignOut(jar, routes);
      expect((await jar.fetch(appMe)).status).toBe(401);

      const wrongMethod = await readJson(await fetch(appMe, { method: "POST" }));
      expect(wrongMethod.status).toBe(405);
      expect(wrongMethod.response.headers.get("allow")).toBe("GET");
      // Every other /api answer is never cached either.
      for (const answer of [wrongMethod.response, await fetch(`${app.url}/api/nothing-here`), await fetch(`${app.url}/api/demo/config`)]) {
        expect({ url: answer.url, cacheControl: answer.headers.get("cache-control") }).toEqual({
          url: answer.url,
          cacheControl: "no-store",
        });
      }
    } finally {
      await app.stop();
      await node.stop();
    }
  });
});
