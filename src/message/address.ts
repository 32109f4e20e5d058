// The `address` rule: a classic XRPL address (`r...`) whose base58check checksum holds. Written
// out here rather than calling ripple-address-codec's isValidClassicAddress (same answers, proven
// by a differential test) because that package and its hashing code weighed ~38 kB in every
// browser page that creates a message; this is ~2 kB and faster.
import { sha256OneBlock } from "./sha256.js";

// The XRPL base58 alphabet; "0", "O", "I" and "l" are not in it.
const XRPL_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const DIGIT_OF_CHAR_CODE: Int8Array = (() => {
  const table = new Int8Array(128).fill(-1);
  for (let index = 0; index < XRPL_ALPHABET.length; index++) table[XRPL_ALPHABET.charCodeAt(index)] = index;
  return table;
})();

// Version byte 0x00, 20-byte account id, 4-byte checksum.
const DECODED_BYTES = 25;
const CHECKED_BYTES = 21;
// 25 bytes take 25 to 34 characters (one "r" per leading zero byte). The bound only saves work:
// the decoder's own overflow and length checks decide.
const MIN_LENGTH = 25;
const MAX_LENGTH = 35;
// The value is folded into 16-bit limbs, least significant first, two digits (x 58^2) at a time:
// a limb times 3364 plus a carry stays below 2^31, so int32 arithmetic is exact. 13 limbs hold
// 208 bits; 25 bytes are 200, so the top limb must end below 256.
const LIMB_COUNT = 13;
const limbs = new Int32Array(LIMB_COUNT);
const decoded = new Uint8Array(DECODED_BYTES);
const digest = new Uint8Array(32);

/**
 * True when `text` is a classic address with a valid checksum: exactly the answer of
 * ripple-address-codec's `isValidClassicAddress` (base58 with the XRPL alphabet, each leading "r"
 * one zero byte, 25 bytes decoded, version byte 0, checksum = first 4 bytes of
 * SHA-256(SHA-256(version + account id))).
 *
 * @example
 * ```ts
 * isClassicAddress("r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt"); // true
 * isClassicAddress("r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzu"); // false (checksum)
 * ```
 */
export function isClassicAddress(text: string): boolean {
  const length = text.length;
  // A first character other than "r" means a nonzero first byte: never version 0.
  if (length < MIN_LENGTH || length > MAX_LENGTH || text.charCodeAt(0) !== 0x72) return false;
  limbs.fill(0);
  let used = 0;
  // Digits go in pairs; with an odd count the lone first one is the leading "r", digit 0.
  for (let index = length & 1; index < length; index += 2) {
    const high = digitAt(text, index);
    const low = digitAt(text, index + 1);
    if (high < 0 || low < 0) return false;
    let carry = high * 58 + low;
    for (let limb = 0; limb < used; limb++) {
      carry += limbs[limb]! * 3364;
      limbs[limb] = carry & 0xffff;
      carry >>>= 16;
    }
    if (carry !== 0) {
      if (used === LIMB_COUNT) return false;
      limbs[used++] = carry;
    }
  }
  if (used === LIMB_COUNT && limbs[LIMB_COUNT - 1]! > 0xff) return false;
  for (let limb = 0; limb < LIMB_COUNT - 1; limb++) {
    const value = limbs[limb]!;
    decoded[DECODED_BYTES - 1 - 2 * limb] = value;
    decoded[DECODED_BYTES - 2 - 2 * limb] = value >>> 8;
  }
  decoded[0] = limbs[LIMB_COUNT - 1]!;
  // The codec decodes each leading "r" (all but the last character) to a zero byte and the rest
  // to the value's minimal big-endian bytes (one byte for zero); the total must be 25, i.e. the
  // value's first nonzero byte sits right after the leading zeros.
  let leadingZeroDigits = 0;
  while (leadingZeroDigits < length - 1 && text.charCodeAt(leadingZeroDigits) === 0x72) leadingZeroDigits++;
  let firstNonZeroByte = 0;
  while (firstNonZeroByte < DECODED_BYTES - 1 && decoded[firstNonZeroByte] === 0) firstNonZeroByte++;
  if (firstNonZeroByte !== leadingZeroDigits) return false;
  sha256OneBlock(decoded, CHECKED_BYTES, digest);
  sha256OneBlock(digest, 32, digest);
  return digest[0] === decoded[21] && digest[1] === decoded[22] && digest[2] === decoded[23] && digest[3] === decoded[24];
}

function digitAt(text: string, index: number): number {
  const code = text.charCodeAt(index);
  return code < 128 ? DIGIT_OF_CHAR_CODE[code]! : -1;
}
