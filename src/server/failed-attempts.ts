import type { Logger } from "../shared/logger.js";
import { createAttemptCounts } from "./memory-nonce-store.js";
import type { NonceStore } from "./types.js";
import { syncTwinOf } from "../verify/sync-twin.js";

/**
 * The default of `maxFailedSignatureAttempts`: signature checks allowed on one pending nonce.
 * Past it the nonce is spent and the client must ask for a new one, so a pending nonce cannot
 * serve as an endless target for guessed signatures (nor for the CPU they cost).
 *
 * @example
 * ```ts
 * import { MAX_FAILED_VERIFY_ATTEMPTS } from "sign-in-with-xrpl";
 * console.log(`a nonce survives ${MAX_FAILED_VERIFY_ATTEMPTS - 1} refused signatures`);
 * ```
 */
export const MAX_FAILED_VERIFY_ATTEMPTS = 5;

/**
 * Counts one signature check on a pending nonce and answers the count so far, this one
 * included: at once when the store can (the memory store), else a promise. Throws or rejects
 * when the nonce store cannot answer.
 *
 * @internal
 */
export type AttemptCounter = (nonce: string) => number | Promise<number>;

/**
 * The counter of one set of handlers: the nonce store's `countAttempt`, shared by every process
 * that shares the store; for a store without it, a counter in this process's memory (atomic
 * here, per process across several), said once through the logger. `undefined` when the limit is
 * off.
 *
 * @internal
 */
export function createAttemptCounter(
  config: { nonceStore: NonceStore; maxFailedSignatureAttempts: number; attemptCountTtlMs: number; now: () => number; logger: Logger },
  caller: string,
): AttemptCounter | undefined {
  const { nonceStore, maxFailedSignatureAttempts, attemptCountTtlMs: ttlMs } = config;
  if (maxFailedSignatureAttempts === Number.POSITIVE_INFINITY) return undefined;
  if (typeof nonceStore.countAttempt === "function") {
    return (nonce) => {
      // Looked up on each call: a method replaced on the store since has no twin and is called as it is.
      const now = syncTwinOf(nonceStore, "countAttempt");
      return now !== undefined ? now(nonce, ttlMs) : nonceStore.countAttempt!(nonce, ttlMs);
    };
  }
  config.logger.warn(
    `sign-in-with-xrpl: ${caller}: the nonceStore has no countAttempt(nonce, ttlMs) method, so failed signature attempts are counted in each process's memory: with several processes, a nonce gets up to ${maxFailedSignatureAttempts} checks in each. Add countAttempt to your store (see NonceStore) or use createRedisNonceStore / createPostgresNonceStore.`,
  );
  const countInMemory = createAttemptCounts(config.now);
  return (nonce) => countInMemory(nonce, ttlMs);
}
