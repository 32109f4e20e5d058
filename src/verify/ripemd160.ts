// RIPEMD-160 (ISO/IEC 10118-3, Dobbertin, Bosselaers and Preneel) restricted to inputs of at most
// 55 bytes: one padded block, one compression. An account id is RIPEMD-160 of a 32-byte SHA-256,
// and this, with the one-block SHA-256 of the message core, derives it in under a microsecond
// without a native call: two `createHash` objects cost about 2.5 times that in Node 20 (OpenSSL 3
// fetches the algorithm per object) and leave native objects for the garbage collector.
// Scratch arrays are module-level so a call allocates nothing (calls are synchronous).

// Which message word each of the 80 steps reads, and by how much it rotates, on the left line and
// on the right (parallel) line.
// prettier-ignore
const WORD_LEFT = Uint8Array.from([
  0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
  7, 4, 13, 1, 10, 6, 15, 3, 12, 0, 9, 5, 2, 14, 11, 8,
  3, 10, 14, 4, 9, 15, 8, 1, 2, 7, 0, 6, 13, 11, 5, 12,
  1, 9, 11, 10, 0, 8, 12, 4, 13, 3, 7, 15, 14, 5, 6, 2,
  4, 0, 5, 9, 7, 12, 2, 10, 14, 1, 3, 8, 11, 6, 15, 13,
]);
// prettier-ignore
const WORD_RIGHT = Uint8Array.from([
  5, 14, 7, 0, 9, 2, 11, 4, 13, 6, 15, 8, 1, 10, 3, 12,
  6, 11, 3, 7, 0, 13, 5, 10, 14, 15, 8, 12, 4, 9, 1, 2,
  15, 5, 1, 3, 7, 14, 6, 9, 11, 8, 12, 2, 10, 0, 4, 13,
  8, 6, 4, 1, 3, 11, 15, 0, 5, 12, 2, 13, 9, 7, 10, 14,
  12, 15, 10, 4, 1, 5, 8, 7, 6, 2, 13, 14, 0, 3, 9, 11,
]);
// prettier-ignore
const ROTATE_LEFT = Uint8Array.from([
  11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8,
  7, 6, 8, 13, 11, 9, 7, 15, 7, 12, 15, 9, 11, 7, 13, 12,
  11, 13, 6, 7, 14, 9, 13, 15, 14, 8, 13, 6, 5, 12, 7, 5,
  11, 12, 14, 15, 14, 15, 9, 8, 9, 14, 5, 6, 8, 6, 5, 12,
  9, 15, 5, 11, 6, 8, 13, 12, 5, 12, 13, 14, 11, 8, 5, 6,
]);
// prettier-ignore
const ROTATE_RIGHT = Uint8Array.from([
  8, 9, 9, 11, 13, 15, 15, 5, 7, 7, 8, 11, 14, 14, 12, 6,
  9, 13, 15, 7, 12, 8, 9, 11, 7, 7, 12, 7, 6, 15, 13, 11,
  9, 7, 15, 11, 8, 6, 6, 14, 12, 13, 5, 14, 13, 13, 7, 5,
  15, 5, 8, 11, 14, 14, 6, 14, 6, 9, 12, 9, 12, 5, 15, 8,
  8, 5, 12, 9, 12, 5, 14, 6, 8, 13, 6, 5, 15, 13, 11, 11,
]);
const INITIAL_STATE = Int32Array.from([0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0]);
const BLOCK = new Int32Array(16);

/** Longest input `ripemd160OneBlock` takes: 64-byte block minus the 0x80 marker and the 8-byte length. */
export const RIPEMD160_ONE_BLOCK_MAX_BYTES = 55;

/**
 * Writes RIPEMD-160 of the first `length` bytes of `input` (at most 55) into `output[0..20)`.
 * `input` and `output` may be the same array.
 *
 * @example
 * ```ts
 * const digest = new Uint8Array(20);
 * ripemd160OneBlock(new TextEncoder().encode("abc"), 3, digest); // 8eb208f7 e05d987a ...
 * ```
 */
export function ripemd160OneBlock(input: Uint8Array, length: number, output: Uint8Array): void {
  const x = BLOCK;
  x.fill(0);
  // Words are little-endian, and so is the bit length at the end of the block.
  for (let index = 0; index < length; index++) x[index >> 2]! |= input[index]! << (8 * (index & 3));
  x[length >> 2]! |= 0x80 << (8 * (length & 3));
  x[14] = length * 8;
  const h0 = INITIAL_STATE[0]!;
  const h1 = INITIAL_STATE[1]!;
  const h2 = INITIAL_STATE[2]!;
  const h3 = INITIAL_STATE[3]!;
  const h4 = INITIAL_STATE[4]!;
  let al = h0;
  let bl = h1;
  let cl = h2;
  let dl = h3;
  let el = h4;
  let ar = h0;
  let br = h1;
  let cr = h2;
  let dr = h3;
  let er = h4;
  // One loop per round so each boolean function is inline: the left line uses the five in order,
  // the right line in reverse.
  for (let step = 0; step < 16; step++) {
    let t = (al + (bl ^ cl ^ dl) + x[WORD_LEFT[step]!]!) | 0;
    let s = ROTATE_LEFT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + el) | 0;
    al = el;
    el = dl;
    dl = (cl << 10) | (cl >>> 22);
    cl = bl;
    bl = t;
    t = (ar + (br ^ (cr | ~dr)) + x[WORD_RIGHT[step]!]! + 0x50a28be6) | 0;
    s = ROTATE_RIGHT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + er) | 0;
    ar = er;
    er = dr;
    dr = (cr << 10) | (cr >>> 22);
    cr = br;
    br = t;
  }
  for (let step = 16; step < 32; step++) {
    let t = (al + ((bl & cl) | (~bl & dl)) + x[WORD_LEFT[step]!]! + 0x5a827999) | 0;
    let s = ROTATE_LEFT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + el) | 0;
    al = el;
    el = dl;
    dl = (cl << 10) | (cl >>> 22);
    cl = bl;
    bl = t;
    t = (ar + ((br & dr) | (cr & ~dr)) + x[WORD_RIGHT[step]!]! + 0x5c4dd124) | 0;
    s = ROTATE_RIGHT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + er) | 0;
    ar = er;
    er = dr;
    dr = (cr << 10) | (cr >>> 22);
    cr = br;
    br = t;
  }
  for (let step = 32; step < 48; step++) {
    let t = (al + ((bl | ~cl) ^ dl) + x[WORD_LEFT[step]!]! + 0x6ed9eba1) | 0;
    let s = ROTATE_LEFT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + el) | 0;
    al = el;
    el = dl;
    dl = (cl << 10) | (cl >>> 22);
    cl = bl;
    bl = t;
    t = (ar + ((br | ~cr) ^ dr) + x[WORD_RIGHT[step]!]! + 0x6d703ef3) | 0;
    s = ROTATE_RIGHT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + er) | 0;
    ar = er;
    er = dr;
    dr = (cr << 10) | (cr >>> 22);
    cr = br;
    br = t;
  }
  for (let step = 48; step < 64; step++) {
    let t = (al + ((bl & dl) | (cl & ~dl)) + x[WORD_LEFT[step]!]! + 0x8f1bbcdc) | 0;
    let s = ROTATE_LEFT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + el) | 0;
    al = el;
    el = dl;
    dl = (cl << 10) | (cl >>> 22);
    cl = bl;
    bl = t;
    t = (ar + ((br & cr) | (~br & dr)) + x[WORD_RIGHT[step]!]! + 0x7a6d76e9) | 0;
    s = ROTATE_RIGHT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + er) | 0;
    ar = er;
    er = dr;
    dr = (cr << 10) | (cr >>> 22);
    cr = br;
    br = t;
  }
  for (let step = 64; step < 80; step++) {
    let t = (al + (bl ^ (cl | ~dl)) + x[WORD_LEFT[step]!]! + 0xa953fd4e) | 0;
    let s = ROTATE_LEFT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + el) | 0;
    al = el;
    el = dl;
    dl = (cl << 10) | (cl >>> 22);
    cl = bl;
    bl = t;
    t = (ar + (br ^ cr ^ dr) + x[WORD_RIGHT[step]!]!) | 0;
    s = ROTATE_RIGHT[step]!;
    t = (((t << s) | (t >>> (32 - s))) + er) | 0;
    ar = er;
    er = dr;
    dr = (cr << 10) | (cr >>> 22);
    cr = br;
    br = t;
  }
  const t = (h1 + cl + dr) | 0;
  writeWord(output, 4, h2 + dl + er);
  writeWord(output, 8, h3 + el + ar);
  writeWord(output, 12, h4 + al + br);
  writeWord(output, 16, h0 + bl + cr);
  writeWord(output, 0, t);
}

// Uint8Array stores keep the low 8 bits, so the sum needs no `| 0` first.
function writeWord(output: Uint8Array, offset: number, word: number): void {
  output[offset] = word;
  output[offset + 1] = word >>> 8;
  output[offset + 2] = word >>> 16;
  output[offset + 3] = word >>> 24;
}
