import { InvalidOptionsError } from "../errors.js";
import { checkNonceInput } from "../server/nonce-input.js";
import type { NonceStore } from "../server/types.js";

/**
 * The part of a node-redis v5 client the store uses: `SET key value NX PX ttl`. A client from
 * `createClient()`, a cluster from `createCluster()` or a pool all fit. Structural, so this
 * entry never loads `redis` itself.
 *
 * @example
 * ```ts
 * const client: RedisSetClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisSetClient {
  set(
    key: string,
    value: string,
    options: { condition: "NX"; expiration: { type: "PX"; value: number } },
  ): Promise<unknown>;
}

/**
 * Options of `createRedisNonceStore`.
 *
 * @example
 * ```ts
 * const options: RedisNonceStoreOptions = { prefix: "myapp:siwx:nonce:" };
 * ```
 */
export interface RedisNonceStoreOptions {
  /** Key prefix. Default `"siwx:nonce:"`. */
  prefix?: string | undefined;
}

/**
 * A `NonceStore` shared by every process that uses the same Redis: `consume` is one atomic
 * `SET prefix+nonce 1 NX PX ttlMs`, so of any number of concurrent calls for one nonce, on any
 * number of servers, exactly one resolves `true`. Keys expire by themselves after `ttlMs`. A
 * Redis error rejects (the handlers answer it as a service failure, never as a success).
 *
 * @example
 * ```ts
 * import { createClient } from "redis";
 * import { createAuthHandlers, createVerifier } from "sign-in-with-xrpl";
 * import { createRedisNonceStore } from "sign-in-with-xrpl/redis";
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const handlers = createAuthHandlers({
 *   verifier: createVerifier(),
 *   variant: "store",
 *   nonceStore: createRedisNonceStore(redis),
 * });
 * ```
 */
export function createRedisNonceStore(client: RedisSetClient, options: RedisNonceStoreOptions = {}): NonceStore {
  if (typeof client !== "object" || client === null || typeof client.set !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createRedisNonceStore needs a connected node-redis v5 client: await createClient({ url }).connect().",
    );
  }
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError("sign-in-with-xrpl: createRedisNonceStore: options must be an object such as { prefix: \"myapp:nonce:\" }.");
  }
  const prefix = options.prefix ?? "siwx:nonce:";
  if (typeof prefix !== "string") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createRedisNonceStore: `prefix` must be a string such as \"myapp:nonce:\".");
  }
  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput("createRedisNonceStore()", nonce, ttlMs);
      // PX takes whole milliseconds; rounding up never shortens the promised TTL.
      const reply = await client.set(`${prefix}${nonce}`, "1", {
        condition: "NX",
        expiration: { type: "PX", value: Math.ceil(ttlMs) },
      });
      return reply !== null && reply !== undefined && String(reply) === "OK";
    },
  };
}
