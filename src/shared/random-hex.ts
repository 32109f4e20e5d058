// Random bytes as lowercase hex, from the platform's CSPRNG (`globalThis.crypto`, Node 20+ and
// browsers). Nonces, generated development secrets and test ids all come from here.
import { SignInError } from "../errors.js";
import { bytesToHex } from "./hex.js";

/** `byteCount` random bytes as `2 * byteCount` lowercase hex characters; `SignInError` (`crypto_unavailable`) without a CSPRNG. */
export function randomHex(byteCount: number): string {
  const crypto = (globalThis as { crypto?: { getRandomValues?: <T extends Uint8Array>(array: T) => T } }).crypto;
  if (crypto?.getRandomValues === undefined) {
    throw new SignInError(
      "crypto_unavailable",
      "sign-in-with-xrpl: globalThis.crypto.getRandomValues is not available; run on Node 20 or later, or in a browser.",
    );
  }
  const bytes = crypto.getRandomValues(new Uint8Array(byteCount));
  return bytesToHex(bytes).toLowerCase();
}
