import { InvalidOptionsError, StoreUnavailableError } from "../errors.js";
import { SILENT_LOGGER, type Logger } from "../shared/logger.js";
import { checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "./nonce-input.js";
import type { NonceStore, RevocationStore } from "./types.js";

/**
 * Options of `createMemoryNonceStore`.
 *
 * @example
 * ```ts
 * const nonces = createMemoryNonceStore({ now: () => fakeClock.now });
 * ```
 */
export interface MemoryNonceStoreOptions {
  /** Clock in milliseconds since the Unix epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * The most entries the store holds at once, used nonces and revoked ids together (each about
   * 150 bytes of heap). When it is full and nothing has expired, a call that would add one
   * rejects with `StoreUnavailableError` instead of growing, so a sign-in answers a service
   * failure rather than accepting a nonce it cannot remember; it is said once through `logger`.
   * Default {@link DEFAULT_MEMORY_STORE_MAX_ENTRIES} (500,000: about 75 MB).
   */
  maxEntries?: number | undefined;
  /** Told, once each time the store fills up, that it refuses new entries. Default: silent. */
  logger?: Pick<Logger, "error"> | undefined;
}

/**
 * The default `maxEntries` of `createMemoryNonceStore`: 500,000 entries, about 75 MB of heap.
 * Enough for a sign-in every 2 ms held for the default 10 minutes, or 500,000 sealed-cookie
 * sign-outs within a day; beyond that, use a shared store (Redis, PostgreSQL).
 *
 * @example
 * ```ts
 * const nonces = createMemoryNonceStore({ maxEntries: DEFAULT_MEMORY_STORE_MAX_ENTRIES * 2 });
 * ```
 */
export const DEFAULT_MEMORY_STORE_MAX_ENTRIES = 500_000;

interface Expiry {
  expiresAt: number;
  key: string;
}

/**
 * Keys that each expire at their own time. Expired keys are dropped on every sweep through a
 * min-heap keyed by expiry (each call has its own TTL), so memory follows the live keys only and
 * no timer keeps the process alive.
 */
function createExpiringKeys(): {
  sweep(at: number): void;
  expiresAt(key: string): number | undefined;
  set(key: string, expiresAt: number): void;
  /** Entries held, an expiry a key has outgrown included until the sweep reaches it. */
  size(): number;
} {
  const expiresAtByKey = new Map<string, number>();
  const heap: Expiry[] = [];

  const push = (entry: Expiry): void => {
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = (index - 1) >> 1;
      if (heap[parent]!.expiresAt <= heap[index]!.expiresAt) break;
      [heap[parent], heap[index]] = [heap[index]!, heap[parent]!];
      index = parent;
    }
  };

  const pop = (): void => {
    const last = heap.pop()!;
    if (heap.length === 0) return;
    heap[0] = last;
    let index = 0;
    for (;;) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < heap.length && heap[left]!.expiresAt < heap[smallest]!.expiresAt) smallest = left;
      if (right < heap.length && heap[right]!.expiresAt < heap[smallest]!.expiresAt) smallest = right;
      if (smallest === index) return;
      [heap[smallest], heap[index]] = [heap[index]!, heap[smallest]!];
      index = smallest;
    }
  };

  return {
    sweep(at) {
      while (heap.length > 0 && heap[0]!.expiresAt <= at) {
        const { key, expiresAt } = heap[0]!;
        pop();
        // A key stored again since has a newer heap entry: drop the map entry only for its own expiry.
        if (expiresAtByKey.get(key) === expiresAt) expiresAtByKey.delete(key);
      }
    },
    expiresAt: (key) => expiresAtByKey.get(key),
    set(key, expiresAt) {
      expiresAtByKey.set(key, expiresAt);
      push({ expiresAt, key });
    },
    size: () => heap.length,
  };
}

const entryCounts = new WeakMap<object, () => { usedNonces: number; revokedIds: number }>();

/**
 * How many entries a memory store holds now, per kind (an outgrown expiry of a key counted until
 * the next sweep reaches it): what the store-growth test reads.
 *
 * @internal
 */
export function memoryStoreEntries(store: object): { usedNonces: number; revokedIds: number } | undefined {
  return entryCounts.get(store)?.();
}

/**
 * A `NonceStore` in this process's memory: `consume` resolves `true` exactly once per nonce for
 * `ttlMs`. It is a `RevocationStore` too: `revoke(id, ttlMs)` keeps `id` revoked for at least
 * `ttlMs`, apart from the nonces. Memory stays bounded: expired entries are dropped on every
 * call, no timer keeps the process alive, and it never holds more than `maxEntries` (500,000 by
 * default): when full, a call that would add an entry rejects (`StoreUnavailableError`) and
 * `logger` hears of it once, so a sign-in fails as a service failure instead of growing the heap
 * without end. It protects one process only: with several
 * processes or servers, use `createRedisNonceStore` from `sign-in-with-xrpl/redis` or
 * `createPostgresNonceStore` from `sign-in-with-xrpl/postgres`.
 *
 * @example
 * ```ts
 * import { createMemoryNonceStore } from "sign-in-with-xrpl";
 *
 * const nonces = createMemoryNonceStore();
 * await nonces.consume("9f86d081884c7d65", 420_000); // true
 * await nonces.consume("9f86d081884c7d65", 420_000); // false: already used
 * ```
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): NonceStore & RevocationStore {
  const now = options.now ?? Date.now;
  if (typeof now !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createMemoryNonceStore: `now` must be a function returning milliseconds.");
  }
  const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_STORE_MAX_ENTRIES;
  if (typeof maxEntries !== "number" || !Number.isSafeInteger(maxEntries) || maxEntries <= 0) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createMemoryNonceStore: \`maxEntries\` must be a positive whole number (got ${String(maxEntries)}); omit it for ${DEFAULT_MEMORY_STORE_MAX_ENTRIES}.`,
    );
  }
  const logger = options.logger ?? SILENT_LOGGER;
  if (typeof logger.error !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createMemoryNonceStore: `logger` must have an error(message) method, such as console.",
    );
  }
  const usedNonces = createExpiringKeys();
  const revokedIds = createExpiringKeys();
  const kinds = [usedNonces, revokedIds];
  /** Whether the store is refusing to grow now; it is said once per time it fills up. */
  let full = false;

  // Said again only once the store has emptied to 90%: a store that hovers at its limit says it once.
  const saidAgainBelow = Math.floor(maxEntries * 0.9);
  const held = (): number => usedNonces.size() + revokedIds.size();

  /** Room for one more entry, after dropping whatever has expired; else a rejection (fail closed). */
  const makeRoom = (at: number, what: string): void => {
    if (held() >= maxEntries) for (const kind of kinds) kind.sweep(at);
    const count = held();
    if (count < maxEntries) {
      if (count < saidAgainBelow) full = false;
      return;
    }
    if (!full) {
      full = true;
      logger.error(
        `sign-in-with-xrpl: createMemoryNonceStore is full (${maxEntries} entries: used nonces and revoked sessions not yet expired); it refuses to ${what}, so sign-ins fail until entries expire. Use a shared store (createRedisNonceStore, createPostgresNonceStore) or raise maxEntries.`,
      );
    }
    throw new StoreUnavailableError(
      `createMemoryNonceStore is full (${maxEntries} entries not yet expired): it cannot ${what}. Use a shared store or raise maxEntries.`,
    );
  };

  // Every method is synchronous inside, so concurrent calls in this process cannot interleave.
  const store: NonceStore & RevocationStore = {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput("createMemoryNonceStore()", nonce, ttlMs);
      const at = now();
      usedNonces.sweep(at);
      if (usedNonces.expiresAt(nonce) !== undefined) return false;
      makeRoom(at, "record a used nonce");
      usedNonces.set(nonce, at + ttlMs);
      return true;
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput("createMemoryNonceStore()", id, ttlMs);
      const at = now();
      revokedIds.sweep(at);
      const current = revokedIds.expiresAt(id);
      // Revoking again may extend the time, never shorten it.
      if (current === undefined || current < at + ttlMs) {
        makeRoom(at, "record a revoked session");
        revokedIds.set(id, at + ttlMs);
      }
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput("createMemoryNonceStore()", id);
      revokedIds.sweep(now());
      return revokedIds.expiresAt(id) !== undefined;
    },
  };
  entryCounts.set(store, () => ({ usedNonces: usedNonces.size(), revokedIds: revokedIds.size() }));
  return store;
}
