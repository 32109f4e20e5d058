import { InvalidOptionsError, StoreUnavailableError } from "../errors.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "../server/nonce-input.js";
import type { NonceStore, RevocationStore } from "../server/types.js";
import { describeValue } from "../shared/describe-value.js";
import { STORE_CALL_URL, type StoreOperation } from "./protocol.js";

/**
 * A Durable Object stub (`namespace.get(id)`), as far as the store uses it: `fetch`.
 *
 * @example
 * ```ts
 * const stub: NonceStoreStub = env.NONCES.get(env.NONCES.idFromName("sign-in-with-xrpl/0"));
 * ```
 */
export interface NonceStoreStub {
  fetch(
    url: string,
    init: { method: "POST"; headers: Record<string, string>; body: string },
  ): Promise<{ status: number; text(): Promise<string> }>;
}

/**
 * The Durable Object namespace binding of `NonceStoreObject` (`env.NONCES`), as far as the store
 * uses it. Cloudflare's `DurableObjectNamespace` fits; structural, so this entry needs no
 * Cloudflare type package.
 *
 * @example
 * ```ts
 * interface Env {
 *   NONCES: NonceStoreNamespace; // [[durable_objects.bindings]] name = "NONCES" class_name = "NonceStoreObject"
 * }
 * ```
 */
export interface NonceStoreNamespace<TId = unknown> {
  idFromName(name: string): TId;
  get(id: TId): NonceStoreStub;
}

/**
 * Options of `createDurableObjectNonceStore`.
 *
 * @example
 * ```ts
 * const options: DurableObjectNonceStoreOptions = { shards: 8 };
 * ```
 */
export interface DurableObjectNonceStoreOptions {
  /**
   * How many objects the entries are spread over, by a hash of the nonce or id: each object
   * answers its calls one after another, so more objects carry more sign-ins and session reads
   * per second. Default 1; a whole number from 1 to 1024. Every Worker that shares the store must
   * use the same value, and changing it moves entries to other objects: change it together with
   * the session secret (which ends every session), or old sign-outs are forgotten.
   */
  shards?: number | undefined;
}

/**
 * The store `createDurableObjectNonceStore` returns: a `NonceStore` that counts signature
 * attempts, and a `RevocationStore`.
 *
 * @example
 * ```ts
 * const store: DurableObjectNonceStore = createDurableObjectNonceStore(env.NONCES);
 * await store.countAttempt("9f86d081884c7d65", 420_000); // 1
 * ```
 */
export interface DurableObjectNonceStore extends NonceStore, RevocationStore {
  countAttempt(nonce: string, ttlMs: number): Promise<number>;
}

const CALL = "createDurableObjectNonceStore()";
const MAX_SHARDS = 1024;
const OBJECT_NAME = "sign-in-with-xrpl";

const WHAT: Record<StoreOperation, string> = {
  consume: "use a nonce",
  countAttempt: "count a signature attempt",
  revoke: "revoke an id",
  isRevoked: "look up a revoked id",
};

/** FNV-1a over the UTF-16 code units: the same shard for a key in every isolate, cheap, well spread. */
function shardOf(key: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < key.length; index += 1) {
    hash ^= key.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % shards;
}

function checkNamespace(namespace: unknown): void {
  const candidate = namespace as Partial<NonceStoreNamespace> | null;
  if (
    typeof candidate !== "object" ||
    candidate === null ||
    typeof candidate.idFromName !== "function" ||
    typeof candidate.get !== "function"
  ) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL} needs the Durable Object namespace binding of NonceStoreObject, such as env.NONCES, got ${describeValue(namespace)}. Bind it in wrangler.toml: [[durable_objects.bindings]] name = "NONCES" class_name = "NonceStoreObject", and export NonceStoreObject from the Worker.`,
    );
  }
}

function checkShards(shards: unknown): number {
  if (shards === undefined) return 1;
  if (typeof shards !== "number" || !Number.isInteger(shards) || shards < 1 || shards > MAX_SHARDS) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL}: \`shards\` must be a whole number from 1 to ${MAX_SHARDS}, got ${describeValue(shards)}.`,
    );
  }
  return shards;
}

/** The answer's value, or a `StoreUnavailableError` that says what the object answered. */
function readAnswer(operation: StoreOperation, status: number, text: string): boolean | number {
  let answer: Partial<Record<"value" | "error", unknown>> | undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === "object" && parsed !== null) answer = parsed;
  } catch {
    answer = undefined;
  }
  const expected = operation === "countAttempt" ? "number" : "boolean";
  if (status === 200 && answer !== undefined && typeof answer.value === expected) return answer.value as boolean | number;
  const what = `sign-in-with-xrpl: the Durable Object nonce store could not ${WHAT[operation]}`;
  if (answer !== undefined && typeof answer.error === "string") throw new StoreUnavailableError(`${what}: ${answer.error}`);
  throw new StoreUnavailableError(
    `${what}: the object answered ${status} ${JSON.stringify(text.slice(0, 120))}. Check that the binding's class_name is NonceStoreObject, exported from the Worker by sign-in-with-xrpl/cloudflare.`,
  );
}

/**
 * A `NonceStore` and `RevocationStore` on Cloudflare Durable Objects, shared by every isolate of
 * every Worker bound to the namespace: `consume` is one statement in a `NonceStoreObject`'s
 * SQLite storage, so of any number of concurrent calls for one nonce, from anywhere, exactly one
 * resolves `true`; a sign-out (`revoke`) is seen by every isolate at once; `countAttempt` counts
 * signature checks per nonce the same way. Entries expire (the object's alarm deletes them), so
 * storage stays bounded. Calls for one nonce or id always go to the same object; `shards` spreads
 * them over several. A call the object cannot answer rejects with `StoreUnavailableError` (never
 * `true` for `consume`, never `false` for `isRevoked`). Web APIs only: no `nodejs_compat`.
 *
 * @example
 * ```ts
 * import { createFetchHandler } from "sign-in-with-xrpl/fetch";
 * import { createDurableObjectNonceStore, type NonceStoreNamespace } from "sign-in-with-xrpl/cloudflare";
 * export { NonceStoreObject } from "sign-in-with-xrpl/cloudflare";
 *
 * export default {
 *   async fetch(request: Request, env: { NONCES: NonceStoreNamespace; SESSION_SECRET: string }) {
 *     auth ??= createFetchHandler({ verifier, domain: "example.com", sessionSecret: env.SESSION_SECRET, nonceStore: createDurableObjectNonceStore(env.NONCES) });
 *     return auth.handle(request);
 *   },
 * };
 * ```
 */
export function createDurableObjectNonceStore<TId>(
  namespace: NonceStoreNamespace<TId>,
  options: DurableObjectNonceStoreOptions = {},
): DurableObjectNonceStore {
  checkNamespace(namespace);
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: options must be an object such as { shards: 4 }.`);
  }
  const shards = checkShards(options.shards);
  // Ids are worked out once; a stub is made for each call, which costs no I/O.
  const ids = Array.from({ length: shards }, (_, shard) => namespace.idFromName(`${OBJECT_NAME}/${shard}`));

  async function call(op: StoreOperation, key: string, ttlMs?: number): Promise<boolean | number> {
    const body = JSON.stringify(ttlMs === undefined ? { op, key } : { op, key, ttlMs });
    let status: number;
    let text: string;
    try {
      const response = await namespace.get(ids[shardOf(key, shards)]!).fetch(STORE_CALL_URL, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body,
      });
      status = response.status;
      text = await response.text();
    } catch (cause) {
      throw new StoreUnavailableError(
        `sign-in-with-xrpl: the Durable Object nonce store could not ${WHAT[op]}: ${cause instanceof Error ? cause.message : String(cause)}.`,
        { cause },
      );
    }
    return readAnswer(op, status, text);
  }

  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput(CALL, nonce, ttlMs);
      return (await call("consume", nonce, ttlMs)) as boolean;
    },
    async countAttempt(nonce: string, ttlMs: number): Promise<number> {
      checkCountAttemptInput(CALL, nonce, ttlMs);
      return (await call("countAttempt", nonce, ttlMs)) as number;
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput(CALL, id, ttlMs);
      await call("revoke", id, ttlMs);
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput(CALL, id);
      return (await call("isRevoked", id)) as boolean;
    },
  };
}
