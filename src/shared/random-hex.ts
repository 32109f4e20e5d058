// Random bytes from the platform's CSPRNG (`globalThis.crypto`, Node 20+ and browsers). Nonces,
// session ids, cookie IVs, generated development secrets and test ids all come from here.
import { SignInError } from "../errors.js";
import { bytesToHex } from "./hex.js";

/**
 * Bytes are drawn from the CSPRNG a pool at a time: each `getRandomValues` call costs several
 * microseconds whatever its size (a sign-in needs three small draws), and one call of 4 KiB costs
 * about the same as one of 16 bytes. Every byte is handed out once and zeroed as it goes, as
 * Node's own `randomUUID` does with its entropy cache.
 */
const POOL_BYTES = 4096;
let pool: Uint8Array | undefined;
let poolOffset = POOL_BYTES;

function cryptoSource(): { getRandomValues: <T extends Uint8Array>(array: T) => T } {
  const crypto = (globalThis as { crypto?: { getRandomValues?: <T extends Uint8Array>(array: T) => T } }).crypto;
  if (crypto?.getRandomValues === undefined) {
    throw new SignInError(
      "crypto_unavailable",
      "sign-in-with-xrpl: globalThis.crypto.getRandomValues is not available; run on Node 20 or later, or in a browser.",
    );
  }
  return crypto as { getRandomValues: <T extends Uint8Array>(array: T) => T };
}

/** `byteCount` random bytes (at most 4096); `SignInError` (`crypto_unavailable`) without a CSPRNG. */
export function randomBytes(byteCount: number): Uint8Array<ArrayBuffer> {
  // Checked on every call, so a platform without a CSPRNG is told so at once, pool or not.
  const source = cryptoSource();
  const out = new Uint8Array(byteCount);
  if (byteCount > POOL_BYTES) return source.getRandomValues(out);
  if (pool === undefined || poolOffset + byteCount > POOL_BYTES) {
    pool = source.getRandomValues(pool ?? new Uint8Array(POOL_BYTES));
    poolOffset = 0;
  }
  out.set(pool.subarray(poolOffset, poolOffset + byteCount));
  pool.fill(0, poolOffset, poolOffset + byteCount);
  poolOffset += byteCount;
  return out;
}

/** `byteCount` random bytes as `2 * byteCount` lowercase hex characters; `SignInError` (`crypto_unavailable`) without a CSPRNG. */
export function randomHex(byteCount: number): string {
  return bytesToHex(randomBytes(byteCount)).toLowerCase();
}
