import { InvalidOptionsError } from "../errors.js";

/**
 * Rejects what no nonce store should accept: a nonce that is not a non-empty string, a TTL that
 * is not a positive finite number of milliseconds. Shared by every `NonceStore` of this library.
 *
 * @internal
 */
export function checkNonceInput(store: string, nonce: unknown, ttlMs: unknown): void {
  if (typeof nonce !== "string" || nonce === "") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${store}.consume needs the nonce as a non-empty string.`);
  }
  if (typeof ttlMs !== "number" || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${store}.consume needs ttlMs as a positive number of milliseconds (at least the max message age plus clock skew).`,
    );
  }
}
