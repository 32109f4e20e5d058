// The Hono application of the example: the library's fetch handler for the sign-in routes, an
// app route of its own that reads the session (/api/me), the rate-limited nonce route, JSON
// errors under /api and the demo page. server.mjs wires it to the environment and to Node.
import { Hono } from "hono";
import { serveStatic } from "@hono/node-server/serve-static";
import { rateLimiter } from "hono-rate-limiter";
import proxyaddr from "proxy-addr";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
// The settings rules are the Express example's, so both examples read the environment alike.
import { checkedByLibrary, NONCE_RATE_LIMITED, trustProxyFunction } from "../express/config.mjs";
import { uriSchemesFor } from "../express/settings-rules.mjs";

/** The header every /api answer carries: nonces and identities must never come from a cache. */
const NO_STORE = Object.freeze({ "Cache-Control": "no-store" });

/**
 * The nonce route's rate limit: `nonceRateLimit` requests a minute per client, answered with a
 * JSON 429 beyond. The key is the socket address; X-Forwarded-For counts only across the proxies
 * `trustProxy` (TRUST_PROXY) names, with Express's own rule (a client that reaches the server
 * directly writes that header itself, and would get a fresh key with every request).
 *
 * @param {{ nonceRateLimit: number, trustProxy?: boolean | number | string }} options
 * @returns {import("hono").MiddlewareHandler<{ Bindings: { incoming: import("node:http").IncomingMessage } }>}
 */
export function createNonceRateLimiter({ nonceRateLimit, trustProxy }) {
  const trust = trustProxyFunction(trustProxy);
  /** @param {import("hono").Context<{ Bindings: { incoming: import("node:http").IncomingMessage } }>} c */
  const clientAddress = (c) => {
    try {
      return proxyaddr(c.env.incoming, trust);
    } catch {
      // A socket already closed has no address; its request goes nowhere anyway.
      return "unknown";
    }
  };
  return rateLimiter({
    windowMs: 60_000,
    limit: nonceRateLimit,
    standardHeaders: "draft-7",
    keyGenerator: clientAddress,
    handler: (c) => c.json({ error: NONCE_RATE_LIMITED }, 429, { "Cache-Control": "no-store" }),
  });
}

/**
 * @param {{
 *   verifier: import("sign-in-with-xrpl").Verifier,
 *   nonceStore: import("sign-in-with-xrpl").NonceStore,
 *   sessionSecret: string,
 *   cookieName: string,
 *   production: boolean,
 *   domain?: string[],
 *   chainId: string,
 *   allowedOrigins?: string[],
 *   nonceRateLimit: number,
 *   trustProxy?: boolean | number | string,
 *   claims?: import("sign-in-with-xrpl").ClaimSet,
 *   requireClaims?: string[],
 *   revalidateAfterSeconds?: number,
 *   publicDir?: string,
 *   logger?: import("sign-in-with-xrpl").Logger,
 * }} options
 * @returns {{ app: Hono<{ Bindings: { incoming: import("node:http").IncomingMessage } }>, auth: import("sign-in-with-xrpl/fetch").FetchHandler }}
 */
export function createApp(options) {
  const {
    verifier,
    nonceStore,
    sessionSecret,
    cookieName,
    production,
    domain,
    chainId,
    allowedOrigins,
    nonceRateLimit,
    trustProxy,
    claims,
    requireClaims,
    revalidateAfterSeconds,
    publicDir,
  } = options;
  const logger = options.logger ?? console;

  // A `domain` the library refuses stops the start with one line naming APP_DOMAIN.
  const auth = checkedByLibrary("APP_DOMAIN", domain?.join(","), () =>
    createFetchHandler({
      verifier,
      // The expected domain comes from APP_DOMAIN only; without it (development) only loopback
      // hosts sign in. Never from the Host header, which whoever sends the request writes.
      ...(domain === undefined ? {} : { domain }),
      // Only messages for this network (XRPL_CHAIN_ID, mainnet by default) sign anyone in.
      chainId,
      // In production a message must name an https: URI (unless APP_DOMAIN is loopback only: a local demo).
      uriSchemes: uriSchemesFor(production, domain),
      // Pages of other sites get 403 from nonce, verify and sign-out, except ALLOWED_ORIGINS.
      ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
      production,
      sessionSecret,
      // SIGN_IN_CLAIMS: read at sign-in and answered by the me route; REQUIRE_CLAIMS must hold.
      ...(claims === undefined ? {} : { claims }),
      ...(requireClaims === undefined ? {} : { requireClaims }),
      // REVALIDATE_AFTER_SECONDS: the key's authority and the claims are read again this often.
      ...(revalidateAfterSeconds === undefined ? {} : { revalidateAfterSeconds }),
      nonceStore,
      cookie: { name: cookieName },
      logger,
    }),
  );

  /** @type {Hono<{ Bindings: { incoming: import("node:http").IncomingMessage } }>} */
  const app = new Hono();

  // Nonces and identities must never come from a cache: every /api answer carries
  // `Cache-Control: no-store`. The sign-in routes set it themselves; the other /api answers below
  // pass NO_STORE as their headers. (A header added after the answer is built would make Hono copy
  // every answer to change it.)
  app.get("/api/auth/nonce", createNonceRateLimiter({ nonceRateLimit, trustProxy }));

  // The four sign-in routes: GET nonce, POST verify, POST signout, GET me. The handler answers
  // every request under /api/auth itself, 404 and 405 included.
  app.all("/api/auth/*", (c) => auth.handle(c.req.raw));

  // An app's own protected route: the session is read from the sealed cookie (on the host the
  // request was sent to: with several APP_DOMAIN hosts, a session counts on its own host only).
  app.get("/api/me", async (c) => {
    const signedIn = await auth.getSession(c.req.raw);
    if (signedIn === null) return c.json({ error: "Not authenticated." }, 401, NO_STORE);
    // With SIGN_IN_CLAIMS, the claims as last read (the library's me answers the same); else exactly { address }.
    return c.json(
      signedIn.claims === undefined ? { address: signedIn.address } : { address: signedIn.address, claims: signedIn.claims },
      200,
      NO_STORE,
    );
  });
  app.all("/api/me", (c) => c.json({ error: "Method not allowed." }, 405, { ...NO_STORE, Allow: "GET" }));

  // What the shared demo page offers: the dev wallet in development only (no Xaman routes here).
  app.get("/api/demo/config", (c) => c.json({ devWallet: !production, xaman: false }, 200, NO_STORE));

  app.all("/api/*", (c) => c.json({ error: "Not found." }, 404, NO_STORE));

  if (publicDir !== undefined) app.use("/*", serveStatic({ root: publicDir }));

  app.onError((error, c) => {
    logger.error("example: request failed", error);
    return c.json({ error: "Internal server error." }, 500, NO_STORE);
  });

  return { app, auth };
}
