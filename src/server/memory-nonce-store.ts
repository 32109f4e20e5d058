import { InvalidOptionsError } from "../errors.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "./nonce-input.js";
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
}

interface Expiry {
  expiresAt: number;
  key: string;
}

/**
 * Keys that each expire at their own time. Expired keys are dropped on every sweep through a
 * min-heap keyed by expiry (each call has its own TTL), so memory follows the live keys only and
 * no timer keeps the process alive.
 */
function createExpiringKeys(onDrop?: (key: string) => void): {
  sweep(at: number): void;
  expiresAt(key: string): number | undefined;
  set(key: string, expiresAt: number): void;
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
        if (expiresAtByKey.get(key) === expiresAt) {
          expiresAtByKey.delete(key);
          onDrop?.(key);
        }
      }
    },
    expiresAt: (key) => expiresAtByKey.get(key),
    set(key, expiresAt) {
      expiresAtByKey.set(key, expiresAt);
      push({ expiresAt, key });
    },
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
export function createAttemptCounts(now: () => number): (nonce: string, ttlMs: number) => number {
  const counts = new Map<string, number>();
  const expiries = createExpiringKeys((key) => counts.delete(key));
  return (nonce, ttlMs) => {
    const at = now();
    expiries.sweep(at);
    const current = expiries.expiresAt(nonce);
    const count = current === undefined ? 1 : (counts.get(nonce) ?? 0) + 1;
    counts.set(nonce, count);
    if (current === undefined || current < at + ttlMs) expiries.set(nonce, at + ttlMs);
    return count;
  };
}

/**
 * A `NonceStore` in this process's memory: `consume` resolves `true` exactly once per nonce for
 * `ttlMs`, and `countAttempt` counts the signature checks on a nonce. It is a `RevocationStore`
 * too: `revoke(id, ttlMs)` keeps `id` revoked for at least `ttlMs`, apart from the nonces. Memory stays bounded: expired entries are dropped on every
 * call, and no timer keeps the process alive. It protects one process only: with several
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
  const usedNonces = createExpiringKeys();
  const revokedIds = createExpiringKeys();
  const countAttempt = createAttemptCounts(now);

  // Every method is synchronous inside, so concurrent calls in this process cannot interleave.
  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput("createMemoryNonceStore()", nonce, ttlMs);
      const at = now();
      usedNonces.sweep(at);
      if (usedNonces.expiresAt(nonce) !== undefined) return false;
      usedNonces.set(nonce, at + ttlMs);
      return true;
    },
    async countAttempt(nonce: string, ttlMs: number): Promise<number> {
      checkCountAttemptInput("createMemoryNonceStore()", nonce, ttlMs);
      return countAttempt(nonce, ttlMs);
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput("createMemoryNonceStore()", id, ttlMs);
      const at = now();
      revokedIds.sweep(at);
      const current = revokedIds.expiresAt(id);
      // Revoking again may extend the time, never shorten it.
      if (current === undefined || current < at + ttlMs) revokedIds.set(id, at + ttlMs);
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput("createMemoryNonceStore()", id);
      revokedIds.sweep(now());
      return revokedIds.expiresAt(id) !== undefined;
    },
  };
}
