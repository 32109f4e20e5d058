/**
 * The server entry: the sign-in message, the verifier, `createAuthHandlers`, session adapters, the memory nonce store, cookie and secret helpers, and the errors.
 *
 * @module sign-in-with-xrpl
 */
export * from "./errors.js";
export * from "./message/index.js";
export * from "./verify/index.js";
export * from "./server/index.js";
export type { Logger } from "./shared/logger.js";
