import { sha256OneBlock } from "../message/sha256.js";

/** XRPL's base58 alphabet (not Bitcoin's). */
const ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";

/**
 * The classic address of a 20-byte account id: base58check of version byte 0, the id and the
 * first 4 bytes of SHA-256(SHA-256(...)). Written out here (instead of ripple-address-codec's
 * encodeAccountID, which gives the same text). The checksum hashes 21 and then 32 bytes, one
 * block each: the message core's one-block SHA-256 does that without a native call or an
 * allocation, several times faster than `createHash` for inputs this small.
 */
export function encodeClassicAddress(accountId: Uint8Array): string {
  const payload = new Uint8Array(25);
  payload.set(accountId, 1);
  const digest = new Uint8Array(32);
  sha256OneBlock(payload, 21, digest);
  sha256OneBlock(digest, 32, digest);
  payload.set(digest.subarray(0, 4), 21);
  // Repeated division by 58 over base-58 digits kept little-endian.
  const digits: number[] = [];
  for (const byte of payload) {
    let carry = byte;
    for (let index = 0; index < digits.length; index += 1) {
      carry += digits[index]! << 8;
      digits[index] = carry % 58;
      carry = Math.floor(carry / 58);
    }
    while (carry > 0) {
      digits.push(carry % 58);
      carry = Math.floor(carry / 58);
    }
  }
  let text = "";
  for (const byte of payload) {
    if (byte !== 0) break;
    text += ALPHABET[0];
  }
  for (let index = digits.length - 1; index >= 0; index -= 1) text += ALPHABET[digits[index]!];
  return text;
}
