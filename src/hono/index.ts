/**
 * Hono glue over the fetch handler: the sign-in routes as a Hono handler, a session reader
 * (`xrplSession`) and `requireSignIn` for your own routes, the sign-in in `c.var.xrpl`. Types come
 * from hono; nothing of it is imported at run time.
 *
 * @module sign-in-with-xrpl/hono
 */
export { signInRoutes, xrplSession, requireSignIn } from "./middleware.js";
export type { XrplVariables, XrplSignedInVariables } from "./middleware.js";
