// The Express application of the example (a server-store session: express-session), the library's
// handlers, JSON errors under /api, the rate-limited nonce route and the demo page. server.mjs
// wires it to the environment; the benchmark builds its trivial twin from the same pieces.
import express from "express";
import session from "express-session";
import { rateLimit } from "express-rate-limit";
import { createAuthHandlers, expressSessionStore, sessionCookieOptions } from "sign-in-with-xrpl";
import { createXamanSignIn } from "sign-in-with-xrpl/xaman";
import { checkedByLibrary, NONCE_RATE_LIMITED } from "./config.mjs";
import { basePath, mePath } from "./routes.mjs";
import { uriSchemesFor } from "./settings-rules.mjs";

/** Every API route lives under /api; `routePath` gives a route of routes.mjs relative to that router. */
const API_PREFIX = "/api";
const routePath = (path) => path.slice(API_PREFIX.length);

/** Largest JSON body the API reads. A sign-in message is at most 8 KiB; a signed transaction adds a few hundred bytes. */
export const BODY_LIMIT = "16kb";

/**
 * The express-session middleware of the example. Cookie name and attributes come from the
 * library's `sessionCookieOptions` (httpOnly, secure in production, sameSite lax, 30 minutes).
 *
 * @param {{ secret: string, cookieName: string, production: boolean, store?: import("express-session").Store }} options
 */
export function createSessionMiddleware({ secret, cookieName, production, store }) {
  const { name, cookie } = sessionCookieOptions({ sessionKind: "server-store", production, name: cookieName });
  return session({
    name,
    secret,
    // Only a session that holds something (a nonce, an address) gets a cookie and a store entry.
    resave: false,
    saveUninitialized: false,
    cookie,
    ...(store === undefined ? {} : { store }),
  });
}

/** The attributes the cookie was set with, minus its lifetime: what `res.clearCookie` needs to match it. */
function clearCookieOptions(cookieName, production) {
  const { cookie } = sessionCookieOptions({ sessionKind: "server-store", production, name: cookieName });
  const { maxAge: _lifetime, ...attributes } = cookie;
  return attributes;
}

/**
 * @param {{
 *   verifier: import("sign-in-with-xrpl").Verifier,
 *   nonceStore: import("sign-in-with-xrpl").NonceStore,
 *   sessionSecret: string,
 *   sessionStore?: import("express-session").Store,
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
 *   xaman?: { apiKey: string, apiSecret: string, endpoint?: string },
 * }} options
 */
export function createApp(options) {
  const {
    verifier,
    nonceStore,
    sessionSecret,
    sessionStore,
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
    xaman,
  } = options;
  const logger = options.logger ?? console;
  // A `domain` the library refuses stops the start with one line naming APP_DOMAIN.
  const handlers = checkedByLibrary("APP_DOMAIN", domain?.join(","), () =>
    createAuthHandlers({
      verifier,
      sessionKind: "server-store",
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
      // SIGN_IN_CLAIMS: read at sign-in and answered by the me route; REQUIRE_CLAIMS must hold.
      ...(claims === undefined ? {} : { claims }),
      ...(requireClaims === undefined ? {} : { requireClaims }),
      // REVALIDATE_AFTER_SECONDS: the key's authority and the claims are read again this often.
      ...(revalidateAfterSeconds === undefined ? {} : { revalidateAfterSeconds }),
      nonceStore,
      logger,
    }),
  );

  // Xaman signs in through sign requests made on its platform; the signed blob then goes to the
  // same verify route as every other proof. Same expected domain as the handlers.
  const xamanSignIn =
    xaman === undefined
      ? undefined
      : checkedByLibrary("XAMAN_API_KEY / XAMAN_API_SECRET", "(not shown)", () =>
          createXamanSignIn({
            apiKey: xaman.apiKey,
            apiSecret: xaman.apiSecret,
            ...(xaman.endpoint === undefined ? {} : { endpoint: xaman.endpoint }),
            ...(domain === undefined ? {} : { domain }),
            production,
            logger,
          }),
        );

  // After the handlers, so a refused APP_DOMAIN is the only thing a failed start prints.
  const sessionMiddleware = createSessionMiddleware({
    secret: sessionSecret,
    cookieName,
    production,
    ...(sessionStore === undefined ? {} : { store: sessionStore }),
  });

  const app = express();
  app.disable("x-powered-by");
  // Without TRUST_PROXY, req.ip (the rate limit's key) is the socket address: X-Forwarded-For is
  // ignored, since a client that reaches the server directly writes it. Behind a reverse proxy,
  // TRUST_PROXY (e.g. 1 or "loopback") makes req.ip the address that proxy saw and lets secure
  // cookies be set over the proxy's TLS.
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);

  const api = express.Router();
  api.use((_req, res, next) => {
    // Nonces and identities must never come from a cache.
    res.set("Cache-Control", "no-store");
    next();
  });
  api.use(sessionMiddleware);

  const nonceLimiter = rateLimit({
    windowMs: 60_000,
    limit: nonceRateLimit,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res) => {
      res.status(429).json({ error: NONCE_RATE_LIMITED });
    },
  });

  /** Sends a handler's `{ status, body }` as JSON. */
  const send = (res, { status, body }) => res.status(status).json(body);

  // Every call gets the request: its Origin and Sec-Fetch-Site headers tell a page of another site
  // (refused with 403), and its Host the host a session is read on.
  api.get(routePath(`${basePath}/nonce`), nonceLimiter, async (req, res) => {
    send(res, await handlers.nonce(expressSessionStore(req), { request: req }));
  });

  api.post(routePath(`${basePath}/verify`), express.json({ limit: BODY_LIMIT }), async (req, res) => {
    // A body that is not JSON (wrong content type) stays undefined: the handler answers
    // 400 `Invalid request body.`, like a malformed one.
    send(res, await handlers.verify(expressSessionStore(req), { body: req.body, request: req }));
  });

  // Same name and attributes as when it was set, or the browser keeps it: worked out once, here,
  // not on every sign-out.
  const clearOptions = clearCookieOptions(cookieName, production);
  api.post(routePath(`${basePath}/signout`), async (req, res) => {
    const result = await handlers.signOut(expressSessionStore(req), { request: req });
    // Only once the session has ended: a refused (cross-site) sign-out leaves the cookie alone.
    if (result.status === 200) res.clearCookie(cookieName, clearOptions);
    send(res, result);
  });

  api.get(routePath(mePath), async (req, res) => {
    send(res, await handlers.me(expressSessionStore(req), { request: req }));
  });

  // What the demo page offers: the dev wallet in development only, Xaman when it is configured.
  api.get("/demo/config", (_req, res) => {
    res.json({ devWallet: !production, xaman: xamanSignIn !== undefined });
  });

  if (xamanSignIn !== undefined) {
    // Each sign request costs a call to Xaman's API: rate-limited like nonces.
    api.post(routePath(`${basePath}/xaman/payloads`), nonceLimiter, express.json({ limit: BODY_LIMIT }), async (req, res) => {
      send(res, await xamanSignIn.createRequest(req.body));
    });
    api.get(routePath(`${basePath}/xaman/payloads/:uuid`), async (req, res) => {
      // The answer waits for the user; stop waiting when the page goes away.
      const abort = new AbortController();
      res.on("close", () => abort.abort());
      send(res, await xamanSignIn.requestStatus(req.params.uuid, { signal: abort.signal }));
    });
    api.post(routePath(`${basePath}/xaman/webhook`), express.text({ type: "*/*", limit: BODY_LIMIT }), async (req, res) => {
      send(res, await xamanSignIn.webhook({ body: typeof req.body === "string" ? req.body : "", headers: req.headers }));
    });
  }

  // A known path with another method: 405 with Allow, still JSON.
  const allowed = {
    [`${basePath}/nonce`]: "GET",
    [`${basePath}/verify`]: "POST",
    [`${basePath}/signout`]: "POST",
    [mePath]: "GET",
    [`${API_PREFIX}/demo/config`]: "GET",
  };
  for (const [path, method] of Object.entries(allowed)) {
    api.all(routePath(path), (_req, res) => {
      res.set("Allow", method).status(405).json({ error: "Method not allowed." });
    });
  }

  api.use((_req, res) => {
    res.status(404).json({ error: "Not found." });
  });

  api.use((error, _req, res, _next) => {
    const { status, text } = describeError(error);
    if (status >= 500) logger.error("example: request failed", error);
    if (res.headersSent) return;
    res.status(status).json({ error: text });
  });

  app.use(API_PREFIX, api);
  if (publicDir !== undefined) app.use(express.static(publicDir));
  if (xamanSignIn !== undefined) app.locals.closeXaman = () => xamanSignIn.close();
  return app;
}

/** Maps the errors body-parser and express-session raise to a status and a text for `{ error }`. */
function describeError(error) {
  switch (error?.type) {
    case "entity.too.large":
      return { status: 413, text: `Request body too large (limit ${BODY_LIMIT}).` };
    case "entity.parse.failed":
    case "entity.verify.failed":
    case "request.aborted":
    case "request.size.invalid":
      return { status: 400, text: "Invalid request body." };
    case "encoding.unsupported":
    case "charset.unsupported":
      return { status: 415, text: "Unsupported body encoding: send UTF-8 JSON." };
    default:
      break;
  }
  const status = Number(error?.status ?? error?.statusCode);
  if (Number.isInteger(status) && status >= 400 && status < 500) return { status, text: "Invalid request." };
  return { status: 500, text: "Internal server error." };
}
