import { InvalidOptionsError } from "../errors.js";

/**
 * Rejects a key no store should accept: anything but a non-empty string. `call` names the
 * method (`"createMemoryNonceStore().consume"`), `what` the argument (`"the nonce"`).
 *
 * @internal
 */
export function checkStoreKey(call: string, what: string, key: unknown): void {
  if (typeof key !== "string" || key === "") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${call} needs ${what} as a non-empty string.`);
  }
}

/**
 * Rejects a TTL that is not a positive finite number of milliseconds. `hint` says how long it
 * should be.
 *
 * @internal
 */
export function checkTtlMs(call: string, ttlMs: unknown, hint: string): void {
  if (typeof ttlMs !== "number" || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${call} needs ttlMs as a positive number of milliseconds (${hint}).`);
  }
}

/**
 * Rejects what no nonce store should accept: a nonce that is not a non-empty string, a TTL that
 * is not a positive finite number of milliseconds. Shared by every `NonceStore` of this library.
 *
 * @internal
 */
export function checkNonceInput(store: string, nonce: unknown, ttlMs: unknown): void {
  checkStoreKey(`${store}.consume`, "the nonce", nonce);
  checkTtlMs(`${store}.consume`, ttlMs, "at least the max message age plus clock skew");
}

/**
 * The same rules for `RevocationStore.revoke(id, ttlMs)`. Shared by every `RevocationStore` of
 * this library.
 *
 * @internal
 */
export function checkRevokeInput(store: string, id: unknown, ttlMs: unknown): void {
  checkStoreKey(`${store}.revoke`, "the id", id);
  checkTtlMs(`${store}.revoke`, ttlMs, "how long the id must stay revoked, such as what is left of the session's lifetime");
}

/**
 * The rule for `RevocationStore.isRevoked(id)`.
 *
 * @internal
 */
export function checkIsRevokedInput(store: string, id: unknown): void {
  checkStoreKey(`${store}.isRevoked`, "the id", id);
}

/**
 * The same rules for `NonceStore.countAttempt(nonce, ttlMs)`. Shared by every `NonceStore` of
 * this library.
 *
 * @internal
 */
export function checkCountAttemptInput(store: string, nonce: unknown, ttlMs: unknown): void {
  checkStoreKey(`${store}.countAttempt`, "the nonce", nonce);
  checkTtlMs(`${store}.countAttempt`, ttlMs, "how long the count must be kept, at least as long as the pending nonce can be used");
}
