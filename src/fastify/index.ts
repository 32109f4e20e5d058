/**
 * Fastify glue over the fetch handler: a plugin that answers the sign-in routes (with Fastify's
 * own body errors in the library's words), puts a session reader on every request
 * (`request.xrpl`), and a `requireSignIn` preHandler for your own routes. Types come from
 * fastify; nothing of it is imported at run time.
 *
 * @module sign-in-with-xrpl/fastify
 */
export { toRequest, signInWithXrpl, requireSignIn } from "./plugin.js";
export type { XrplFastifyRequest, SignInWithXrplOptions } from "./plugin.js";
