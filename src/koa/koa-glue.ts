// Koa glue over koa-session and `createAuthHandlers`: a session adapter that keeps the sign-in
// record under its own key of `ctx.session` (`koaSessionStore`), the four routes as one
// middleware (`signInRoutes`), and `requireSignIn` for your own routes. Typed by shape: this
// entry never imports koa or koa-session.
import { InvalidOptionsError } from "../errors.js";
import { TEXT } from "../server/error-responses.js";
import type { SignedInSession } from "../server/get-signed-in.js";
import { keyedSessionStore, resolveKeyedSessionOptions, type KeyedSessionOptions } from "../server/keyed-session-store.js";
import { checkHandlers, matchRoute, readStreamJson, resolveBasePath, runRoute } from "../server/node-routes.js";
import type { AuthHandlers, HandlerResult, SessionStore } from "../server/types.js";
import type { BodyRead } from "../server/verify-body.js";

/**
 * The part of koa-session's `ctx.session` the adapter uses.
 *
 * @example
 * ```ts
 * const session: KoaSessionLike = ctx.session!; // koa-session's Session fits
 * ```
 */
export interface KoaSessionLike {
  save(): unknown;
  regenerate(): unknown;
}

/**
 * The part of a Koa context the glue reads and writes (a Koa `ctx` behind koa-session fits).
 *
 * @example
 * ```ts
 * const context: KoaGlueContext = ctx;
 * ```
 */
export interface KoaGlueContext {
  method: string;
  path: string;
  /** koa-session's session: `null` ends it when the response is sent. */
  session?: KoaSessionLike | null | undefined;
  /** Node's request: its headers are read, and its body when no body parser ran. */
  req: {
    headers: { readonly [name: string]: string | readonly string[] | undefined };
    [Symbol.asyncIterator](): AsyncIterator<unknown, unknown, undefined>;
  };
  /** Koa's request: its `body` is taken when a body parser (koa-bodyparser) set one. */
  request: object;
  status: number;
  body: unknown;
  set(field: string, value: string): void;
  state: Record<string, unknown>;
}

/**
 * Koa's `next`.
 *
 * @example
 * ```ts
 * const next: KoaNext = async () => {};
 * ```
 */
export type KoaNext = () => Promise<unknown>;

/**
 * A middleware in Koa's shape.
 *
 * @example
 * ```ts
 * const middleware: KoaMiddleware = signInRoutes(handlers);
 * app.use(middleware);
 * ```
 */
export type KoaMiddleware = (ctx: KoaGlueContext, next: KoaNext) => Promise<void>;

/**
 * Options of `signInRoutes` and `requireSignIn`. All optional.
 *
 * @example
 * ```ts
 * const options: KoaGlueOptions = { basePath: "/auth", session: { key: "wallet" } };
 * ```
 */
export interface KoaGlueOptions {
  /** Where the routes live: `${basePath}/nonce`, `/verify`, `/signout`, `/me`. Default `"/api/auth"`. Give the browser client the same. */
  basePath?: string | undefined;
  /** How the sign-in record is kept in `ctx.session` (`koaSessionStore` options): the same on every route. */
  session?: KeyedSessionOptions | undefined;
}

/** koa-session keeps `isNew` and underscored fields (`_expire`, `_maxAge`...) on the session object for itself. */
const isKoaSessionKey = (name: string): boolean => name === "isNew" || name.startsWith("_");

/**
 * A `SessionStore` over koa-session's `ctx.session` that keeps the whole sign-in record under
 * one key, the `xrpl` key of `ctx.session` (or `options.key`), and never reads, writes or deletes any other
 * key: your own session data survives nonce requests, failed sign-ins and sign-in. At sign-in
 * the session gets a new id (`ctx.session.regenerate()`, with an external `store`) and keeps your
 * keys (`keepAppData: false` drops them); sign-out ends the whole session (`ctx.session = null`,
 * which koa-session turns into an expired cookie). Create one per request, with the same options
 * on every route.
 *
 * @example
 * ```ts
 * import session from "koa-session";
 * import { koaSessionStore } from "sign-in-with-xrpl/koa";
 *
 * app.use(session({ store, key: "siwx_session", httpOnly: true, sameSite: "lax" }, app));
 * app.use(async (ctx) => {
 *   const { status, body } = await handlers.me(koaSessionStore(ctx), { request: ctx.req });
 *   ctx.status = status;
 *   ctx.body = body;
 * });
 * ```
 */
export function koaSessionStore(ctx: Pick<KoaGlueContext, "session">, options?: KeyedSessionOptions): SessionStore {
  if (typeof ctx !== "object" || ctx === null) {
    throw new InvalidOptionsError("sign-in-with-xrpl: koaSessionStore(ctx) needs the Koa context.");
  }
  resolveKeyedSessionOptions("koaSessionStore", options, isKoaSessionKey);
  let destroyed = false;
  const current = (): KoaSessionLike => {
    const session = ctx.session;
    if (typeof session === "object" && session !== null && typeof session.save === "function") return session;
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: koaSessionStore found no ctx.session: install koa-session before the routes (app.use(session({ ... }, app))).",
    );
  };
  return keyedSessionStore(
    {
      current: () => (destroyed ? undefined : current()),
      save: () => current().save(),
      destroy: () => {
        // Reading first throws the setup error when koa-session is missing.
        if (!destroyed) current();
        ctx.session = null;
        destroyed = true;
      },
      regenerate: () => current().regenerate(),
      isFrameworkKey: isKoaSessionKey,
    },
    options,
  );
}

function send(ctx: KoaGlueContext, { status, body }: HandlerResult, headers: Record<string, string> = {}): void {
  // Nonces and identities must never come from a cache.
  ctx.set("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(headers)) ctx.set(name, value);
  ctx.status = status;
  ctx.body = body;
}

/**
 * The four sign-in routes as one Koa middleware, after koa-session: `GET ${basePath}/nonce`,
 * `POST ${basePath}/verify`, `POST ${basePath}/signout`, `GET ${basePath}/me` (default base path
 * `/api/auth`), answered by your `createAuthHandlers` with `koaSessionStore(ctx)`. Any other path
 * under the base path answers JSON 404, another method 405 with `Allow`; other paths go on to
 * `next`. No body parser is needed: the verify route reads at most 16 kB of JSON itself (400
 * `Invalid request body.` for anything else, 413 over the limit), or takes `ctx.request.body`
 * when a parser set it.
 *
 * @example
 * ```ts
 * import Koa from "koa";
 * import session from "koa-session";
 * import { createAuthHandlers, createVerifier } from "sign-in-with-xrpl";
 * import { requireSignIn, signInRoutes } from "sign-in-with-xrpl/koa";
 *
 * const handlers = createAuthHandlers({ verifier: createVerifier(), sessionKind: "server-store" });
 * const app = new Koa();
 * app.keys = [process.env.SESSION_SECRET!];
 * app.use(session({ store, key: "siwx_session", httpOnly: true, sameSite: "lax" }, app));
 * app.use(signInRoutes(handlers));
 * ```
 */
export function signInRoutes(handlers: AuthHandlers, options: KoaGlueOptions = {}): KoaMiddleware {
  checkHandlers("signInRoutes(handlers)", handlers);
  const basePath = resolveBasePath("signInRoutes", options.basePath);
  resolveKeyedSessionOptions("signInRoutes", options.session, isKoaSessionKey);
  return async (ctx, next) => {
    const match = matchRoute(ctx.method, ctx.path, basePath);
    if (match === undefined) {
      await next();
      return;
    }
    if (match.kind === "answer") {
      send(ctx, match, match.headers);
      return;
    }
    let body: BodyRead = { kind: "unreadable" };
    if (match.route === "verify") {
      const parsed = (ctx.request as { body?: unknown }).body;
      body = parsed === undefined ? await readStreamJson(ctx.req, ctx.req.headers) : { kind: "json", body: parsed };
    }
    send(ctx, await runRoute(handlers, match.route, koaSessionStore(ctx, options.session), { request: ctx.req }, body));
  };
}

/**
 * A middleware for your own routes: lets a signed-in request through with its sign-in in
 * `ctx.state.xrpl` (`{ address, authenticatedAt, data }`), and answers any other request 401
 * `{ "error": "Not authenticated." }`. The same rules as the me route hold (it reads through
 * `handlers.getSignedIn`). Give it the same `session` options as `signInRoutes`.
 *
 * @example
 * ```ts
 * app.use(async (ctx, next) => (ctx.path === "/api/profile" ? requireSignIn(handlers)(ctx, next) : next()));
 * // or with @koa/router: router.get("/api/profile", requireSignIn(handlers), (ctx) => { ctx.body = { address: ctx.state.xrpl.address }; });
 * ```
 */
export function requireSignIn(handlers: AuthHandlers, options: Pick<KoaGlueOptions, "session"> = {}): KoaMiddleware {
  checkHandlers("requireSignIn(handlers)", handlers);
  resolveKeyedSessionOptions("requireSignIn", options.session, isKoaSessionKey);
  return async (ctx, next) => {
    const signedIn: SignedInSession | null = await handlers.getSignedIn(koaSessionStore(ctx, options.session), { request: ctx.req });
    if (signedIn === null) {
      send(ctx, { status: 401, body: { error: TEXT.notAuthenticated } });
      return;
    }
    ctx.state["xrpl"] = signedIn;
    await next();
  };
}
