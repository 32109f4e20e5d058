/**
 * Express glue: the four sign-in routes in one line (`router(handlers)`) and a
 * `requireSignIn()` middleware for your own routes, over express-session and `createAuthHandlers`.
 * Typed by shape: this entry never imports express or express-session.
 *
 * @module sign-in-with-xrpl/express
 */
export { router, requireSignIn } from "./router.js";
export type {
  ExpressGlueRequest,
  ExpressGlueResponse,
  ExpressNext,
  ExpressMiddleware,
  ExpressErrorMiddleware,
  ExpressGlueOptions,
} from "./router.js";
