import { InvalidOptionsError, StoreUnavailableError } from "../errors.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "../server/nonce-input.js";
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
 * revoked ids, `EVAL` for attempt counts. A client from `createClient()`, a cluster from `createCluster()` or a pool all
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
 * const options: RedisNonceStoreOptions = {
 *   prefix: "myapp:siwx:nonce:",
 *   revocationPrefix: "myapp:siwx:revoked:",
 *   attemptPrefix: "myapp:siwx:attempts:",
 * };
 * ```
 */
export interface RedisNonceStoreOptions {
  /** Key prefix of used nonces. Default `"siwx:nonce:"`. */
  prefix?: string | undefined;
  /** Key prefix of revoked ids. Default `"siwx:revoked:"`. No prefix may start with another. */
  revocationPrefix?: string | undefined;
  /** Key prefix of the signature-attempt counts per nonce. Default `"siwx:attempts:"`. */
  attemptPrefix?: string | undefined;
}

// Sets the key only when that makes it live longer, in one step, so revoking again never
// shortens a revocation. PTTL is -2 for a missing key.
const EXTEND_REVOCATION_SCRIPT =
  "if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], '1', 'PX', ARGV[1]) end return 1";

// Counts one attempt and sets the key's expiry in the same atomic step: INCR creates the key at
// 1 without an expiry (PTTL -1), and the expiry only ever grows, so a later call with a shorter
// TTL never shortens it. One key per nonce, so it runs on Redis Cluster as is.
const COUNT_ATTEMPT_SCRIPT =
  "local count = redis.call('INCR', KEYS[1]) " +
  "if redis.call('PTTL', KEYS[1]) < tonumber(ARGV[1]) then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end " +
  "return count";

/**
 * A `NonceStore` shared by every process that uses the same Redis: `consume` is one atomic
 * `SET prefix+nonce 1 NX PX ttlMs`, so of any number of concurrent calls for one nonce, on any
 * number of servers, exactly one resolves `true`; `countAttempt` is one atomic script (`INCR`
 * and its expiry together) on a key of its own per nonce. It is a `RevocationStore` too, under
 * its own prefix. Keys expire by themselves after their TTL. A Redis error rejects (the handlers answer
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
export function createRedisNonceStore(
  client: RedisStoreClient,
  options: RedisNonceStoreOptions = {},
): NonceStore & Required<Pick<NonceStore, "countAttempt">> & RevocationStore {
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
  const prefixes = {
    prefix: options.prefix ?? "siwx:nonce:",
    revocationPrefix: options.revocationPrefix ?? "siwx:revoked:",
    attemptPrefix: options.attemptPrefix ?? "siwx:attempts:",
  };
  const examples = { prefix: "myapp:nonce:", revocationPrefix: "myapp:revoked:", attemptPrefix: "myapp:attempts:" };
  for (const [name, value] of Object.entries(prefixes) as [keyof typeof prefixes, unknown][]) {
    if (typeof value !== "string") {
      throw new InvalidOptionsError(
        `sign-in-with-xrpl: createRedisNonceStore: \`${name}\` must be a string such as ${JSON.stringify(examples[name])}.`,
      );
    }
  }
  // With one prefix inside another, a used nonce could read as a revoked id or a count, or the reverse.
  const names = Object.keys(prefixes) as (keyof typeof prefixes)[];
  for (const first of names) {
    for (const second of names) {
      if (first !== second && prefixes[first].startsWith(prefixes[second])) {
        throw new InvalidOptionsError(
          `sign-in-with-xrpl: createRedisNonceStore: \`${first}\` (${JSON.stringify(prefixes[first])}) and \`${second}\` (${JSON.stringify(prefixes[second])}) must not start with one another, such as ${JSON.stringify(examples[first])} and ${JSON.stringify(examples[second])}.`,
        );
      }
    }
  }
  const { prefix, revocationPrefix, attemptPrefix } = prefixes;
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
    async countAttempt(nonce: string, ttlMs: number): Promise<number> {
      checkCountAttemptInput("createRedisNonceStore()", nonce, ttlMs);
      const reply = await client.eval(COUNT_ATTEMPT_SCRIPT, { keys: [`${attemptPrefix}${nonce}`], arguments: [String(Math.ceil(ttlMs))] });
      const count = typeof reply === "number" ? reply : Number(reply);
      // A reply that is not a count is never read as one: the handlers answer a service failure.
      if (!Number.isInteger(count) || count < 1) {
        throw new StoreUnavailableError(`sign-in-with-xrpl: the Redis nonce store got ${String(reply)} as an attempt count from Redis.`);
      }
      return count;
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
