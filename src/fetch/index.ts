/**
 * The sign-in routes as one `Request` -> `Response` handler with a sealed-cookie session, for any runtime.
 *
 * @module sign-in-with-xrpl/fetch
 */
// Entry `sign-in-with-xrpl/fetch`: the sign-in routes as one Request -> Response function.
// Web-standard only (no Node built-ins), so it runs on Node, Bun, Deno and Cloudflare Workers.
export { createFetchHandler } from "./create-fetch-handler.js";
export type { FetchHandler } from "./create-fetch-handler.js";
export { readSignInBody } from "./read-sign-in-body.js";
export type { SignInBodyRead } from "./read-sign-in-body.js";
export type { FetchHandlerOptions, FetchSessionCookieOptions } from "./options.js";
export type { SignedInSession } from "../server/get-signed-in.js";
export type {
  OnSignIn,
  OnSignOut,
  SignInDecision,
  SignInHookContext,
  SignInRefusal,
  SignInRefusalStatus,
  SignOutHookContext,
} from "../server/hooks.js";
