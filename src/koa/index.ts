/**
 * Koa glue over koa-session and `createAuthHandlers`: a session adapter that keeps the sign-in
 * record under its own key of `ctx.session` (`koaSessionStore`), the four routes as one
 * middleware (`signInRoutes`), and `requireSignIn` for your own routes. Typed by shape: this
 * entry never imports koa or koa-session.
 *
 * @module sign-in-with-xrpl/koa
 */
export { koaSessionStore, signInRoutes, requireSignIn } from "./koa-glue.js";
export type { KoaSessionLike, KoaGlueContext, KoaNext, KoaMiddleware, KoaGlueOptions } from "./koa-glue.js";
