const HEX_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < 10; index += 1) HEX_VALUES[48 + index] = index;
for (let index = 0; index < 6; index += 1) {
  HEX_VALUES[65 + index] = 10 + index;
  HEX_VALUES[97 + index] = 10 + index;
}

/**
 * Strict hex decoding: a string of an even number of hex digits (either case), nothing else.
 * Answers `undefined` for anything that is not, so callers turn bad input into `false`.
 */
export function hexToBytes(value: unknown): Uint8Array | undefined {
  if (typeof value !== "string" || value.length % 2 !== 0) return undefined;
  const bytes = new Uint8Array(value.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    const high = value.charCodeAt(index * 2);
    const low = value.charCodeAt(index * 2 + 1);
    const highValue = high < 128 ? (HEX_VALUES[high] ?? -1) : -1;
    const lowValue = low < 128 ? (HEX_VALUES[low] ?? -1) : -1;
    if (highValue < 0 || lowValue < 0) return undefined;
    bytes[index] = highValue * 16 + lowValue;
  }
  return bytes;
}

/** The character codes of "0123456789ABCDEF". */
const HEX_CODES: readonly number[] = Array.from("0123456789ABCDEF", (digit) => digit.charCodeAt(0));
/** Bytes turned into text per `String.fromCharCode` call, well below any engine's argument limit. */
const HEX_CHUNK_BYTES = 4096;

/**
 * Uppercase hex, the form XRPL tools print. Built from character codes in one call, so the
 * result is one flat string: `+=` per byte left a chain of small strings behind it (about 1.7
 * KiB for a 33-byte key instead of 100 bytes), kept as long as the text is, e.g. as a cache key.
 */
export function bytesToHex(bytes: Uint8Array): string {
  let text = "";
  for (let start = 0; start < bytes.length; start += HEX_CHUNK_BYTES) {
    const end = Math.min(bytes.length, start + HEX_CHUNK_BYTES);
    const codes = new Array<number>((end - start) * 2);
    for (let index = start, at = 0; index < end; index += 1) {
      const byte = bytes[index]!;
      codes[at++] = HEX_CODES[byte >> 4]!;
      codes[at++] = HEX_CODES[byte & 15]!;
    }
    text += String.fromCharCode(...codes);
  }
  return text;
}

export function bytesEqual(left: Uint8Array, right: Uint8Array): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}
