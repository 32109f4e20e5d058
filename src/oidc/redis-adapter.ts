// oidc-provider's storage on Redis (node-redis v5), so several provider instances share
// sessions, interactions, grants, codes and tokens: an authorization begun on one instance
// finishes on another. Every write is one Lua script, so a reader never sees half of one.
import { InvalidOptionsError } from "../errors.js";
import type { OidcAdapter, OidcAdapterFactory, OidcAdapterPayload } from "./provider-types.js";

/**
 * The part of a node-redis v5 client the adapter uses: `HMGET` and `GET` to read, `EVAL` for
 * every write. A client from `createClient()` fits (a Redis Cluster does not: one write touches
 * a model's key and its indexes, which a cluster may keep on different nodes). Structural, so
 * this entry never loads `redis` itself.
 *
 * @example
 * ```ts
 * const client: RedisAdapterClient = await createClient({ url: process.env.REDIS_URL }).connect();
 * ```
 */
export interface RedisAdapterClient {
  get(key: string): Promise<string | null>;
  hmGet(key: string, fields: string[]): Promise<unknown>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/**
 * Options of `createRedisAdapter`.
 *
 * @example
 * ```ts
 * const options: RedisAdapterOptions = { prefix: "myapp:oidc:" };
 * ```
 */
export interface RedisAdapterOptions {
  /** Prefix of every key the adapter writes. Default `"oidc:"`. */
  prefix?: string | undefined;
}

/** Models whose entries belong to a grant, so revoking the grant removes them all. */
const GRANTABLE = new Set([
  "AccessToken",
  "AuthorizationCode",
  "RefreshToken",
  "DeviceCode",
  "BackchannelAuthenticationRequest",
  "PreAuthorizedCode",
]);

// KEYS[1]: the entry; then the grant index, the session uid index and the user code index, each
// present when its flag in ARGV[3..5] is "1". ARGV[1]: the JSON payload, ARGV[2]: seconds to
// live ("0": no expiry), ARGV[6]: the entry's id (what the uid and user code indexes point to).
// A grant index lives as long as its longest-lived entry.
const UPSERT_SCRIPT = `
redis.call('DEL', KEYS[1])
redis.call('HSET', KEYS[1], 'payload', ARGV[1])
local ttl = tonumber(ARGV[2])
if ttl > 0 then redis.call('EXPIRE', KEYS[1], ttl) end
local i = 2
if ARGV[3] == '1' then
  local existed = redis.call('EXISTS', KEYS[i])
  redis.call('SADD', KEYS[i], KEYS[1])
  if ttl <= 0 then
    redis.call('PERSIST', KEYS[i])
  elseif existed == 0 then
    redis.call('EXPIRE', KEYS[i], ttl)
  else
    local left = redis.call('TTL', KEYS[i])
    if left >= 0 and left < ttl then redis.call('EXPIRE', KEYS[i], ttl) end
  end
  i = i + 1
end
for flag = 4, 5 do
  if ARGV[flag] == '1' then
    if ttl > 0 then redis.call('SET', KEYS[i], ARGV[6], 'EX', ttl) else redis.call('SET', KEYS[i], ARGV[6]) end
    i = i + 1
  end
end
return 1`;

// 1: consumed now; 0: consumed before; -1: no such entry. One step, so of two instances racing to
// exchange one authorization code, exactly one gets 1.
const CONSUME_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 0 then return -1 end
return redis.call('HSETNX', KEYS[1], 'consumed', ARGV[1])`;

const REVOKE_GRANT_SCRIPT = `
local members = redis.call('SMEMBERS', KEYS[1])
for _, key in ipairs(members) do redis.call('DEL', key) end
redis.call('DEL', KEYS[1])
return #members`;

const DESTROY_SCRIPT = "return redis.call('DEL', KEYS[1])";

/**
 * oidc-provider's answer to a code or refresh token used twice: `invalid_grant` (HTTP 400),
 * shaped as its own errors are (`expose`, `statusCode`, `error_description`) so the token
 * endpoint answers it as such.
 */
class ConsumedTwiceError extends Error {
  readonly expose = true;
  readonly status = 400;
  readonly statusCode = 400;
  readonly error = "invalid_grant";
  readonly error_description = "grant request is invalid";

  constructor() {
    super("invalid_grant");
    this.name = "InvalidGrant";
  }
}

/**
 * A storage adapter for oidc-provider on Redis: pass it as the provider's `adapter` (and to
 * `createXrplOidc`, which also keeps each grant's sign-in there). Entries expire with the
 * lifetimes oidc-provider gives them. Consuming an authorization code or a refresh token is one
 * atomic step: when two requests race to use the same one, on one instance or two, the second
 * gets `invalid_grant` and every token of its grant is revoked, as the OAuth rules ask for a code
 * used twice. A Redis error rejects (oidc-provider answers `server_error`).
 *
 * @example
 * ```ts
 * import Provider from "oidc-provider";
 * import { createClient } from "redis";
 * import { createRedisAdapter, createXrplOidc } from "sign-in-with-xrpl/oidc";
 *
 * const redis = await createClient({ url: process.env.REDIS_URL }).connect();
 * const xrpl = createXrplOidc({ issuer, verifier, adapter: createRedisAdapter(redis) });
 * const provider = new Provider(xrpl.issuer, xrpl.configuration);
 * ```
 */
export function createRedisAdapter(client: RedisAdapterClient, options: RedisAdapterOptions = {}): OidcAdapterFactory {
  if (
    typeof client !== "object" ||
    client === null ||
    typeof client.get !== "function" ||
    typeof client.hmGet !== "function" ||
    typeof client.eval !== "function"
  ) {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createRedisAdapter needs a connected node-redis v5 client, e.g. createRedisAdapter(await createClient({ url: process.env.REDIS_URL }).connect()).",
    );
  }
  const prefix = options.prefix ?? "oidc:";
  if (typeof prefix !== "string" || prefix === "") {
    throw new InvalidOptionsError('sign-in-with-xrpl: createRedisAdapter: `prefix` must be a non-empty string such as "oidc:".');
  }
  const grantKey = (grantId: string) => `${prefix}grant:${grantId}`;
  const uidKey = (uid: string) => `${prefix}sessionUid:${uid}`;
  const userCodeKey = (userCode: string) => `${prefix}userCode:${userCode}`;

  const read = async (key: string): Promise<OidcAdapterPayload | undefined> => {
    const answer = await client.hmGet(key, ["payload", "consumed"]);
    const [payload, consumed] = Array.isArray(answer) ? (answer as unknown[]) : [];
    if (typeof payload !== "string") return undefined;
    const parsed = JSON.parse(payload) as OidcAdapterPayload;
    if (typeof consumed === "string") parsed.consumed = Number(consumed);
    return parsed;
  };

  const revokeGrant = async (grantId: string): Promise<void> => {
    await client.eval(REVOKE_GRANT_SCRIPT, { keys: [grantKey(grantId)], arguments: [] });
  };

  const adapters = new Map<string, OidcAdapter>();
  const adapterFor = (model: string): OidcAdapter => {
    const key = (id: string) => `${prefix}${model}:${id}`;
    const find = (id: string) => read(key(id));
    const findByIndex = async (indexKey: string) => {
      const id = await client.get(indexKey);
      return id === null ? undefined : find(id);
    };
    return {
      async upsert(id, payload, expiresIn) {
        const keys = [key(id)];
        const grantId = typeof payload.grantId === "string" && GRANTABLE.has(model) ? payload.grantId : undefined;
        const uid = model === "Session" && typeof payload.uid === "string" ? payload.uid : undefined;
        const userCode = typeof payload.userCode === "string" ? payload.userCode : undefined;
        if (grantId !== undefined) keys.push(grantKey(grantId));
        if (uid !== undefined) keys.push(uidKey(uid));
        if (userCode !== undefined) keys.push(userCodeKey(userCode));
        const ttl = typeof expiresIn === "number" && expiresIn > 0 ? String(Math.ceil(expiresIn)) : "0";
        await client.eval(UPSERT_SCRIPT, {
          keys,
          arguments: [
            JSON.stringify(payload),
            ttl,
            grantId === undefined ? "0" : "1",
            uid === undefined ? "0" : "1",
            userCode === undefined ? "0" : "1",
            id,
          ],
        });
      },
      find,
      findByUid: (uid) => findByIndex(uidKey(uid)),
      findByUserCode: (userCode) => findByIndex(userCodeKey(userCode)),
      async consume(id) {
        const outcome = await client.eval(CONSUME_SCRIPT, { keys: [key(id)], arguments: [String(Math.floor(Date.now() / 1000))] });
        if (Number(outcome) !== 0) return;
        // Used twice: whoever holds the second copy may be an attacker, so the grant's tokens go too.
        const entry = await find(id);
        if (typeof entry?.grantId === "string") await revokeGrant(entry.grantId);
        throw new ConsumedTwiceError();
      },
      async destroy(id) {
        await client.eval(DESTROY_SCRIPT, { keys: [key(id)], arguments: [] });
      },
      revokeByGrantId: revokeGrant,
    };
  };
  return (model) => {
    let adapter = adapters.get(model);
    if (adapter === undefined) {
      adapter = adapterFor(model);
      adapters.set(model, adapter);
    }
    return adapter;
  };
}
