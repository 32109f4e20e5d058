// The `nonce` rule (at least 8 ASCII letters or digits) and the nonce generator.
import { isAlphanumeric } from "./char-codes.js";
import { randomHex } from "../shared/random-hex.js";

/** Fewest characters a message nonce may have. */
export const MIN_NONCE_LENGTH = 8;
const NONCE_BYTES = 16;

/** True when `text` has at least 8 characters, all ASCII letters or digits. */
export function isNonce(text: string): boolean {
  if (text.length < MIN_NONCE_LENGTH) return false;
  for (let index = 0; index < text.length; index++) {
    if (!isAlphanumeric(text.charCodeAt(index))) return false;
  }
  return true;
}

/**
 * A fresh nonce: 16 random bytes from `globalThis.crypto.getRandomValues` (Node 20+, browsers;
 * drawn 4 KiB at a time and each byte used once), as 32 lowercase hex characters. Give one to each sign-in attempt and accept it once.
 * Throws a `SignInError` (code `crypto_unavailable`) where that API does not exist.
 *
 * @example
 * ```ts
 * import { generateNonce } from "sign-in-with-xrpl";
 * const nonce = generateNonce(); // "9f86d081884c7d659a2feaa0c55ad015"
 * session.pendingNonce = nonce;
 * ```
 */
export function generateNonce(): string {
  return randomHex(NONCE_BYTES);
}
