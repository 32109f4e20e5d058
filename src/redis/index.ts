export { createRedisNonceStore } from "./redis-nonce-store.js";
export type { RedisNonceStoreOptions, RedisSetClient } from "./redis-nonce-store.js";
