import { InvalidOptionsError } from "../errors.js";
import { checkNonceInput } from "./nonce-input.js";
import type { NonceStore } from "./types.js";

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

/**
 * A `NonceStore` in this process's memory: `consume` resolves `true` exactly once per nonce for
 * `ttlMs`. Memory stays bounded: expired entries are dropped on every call (a min-heap keyed by
 * expiry, since each call has its own TTL), and no timer keeps the process alive. It protects one
 * process only: with several processes or servers, use `createRedisNonceStore` from
 * `sign-in-with-xrpl/redis`.
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
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): NonceStore {
  const now = options.now ?? Date.now;
  if (typeof now !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createMemoryNonceStore: `now` must be a function returning milliseconds.");
  }
  const expiresAtByNonce = new Map<string, number>();
  const heap: { expiresAt: number; nonce: string }[] = [];

  const push = (entry: { expiresAt: number; nonce: string }): void => {
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

  const sweep = (at: number): void => {
    while (heap.length > 0 && heap[0]!.expiresAt <= at) {
      const { nonce, expiresAt } = heap[0]!;
      pop();
      // A nonce re-stored after it expired has a newer heap entry: drop the map entry only for its own expiry.
      if (expiresAtByNonce.get(nonce) === expiresAt) expiresAtByNonce.delete(nonce);
    }
  };

  return {
    // Synchronous inside, so concurrent calls in this process cannot interleave: one wins.
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput("createMemoryNonceStore()", nonce, ttlMs);
      const at = now();
      sweep(at);
      if (expiresAtByNonce.has(nonce)) return false;
      const expiresAt = at + ttlMs;
      expiresAtByNonce.set(nonce, expiresAt);
      push({ expiresAt, nonce });
      return true;
    },
  };
}
