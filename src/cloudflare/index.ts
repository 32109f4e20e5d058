/**
 * A nonce and revocation store on Cloudflare Durable Objects, shared by every isolate of every
 * Worker bound to it. Web APIs only: no `nodejs_compat`.
 *
 * @module sign-in-with-xrpl/cloudflare
 */
export { createDurableObjectNonceStore } from "./durable-object-nonce-store.js";
export type {
  DurableObjectNonceStore,
  DurableObjectNonceStoreOptions,
  NonceStoreNamespace,
  NonceStoreStub,
} from "./durable-object-nonce-store.js";
export { NonceStoreObject } from "./nonce-store-object.js";
export type { NonceStoreObjectState, NonceStoreObjectStorage, NonceStoreSqlStorage } from "./nonce-store-object.js";
