// Express glue: the four sign-in routes in one line (`router(handlers)`) and a
// `requireSignIn()` middleware for your own routes, over express-session and `createAuthHandlers`.
// Typed by shape: this entry never imports express or express-session.
import { TEXT } from "../server/error-responses.js";
import { expressSessionStore, type ExpressRequestLike } from "../server/express-session-store.js";
import type { KeyedSessionOptions } from "../server/keyed-session-store.js";
import {
  checkHandlers,
  INVALID_BODY_ANSWER,
  matchRoute,
  readStreamJson,
  resolveBasePath,
  runRoute,
  TOO_LARGE_ANSWER,
} from "../server/node-routes.js";
import { DEFAULT_SESSION_COOKIE_NAME } from "../server/session-cookie-options.js";
import type { SignedInSession } from "../server/get-signed-in.js";
import type { AuthHandlers, HandlerResult } from "../server/types.js";
import type { BodyRead } from "../server/verify-body.js";

/**
 * The part of an Express request the glue reads (an Express `req` behind express-session fits).
 *
 * @example
 * ```ts
 * const request: ExpressGlueRequest = req;
 * ```
 */
export interface ExpressGlueRequest extends ExpressRequestLike {
  method: string;
  /** The full path and query, whatever router the middleware is mounted on. */
  originalUrl: string;
  headers: { readonly [name: string]: string | readonly string[] | undefined };
  /** Set by a body parser (`express.json()`); when absent, the verify route reads the body itself. */
  body?: unknown;
  [Symbol.asyncIterator](): AsyncIterator<unknown, unknown, undefined>;
}

/**
 * The part of an Express response the glue writes.
 *
 * @example
 * ```ts
 * const response: ExpressGlueResponse = res;
 * ```
 */
export interface ExpressGlueResponse {
  status(code: number): unknown;
  json(body: unknown): unknown;
  set(field: string, value: string): unknown;
  clearCookie(name: string, options?: { path?: string; domain?: string }): unknown;
  locals: Record<string, unknown>;
  readonly headersSent: boolean;
}

/**
 * Express's `next`.
 *
 * @example
 * ```ts
 * const next: ExpressNext = (error) => console.error(error);
 * ```
 */
export type ExpressNext = (error?: unknown) => void;

/**
 * A middleware in Express's shape.
 *
 * @example
 * ```ts
 * const middleware: ExpressMiddleware = requireSignIn(handlers);
 * app.get("/api/profile", middleware, (req, res) => res.json({ address: res.locals.xrpl.address }));
 * ```
 */
export type ExpressMiddleware = (req: ExpressGlueRequest, res: ExpressGlueResponse, next: ExpressNext) => void;

/**
 * An error middleware in Express's shape.
 *
 * @example
 * ```ts
 * const [, bodyErrors]: [ExpressMiddleware, ExpressErrorMiddleware] = router(handlers);
 * ```
 */
export type ExpressErrorMiddleware = (error: unknown, req: ExpressGlueRequest, res: ExpressGlueResponse, next: ExpressNext) => void;

/**
 * Options of `router` and `requireSignIn`. All optional.
 *
 * @example
 * ```ts
 * const options: ExpressGlueOptions = { basePath: "/auth", session: { key: "wallet" }, cookie: { name: "sid" } };
 * ```
 */
export interface ExpressGlueOptions {
  /** Where the routes live: `${basePath}/nonce`, `/verify`, `/signout`, `/me`. Default `"/api/auth"`. Give the browser client the same. */
  basePath?: string | undefined;
  /** How the sign-in record is kept in `req.session` (`expressSessionStore` options): the same on every route. */
  session?: KeyedSessionOptions | undefined;
  /** The session cookie cleared on sign-out: express-session's `name` (default `"siwx_session"`, as `sessionCookieOptions` names it) and its `path`/`domain`. */
  cookie?: { name?: string | undefined; path?: string | undefined; domain?: string | undefined } | undefined;
}

function pathOf(url: string): string {
  const end = url.search(/[?#]/u);
  return end === -1 ? url : url.slice(0, end);
}

function send(res: ExpressGlueResponse, { status, body }: HandlerResult, headers: Record<string, string> = {}): void {
  // Nonces and identities must never come from a cache.
  res.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers)) res.set(name, value);
  res.status(status);
  res.json(body);
}

/**
 * The four sign-in routes for an Express app behind express-session, in one line:
 * `GET ${basePath}/nonce`, `POST ${basePath}/verify`, `POST ${basePath}/signout`,
 * `GET ${basePath}/me` (default base path `/api/auth`), answered by your `createAuthHandlers`
 * with the request's session (`expressSessionStore`). Any other path under the base path answers
 * JSON 404, another method 405 with `Allow`.
 *
 * The verify route reads the body itself when no body parser ran (at most 16 kB of JSON), and
 * turns the errors of an `express.json()` in front of it into the library's answers: 400
 * `Invalid request body.`, 413 over the limit. That is why `router` answers two middlewares (the
 * routes and that error mapper): `app.use` takes both at once. On a 200 sign-out it clears the
 * session cookie (`cookie.name`, default `siwx_session`). Mount it at the app's root, after
 * express-session.
 *
 * @example
 * ```ts
 * import express from "express";
 * import session from "express-session";
 * import { createAuthHandlers, createVerifier, sessionCookieOptions } from "sign-in-with-xrpl";
 * import { requireSignIn, router } from "sign-in-with-xrpl/express";
 *
 * const handlers = createAuthHandlers({ verifier: createVerifier(), sessionKind: "server-store" });
 * const app = express();
 * app.use(session({ ...sessionCookieOptions({ sessionKind: "server-store" }), secret, resave: false, saveUninitialized: false }));
 * app.use(router(handlers));
 * app.get("/api/profile", requireSignIn(handlers), (req, res) => res.json({ address: res.locals.xrpl.address }));
 * ```
 */
export function router(handlers: AuthHandlers, options: ExpressGlueOptions = {}): [ExpressMiddleware, ExpressErrorMiddleware] {
  checkHandlers("router(handlers)", handlers);
  const basePath = resolveBasePath("router", options.basePath);
  const cookieName = options.cookie?.name ?? DEFAULT_SESSION_COOKIE_NAME;
  const clearOptions: { path: string; domain?: string } = { path: options.cookie?.path ?? "/" };
  if (options.cookie?.domain !== undefined) clearOptions.domain = options.cookie.domain;
  // Checked once, here, so a bad key stops the start rather than a request.
  expressSessionStore({}, options.session);

  const routes: ExpressMiddleware = (req, res, next) => {
    const match = matchRoute(req.method, pathOf(req.originalUrl), basePath);
    if (match === undefined) {
      next();
      return;
    }
    if (match.kind === "answer") {
      send(res, match, match.headers);
      return;
    }
    const route = match.route;
    void (async () => {
      const session = expressSessionStore(req, options.session);
      let body: BodyRead = { kind: "unreadable" };
      if (route === "verify") body = req.body === undefined ? await readStreamJson(req, req.headers) : { kind: "json", body: req.body };
      const result = await runRoute(handlers, route, session, { request: req }, body);
      if (route === "signout" && result.status === 200) res.clearCookie(cookieName, clearOptions);
      send(res, result);
    })().catch(next);
  };

  const bodyErrors: ExpressErrorMiddleware = (error, req, res, next) => {
    const type = (error as { type?: unknown } | null)?.type;
    const match = matchRoute(req.method, pathOf(req.originalUrl), basePath);
    if (match?.kind !== "route" || match.route !== "verify" || res.headersSent) {
      next(error);
      return;
    }
    if (type === "entity.too.large") send(res, TOO_LARGE_ANSWER);
    else if (type === "entity.parse.failed" || type === "entity.verify.failed" || type === "encoding.unsupported")
      send(res, INVALID_BODY_ANSWER);
    else next(error);
  };

  return [routes, bodyErrors];
}

/**
 * A middleware for your own routes: lets a signed-in request through with its sign-in in
 * `res.locals.xrpl` (`{ address, authenticatedAt, data }`), and answers any other request 401
 * `{ "error": "Not authenticated." }`. It reads the session through `handlers.getSignedIn`, so
 * the same rules as the me route hold (lifetime, sign-out elsewhere, revalidation). Give it the
 * same `session` options as `router`.
 *
 * @example
 * ```ts
 * app.get("/api/profile", requireSignIn(handlers), (req, res) => {
 *   res.json({ address: res.locals.xrpl.address });
 * });
 * ```
 */
export function requireSignIn(handlers: AuthHandlers, options: Pick<ExpressGlueOptions, "session"> = {}): ExpressMiddleware {
  checkHandlers("requireSignIn(handlers)", handlers);
  expressSessionStore({}, options.session);
  return (req, res, next) => {
    void (async () => {
      const signedIn: SignedInSession | null = await handlers.getSignedIn(expressSessionStore(req, options.session), { request: req });
      if (signedIn === null) {
        send(res, { status: 401, body: { error: TEXT.notAuthenticated } });
        return;
      }
      res.locals["xrpl"] = signedIn;
      next();
    })().catch(next);
  };
}
