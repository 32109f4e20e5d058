import { errorBodies, HTTP_TEXT } from "../server/error-responses.js";
import { buildAuthHandlers } from "../server/handlers.js";
import { getSignedInOptions, signedInSession, type SignedInSession } from "../server/get-signed-in.js";
import { isCrossSiteRequest } from "../server/request-context.js";
import { createSessionRules, judgeSignedIn } from "../server/session-read.js";
import type { HandlerResult, SessionStore } from "../server/types.js";
import { UNREADABLE_BODY } from "../server/verify-body.js";
import { normalizeFetchOptions, type FetchHandlerOptions } from "./options.js";
import { readJsonBody } from "./request-body.js";
import { createSealedCookieSessions } from "./sealed-cookie-session.js";
import { isPromise } from "../shared/is-promise.js";

// The answers of the HTTP layer itself live in the shared table of texts and codes.
export { HTTP_TEXT };

/**
 * The sign-in routes as one web-standard function, plus the session reader for your own routes.
 * See `createFetchHandler`.
 *
 * @example
 * ```ts
 * const auth: FetchHandler = createFetchHandler({ verifier, domain: "example.com", sessionSecret });
 * Bun.serve({ fetch: (request) => auth.handle(request) });
 * ```
 */
export interface FetchHandler<TData = unknown> {
  /**
   * Answers a request to one of the routes under `basePath`; any other request gets a JSON
   * 404, so it can be mounted on a path pattern or serve a whole Worker. Always resolves to a
   * `Response`, never rejects.
   */
  handle(request: Request): Promise<Response>;
  /**
   * The signed-in address, sign-in time and `onSignIn` data of the request's session cookie, or
   * `null` (no cookie, not signed in, expired, tampered, sealed with another secret, past its
   * absolute lifetime, signed out, with `revalidateAfterSeconds` its key no longer has
   * authority, or, with several domains, signed in on another host than the request URL's). The same checks as `GET /me`. Never rejects: when a check cannot be answered (the
   * revocation store fails) it resolves `null` and logs the cause, so a route never serves a
   * session it could not check. `maxAgeSeconds` asks for a fresher sign-in on this read only
   * (for a sensitive action); a bad value rejects with `InvalidOptionsError`.
   */
  getSession(request: Request, options?: { maxAgeSeconds?: number | undefined }): Promise<SignedInSession<TData> | null>;
}

type RouteName = "nonce" | "verify" | "signout" | "me";

const ROUTE_METHODS: Readonly<Record<RouteName, "GET" | "POST">> = {
  nonce: "GET",
  verify: "POST",
  signout: "POST",
  me: "GET",
};

function isRouteName(name: string): name is RouteName {
  return Object.prototype.hasOwnProperty.call(ROUTE_METHODS, name);
}

function json(status: number, body: Record<string, unknown>, extraName?: string, extraValue?: string): Response {
  // A plain record, not a Headers object: runtimes and adapters (@hono/node-server) write it out
  // without building one.
  const headers: Record<string, string> = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  if (extraName !== undefined && extraValue !== undefined) headers[extraName] = extraValue;
  return new Response(JSON.stringify(body), { status, headers });
}

/**
 * Sign-in with XRPL for every runtime and framework that speaks `Request`/`Response` (Hono,
 * Bun, Deno, Cloudflare Workers, Next route handlers, SvelteKit, Remix, Astro, Elysia...).
 * Under `basePath` (default `/api/auth`) it answers `GET /nonce`, `POST /verify`,
 * `POST /signout` and `GET /me`, with the statuses and texts of `createAuthHandlers` for a
 * sealed-cookie session (one rule set for both), every answer JSON and never cached. Another
 * path under `basePath` answers 404, another method 405 with an `Allow` header, a body that
 * is not JSON 400 `Invalid request body.`, a body over 16 kB 413.
 *
 * The session lives in one cookie sealed with AES-256-GCM under a key derived from
 * `sessionSecret` once (a versioned format; a cookie of another format reads as signed out):
 * `HttpOnly`, `SameSite=Lax`, `Secure` except in plain-HTTP loopback development, 30 minutes
 * idle, 24 hours at most from sign-in (`maxSessionAgeSeconds`). A request opens its cookie at
 * most once and seals at most once, and only when the session changed. Each handler remembers
 * the last 1,024 cookie values it sealed or opened (about 1 kB each), so the cookie a browser
 * was just given opens without decrypting it again; every read still applies the session's
 * rules. Every instance created with the same `sessionSecret` reads every session; a list of
 * secrets (newest first) rotates them without signing anyone out. A nonce is single-use, and a
 * sign-out ends copies of the cookie, across instances only when they share a `nonceStore` (e.g.
 * `createRedisNonceStore`), which also keeps the revoked session ids; the default keeps both in
 * this instance's memory.
 *
 * A nonce request keeps a live sign-in. The nonce, verify and sign-out routes refuse a request
 * another site's page sent (its `Origin` or `Sec-Fetch-Site` header) with 403
 * `Cross-site request refused.` unless `allowedOrigins` lists it. Every signature check on a
 * pending nonce is counted in the nonce store first: past `maxFailedSignatureAttempts` (5) the
 * nonce is spent. With several domains, a session counts on the host it signed in on only.
 *
 * Options are checked once here: a bad one throws `InvalidOptionsError` saying how to fix it.
 * Runs without Node built-ins (Cloudflare Workers without `nodejs_compat` included).
 *
 * @example
 * ```ts
 * import { Hono } from "hono";
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createFetchHandler } from "sign-in-with-xrpl/fetch";
 *
 * const auth = createFetchHandler({
 *   verifier: createVerifier(),
 *   domain: "example.com",
 *   sessionSecret: process.env.SESSION_SECRET!,
 * });
 * const app = new Hono();
 * app.all("/api/auth/*", (c) => auth.handle(c.req.raw));
 * app.get("/api/profile", async (c) => {
 *   const session = await auth.getSession(c.req.raw);
 *   return session === null ? c.json({ error: "Not authenticated." }, 401) : c.json({ address: session.address });
 * });
 * ```
 */
export function createFetchHandler<TData = unknown>(options: FetchHandlerOptions<TData>): FetchHandler<TData> {
  const config = normalizeFetchOptions(options);
  const { basePath } = config;
  const { logger } = config.auth;
  // One set of session rules for the routes and getSession alike, so both answer the same.
  const rules = createSessionRules(config.auth);
  const handlers = buildAuthHandlers(config.auth, rules);
  const sessions = createSealedCookieSessions(config);
  const bodies = errorBodies(config.auth.errorCodes);
  let reportedUnrouted = false;

  /**
   * A request outside the routes answers 404. Said once per handler with where the routes are:
   * a handler mounted on another path than its `basePath` answers nothing but 404s.
   */
  const reportUnrouted = (request: Request): void => {
    if (reportedUnrouted) return;
    reportedUnrouted = true;
    const path = new URL(request.url).pathname;
    const shown = JSON.stringify(path.length > 100 ? `${path.slice(0, 100)}...` : path);
    logger.warn(
      `sign-in-with-xrpl: createFetchHandler answered 404 to ${request.method} ${shown}: its routes are ${basePath}/nonce, ${basePath}/verify, ${basePath}/signout and ${basePath}/me (basePath ${JSON.stringify(basePath === "" ? "/" : basePath)}). If you mounted it elsewhere, set basePath to that path, and give the browser client the same: createHttpAdapter({ basePath }). Said once.`,
    );
  };

  /** The verify route: refused before the body is read, so another site's request costs nothing more. */
  const verify = async (request: Request, session: SessionStore): Promise<HandlerResult> => {
    if (isCrossSiteRequest(config.auth, { request })) return { status: 403, body: bodies.text("crossSite") };
    const read = await readJsonBody(request);
    if (read.kind === "too-large") return { status: 413, body: bodies.http("tooLarge") };
    return handlers.verify(session, { body: read.kind === "json" ? read.body : UNREADABLE_BODY, request });
  };

  const runRoute = (route: RouteName, request: Request, url: URL, session: SessionStore): Promise<HandlerResult> => {
    switch (route) {
      case "nonce":
        return handlers.nonce(session, { request, host: url.host });
      case "me":
        return handlers.me(session, { request, host: url.host });
      case "signout":
        return handlers.signOut(session, { request });
      case "verify":
        return verify(request, session);
    }
  };

  const handle = async (request: Request): Promise<Response> => {
    try {
      const url = new URL(request.url);
      const route = routeOf(url, basePath);
      if (route === undefined) {
        reportUnrouted(request);
        return json(404, bodies.http("notFound"));
      }
      const allowed = ROUTE_METHODS[route];
      if (request.method !== allowed) return json(405, bodies.http("methodNotAllowed"), "Allow", allowed);

      const session = sessions.open(request, url);
      const answer = await runRoute(route, request, url, session.store);
      // Sealed in the same turn when the seal is synchronous (node:crypto): nothing to wait for.
      const pending = session.setCookie();
      const cookie = isPromise(pending) ? await pending : pending;
      return json(answer.status, answer.body, "Set-Cookie", cookie);
    } catch (cause) {
      logger.error("sign-in-with-xrpl: the fetch handler could not answer a request", cause);
      return json(500, bodies.text("internal"));
    }
  };

  const getSession = async (request: Request, options?: { maxAgeSeconds?: number | undefined }): Promise<SignedInSession<TData> | null> => {
    // Outside the try: a bad option is the app's bug, to be seen, not read as "signed out".
    const { maxAgeMs } = getSignedInOptions(options, "getSession");
    try {
      const verdict = await judgeSignedIn(rules, await sessions.read(request), { maxAgeMs, place: { host: hostOf(request) } });
      return verdict.signedIn ? signedInSession<TData>(verdict.state) : null;
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session", cause);
      return null;
    }
  };

  return { handle, getSession };
}

/** The host a request was sent to, from its URL (which the runtime builds from the `Host` header). */
function hostOf(request: Request): string {
  return new URL(request.url).host;
}

/** The route a request names under `basePath`, or `undefined` for any other path. */
function routeOf({ pathname }: URL, basePath: string): RouteName | undefined {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const name = pathname.slice(basePath.length + 1);
  return isRouteName(name) ? name : undefined;
}
