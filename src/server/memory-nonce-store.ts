import { InvalidOptionsError, StoreUnavailableError } from "../errors.js";
import { SILENT_LOGGER, type Logger } from "../shared/logger.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "./nonce-input.js";
import type { NonceStore, RevocationStore } from "./types.js";
import { withSyncTwin } from "../verify/sync-twin.js";

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
   * The most entries the store holds at once, used nonces, attempt counts and revoked ids
   * together (each about 110 bytes of heap with a 32-character key). When it is full and nothing has expired, a call that
   * would add one rejects with `StoreUnavailableError` instead of growing, so a sign-in answers a
   * service failure rather than accepting a nonce it cannot remember; it is said once through
   * `logger`. Default {@link DEFAULT_MEMORY_STORE_MAX_ENTRIES} (500,000: about 55 MB).
   */
  maxEntries?: number | undefined;
  /** Told, once each time the store fills up, that it refuses new entries. Default: silent. */
  logger?: Pick<Logger, "error"> | undefined;
}

/**
 * The default `maxEntries` of `createMemoryNonceStore`: 500,000 entries, about 55 MB of heap.
 * Room for 1,000 sign-ins a second with the default message lifetime, or 500,000 sealed-cookie
 * sign-outs within a day; beyond that, use a shared store (Redis, PostgreSQL).
 *
 * @example
 * ```ts
 * const nonces = createMemoryNonceStore({ maxEntries: DEFAULT_MEMORY_STORE_MAX_ENTRIES * 2 });
 * ```
 */
export const DEFAULT_MEMORY_STORE_MAX_ENTRIES = 500_000;

/**
 * A binary min-heap of keys by expiry, held in two parallel arrays (expiries unboxed in a number
 * array, keys in a string array) rather than an object per entry: an entry costs no allocation of
 * its own, so hundreds of thousands of live entries give the garbage collector nothing to copy or
 * walk but the two arrays.
 */
function createExpiryHeap(): {
  push(key: string, expiresAt: number): void;
  /** The earliest expiry, `Infinity` when empty. */
  earliest(): number;
  /** Removes the entry with the earliest expiry and returns its key. */
  pop(): string;
  size(): number;
} {
  const expiries: number[] = [];
  const keys: string[] = [];
  return {
    push(key, expiresAt) {
      let index = expiries.length;
      expiries.push(expiresAt);
      keys.push(key);
      // Sift up by moving parents down into the hole, writing the new entry once at the end.
      while (index > 0) {
        const parent = (index - 1) >> 1;
        const parentExpiry = expiries[parent]!;
        if (parentExpiry <= expiresAt) break;
        expiries[index] = parentExpiry;
        keys[index] = keys[parent]!;
        index = parent;
      }
      expiries[index] = expiresAt;
      keys[index] = key;
    },
    earliest: () => (expiries.length > 0 ? expiries[0]! : Number.POSITIVE_INFINITY),
    pop() {
      const top = keys[0]!;
      const lastExpiry = expiries.pop()!;
      const lastKey = keys.pop()!;
      const length = expiries.length;
      if (length === 0) return top;
      let index = 0;
      for (;;) {
        const left = index * 2 + 1;
        if (left >= length) break;
        const right = left + 1;
        const child = right < length && expiries[right]! < expiries[left]! ? right : left;
        if (expiries[child]! >= lastExpiry) break;
        expiries[index] = expiries[child]!;
        keys[index] = keys[child]!;
        index = child;
      }
      expiries[index] = lastExpiry;
      keys[index] = lastKey;
      return top;
    },
    size: () => expiries.length,
  };
}

/**
 * Keys that each expire at their own time, with a count beside each (the attempt counts). Expired
 * keys are dropped on every sweep through a min-heap keyed by expiry (each call has its own TTL),
 * so memory follows the live keys only and no timer keeps the process alive. A key's expiry and
 * count live in numbered slots of two typed arrays, the map holding only the slot number (a small
 * integer, stored unboxed): a key costs no object of its own, where a millisecond time as a map
 * value would be a heap number each. Freed slots are reused; the arrays keep their peak length
 * (16 bytes a slot).
 */
function createExpiringKeys(): {
  sweep(at: number): void;
  expiresAt(key: string): number | undefined;
  /** Stores `key` until `expiresAt`, keeping its count (0 for a new key). */
  set(key: string, expiresAt: number): void;
  /** The count of a key held now, 0 otherwise. */
  count(key: string): number;
  /** Sets the count of a key held now (after `set`). */
  setCount(key: string, count: number): void;
  /** Entries held, an expiry a key has outgrown included until the sweep reaches it. */
  size(): number;
} {
  const slotByKey = new Map<string, number>();
  let expiries = new Float64Array(64);
  let counts = new Float64Array(64);
  const freeSlots: number[] = [];
  let slotsUsed = 0;
  const heap = createExpiryHeap();

  const newSlot = (): number => {
    const free = freeSlots.pop();
    if (free !== undefined) return free;
    if (slotsUsed === expiries.length) {
      const grownExpiries = new Float64Array(slotsUsed * 2);
      grownExpiries.set(expiries);
      expiries = grownExpiries;
      const grownCounts = new Float64Array(slotsUsed * 2);
      grownCounts.set(counts);
      counts = grownCounts;
    }
    slotsUsed += 1;
    return slotsUsed - 1;
  };

  return {
    sweep(at) {
      while (heap.earliest() <= at) {
        const expiresAt = heap.earliest();
        const key = heap.pop();
        const slot = slotByKey.get(key);
        // A key stored again since has a newer heap entry: drop it only at its own (latest) expiry.
        if (slot !== undefined && expiries[slot] === expiresAt) {
          slotByKey.delete(key);
          freeSlots.push(slot);
        }
      }
    },
    expiresAt(key) {
      const slot = slotByKey.get(key);
      return slot === undefined ? undefined : expiries[slot];
    },
    set(key, expiresAt) {
      let slot = slotByKey.get(key);
      if (slot === undefined) {
        slot = newSlot();
        slotByKey.set(key, slot);
        counts[slot] = 0;
      }
      expiries[slot] = expiresAt;
      heap.push(key, expiresAt);
    },
    count(key) {
      const slot = slotByKey.get(key);
      return slot === undefined ? 0 : counts[slot]!;
    },
    setCount(key, count) {
      counts[slotByKey.get(key)!] = count;
    },
    size: () => heap.size(),
  };
}

/**
 * Keys stored once each until they expire, never extended (a used nonce): a set and the heap, no
 * expiry kept per key, since a key is stored again only after its one heap entry has been swept.
 */
function createExpiringSet(): {
  sweep(at: number): void;
  has(key: string): boolean;
  add(key: string, expiresAt: number): void;
  size(): number;
} {
  const live = new Set<string>();
  const heap = createExpiryHeap();
  return {
    sweep(at) {
      while (heap.earliest() <= at) live.delete(heap.pop());
    },
    has: (key) => live.has(key),
    add(key, expiresAt) {
      live.add(key);
      heap.push(key, expiresAt);
    },
    size: () => heap.size(),
  };
}

/**
 * Attempt counts per nonce, each kept until its own expiry (extended, never shortened, by a later
 * call), dropped by the same sweep as the other keys. Synchronous inside, so concurrent calls in
 * this process cannot interleave: the in-process counter behind `countAttempt` of the memory
 * store, and the handlers' fallback for a nonce store without one.
 *
 * @internal
 */
export function createAttemptCounts(
  now: () => number,
  /** Called before an entry is added (a memory store's cap: it throws to refuse). */
  makeRoom?: (at: number) => void,
): ((nonce: string, ttlMs: number) => number) & { size(): number; sweep(at: number): void } {
  const expiries = createExpiringKeys();
  const countOne = (nonce: string, ttlMs: number): number => {
    const at = now();
    expiries.sweep(at);
    const current = expiries.expiresAt(nonce);
    // A later call extends the count's life, never shortens it.
    const extending = current === undefined || current < at + ttlMs;
    if (extending) {
      makeRoom?.(at);
      expiries.set(nonce, at + ttlMs);
    }
    const count = expiries.count(nonce) + 1;
    expiries.setCount(nonce, count);
    return count;
  };
  return Object.assign(countOne, { size: () => expiries.size(), sweep: (at: number) => expiries.sweep(at) });
}

const entryCounts = new WeakMap<object, () => { usedNonces: number; revokedIds: number; attemptCounts: number }>();

/**
 * How many entries a memory store holds now, per kind (an outgrown expiry of a key counted until
 * the next sweep reaches it): what the store-growth test reads.
 *
 * @internal
 */
export function memoryStoreEntries(store: object): { usedNonces: number; revokedIds: number; attemptCounts: number } | undefined {
  return entryCounts.get(store)?.();
}

/**
 * A `NonceStore` in this process's memory: `consume` resolves `true` exactly once per nonce for
 * `ttlMs`, and `countAttempt` counts the signature checks on a nonce. It is a `RevocationStore`
 * too: `revoke(id, ttlMs)` keeps `id` revoked for at least `ttlMs`, apart from the nonces. Memory
 * stays bounded: expired entries are dropped on every call, no timer keeps the process alive, and
 * it never holds more than `maxEntries` (500,000 by default): when full, a call that would add an
 * entry rejects (`StoreUnavailableError`) and `logger` hears of it once, so a sign-in fails as a
 * service failure instead of growing the heap without end. It protects one process only: with several
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
 * await nonces.countAttempt("9f86d081884c7d65", 420_000); // 1: counts apart from consume
 * ```
 */
export function createMemoryNonceStore(
  options: MemoryNonceStoreOptions = {},
): NonceStore & Required<Pick<NonceStore, "countAttempt">> & RevocationStore {
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
  /** Whether the store is refusing to grow now; it is said once per time it fills up. */
  let full = false;
  // Said again only once the store has emptied to 90%: a store that hovers at its limit says it once.
  const saidAgainBelow = Math.floor(maxEntries * 0.9);
  const held = (): number => usedNonces.size() + revokedIds.size() + countAttempt.size();

  /** Room for one more entry, after dropping whatever has expired; else a rejection (fail closed). */
  const makeRoom = (at: number, what: string): void => {
    if (held() >= maxEntries) {
      usedNonces.sweep(at);
      revokedIds.sweep(at);
      countAttempt.sweep(at);
    }
    const count = held();
    if (count < maxEntries) {
      if (count < saidAgainBelow) full = false;
      return;
    }
    if (!full) {
      full = true;
      logger.error(
        `sign-in-with-xrpl: createMemoryNonceStore is full (${maxEntries} entries: used nonces, attempt counts and revoked sessions not yet expired); it refuses to ${what}, so sign-ins fail until entries expire. Use a shared store (createRedisNonceStore, createPostgresNonceStore) or raise maxEntries.`,
      );
    }
    throw new StoreUnavailableError(
      `createMemoryNonceStore is full (${maxEntries} entries not yet expired): it cannot ${what}. Use a shared store or raise maxEntries.`,
    );
  };

  const usedNonces = createExpiringSet();
  const revokedIds = createExpiringKeys();
  const countAttempt = createAttemptCounts(now, (at) => makeRoom(at, "count a signature attempt"));

  // Every method is synchronous inside, so concurrent calls in this process cannot interleave.
  // Each has a synchronous twin (the same body), which the handlers call so that a sign-in does
  // not wait a turn of the microtask queue per step.
  const consumeNow = (nonce: string, ttlMs: number): boolean => {
    checkNonceInput("createMemoryNonceStore()", nonce, ttlMs);
    const at = now();
    usedNonces.sweep(at);
    if (usedNonces.has(nonce)) return false;
    makeRoom(at, "record a used nonce");
    usedNonces.add(nonce, at + ttlMs);
    return true;
  };
  const countAttemptNow = (nonce: string, ttlMs: number): number => {
    checkCountAttemptInput("createMemoryNonceStore()", nonce, ttlMs);
    return countAttempt(nonce, ttlMs);
  };
  const revokeNow = (id: string, ttlMs: number): void => {
    checkRevokeInput("createMemoryNonceStore()", id, ttlMs);
    const at = now();
    revokedIds.sweep(at);
    const current = revokedIds.expiresAt(id);
    // Revoking again may extend the time, never shorten it.
    if (current === undefined || current < at + ttlMs) {
      makeRoom(at, "record a revoked session");
      revokedIds.set(id, at + ttlMs);
    }
  };
  const isRevokedNow = (id: string): boolean => {
    checkIsRevokedInput("createMemoryNonceStore()", id);
    revokedIds.sweep(now());
    return revokedIds.expiresAt(id) !== undefined;
  };
  const store: NonceStore & Required<Pick<NonceStore, "countAttempt">> & RevocationStore = {
    consume: withSyncTwin(async (nonce: string, ttlMs: number): Promise<boolean> => consumeNow(nonce, ttlMs), consumeNow),
    countAttempt: withSyncTwin(async (nonce: string, ttlMs: number): Promise<number> => countAttemptNow(nonce, ttlMs), countAttemptNow),
    revoke: withSyncTwin(async (id: string, ttlMs: number): Promise<void> => revokeNow(id, ttlMs), revokeNow),
    isRevoked: withSyncTwin(async (id: string): Promise<boolean> => isRevokedNow(id), isRevokedNow),
  };
  entryCounts.set(store, () => ({ usedNonces: usedNonces.size(), revokedIds: revokedIds.size(), attemptCounts: countAttempt.size() }));
  return store;
}
