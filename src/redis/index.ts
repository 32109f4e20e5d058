export { createRedisNonceStore } from "./redis-nonce-store.js";
export type { RedisNonceStoreOptions, RedisSetClient, RedisStoreClient } from "./redis-nonce-store.js";
