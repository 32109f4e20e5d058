/**
 * A nonce and revocation store on Redis (node-redis v5), shared by every process.
 *
 * @module sign-in-with-xrpl/redis
 */
export { createRedisNonceStore } from "./redis-nonce-store.js";
export type { RedisNonceStoreOptions, RedisSetClient, RedisStoreClient } from "./redis-nonce-store.js";
