// Hono glue over the fetch handler: the sign-in routes as a Hono handler, a session reader
// (`xrplSession`) and `requireSignIn` for your own routes, the sign-in in `c.var.xrpl`. Types come
// from hono; nothing of it is imported at run time.
import type { Context, Handler, MiddlewareHandler } from "hono";
import { InvalidOptionsError } from "../errors.js";
import type { FetchHandler } from "../fetch/create-fetch-handler.js";
import { TEXT } from "../server/error-responses.js";
import type { SignedInSession } from "../server/get-signed-in.js";

/**
 * The variables the middlewares set: `c.var.xrpl`.
 *
 * @example
 * ```ts
 * const app = new Hono<{ Variables: XrplVariables }>();
 * ```
 */
export interface XrplVariables {
  /** The request's sign-in; `null` after `xrplSession` for a request that is not signed in. */
  xrpl: SignedInSession | null;
}

/**
 * The variables after `requireSignIn`: the sign-in is there.
 *
 * @example
 * ```ts
 * app.get("/api/profile", requireSignIn(auth), (c) => c.json({ address: c.var.xrpl.address }));
 * ```
 */
export interface XrplSignedInVariables {
  xrpl: SignedInSession;
}

function checkAuth(caller: string, auth: unknown): asserts auth is FetchHandler {
  if (typeof auth !== "object" || auth === null || typeof (auth as FetchHandler).getSession !== "function") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller} needs the handler of createFetchHandler({ verifier, sessionSecret, ... }).`,
    );
  }
}

/**
 * The sign-in routes as a Hono handler: mount it on the base path's pattern.
 *
 * @example
 * ```ts
 * app.all("/api/auth/*", signInRoutes(auth));
 * ```
 */
export function signInRoutes(auth: FetchHandler): Handler {
  checkAuth("signInRoutes(auth)", auth);
  return (c: Context) => auth.handle(c.req.raw);
}

/**
 * A middleware that reads the request's sign-in into `c.var.xrpl` (`{ address, authenticatedAt,
 * data }`, or `null`) and always goes on: for pages that show something else to a signed-in user.
 *
 * @example
 * ```ts
 * app.get("/", xrplSession(auth), (c) => c.text(c.var.xrpl === null ? "Hello" : `Hello ${c.var.xrpl.address}`));
 * ```
 */
export function xrplSession(auth: FetchHandler): MiddlewareHandler<{ Variables: XrplVariables }> {
  checkAuth("xrplSession(auth)", auth);
  return async (c, next) => {
    c.set("xrpl", await auth.getSession(c.req.raw));
    await next();
  };
}

/**
 * A middleware for your own routes: lets a signed-in request through with its sign-in in
 * `c.var.xrpl`, and answers any other request 401 `{ "error": "Not authenticated." }`. The same
 * rules as the me route hold (it reads through `auth.getSession`).
 *
 * @example
 * ```ts
 * app.get("/api/profile", requireSignIn(auth), (c) => c.json({ address: c.var.xrpl.address }));
 * ```
 */
export function requireSignIn(auth: FetchHandler): MiddlewareHandler<{ Variables: XrplSignedInVariables }> {
  checkAuth("requireSignIn(auth)", auth);
  return async (c, next) => {
    const signedIn = await auth.getSession(c.req.raw);
    if (signedIn === null) return c.json({ error: TEXT.notAuthenticated }, 401, { "Cache-Control": "no-store" });
    c.set("xrpl", signedIn);
    await next();
    return undefined;
  };
}
