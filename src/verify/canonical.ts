/**
 * The canonical-form rules for keys and signatures (canonical encodings, low-S ECDSA), checked by the library itself so that the OpenSSL and
 * the noble paths judge exactly the same inputs (OpenSSL alone accepts high-S ECDSA signatures).
 */

/** secp256k1 group order n. */
export const SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
const SECP256K1_HALF_ORDER = SECP256K1_ORDER >> 1n;
/** ed25519 group order L. */
const ED25519_ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

export type KeyAlgorithm = "ed25519" | "secp256k1";

/** The algorithm of a 33-byte XRPL public key (`ED` + 32, or compressed `02`/`03` + 32), else undefined. */
export function publicKeyAlgorithm(publicKey: Uint8Array): KeyAlgorithm | undefined {
  if (publicKey.length !== 33) return undefined;
  const prefix = publicKey[0];
  if (prefix === 0xed) return "ed25519";
  if (prefix === 0x02 || prefix === 0x03) return "secp256k1";
  return undefined;
}

function bigIntFromBytes(bytes: Uint8Array, start: number, end: number): bigint {
  let value = 0n;
  for (let index = start; index < end; index += 1) value = (value << 8n) | BigInt(bytes[index]!);
  return value;
}

// Big-endian bytes of n and of floor(n / 2), for comparisons without BigInt on the hot path.
const ORDER_BYTES = bigIntToBytes(SECP256K1_ORDER);
const HALF_ORDER_BYTES = bigIntToBytes(SECP256K1_HALF_ORDER);

function bigIntToBytes(value: bigint): Uint8Array {
  const bytes = new Uint8Array(32);
  let rest = value;
  for (let index = 31; index >= 0; index -= 1) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}

/** Compares a minimal big-endian DER integer body with a 32-byte bound: <0, 0 or >0. */
function compareIntegerWith(bytes: Uint8Array, start: number, length: number, bound: Uint8Array): number {
  let offset = start;
  let size = length;
  while (size > 0 && bytes[offset] === 0) {
    offset += 1;
    size -= 1;
  }
  if (size !== 32) return size - 32;
  for (let index = 0; index < 32; index += 1) {
    const difference = bytes[offset + index]! - bound[index]!;
    if (difference !== 0) return difference;
  }
  return 0;
}

function isZeroInteger(bytes: Uint8Array, start: number, length: number): boolean {
  for (let index = start; index < start + length; index += 1) if (bytes[index] !== 0) return false;
  return true;
}

/**
 * Strict DER (`30 len 02 rlen r 02 slen s`, minimal lengths, no padding beyond a sign byte,
 * positive integers, nothing trailing) with 1 <= r < n and 1 <= s <= n/2 (low S).
 */
export function isCanonicalDerSignature(signature: Uint8Array): boolean {
  const length = signature.length;
  if (length < 8 || length > 72) return false;
  if (signature[0] !== 0x30 || signature[1] !== length - 2) return false;
  if (signature[2] !== 0x02) return false;
  const rLength = signature[3]!;
  if (rLength < 1 || rLength > 33 || 4 + rLength + 2 > length) return false;
  const sOffset = 4 + rLength;
  if (signature[sOffset] !== 0x02) return false;
  const sLength = signature[sOffset + 1]!;
  if (sLength < 1 || sLength > 33 || sOffset + 2 + sLength !== length) return false;
  if (!isMinimalPositiveInteger(signature, 4, rLength) || !isMinimalPositiveInteger(signature, sOffset + 2, sLength)) {
    return false;
  }
  if (isZeroInteger(signature, 4, rLength) || compareIntegerWith(signature, 4, rLength, ORDER_BYTES) >= 0) return false;
  if (isZeroInteger(signature, sOffset + 2, sLength)) return false;
  return compareIntegerWith(signature, sOffset + 2, sLength, HALF_ORDER_BYTES) <= 0;
}

/** {@link isCanonicalDerSignature}, answering the integers (undefined when not canonical). */
export function parseCanonicalDerSignature(signature: Uint8Array): { r: bigint; s: bigint } | undefined {
  if (!isCanonicalDerSignature(signature)) return undefined;
  const rLength = signature[3]!;
  return {
    r: bigIntFromBytes(signature, 4, 4 + rLength),
    s: bigIntFromBytes(signature, 4 + rLength + 2, signature.length),
  };
}

function isMinimalPositiveInteger(bytes: Uint8Array, start: number, length: number): boolean {
  const first = bytes[start]!;
  if ((first & 0x80) !== 0) return false;
  // A leading zero is allowed only to keep the next byte's high bit from reading as a sign.
  if (length > 1 && first === 0 && (bytes[start + 1]! & 0x80) === 0) return false;
  return true;
}

/** 64 bytes with S (little-endian, second half) below the group order L. */
export function isCanonicalEd25519Signature(signature: Uint8Array): boolean {
  if (signature.length !== 64) return false;
  const top = signature[63]!;
  if (top < 0x10) return true;
  if (top > 0x10) return false;
  let s = 0n;
  for (let index = 63; index >= 32; index -= 1) s = (s << 8n) | BigInt(signature[index]!);
  return s < ED25519_ORDER;
}

/** Whether a signature has the canonical shape for the key's algorithm. */
export function isCanonicalSignature(algorithm: KeyAlgorithm, signature: Uint8Array): boolean {
  return algorithm === "ed25519" ? isCanonicalEd25519Signature(signature) : isCanonicalDerSignature(signature);
}

const SECP256K1_FIELD = 2n ** 256n - 2n ** 32n - 977n;
const ED25519_FIELD = 2n ** 255n - 19n;

// Every encoding of a point of order 1, 2, 4 or 8 whose y is below p, with either sign bit.
// OpenSSL and noble differ on such keys (and on "negative zero" x), so the library refuses them.
const ED25519_SMALL_ORDER_KEYS = new Set([
  "0100000000000000000000000000000000000000000000000000000000000000",
  "0100000000000000000000000000000000000000000000000000000000000080",
  "ECFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7F",
  "ECFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "C7176A703D4DD84FBA3C0B760D10670F2A2053FA2C39CCC64EC7FD7792AC037A",
  "C7176A703D4DD84FBA3C0B760D10670F2A2053FA2C39CCC64EC7FD7792AC03FA",
  "26E8958FC2B227B045C3F489F2EF98F0D5DFAC05D3C63339B13802886D53FC05",
  "26E8958FC2B227B045C3F489F2EF98F0D5DFAC05D3C63339B13802886D53FC85",
]);

/**
 * A 33-byte key in one of the accepted forms whose coordinate is a reduced field element;
 * for ed25519 also not a small-order point. Whether a secp256k1 x lies on the curve is left to the
 * backend (both refuse it). Answers the algorithm, or undefined.
 */
export function canonicalPublicKeyAlgorithm(publicKey: Uint8Array): KeyAlgorithm | undefined {
  const algorithm = publicKeyAlgorithm(publicKey);
  if (algorithm === undefined) return undefined;
  if (algorithm === "secp256k1") {
    // x >= p needs its 27 leading bytes to be FF; skip the bigint otherwise.
    for (let index = 1; index <= 27; index += 1) if (publicKey[index] !== 0xff) return algorithm;
    return bigIntFromBytes(publicKey, 1, 33) < SECP256K1_FIELD ? algorithm : undefined;
  }
  if ((publicKey[32]! & 0x7f) === 0x7f) {
    let y = BigInt(publicKey[32]! & 0x7f);
    for (let index = 31; index >= 1; index -= 1) y = (y << 8n) | BigInt(publicKey[index]!);
    if (y >= ED25519_FIELD) return undefined;
  }
  const first = publicKey[1]!;
  if (first !== 0x00 && first !== 0x01 && first !== 0xec && first !== 0xc7 && first !== 0x26) return algorithm;
  let hex = "";
  for (let index = 1; index < 33; index += 1) hex += publicKey[index]!.toString(16).padStart(2, "0");
  return ED25519_SMALL_ORDER_KEYS.has(hex.toUpperCase()) ? undefined : algorithm;
}
