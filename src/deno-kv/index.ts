/**
 * A nonce and revocation store on Deno KV, shared by every isolate of a Deno Deploy app or every
 * Deno process that opens the same database file.
 *
 * @module sign-in-with-xrpl/deno-kv
 */
export { createDenoKvNonceStore } from "./deno-kv-nonce-store.js";
export type {
  DenoKvAtomicOperation,
  DenoKvDatabase,
  DenoKvEntry,
  DenoKvKeyPart,
  DenoKvNonceStore,
  DenoKvNonceStoreOptions,
} from "./deno-kv-nonce-store.js";
