import { InvalidOptionsError } from "../errors.js";
import { checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "../server/nonce-input.js";
import type { NonceStore, RevocationStore } from "../server/types.js";

/**
 * The part of a node-redis v5 client that `consume` uses: `SET key value NX PX ttl`.
 *
 * @example
 * ```ts
 * const client: RedisSetClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisSetClient {
  set(key: string, value: string, options: { condition: "NX"; expiration: { type: "PX"; value: number } }): Promise<unknown>;
}

/**
 * The part of a node-redis v5 client the store uses: `SET` for nonces, `EXISTS` and `EVAL` for
 * revoked ids. A client from `createClient()`, a cluster from `createCluster()` or a pool all
 * fit. Structural, so this entry never loads `redis` itself.
 *
 * @example
 * ```ts
 * const client: RedisStoreClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisStoreClient extends RedisSetClient {
  exists(key: string): Promise<number>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * Options of `createRedisNonceStore`.
 *
 * @example
 * ```ts
 * const options: RedisNonceStoreOptions = { prefix: "myapp:siwx:nonce:", revocationPrefix: "myapp:siwx:revoked:" };
 * ```
 */
export interface RedisNonceStoreOptions {
  /** Key prefix of used nonces. Default `"siwx:nonce:"`. */
  prefix?: string | undefined;
  /** Key prefix of revoked ids. Default `"siwx:revoked:"`. Neither prefix may start with the other. */
  revocationPrefix?: string | undefined;
}

// Sets the key only when that makes it live longer, in one step, so revoking again never
// shortens a revocation. PTTL is -2 for a missing key.
const EXTEND_REVOCATION_SCRIPT =
  "if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end return 1";

/**
 * A `NonceStore` shared by every process that uses the same Redis: `consume` is one atomic
 * `SET prefix+nonce 1 NX PX ttlMs`, so of any number of concurrent calls for one nonce, on any
 * number of servers, exactly one resolves `true`. It is a `RevocationStore` too, under its own
 * prefix. Keys expire by themselves after their TTL. A Redis error rejects (the handlers answer
 * it as a service failure, never as a success).
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
 *   sessionKind: "server-store",
 *   nonceStore: createRedisNonceStore(redis),
 * });
 * ```
 */
export function createRedisNonceStore(client: RedisStoreClient, options: RedisNonceStoreOptions = {}): NonceStore & RevocationStore {
  if (
    typeof client !== "object" ||
    client === null ||
    typeof client.set !== "function" ||
    typeof client.exists !== "function" ||
    typeof client.eval !== "function"
  ) {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createRedisNonceStore needs a connected node-redis v5 client: await createClient({ url }).connect().",
    );
  }
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: createRedisNonceStore: options must be an object such as { prefix: "myapp:nonce:" }.',
    );
  }
  const prefix = options.prefix ?? "siwx:nonce:";
  const revocationPrefix = options.revocationPrefix ?? "siwx:revoked:";
  if (typeof prefix !== "string") {
    throw new InvalidOptionsError('sign-in-with-xrpl: createRedisNonceStore: `prefix` must be a string such as "myapp:nonce:".');
  }
  if (typeof revocationPrefix !== "string") {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: createRedisNonceStore: `revocationPrefix` must be a string such as "myapp:revoked:".',
    );
  }
  // With one prefix inside the other, a used nonce could read as a revoked id or the reverse.
  if (prefix.startsWith(revocationPrefix) || revocationPrefix.startsWith(prefix)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createRedisNonceStore: \`prefix\` (${JSON.stringify(prefix)}) and \`revocationPrefix\` (${JSON.stringify(revocationPrefix)}) must not start with one another, such as "myapp:nonce:" and "myapp:revoked:".`,
    );
  }
  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput("createRedisNonceStore()", nonce, ttlMs);
      // PX takes whole milliseconds; rounding up never shortens the promised TTL.
      const reply = await client.set(`${prefix}${nonce}`, "1", {
        condition: "NX",
        expiration: { type: "PX", value: Math.ceil(ttlMs) },
      });
      // "OK" when the key was set, null when it existed; a client that maps strings to Buffers
      // answers the same bytes.
      return reply === "OK" || (reply instanceof Uint8Array && new TextDecoder().decode(reply) === "OK");
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput("createRedisNonceStore()", id, ttlMs);
      await client.eval(EXTEND_REVOCATION_SCRIPT, { keys: [`${revocationPrefix}${id}`], arguments: [String(Math.ceil(ttlMs))] });
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput("createRedisNonceStore()", id);
      return (await client.exists(`${revocationPrefix}${id}`)) > 0;
    },
  };
}
