import type { SessionRecord, SessionStore } from "./types.js";

/**
 * Failed verify attempts allowed on one pending nonce. At this count the nonce is cleared and the
 * client must ask for a new one, so a pending nonce cannot serve as an endless target for guessed
 * signatures.
 *
 * @example
 * ```ts
 * import { MAX_FAILED_VERIFY_ATTEMPTS } from "sign-in-with-xrpl";
 * console.log(`a nonce survives ${MAX_FAILED_VERIFY_ATTEMPTS - 1} failed sign-ins`);
 * ```
 */
export const MAX_FAILED_VERIFY_ATTEMPTS = 5;

/**
 * Counts one failed attempt on the record's pending nonce, clearing the nonce (and its count)
 * when the limit is reached. The caller answers with the failure's own text either way.
 *
 * @internal
 */
export async function countFailedAttempt(session: SessionStore, record: SessionRecord): Promise<void> {
  const attempts = (record.failedAttempts ?? 0) + 1;
  if (attempts >= MAX_FAILED_VERIFY_ATTEMPTS) {
    const { pendingNonce: _nonce, nonceIssuedAt: _issued, failedAttempts: _count, ...rest } = record;
    await session.set(rest);
    return;
  }
  await session.set({ ...record, failedAttempts: attempts });
}
