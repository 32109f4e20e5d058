var __create = Object.create;
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __getProtoOf = Object.getPrototypeOf;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});
var __esm = (fn, res, err) => function __init() {
  if (err) throw err[0];
  try {
    return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
  } catch (e) {
    throw err = [e], e;
  }
};
var __commonJS = (cb, mod2) => function __require2() {
  try {
    return mod2 || (0, cb[__getOwnPropNames(cb)[0]])((mod2 = { exports: {} }).exports, mod2), mod2.exports;
  } catch (e) {
    throw mod2 = 0, e;
  }
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toESM = (mod2, isNodeMode, target) => (target = mod2 != null ? __create(__getProtoOf(mod2)) : {}, __copyProps(
  // If the importer is in node compatibility mode or this is not an ESM
  // file that has been converted to a CommonJS file using a Babel-
  // compatible transform (i.e. "__esModule" has not been set), then set
  // "default" to the CommonJS "module.exports" for node compatibility.
  isNodeMode || !mod2 || !mod2.__esModule ? __defProp(target, "default", { value: mod2, enumerable: true }) : target,
  mod2
));

// ../../../work/wt/perf/src/errors.ts
var SignInError, MessageFormatError, LedgerUnavailableError, InvalidOptionsError, StoreUnavailableError;
var init_errors = __esm({
  "../../../work/wt/perf/src/errors.ts"() {
    "use strict";
    SignInError = class extends Error {
      /** Stable, machine-readable error code, such as `"message_format"` or `"invalid_options"`. */
      code;
      constructor(code, message, options) {
        super(message, options);
        this.name = new.target.name;
        this.code = code;
      }
    };
    MessageFormatError = class extends SignInError {
      /** Every problem found, in order of appearance. Never empty. */
      issues;
      constructor(issues, message) {
        const first = issues[0];
        super(
          "message_format",
          message ?? (first === void 0 ? "Invalid sign-in message." : `Invalid sign-in message: ${first.message}${first.line > 0 ? ` (line ${first.line})` : ""}` + (issues.length > 1 ? ` and ${issues.length - 1} more issue(s).` : ""))
        );
        this.issues = issues;
      }
    };
    LedgerUnavailableError = class extends SignInError {
      constructor(message, options) {
        super("ledger_unavailable", message, options);
      }
    };
    InvalidOptionsError = class extends SignInError {
      constructor(message, options) {
        super("invalid_options", message.startsWith("sign-in-with-xrpl:") ? message : `sign-in-with-xrpl: ${message}`, options);
      }
    };
    StoreUnavailableError = class extends SignInError {
      constructor(message, options) {
        super("store_unavailable", message, options);
      }
    };
  }
});

// ../../../work/wt/perf/src/shared/hex.ts
function hexToBytes(value) {
  if (typeof value !== "string" || value.length % 2 !== 0) return void 0;
  const bytes = new Uint8Array(value.length / 2);
  for (let index = 0; index < bytes.length; index += 1) {
    const high = value.charCodeAt(index * 2);
    const low = value.charCodeAt(index * 2 + 1);
    const highValue = high < 128 ? HEX_VALUES[high] ?? -1 : -1;
    const lowValue = low < 128 ? HEX_VALUES[low] ?? -1 : -1;
    if (highValue < 0 || lowValue < 0) return void 0;
    bytes[index] = highValue * 16 + lowValue;
  }
  return bytes;
}
function bytesToHex(bytes) {
  let text = "";
  for (const byte of bytes) text += HEX_DIGITS[byte >> 4] + HEX_DIGITS[byte & 15];
  return text;
}
function bytesEqual(left, right) {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) if (left[index] !== right[index]) return false;
  return true;
}
var HEX_VALUES, HEX_DIGITS;
var init_hex = __esm({
  "../../../work/wt/perf/src/shared/hex.ts"() {
    "use strict";
    HEX_VALUES = new Int8Array(128).fill(-1);
    for (let index = 0; index < 10; index += 1) HEX_VALUES[48 + index] = index;
    for (let index = 0; index < 6; index += 1) {
      HEX_VALUES[65 + index] = 10 + index;
      HEX_VALUES[97 + index] = 10 + index;
    }
    HEX_DIGITS = "0123456789ABCDEF";
  }
});

// ../../../work/wt/perf/src/message/sha256.ts
function sha256OneBlock(input, length, output) {
  const w = SCHEDULE;
  w.fill(0, 0, 16);
  for (let index = 0; index < length; index++) w[index >> 2] |= input[index] << 24 - 8 * (index & 3);
  w[length >> 2] |= 128 << 24 - 8 * (length & 3);
  w[15] = length * 8;
  for (let index = 16; index < 64; index++) {
    const w15 = w[index - 15];
    const w2 = w[index - 2];
    const sigma0 = (w15 >>> 7 | w15 << 25) ^ (w15 >>> 18 | w15 << 14) ^ w15 >>> 3;
    const sigma1 = (w2 >>> 17 | w2 << 15) ^ (w2 >>> 19 | w2 << 13) ^ w2 >>> 10;
    w[index] = w[index - 16] + sigma0 + w[index - 7] + sigma1 | 0;
  }
  let a = INITIAL_STATE[0];
  let b = INITIAL_STATE[1];
  let c = INITIAL_STATE[2];
  let d = INITIAL_STATE[3];
  let e = INITIAL_STATE[4];
  let f = INITIAL_STATE[5];
  let g = INITIAL_STATE[6];
  let h = INITIAL_STATE[7];
  for (let index = 0; index < 64; index++) {
    const sum1 = (e >>> 6 | e << 26) ^ (e >>> 11 | e << 21) ^ (e >>> 25 | e << 7);
    const t1 = h + sum1 + (e & f ^ ~e & g) + ROUND_CONSTANTS[index] + w[index] | 0;
    const sum0 = (a >>> 2 | a << 30) ^ (a >>> 13 | a << 19) ^ (a >>> 22 | a << 10);
    const t2 = sum0 + (a & b ^ a & c ^ b & c) | 0;
    h = g;
    g = f;
    f = e;
    e = d + t1 | 0;
    d = c;
    c = b;
    b = a;
    a = t1 + t2 | 0;
  }
  writeWord(output, 0, a + INITIAL_STATE[0]);
  writeWord(output, 4, b + INITIAL_STATE[1]);
  writeWord(output, 8, c + INITIAL_STATE[2]);
  writeWord(output, 12, d + INITIAL_STATE[3]);
  writeWord(output, 16, e + INITIAL_STATE[4]);
  writeWord(output, 20, f + INITIAL_STATE[5]);
  writeWord(output, 24, g + INITIAL_STATE[6]);
  writeWord(output, 28, h + INITIAL_STATE[7]);
}
function writeWord(output, offset, word) {
  output[offset] = word >>> 24;
  output[offset + 1] = word >>> 16;
  output[offset + 2] = word >>> 8;
  output[offset + 3] = word;
}
var ROUND_CONSTANTS, INITIAL_STATE, SCHEDULE;
var init_sha256 = __esm({
  "../../../work/wt/perf/src/message/sha256.ts"() {
    "use strict";
    ROUND_CONSTANTS = new Int32Array([
      1116352408,
      1899447441,
      3049323471,
      3921009573,
      961987163,
      1508970993,
      2453635748,
      2870763221,
      3624381080,
      310598401,
      607225278,
      1426881987,
      1925078388,
      2162078206,
      2614888103,
      3248222580,
      3835390401,
      4022224774,
      264347078,
      604807628,
      770255983,
      1249150122,
      1555081692,
      1996064986,
      2554220882,
      2821834349,
      2952996808,
      3210313671,
      3336571891,
      3584528711,
      113926993,
      338241895,
      666307205,
      773529912,
      1294757372,
      1396182291,
      1695183700,
      1986661051,
      2177026350,
      2456956037,
      2730485921,
      2820302411,
      3259730800,
      3345764771,
      3516065817,
      3600352804,
      4094571909,
      275423344,
      430227734,
      506948616,
      659060556,
      883997877,
      958139571,
      1322822218,
      1537002063,
      1747873779,
      1955562222,
      2024104815,
      2227730452,
      2361852424,
      2428436474,
      2756734187,
      3204031479,
      3329325298
    ]);
    INITIAL_STATE = new Int32Array([
      1779033703,
      3144134277,
      1013904242,
      2773480762,
      1359893119,
      2600822924,
      528734635,
      1541459225
    ]);
    SCHEDULE = new Int32Array(64);
  }
});

// ../../../work/wt/perf/src/message/address.ts
function isClassicAddress(text) {
  const length = text.length;
  if (length < MIN_LENGTH || length > MAX_LENGTH || text.charCodeAt(0) !== 114) return false;
  limbs.fill(0);
  let used2 = 0;
  for (let index = length & 1; index < length; index += 2) {
    const high = digitAt(text, index);
    const low = digitAt(text, index + 1);
    if (high < 0 || low < 0) return false;
    let carry = high * 58 + low;
    for (let limb = 0; limb < used2; limb++) {
      carry += limbs[limb] * 3364;
      limbs[limb] = carry & 65535;
      carry >>>= 16;
    }
    if (carry !== 0) {
      if (used2 === LIMB_COUNT) return false;
      limbs[used2++] = carry;
    }
  }
  if (used2 === LIMB_COUNT && limbs[LIMB_COUNT - 1] > 255) return false;
  for (let limb = 0; limb < LIMB_COUNT - 1; limb++) {
    const value = limbs[limb];
    decoded[DECODED_BYTES - 1 - 2 * limb] = value;
    decoded[DECODED_BYTES - 2 - 2 * limb] = value >>> 8;
  }
  decoded[0] = limbs[LIMB_COUNT - 1];
  let leadingZeroDigits = 0;
  while (leadingZeroDigits < length - 1 && text.charCodeAt(leadingZeroDigits) === 114) leadingZeroDigits++;
  let firstNonZeroByte = 0;
  while (firstNonZeroByte < DECODED_BYTES - 1 && decoded[firstNonZeroByte] === 0) firstNonZeroByte++;
  if (firstNonZeroByte !== leadingZeroDigits) return false;
  sha256OneBlock(decoded, CHECKED_BYTES, digest);
  sha256OneBlock(digest, 32, digest);
  return digest[0] === decoded[21] && digest[1] === decoded[22] && digest[2] === decoded[23] && digest[3] === decoded[24];
}
function digitAt(text, index) {
  const code = text.charCodeAt(index);
  return code < 128 ? DIGIT_OF_CHAR_CODE[code] : -1;
}
var XRPL_ALPHABET, DIGIT_OF_CHAR_CODE, DECODED_BYTES, CHECKED_BYTES, MIN_LENGTH, MAX_LENGTH, LIMB_COUNT, limbs, decoded, digest;
var init_address = __esm({
  "../../../work/wt/perf/src/message/address.ts"() {
    "use strict";
    init_sha256();
    XRPL_ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
    DIGIT_OF_CHAR_CODE = (() => {
      const table = new Int8Array(128).fill(-1);
      for (let index = 0; index < XRPL_ALPHABET.length; index++) table[XRPL_ALPHABET.charCodeAt(index)] = index;
      return table;
    })();
    DECODED_BYTES = 25;
    CHECKED_BYTES = 21;
    MIN_LENGTH = 25;
    MAX_LENGTH = 35;
    LIMB_COUNT = 13;
    limbs = new Int32Array(LIMB_COUNT);
    decoded = new Uint8Array(DECODED_BYTES);
    digest = new Uint8Array(32);
  }
});

// ../../../work/wt/perf/src/shared/classic-address-shape.ts
var CLASSIC_ADDRESS_SHAPE;
var init_classic_address_shape = __esm({
  "../../../work/wt/perf/src/shared/classic-address-shape.ts"() {
    "use strict";
    CLASSIC_ADDRESS_SHAPE = /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/u;
  }
});

// ../../../work/wt/perf/src/verify/request-input.ts
function isRecord(value) {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
function isOptionsObject(value) {
  return isRecord(value);
}
function messageBytes(message) {
  if (typeof message !== "string" || message.length === 0 || message.length > MAX_MESSAGE_LENGTH) return void 0;
  if (!isWellFormed(message)) return void 0;
  return encoder2.encode(message);
}
function isWellFormed(text) {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 55296 || code > 57343) continue;
    if (code > 56319) return false;
    const next = text.charCodeAt(index + 1);
    if (!(next >= 56320 && next <= 57343)) return false;
    index += 1;
  }
  return true;
}
function classicAddressShape(value) {
  return typeof value === "string" && CLASSIC_ADDRESS_SHAPE.test(value) ? value : void 0;
}
function classicAddress(value) {
  return typeof value === "string" && isClassicAddress(value) ? value : void 0;
}
var MAX_MESSAGE_LENGTH, encoder2;
var init_request_input = __esm({
  "../../../work/wt/perf/src/verify/request-input.ts"() {
    "use strict";
    init_address();
    init_classic_address_shape();
    MAX_MESSAGE_LENGTH = 65536;
    encoder2 = new TextEncoder();
  }
});

// ../../../work/wt/perf/src/verify/lru-cache.ts
var LruCache;
var init_lru_cache = __esm({
  "../../../work/wt/perf/src/verify/lru-cache.ts"() {
    "use strict";
    LruCache = class {
      #entries = /* @__PURE__ */ new Map();
      #maxEntries;
      constructor(maxEntries) {
        this.#maxEntries = maxEntries;
      }
      get(key) {
        const value = this.#entries.get(key);
        if (value === void 0) return void 0;
        this.#entries.delete(key);
        this.#entries.set(key, value);
        return value;
      }
      /** The value without marking it as recently used. */
      peek(key) {
        return this.#entries.get(key);
      }
      delete(key) {
        this.#entries.delete(key);
      }
      set(key, value) {
        this.#entries.delete(key);
        this.#entries.set(key, value);
        if (this.#entries.size > this.#maxEntries) {
          const oldest = this.#entries.keys().next();
          if (oldest.done !== true) this.#entries.delete(oldest.value);
        }
      }
      get size() {
        return this.#entries.size;
      }
      clear() {
        this.#entries.clear();
      }
    };
  }
});

// ../../../work/wt/perf/src/verify/signature-backend.ts
function allParts(name) {
  return Object.freeze({ ed25519: name, secp256k1: name, hashes: name });
}
function composeBackend(chosen) {
  const { ed25519: ed255192, secp256k1: secp256k12, hashes } = chosen;
  if (ed255192 === secp256k12 && secp256k12 === hashes) return ed255192;
  return {
    parts: Object.freeze({ ed25519: ed255192.parts.ed25519, secp256k1: secp256k12.parts.secp256k1, hashes: hashes.parts.hashes }),
    verify: (algorithm, data, signature, publicKey) => (algorithm === "ed25519" ? ed255192 : secp256k12).verify(algorithm, data, signature, publicKey),
    sha512Half: (data) => hashes.sha512Half(data),
    accountId: (publicKey) => hashes.accountId(publicKey),
    sha256: (data) => hashes.sha256(data)
  };
}
var init_signature_backend = __esm({
  "../../../work/wt/perf/src/verify/signature-backend.ts"() {
    "use strict";
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/_u64.js
function fromBig(n, le = false) {
  if (le)
    return { h: Number(n & U32_MASK64), l: Number(n >> _32n & U32_MASK64) };
  return { h: Number(n >> _32n & U32_MASK64) | 0, l: Number(n & U32_MASK64) | 0 };
}
function split(lst, le = false) {
  const len = lst.length;
  let Ah = new Uint32Array(len);
  let Al = new Uint32Array(len);
  for (let i = 0; i < len; i++) {
    const { h, l } = fromBig(lst[i], le);
    [Ah[i], Al[i]] = [h, l];
  }
  return [Ah, Al];
}
function setU64FromNum(view, byteOffset, n, isLE) {
  const h = fromNumH(n);
  const l = fromNumL(n);
  view.setUint32(byteOffset, isLE ? l : h, isLE);
  view.setUint32(byteOffset + 4, isLE ? h : l, isLE);
}
function add(Ah, Al, Bh, Bl) {
  const l = (Al >>> 0) + (Bl >>> 0);
  return { h: Ah + Bh + (l / 2 ** 32 | 0) | 0, l: l | 0 };
}
var U32_MASK64, _32n, fromNumH, fromNumL, shrSH, shrSL, rotrSH, rotrSL, rotrBH, rotrBL, add3L, add3H, add4L, add4H, add5L, add5H;
var init_u64 = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/_u64.js"() {
    U32_MASK64 = /* @__PURE__ */ (() => BigInt(2 ** 32 - 1))();
    _32n = /* @__PURE__ */ BigInt(32);
    fromNumH = (n) => n / 2 ** 32 | 0;
    fromNumL = (n) => n >>> 0;
    shrSH = (h, _l, s) => h >>> s;
    shrSL = (h, l, s) => h << 32 - s | l >>> s;
    rotrSH = (h, l, s) => h >>> s | l << 32 - s;
    rotrSL = (h, l, s) => h << 32 - s | l >>> s;
    rotrBH = (h, l, s) => h << 64 - s | l >>> s - 32;
    rotrBL = (h, l, s) => h >>> s - 32 | l << 64 - s;
    add3L = (Al, Bl, Cl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0);
    add3H = (low, Ah, Bh, Ch) => Ah + Bh + Ch + (low / 2 ** 32 | 0) | 0;
    add4L = (Al, Bl, Cl, Dl) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0);
    add4H = (low, Ah, Bh, Ch, Dh) => Ah + Bh + Ch + Dh + (low / 2 ** 32 | 0) | 0;
    add5L = (Al, Bl, Cl, Dl, El) => (Al >>> 0) + (Bl >>> 0) + (Cl >>> 0) + (Dl >>> 0) + (El >>> 0);
    add5H = (low, Ah, Bh, Ch, Dh, Eh) => Ah + Bh + Ch + Dh + Eh + (low / 2 ** 32 | 0) | 0;
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/utils.js
function isBytes(a) {
  return a instanceof Uint8Array || ArrayBuffer.isView(a) && a.constructor.name === "Uint8Array" && "BYTES_PER_ELEMENT" in a && a.BYTES_PER_ELEMENT === 1;
}
function anumber(n, title = "") {
  if (typeof n !== "number")
    throw new TypeError(atitle(title) + "expected number, got " + typeof n);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new RangeError(atitle(title) + "expected integer >= 0, got " + n);
  return n;
}
function abytes(value, length, title = "") {
  if (isBytes(value) && (length === void 0 || value.length === length))
    return value;
  if (length !== void 0)
    anumber(length, "length");
  const bytes = isBytes(value);
  const ofLen = length !== void 0 ? ` of length ${length}` : "";
  const got = bytes ? `length=${value.length}` : `type=${typeof value}`;
  const message = atitle(title) + "expected Uint8Array" + ofLen + ", got " + got;
  if (!bytes)
    throw new TypeError(message);
  throw new RangeError(message);
}
function ahash(h) {
  if (typeof h !== "function" || typeof h.create !== "function")
    throw new TypeError("expected hash wrapped by utils.createHasher");
  anumber(h.outputLen);
  anumber(h.blockLen);
  if (h.outputLen < 1 || h.blockLen < 1)
    throw new Error("hash blockLen / outputLen must be >= 1");
}
function aexists(instance, checkFinished = true) {
  if (instance.destroyed)
    throw new Error("hash was destroyed");
  if (checkFinished && instance.finished)
    throw new Error("digest() was already called");
}
function aoutput(out, instance) {
  abytes(out, void 0, "output");
  const min = instance.outputLen;
  if (!(out.length >= min)) {
    throw new RangeError('"output" expected length >= ' + min);
  }
}
function clean(...arrays) {
  for (let i = 0; i < arrays.length; i++) {
    arrays[i].fill(0);
  }
}
function createView(arr) {
  return new DataView(arr.buffer, arr.byteOffset, arr.byteLength);
}
function rotr(word, shift) {
  return word << 32 - shift | word >>> shift;
}
function rotl(word, shift) {
  return word << shift | word >>> 32 - shift >>> 0;
}
function bytesToHex2(bytes) {
  abytes(bytes);
  if (hasHexBuiltin)
    return bytes.toHex();
  let hex = "";
  for (let i = 0; i < bytes.length; i++) {
    hex += hexes[bytes[i]];
  }
  return hex;
}
function asciiToBase16(ch) {
  return ch >= 48 && ch <= 57 ? ch - 48 : ch >= 65 && ch <= 70 ? ch - (65 - 10) : ch >= 97 && ch <= 102 ? ch - (97 - 10) : void 0;
}
function hexToBytes2(hex) {
  if (typeof hex !== "string")
    throw new TypeError("hex string expected, got " + typeof hex);
  if (hasHexBuiltin) {
    try {
      return Uint8Array.fromHex(hex);
    } catch (error) {
      if (error instanceof SyntaxError)
        throw new RangeError(error.message);
      throw error;
    }
  }
  const hl = hex.length;
  const al = hl / 2;
  if (hl % 2)
    throw new RangeError("hex string expected, got unpadded hex of length " + hl);
  const array = new Uint8Array(al);
  for (let ai = 0, hi = 0; ai < al; ai++, hi += 2) {
    const n1 = asciiToBase16(hex.charCodeAt(hi));
    const n2 = asciiToBase16(hex.charCodeAt(hi + 1));
    if (n1 === void 0 || n2 === void 0) {
      const char = hex[hi] + hex[hi + 1];
      throw new RangeError('hex string expected, got non-hex character "' + char + '" at index ' + hi);
    }
    array[ai] = n1 * 16 + n2;
  }
  return array;
}
function concatBytes(...arrays) {
  let sum = 0;
  for (let i = 0; i < arrays.length; i++) {
    const a = arrays[i];
    abytes(a);
    sum += a.length;
  }
  const res = new Uint8Array(sum);
  for (let i = 0, pad = 0; i < arrays.length; i++) {
    const a = arrays[i];
    res.set(a, pad);
    pad += a.length;
  }
  return res;
}
function checkOpts(defaults, opts, title = "opts") {
  aopts(defaults, "defaults");
  if (opts !== void 0)
    aopts(opts, title);
  const merged = Object.assign(/* @__PURE__ */ Object.create(null), defaults, opts);
  return merged;
}
function createHasher(hashCons, info = {}) {
  if (typeof hashCons !== "function")
    throw new TypeError('"hashCons" expected function, got type=' + typeof hashCons);
  info = checkOpts({}, info, "info");
  const hashC = (msg, opts) => hashCons(opts).update(msg).digest();
  const tmp = hashCons(void 0);
  hashC.outputLen = tmp.outputLen;
  hashC.blockLen = tmp.blockLen;
  hashC.canXOF = tmp.canXOF;
  hashC.create = (opts) => hashCons(opts);
  Object.assign(hashC, info);
  return Object.freeze(hashC);
}
function randomBytes2(bytesLength = 32) {
  anumber(bytesLength, "bytesLength");
  const cr = typeof globalThis === "object" ? globalThis.crypto : null;
  if (typeof cr?.getRandomValues !== "function")
    throw new Error("crypto.getRandomValues must be defined");
  if (bytesLength > 65536)
    throw new RangeError(`"bytesLength" expected <= 65536, got ${bytesLength}`);
  return cr.getRandomValues(new Uint8Array(bytesLength));
}
var atitle, aobject, aopts, hasHexBuiltin, hexes, oidNist;
var init_utils = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/utils.js"() {
    atitle = (title) => title ? `"${title}" ` : "";
    aobject = (value, label) => {
      if (value === null || typeof value !== "object" || Array.isArray(value))
        throw new TypeError((label === "object" ? "" : `"${label}" `) + "expected object, got type=" + typeof value);
    };
    aopts = (value, label) => {
      aobject(value, label);
      const proto = Object.getPrototypeOf(value);
      if (proto !== Object.prototype && proto !== null)
        throw new TypeError(`"${label}" expected plain object`);
      if (Object.hasOwn(value, "__proto__"))
        throw new TypeError(`"${label}.__proto__" is not allowed`);
    };
    hasHexBuiltin = /* @__PURE__ */ (() => (
      // @ts-ignore
      typeof Uint8Array.from([]).toHex === "function" && typeof Uint8Array.fromHex === "function"
    ))();
    hexes = /* @__PURE__ */ Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, "0"));
    oidNist = (suffix) => ({
      // Current NIST hashAlgs suffixes used here fit in one DER subidentifier octet.
      // Larger suffix values would need base-128 OID encoding and a different length byte.
      oid: Uint8Array.from([6, 9, 96, 134, 72, 1, 101, 3, 4, 2, suffix])
    });
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/_md.js
function Chi(a, b, c) {
  return a & b ^ ~a & c;
}
function Maj(a, b, c) {
  return a & b ^ a & c ^ b & c;
}
var HashMD, SHA256_IV, SHA512_IV;
var init_md = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/_md.js"() {
    init_u64();
    init_utils();
    HashMD = class {
      blockLen;
      outputLen;
      canXOF = false;
      padOffset;
      isLE;
      // For partial updates less than block size
      buffer;
      view;
      finished = false;
      length = 0;
      pos = 0;
      destroyed = false;
      constructor(blockLen, outputLen, padOffset, isLE) {
        this.blockLen = blockLen;
        this.outputLen = outputLen;
        this.padOffset = padOffset;
        this.isLE = isLE;
        this.buffer = new Uint8Array(blockLen);
        this.view = createView(this.buffer);
      }
      update(data) {
        aexists(this);
        abytes(data);
        const { view, buffer, blockLen } = this;
        const len = data.length;
        let processed = false;
        for (let pos = 0; pos < len; ) {
          const take = Math.min(blockLen - this.pos, len - pos);
          if (take === blockLen) {
            const dataView = createView(data);
            for (; blockLen <= len - pos; pos += blockLen)
              this.process(dataView, pos);
            processed = true;
            continue;
          }
          buffer.set(pos === 0 && take === len ? data : data.subarray(pos, pos + take), this.pos);
          this.pos += take;
          pos += take;
          if (this.pos === blockLen) {
            this.process(view, 0);
            this.pos = 0;
            processed = true;
          }
        }
        this.length += data.length;
        if (processed)
          this.roundClean();
        return this;
      }
      digestInto(out) {
        aexists(this);
        aoutput(out, this);
        this.finished = true;
        const { buffer, view, blockLen, isLE } = this;
        let { pos } = this;
        buffer[pos++] = 128;
        buffer.fill(0, pos);
        if (this.padOffset > blockLen - pos) {
          this.process(view, 0);
          buffer.fill(0);
        }
        setU64FromNum(view, blockLen - 8, this.length * 8, isLE);
        this.process(view, 0);
        this.roundClean();
        const oview = out === buffer ? view : createView(out);
        const len = this.outputLen;
        const outLen = len / 4;
        const state = this.get();
        if (len % 4 || outLen > state.length)
          throw new Error("invalid outputLen");
        for (let i = 0; i < outLen; i++)
          oview.setUint32(4 * i, state[i], isLE);
      }
      digest() {
        const { buffer, outputLen } = this;
        this.digestInto(buffer);
        const res = buffer.slice(0, outputLen);
        this.destroy();
        return res;
      }
      _cloneIntoMeta(to) {
        const { buffer, length, finished, destroyed, pos } = this;
        to.destroyed = destroyed;
        to.finished = finished;
        to.length = length;
        to.pos = pos;
        if (pos)
          to.buffer.set(buffer);
        return to;
      }
      clone() {
        return this._cloneInto();
      }
    };
    SHA256_IV = /* @__PURE__ */ Uint32Array.from([
      1779033703,
      3144134277,
      1013904242,
      2773480762,
      1359893119,
      2600822924,
      528734635,
      1541459225
    ]);
    SHA512_IV = /* @__PURE__ */ Uint32Array.from([
      1779033703,
      4089235720,
      3144134277,
      2227873595,
      1013904242,
      4271175723,
      2773480762,
      1595750129,
      1359893119,
      2917565137,
      2600822924,
      725511199,
      528734635,
      4215389547,
      1541459225,
      327033209
    ]);
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/sha2.js
var SHA256_K, SHA256_W, SHA2_32B, _SHA256, K512, SHA512_Kh, SHA512_Kl, SHA512_W_H, SHA512_W_L, SHA2_64B, _SHA512, sha256, sha512;
var init_sha2 = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/sha2.js"() {
    init_md();
    init_u64();
    init_utils();
    SHA256_K = /* @__PURE__ */ Uint32Array.from([
      1116352408,
      1899447441,
      3049323471,
      3921009573,
      961987163,
      1508970993,
      2453635748,
      2870763221,
      3624381080,
      310598401,
      607225278,
      1426881987,
      1925078388,
      2162078206,
      2614888103,
      3248222580,
      3835390401,
      4022224774,
      264347078,
      604807628,
      770255983,
      1249150122,
      1555081692,
      1996064986,
      2554220882,
      2821834349,
      2952996808,
      3210313671,
      3336571891,
      3584528711,
      113926993,
      338241895,
      666307205,
      773529912,
      1294757372,
      1396182291,
      1695183700,
      1986661051,
      2177026350,
      2456956037,
      2730485921,
      2820302411,
      3259730800,
      3345764771,
      3516065817,
      3600352804,
      4094571909,
      275423344,
      430227734,
      506948616,
      659060556,
      883997877,
      958139571,
      1322822218,
      1537002063,
      1747873779,
      1955562222,
      2024104815,
      2227730452,
      2361852424,
      2428436474,
      2756734187,
      3204031479,
      3329325298
    ]);
    SHA256_W = /* @__PURE__ */ new Uint32Array(64);
    SHA2_32B = class extends HashMD {
      // We cannot use array here since array allows indexing by variable
      // which means optimizer/compiler cannot use registers.
      // Numeric initializers matter: starting the fields as `undefined` changes
      // V8's field representation and makes sha256 3x slower (measured).
      A = 0;
      B = 0;
      C = 0;
      D = 0;
      E = 0;
      F = 0;
      G = 0;
      H = 0;
      constructor(outputLen, IV) {
        super(64, outputLen, 8, false);
        this.A = IV[0] | 0;
        this.B = IV[1] | 0;
        this.C = IV[2] | 0;
        this.D = IV[3] | 0;
        this.E = IV[4] | 0;
        this.F = IV[5] | 0;
        this.G = IV[6] | 0;
        this.H = IV[7] | 0;
      }
      get() {
        const { A, B, C, D, E, F, G, H } = this;
        return [A, B, C, D, E, F, G, H];
      }
      // prettier-ignore
      set(A, B, C, D, E, F, G, H) {
        this.A = A | 0;
        this.B = B | 0;
        this.C = C | 0;
        this.D = D | 0;
        this.E = E | 0;
        this.F = F | 0;
        this.G = G | 0;
        this.H = H | 0;
      }
      _cloneInto(to) {
        (to ||= new this.constructor()).set(...this.get());
        return this._cloneIntoMeta(to);
      }
      process(view, offset) {
        for (let i = 0; i < 16; i++, offset += 4)
          SHA256_W[i] = view.getUint32(offset, false);
        for (let i = 16; i < 64; i++) {
          const W15 = SHA256_W[i - 15];
          const W2 = SHA256_W[i - 2];
          const s0 = rotr(W15, 7) ^ rotr(W15, 18) ^ W15 >>> 3;
          const s1 = rotr(W2, 17) ^ rotr(W2, 19) ^ W2 >>> 10;
          SHA256_W[i] = s1 + SHA256_W[i - 7] + s0 + SHA256_W[i - 16] | 0;
        }
        let { A, B, C, D, E, F, G, H } = this;
        for (let i = 0; i < 64; i++) {
          const sigma1 = rotr(E, 6) ^ rotr(E, 11) ^ rotr(E, 25);
          const T1 = H + sigma1 + Chi(E, F, G) + SHA256_K[i] + SHA256_W[i] | 0;
          const sigma0 = rotr(A, 2) ^ rotr(A, 13) ^ rotr(A, 22);
          const T2 = sigma0 + Maj(A, B, C) | 0;
          H = G;
          G = F;
          F = E;
          E = D + T1 | 0;
          D = C;
          C = B;
          B = A;
          A = T1 + T2 | 0;
        }
        A = A + this.A | 0;
        B = B + this.B | 0;
        C = C + this.C | 0;
        D = D + this.D | 0;
        E = E + this.E | 0;
        F = F + this.F | 0;
        G = G + this.G | 0;
        H = H + this.H | 0;
        this.set(A, B, C, D, E, F, G, H);
      }
      roundClean() {
        clean(SHA256_W);
      }
      destroy() {
        this.destroyed = true;
        this.set(0, 0, 0, 0, 0, 0, 0, 0);
        clean(this.buffer);
      }
    };
    _SHA256 = class extends SHA2_32B {
      constructor() {
        super(32, SHA256_IV);
      }
    };
    K512 = /* @__PURE__ */ (() => split([
      "0x428a2f98d728ae22",
      "0x7137449123ef65cd",
      "0xb5c0fbcfec4d3b2f",
      "0xe9b5dba58189dbbc",
      "0x3956c25bf348b538",
      "0x59f111f1b605d019",
      "0x923f82a4af194f9b",
      "0xab1c5ed5da6d8118",
      "0xd807aa98a3030242",
      "0x12835b0145706fbe",
      "0x243185be4ee4b28c",
      "0x550c7dc3d5ffb4e2",
      "0x72be5d74f27b896f",
      "0x80deb1fe3b1696b1",
      "0x9bdc06a725c71235",
      "0xc19bf174cf692694",
      "0xe49b69c19ef14ad2",
      "0xefbe4786384f25e3",
      "0x0fc19dc68b8cd5b5",
      "0x240ca1cc77ac9c65",
      "0x2de92c6f592b0275",
      "0x4a7484aa6ea6e483",
      "0x5cb0a9dcbd41fbd4",
      "0x76f988da831153b5",
      "0x983e5152ee66dfab",
      "0xa831c66d2db43210",
      "0xb00327c898fb213f",
      "0xbf597fc7beef0ee4",
      "0xc6e00bf33da88fc2",
      "0xd5a79147930aa725",
      "0x06ca6351e003826f",
      "0x142929670a0e6e70",
      "0x27b70a8546d22ffc",
      "0x2e1b21385c26c926",
      "0x4d2c6dfc5ac42aed",
      "0x53380d139d95b3df",
      "0x650a73548baf63de",
      "0x766a0abb3c77b2a8",
      "0x81c2c92e47edaee6",
      "0x92722c851482353b",
      "0xa2bfe8a14cf10364",
      "0xa81a664bbc423001",
      "0xc24b8b70d0f89791",
      "0xc76c51a30654be30",
      "0xd192e819d6ef5218",
      "0xd69906245565a910",
      "0xf40e35855771202a",
      "0x106aa07032bbd1b8",
      "0x19a4c116b8d2d0c8",
      "0x1e376c085141ab53",
      "0x2748774cdf8eeb99",
      "0x34b0bcb5e19b48a8",
      "0x391c0cb3c5c95a63",
      "0x4ed8aa4ae3418acb",
      "0x5b9cca4f7763e373",
      "0x682e6ff3d6b2b8a3",
      "0x748f82ee5defb2fc",
      "0x78a5636f43172f60",
      "0x84c87814a1f0ab72",
      "0x8cc702081a6439ec",
      "0x90befffa23631e28",
      "0xa4506cebde82bde9",
      "0xbef9a3f7b2c67915",
      "0xc67178f2e372532b",
      "0xca273eceea26619c",
      "0xd186b8c721c0c207",
      "0xeada7dd6cde0eb1e",
      "0xf57d4f7fee6ed178",
      "0x06f067aa72176fba",
      "0x0a637dc5a2c898a6",
      "0x113f9804bef90dae",
      "0x1b710b35131c471b",
      "0x28db77f523047d84",
      "0x32caab7b40c72493",
      "0x3c9ebe0a15c9bebc",
      "0x431d67c49c100d4c",
      "0x4cc5d4becb3e42b6",
      "0x597f299cfc657e2a",
      "0x5fcb6fab3ad6faec",
      "0x6c44198c4a475817"
    ].map((n) => BigInt(n))))();
    SHA512_Kh = /* @__PURE__ */ (() => K512[0])();
    SHA512_Kl = /* @__PURE__ */ (() => K512[1])();
    SHA512_W_H = /* @__PURE__ */ new Uint32Array(80);
    SHA512_W_L = /* @__PURE__ */ new Uint32Array(80);
    SHA2_64B = class extends HashMD {
      // We cannot use array here since array allows indexing by variable
      // which means optimizer/compiler cannot use registers.
      // h -- high 32 bits, l -- low 32 bits
      // Numeric initializers matter: starting the fields as `undefined` changes
      // V8's field representation and slows hashing down (measured on sha256).
      Ah = 0;
      Al = 0;
      Bh = 0;
      Bl = 0;
      Ch = 0;
      Cl = 0;
      Dh = 0;
      Dl = 0;
      Eh = 0;
      El = 0;
      Fh = 0;
      Fl = 0;
      Gh = 0;
      Gl = 0;
      Hh = 0;
      Hl = 0;
      constructor(outputLen, IV) {
        super(128, outputLen, 16, false);
        this.Ah = IV[0] | 0;
        this.Al = IV[1] | 0;
        this.Bh = IV[2] | 0;
        this.Bl = IV[3] | 0;
        this.Ch = IV[4] | 0;
        this.Cl = IV[5] | 0;
        this.Dh = IV[6] | 0;
        this.Dl = IV[7] | 0;
        this.Eh = IV[8] | 0;
        this.El = IV[9] | 0;
        this.Fh = IV[10] | 0;
        this.Fl = IV[11] | 0;
        this.Gh = IV[12] | 0;
        this.Gl = IV[13] | 0;
        this.Hh = IV[14] | 0;
        this.Hl = IV[15] | 0;
      }
      // prettier-ignore
      get() {
        const { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
        return [Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl];
      }
      // prettier-ignore
      set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl) {
        this.Ah = Ah | 0;
        this.Al = Al | 0;
        this.Bh = Bh | 0;
        this.Bl = Bl | 0;
        this.Ch = Ch | 0;
        this.Cl = Cl | 0;
        this.Dh = Dh | 0;
        this.Dl = Dl | 0;
        this.Eh = Eh | 0;
        this.El = El | 0;
        this.Fh = Fh | 0;
        this.Fl = Fl | 0;
        this.Gh = Gh | 0;
        this.Gl = Gl | 0;
        this.Hh = Hh | 0;
        this.Hl = Hl | 0;
      }
      _cloneInto(to) {
        (to ||= new this.constructor()).set(...this.get());
        return this._cloneIntoMeta(to);
      }
      process(view, offset) {
        for (let i = 0; i < 16; i++, offset += 4) {
          SHA512_W_H[i] = view.getUint32(offset);
          SHA512_W_L[i] = view.getUint32(offset += 4);
        }
        for (let i = 16; i < 80; i++) {
          const W15h = SHA512_W_H[i - 15] | 0;
          const W15l = SHA512_W_L[i - 15] | 0;
          const s0h = rotrSH(W15h, W15l, 1) ^ rotrSH(W15h, W15l, 8) ^ shrSH(W15h, W15l, 7);
          const s0l = rotrSL(W15h, W15l, 1) ^ rotrSL(W15h, W15l, 8) ^ shrSL(W15h, W15l, 7);
          const W2h = SHA512_W_H[i - 2] | 0;
          const W2l = SHA512_W_L[i - 2] | 0;
          const s1h = rotrSH(W2h, W2l, 19) ^ rotrBH(W2h, W2l, 61) ^ shrSH(W2h, W2l, 6);
          const s1l = rotrSL(W2h, W2l, 19) ^ rotrBL(W2h, W2l, 61) ^ shrSL(W2h, W2l, 6);
          const SUMl = add4L(s0l, s1l, SHA512_W_L[i - 7], SHA512_W_L[i - 16]);
          const SUMh = add4H(SUMl, s0h, s1h, SHA512_W_H[i - 7], SHA512_W_H[i - 16]);
          SHA512_W_H[i] = SUMh | 0;
          SHA512_W_L[i] = SUMl | 0;
        }
        let { Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl } = this;
        for (let i = 0; i < 80; i++) {
          const sigma1h = rotrSH(Eh, El, 14) ^ rotrSH(Eh, El, 18) ^ rotrBH(Eh, El, 41);
          const sigma1l = rotrSL(Eh, El, 14) ^ rotrSL(Eh, El, 18) ^ rotrBL(Eh, El, 41);
          const CHIh = Eh & Fh ^ ~Eh & Gh;
          const CHIl = El & Fl ^ ~El & Gl;
          const T1ll = add5L(Hl, sigma1l, CHIl, SHA512_Kl[i], SHA512_W_L[i]);
          const T1h = add5H(T1ll, Hh, sigma1h, CHIh, SHA512_Kh[i], SHA512_W_H[i]);
          const T1l = T1ll | 0;
          const sigma0h = rotrSH(Ah, Al, 28) ^ rotrBH(Ah, Al, 34) ^ rotrBH(Ah, Al, 39);
          const sigma0l = rotrSL(Ah, Al, 28) ^ rotrBL(Ah, Al, 34) ^ rotrBL(Ah, Al, 39);
          const MAJh = Ah & Bh ^ Ah & Ch ^ Bh & Ch;
          const MAJl = Al & Bl ^ Al & Cl ^ Bl & Cl;
          Hh = Gh | 0;
          Hl = Gl | 0;
          Gh = Fh | 0;
          Gl = Fl | 0;
          Fh = Eh | 0;
          Fl = El | 0;
          ({ h: Eh, l: El } = add(Dh | 0, Dl | 0, T1h | 0, T1l | 0));
          Dh = Ch | 0;
          Dl = Cl | 0;
          Ch = Bh | 0;
          Cl = Bl | 0;
          Bh = Ah | 0;
          Bl = Al | 0;
          const All = add3L(T1l, sigma0l, MAJl);
          Ah = add3H(All, T1h, sigma0h, MAJh);
          Al = All | 0;
        }
        ({ h: Ah, l: Al } = add(this.Ah | 0, this.Al | 0, Ah | 0, Al | 0));
        ({ h: Bh, l: Bl } = add(this.Bh | 0, this.Bl | 0, Bh | 0, Bl | 0));
        ({ h: Ch, l: Cl } = add(this.Ch | 0, this.Cl | 0, Ch | 0, Cl | 0));
        ({ h: Dh, l: Dl } = add(this.Dh | 0, this.Dl | 0, Dh | 0, Dl | 0));
        ({ h: Eh, l: El } = add(this.Eh | 0, this.El | 0, Eh | 0, El | 0));
        ({ h: Fh, l: Fl } = add(this.Fh | 0, this.Fl | 0, Fh | 0, Fl | 0));
        ({ h: Gh, l: Gl } = add(this.Gh | 0, this.Gl | 0, Gh | 0, Gl | 0));
        ({ h: Hh, l: Hl } = add(this.Hh | 0, this.Hl | 0, Hh | 0, Hl | 0));
        this.set(Ah, Al, Bh, Bl, Ch, Cl, Dh, Dl, Eh, El, Fh, Fl, Gh, Gl, Hh, Hl);
      }
      roundClean() {
        clean(SHA512_W_H, SHA512_W_L);
      }
      destroy() {
        this.destroyed = true;
        clean(this.buffer);
        this.set(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0);
      }
    };
    _SHA512 = class extends SHA2_64B {
      constructor() {
        super(64, SHA512_IV);
      }
    };
    sha256 = /* @__PURE__ */ createHasher(
      () => new _SHA256(),
      /* @__PURE__ */ oidNist(1)
    );
    sha512 = /* @__PURE__ */ createHasher(
      () => new _SHA512(),
      /* @__PURE__ */ oidNist(3)
    );
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/utils.js
function aarray(item, title, inner = () => {
}) {
  if (!Array.isArray(item))
    throw new TypeError(`"${title}" expected array, got type=${typeof item}`);
  for (let i = 0; i < item.length; i++)
    inner(item[i], `${title}[${i}]`);
  return item;
}
function astring(value, title = "") {
  if (typeof value !== "string") {
    const prefix = title && `"${title}" `;
    throw new TypeError(prefix + "expected string, got type=" + typeof value);
  }
  return value;
}
function aobject2(value, title = "object") {
  if (value === null || typeof value !== "object" || Array.isArray(value))
    throw new TypeError(title === "object" ? "expected valid options object" : `"${title}" expected object, got type=${typeof value}`);
  return value;
}
function afunction(value, title) {
  if (typeof value !== "function")
    throw new TypeError(`"${title}" is invalid: expected function, got ${typeof value}`);
  return value;
}
function abool(value, title = "") {
  if (typeof value !== "boolean")
    throw new TypeError(atitle2(title) + "expected boolean, got type=" + typeof value);
  return value;
}
function abignumber(n) {
  if (typeof n === "bigint") {
    if (!isPosBig(n))
      throw new RangeError("positive bigint expected, got " + n);
  } else
    anumber2(n);
  return n;
}
function asafenumber(value, title = "") {
  if (typeof value !== "number") {
    const prefix = title && `"${title}" `;
    throw new TypeError(prefix + "expected number, got type=" + typeof value);
  }
  if (!Number.isSafeInteger(value)) {
    const prefix = title && `"${title}" `;
    throw new RangeError(prefix + "expected safe integer, got " + value);
  }
}
function numberToHexUnpadded(num) {
  const hex = abignumber(num).toString(16);
  return hex.length & 1 ? "0" + hex : hex;
}
function hexToNumber(hex) {
  if (typeof hex !== "string")
    throw new TypeError("hex string expected, got " + typeof hex);
  return hex === "" ? _0n : BigInt("0x" + hex);
}
function bytesToNumberBE(bytes) {
  return hexToNumber(bytesToHex2(bytes));
}
function bytesToNumberLE(bytes) {
  return hexToNumber(bytesToHex2(copyBytes(abytes(bytes)).reverse()));
}
function numberToBytesBE(n, len) {
  anumber(len);
  if (len === 0)
    throw new Error("zero output length is invalid");
  n = abignumber(n);
  const expectedLen = len * 2;
  const hex = n.toString(16);
  if (hex.length > expectedLen)
    throw new RangeError("number is too large");
  return hexToBytes2(hex.padStart(expectedLen, "0"));
}
function numberToBytesLE(n, len) {
  return numberToBytesBE(n, len).reverse();
}
function copyBytes(bytes) {
  return Uint8Array.from(abytes2(bytes));
}
function isPosBig(n) {
  return typeof n === "bigint" && _0n <= n;
}
function inRange(n, min, max) {
  return isPosBig(n) && isPosBig(min) && isPosBig(max) && min <= n && n < max;
}
function aInRange(title, n, min, max) {
  if (!inRange(n, min, max))
    throw new RangeError("expected valid " + title + ": " + min + " <= n < " + max + ", got " + n);
}
function bitLen(n) {
  if (n < _0n)
    throw new Error("expected non-negative bigint, got " + n);
  return n === _0n ? 0 : n.toString(2).length;
}
function createHmacDrbg(hashLen, qByteLen, hmacFn) {
  anumber(hashLen, "hashLen");
  anumber(qByteLen, "qByteLen");
  if (typeof hmacFn !== "function")
    throw new TypeError("hmacFn must be a function");
  const u8n = (len) => new Uint8Array(len);
  const NULL = Uint8Array.of();
  const byte0 = Uint8Array.of(0);
  const byte1 = Uint8Array.of(1);
  const _maxDrbgIters = 1e3;
  let v2 = u8n(hashLen);
  let k = u8n(hashLen);
  let i = 0;
  const reset = () => {
    v2.fill(1);
    k.fill(0);
    i = 0;
  };
  const h = (...msgs) => hmacFn(k, concatBytes2(v2, ...msgs));
  const reseed = (seed = NULL) => {
    k = h(byte0, seed);
    v2 = h();
    if (seed.length === 0)
      return;
    k = h(byte1, seed);
    v2 = h();
  };
  const gen = () => {
    if (i++ >= _maxDrbgIters)
      throw new Error("drbg: tried max amount of iterations");
    let len = 0;
    const out = [];
    while (len < qByteLen) {
      v2 = h();
      const sl = v2.slice();
      out.push(sl);
      len += v2.length;
    }
    return concatBytes2(...out);
  };
  const genUntil = (seed, pred) => {
    reset();
    reseed(seed);
    let res = void 0;
    while ((res = pred(gen())) === void 0)
      reseed();
    reset();
    return res;
  };
  return genUntil;
}
function validateObject(object, fields = {}, optFields = {}, title = "object") {
  aobject2(object, title);
  aobject2(fields, "fields");
  aobject2(optFields, "optFields");
  function checkField(fieldName, expectedType, isOpt) {
    const label = title === "object" ? `param "${String(fieldName)}"` : `"${title}.${String(fieldName)}"`;
    const val = object[fieldName];
    if (!Object.hasOwn(object, fieldName) && (isOpt ? val !== void 0 : expectedType !== "function")) {
      throw new TypeError(`${label} is invalid: expected own property`);
    }
    if (isOpt && val === void 0)
      return;
    const current = typeof val;
    if (current !== expectedType || val === null)
      throw new TypeError(`${label} is invalid: expected ${expectedType}, got ${current}`);
  }
  const iter = (f, isOpt) => Object.entries(f).forEach(([k, v2]) => checkField(k, v2, isOpt));
  iter(fields, false);
  iter(optFields, true);
}
var abytes2, anumber2, bytesToHex3, concatBytes2, hexToBytes3, isBytes2, randomBytes3, _0n, _1n, atitle2, bitMask;
var init_utils2 = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/utils.js"() {
    init_utils();
    abytes2 = (value, length, title) => abytes(value, length, title);
    anumber2 = anumber;
    bytesToHex3 = bytesToHex2;
    concatBytes2 = (...arrays) => concatBytes(...arrays);
    hexToBytes3 = (hex) => hexToBytes2(hex);
    isBytes2 = isBytes;
    randomBytes3 = (bytesLength) => randomBytes2(bytesLength);
    _0n = /* @__PURE__ */ BigInt(0);
    _1n = /* @__PURE__ */ BigInt(1);
    atitle2 = (title) => title ? `"${title}" ` : "";
    bitMask = (n) => {
      asafenumber(n, "n");
      return (_1n << BigInt(n)) - _1n;
    };
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/abstract/modular.js
function mod(a, b) {
  if (b <= _0n2)
    throw new Error("mod: expected positive modulus, got " + b);
  const result = a % b;
  return result >= _0n2 ? result : b + result;
}
function pow(num, power, modulo) {
  if (modulo <= _1n2)
    throw new Error("pow: expected modulus > 1, got " + modulo);
  if (typeof power !== "bigint")
    throw new TypeError("invalid exponent: expected bigint, got " + typeof power);
  if (power < _0n2)
    throw new Error("invalid exponent, negatives unsupported");
  if (power === _0n2)
    return _1n2;
  if (power === _1n2)
    return num;
  let d = num % modulo;
  if (d < _0n2)
    d += modulo;
  if (power < POW_WINDOWED_MIN) {
    let p2 = _1n2;
    while (power > _0n2) {
      if (power & _1n2)
        p2 = p2 * d % modulo;
      d = d * d % modulo;
      power >>= _1n2;
    }
    return p2;
  }
  const digits = [];
  while (power > _0n2) {
    digits.push(Number(power & _15n));
    power >>= _4n;
  }
  const table = new Array(16);
  table[0] = _1n2;
  table[1] = d;
  for (let i = 2; i < 16; i++)
    table[i] = table[i - 1] * d % modulo;
  let p = table[digits[digits.length - 1]];
  for (let w = digits.length - 2; w >= 0; w--) {
    p = p * p % modulo;
    p = p * p % modulo;
    p = p * p % modulo;
    p = p * p % modulo;
    const digit = digits[w];
    if (digit !== 0)
      p = p * table[digit] % modulo;
  }
  return p;
}
function pow2(x, power, modulo) {
  if (modulo <= _1n2)
    throw new Error("pow2: expected modulus > 1, got " + modulo);
  if (power < _0n2)
    throw new Error("pow2: expected non-negative exponent, got " + power);
  let res = x;
  while (power-- > _0n2) {
    res *= res;
    res %= modulo;
  }
  return res;
}
function invert(number, modulo) {
  if (number === _0n2)
    throw new Error("invert: expected non-zero number");
  if (modulo <= _1n2)
    throw new Error("invert: expected modulus > 1, got " + modulo);
  let a = mod(number, modulo);
  let b = modulo;
  let x = _0n2, u = _1n2;
  while (a !== _0n2) {
    const q = b / a;
    const r = b - a * q;
    const m = x - u * q;
    b = a, a = r, x = u, u = m;
  }
  const gcd = b;
  if (gcd !== _1n2)
    throw new Error("invert: does not exist");
  return mod(x, modulo);
}
function invertCt(a, prime) {
  if (prime <= _1n2)
    throw new Error("invertCt: expected prime modulus > 1, got " + prime);
  const an = mod(a, prime);
  if (an === _0n2)
    throw new Error("invertCt: expected non-zero number");
  const inverse = pow(an, prime - _2n, prime);
  if (mod(an * inverse, prime) !== _1n2)
    throw new Error("invertCt: does not exist");
  return inverse;
}
function assertIsSquare(Fp2, root, n) {
  const F = Fp2;
  if (!F.eql(F.sqr(root), n))
    throw new Error("Cannot find square root");
}
function aoddModulus(order, fnName) {
  if ((order & _1n2) === _0n2)
    throw new Error(fnName + ": expected odd modulus, got " + order);
}
function sqrt3mod4(Fp2, n) {
  const F = Fp2;
  const p1div4 = (F.ORDER + _1n2) / _4n;
  const root = F.pow(n, p1div4);
  assertIsSquare(F, root, n);
  return root;
}
function sqrt5mod8(Fp2, n) {
  const F = Fp2;
  const p5div8 = (F.ORDER - _5n) / _8n;
  const n2 = F.mul(n, _2n);
  const v2 = F.pow(n2, p5div8);
  const nv = F.mul(n, v2);
  const i = F.mul(F.mul(nv, _2n), v2);
  const root = F.mul(nv, F.sub(i, F.ONE));
  assertIsSquare(F, root, n);
  return root;
}
function sqrt9mod16(P) {
  const Fp_ = Field(P);
  const tn = tonelliShanks(P);
  const c1 = tn(Fp_, Fp_.neg(Fp_.ONE));
  const c2 = tn(Fp_, c1);
  const c3 = tn(Fp_, Fp_.neg(c1));
  const c4 = (P + _7n) / _16n;
  return ((Fp2, n) => {
    const F = Fp2;
    let tv1 = F.pow(n, c4);
    let tv2 = F.mul(tv1, c1);
    const tv3 = F.mul(tv1, c2);
    const tv4 = F.mul(tv1, c3);
    const e1 = F.eql(F.sqr(tv2), n);
    const e2 = F.eql(F.sqr(tv3), n);
    tv1 = F.cmov(tv1, tv2, e1);
    tv2 = F.cmov(tv4, tv3, e2);
    const e3 = F.eql(F.sqr(tv2), n);
    const root = F.cmov(tv1, tv2, e3);
    assertIsSquare(F, root, n);
    return root;
  });
}
function tonelliShanks(P) {
  if (P < _3n)
    throw new Error("sqrt is not defined for small field");
  aoddModulus(P, "tonelliShanks");
  let Q = P - _1n2;
  let S = 0;
  while (Q % _2n === _0n2) {
    Q /= _2n;
    S++;
  }
  let Z = _2n;
  const _Fp = Field(P);
  while (FpLegendre(_Fp, Z) === 1) {
    if (Z++ > 1e3)
      throw new Error("Cannot find square root: probably non-prime P");
  }
  if (S === 1)
    return sqrt3mod4;
  let cc = _Fp.pow(Z, Q);
  const Q1div2 = (Q + _1n2) / _2n;
  return function tonelliSlow(Fp2, n) {
    const F = Fp2;
    if (F.is0(n))
      return n;
    if (FpLegendre(F, n) !== 1)
      throw new Error("Cannot find square root");
    let M = S;
    let c = F.mul(F.ONE, cc);
    let t = F.pow(n, Q);
    let R = F.pow(n, Q1div2);
    while (!F.eql(t, F.ONE)) {
      if (F.is0(t))
        throw new Error("Cannot find square root: probably non-prime P");
      let i = 1;
      let t_tmp = F.sqr(t);
      while (!F.eql(t_tmp, F.ONE)) {
        i++;
        t_tmp = F.sqr(t_tmp);
        if (i === M)
          throw new Error("Cannot find square root");
      }
      const exponent = _1n2 << BigInt(M - i - 1);
      const b = F.pow(c, exponent);
      M = i;
      c = F.sqr(b);
      t = F.mul(t, c);
      R = F.mul(R, b);
    }
    return R;
  };
}
function FpSqrt(P) {
  aoddModulus(P, "Fp.sqrt");
  if (P % _4n === _3n)
    return sqrt3mod4;
  if (P % _8n === _5n)
    return sqrt5mod8;
  if (P % _16n === _9n)
    return sqrt9mod16(P);
  return tonelliShanks(P);
}
function validateField(field2) {
  aobject2(field2, "field");
  if (typeof field2.ORDER !== "bigint")
    throw new TypeError('param "ORDER" is invalid: expected bigint, got ' + typeof field2.ORDER);
  asafenumber(field2.BYTES, "BYTES");
  asafenumber(field2.BITS, "BITS");
  for (const name of FIELD_FIELDS)
    afunction(field2[name], "field." + name);
  if (field2.BYTES < 1 || field2.BITS < 1)
    throw new Error("invalid field: expected BYTES/BITS > 0");
  if (field2.ORDER <= _1n2)
    throw new Error("invalid field: expected ORDER > 1, got " + field2.ORDER);
  return field2;
}
function FpInvertBatch(Fp2, nums, passZero = false) {
  validateField(Fp2);
  aarray(nums, "nums");
  abool(passZero, "passZero");
  const F = Fp2;
  const inverted = new Array(nums.length).fill(passZero ? F.ZERO : void 0);
  const multipliedAcc = nums.reduce((acc, num, i) => {
    if (F.is0(num))
      return acc;
    inverted[i] = acc;
    return F.mul(acc, num);
  }, F.ONE);
  const invertedAcc = F.inv(multipliedAcc);
  nums.reduceRight((acc, num, i) => {
    if (F.is0(num))
      return acc;
    inverted[i] = F.mul(acc, inverted[i]);
    return F.mul(acc, num);
  }, invertedAcc);
  return inverted;
}
function FpLegendre(Fp2, n) {
  validateField(Fp2);
  const F = Fp2;
  aoddModulus(F.ORDER, "FpLegendre");
  const p1mod2 = (F.ORDER - _1n2) / _2n;
  const powered = F.pow(n, p1mod2);
  const yes = F.eql(powered, F.ONE);
  const zero = F.eql(powered, F.ZERO);
  const no = F.eql(powered, F.neg(F.ONE));
  if (!yes && !zero && !no)
    throw new Error("invalid Legendre symbol result");
  return yes ? 1 : zero ? 0 : -1;
}
function nLength(n, nBitLength) {
  if (nBitLength !== void 0)
    anumber2(nBitLength);
  if (n <= _0n2)
    throw new Error("invalid n length: expected positive n, got " + n);
  if (nBitLength !== void 0 && nBitLength < 1)
    throw new Error("invalid n length: expected positive bit length, got " + nBitLength);
  const bits = bitLen(n);
  if (nBitLength !== void 0 && nBitLength < bits)
    throw new Error(`invalid n length: expected nBitLength (${nBitLength}) >= bitLen(n) (${bits})`);
  const _nBitLength = nBitLength !== void 0 ? nBitLength : bits;
  const nByteLength = Math.ceil(_nBitLength / 8);
  return { nBitLength: _nBitLength, nByteLength };
}
function Field(ORDER, opts = {}) {
  Object.freeze(_Field.prototype);
  return new _Field(ORDER, opts);
}
function getFieldBytesLength(fieldOrder) {
  if (typeof fieldOrder !== "bigint")
    throw new Error("field order must be bigint");
  if (fieldOrder <= _1n2)
    throw new Error("field order must be greater than 1");
  const bitLength = bitLen(fieldOrder - _1n2);
  return Math.ceil(bitLength / 8);
}
function getMinHashLength(fieldOrder) {
  const length = getFieldBytesLength(fieldOrder);
  return length + Math.ceil(length / 2);
}
function mapHashToField(key, fieldOrder, isLE = false) {
  abytes2(key);
  const len = key.length;
  const fieldLen = getFieldBytesLength(fieldOrder);
  const minLen = Math.max(getMinHashLength(fieldOrder), 16);
  if (len < minLen || len > 1024)
    throw new Error("expected " + minLen + "-1024 bytes of input, got " + len);
  const num = isLE ? bytesToNumberLE(key) : bytesToNumberBE(key);
  const reduced = mod(num, fieldOrder - _1n2) + _1n2;
  return isLE ? numberToBytesLE(reduced, fieldLen) : numberToBytesBE(reduced, fieldLen);
}
var _0n2, _1n2, _2n, _3n, _4n, _5n, _7n, _8n, _9n, _15n, _16n, POW_WINDOWED_MIN, isNegativeLE, FIELD_FIELDS, FIELD_SQRT, _Field;
var init_modular = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/abstract/modular.js"() {
    init_utils2();
    _0n2 = /* @__PURE__ */ BigInt(0);
    _1n2 = /* @__PURE__ */ BigInt(1);
    _2n = /* @__PURE__ */ BigInt(2);
    _3n = /* @__PURE__ */ BigInt(3);
    _4n = /* @__PURE__ */ BigInt(4);
    _5n = /* @__PURE__ */ BigInt(5);
    _7n = /* @__PURE__ */ BigInt(7);
    _8n = /* @__PURE__ */ BigInt(8);
    _9n = /* @__PURE__ */ BigInt(9);
    _15n = /* @__PURE__ */ BigInt(15);
    _16n = /* @__PURE__ */ BigInt(16);
    POW_WINDOWED_MIN = /* @__PURE__ */ BigInt("0x10000000000000000");
    isNegativeLE = (num, modulo) => (mod(num, modulo) & _1n2) === _1n2;
    FIELD_FIELDS = [
      "create",
      "isValid",
      "is0",
      "neg",
      "inv",
      "sqrt",
      "sqr",
      "eql",
      "add",
      "sub",
      "mul",
      "pow",
      "div",
      "addN",
      "subN",
      "mulN",
      "sqrN"
    ];
    FIELD_SQRT = /* @__PURE__ */ new WeakMap();
    _Field = class {
      ORDER;
      BITS;
      BYTES;
      isLE;
      ZERO = _0n2;
      ONE = _1n2;
      _lengths;
      _mod;
      constructor(ORDER, opts = {}) {
        if (ORDER <= _1n2)
          throw new Error("invalid field: expected ORDER > 1, got " + ORDER);
        let _nbitLength = void 0;
        this.isLE = false;
        if (opts != null && typeof opts === "object") {
          if (typeof opts.BITS === "number")
            _nbitLength = opts.BITS;
          if (typeof opts.sqrt === "function")
            Object.defineProperty(this, "sqrt", { value: opts.sqrt, enumerable: true });
          if (typeof opts.isLE === "boolean")
            this.isLE = opts.isLE;
          if (opts.allowedLengths)
            this._lengths = Object.freeze(opts.allowedLengths.slice());
          if (typeof opts.modFromBytes === "boolean")
            this._mod = opts.modFromBytes;
        }
        const { nBitLength, nByteLength } = nLength(ORDER, _nbitLength);
        if (nByteLength > 2048)
          throw new Error("invalid field: expected ORDER of <= 2048 bytes");
        this.ORDER = ORDER;
        this.BITS = nBitLength;
        this.BYTES = nByteLength;
        Object.freeze(this);
      }
      create(num) {
        return mod(num, this.ORDER);
      }
      isValid(num) {
        if (typeof num !== "bigint")
          throw new TypeError("invalid field element: expected bigint, got " + typeof num);
        return _0n2 <= num && num < this.ORDER;
      }
      is0(num) {
        return num === _0n2;
      }
      // is valid and invertible
      isValidNot0(num) {
        return !this.is0(num) && this.isValid(num);
      }
      isOdd(num) {
        return (num & _1n2) === _1n2;
      }
      neg(num) {
        return mod(-num, this.ORDER);
      }
      eql(lhs, rhs) {
        return lhs === rhs;
      }
      sqr(num) {
        return mod(num * num, this.ORDER);
      }
      add(lhs, rhs) {
        return mod(lhs + rhs, this.ORDER);
      }
      sub(lhs, rhs) {
        return mod(lhs - rhs, this.ORDER);
      }
      mul(lhs, rhs) {
        return mod(lhs * rhs, this.ORDER);
      }
      pow(num, power) {
        return pow(num, power, this.ORDER);
      }
      div(lhs, rhs) {
        return mod(lhs * invert(rhs, this.ORDER), this.ORDER);
      }
      // Same as above, but doesn't normalize
      sqrN(num) {
        return num * num;
      }
      addN(lhs, rhs) {
        return lhs + rhs;
      }
      subN(lhs, rhs) {
        return lhs - rhs;
      }
      mulN(lhs, rhs) {
        return lhs * rhs;
      }
      inv(num) {
        return invert(num, this.ORDER);
      }
      sqrt(num) {
        let sqrt = FIELD_SQRT.get(this);
        if (!sqrt)
          FIELD_SQRT.set(this, sqrt = FpSqrt(this.ORDER));
        return sqrt(this, num);
      }
      toBytes(num) {
        return this.isLE ? numberToBytesLE(num, this.BYTES) : numberToBytesBE(num, this.BYTES);
      }
      fromBytes(bytes, skipValidation = false) {
        abytes2(bytes);
        const { _lengths: allowedLengths, BYTES, isLE, ORDER, _mod: modFromBytes } = this;
        if (allowedLengths) {
          if (bytes.length < 1 || !allowedLengths.includes(bytes.length) || bytes.length > BYTES) {
            throw new Error("Field.fromBytes: expected " + allowedLengths + " bytes, got " + bytes.length);
          }
          const padded = new Uint8Array(BYTES);
          padded.set(bytes, isLE ? 0 : padded.length - bytes.length);
          bytes = padded;
        }
        if (bytes.length !== BYTES)
          throw new Error("Field.fromBytes: expected " + BYTES + " bytes, got " + bytes.length);
        let scalar = isLE ? bytesToNumberLE(bytes) : bytesToNumberBE(bytes);
        if (modFromBytes)
          scalar = mod(scalar, ORDER);
        if (!skipValidation) {
          if (!this.isValid(scalar))
            throw new Error("invalid field element: outside of range 0..ORDER");
        }
        return scalar;
      }
      // TODO: we don't need it here, move out to separate fn
      invertBatch(lst) {
        return FpInvertBatch(this, lst, true);
      }
      // We can't move this out because Fp6, Fp12 implement it
      // and it's unclear what to return in there.
      cmov(a, b, condition) {
        abool(condition, "condition");
        return condition ? b : a;
      }
    };
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/abstract/curve.js
function validatePointCons(Point) {
  const pc = Point;
  if (typeof pc !== "function")
    throw new TypeError('"Point" expected constructor, got type=' + typeof Point);
  afunction(pc.fromAffine, "Point.fromAffine");
  afunction(pc.fromBytes, "Point.fromBytes");
  afunction(pc.fromHex, "Point.fromHex");
  aobject2(pc.BASE, "Point.BASE");
  aobject2(pc.ZERO, "Point.ZERO");
  validateField(pc.Fp);
  validateField(pc.Fn);
}
function normalizeZ(c, points) {
  validatePointCons(c);
  validateMSMPoints(points, c);
  const invertedZs = FpInvertBatch(c.Fp, points.map((p) => p.Z));
  return points.map((p, i) => c.fromAffine(p.toAffine(invertedZs[i])));
}
function validateW(W, bits, min = 1) {
  if (!Number.isSafeInteger(W) || W < min || W > bits)
    throw new Error("invalid window size, expected [" + min + ".." + bits + "], got W=" + W);
}
function validateTableBytes(numPoints, fpBytes) {
  const bytes = numPoints * (4 * fpBytes + 128);
  if (bytes > TABLE_BYTES_MAX)
    throw new Error("invalid window size: table would need ~" + Math.ceil(bytes / 2 ** 20) + " MiB, max " + TABLE_BYTES_MAX / 2 ** 20 + " MiB");
}
function probeRandomBytes(randomBytes4, length) {
  if (randomBytes4 === void 0)
    return void 0;
  afunction(randomBytes4, "randomBytes");
  try {
    const probe = randomBytes4(length);
    if (!isBytes2(probe) || probe.length !== length)
      return void 0;
  } catch {
    return void 0;
  }
  return randomBytes4;
}
function validateMSMPoints(points, c) {
  aarray(points, "points");
  points.forEach((p, i) => {
    if (!(p instanceof c))
      throw new Error("invalid point at index " + i);
  });
}
function validateMSMScalars(scalars, field2, maxScalar) {
  if (!Array.isArray(scalars))
    throw new Error("array of scalars expected");
  scalars.forEach((s, i) => {
    const ok = maxScalar === void 0 ? field2.isValid(s) : isPosBig(s) && s < maxScalar;
    if (!ok)
      throw new Error("invalid scalar at index " + i);
  });
}
function getWindowSize(P) {
  return pointWindowSizes.get(P) || 1;
}
function oddMultiples(p, size) {
  const dbl = p.double();
  const t = [p];
  for (let j2 = 1; j2 < size; j2++)
    t.push(t[j2 - 1].add(dbl));
  return t;
}
function wnafDigits(n, W) {
  const size = 2 ** W;
  const half = size / 2;
  const mask = BigInt(size - 1);
  const d = [];
  while (n > _0n3) {
    let w = 0;
    if (n & _1n3) {
      w = Number(n & mask);
      if (w >= half)
        w -= size;
      n -= BigInt(w);
    }
    d.push(w);
    n >>= _1n3;
  }
  return d;
}
function signedWindowDigits(n, W, windows) {
  const size = 2 ** W;
  const half = size / 2;
  const mask = BigInt(size - 1);
  const shiftBy = BigInt(W);
  const d = [];
  for (let w = 0; w < windows; w++) {
    let v2 = Number(n & mask);
    n >>= shiftBy;
    if (v2 > half) {
      v2 -= size;
      n += _1n3;
    }
    d.push(v2);
  }
  if (n !== _0n3)
    throw new Error("invalid wnaf");
  return d;
}
function wnafWalk(zero, tables, digits) {
  let max = 0;
  for (const d of digits)
    max = Math.max(max, d.length);
  let acc = zero;
  for (let bit = max - 1; bit >= 0; bit--) {
    if (bit !== max - 1)
      acc = acc.double();
    for (let i = 0; i < digits.length; i++) {
      const w = digits[i][bit];
      if (w) {
        const item = tables[i][Math.abs(w) - 1 >> 1];
        acc = acc.add(w < 0 ? item.negate() : item);
      }
    }
  }
  return acc;
}
function mulAddUnsafe(c, points, scalars, allowOversized = false) {
  validatePointCons(c);
  validateMSMPoints(points, c);
  abool(allowOversized, "allowOversized");
  validateMSMScalars(scalars, c.Fn, allowOversized ? c.Fn.ORDER ** _4n2 : void 0);
  if (points.length !== scalars.length)
    throw new Error("arrays of points and scalars must have equal length");
  const tables = points.map((p) => oddMultiples(p, 4));
  const digits = scalars.map((n) => wnafDigits(n, 4));
  return wnafWalk(c.ZERO, tables, digits);
}
function createField(order, field2, isLE) {
  if (field2) {
    if (field2.ORDER !== order)
      throw new Error("Field.ORDER must match order: Fp == p, Fn == n");
    validateField(field2);
    return field2;
  } else {
    return Field(order, { isLE });
  }
}
function createCurveFields(type, CURVE, curveOpts = {}, FpFnLE) {
  if (type !== "weierstrass" && type !== "edwards")
    throw new Error('expected curve type "weierstrass" or "edwards"');
  if (FpFnLE === void 0)
    FpFnLE = type === "edwards";
  if (!CURVE || typeof CURVE !== "object")
    throw new Error(`expected valid ${type} CURVE object`);
  validateObject(curveOpts);
  for (const p of ["p", "n", "h"]) {
    const val = CURVE[p];
    if (!(isPosBig(val) && val !== _0n3))
      throw new Error(`CURVE.${p} must be positive bigint`);
  }
  const Fp2 = createField(CURVE.p, curveOpts.Fp, FpFnLE);
  const Fn = createField(CURVE.n, curveOpts.Fn, FpFnLE);
  const _b = type === "weierstrass" ? "b" : "d";
  const params = ["Gx", "Gy", "a", _b];
  for (const p of params) {
    if (!Fp2.isValid(CURVE[p]))
      throw new Error(`CURVE.${p} must be valid field element of CURVE.Fp`);
  }
  CURVE = Object.freeze(Object.assign({}, CURVE));
  return { CURVE, Fp: Fp2, Fn };
}
function createKeygen(randomSecretKey, getPublicKey) {
  return function keygen(seed) {
    const secretKey = randomSecretKey(seed);
    return { secretKey, publicKey: getPublicKey(secretKey) };
  };
}
var _0n3, _1n3, _4n2, BLIND_BYTES, BLIND_BITS, FW_WINDOW, TABLE_BYTES_MAX, pointWindowSizes, ScalarMultiplier;
var init_curve = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/abstract/curve.js"() {
    init_utils2();
    init_modular();
    _0n3 = /* @__PURE__ */ BigInt(0);
    _1n3 = /* @__PURE__ */ BigInt(1);
    _4n2 = /* @__PURE__ */ BigInt(4);
    BLIND_BYTES = 16;
    BLIND_BITS = 128;
    FW_WINDOW = 5;
    TABLE_BYTES_MAX = /* @__PURE__ */ (() => 2 ** 31)();
    pointWindowSizes = /* @__PURE__ */ new WeakMap();
    ScalarMultiplier = class {
      Point;
      BASE;
      ZERO;
      randomBytes;
      wnafPrecomputes = /* @__PURE__ */ new WeakMap();
      baseCanBeBlinded;
      bits;
      // Parametrized with a given Point class (not individual point)
      constructor(Point, randomBytes4) {
        validatePointCons(Point);
        this.randomBytes = probeRandomBytes(randomBytes4, BLIND_BYTES);
        this.Point = Point;
        this.BASE = Point.BASE;
        this.ZERO = Point.ZERO;
        this.bits = Point.Fn.BITS;
      }
      /**
       * Creates a signed fixed-window wNAF precomputation table: for every window w, the
       * multiples `[1..2^(W−1)]⋅2^(w⋅W)⋅P`, flattened. All doublings are baked into the table,
       * so cached multiplication is additions-only. `windows = ceil(bits/W) + 1`: the extra
       * window absorbs the final carry of signed-digit recoding.
       * For a 256-bit curve and W=6, the table is 44⋅32 = 1408 points.
       * @param point - Point instance
       * @param W - window size
       * @param bits - scalar bitlength the table must cover
       */
      buildWnafTable(point, W, bits) {
        const windows = Math.ceil(bits / W) + 1;
        const half = 2 ** (W - 1);
        const comp = [];
        let base = point;
        for (let w = 0; w < windows; w++) {
          let acc = base;
          for (let i = 0; i < half; i++) {
            comp.push(acc);
            acc = acc.add(base);
          }
          base = comp[comp.length - 1].double();
        }
        return { W, bits, windows, comp };
      }
      /**
       * Implements ec multiplication using precomputed signed fixed-window wNAF tables.
       * Constant-time: fixed window count with one table addition per window — zero digits feed
       * the fake accumulator — and no doublings; the lookup scans the whole window slice.
       * Scalar bounds are validated by the public entry points ({@link ScalarMultiplier.mulCT},
       * {@link ScalarMultiplier.mulCTBlinded}, {@link ScalarMultiplier.mulUnsafe});
       * signedWindowDigits throws if `n` exceeds the table.
       * @returns real and fake (for const-time) points
       */
      wnafCachedCT(precomputes, n) {
        const { W, windows, comp } = precomputes;
        const half = 2 ** (W - 1);
        const digits = signedWindowDigits(n, W, windows);
        let p = this.ZERO;
        let f = this.BASE;
        for (let w = 0; w < windows; w++) {
          const digit = digits[w];
          const start = w * half;
          const idx = Math.abs(digit) - 1;
          let sel = comp[start];
          for (let i = 1; i < half; i++)
            sel = i === idx ? comp[start + i] : sel;
          const neg = sel.negate();
          if (digit === 0)
            f = f.add(comp[start]);
          else
            p = p.add(digit < 0 ? neg : sel);
        }
        return { p, f };
      }
      // Cache key is point identity plus (W, bits); at most two entries exist per point (public-width
      // `Fn.BITS` and blinded `Fn.BITS + BLIND_BITS`). Callers must not reuse the same point with
      // incompatible `transform(...)` layouts and expect a separate cache entry.
      getWnafPrecomputes(W, point, bits, transform) {
        let entries = this.wnafPrecomputes.get(point);
        let comp = entries?.find((entry) => entry.W === W && entry.bits === bits);
        if (!comp) {
          comp = this.buildWnafTable(point, W, bits);
          if (typeof transform === "function")
            comp = { ...comp, comp: transform(comp.comp) };
          if (!entries) {
            entries = [];
            this.wnafPrecomputes.set(point, entries);
          }
          entries.push(comp);
        }
        return comp;
      }
      assertPoint(point) {
        if (!(point instanceof this.Point))
          throw new TypeError('"point" expected Point instance, got type=' + typeof point);
      }
      // Shared prologue of the constant-time entry points. Rejects scalar 0: in key/signature-style
      // callers a zero scalar means broken upstream plumbing, and concrete Points already reject it.
      // Uses inRange instead of Fn.isValidNot0: validateField() only certifies the arithmetic subset.
      validateMulInput(point, scalar) {
        this.assertPoint(point);
        if (!inRange(scalar, _1n3, this.Point.Fn.ORDER))
          throw new Error("invalid scalar");
      }
      // Constant-time dispatch shared by mulCT / mulCTBlinded. Un-precomputed points (W===1, e.g.
      // ECDH peer keys) skip building a throwaway cached table in favor of a small fixed-window
      // multiply. `n` must be < 2^bits.
      runCT(point, n, bits, transform) {
        const W = getWindowSize(point);
        if (W === 1)
          return this.fixedWindowCT(point, n, bits);
        return this.wnafCachedCT(this.getWnafPrecomputes(W, point, bits, transform), n);
      }
      mulCT(point, scalar, transform) {
        this.validateMulInput(point, scalar);
        return this.runCT(point, scalar, this.bits, transform);
      }
      mulCTBlinded(point, scalar, transform) {
        this.validateMulInput(point, scalar);
        if (this.randomBytes === void 0)
          throw new Error("randomBytes is required for scalar blinding");
        const bits = this.Point.Fn.BITS + BLIND_BITS;
        const blind = this.randomBytes(BLIND_BYTES);
        if (!isBytes2(blind) || blind.length !== BLIND_BYTES)
          throw new Error("randomBytes returned invalid byte array");
        blind[0] = blind[0] & 63 | 128;
        const n = scalar + bytesToNumberBE(blind) * this.Point.Fn.ORDER;
        return this.runCT(point, n, bits, transform);
      }
      /**
       * Constant-time multiplication `n*point` for an un-precomputed point, via a small fixed window.
       * A cached wNAF table only pays off when reused; a flat 2^FW_WINDOW table (`size-1` adds) is
       * far cheaper to build for a single use. The point-operation sequence is independent of `n`:
       * build the table, then per window exactly FW_WINDOW doublings, a data-oblivious scan over
       * every table entry, and one addition (adds the identity when the window digit is 0 — never
       * skipped).
       *
       * `n` must be `< 2^bits`. Assumes complete addition (adding the identity costs the same as any
       * add), which holds for the Weierstrass/Edwards point types used here. The table is left in
       * projective form (no normalizeZ): normalizing this small a table costs more than the
       * mixed-add savings it would buy for a single multiply.
       * @returns real point `p`; `f` duplicates it only to match {@link wnafCachedCT}'s return shape
       * (this path needs no fake accumulator — its op-count is already scalar-independent).
       */
      fixedWindowCT(point, n, bits) {
        const W = FW_WINDOW;
        const size = 1 << W;
        const mask = bitMask(W);
        const table = new Array(size);
        table[0] = this.ZERO;
        for (let i = 1; i < size; i++)
          table[i] = table[i - 1].add(point);
        const windows = Math.ceil(bits / W);
        let acc = this.ZERO;
        for (let window2 = windows - 1; window2 >= 0; window2--) {
          if (window2 !== windows - 1)
            for (let d = 0; d < W; d++)
              acc = acc.double();
          const digit = Number(n >> BigInt(window2 * W) & mask);
          let sel = table[0];
          for (let i = 1; i < size; i++)
            sel = i === digit ? table[i] : sel;
          acc = acc.add(sel);
        }
        return { p: acc, f: acc };
      }
      shouldBlind(point, cofactor) {
        if (this.randomBytes === void 0)
          return false;
        if (cofactor === _1n3)
          return true;
        if (point !== this.BASE)
          return false;
        if (this.baseCanBeBlinded === void 0)
          this.baseCanBeBlinded = this.mulUnsafe(this.BASE, this.Point.Fn.ORDER).is0();
        return this.baseCanBeBlinded;
      }
      mulSecret(point, scalar, cofactor, transform) {
        return this.shouldBlind(point, cofactor) ? this.mulCTBlinded(point, scalar, transform) : this.mulCT(point, scalar, transform);
      }
      mulUnsafe(point, scalar, transform) {
        this.assertPoint(point);
        if (!isPosBig(scalar))
          throw new Error("invalid scalar");
        const W = getWindowSize(point);
        if (W === 1 || scalar >= this.Point.Fn.ORDER)
          return mulAddUnsafe(this.Point, [point], [scalar], true);
        const precomputes = this.getWnafPrecomputes(W, point, this.bits, transform);
        return this.wnafCachedCT(precomputes, scalar).p;
      }
      // Remembers the window size used for precomputed wNAF multiplication of the given point
      // and drops any previously built tables. Usually only the base point is precomputed.
      // W=1 resets the point to the un-precomputed (table-less) paths.
      // W is additionally capped so tables stay under ~2 GiB ({@link TABLE_BYTES_MAX}).
      setWindowSize(point, W) {
        this.assertPoint(point);
        validateW(W, this.bits);
        const windows = Math.ceil((this.bits + BLIND_BITS) / W) + 1;
        validateTableBytes(windows * 2 ** (W - 1), this.Point.Fp.BYTES);
        pointWindowSizes.set(point, W);
        this.wnafPrecomputes.delete(point);
      }
      // True when a window size is set: tables themselves are built lazily on first multiply.
      hasWindowSize(point) {
        return getWindowSize(point) !== 1;
      }
    };
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/hmac.js
var _HMAC, hmac;
var init_hmac = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/hmac.js"() {
    init_utils();
    _HMAC = class {
      oHash;
      iHash;
      blockLen;
      outputLen;
      canXOF = false;
      finished = false;
      destroyed = false;
      constructor(hash, key) {
        ahash(hash);
        abytes(key, void 0, "key");
        this.iHash = hash.create();
        if (typeof this.iHash.update !== "function")
          throw new Error("expected Hash instance");
        this.blockLen = this.iHash.blockLen;
        this.outputLen = this.iHash.outputLen;
        const blockLen = this.blockLen;
        const pad = new Uint8Array(blockLen);
        pad.set(key.length > blockLen ? hash.create().update(key).digest() : key);
        for (let i = 0; i < pad.length; i++)
          pad[i] ^= 54;
        this.iHash.update(pad);
        this.oHash = hash.create();
        for (let i = 0; i < pad.length; i++)
          pad[i] ^= 54 ^ 92;
        this.oHash.update(pad);
        clean(pad);
      }
      update(buf) {
        aexists(this);
        this.iHash.update(buf);
        return this;
      }
      digestInto(out) {
        aexists(this);
        aoutput(out, this);
        this.finished = true;
        const buf = out.subarray(0, this.outputLen);
        this.iHash.digestInto(buf);
        this.oHash.update(buf);
        this.oHash.digestInto(buf);
        this.destroy();
      }
      digest() {
        const out = new Uint8Array(this.oHash.outputLen);
        this.digestInto(out);
        return out;
      }
      _cloneInto(to) {
        to ||= Object.create(Object.getPrototypeOf(this), {});
        const { oHash, iHash, finished, destroyed, blockLen, outputLen, canXOF } = this;
        to = to;
        to.finished = finished;
        to.destroyed = destroyed;
        to.blockLen = blockLen;
        to.outputLen = outputLen;
        to.canXOF = canXOF;
        to.oHash = oHash._cloneInto(to.oHash);
        to.iHash = iHash._cloneInto(to.iHash);
        return to;
      }
      clone() {
        return this._cloneInto();
      }
      destroy() {
        this.destroyed = true;
        this.oHash.destroy();
        this.iHash.destroy();
      }
    };
    hmac = /* @__PURE__ */ (() => {
      const hmac_ = ((hash, key, message) => new _HMAC(hash, key).update(message).digest());
      hmac_.create = (hash, key) => new _HMAC(hash, key);
      return hmac_;
    })();
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/abstract/der.js
var _0n4, DERErr, _DER, DER;
var init_der = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/abstract/der.js"() {
    init_utils2();
    _0n4 = /* @__PURE__ */ BigInt(0);
    DERErr = class extends Error {
      constructor(m = "") {
        super(m);
      }
    };
    _DER = {
      // asn.1 DER encoding utils
      Err: DERErr,
      // Basic building block is TLV (Tag-Length-Value)
      _tlv: {
        encode: (tag, data) => {
          const { Err: E } = _DER;
          asafenumber(tag, "tag");
          if (tag < 0 || tag > 255)
            throw new E("tlv.encode: wrong tag");
          astring(data, "data");
          if (data.length & 1)
            throw new E("tlv.encode: unpadded data");
          const dataLen = data.length / 2;
          const len = numberToHexUnpadded(dataLen);
          if (len.length / 2 & 128)
            throw new E("tlv.encode: long form length too big");
          const lenLen = dataLen > 127 ? numberToHexUnpadded(len.length / 2 | 128) : "";
          const t = numberToHexUnpadded(tag);
          return t + lenLen + len + data;
        },
        // v - value, l - left bytes (unparsed)
        decode(tag, data) {
          const { Err: E } = _DER;
          data = abytes2(data, void 0, "DER data");
          let pos = 0;
          if (tag < 0 || tag > 255)
            throw new E("tlv.decode: wrong tag");
          if (data.length < 2 || data[pos++] !== tag)
            throw new E("tlv.decode: wrong tlv");
          const first = data[pos++];
          const isLong = !!(first & 128);
          let length = 0;
          if (!isLong)
            length = first;
          else {
            const lenLen = first & 127;
            if (!lenLen)
              throw new E("tlv.decode(long): indefinite length not supported");
            if (lenLen > 4)
              throw new E("tlv.decode(long): byte length is too big");
            const lengthBytes = data.subarray(pos, pos + lenLen);
            if (lengthBytes.length !== lenLen)
              throw new E("tlv.decode: length bytes not complete");
            if (lengthBytes[0] === 0)
              throw new E("tlv.decode(long): zero leftmost byte");
            for (const b of lengthBytes)
              length = length << 8 | b;
            pos += lenLen;
            if (length < 128)
              throw new E("tlv.decode(long): not minimal encoding");
          }
          const v2 = data.subarray(pos, pos + length);
          if (v2.length !== length)
            throw new E("tlv.decode: wrong value length");
          return { v: v2, l: data.subarray(pos + length) };
        }
      },
      // https://crypto.stackexchange.com/a/57734 Leftmost bit of first byte is 'negative' flag,
      // since we always use positive integers here. It must always be empty:
      // - add zero byte if exists
      // - if next byte doesn't have a flag, leading zero is not allowed (minimal encoding)
      _int: {
        encode(num) {
          const { Err: E } = _DER;
          abignumber(num);
          if (num < _0n4)
            throw new E("integer: negative integers are not allowed");
          let hex = numberToHexUnpadded(num);
          if (Number.parseInt(hex[0], 16) & 8)
            hex = "00" + hex;
          if (hex.length & 1)
            throw new E("unexpected DER parsing assertion: unpadded hex");
          return hex;
        },
        decode(data) {
          const { Err: E } = _DER;
          if (data.length < 1)
            throw new E("invalid signature integer: empty");
          if (data[0] & 128)
            throw new E("invalid signature integer: negative");
          if (data.length > 1 && data[0] === 0 && !(data[1] & 128))
            throw new E("invalid signature integer: unnecessary leading zero");
          return bytesToNumberBE(data);
        }
      },
      toSig(bytes, maxScalarBytes) {
        const { Err: E, _int: int, _tlv: tlv } = _DER;
        if (maxScalarBytes !== void 0) {
          asafenumber(maxScalarBytes, "maxScalarBytes");
          if (maxScalarBytes < 1)
            throw new E("invalid signature: maxScalarBytes must be positive");
        }
        const data = abytes2(bytes, void 0, "signature");
        const { v: seqBytes, l: seqLeftBytes } = tlv.decode(48, data);
        if (seqLeftBytes.length)
          throw new E("invalid signature: left bytes after parsing");
        const { v: rBytes, l: rLeftBytes } = tlv.decode(2, seqBytes);
        const { v: sBytes, l: sLeftBytes } = tlv.decode(2, rLeftBytes);
        if (sLeftBytes.length)
          throw new E("invalid signature: left bytes after parsing");
        if (maxScalarBytes !== void 0 && (rBytes.length > maxScalarBytes || sBytes.length > maxScalarBytes))
          throw new E("invalid signature: integer too large");
        return { r: int.decode(rBytes), s: int.decode(sBytes) };
      },
      hexFromSig(sig) {
        const { _tlv: tlv, _int: int } = _DER;
        validateObject(sig, { r: "bigint", s: "bigint" }, {}, "sig");
        const rs = tlv.encode(2, int.encode(sig.r));
        const ss = tlv.encode(2, int.encode(sig.s));
        const seq = rs + ss;
        return tlv.encode(48, seq);
      }
    };
    DER = /* @__PURE__ */ (() => {
      Object.freeze(_DER._tlv);
      Object.freeze(_DER._int);
      return Object.freeze(_DER);
    })();
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/abstract/weierstrass.js
function _splitEndoScalar(k, basis, n) {
  aInRange("scalar", k, _0n5, n);
  const [[a1, b1], [a2, b2]] = basis;
  const c1 = divNearest(b2 * k, n);
  const c2 = divNearest(-b1 * k, n);
  let k1 = k - c1 * a1 - c2 * a2;
  let k2 = -c1 * b1 - c2 * b2;
  const k1neg = k1 < _0n5;
  const k2neg = k2 < _0n5;
  if (k1neg)
    k1 = -k1;
  if (k2neg)
    k2 = -k2;
  const MAX_NUM = bitMask(Math.ceil(bitLen(n) / 2)) + _1n4;
  if (k1 < _0n5 || k1 >= MAX_NUM || k2 < _0n5 || k2 >= MAX_NUM) {
    throw new Error("splitScalar (endomorphism): failed for k");
  }
  return { k1neg, k1, k2neg, k2 };
}
function validateSigFormat(format) {
  if (!["compact", "recovered", "der"].includes(format))
    throw new Error('Signature format must be "compact", "recovered", or "der"');
  return format;
}
function validateSigOpts(opts, def) {
  validateObject(opts);
  const optsn = {};
  for (let optName of Object.keys(def)) {
    optsn[optName] = opts[optName] === void 0 ? def[optName] : opts[optName];
  }
  abool(optsn.lowS, "lowS");
  abool(optsn.prehash, "prehash");
  if (optsn.format !== void 0)
    validateSigFormat(optsn.format);
  return optsn;
}
function weierstrass(params, extraOpts = {}) {
  const validated = createCurveFields("weierstrass", params, extraOpts);
  const Fp2 = validated.Fp;
  const Fn = validated.Fn;
  let CURVE = validated.CURVE;
  const { h: cofactor, n: CURVE_ORDER } = CURVE;
  validateObject(extraOpts, {}, {
    allowInfinityPoint: "boolean",
    clearCofactor: "function",
    isTorsionFree: "function",
    fromBytes: "function",
    toBytes: "function",
    endo: "object",
    randomBytes: "function"
  });
  const { endo: endoOpts, allowInfinityPoint, clearCofactor, isTorsionFree, fromBytes, toBytes } = extraOpts;
  const randomBytes4 = extraOpts.randomBytes === void 0 ? randomBytes3 : extraOpts.randomBytes;
  if (endoOpts) {
    if (!Fp2.is0(CURVE.a) || typeof endoOpts.beta !== "bigint" || !Array.isArray(endoOpts.basises)) {
      throw new Error('invalid endo: expected "beta": bigint and "basises": array');
    }
  }
  const endo = endoOpts ? {
    beta: endoOpts.beta,
    basises: endoOpts.basises.map((basis) => [...basis])
  } : void 0;
  const lengths = getWLengths(Fp2, Fn);
  function assertCompressionIsSupported() {
    if (!Fp2.isOdd)
      throw new Error("compression is not supported: Field does not have .isOdd()");
  }
  function pointToBytes(_c, point, isCompressed) {
    if (point.is0()) {
      if (!allowInfinityPoint)
        throw new Error("bad point: ZERO");
      return Uint8Array.of(0);
    }
    const { x, y } = point.toAffine();
    const bx = Fp2.toBytes(x);
    abool(isCompressed, "isCompressed");
    if (isCompressed) {
      assertCompressionIsSupported();
      const hasEvenY = !Fp2.isOdd(y);
      return concatBytes2(pprefix(hasEvenY), bx);
    } else {
      return concatBytes2(Uint8Array.of(4), bx, Fp2.toBytes(y));
    }
  }
  function pointFromBytes(bytes) {
    abytes2(bytes, void 0, "Point");
    const { publicKey: comp, publicKeyUncompressed: uncomp } = lengths;
    const length = bytes.length;
    const head = bytes[0];
    const tail = bytes.subarray(1);
    if (allowInfinityPoint && length === 1 && head === 0)
      return { x: Fp2.ZERO, y: Fp2.ZERO };
    if (length === comp && (head === 2 || head === 3)) {
      const x = Fp2.fromBytes(tail);
      if (!Fp2.isValid(x))
        throw new Error("bad point: is not on curve, wrong x");
      const y2 = weierstrassEquation(x);
      let y;
      try {
        y = Fp2.sqrt(y2);
      } catch (sqrtError) {
        const err = sqrtError instanceof Error ? ": " + sqrtError.message : "";
        throw new Error("bad point: is not on curve, sqrt error" + err);
      }
      assertCompressionIsSupported();
      const evenY = Fp2.isOdd(y);
      const evenH = (head & 1) === 1;
      if (evenH !== evenY)
        y = Fp2.neg(y);
      return { x, y };
    } else if (length === uncomp && head === 4) {
      const L = Fp2.BYTES;
      const x = Fp2.fromBytes(tail.subarray(0, L));
      const y = Fp2.fromBytes(tail.subarray(L, L * 2));
      if (!isValidXY(x, y))
        throw new Error("bad point: is not on curve");
      return { x, y };
    } else {
      throw new Error(`bad point: got length ${length}, expected compressed=${comp} or uncompressed=${uncomp}`);
    }
  }
  const encodePoint = toBytes === void 0 ? pointToBytes : toBytes;
  const decodePoint = fromBytes === void 0 ? pointFromBytes : fromBytes;
  const b3 = Fp2.mul(CURVE.b, _3n2);
  const mulA = Fp2.is0(CURVE.a) ? (_) => Fp2.ZERO : (x) => Fp2.mul(CURVE.a, x);
  function weierstrassEquation(x) {
    const x2 = Fp2.sqr(x);
    const x3 = Fp2.mul(x2, x);
    return Fp2.add(Fp2.add(x3, Fp2.mul(x, CURVE.a)), CURVE.b);
  }
  function isValidXY(x, y) {
    const left = Fp2.sqr(y);
    const right = weierstrassEquation(x);
    return Fp2.eql(left, right);
  }
  if (!isValidXY(CURVE.Gx, CURVE.Gy))
    throw new Error("bad curve params: generator point");
  const _4a3 = Fp2.mul(Fp2.pow(CURVE.a, _3n2), _4n3);
  const _27b2 = Fp2.mul(Fp2.sqr(CURVE.b), BigInt(27));
  if (Fp2.is0(Fp2.add(_4a3, _27b2)))
    throw new Error("bad curve params: a or b");
  function acoord(title, n, banZero = false) {
    if (!Fp2.isValid(n) || banZero && Fp2.is0(n))
      throw new Error(`bad point coordinate ${title}`);
    return typeof n === "object" && n !== null ? Fp2.create(n) : n;
  }
  function aprjpoint(other) {
    if (!(other instanceof Point))
      throw new Error("Weierstrass Point expected");
  }
  function splitEndoScalarN(k) {
    if (!endo || !endo.basises)
      throw new Error("no endo");
    return _splitEndoScalar(k, endo.basises, Fn.ORDER);
  }
  function pushWnafPair(points, scalars, p, k) {
    if (!Fn.isValid(k))
      throw new RangeError("invalid scalar: out of range");
    if (endo) {
      const { k1neg, k1, k2neg, k2 } = splitEndoScalarN(k);
      const psi = new Point(Fp2.mul(p.X, endo.beta), p.Y, p.Z);
      points.push(k1neg ? p.negate() : p, k2neg ? psi.negate() : psi);
      scalars.push(k1, k2);
    } else {
      points.push(p);
      scalars.push(k);
    }
  }
  const validityCache = /* @__PURE__ */ new WeakSet();
  class Point {
    static BASE = new Point(CURVE.Gx, CURVE.Gy, Fp2.ONE);
    static ZERO = new Point(Fp2.ZERO, Fp2.ONE, Fp2.ZERO);
    static Fp = Fp2;
    static Fn = Fn;
    X;
    Y;
    Z;
    /** Does NOT validate if the point is valid. Use `.assertValidity()`. */
    constructor(X, Y, Z) {
      this.X = acoord("x", X);
      this.Y = acoord("y", Y, true);
      this.Z = acoord("z", Z);
      Object.freeze(this);
    }
    static CURVE() {
      return CURVE;
    }
    /** Does NOT validate if the point is valid. Use `.assertValidity()`. */
    static fromAffine(p) {
      const { x, y } = p || {};
      if (!p || !Fp2.isValid(x) || !Fp2.isValid(y))
        throw new Error("invalid affine point");
      if (p instanceof Point)
        throw new Error("projective point not allowed");
      if (Fp2.is0(x) && Fp2.is0(y))
        return Point.ZERO;
      return new Point(x, y, Fp2.ONE);
    }
    static fromBytes(bytes) {
      const P = Point.fromAffine(decodePoint(abytes2(bytes, void 0, "point")));
      P.assertValidity();
      return P;
    }
    static fromHex(hex) {
      return Point.fromBytes(hexToBytes3(hex));
    }
    get x() {
      return this.toAffine().x;
    }
    get y() {
      return this.toAffine().y;
    }
    /**
     * @param isLazy - true will defer table computation until the first multiplication
     */
    precompute(windowSize = 6, isLazy = true) {
      wnaf.setWindowSize(this, windowSize);
      if (!isLazy)
        this.multiply(_3n2);
      return this;
    }
    // TODO: return `this`
    /** A point on curve is valid if it conforms to equation. */
    assertValidity() {
      const p = this;
      if (p.is0()) {
        if (allowInfinityPoint && Fp2.is0(p.X) && Fp2.eql(p.Y, Fp2.ONE) && Fp2.is0(p.Z))
          return;
        throw new Error("bad point: ZERO");
      }
      if (validityCache.has(p))
        return;
      const { x, y } = p.toAffine();
      if (!Fp2.isValid(x) || !Fp2.isValid(y))
        throw new Error("bad point: x or y not field elements");
      if (!isValidXY(x, y))
        throw new Error("bad point: equation left != right");
      if (!p.isTorsionFree())
        throw new Error("bad point: not in prime-order subgroup");
      validityCache.add(p);
    }
    hasEvenY() {
      const { y } = this.toAffine();
      if (!Fp2.isOdd)
        throw new Error("Field doesn't support isOdd");
      return !Fp2.isOdd(y);
    }
    /** Compare one point to another. */
    equals(other) {
      aprjpoint(other);
      const { X: X1, Y: Y1, Z: Z1 } = this;
      const { X: X2, Y: Y2, Z: Z2 } = other;
      const U1 = Fp2.eql(Fp2.mul(X1, Z2), Fp2.mul(X2, Z1));
      const U2 = Fp2.eql(Fp2.mul(Y1, Z2), Fp2.mul(Y2, Z1));
      return U1 && U2;
    }
    /** Flips point to one corresponding to (x, -y) in Affine coordinates. */
    negate() {
      return new Point(this.X, Fp2.neg(this.Y), this.Z);
    }
    // Renes-Costello-Batina exception-free doubling formula.
    // There is 30% faster Jacobian formula, but it is not complete.
    // https://eprint.iacr.org/2015/1060, algorithm 3
    // Cost: 8M + 3S + 3*a + 2*b3 + 15add.
    double() {
      const { X: X1, Y: Y1, Z: Z1 } = this;
      let X3 = Fp2.ZERO, Y3 = Fp2.ZERO, Z3 = Fp2.ZERO;
      let t0 = Fp2.mul(X1, X1);
      let t1 = Fp2.mul(Y1, Y1);
      let t2 = Fp2.mul(Z1, Z1);
      let t3 = Fp2.mul(X1, Y1);
      t3 = Fp2.add(t3, t3);
      Z3 = Fp2.mul(X1, Z1);
      Z3 = Fp2.add(Z3, Z3);
      X3 = mulA(Z3);
      Y3 = Fp2.mul(b3, t2);
      Y3 = Fp2.add(X3, Y3);
      X3 = Fp2.sub(t1, Y3);
      Y3 = Fp2.add(t1, Y3);
      Y3 = Fp2.mul(X3, Y3);
      X3 = Fp2.mul(t3, X3);
      Z3 = Fp2.mul(b3, Z3);
      t2 = mulA(t2);
      t3 = Fp2.sub(t0, t2);
      t3 = mulA(t3);
      t3 = Fp2.add(t3, Z3);
      Z3 = Fp2.add(t0, t0);
      t0 = Fp2.add(Z3, t0);
      t0 = Fp2.add(t0, t2);
      t0 = Fp2.mul(t0, t3);
      Y3 = Fp2.add(Y3, t0);
      t2 = Fp2.mul(Y1, Z1);
      t2 = Fp2.add(t2, t2);
      t0 = Fp2.mul(t2, t3);
      X3 = Fp2.sub(X3, t0);
      Z3 = Fp2.mul(t2, t1);
      Z3 = Fp2.add(Z3, Z3);
      Z3 = Fp2.add(Z3, Z3);
      return new Point(X3, Y3, Z3);
    }
    // Renes-Costello-Batina exception-free addition formula.
    // There is 30% faster Jacobian formula, but it is not complete.
    // https://eprint.iacr.org/2015/1060, algorithm 1
    // Cost: 12M + 0S + 3*a + 3*b3 + 23add.
    add(other) {
      aprjpoint(other);
      const { X: X1, Y: Y1, Z: Z1 } = this;
      const { X: X2, Y: Y2, Z: Z2 } = other;
      let X3 = Fp2.ZERO, Y3 = Fp2.ZERO, Z3 = Fp2.ZERO;
      let t0 = Fp2.mul(X1, X2);
      let t1 = Fp2.mul(Y1, Y2);
      let t2 = Fp2.mul(Z1, Z2);
      let t3 = Fp2.add(X1, Y1);
      let t4 = Fp2.add(X2, Y2);
      t3 = Fp2.mul(t3, t4);
      t4 = Fp2.add(t0, t1);
      t3 = Fp2.sub(t3, t4);
      t4 = Fp2.add(X1, Z1);
      let t5 = Fp2.add(X2, Z2);
      t4 = Fp2.mul(t4, t5);
      t5 = Fp2.add(t0, t2);
      t4 = Fp2.sub(t4, t5);
      t5 = Fp2.add(Y1, Z1);
      X3 = Fp2.add(Y2, Z2);
      t5 = Fp2.mul(t5, X3);
      X3 = Fp2.add(t1, t2);
      t5 = Fp2.sub(t5, X3);
      Z3 = mulA(t4);
      X3 = Fp2.mul(b3, t2);
      Z3 = Fp2.add(X3, Z3);
      X3 = Fp2.sub(t1, Z3);
      Z3 = Fp2.add(t1, Z3);
      Y3 = Fp2.mul(X3, Z3);
      t1 = Fp2.add(t0, t0);
      t1 = Fp2.add(t1, t0);
      t2 = mulA(t2);
      t4 = Fp2.mul(b3, t4);
      t1 = Fp2.add(t1, t2);
      t2 = Fp2.sub(t0, t2);
      t2 = mulA(t2);
      t4 = Fp2.add(t4, t2);
      t0 = Fp2.mul(t1, t4);
      Y3 = Fp2.add(Y3, t0);
      t0 = Fp2.mul(t5, t4);
      X3 = Fp2.mul(t3, X3);
      X3 = Fp2.sub(X3, t0);
      t0 = Fp2.mul(t3, t1);
      Z3 = Fp2.mul(t5, Z3);
      Z3 = Fp2.add(Z3, t0);
      return new Point(X3, Y3, Z3);
    }
    subtract(other) {
      aprjpoint(other);
      return this.add(other.negate());
    }
    is0() {
      return this.equals(Point.ZERO);
    }
    /**
     * Constant time multiplication.
     * Uses precomputed tables (signed fixed-window wNAF) when available.
     * Uses scalar blinding and avoids endomorphism splitting in the secret-scalar path.
     * @param scalar - by which the point would be multiplied
     * @returns New point
     */
    multiply(scalar) {
      if (!Fn.isValidNot0(scalar))
        throw new RangeError("invalid scalar: out of range");
      const { p, f } = wnaf.mulSecret(this, scalar, cofactor, normalize);
      return normalize([p, f])[0];
    }
    /**
     * Non-constant-time multiplication. Uses width-4 wNAF with GLV endomorphism splitting
     * when available (two half-width scalars sharing one halved doubling chain).
     * It's faster, but should only be used when you don't care about
     * an exposed secret key e.g. sig verification, which works over *public* keys.
     */
    multiplyUnsafe(scalar) {
      const p = this;
      const sc = scalar;
      if (!Fn.isValid(sc))
        throw new RangeError("invalid scalar: out of range");
      if (sc === _0n5 || p.is0())
        return Point.ZERO;
      if (sc === _1n4)
        return p;
      if (wnaf.hasWindowSize(this))
        return wnaf.mulUnsafe(p, sc, normalize);
      const points = [];
      const scalars = [];
      pushWnafPair(points, scalars, p, sc);
      return mulAddUnsafe(Point, points, scalars);
    }
    /**
     * Non-constant-time double-scalar multiplication `a⋅this + b⋅other` (Strauss–Shamir).
     * Both walks share one doubling chain via {@link mulAddUnsafe}, and GLV endomorphism
     * (when available) halves the chain again by splitting each scalar into two half-width
     * parts. Used by ECDSA verification and public-key recovery for `R = u1⋅G + u2⋅P`.
     * Only for public scalars.
     */
    mulAddUnsafe(a, other, b) {
      aprjpoint(other);
      const points = [];
      const scalars = [];
      pushWnafPair(points, scalars, this, a);
      pushWnafPair(points, scalars, other, b);
      return mulAddUnsafe(Point, points, scalars);
    }
    /**
     * Converts Projective point to affine (x, y) coordinates.
     * (X, Y, Z) ∋ (x=X/Z, y=Y/Z).
     * @param invertedZ - Z^-1 (inverted zero) - optional, precomputation is useful for invertBatch
     */
    toAffine(invertedZ) {
      const p = this;
      let iz = invertedZ;
      if (iz != null && !Fp2.isValid(iz))
        throw new RangeError('"invertedZ" expected valid field element');
      const { X, Y, Z } = p;
      if (Fp2.eql(Z, Fp2.ONE))
        return { x: X, y: Y };
      const is0 = p.is0();
      if (iz == null)
        iz = is0 ? Fp2.ONE : Fp2.inv(Z);
      const x = Fp2.mul(X, iz);
      const y = Fp2.mul(Y, iz);
      const zz = Fp2.mul(Z, iz);
      if (is0)
        return { x: Fp2.ZERO, y: Fp2.ZERO };
      if (!Fp2.eql(zz, Fp2.ONE))
        throw new Error("invZ was invalid");
      return { x, y };
    }
    /**
     * Checks whether Point is free of torsion elements (is in prime subgroup).
     * Always torsion-free for cofactor=1 curves.
     */
    isTorsionFree() {
      if (cofactor === _1n4)
        return true;
      if (isTorsionFree)
        return isTorsionFree(Point, this);
      return wnaf.mulUnsafe(this, CURVE_ORDER).is0();
    }
    clearCofactor() {
      if (cofactor === _1n4)
        return this;
      if (clearCofactor)
        return clearCofactor(Point, this);
      return this.multiplyUnsafe(cofactor);
    }
    isSmallOrder() {
      if (cofactor === _1n4)
        return this.is0();
      return this.clearCofactor().is0();
    }
    toBytes(isCompressed = true) {
      abool(isCompressed, "isCompressed");
      this.assertValidity();
      return encodePoint(Point, this, isCompressed);
    }
    toHex(isCompressed = true) {
      return bytesToHex3(this.toBytes(isCompressed));
    }
    toString() {
      return `<Point ${this.is0() ? "ZERO" : this.toHex()}>`;
    }
  }
  const normalize = (points) => normalizeZ(Point, points);
  const wnaf = new ScalarMultiplier(Point, randomBytes4);
  if (wnaf.bits >= 6)
    Point.BASE.precompute(6);
  Object.freeze(Point.prototype);
  Object.freeze(Point);
  return Point;
}
function pprefix(hasEvenY) {
  return Uint8Array.of(hasEvenY ? 2 : 3);
}
function getWLengths(Fp2, Fn) {
  return {
    secretKey: Fn.BYTES,
    publicKey: 1 + Fp2.BYTES,
    publicKeyUncompressed: 1 + 2 * Fp2.BYTES,
    publicKeyHasPrefix: true,
    // Raw compact `(r || s)` signature width; DER and recovered signatures use
    // different lengths outside this helper.
    signature: 2 * Fn.BYTES
  };
}
function ecdh(Point, ecdhOpts = {}) {
  validatePointCons(Point);
  const { Fn } = Point;
  const randomBytes_ = ecdhOpts.randomBytes === void 0 ? randomBytes3 : ecdhOpts.randomBytes;
  const lengths = Object.assign(getWLengths(Point.Fp, Fn), {
    seed: Math.max(getMinHashLength(Fn.ORDER), 16)
  });
  function isValidSecretKey(secretKey) {
    try {
      const num = Fn.fromBytes(secretKey);
      return Fn.isValidNot0(num);
    } catch (error) {
      return false;
    }
  }
  function isValidPublicKey(publicKey, isCompressed) {
    const { publicKey: comp, publicKeyUncompressed } = lengths;
    try {
      const l = publicKey.length;
      if (isCompressed === true && l !== comp)
        return false;
      if (isCompressed === false && l !== publicKeyUncompressed)
        return false;
      return !Point.fromBytes(publicKey).is0();
    } catch (error) {
      return false;
    }
  }
  function randomSecretKey(seed) {
    seed = seed === void 0 ? randomBytes_(lengths.seed) : seed;
    return mapHashToField(abytes2(seed, lengths.seed, "seed"), Fn.ORDER);
  }
  function getPublicKey(secretKey, isCompressed = true) {
    return Point.BASE.multiply(Fn.fromBytes(secretKey)).toBytes(isCompressed);
  }
  function isProbPub(item) {
    const { secretKey, publicKey, publicKeyUncompressed } = lengths;
    const allowedLengths = Fn._lengths;
    if (!isBytes2(item))
      return void 0;
    const l = abytes2(item, void 0, "key").length;
    const isPub = l === publicKey || l === publicKeyUncompressed;
    const isSec = l === secretKey || !!allowedLengths?.includes(l);
    if (isPub && isSec)
      return void 0;
    return isPub;
  }
  function getSharedSecret(secretKeyA, publicKeyB, isCompressed = true) {
    if (isProbPub(secretKeyA) === true)
      throw new Error("first arg must be private key");
    if (isProbPub(publicKeyB) === false)
      throw new Error("second arg must be public key");
    const s = Fn.fromBytes(secretKeyA);
    const b = Point.fromBytes(publicKeyB);
    if (b.is0())
      throw new Error("invalid public key: point at infinity");
    return b.multiply(s).toBytes(isCompressed);
  }
  const utils = {
    isValidSecretKey,
    isValidPublicKey,
    randomSecretKey
  };
  const keygen = createKeygen(randomSecretKey, getPublicKey);
  Object.freeze(utils);
  Object.freeze(lengths);
  return Object.freeze({ getPublicKey, getSharedSecret, keygen, Point, utils, lengths });
}
function ecdsa(Point, hash, ecdsaOpts = {}) {
  validatePointCons(Point);
  const hash_ = hash;
  ahash(hash_);
  validateObject(ecdsaOpts, {}, {
    hmac: "function",
    lowS: "boolean",
    randomBytes: "function",
    bits2int: "function",
    bits2int_modN: "function"
  });
  const opts = Object.assign({}, ecdsaOpts);
  const randomBytes4 = opts.randomBytes === void 0 ? randomBytes3 : opts.randomBytes;
  const hmac2 = opts.hmac === void 0 ? (key, msg) => hmac(hash_, key, msg) : opts.hmac;
  const { Fp: Fp2, Fn } = Point;
  const { ORDER: CURVE_ORDER, BITS: fnBits } = Fn;
  const blindLength = getMinHashLength(CURVE_ORDER);
  const csprng = probeRandomBytes(randomBytes4, blindLength);
  const { keygen, getPublicKey, getSharedSecret, utils, lengths } = ecdh(Point, opts);
  const defaultSigOpts = {
    prehash: true,
    lowS: typeof opts.lowS === "boolean" ? opts.lowS : true,
    format: "compact",
    extraEntropy: false
  };
  const hasLargeRecoveryLifts = CURVE_ORDER * _2n2 + _1n4 < Fp2.ORDER;
  function isBiggerThanHalfOrder(number) {
    const HALF = CURVE_ORDER >> _1n4;
    return number > HALF;
  }
  function validateRS(title, num) {
    if (!Fn.isValidNot0(num))
      throw new Error(`invalid signature ${title}: out of range 1..Point.Fn.ORDER`);
    return num;
  }
  function assertFieldSignIsSupported() {
    if (!Fp2.isOdd)
      throw new Error("Field doesn't support isOdd");
  }
  function getRecoveryBit(x, y, r) {
    assertFieldSignIsSupported();
    return (x === r ? 0 : 2) | Number(Fp2.isOdd(y));
  }
  function assertRecoverableCurve() {
    if (hasLargeRecoveryLifts)
      throw new Error('"recovered" sig type is not supported for cofactor >2 curves');
  }
  function validateSigLength(bytes, format) {
    validateSigFormat(format);
    const size = lengths.signature;
    const sizer = format === "compact" ? size : format === "recovered" ? size + 1 : void 0;
    return abytes2(bytes, sizer);
  }
  class Signature {
    r;
    s;
    recovery;
    constructor(r, s, recovery2) {
      this.r = validateRS("r", r);
      this.s = validateRS("s", s);
      if (recovery2 != null) {
        assertRecoverableCurve();
        if (![0, 1, 2, 3].includes(recovery2))
          throw new Error("invalid recovery id");
        this.recovery = recovery2;
      }
      Object.freeze(this);
    }
    static fromBytes(bytes, format = defaultSigOpts.format) {
      validateSigLength(bytes, format);
      let recid;
      if (format === "der") {
        if (bytes.length > 2 * Fn.BYTES + 16)
          throw new DER.Err("invalid signature: DER signature too long");
        const { r: r2, s: s2 } = DER.toSig(abytes2(bytes), Fn.BYTES + 1);
        return new Signature(r2, s2);
      }
      if (format === "recovered") {
        recid = bytes[0];
        format = "compact";
        bytes = bytes.subarray(1);
      }
      const L = lengths.signature / 2;
      const r = bytes.subarray(0, L);
      const s = bytes.subarray(L, L * 2);
      return new Signature(Fn.fromBytes(r), Fn.fromBytes(s), recid);
    }
    static fromHex(hex, format) {
      return this.fromBytes(hexToBytes3(hex), format);
    }
    assertRecovery() {
      const { recovery: recovery2 } = this;
      if (recovery2 == null)
        throw new Error("invalid recovery id: must be present");
      return recovery2;
    }
    addRecoveryBit(recovery2) {
      return new Signature(this.r, this.s, recovery2);
    }
    // Unlike the top-level helper below, this method expects a digest that has
    // already been hashed to the curve's message representative.
    recoverPublicKey(messageHash) {
      const { r, s } = this;
      const recovery2 = this.assertRecovery();
      const radj = recovery2 === 2 || recovery2 === 3 ? r + CURVE_ORDER : r;
      if (!Fp2.isValid(radj))
        throw new Error("invalid recovery id: sig.r+curve.n != R.x");
      const x = Fp2.toBytes(radj);
      const R = Point.fromBytes(concatBytes2(pprefix((recovery2 & 1) === 0), x));
      const ir = Fn.inv(radj);
      const h = bits2int_modN(abytes2(messageHash, void 0, "msgHash"));
      const u1 = Fn.create(-h * ir);
      const u2 = Fn.create(s * ir);
      const Q = Point.BASE.mulAddUnsafe(u1, R, u2);
      if (Q.is0())
        throw new Error("invalid recovery: point at infinify");
      Q.assertValidity();
      return Q;
    }
    // Signatures should be low-s, to prevent malleability.
    hasHighS() {
      return isBiggerThanHalfOrder(this.s);
    }
    toBytes(format = defaultSigOpts.format) {
      validateSigFormat(format);
      if (format === "der")
        return hexToBytes3(DER.hexFromSig(this));
      const { r, s } = this;
      const rb = Fn.toBytes(r);
      const sb = Fn.toBytes(s);
      if (format === "recovered") {
        assertRecoverableCurve();
        return concatBytes2(Uint8Array.of(this.assertRecovery()), rb, sb);
      }
      return concatBytes2(rb, sb);
    }
    toHex(format) {
      return bytesToHex3(this.toBytes(format));
    }
  }
  Object.freeze(Signature.prototype);
  Object.freeze(Signature);
  const bits2int = opts.bits2int === void 0 ? function bits2int_def(bytes) {
    if (bytes.length > 8192)
      throw new Error("input is too large");
    const num = bytesToNumberBE(bytes);
    const delta = bytes.length * 8 - fnBits;
    return delta > 0 ? num >> BigInt(delta) : num;
  } : opts.bits2int;
  const bits2int_modN = opts.bits2int_modN === void 0 ? function bits2int_modN_def(bytes) {
    return Fn.create(bits2int(bytes));
  } : opts.bits2int_modN;
  const ORDER_MASK = bitMask(fnBits);
  function int2octets(num) {
    aInRange("num < 2^" + fnBits, num, _0n5, ORDER_MASK);
    return Fn.toBytes(num);
  }
  function validateMsgAndHash(message, prehash) {
    abytes2(message, void 0, "message");
    return prehash ? abytes2(hash_(message), void 0, "prehashed message") : message;
  }
  function prepSig(message, secretKey, opts2) {
    const { lowS, prehash, extraEntropy } = validateSigOpts(opts2, defaultSigOpts);
    message = validateMsgAndHash(message, prehash);
    const h1int = bits2int_modN(message);
    const d = Fn.fromBytes(secretKey);
    if (!Fn.isValidNot0(d))
      throw new Error("invalid private key");
    const seedArgs = [int2octets(d), int2octets(h1int)];
    if (extraEntropy != null && extraEntropy !== false) {
      const e = extraEntropy === true ? randomBytes4(lengths.secretKey) : extraEntropy;
      seedArgs.push(abytes2(e, void 0, "extraEntropy"));
    }
    const seed = concatBytes2(...seedArgs);
    const m = h1int;
    function k2sig(kBytes) {
      const k = bits2int(kBytes);
      if (!Fn.isValidNot0(k))
        return;
      const q = Point.BASE.multiply(k).toAffine();
      const r = Fn.create(q.x);
      if (r === _0n5)
        return;
      let s;
      if (csprng !== void 0) {
        const b = bytesToNumberBE(mapHashToField(csprng(blindLength), CURVE_ORDER));
        const ibk = Fn.inv(Fn.mul(b, k));
        const bm = Fn.mul(b, m);
        const bd = Fn.mul(b, d);
        s = Fn.create(ibk * Fn.create(bm + bd * r));
      } else {
        const ik = invertCt(k, CURVE_ORDER);
        s = Fn.create(ik * Fn.create(m + r * d));
      }
      if (s === _0n5)
        return;
      let recovery2 = getRecoveryBit(q.x, q.y, r);
      let normS = s;
      if (lowS && isBiggerThanHalfOrder(s)) {
        normS = Fn.neg(s);
        recovery2 ^= 1;
      }
      return new Signature(r, normS, hasLargeRecoveryLifts ? void 0 : recovery2);
    }
    return { seed, k2sig };
  }
  function sign2(message, secretKey, opts2 = {}) {
    const { seed, k2sig } = prepSig(message, secretKey, opts2);
    const drbg = createHmacDrbg(hash_.outputLen, Fn.BYTES, hmac2);
    const sig = drbg(seed, k2sig);
    return sig.toBytes(opts2.format);
  }
  function verify(signature, message, publicKey, opts2 = {}) {
    const { lowS, prehash, format } = validateSigOpts(opts2, defaultSigOpts);
    publicKey = abytes2(publicKey, void 0, "publicKey");
    message = validateMsgAndHash(message, prehash);
    if (!isBytes2(signature)) {
      const end = signature instanceof Signature ? ", use sig.toBytes()" : "";
      throw new Error("verify expects Uint8Array signature" + end);
    }
    validateSigLength(signature, format);
    try {
      const sig = Signature.fromBytes(signature, format);
      const P = Point.fromBytes(publicKey);
      if (P.is0())
        return false;
      if (lowS && sig.hasHighS())
        return false;
      const { r, s } = sig;
      const h = bits2int_modN(message);
      const is = Fn.inv(s);
      const u1 = Fn.create(h * is);
      const u2 = Fn.create(r * is);
      const R = Point.BASE.mulAddUnsafe(u1, P, u2);
      if (R.is0())
        return false;
      const q = R.toAffine();
      const v2 = Fn.create(q.x);
      if (v2 !== r)
        return false;
      if (format === "recovered" && sig.recovery !== getRecoveryBit(q.x, q.y, r))
        return false;
      return true;
    } catch (e) {
      return false;
    }
  }
  function recoverPublicKey(signature, message, opts2 = {}) {
    const { prehash } = validateSigOpts(opts2, defaultSigOpts);
    message = validateMsgAndHash(message, prehash);
    return Signature.fromBytes(signature, "recovered").recoverPublicKey(message).toBytes();
  }
  return Object.freeze({
    keygen,
    getPublicKey,
    getSharedSecret,
    utils,
    lengths,
    Point,
    sign: sign2,
    verify,
    recoverPublicKey,
    Signature,
    hash: hash_
  });
}
var divNearest, _0n5, _1n4, _2n2, _3n2, _4n3;
var init_weierstrass = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/abstract/weierstrass.js"() {
    init_hmac();
    init_utils();
    init_utils2();
    init_curve();
    init_der();
    init_modular();
    divNearest = (num, den) => (num + (num >= 0 ? den : -den) / _2n2) / den;
    _0n5 = /* @__PURE__ */ BigInt(0);
    _1n4 = /* @__PURE__ */ BigInt(1);
    _2n2 = /* @__PURE__ */ BigInt(2);
    _3n2 = /* @__PURE__ */ BigInt(3);
    _4n3 = /* @__PURE__ */ BigInt(4);
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/secp256k1.js
function sqrtMod(y) {
  const P = secp256k1_CURVE.p;
  const _3n3 = BigInt(3), _6n = BigInt(6), _11n = BigInt(11), _22n = BigInt(22);
  const _23n = BigInt(23), _44n = BigInt(44), _88n = BigInt(88);
  const b2 = y * y * y % P;
  const b3 = b2 * b2 * y % P;
  const b6 = pow2(b3, _3n3, P) * b3 % P;
  const b9 = pow2(b6, _3n3, P) * b3 % P;
  const b11 = pow2(b9, _2n3, P) * b2 % P;
  const b22 = pow2(b11, _11n, P) * b11 % P;
  const b44 = pow2(b22, _22n, P) * b22 % P;
  const b88 = pow2(b44, _44n, P) * b44 % P;
  const b176 = pow2(b88, _88n, P) * b88 % P;
  const b220 = pow2(b176, _44n, P) * b44 % P;
  const b223 = pow2(b220, _3n3, P) * b3 % P;
  const t1 = pow2(b223, _23n, P) * b22 % P;
  const t2 = pow2(t1, _6n, P) * b2 % P;
  const root = pow2(t2, _2n3, P);
  if (!Fpk1.eql(Fpk1.sqr(root), y))
    throw new Error("Cannot find square root");
  return root;
}
var secp256k1_CURVE, secp256k1_ENDO, _2n3, Fpk1, Pointk1, secp256k1;
var init_secp256k1 = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/secp256k1.js"() {
    init_sha2();
    init_modular();
    init_weierstrass();
    secp256k1_CURVE = {
      p: BigInt("0xfffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"),
      n: BigInt("0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"),
      h: BigInt(1),
      a: BigInt(0),
      b: BigInt(7),
      Gx: BigInt("0x79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
      Gy: BigInt("0x483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
    };
    secp256k1_ENDO = {
      beta: BigInt("0x7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee"),
      basises: [
        [BigInt("0x3086d221a7d46bcde86c90e49284eb15"), -BigInt("0xe4437ed6010e88286f547fa90abfe4c3")],
        [BigInt("0x114ca50f7a8e2f3f657c1108d9d44cfd8"), BigInt("0x3086d221a7d46bcde86c90e49284eb15")]
      ]
    };
    _2n3 = /* @__PURE__ */ BigInt(2);
    Fpk1 = /* @__PURE__ */ Field(secp256k1_CURVE.p, { sqrt: sqrtMod });
    Pointk1 = /* @__PURE__ */ weierstrass(secp256k1_CURVE, {
      Fp: Fpk1,
      endo: secp256k1_ENDO
    });
    secp256k1 = /* @__PURE__ */ ecdsa(Pointk1, sha256);
  }
});

// ../../../work/wt/perf/src/verify/secp256k1-recovery.ts
var secp256k1_recovery_exports = {};
__export(secp256k1_recovery_exports, {
  recoverSecp256k1Keys: () => recoverSecp256k1Keys
});
function recoverSecp256k1Keys(digest2, derSignature) {
  let parsed;
  try {
    parsed = secp256k1.Signature.fromBytes(derSignature, "der");
  } catch {
    return [];
  }
  const candidates = [];
  for (let recovery2 = 0; recovery2 < 4; recovery2 += 1) {
    try {
      candidates.push(parsed.addRecoveryBit(recovery2).recoverPublicKey(digest2).toBytes(true));
    } catch {
    }
  }
  return candidates;
}
var init_secp256k1_recovery = __esm({
  "../../../work/wt/perf/src/verify/secp256k1-recovery.ts"() {
    "use strict";
    init_secp256k1();
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/abstract/edwards.js
function isEdValidXY(Fp2, CURVE, x, y) {
  const x2 = Fp2.sqr(x);
  const y2 = Fp2.sqr(y);
  const left = Fp2.add(Fp2.mul(CURVE.a, x2), y2);
  const right = Fp2.add(Fp2.ONE, Fp2.mul(CURVE.d, Fp2.mul(x2, y2)));
  return Fp2.eql(left, right);
}
function edwards(params, extraOpts = {}) {
  validateObject(extraOpts, {}, {}, "extraOpts");
  const opts = extraOpts;
  const validated = createCurveFields("edwards", params, opts, opts.FpFnLE);
  const { Fp: Fp2, Fn } = validated;
  let CURVE = validated.CURVE;
  const { h: cofactor } = CURVE;
  if (FpLegendre(Fp2, CURVE.a) !== 1)
    throw new Error("edwards: CURVE.a must be a square in Fp for complete addition formulas");
  if (FpLegendre(Fp2, CURVE.d) !== -1)
    throw new Error("edwards: CURVE.d must be a non-square in Fp for complete addition formulas");
  validateObject(opts, {}, { uvRatio: "function", randomBytes: "function" });
  const randomBytes4 = opts.randomBytes === void 0 ? randomBytes3 : opts.randomBytes;
  const MASK = _2n4 << BigInt(Fp2.BYTES * 8) - _1n5;
  function isOdd(n) {
    if (!Fp2.isOdd)
      throw new Error("Field does not have .isOdd()");
    return Fp2.isOdd(n);
  }
  const uvRatio2 = opts.uvRatio === void 0 ? (u, v2) => {
    try {
      return { isValid: true, value: Fp2.sqrt(Fp2.div(u, v2)) };
    } catch (e) {
      return { isValid: false, value: _0n6 };
    }
  } : opts.uvRatio;
  if (!isEdValidXY(Fp2, CURVE, CURVE.Gx, CURVE.Gy))
    throw new Error("bad curve params: generator point");
  const mulA = Fp2.eql(CURVE.a, Fp2.neg(Fp2.ONE)) ? (x) => Fp2.neg(x) : Fp2.eql(CURVE.a, Fp2.ONE) ? (x) => x : (x) => Fp2.mul(CURVE.a, x);
  function acoord(title, n, banZero = false) {
    const min = banZero ? _1n5 : _0n6;
    aInRange("coordinate " + title, n, min, MASK);
    return n;
  }
  function aedpoint(other) {
    if (!(other instanceof Point))
      throw new Error("EdwardsPoint expected");
  }
  class Point {
    static BASE = new Point(CURVE.Gx, CURVE.Gy, Fp2.ONE, Fp2.mul(CURVE.Gx, CURVE.Gy));
    static ZERO = new Point(Fp2.ZERO, Fp2.ONE, Fp2.ONE, Fp2.ZERO);
    static Fp = Fp2;
    static Fn = Fn;
    X;
    Y;
    Z;
    T;
    constructor(X, Y, Z, T) {
      this.X = acoord("x", X);
      this.Y = acoord("y", Y);
      this.Z = acoord("z", Z, true);
      this.T = acoord("t", T);
      Object.freeze(this);
    }
    static CURVE() {
      return CURVE;
    }
    /**
     * Create one extended Edwards point from affine coordinates.
     * Does NOT validate that the point is on-curve or torsion-free.
     * Use `.assertValidity()` on adversarial inputs.
     */
    static fromAffine(p) {
      if (p instanceof Point)
        throw new Error("extended point not allowed");
      const { x, y } = p || {};
      acoord("x", x);
      acoord("y", y);
      return new Point(x, y, Fp2.ONE, Fp2.mul(x, y));
    }
    // Uses algo from RFC8032 5.1.3.
    static fromBytes(bytes, zip215 = false) {
      const len = Fp2.BYTES;
      const { a, d } = CURVE;
      bytes = copyBytes(abytes2(bytes, len, "point"));
      abool(zip215, "zip215");
      const normed = copyBytes(bytes);
      const lastByte = bytes[len - 1];
      normed[len - 1] = lastByte & ~128;
      const y = bytesToNumberLE(normed);
      const max = zip215 ? MASK : Fp2.ORDER;
      aInRange("point.y", y, _0n6, max);
      const y2 = Fp2.sqr(y);
      const u = Fp2.sub(y2, Fp2.ONE);
      const v2 = Fp2.sub(Fp2.mulN(d, y2), a);
      let { isValid, value: x } = uvRatio2(u, v2);
      if (!isValid)
        throw new Error("bad point: invalid y coordinate");
      const isXOdd = isOdd(x);
      const isLastByteOdd = (lastByte & 128) !== 0;
      if (!zip215 && Fp2.is0(x) && isLastByteOdd)
        throw new Error("bad point: x=0 and x_0=1");
      if (isLastByteOdd !== isXOdd)
        x = Fp2.neg(x);
      return Point.fromAffine({ x, y });
    }
    static fromHex(hex, zip215 = false) {
      return Point.fromBytes(hexToBytes3(hex), zip215);
    }
    get x() {
      return this.toAffine().x;
    }
    get y() {
      return this.toAffine().y;
    }
    precompute(windowSize = 6, isLazy = true) {
      wnaf.setWindowSize(this, windowSize);
      if (!isLazy)
        this.multiply(_2n4);
      return this;
    }
    // Useful in fromAffine() - not for fromBytes(), which always created valid points.
    assertValidity() {
      const p = this;
      const { a, d } = CURVE;
      if (p.is0())
        throw new Error("bad point: ZERO");
      const { X, Y, Z, T } = p;
      const X2 = Fp2.sqr(X);
      const Y2 = Fp2.sqr(Y);
      const Z2 = Fp2.sqr(Z);
      const Z4 = Fp2.sqr(Z2);
      const aX2 = Fp2.mul(X2, a);
      const left = Fp2.mul(Fp2.add(aX2, Y2), Z2);
      const right = Fp2.add(Z4, Fp2.mul(d, Fp2.mul(X2, Y2)));
      if (!Fp2.eql(left, right))
        throw new Error("bad point: equation left != right (1)");
      const XY = Fp2.mul(X, Y);
      const ZT = Fp2.mul(Z, T);
      if (!Fp2.eql(XY, ZT))
        throw new Error("bad point: equation left != right (2)");
    }
    // Compare one point to another.
    equals(other) {
      aedpoint(other);
      const { X: X1, Y: Y1, Z: Z1 } = this;
      const { X: X2, Y: Y2, Z: Z2 } = other;
      const X1Z2 = Fp2.mul(X1, Z2);
      const X2Z1 = Fp2.mul(X2, Z1);
      const Y1Z2 = Fp2.mul(Y1, Z2);
      const Y2Z1 = Fp2.mul(Y2, Z1);
      return Fp2.eql(X1Z2, X2Z1) && Fp2.eql(Y1Z2, Y2Z1);
    }
    is0() {
      return this.equals(Point.ZERO);
    }
    negate() {
      return new Point(Fp2.neg(this.X), this.Y, this.Z, Fp2.neg(this.T));
    }
    // Fast algo for doubling Extended Point.
    // https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html#doubling-dbl-2008-hwcd
    // Cost: 4M + 4S + 1*a + 6add + 1*2.
    double() {
      const { X: X1, Y: Y1, Z: Z1 } = this;
      const A = Fp2.sqr(X1);
      const B = Fp2.sqr(Y1);
      const C = Fp2.mul(Fp2.sqr(Z1), _2n4);
      const D = mulA(A);
      const x1y1 = Fp2.addN(X1, Y1);
      const E = Fp2.sub(Fp2.subN(Fp2.sqr(x1y1), A), B);
      const G = Fp2.addN(D, B);
      const F = Fp2.subN(G, C);
      const H = Fp2.subN(D, B);
      const X3 = Fp2.mul(E, F);
      const Y3 = Fp2.mul(G, H);
      const T3 = Fp2.mul(E, H);
      const Z3 = Fp2.mul(F, G);
      return new Point(X3, Y3, Z3, T3);
    }
    // Fast algo for adding 2 Extended Points.
    // https://hyperelliptic.org/EFD/g1p/auto-twisted-extended.html#addition-add-2008-hwcd
    // Cost: 9M + 1*a + 1*d + 7add.
    add(other) {
      aedpoint(other);
      const { d } = CURVE;
      const { X: X1, Y: Y1, Z: Z1, T: T1 } = this;
      const { X: X2, Y: Y2, Z: Z2, T: T2 } = other;
      const A = Fp2.mul(X1, X2);
      const B = Fp2.mul(Y1, Y2);
      const C = Fp2.mul(Fp2.mulN(T1, d), T2);
      const D = Fp2.mul(Z1, Z2);
      const E = Fp2.sub(Fp2.subN(Fp2.mulN(Fp2.addN(X1, Y1), Fp2.addN(X2, Y2)), A), B);
      const F = Fp2.subN(D, C);
      const G = Fp2.addN(D, C);
      const H = Fp2.sub(B, mulA(A));
      const X3 = Fp2.mul(E, F);
      const Y3 = Fp2.mul(G, H);
      const T3 = Fp2.mul(E, H);
      const Z3 = Fp2.mul(F, G);
      return new Point(X3, Y3, Z3, T3);
    }
    subtract(other) {
      aedpoint(other);
      return this.add(other.negate());
    }
    // Constant-time multiplication.
    multiply(scalar) {
      if (!Fn.isValidNot0(scalar))
        throw new RangeError("invalid scalar: expected 1 <= sc < curve.n");
      const { p, f } = wnaf.mulSecret(this, scalar, cofactor, normalize);
      return normalize([p, f])[0];
    }
    // Non-constant-time multiplication. Uses double-and-add algorithm.
    // It's faster, but should only be used when you don't care about
    // an exposed private key e.g. sig verification.
    // Keeps the same subgroup-scalar contract: 0 is allowed for public-scalar callers, but
    // n and larger values are rejected instead of being reduced mod n to the identity point.
    multiplyUnsafe(scalar) {
      if (!Fn.isValid(scalar))
        throw new RangeError("invalid scalar: expected 0 <= sc < curve.n");
      if (scalar === _0n6)
        return Point.ZERO;
      if (this.is0() || scalar === _1n5)
        return this;
      return wnaf.mulUnsafe(this, scalar, normalize);
    }
    // Checks if point is of small order.
    // If you add something to small order point, you will have "dirty"
    // point with torsion component.
    // Clears cofactor and checks if the result is 0.
    isSmallOrder() {
      return this.clearCofactor().is0();
    }
    // Multiplies point by curve order and checks if the result is 0.
    // Returns `false` is the point is dirty.
    isTorsionFree() {
      return wnaf.mulUnsafe(this, CURVE.n).is0();
    }
    // Converts Extended point to default (x, y) coordinates.
    // Can accept precomputed Z^-1 - for example, from invertBatch.
    toAffine(invertedZ) {
      const p = this;
      let iz = invertedZ;
      if (iz != null && typeof iz !== "bigint")
        throw new TypeError('"invertedZ" expected bigint, got type=' + typeof iz);
      const { X, Y, Z } = p;
      const is0 = p.is0();
      if (iz == null)
        iz = is0 ? Fp2.create(_8n2) : Fp2.inv(Z);
      const x = Fp2.mul(X, iz);
      const y = Fp2.mul(Y, iz);
      const zz = Fp2.mul(Z, iz);
      if (is0)
        return { x: Fp2.ZERO, y: Fp2.ONE };
      if (!Fp2.eql(zz, Fp2.ONE))
        throw new Error("invZ was invalid");
      return { x, y };
    }
    clearCofactor() {
      if (cofactor === _1n5)
        return this;
      if (cofactor === _2n4)
        return this.double();
      if (cofactor === _4n4)
        return this.double().double();
      if (cofactor === _8n2)
        return this.double().double().double();
      return this.multiplyUnsafe(cofactor);
    }
    toBytes() {
      const { x, y } = this.toAffine();
      const bytes = Fp2.toBytes(y);
      bytes[bytes.length - 1] |= isOdd(x) ? 128 : 0;
      return bytes;
    }
    toHex() {
      return bytesToHex3(this.toBytes());
    }
    toString() {
      return `<Point ${this.is0() ? "ZERO" : this.toHex()}>`;
    }
  }
  const normalize = (points) => normalizeZ(Point, points);
  const wnaf = new ScalarMultiplier(Point, randomBytes4);
  if (wnaf.bits >= 6)
    Point.BASE.precompute(6);
  Object.freeze(Point.prototype);
  Object.freeze(Point);
  return Point;
}
function eddsa(Point, cHash, eddsaOpts = {}) {
  validatePointCons(Point);
  if (typeof cHash !== "function")
    throw new Error('"hash" function param is required');
  const hash = cHash;
  const opts = eddsaOpts;
  validateObject(opts, {}, {
    adjustScalarBytes: "function",
    randomBytes: "function",
    domain: "function",
    prehash: "function",
    zip215: "boolean",
    mapToCurve: "function",
    toMontgomery: "function",
    toMontgomerySecret: "function"
  });
  const { prehash } = opts;
  const { BASE, Fp: Fp2, Fn } = Point;
  const outputLen = hash.outputLen;
  const expectedLen = 2 * Fp2.BYTES;
  if (outputLen !== void 0) {
    asafenumber(outputLen, "hash.outputLen");
    if (outputLen !== expectedLen)
      throw new Error(`hash.outputLen must be ${expectedLen}, got ${outputLen}`);
  }
  const randomBytes4 = opts.randomBytes === void 0 ? randomBytes3 : opts.randomBytes;
  const toMontgomery2 = opts.toMontgomery;
  const toMontgomerySecret2 = opts.toMontgomerySecret;
  const adjustScalarBytes2 = opts.adjustScalarBytes === void 0 ? (bytes) => bytes : opts.adjustScalarBytes;
  const domain = opts.domain === void 0 ? (data, ctx, phflag) => {
    abool(phflag, "phflag");
    if (ctx.length || phflag)
      throw new Error("Contexts/pre-hash are not supported");
    return data;
  } : opts.domain;
  function modN_LE(hash2) {
    return Fn.create(bytesToNumberLE(hash2));
  }
  function getPrivateScalar(key) {
    const len = lengths.secretKey;
    abytes2(key, lengths.secretKey, "secretKey");
    const hashed = abytes2(hash(key), 2 * len, "hashedSecretKey");
    const head = adjustScalarBytes2(hashed.slice(0, len));
    const prefix = hashed.slice(len, 2 * len);
    const scalar = modN_LE(head);
    return { head, prefix, scalar };
  }
  function getExtendedPublicKey(secretKey) {
    const { head, prefix, scalar } = getPrivateScalar(secretKey);
    const point = BASE.multiply(scalar);
    const pointBytes = point.toBytes();
    return { head, prefix, scalar, point, pointBytes };
  }
  function getPublicKey(secretKey) {
    return getExtendedPublicKey(secretKey).pointBytes;
  }
  function hashDomainToScalar(context = Uint8Array.of(), ...msgs) {
    const msg = concatBytes2(...msgs);
    return modN_LE(hash(domain(msg, abytes2(context, void 0, "context"), !!prehash)));
  }
  function sign2(msg, secretKey, options = {}) {
    validateObject(options, {}, {}, "options");
    msg = copyBytes(abytes2(msg, void 0, "message"));
    if (prehash)
      msg = prehash(msg);
    const { prefix, scalar, pointBytes } = getExtendedPublicKey(secretKey);
    const r = hashDomainToScalar(options.context, prefix, msg);
    const R = BASE.multiply(r).toBytes();
    const k = hashDomainToScalar(options.context, R, pointBytes, msg);
    const s = Fn.create(r + k * scalar);
    if (!Fn.isValid(s))
      throw new Error("sign failed: invalid s");
    const rs = concatBytes2(R, Fn.toBytes(s));
    return abytes2(rs, lengths.signature, "result");
  }
  const verifyOpts = {
    zip215: opts.zip215
  };
  function verify(sig, msg, publicKey, options = verifyOpts) {
    validateObject(options);
    const { context } = options;
    const zip215 = options.zip215 === void 0 ? !!verifyOpts.zip215 : options.zip215;
    const len = lengths.signature;
    sig = abytes2(sig, len, "signature");
    msg = abytes2(msg, void 0, "message");
    publicKey = abytes2(publicKey, lengths.publicKey, "publicKey");
    if (zip215 !== void 0)
      abool(zip215, "zip215");
    if (prehash)
      msg = prehash(msg);
    const mid = len / 2;
    const r = sig.subarray(0, mid);
    const s = bytesToNumberLE(sig.subarray(mid, len));
    let A, R, SB;
    try {
      A = Point.fromBytes(publicKey, zip215);
      R = Point.fromBytes(r, zip215);
      SB = BASE.multiplyUnsafe(s);
    } catch (error) {
      return false;
    }
    if (!zip215 && A.isSmallOrder())
      return false;
    const k = hashDomainToScalar(context, r, publicKey, msg);
    const RkA = R.add(A.multiplyUnsafe(k));
    return RkA.subtract(SB).clearCofactor().is0();
  }
  const _size = Fp2.BYTES;
  const lengths = {
    secretKey: _size,
    publicKey: _size,
    signature: 2 * _size,
    seed: _size
  };
  function randomSecretKey(seed) {
    seed = seed === void 0 ? randomBytes4(lengths.seed) : seed;
    return abytes2(seed, lengths.seed, "seed");
  }
  function isValidSecretKey(key) {
    return isBytes2(key) && key.length === lengths.secretKey;
  }
  function isValidPublicKey(key, zip215) {
    try {
      return !!Point.fromBytes(key, zip215 === void 0 ? verifyOpts.zip215 : zip215);
    } catch (error) {
      return false;
    }
  }
  const utils = {
    getExtendedPublicKey,
    randomSecretKey,
    isValidSecretKey,
    isValidPublicKey,
    /** Converts an Edwards public key to a companion Montgomery public key. */
    toMontgomery(publicKey) {
      if (toMontgomery2 === void 0)
        throw new Error("Montgomery conversion is not supported for this curve");
      return toMontgomery2(Point.fromBytes(publicKey));
    },
    toMontgomerySecret(secretKey) {
      if (toMontgomerySecret2 === void 0)
        throw new Error("Montgomery conversion is not supported for this curve");
      return toMontgomerySecret2(secretKey);
    }
  };
  Object.freeze(lengths);
  Object.freeze(utils);
  return Object.freeze({
    keygen: createKeygen(randomSecretKey, getPublicKey),
    getPublicKey,
    sign: sign2,
    verify,
    utils,
    Point,
    lengths
  });
}
var _0n6, _1n5, _2n4, _4n4, _8n2;
var init_edwards = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/abstract/edwards.js"() {
    init_utils2();
    init_curve();
    init_modular();
    _0n6 = /* @__PURE__ */ BigInt(0);
    _1n5 = /* @__PURE__ */ BigInt(1);
    _2n4 = /* @__PURE__ */ BigInt(2);
    _4n4 = /* @__PURE__ */ BigInt(4);
    _8n2 = /* @__PURE__ */ BigInt(8);
  }
});

// ../../../work/wt/perf/node_modules/@noble/curves/ed25519.js
function ed25519_pow_2_252_3(x) {
  const _10n = BigInt(10), _20n = BigInt(20), _40n = BigInt(40), _80n = BigInt(80);
  const P = ed25519_CURVE_p;
  const x2 = x * x % P;
  const b2 = x2 * x % P;
  const b4 = pow2(b2, _2n5, P) * b2 % P;
  const b5 = pow2(b4, _1n6, P) * x % P;
  const b10 = pow2(b5, _5n2, P) * b5 % P;
  const b20 = pow2(b10, _10n, P) * b10 % P;
  const b40 = pow2(b20, _20n, P) * b20 % P;
  const b80 = pow2(b40, _40n, P) * b40 % P;
  const b160 = pow2(b80, _80n, P) * b80 % P;
  const b240 = pow2(b160, _80n, P) * b80 % P;
  const b250 = pow2(b240, _10n, P) * b10 % P;
  const pow_p_5_8 = pow2(b250, _2n5, P) * x % P;
  return { pow_p_5_8, b2 };
}
function adjustScalarBytes(bytes) {
  bytes[0] &= 248;
  bytes[31] &= 127;
  bytes[31] |= 64;
  return bytes;
}
function uvRatio(u, v2) {
  const P = ed25519_CURVE_p;
  const v3 = mod(v2 * v2 * v2, P);
  const v7 = mod(v3 * v3 * v2, P);
  const pow3 = ed25519_pow_2_252_3(u * v7).pow_p_5_8;
  let x = mod(u * v3 * pow3, P);
  const vx2 = mod(v2 * x * x, P);
  const root1 = x;
  const root2 = mod(x * ED25519_SQRT_M1, P);
  const useRoot1 = vx2 === u;
  const useRoot2 = vx2 === mod(-u, P);
  const noRoot = vx2 === mod(-u * ED25519_SQRT_M1, P);
  if (useRoot1)
    x = root1;
  if (useRoot2 || noRoot)
    x = root2;
  if (isNegativeLE(x, P))
    x = mod(-x, P);
  return { isValid: useRoot1 || useRoot2, value: x };
}
function toMontgomery(point) {
  const { y } = point;
  return Fp.toBytes(Fp.div(_1n6 + y, _1n6 - y));
}
function toMontgomerySecret(secretKey) {
  const size = ed25519_Point.Fp.BYTES;
  abytes(secretKey, size);
  return adjustScalarBytes(sha512(secretKey.subarray(0, size))).subarray(0, size);
}
function ed(opts) {
  return eddsa(ed25519_Point, sha512, Object.assign({ adjustScalarBytes, toMontgomery, toMontgomerySecret, zip215: true }, opts));
}
var _1n6, _2n5, _5n2, _8n3, ed25519_CURVE_p, ed25519_CURVE, ED25519_SQRT_M1, ed25519_Point, Fp, ed25519;
var init_ed25519 = __esm({
  "../../../work/wt/perf/node_modules/@noble/curves/ed25519.js"() {
    init_sha2();
    init_utils();
    init_edwards();
    init_modular();
    _1n6 = /* @__PURE__ */ BigInt(1);
    _2n5 = /* @__PURE__ */ BigInt(2);
    _5n2 = /* @__PURE__ */ BigInt(5);
    _8n3 = /* @__PURE__ */ BigInt(8);
    ed25519_CURVE_p = /* @__PURE__ */ BigInt("0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed");
    ed25519_CURVE = /* @__PURE__ */ (() => ({
      p: ed25519_CURVE_p,
      n: BigInt("0x1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed"),
      h: _8n3,
      a: BigInt("0x7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffec"),
      d: BigInt("0x52036cee2b6ffe738cc740797779e89800700a4d4141d8ab75eb4dca135978a3"),
      Gx: BigInt("0x216936d3cd6e53fec0a4e231fdd6dc5c692cc7609525a7b2c9562d608f25d51a"),
      Gy: BigInt("0x6666666666666666666666666666666666666666666666666666666666666658")
    }))();
    ED25519_SQRT_M1 = /* @__PURE__ */ BigInt("19681161376707505956807079304988542015446066515923890162744021073123829784752");
    ed25519_Point = /* @__PURE__ */ edwards(ed25519_CURVE, { uvRatio });
    Fp = /* @__PURE__ */ (() => ed25519_Point.Fp)();
    ed25519 = /* @__PURE__ */ ed({});
  }
});

// ../../../work/wt/perf/node_modules/@noble/hashes/legacy.js
function ripemd_f(group, x, y, z) {
  if (group === 0)
    return x ^ y ^ z;
  if (group === 1)
    return x & y | ~x & z;
  if (group === 2)
    return (x | ~y) ^ z;
  if (group === 3)
    return x & z | y & ~z;
  return x ^ (y | ~z);
}
var Rho160, Id160, Pi160, idxLR, idxL, idxR, shifts160, shiftsL160, shiftsR160, Kl160, Kr160, BUF_160, _RIPEMD160, ripemd160;
var init_legacy = __esm({
  "../../../work/wt/perf/node_modules/@noble/hashes/legacy.js"() {
    init_md();
    init_utils();
    Rho160 = /* @__PURE__ */ Uint8Array.from([
      7,
      4,
      13,
      1,
      10,
      6,
      15,
      3,
      12,
      0,
      9,
      5,
      2,
      14,
      11,
      8
    ]);
    Id160 = /* @__PURE__ */ (() => Uint8Array.from(new Array(16).fill(0).map((_, i) => i)))();
    Pi160 = /* @__PURE__ */ (() => Id160.map((i) => (9 * i + 5) % 16))();
    idxLR = /* @__PURE__ */ (() => {
      const L = [Id160];
      const R = [Pi160];
      const res = [L, R];
      for (let i = 0; i < 4; i++)
        for (let j2 of res)
          j2.push(j2[i].map((k) => Rho160[k]));
      return res;
    })();
    idxL = /* @__PURE__ */ (() => idxLR[0])();
    idxR = /* @__PURE__ */ (() => idxLR[1])();
    shifts160 = /* @__PURE__ */ [
      [11, 14, 15, 12, 5, 8, 7, 9, 11, 13, 14, 15, 6, 7, 9, 8],
      [12, 13, 11, 15, 6, 9, 9, 7, 12, 15, 11, 13, 7, 8, 7, 7],
      [13, 15, 14, 11, 7, 7, 6, 8, 13, 14, 13, 12, 5, 5, 6, 9],
      [14, 11, 12, 14, 8, 6, 5, 5, 15, 12, 15, 14, 9, 9, 8, 6],
      [15, 12, 13, 13, 9, 5, 8, 6, 14, 11, 12, 11, 8, 6, 5, 5]
    ].map((i) => Uint8Array.from(i));
    shiftsL160 = /* @__PURE__ */ idxL.map((idx, i) => idx.map((j2) => shifts160[i][j2]));
    shiftsR160 = /* @__PURE__ */ idxR.map((idx, i) => idx.map((j2) => shifts160[i][j2]));
    Kl160 = /* @__PURE__ */ Uint32Array.from([
      0,
      1518500249,
      1859775393,
      2400959708,
      2840853838
    ]);
    Kr160 = /* @__PURE__ */ Uint32Array.from([
      1352829926,
      1548603684,
      1836072691,
      2053994217,
      0
    ]);
    BUF_160 = /* @__PURE__ */ new Uint32Array(16);
    _RIPEMD160 = class extends HashMD {
      h0 = 1732584193 | 0;
      h1 = 4023233417 | 0;
      h2 = 2562383102 | 0;
      h3 = 271733878 | 0;
      h4 = 3285377520 | 0;
      constructor() {
        super(64, 20, 8, true);
      }
      get() {
        const { h0, h1, h2, h3, h4 } = this;
        return [h0, h1, h2, h3, h4];
      }
      set(h0, h1, h2, h3, h4) {
        this.h0 = h0 | 0;
        this.h1 = h1 | 0;
        this.h2 = h2 | 0;
        this.h3 = h3 | 0;
        this.h4 = h4 | 0;
      }
      _cloneInto(to) {
        (to ||= new this.constructor()).set(...this.get());
        return this._cloneIntoMeta(to);
      }
      process(view, offset) {
        for (let i = 0; i < 16; i++, offset += 4)
          BUF_160[i] = view.getUint32(offset, true);
        let al = this.h0 | 0, ar = al, bl = this.h1 | 0, br = bl, cl = this.h2 | 0, cr = cl, dl = this.h3 | 0, dr = dl, el = this.h4 | 0, er = el;
        for (let group = 0; group < 5; group++) {
          const rGroup = 4 - group;
          const hbl = Kl160[group], hbr = Kr160[group];
          const rl = idxL[group], rr = idxR[group];
          const sl = shiftsL160[group], sr = shiftsR160[group];
          for (let i = 0; i < 16; i++) {
            const tl = rotl(al + ripemd_f(group, bl, cl, dl) + BUF_160[rl[i]] + hbl, sl[i]) + el | 0;
            al = el, el = dl, dl = rotl(cl, 10) | 0, cl = bl, bl = tl;
          }
          for (let i = 0; i < 16; i++) {
            const tr = rotl(ar + ripemd_f(rGroup, br, cr, dr) + BUF_160[rr[i]] + hbr, sr[i]) + er | 0;
            ar = er, er = dr, dr = rotl(cr, 10) | 0, cr = br, br = tr;
          }
        }
        this.set(this.h1 + cl + dr | 0, this.h2 + dl + er | 0, this.h3 + el + ar | 0, this.h4 + al + br | 0, this.h0 + bl + cr | 0);
      }
      roundClean() {
        clean(BUF_160);
      }
      destroy() {
        this.destroyed = true;
        clean(this.buffer);
        this.set(0, 0, 0, 0, 0);
      }
    };
    ripemd160 = /* @__PURE__ */ createHasher(() => new _RIPEMD160());
  }
});

// ../../../work/wt/perf/src/verify/noble-crypto.ts
var noble_crypto_exports = {};
__export(noble_crypto_exports, {
  createNobleBackend: () => createNobleBackend
});
function littleEndianToBigInt(bytes) {
  let value = 0n;
  for (let index = bytes.length - 1; index >= 0; index -= 1) value = value << 8n | BigInt(bytes[index]);
  return value;
}
function verifyEd25519Cofactorless(data, signature, publicKey32) {
  try {
    const point = ed25519.Point.fromBytes(publicKey32);
    const r = signature.subarray(0, 32);
    const s = littleEndianToBigInt(signature.subarray(32, 64));
    const digest2 = sha512.create().update(r).update(publicKey32).update(data).digest();
    const k = littleEndianToBigInt(digest2) % ED25519_ORDER2;
    const base = s === 0n ? ed25519.Point.ZERO : ed25519.Point.BASE.multiply(s);
    const kA = k === 0n ? ed25519.Point.ZERO : point.multiplyUnsafe(k);
    return bytesEqual(base.subtract(kA).toBytes(), r);
  } catch {
    return false;
  }
}
function sha512Half(data) {
  return sha512(data).subarray(0, 32);
}
function verifySignature(algorithm, data, signature, publicKey) {
  if (algorithm === "ed25519") {
    const publicKey32 = publicKey.subarray(1);
    return ed25519.verify(signature, data, publicKey32, { zip215: false }) && verifyEd25519Cofactorless(data, signature, publicKey32);
  }
  const compact = secp256k1.Signature.fromBytes(signature, "der").toBytes("compact");
  return secp256k1.verify(compact, sha512Half(data), publicKey, { prehash: false });
}
function createNobleBackend() {
  return {
    parts: allParts("noble"),
    verify(algorithm, data, signature, publicKey) {
      try {
        return verifySignature(algorithm, data, signature, publicKey);
      } catch {
        return false;
      }
    },
    sha512Half,
    accountId(publicKey) {
      return ripemd160(sha256(publicKey));
    },
    sha256(data) {
      return sha256(data);
    }
  };
}
var ED25519_ORDER2;
var init_noble_crypto = __esm({
  "../../../work/wt/perf/src/verify/noble-crypto.ts"() {
    "use strict";
    init_ed25519();
    init_secp256k1();
    init_legacy();
    init_sha2();
    init_hex();
    init_signature_backend();
    ED25519_ORDER2 = 2n ** 252n + 27742317777372353535851937790883648493n;
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/constants.js
var require_constants = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/constants.js"(exports, module) {
    "use strict";
    var BINARY_TYPES = ["nodebuffer", "arraybuffer", "fragments"];
    var hasBlob = typeof Blob !== "undefined";
    if (hasBlob) BINARY_TYPES.push("blob");
    module.exports = {
      BINARY_TYPES,
      CLOSE_TIMEOUT: 3e4,
      EMPTY_BUFFER: Buffer.alloc(0),
      GUID: "258EAFA5-E914-47DA-95CA-C5AB0DC85B11",
      hasBlob,
      kForOnEventAttribute: /* @__PURE__ */ Symbol("kIsForOnEventAttribute"),
      kListener: /* @__PURE__ */ Symbol("kListener"),
      kStatusCode: /* @__PURE__ */ Symbol("status-code"),
      kWebSocket: /* @__PURE__ */ Symbol("websocket"),
      NOOP: () => {
      }
    };
  }
});

// ../../../work/wt/perf/node_modules/node-gyp-build/node-gyp-build.js
var require_node_gyp_build = __commonJS({
  "../../../work/wt/perf/node_modules/node-gyp-build/node-gyp-build.js"(exports, module) {
    var fs = __require("fs");
    var path = __require("path");
    var os = __require("os");
    var runtimeRequire = typeof __webpack_require__ === "function" ? __non_webpack_require__ : __require;
    var vars = process.config && process.config.variables || {};
    var prebuildsOnly = !!process.env.PREBUILDS_ONLY;
    var abi = process.versions.modules;
    var runtime = isElectron() ? "electron" : isNwjs() ? "node-webkit" : "node";
    var arch = process.env.npm_config_arch || os.arch();
    var platform = process.env.npm_config_platform || os.platform();
    var libc = process.env.LIBC || (isAlpine(platform) ? "musl" : "glibc");
    var armv = process.env.ARM_VERSION || (arch === "arm64" ? "8" : vars.arm_version) || "";
    var uv = (process.versions.uv || "").split(".")[0];
    module.exports = load;
    function load(dir) {
      return runtimeRequire(load.resolve(dir));
    }
    load.resolve = load.path = function(dir) {
      dir = path.resolve(dir || ".");
      try {
        var name = runtimeRequire(path.join(dir, "package.json")).name.toUpperCase().replace(/-/g, "_");
        if (process.env[name + "_PREBUILD"]) dir = process.env[name + "_PREBUILD"];
      } catch (err) {
      }
      if (!prebuildsOnly) {
        var release = getFirst(path.join(dir, "build/Release"), matchBuild);
        if (release) return release;
        var debug = getFirst(path.join(dir, "build/Debug"), matchBuild);
        if (debug) return debug;
      }
      var prebuild = resolve(dir);
      if (prebuild) return prebuild;
      var nearby = resolve(path.dirname(process.execPath));
      if (nearby) return nearby;
      var target = [
        "platform=" + platform,
        "arch=" + arch,
        "runtime=" + runtime,
        "abi=" + abi,
        "uv=" + uv,
        armv ? "armv=" + armv : "",
        "libc=" + libc,
        "node=" + process.versions.node,
        process.versions.electron ? "electron=" + process.versions.electron : "",
        typeof __webpack_require__ === "function" ? "webpack=true" : ""
        // eslint-disable-line
      ].filter(Boolean).join(" ");
      throw new Error("No native build was found for " + target + "\n    loaded from: " + dir + "\n");
      function resolve(dir2) {
        var tuples = readdirSync(path.join(dir2, "prebuilds")).map(parseTuple);
        var tuple = tuples.filter(matchTuple(platform, arch)).sort(compareTuples)[0];
        if (!tuple) return;
        var prebuilds = path.join(dir2, "prebuilds", tuple.name);
        var parsed = readdirSync(prebuilds).map(parseTags);
        var candidates = parsed.filter(matchTags(runtime, abi));
        var winner = candidates.sort(compareTags(runtime))[0];
        if (winner) return path.join(prebuilds, winner.file);
      }
    };
    function readdirSync(dir) {
      try {
        return fs.readdirSync(dir);
      } catch (err) {
        return [];
      }
    }
    function getFirst(dir, filter) {
      var files = readdirSync(dir).filter(filter);
      return files[0] && path.join(dir, files[0]);
    }
    function matchBuild(name) {
      return /\.node$/.test(name);
    }
    function parseTuple(name) {
      var arr = name.split("-");
      if (arr.length !== 2) return;
      var platform2 = arr[0];
      var architectures = arr[1].split("+");
      if (!platform2) return;
      if (!architectures.length) return;
      if (!architectures.every(Boolean)) return;
      return { name, platform: platform2, architectures };
    }
    function matchTuple(platform2, arch2) {
      return function(tuple) {
        if (tuple == null) return false;
        if (tuple.platform !== platform2) return false;
        return tuple.architectures.includes(arch2);
      };
    }
    function compareTuples(a, b) {
      return a.architectures.length - b.architectures.length;
    }
    function parseTags(file) {
      var arr = file.split(".");
      var extension2 = arr.pop();
      var tags = { file, specificity: 0 };
      if (extension2 !== "node") return;
      for (var i = 0; i < arr.length; i++) {
        var tag = arr[i];
        if (tag === "node" || tag === "electron" || tag === "node-webkit") {
          tags.runtime = tag;
        } else if (tag === "napi") {
          tags.napi = true;
        } else if (tag.slice(0, 3) === "abi") {
          tags.abi = tag.slice(3);
        } else if (tag.slice(0, 2) === "uv") {
          tags.uv = tag.slice(2);
        } else if (tag.slice(0, 4) === "armv") {
          tags.armv = tag.slice(4);
        } else if (tag === "glibc" || tag === "musl") {
          tags.libc = tag;
        } else {
          continue;
        }
        tags.specificity++;
      }
      return tags;
    }
    function matchTags(runtime2, abi2) {
      return function(tags) {
        if (tags == null) return false;
        if (tags.runtime && tags.runtime !== runtime2 && !runtimeAgnostic(tags)) return false;
        if (tags.abi && tags.abi !== abi2 && !tags.napi) return false;
        if (tags.uv && tags.uv !== uv) return false;
        if (tags.armv && tags.armv !== armv) return false;
        if (tags.libc && tags.libc !== libc) return false;
        return true;
      };
    }
    function runtimeAgnostic(tags) {
      return tags.runtime === "node" && tags.napi;
    }
    function compareTags(runtime2) {
      return function(a, b) {
        if (a.runtime !== b.runtime) {
          return a.runtime === runtime2 ? -1 : 1;
        } else if (a.abi !== b.abi) {
          return a.abi ? -1 : 1;
        } else if (a.specificity !== b.specificity) {
          return a.specificity > b.specificity ? -1 : 1;
        } else {
          return 0;
        }
      };
    }
    function isNwjs() {
      return !!(process.versions && process.versions.nw);
    }
    function isElectron() {
      if (process.versions && process.versions.electron) return true;
      if (process.env.ELECTRON_RUN_AS_NODE) return true;
      return typeof window !== "undefined" && window.process && window.process.type === "renderer";
    }
    function isAlpine(platform2) {
      return platform2 === "linux" && fs.existsSync("/etc/alpine-release");
    }
    load.parseTags = parseTags;
    load.matchTags = matchTags;
    load.compareTags = compareTags;
    load.parseTuple = parseTuple;
    load.matchTuple = matchTuple;
    load.compareTuples = compareTuples;
  }
});

// ../../../work/wt/perf/node_modules/node-gyp-build/index.js
var require_node_gyp_build2 = __commonJS({
  "../../../work/wt/perf/node_modules/node-gyp-build/index.js"(exports, module) {
    var runtimeRequire = typeof __webpack_require__ === "function" ? __non_webpack_require__ : __require;
    if (typeof runtimeRequire.addon === "function") {
      module.exports = runtimeRequire.addon.bind(runtimeRequire);
    } else {
      module.exports = require_node_gyp_build();
    }
  }
});

// ../../../work/wt/perf/node_modules/bufferutil/fallback.js
var require_fallback = __commonJS({
  "../../../work/wt/perf/node_modules/bufferutil/fallback.js"(exports, module) {
    "use strict";
    var mask = (source, mask2, output, offset, length) => {
      for (var i = 0; i < length; i++) {
        output[offset + i] = source[i] ^ mask2[i & 3];
      }
    };
    var unmask = (buffer, mask2) => {
      const length = buffer.length;
      for (var i = 0; i < length; i++) {
        buffer[i] ^= mask2[i & 3];
      }
    };
    module.exports = { mask, unmask };
  }
});

// ../../../work/wt/perf/node_modules/bufferutil/index.js
var require_bufferutil = __commonJS({
  "../../../work/wt/perf/node_modules/bufferutil/index.js"(exports, module) {
    "use strict";
    try {
      module.exports = require_node_gyp_build2()(__dirname);
    } catch (e) {
      module.exports = require_fallback();
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/buffer-util.js
var require_buffer_util = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/buffer-util.js"(exports, module) {
    "use strict";
    var { websocketMask, websocketUnmask } = __require("http");
    var { EMPTY_BUFFER } = require_constants();
    var FastBuffer = Buffer[Symbol.species];
    function concat2(list, totalLength) {
      if (list.length === 0) return EMPTY_BUFFER;
      if (list.length === 1) return list[0];
      const target = Buffer.allocUnsafe(totalLength);
      let offset = 0;
      for (let i = 0; i < list.length; i++) {
        const buf = list[i];
        target.set(buf, offset);
        offset += buf.length;
      }
      if (offset < totalLength) {
        return new FastBuffer(target.buffer, target.byteOffset, offset);
      }
      return target;
    }
    function _mask(source, mask, output, offset, length) {
      for (let i = 0; i < length; i++) {
        output[offset + i] = source[i] ^ mask[i & 3];
      }
    }
    function _unmask(buffer, mask) {
      for (let i = 0; i < buffer.length; i++) {
        buffer[i] ^= mask[i & 3];
      }
    }
    function toArrayBuffer(buf) {
      if (buf.length === buf.buffer.byteLength) {
        return buf.buffer;
      }
      return buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.length);
    }
    function toBuffer(data) {
      toBuffer.readOnly = true;
      if (Buffer.isBuffer(data)) return data;
      let buf;
      if (data instanceof ArrayBuffer) {
        buf = new FastBuffer(data);
      } else if (ArrayBuffer.isView(data)) {
        buf = new FastBuffer(data.buffer, data.byteOffset, data.byteLength);
      } else {
        buf = Buffer.from(data);
        toBuffer.readOnly = false;
      }
      return buf;
    }
    module.exports = {
      concat: concat2,
      mask: _mask,
      toArrayBuffer,
      toBuffer,
      unmask: _unmask
    };
    if (websocketMask) {
      module.exports.mask = function(source, mask, output, offset, length) {
        if (length < 24) _mask(source, mask, output, offset, length);
        else websocketMask(source, mask, output, offset, length);
      };
      module.exports.unmask = function(buffer, mask) {
        if (buffer.length < 24) _unmask(buffer, mask);
        else websocketUnmask(buffer, mask);
      };
    } else if (!process.env.WS_NO_BUFFER_UTIL) {
      try {
        const bufferUtil = require_bufferutil();
        module.exports.mask = function(source, mask, output, offset, length) {
          if (length < 48) _mask(source, mask, output, offset, length);
          else bufferUtil.mask(source, mask, output, offset, length);
        };
        module.exports.unmask = function(buffer, mask) {
          if (buffer.length < 32) _unmask(buffer, mask);
          else bufferUtil.unmask(buffer, mask);
        };
      } catch (e) {
      }
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/limiter.js
var require_limiter = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/limiter.js"(exports, module) {
    "use strict";
    var kDone = /* @__PURE__ */ Symbol("kDone");
    var kRun = /* @__PURE__ */ Symbol("kRun");
    var Limiter = class {
      /**
       * Creates a new `Limiter`.
       *
       * @param {Number} [concurrency=Infinity] The maximum number of jobs allowed
       *     to run concurrently
       */
      constructor(concurrency) {
        this[kDone] = () => {
          this.pending--;
          this[kRun]();
        };
        this.concurrency = concurrency || Infinity;
        this.jobs = [];
        this.pending = 0;
      }
      /**
       * Adds a job to the queue.
       *
       * @param {Function} job The job to run
       * @public
       */
      add(job) {
        this.jobs.push(job);
        this[kRun]();
      }
      /**
       * Removes a job from the queue and runs it if possible.
       *
       * @private
       */
      [kRun]() {
        if (this.pending === this.concurrency) return;
        if (this.jobs.length) {
          const job = this.jobs.shift();
          this.pending++;
          job(this[kDone]);
        }
      }
    };
    module.exports = Limiter;
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/permessage-deflate.js
var require_permessage_deflate = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/permessage-deflate.js"(exports, module) {
    "use strict";
    var zlib = __require("zlib");
    var bufferUtil = require_buffer_util();
    var Limiter = require_limiter();
    var { kStatusCode } = require_constants();
    var FastBuffer = Buffer[Symbol.species];
    var TRAILER = Buffer.from([0, 0, 255, 255]);
    var kPerMessageDeflate = /* @__PURE__ */ Symbol("permessage-deflate");
    var kTotalLength = /* @__PURE__ */ Symbol("total-length");
    var kCallback = /* @__PURE__ */ Symbol("callback");
    var kBuffers = /* @__PURE__ */ Symbol("buffers");
    var kError = /* @__PURE__ */ Symbol("error");
    var zlibLimiter;
    var PerMessageDeflate2 = class {
      /**
       * Creates a PerMessageDeflate instance.
       *
       * @param {Object} [options] Configuration options
       * @param {(Boolean|Number)} [options.clientMaxWindowBits] Advertise support
       *     for, or request, a custom client window size
       * @param {Boolean} [options.clientNoContextTakeover=false] Advertise/
       *     acknowledge disabling of client context takeover
       * @param {Number} [options.concurrencyLimit=10] The number of concurrent
       *     calls to zlib
       * @param {Boolean} [options.isServer=false] Create the instance in either
       *     server or client mode
       * @param {Number} [options.maxPayload=0] The maximum allowed message length
       * @param {(Boolean|Number)} [options.serverMaxWindowBits] Request/confirm the
       *     use of a custom server window size
       * @param {Boolean} [options.serverNoContextTakeover=false] Request/accept
       *     disabling of server context takeover
       * @param {Number} [options.threshold=1024] Size (in bytes) below which
       *     messages should not be compressed if context takeover is disabled
       * @param {Object} [options.zlibDeflateOptions] Options to pass to zlib on
       *     deflate
       * @param {Object} [options.zlibInflateOptions] Options to pass to zlib on
       *     inflate
       */
      constructor(options) {
        this._options = options || {};
        this._threshold = this._options.threshold !== void 0 ? this._options.threshold : 1024;
        this._maxPayload = this._options.maxPayload | 0;
        this._isServer = !!this._options.isServer;
        this._deflate = null;
        this._inflate = null;
        this.params = null;
        if (!zlibLimiter) {
          const concurrency = this._options.concurrencyLimit !== void 0 ? this._options.concurrencyLimit : 10;
          zlibLimiter = new Limiter(concurrency);
        }
      }
      /**
       * @type {String}
       */
      static get extensionName() {
        return "permessage-deflate";
      }
      /**
       * Create an extension negotiation offer.
       *
       * @return {Object} Extension parameters
       * @public
       */
      offer() {
        const params = {};
        if (this._options.serverNoContextTakeover) {
          params.server_no_context_takeover = true;
        }
        if (this._options.clientNoContextTakeover) {
          params.client_no_context_takeover = true;
        }
        if (this._options.serverMaxWindowBits) {
          params.server_max_window_bits = this._options.serverMaxWindowBits;
        }
        if (this._options.clientMaxWindowBits) {
          params.client_max_window_bits = this._options.clientMaxWindowBits;
        } else if (this._options.clientMaxWindowBits == null) {
          params.client_max_window_bits = true;
        }
        return params;
      }
      /**
       * Accept an extension negotiation offer/response.
       *
       * @param {Array} configurations The extension negotiation offers/reponse
       * @return {Object} Accepted configuration
       * @public
       */
      accept(configurations) {
        configurations = this.normalizeParams(configurations);
        this.params = this._isServer ? this.acceptAsServer(configurations) : this.acceptAsClient(configurations);
        return this.params;
      }
      /**
       * Releases all resources used by the extension.
       *
       * @public
       */
      cleanup() {
        if (this._inflate) {
          this._inflate.close();
          this._inflate = null;
        }
        if (this._deflate) {
          const callback = this._deflate[kCallback];
          this._deflate.close();
          this._deflate = null;
          if (callback) {
            callback(
              new Error(
                "The deflate stream was closed while data was being processed"
              )
            );
          }
        }
      }
      /**
       *  Accept an extension negotiation offer.
       *
       * @param {Array} offers The extension negotiation offers
       * @return {Object} Accepted configuration
       * @private
       */
      acceptAsServer(offers) {
        const opts = this._options;
        const accepted = offers.find((params) => {
          if (opts.serverNoContextTakeover === false && params.server_no_context_takeover || params.server_max_window_bits && (opts.serverMaxWindowBits === false || typeof opts.serverMaxWindowBits === "number" && opts.serverMaxWindowBits > params.server_max_window_bits) || typeof opts.clientMaxWindowBits === "number" && (typeof params.client_max_window_bits === "number" ? opts.clientMaxWindowBits > params.client_max_window_bits : !params.client_max_window_bits)) {
            return false;
          }
          return true;
        });
        if (!accepted) {
          throw new Error("None of the extension offers can be accepted");
        }
        if (opts.serverNoContextTakeover) {
          accepted.server_no_context_takeover = true;
        }
        if (opts.clientNoContextTakeover) {
          accepted.client_no_context_takeover = true;
        }
        if (typeof opts.serverMaxWindowBits === "number") {
          accepted.server_max_window_bits = opts.serverMaxWindowBits;
        }
        if (typeof opts.clientMaxWindowBits === "number") {
          accepted.client_max_window_bits = opts.clientMaxWindowBits;
        } else if (accepted.client_max_window_bits === true || opts.clientMaxWindowBits === false) {
          delete accepted.client_max_window_bits;
        }
        return accepted;
      }
      /**
       * Accept the extension negotiation response.
       *
       * @param {Array} response The extension negotiation response
       * @return {Object} Accepted configuration
       * @private
       */
      acceptAsClient(response) {
        const params = response[0];
        if (this._options.clientNoContextTakeover === false && params.client_no_context_takeover) {
          throw new Error('Unexpected parameter "client_no_context_takeover"');
        }
        if (!params.client_max_window_bits) {
          if (typeof this._options.clientMaxWindowBits === "number") {
            params.client_max_window_bits = this._options.clientMaxWindowBits;
          }
        } else if (this._options.clientMaxWindowBits === false || typeof this._options.clientMaxWindowBits === "number" && params.client_max_window_bits > this._options.clientMaxWindowBits) {
          throw new Error(
            'Unexpected or invalid parameter "client_max_window_bits"'
          );
        }
        return params;
      }
      /**
       * Normalize parameters.
       *
       * @param {Array} configurations The extension negotiation offers/reponse
       * @return {Array} The offers/response with normalized parameters
       * @private
       */
      normalizeParams(configurations) {
        configurations.forEach((params) => {
          Object.keys(params).forEach((key) => {
            let value = params[key];
            if (value.length > 1) {
              throw new Error(`Parameter "${key}" must have only a single value`);
            }
            value = value[0];
            if (key === "client_max_window_bits") {
              if (value !== true) {
                const num = +value;
                if (!Number.isInteger(num) || num < 8 || num > 15) {
                  throw new TypeError(
                    `Invalid value for parameter "${key}": ${value}`
                  );
                }
                value = num;
              } else if (!this._isServer) {
                throw new TypeError(
                  `Invalid value for parameter "${key}": ${value}`
                );
              }
            } else if (key === "server_max_window_bits") {
              const num = +value;
              if (!Number.isInteger(num) || num < 8 || num > 15) {
                throw new TypeError(
                  `Invalid value for parameter "${key}": ${value}`
                );
              }
              value = num;
            } else if (key === "client_no_context_takeover" || key === "server_no_context_takeover") {
              if (value !== true) {
                throw new TypeError(
                  `Invalid value for parameter "${key}": ${value}`
                );
              }
            } else {
              throw new Error(`Unknown parameter "${key}"`);
            }
            params[key] = value;
          });
        });
        return configurations;
      }
      /**
       * Decompress data. Concurrency limited.
       *
       * @param {Buffer} data Compressed data
       * @param {Boolean} fin Specifies whether or not this is the last fragment
       * @param {Function} callback Callback
       * @public
       */
      decompress(data, fin, callback) {
        zlibLimiter.add((done) => {
          this._decompress(data, fin, (err, result) => {
            done();
            callback(err, result);
          });
        });
      }
      /**
       * Compress data. Concurrency limited.
       *
       * @param {(Buffer|String)} data Data to compress
       * @param {Boolean} fin Specifies whether or not this is the last fragment
       * @param {Function} callback Callback
       * @public
       */
      compress(data, fin, callback) {
        zlibLimiter.add((done) => {
          this._compress(data, fin, (err, result) => {
            done();
            callback(err, result);
          });
        });
      }
      /**
       * Decompress data.
       *
       * @param {Buffer} data Compressed data
       * @param {Boolean} fin Specifies whether or not this is the last fragment
       * @param {Function} callback Callback
       * @private
       */
      _decompress(data, fin, callback) {
        const endpoint = this._isServer ? "client" : "server";
        if (!this._inflate) {
          const key = `${endpoint}_max_window_bits`;
          const windowBits = typeof this.params[key] !== "number" ? zlib.Z_DEFAULT_WINDOWBITS : this.params[key];
          this._inflate = zlib.createInflateRaw({
            ...this._options.zlibInflateOptions,
            windowBits
          });
          this._inflate[kPerMessageDeflate] = this;
          this._inflate[kTotalLength] = 0;
          this._inflate[kBuffers] = [];
          this._inflate.on("error", inflateOnError);
          this._inflate.on("data", inflateOnData);
        }
        this._inflate[kCallback] = callback;
        this._inflate.write(data);
        if (fin) this._inflate.write(TRAILER);
        this._inflate.flush(() => {
          const err = this._inflate[kError];
          if (err) {
            this._inflate.close();
            this._inflate = null;
            callback(err);
            return;
          }
          const data2 = bufferUtil.concat(
            this._inflate[kBuffers],
            this._inflate[kTotalLength]
          );
          if (this._inflate._readableState.endEmitted) {
            this._inflate.close();
            this._inflate = null;
          } else {
            this._inflate[kTotalLength] = 0;
            this._inflate[kBuffers] = [];
            if (fin && this.params[`${endpoint}_no_context_takeover`]) {
              this._inflate.reset();
            }
          }
          callback(null, data2);
        });
      }
      /**
       * Compress data.
       *
       * @param {(Buffer|String)} data Data to compress
       * @param {Boolean} fin Specifies whether or not this is the last fragment
       * @param {Function} callback Callback
       * @private
       */
      _compress(data, fin, callback) {
        const endpoint = this._isServer ? "server" : "client";
        if (!this._deflate) {
          const key = `${endpoint}_max_window_bits`;
          const windowBits = typeof this.params[key] !== "number" ? zlib.Z_DEFAULT_WINDOWBITS : this.params[key];
          this._deflate = zlib.createDeflateRaw({
            ...this._options.zlibDeflateOptions,
            windowBits
          });
          this._deflate[kTotalLength] = 0;
          this._deflate[kBuffers] = [];
          this._deflate.on("data", deflateOnData);
        }
        this._deflate[kCallback] = callback;
        this._deflate.write(data);
        this._deflate.flush(zlib.Z_SYNC_FLUSH, () => {
          if (!this._deflate) {
            return;
          }
          let data2 = bufferUtil.concat(
            this._deflate[kBuffers],
            this._deflate[kTotalLength]
          );
          if (fin) {
            data2 = new FastBuffer(data2.buffer, data2.byteOffset, data2.length - 4);
          }
          this._deflate[kCallback] = null;
          this._deflate[kTotalLength] = 0;
          this._deflate[kBuffers] = [];
          if (fin && this.params[`${endpoint}_no_context_takeover`]) {
            this._deflate.reset();
          }
          callback(null, data2);
        });
      }
    };
    module.exports = PerMessageDeflate2;
    function deflateOnData(chunk) {
      this[kBuffers].push(chunk);
      this[kTotalLength] += chunk.length;
    }
    function inflateOnData(chunk) {
      this[kTotalLength] += chunk.length;
      if (this[kPerMessageDeflate]._maxPayload < 1 || this[kTotalLength] <= this[kPerMessageDeflate]._maxPayload) {
        this[kBuffers].push(chunk);
        return;
      }
      this[kError] = new RangeError("Max payload size exceeded");
      this[kError].code = "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH";
      this[kError][kStatusCode] = 1009;
      this.removeListener("data", inflateOnData);
      this.reset();
    }
    function inflateOnError(err) {
      this[kPerMessageDeflate]._inflate = null;
      if (this[kError]) {
        this[kCallback](this[kError]);
        return;
      }
      err[kStatusCode] = 1007;
      this[kCallback](err);
    }
  }
});

// ../../../work/wt/perf/node_modules/utf-8-validate/fallback.js
var require_fallback2 = __commonJS({
  "../../../work/wt/perf/node_modules/utf-8-validate/fallback.js"(exports, module) {
    "use strict";
    function isValidUTF8(buf) {
      const len = buf.length;
      let i = 0;
      while (i < len) {
        if ((buf[i] & 128) === 0) {
          i++;
        } else if ((buf[i] & 224) === 192) {
          if (i + 1 === len || (buf[i + 1] & 192) !== 128 || (buf[i] & 254) === 192) {
            return false;
          }
          i += 2;
        } else if ((buf[i] & 240) === 224) {
          if (i + 2 >= len || (buf[i + 1] & 192) !== 128 || (buf[i + 2] & 192) !== 128 || buf[i] === 224 && (buf[i + 1] & 224) === 128 || // overlong
          buf[i] === 237 && (buf[i + 1] & 224) === 160) {
            return false;
          }
          i += 3;
        } else if ((buf[i] & 248) === 240) {
          if (i + 3 >= len || (buf[i + 1] & 192) !== 128 || (buf[i + 2] & 192) !== 128 || (buf[i + 3] & 192) !== 128 || buf[i] === 240 && (buf[i + 1] & 240) === 128 || // overlong
          buf[i] === 244 && buf[i + 1] > 143 || buf[i] > 244) {
            return false;
          }
          i += 4;
        } else {
          return false;
        }
      }
      return true;
    }
    module.exports = isValidUTF8;
  }
});

// ../../../work/wt/perf/node_modules/utf-8-validate/index.js
var require_utf_8_validate = __commonJS({
  "../../../work/wt/perf/node_modules/utf-8-validate/index.js"(exports, module) {
    "use strict";
    try {
      module.exports = require_node_gyp_build2()(__dirname);
    } catch (e) {
      module.exports = require_fallback2();
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/validation.js
var require_validation = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/validation.js"(exports, module) {
    "use strict";
    var { isUtf8 } = __require("buffer");
    var { hasBlob } = require_constants();
    var tokenChars = [
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      // 0 - 15
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      0,
      // 16 - 31
      0,
      1,
      0,
      1,
      1,
      1,
      1,
      1,
      0,
      0,
      1,
      1,
      0,
      1,
      1,
      0,
      // 32 - 47
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      0,
      0,
      0,
      0,
      0,
      0,
      // 48 - 63
      0,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      // 64 - 79
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      0,
      0,
      0,
      1,
      1,
      // 80 - 95
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      // 96 - 111
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      1,
      0,
      1,
      0,
      1,
      0
      // 112 - 127
    ];
    function isValidStatusCode(code) {
      return code >= 1e3 && code <= 1014 && code !== 1004 && code !== 1005 && code !== 1006 || code >= 3e3 && code <= 4999;
    }
    function _isValidUTF8(buf) {
      const len = buf.length;
      let i = 0;
      while (i < len) {
        if ((buf[i] & 128) === 0) {
          i++;
        } else if ((buf[i] & 224) === 192) {
          if (i + 1 === len || (buf[i + 1] & 192) !== 128 || (buf[i] & 254) === 192) {
            return false;
          }
          i += 2;
        } else if ((buf[i] & 240) === 224) {
          if (i + 2 >= len || (buf[i + 1] & 192) !== 128 || (buf[i + 2] & 192) !== 128 || buf[i] === 224 && (buf[i + 1] & 224) === 128 || // Overlong
          buf[i] === 237 && (buf[i + 1] & 224) === 160) {
            return false;
          }
          i += 3;
        } else if ((buf[i] & 248) === 240) {
          if (i + 3 >= len || (buf[i + 1] & 192) !== 128 || (buf[i + 2] & 192) !== 128 || (buf[i + 3] & 192) !== 128 || buf[i] === 240 && (buf[i + 1] & 240) === 128 || // Overlong
          buf[i] === 244 && buf[i + 1] > 143 || buf[i] > 244) {
            return false;
          }
          i += 4;
        } else {
          return false;
        }
      }
      return true;
    }
    function isBlob(value) {
      return hasBlob && typeof value === "object" && typeof value.arrayBuffer === "function" && typeof value.type === "string" && typeof value.stream === "function" && (value[Symbol.toStringTag] === "Blob" || value[Symbol.toStringTag] === "File");
    }
    module.exports = {
      isBlob,
      isValidStatusCode,
      isValidUTF8: _isValidUTF8,
      tokenChars
    };
    if (isUtf8) {
      module.exports.isValidUTF8 = function(buf) {
        return buf.length < 24 ? _isValidUTF8(buf) : isUtf8(buf);
      };
    } else if (!process.env.WS_NO_UTF_8_VALIDATE) {
      try {
        const isValidUTF8 = require_utf_8_validate();
        module.exports.isValidUTF8 = function(buf) {
          return buf.length < 32 ? _isValidUTF8(buf) : isValidUTF8(buf);
        };
      } catch (e) {
      }
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/receiver.js
var require_receiver = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/receiver.js"(exports, module) {
    "use strict";
    var { Writable } = __require("stream");
    var PerMessageDeflate2 = require_permessage_deflate();
    var {
      BINARY_TYPES,
      EMPTY_BUFFER,
      kStatusCode,
      kWebSocket
    } = require_constants();
    var { concat: concat2, toArrayBuffer, unmask } = require_buffer_util();
    var { isValidStatusCode, isValidUTF8 } = require_validation();
    var FastBuffer = Buffer[Symbol.species];
    var GET_INFO = 0;
    var GET_PAYLOAD_LENGTH_16 = 1;
    var GET_PAYLOAD_LENGTH_64 = 2;
    var GET_MASK = 3;
    var GET_DATA = 4;
    var INFLATING = 5;
    var DEFER_EVENT = 6;
    var Receiver2 = class extends Writable {
      /**
       * Creates a Receiver instance.
       *
       * @param {Object} [options] Options object
       * @param {Boolean} [options.allowSynchronousEvents=true] Specifies whether
       *     any of the `'message'`, `'ping'`, and `'pong'` events can be emitted
       *     multiple times in the same tick
       * @param {String} [options.binaryType=nodebuffer] The type for binary data
       * @param {Object} [options.extensions] An object containing the negotiated
       *     extensions
       * @param {Boolean} [options.isServer=false] Specifies whether to operate in
       *     client or server mode
       * @param {Number} [options.maxBufferedChunks=0] The maximum number of
       *     buffered data chunks
       * @param {Number} [options.maxFragments=0] The maximum number of message
       *     fragments
       * @param {Number} [options.maxPayload=0] The maximum allowed message length
       * @param {Boolean} [options.skipUTF8Validation=false] Specifies whether or
       *     not to skip UTF-8 validation for text and close messages
       */
      constructor(options = {}) {
        super();
        this._allowSynchronousEvents = options.allowSynchronousEvents !== void 0 ? options.allowSynchronousEvents : true;
        this._binaryType = options.binaryType || BINARY_TYPES[0];
        this._extensions = options.extensions || {};
        this._isServer = !!options.isServer;
        this._maxBufferedChunks = options.maxBufferedChunks | 0;
        this._maxFragments = options.maxFragments | 0;
        this._maxPayload = options.maxPayload | 0;
        this._skipUTF8Validation = !!options.skipUTF8Validation;
        this[kWebSocket] = void 0;
        this._bufferedBytes = 0;
        this._buffers = [];
        this._compressed = false;
        this._payloadLength = 0;
        this._mask = void 0;
        this._fragmented = 0;
        this._masked = false;
        this._fin = false;
        this._opcode = 0;
        this._totalPayloadLength = 0;
        this._messageLength = 0;
        this._numFragments = 0;
        this._fragments = [];
        this._errored = false;
        this._loop = false;
        this._state = GET_INFO;
      }
      /**
       * Implements `Writable.prototype._write()`.
       *
       * @param {Buffer} chunk The chunk of data to write
       * @param {String} encoding The character encoding of `chunk`
       * @param {Function} cb Callback
       * @private
       */
      _write(chunk, encoding, cb) {
        if (this._opcode === 8 && this._state == GET_INFO) return cb();
        if (this._maxBufferedChunks > 0 && this._buffers.length >= this._maxBufferedChunks) {
          cb(
            this.createError(
              RangeError,
              "Too many buffered chunks",
              false,
              1008,
              "WS_ERR_TOO_MANY_BUFFERED_PARTS"
            )
          );
          return;
        }
        this._bufferedBytes += chunk.length;
        this._buffers.push(chunk);
        this.startLoop(cb);
      }
      /**
       * Consumes `n` bytes from the buffered data.
       *
       * @param {Number} n The number of bytes to consume
       * @return {Buffer} The consumed bytes
       * @private
       */
      consume(n) {
        this._bufferedBytes -= n;
        if (n === this._buffers[0].length) return this._buffers.shift();
        if (n < this._buffers[0].length) {
          const buf = this._buffers[0];
          this._buffers[0] = new FastBuffer(
            buf.buffer,
            buf.byteOffset + n,
            buf.length - n
          );
          return new FastBuffer(buf.buffer, buf.byteOffset, n);
        }
        const dst = Buffer.allocUnsafe(n);
        do {
          const buf = this._buffers[0];
          const offset = dst.length - n;
          if (n >= buf.length) {
            dst.set(this._buffers.shift(), offset);
          } else {
            dst.set(new Uint8Array(buf.buffer, buf.byteOffset, n), offset);
            this._buffers[0] = new FastBuffer(
              buf.buffer,
              buf.byteOffset + n,
              buf.length - n
            );
          }
          n -= buf.length;
        } while (n > 0);
        return dst;
      }
      /**
       * Starts the parsing loop.
       *
       * @param {Function} cb Callback
       * @private
       */
      startLoop(cb) {
        this._loop = true;
        do {
          switch (this._state) {
            case GET_INFO:
              this.getInfo(cb);
              break;
            case GET_PAYLOAD_LENGTH_16:
              this.getPayloadLength16(cb);
              break;
            case GET_PAYLOAD_LENGTH_64:
              this.getPayloadLength64(cb);
              break;
            case GET_MASK:
              this.getMask();
              break;
            case GET_DATA:
              this.getData(cb);
              break;
            case INFLATING:
            case DEFER_EVENT:
              this._loop = false;
              return;
          }
        } while (this._loop);
        if (!this._errored) cb();
      }
      /**
       * Reads the first two bytes of a frame.
       *
       * @param {Function} cb Callback
       * @private
       */
      getInfo(cb) {
        if (this._bufferedBytes < 2) {
          this._loop = false;
          return;
        }
        const buf = this.consume(2);
        if ((buf[0] & 48) !== 0) {
          const error = this.createError(
            RangeError,
            "RSV2 and RSV3 must be clear",
            true,
            1002,
            "WS_ERR_UNEXPECTED_RSV_2_3"
          );
          cb(error);
          return;
        }
        const compressed = (buf[0] & 64) === 64;
        if (compressed && !this._extensions[PerMessageDeflate2.extensionName]) {
          const error = this.createError(
            RangeError,
            "RSV1 must be clear",
            true,
            1002,
            "WS_ERR_UNEXPECTED_RSV_1"
          );
          cb(error);
          return;
        }
        this._fin = (buf[0] & 128) === 128;
        this._opcode = buf[0] & 15;
        this._payloadLength = buf[1] & 127;
        if (this._opcode === 0) {
          if (compressed) {
            const error = this.createError(
              RangeError,
              "RSV1 must be clear",
              true,
              1002,
              "WS_ERR_UNEXPECTED_RSV_1"
            );
            cb(error);
            return;
          }
          if (!this._fragmented) {
            const error = this.createError(
              RangeError,
              "invalid opcode 0",
              true,
              1002,
              "WS_ERR_INVALID_OPCODE"
            );
            cb(error);
            return;
          }
          this._opcode = this._fragmented;
        } else if (this._opcode === 1 || this._opcode === 2) {
          if (this._fragmented) {
            const error = this.createError(
              RangeError,
              `invalid opcode ${this._opcode}`,
              true,
              1002,
              "WS_ERR_INVALID_OPCODE"
            );
            cb(error);
            return;
          }
          this._compressed = compressed;
        } else if (this._opcode > 7 && this._opcode < 11) {
          if (!this._fin) {
            const error = this.createError(
              RangeError,
              "FIN must be set",
              true,
              1002,
              "WS_ERR_EXPECTED_FIN"
            );
            cb(error);
            return;
          }
          if (compressed) {
            const error = this.createError(
              RangeError,
              "RSV1 must be clear",
              true,
              1002,
              "WS_ERR_UNEXPECTED_RSV_1"
            );
            cb(error);
            return;
          }
          if (this._payloadLength > 125 || this._opcode === 8 && this._payloadLength === 1) {
            const error = this.createError(
              RangeError,
              `invalid payload length ${this._payloadLength}`,
              true,
              1002,
              "WS_ERR_INVALID_CONTROL_PAYLOAD_LENGTH"
            );
            cb(error);
            return;
          }
        } else {
          const error = this.createError(
            RangeError,
            `invalid opcode ${this._opcode}`,
            true,
            1002,
            "WS_ERR_INVALID_OPCODE"
          );
          cb(error);
          return;
        }
        if (!this._fin && !this._fragmented) this._fragmented = this._opcode;
        this._masked = (buf[1] & 128) === 128;
        if (this._isServer) {
          if (!this._masked) {
            const error = this.createError(
              RangeError,
              "MASK must be set",
              true,
              1002,
              "WS_ERR_EXPECTED_MASK"
            );
            cb(error);
            return;
          }
        } else if (this._masked) {
          const error = this.createError(
            RangeError,
            "MASK must be clear",
            true,
            1002,
            "WS_ERR_UNEXPECTED_MASK"
          );
          cb(error);
          return;
        }
        if (this._payloadLength === 126) this._state = GET_PAYLOAD_LENGTH_16;
        else if (this._payloadLength === 127) this._state = GET_PAYLOAD_LENGTH_64;
        else this.haveLength(cb);
      }
      /**
       * Gets extended payload length (7+16).
       *
       * @param {Function} cb Callback
       * @private
       */
      getPayloadLength16(cb) {
        if (this._bufferedBytes < 2) {
          this._loop = false;
          return;
        }
        this._payloadLength = this.consume(2).readUInt16BE(0);
        this.haveLength(cb);
      }
      /**
       * Gets extended payload length (7+64).
       *
       * @param {Function} cb Callback
       * @private
       */
      getPayloadLength64(cb) {
        if (this._bufferedBytes < 8) {
          this._loop = false;
          return;
        }
        const buf = this.consume(8);
        const num = buf.readUInt32BE(0);
        if (num > Math.pow(2, 53 - 32) - 1) {
          const error = this.createError(
            RangeError,
            "Unsupported WebSocket frame: payload length > 2^53 - 1",
            false,
            1009,
            "WS_ERR_UNSUPPORTED_DATA_PAYLOAD_LENGTH"
          );
          cb(error);
          return;
        }
        this._payloadLength = num * Math.pow(2, 32) + buf.readUInt32BE(4);
        this.haveLength(cb);
      }
      /**
       * Payload length has been read.
       *
       * @param {Function} cb Callback
       * @private
       */
      haveLength(cb) {
        if (this._payloadLength && this._opcode < 8) {
          this._totalPayloadLength += this._payloadLength;
          if (this._totalPayloadLength > this._maxPayload && this._maxPayload > 0) {
            const error = this.createError(
              RangeError,
              "Max payload size exceeded",
              false,
              1009,
              "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH"
            );
            cb(error);
            return;
          }
        }
        if (this._masked) this._state = GET_MASK;
        else this._state = GET_DATA;
      }
      /**
       * Reads mask bytes.
       *
       * @private
       */
      getMask() {
        if (this._bufferedBytes < 4) {
          this._loop = false;
          return;
        }
        this._mask = this.consume(4);
        this._state = GET_DATA;
      }
      /**
       * Reads data bytes.
       *
       * @param {Function} cb Callback
       * @private
       */
      getData(cb) {
        let data = EMPTY_BUFFER;
        if (this._payloadLength) {
          if (this._bufferedBytes < this._payloadLength) {
            this._loop = false;
            return;
          }
          data = this.consume(this._payloadLength);
          if (this._masked && (this._mask[0] | this._mask[1] | this._mask[2] | this._mask[3]) !== 0) {
            unmask(data, this._mask);
          }
        }
        this._mask = void 0;
        if (this._opcode > 7) {
          this.controlMessage(data, cb);
          return;
        }
        if (this._maxFragments > 0 && ++this._numFragments > this._maxFragments) {
          const error = this.createError(
            RangeError,
            "Too many message fragments",
            false,
            1008,
            "WS_ERR_TOO_MANY_BUFFERED_PARTS"
          );
          cb(error);
          return;
        }
        if (this._compressed) {
          this._state = INFLATING;
          this.decompress(data, cb);
          return;
        }
        if (data.length) {
          this._messageLength = this._totalPayloadLength;
          this._fragments.push(data);
        }
        this.dataMessage(cb);
      }
      /**
       * Decompresses data.
       *
       * @param {Buffer} data Compressed data
       * @param {Function} cb Callback
       * @private
       */
      decompress(data, cb) {
        const perMessageDeflate = this._extensions[PerMessageDeflate2.extensionName];
        perMessageDeflate.decompress(data, this._fin, (err, buf) => {
          if (err) return cb(err);
          if (buf.length) {
            this._messageLength += buf.length;
            if (this._messageLength > this._maxPayload && this._maxPayload > 0) {
              const error = this.createError(
                RangeError,
                "Max payload size exceeded",
                false,
                1009,
                "WS_ERR_UNSUPPORTED_MESSAGE_LENGTH"
              );
              cb(error);
              return;
            }
            this._fragments.push(buf);
          }
          this.dataMessage(cb);
          if (this._state === GET_INFO) this.startLoop(cb);
        });
      }
      /**
       * Handles a data message.
       *
       * @param {Function} cb Callback
       * @private
       */
      dataMessage(cb) {
        if (!this._fin) {
          this._state = GET_INFO;
          return;
        }
        const messageLength = this._messageLength;
        const fragments = this._fragments;
        this._totalPayloadLength = 0;
        this._messageLength = 0;
        this._fragmented = 0;
        this._numFragments = 0;
        this._fragments = [];
        if (this._opcode === 2) {
          let data;
          if (this._binaryType === "nodebuffer") {
            data = concat2(fragments, messageLength);
          } else if (this._binaryType === "arraybuffer") {
            data = toArrayBuffer(concat2(fragments, messageLength));
          } else if (this._binaryType === "blob") {
            data = new Blob(fragments);
          } else {
            data = fragments;
          }
          if (this._allowSynchronousEvents) {
            this.emit("message", data, true);
            this._state = GET_INFO;
          } else {
            this._state = DEFER_EVENT;
            setImmediate(() => {
              this.emit("message", data, true);
              this._state = GET_INFO;
              this.startLoop(cb);
            });
          }
        } else {
          const buf = concat2(fragments, messageLength);
          if (!this._skipUTF8Validation && !isValidUTF8(buf)) {
            const error = this.createError(
              Error,
              "invalid UTF-8 sequence",
              true,
              1007,
              "WS_ERR_INVALID_UTF8"
            );
            cb(error);
            return;
          }
          if (this._state === INFLATING || this._allowSynchronousEvents) {
            this.emit("message", buf, false);
            this._state = GET_INFO;
          } else {
            this._state = DEFER_EVENT;
            setImmediate(() => {
              this.emit("message", buf, false);
              this._state = GET_INFO;
              this.startLoop(cb);
            });
          }
        }
      }
      /**
       * Handles a control message.
       *
       * @param {Buffer} data Data to handle
       * @return {(Error|RangeError|undefined)} A possible error
       * @private
       */
      controlMessage(data, cb) {
        if (this._opcode === 8) {
          if (data.length === 0) {
            this._loop = false;
            this.emit("conclude", 1005, EMPTY_BUFFER);
            this.end();
          } else {
            const code = data.readUInt16BE(0);
            if (!isValidStatusCode(code)) {
              const error = this.createError(
                RangeError,
                `invalid status code ${code}`,
                true,
                1002,
                "WS_ERR_INVALID_CLOSE_CODE"
              );
              cb(error);
              return;
            }
            const buf = new FastBuffer(
              data.buffer,
              data.byteOffset + 2,
              data.length - 2
            );
            if (!this._skipUTF8Validation && !isValidUTF8(buf)) {
              const error = this.createError(
                Error,
                "invalid UTF-8 sequence",
                true,
                1007,
                "WS_ERR_INVALID_UTF8"
              );
              cb(error);
              return;
            }
            this._loop = false;
            this.emit("conclude", code, buf);
            this.end();
          }
          this._state = GET_INFO;
          return;
        }
        if (this._allowSynchronousEvents) {
          this.emit(this._opcode === 9 ? "ping" : "pong", data);
          this._state = GET_INFO;
        } else {
          this._state = DEFER_EVENT;
          setImmediate(() => {
            this.emit(this._opcode === 9 ? "ping" : "pong", data);
            this._state = GET_INFO;
            this.startLoop(cb);
          });
        }
      }
      /**
       * Builds an error object.
       *
       * @param {function(new:Error|RangeError)} ErrorCtor The error constructor
       * @param {String} message The error message
       * @param {Boolean} prefix Specifies whether or not to add a default prefix to
       *     `message`
       * @param {Number} statusCode The status code
       * @param {String} errorCode The exposed error code
       * @return {(Error|RangeError)} The error
       * @private
       */
      createError(ErrorCtor, message, prefix, statusCode, errorCode) {
        this._loop = false;
        this._errored = true;
        const err = new ErrorCtor(
          prefix ? `Invalid WebSocket frame: ${message}` : message
        );
        Error.captureStackTrace(err, this.createError);
        err.code = errorCode;
        err[kStatusCode] = statusCode;
        return err;
      }
    };
    module.exports = Receiver2;
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/sender.js
var require_sender = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/sender.js"(exports, module) {
    "use strict";
    var { Duplex } = __require("stream");
    var { randomFillSync } = __require("crypto");
    var {
      types: { isUint8Array }
    } = __require("util");
    var PerMessageDeflate2 = require_permessage_deflate();
    var { EMPTY_BUFFER, kWebSocket, NOOP } = require_constants();
    var { isBlob, isValidStatusCode } = require_validation();
    var { mask: applyMask, toBuffer } = require_buffer_util();
    var kByteLength = /* @__PURE__ */ Symbol("kByteLength");
    var maskBuffer = Buffer.alloc(4);
    var RANDOM_POOL_SIZE = 8 * 1024;
    var randomPool;
    var randomPoolPointer = RANDOM_POOL_SIZE;
    var DEFAULT = 0;
    var DEFLATING = 1;
    var GET_BLOB_DATA = 2;
    var Sender2 = class _Sender {
      /**
       * Creates a Sender instance.
       *
       * @param {Duplex} socket The connection socket
       * @param {Object} [extensions] An object containing the negotiated extensions
       * @param {Function} [generateMask] The function used to generate the masking
       *     key
       */
      constructor(socket, extensions, generateMask) {
        this._extensions = extensions || {};
        if (generateMask) {
          this._generateMask = generateMask;
          this._maskBuffer = Buffer.alloc(4);
        }
        this._socket = socket;
        this._firstFragment = true;
        this._compress = false;
        this._bufferedBytes = 0;
        this._queue = [];
        this._state = DEFAULT;
        this.onerror = NOOP;
        this[kWebSocket] = void 0;
      }
      /**
       * Frames a piece of data according to the HyBi WebSocket protocol.
       *
       * @param {(Buffer|String)} data The data to frame
       * @param {Object} options Options object
       * @param {Boolean} [options.fin=false] Specifies whether or not to set the
       *     FIN bit
       * @param {Function} [options.generateMask] The function used to generate the
       *     masking key
       * @param {Boolean} [options.mask=false] Specifies whether or not to mask
       *     `data`
       * @param {Buffer} [options.maskBuffer] The buffer used to store the masking
       *     key
       * @param {Number} options.opcode The opcode
       * @param {Boolean} [options.readOnly=false] Specifies whether `data` can be
       *     modified
       * @param {Boolean} [options.rsv1=false] Specifies whether or not to set the
       *     RSV1 bit
       * @return {(Buffer|String)[]} The framed data
       * @public
       */
      static frame(data, options) {
        let mask;
        let merge = false;
        let offset = 2;
        let skipMasking = false;
        if (options.mask) {
          mask = options.maskBuffer || maskBuffer;
          if (options.generateMask) {
            options.generateMask(mask);
          } else {
            if (randomPoolPointer === RANDOM_POOL_SIZE) {
              if (randomPool === void 0) {
                randomPool = Buffer.alloc(RANDOM_POOL_SIZE);
              }
              randomFillSync(randomPool, 0, RANDOM_POOL_SIZE);
              randomPoolPointer = 0;
            }
            mask[0] = randomPool[randomPoolPointer++];
            mask[1] = randomPool[randomPoolPointer++];
            mask[2] = randomPool[randomPoolPointer++];
            mask[3] = randomPool[randomPoolPointer++];
          }
          skipMasking = (mask[0] | mask[1] | mask[2] | mask[3]) === 0;
          offset = 6;
        }
        let dataLength;
        if (typeof data === "string") {
          if ((!options.mask || skipMasking) && options[kByteLength] !== void 0) {
            dataLength = options[kByteLength];
          } else {
            data = Buffer.from(data);
            dataLength = data.length;
          }
        } else {
          dataLength = data.length;
          merge = options.mask && options.readOnly && !skipMasking;
        }
        let payloadLength = dataLength;
        if (dataLength >= 65536) {
          offset += 8;
          payloadLength = 127;
        } else if (dataLength > 125) {
          offset += 2;
          payloadLength = 126;
        }
        const target = Buffer.allocUnsafe(merge ? dataLength + offset : offset);
        target[0] = options.fin ? options.opcode | 128 : options.opcode;
        if (options.rsv1) target[0] |= 64;
        target[1] = payloadLength;
        if (payloadLength === 126) {
          target.writeUInt16BE(dataLength, 2);
        } else if (payloadLength === 127) {
          target[2] = target[3] = 0;
          target.writeUIntBE(dataLength, 4, 6);
        }
        if (!options.mask) {
          return dataLength ? [target, data] : [target];
        }
        target[1] |= 128;
        target[offset - 4] = mask[0];
        target[offset - 3] = mask[1];
        target[offset - 2] = mask[2];
        target[offset - 1] = mask[3];
        if (!dataLength) return [target];
        if (skipMasking) return [target, data];
        if (merge) {
          applyMask(data, mask, target, offset, dataLength);
          return [target];
        }
        applyMask(data, mask, data, 0, dataLength);
        return [target, data];
      }
      /**
       * Sends a close message to the other peer.
       *
       * @param {Number} [code] The status code component of the body
       * @param {(String|Buffer)} [data] The message component of the body
       * @param {Boolean} [mask=false] Specifies whether or not to mask the message
       * @param {Function} [cb] Callback
       * @public
       */
      close(code, data, mask, cb) {
        let buf;
        if (code === void 0) {
          buf = EMPTY_BUFFER;
        } else if (typeof code !== "number" || !isValidStatusCode(code)) {
          throw new TypeError("First argument must be a valid error code number");
        } else if (data === void 0 || !data.length) {
          buf = Buffer.allocUnsafe(2);
          buf.writeUInt16BE(code, 0);
        } else {
          const length = Buffer.byteLength(data);
          if (length > 123) {
            throw new RangeError("The message must not be greater than 123 bytes");
          }
          buf = Buffer.allocUnsafe(2 + length);
          buf.writeUInt16BE(code, 0);
          if (typeof data === "string") {
            buf.write(data, 2);
          } else if (isUint8Array(data)) {
            buf.set(data, 2);
          } else {
            throw new TypeError("Second argument must be a string or a Uint8Array");
          }
        }
        const options = {
          [kByteLength]: buf.length,
          fin: true,
          generateMask: this._generateMask,
          mask,
          maskBuffer: this._maskBuffer,
          opcode: 8,
          readOnly: false,
          rsv1: false
        };
        if (this._state !== DEFAULT) {
          this.enqueue([this.dispatch, buf, false, options, cb]);
        } else {
          this.sendFrame(_Sender.frame(buf, options), cb);
        }
      }
      /**
       * Sends a ping message to the other peer.
       *
       * @param {*} data The message to send
       * @param {Boolean} [mask=false] Specifies whether or not to mask `data`
       * @param {Function} [cb] Callback
       * @public
       */
      ping(data, mask, cb) {
        let byteLength;
        let readOnly;
        if (typeof data === "string") {
          byteLength = Buffer.byteLength(data);
          readOnly = false;
        } else if (isBlob(data)) {
          byteLength = data.size;
          readOnly = false;
        } else {
          data = toBuffer(data);
          byteLength = data.length;
          readOnly = toBuffer.readOnly;
        }
        if (byteLength > 125) {
          throw new RangeError("The data size must not be greater than 125 bytes");
        }
        const options = {
          [kByteLength]: byteLength,
          fin: true,
          generateMask: this._generateMask,
          mask,
          maskBuffer: this._maskBuffer,
          opcode: 9,
          readOnly,
          rsv1: false
        };
        if (isBlob(data)) {
          if (this._state !== DEFAULT) {
            this.enqueue([this.getBlobData, data, false, options, cb]);
          } else {
            this.getBlobData(data, false, options, cb);
          }
        } else if (this._state !== DEFAULT) {
          this.enqueue([this.dispatch, data, false, options, cb]);
        } else {
          this.sendFrame(_Sender.frame(data, options), cb);
        }
      }
      /**
       * Sends a pong message to the other peer.
       *
       * @param {*} data The message to send
       * @param {Boolean} [mask=false] Specifies whether or not to mask `data`
       * @param {Function} [cb] Callback
       * @public
       */
      pong(data, mask, cb) {
        let byteLength;
        let readOnly;
        if (typeof data === "string") {
          byteLength = Buffer.byteLength(data);
          readOnly = false;
        } else if (isBlob(data)) {
          byteLength = data.size;
          readOnly = false;
        } else {
          data = toBuffer(data);
          byteLength = data.length;
          readOnly = toBuffer.readOnly;
        }
        if (byteLength > 125) {
          throw new RangeError("The data size must not be greater than 125 bytes");
        }
        const options = {
          [kByteLength]: byteLength,
          fin: true,
          generateMask: this._generateMask,
          mask,
          maskBuffer: this._maskBuffer,
          opcode: 10,
          readOnly,
          rsv1: false
        };
        if (isBlob(data)) {
          if (this._state !== DEFAULT) {
            this.enqueue([this.getBlobData, data, false, options, cb]);
          } else {
            this.getBlobData(data, false, options, cb);
          }
        } else if (this._state !== DEFAULT) {
          this.enqueue([this.dispatch, data, false, options, cb]);
        } else {
          this.sendFrame(_Sender.frame(data, options), cb);
        }
      }
      /**
       * Sends a data message to the other peer.
       *
       * @param {*} data The message to send
       * @param {Object} options Options object
       * @param {Boolean} [options.binary=false] Specifies whether `data` is binary
       *     or text
       * @param {Boolean} [options.compress=false] Specifies whether or not to
       *     compress `data`
       * @param {Boolean} [options.fin=false] Specifies whether the fragment is the
       *     last one
       * @param {Boolean} [options.mask=false] Specifies whether or not to mask
       *     `data`
       * @param {Function} [cb] Callback
       * @public
       */
      send(data, options, cb) {
        const perMessageDeflate = this._extensions[PerMessageDeflate2.extensionName];
        let opcode = options.binary ? 2 : 1;
        let rsv1 = options.compress;
        let byteLength;
        let readOnly;
        if (typeof data === "string") {
          byteLength = Buffer.byteLength(data);
          readOnly = false;
        } else if (isBlob(data)) {
          byteLength = data.size;
          readOnly = false;
        } else {
          data = toBuffer(data);
          byteLength = data.length;
          readOnly = toBuffer.readOnly;
        }
        if (this._firstFragment) {
          this._firstFragment = false;
          if (rsv1 && perMessageDeflate && perMessageDeflate.params[perMessageDeflate._isServer ? "server_no_context_takeover" : "client_no_context_takeover"]) {
            rsv1 = byteLength >= perMessageDeflate._threshold;
          }
          this._compress = rsv1;
        } else {
          rsv1 = false;
          opcode = 0;
        }
        if (options.fin) this._firstFragment = true;
        const opts = {
          [kByteLength]: byteLength,
          fin: options.fin,
          generateMask: this._generateMask,
          mask: options.mask,
          maskBuffer: this._maskBuffer,
          opcode,
          readOnly,
          rsv1
        };
        if (isBlob(data)) {
          if (this._state !== DEFAULT) {
            this.enqueue([this.getBlobData, data, this._compress, opts, cb]);
          } else {
            this.getBlobData(data, this._compress, opts, cb);
          }
        } else if (this._state !== DEFAULT) {
          this.enqueue([this.dispatch, data, this._compress, opts, cb]);
        } else {
          this.dispatch(data, this._compress, opts, cb);
        }
      }
      /**
       * Gets the contents of a blob as binary data.
       *
       * @param {Blob} blob The blob
       * @param {Boolean} [compress=false] Specifies whether or not to compress
       *     the data
       * @param {Object} options Options object
       * @param {Boolean} [options.fin=false] Specifies whether or not to set the
       *     FIN bit
       * @param {Function} [options.generateMask] The function used to generate the
       *     masking key
       * @param {Boolean} [options.mask=false] Specifies whether or not to mask
       *     `data`
       * @param {Buffer} [options.maskBuffer] The buffer used to store the masking
       *     key
       * @param {Number} options.opcode The opcode
       * @param {Boolean} [options.readOnly=false] Specifies whether `data` can be
       *     modified
       * @param {Boolean} [options.rsv1=false] Specifies whether or not to set the
       *     RSV1 bit
       * @param {Function} [cb] Callback
       * @private
       */
      getBlobData(blob, compress, options, cb) {
        this._bufferedBytes += options[kByteLength];
        this._state = GET_BLOB_DATA;
        blob.arrayBuffer().then((arrayBuffer) => {
          if (this._socket.destroyed) {
            const err = new Error(
              "The socket was closed while the blob was being read"
            );
            process.nextTick(callCallbacks, this, err, cb);
            return;
          }
          this._bufferedBytes -= options[kByteLength];
          const data = toBuffer(arrayBuffer);
          if (!compress) {
            this._state = DEFAULT;
            this.sendFrame(_Sender.frame(data, options), cb);
            this.dequeue();
          } else {
            this.dispatch(data, compress, options, cb);
          }
        }).catch((err) => {
          process.nextTick(onError, this, err, cb);
        });
      }
      /**
       * Dispatches a message.
       *
       * @param {(Buffer|String)} data The message to send
       * @param {Boolean} [compress=false] Specifies whether or not to compress
       *     `data`
       * @param {Object} options Options object
       * @param {Boolean} [options.fin=false] Specifies whether or not to set the
       *     FIN bit
       * @param {Function} [options.generateMask] The function used to generate the
       *     masking key
       * @param {Boolean} [options.mask=false] Specifies whether or not to mask
       *     `data`
       * @param {Buffer} [options.maskBuffer] The buffer used to store the masking
       *     key
       * @param {Number} options.opcode The opcode
       * @param {Boolean} [options.readOnly=false] Specifies whether `data` can be
       *     modified
       * @param {Boolean} [options.rsv1=false] Specifies whether or not to set the
       *     RSV1 bit
       * @param {Function} [cb] Callback
       * @private
       */
      dispatch(data, compress, options, cb) {
        if (!compress) {
          this.sendFrame(_Sender.frame(data, options), cb);
          return;
        }
        const perMessageDeflate = this._extensions[PerMessageDeflate2.extensionName];
        this._bufferedBytes += options[kByteLength];
        this._state = DEFLATING;
        perMessageDeflate.compress(data, options.fin, (_, buf) => {
          if (this._socket.destroyed) {
            const err = new Error(
              "The socket was closed while data was being compressed"
            );
            callCallbacks(this, err, cb);
            return;
          }
          this._bufferedBytes -= options[kByteLength];
          this._state = DEFAULT;
          options.readOnly = false;
          this.sendFrame(_Sender.frame(buf, options), cb);
          this.dequeue();
        });
      }
      /**
       * Executes queued send operations.
       *
       * @private
       */
      dequeue() {
        while (this._state === DEFAULT && this._queue.length) {
          const params = this._queue.shift();
          this._bufferedBytes -= params[3][kByteLength];
          Reflect.apply(params[0], this, params.slice(1));
        }
      }
      /**
       * Enqueues a send operation.
       *
       * @param {Array} params Send operation parameters.
       * @private
       */
      enqueue(params) {
        this._bufferedBytes += params[3][kByteLength];
        this._queue.push(params);
      }
      /**
       * Sends a frame.
       *
       * @param {(Buffer | String)[]} list The frame to send
       * @param {Function} [cb] Callback
       * @private
       */
      sendFrame(list, cb) {
        if (list.length === 2) {
          this._socket.cork();
          this._socket.write(list[0]);
          this._socket.write(list[1], cb);
          this._socket.uncork();
        } else {
          this._socket.write(list[0], cb);
        }
      }
    };
    module.exports = Sender2;
    function callCallbacks(sender, err, cb) {
      if (typeof cb === "function") cb(err);
      for (let i = 0; i < sender._queue.length; i++) {
        const params = sender._queue[i];
        const callback = params[params.length - 1];
        if (typeof callback === "function") callback(err);
      }
    }
    function onError(sender, err, cb) {
      callCallbacks(sender, err, cb);
      sender.onerror(err);
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/event-target.js
var require_event_target = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/event-target.js"(exports, module) {
    "use strict";
    var { kForOnEventAttribute, kListener } = require_constants();
    var kCode = /* @__PURE__ */ Symbol("kCode");
    var kData = /* @__PURE__ */ Symbol("kData");
    var kError = /* @__PURE__ */ Symbol("kError");
    var kMessage = /* @__PURE__ */ Symbol("kMessage");
    var kReason = /* @__PURE__ */ Symbol("kReason");
    var kTarget = /* @__PURE__ */ Symbol("kTarget");
    var kType = /* @__PURE__ */ Symbol("kType");
    var kWasClean = /* @__PURE__ */ Symbol("kWasClean");
    var Event = class {
      /**
       * Create a new `Event`.
       *
       * @param {String} type The name of the event
       * @throws {TypeError} If the `type` argument is not specified
       */
      constructor(type) {
        this[kTarget] = null;
        this[kType] = type;
      }
      /**
       * @type {*}
       */
      get target() {
        return this[kTarget];
      }
      /**
       * @type {String}
       */
      get type() {
        return this[kType];
      }
    };
    Object.defineProperty(Event.prototype, "target", { enumerable: true });
    Object.defineProperty(Event.prototype, "type", { enumerable: true });
    var CloseEvent = class extends Event {
      /**
       * Create a new `CloseEvent`.
       *
       * @param {String} type The name of the event
       * @param {Object} [options] A dictionary object that allows for setting
       *     attributes via object members of the same name
       * @param {Number} [options.code=0] The status code explaining why the
       *     connection was closed
       * @param {String} [options.reason=''] A human-readable string explaining why
       *     the connection was closed
       * @param {Boolean} [options.wasClean=false] Indicates whether or not the
       *     connection was cleanly closed
       */
      constructor(type, options = {}) {
        super(type);
        this[kCode] = options.code === void 0 ? 0 : options.code;
        this[kReason] = options.reason === void 0 ? "" : options.reason;
        this[kWasClean] = options.wasClean === void 0 ? false : options.wasClean;
      }
      /**
       * @type {Number}
       */
      get code() {
        return this[kCode];
      }
      /**
       * @type {String}
       */
      get reason() {
        return this[kReason];
      }
      /**
       * @type {Boolean}
       */
      get wasClean() {
        return this[kWasClean];
      }
    };
    Object.defineProperty(CloseEvent.prototype, "code", { enumerable: true });
    Object.defineProperty(CloseEvent.prototype, "reason", { enumerable: true });
    Object.defineProperty(CloseEvent.prototype, "wasClean", { enumerable: true });
    var ErrorEvent = class extends Event {
      /**
       * Create a new `ErrorEvent`.
       *
       * @param {String} type The name of the event
       * @param {Object} [options] A dictionary object that allows for setting
       *     attributes via object members of the same name
       * @param {*} [options.error=null] The error that generated this event
       * @param {String} [options.message=''] The error message
       */
      constructor(type, options = {}) {
        super(type);
        this[kError] = options.error === void 0 ? null : options.error;
        this[kMessage] = options.message === void 0 ? "" : options.message;
      }
      /**
       * @type {*}
       */
      get error() {
        return this[kError];
      }
      /**
       * @type {String}
       */
      get message() {
        return this[kMessage];
      }
    };
    Object.defineProperty(ErrorEvent.prototype, "error", { enumerable: true });
    Object.defineProperty(ErrorEvent.prototype, "message", { enumerable: true });
    var MessageEvent = class extends Event {
      /**
       * Create a new `MessageEvent`.
       *
       * @param {String} type The name of the event
       * @param {Object} [options] A dictionary object that allows for setting
       *     attributes via object members of the same name
       * @param {*} [options.data=null] The message content
       */
      constructor(type, options = {}) {
        super(type);
        this[kData] = options.data === void 0 ? null : options.data;
      }
      /**
       * @type {*}
       */
      get data() {
        return this[kData];
      }
    };
    Object.defineProperty(MessageEvent.prototype, "data", { enumerable: true });
    var EventTarget = {
      /**
       * Register an event listener.
       *
       * @param {String} type A string representing the event type to listen for
       * @param {(Function|Object)} handler The listener to add
       * @param {Object} [options] An options object specifies characteristics about
       *     the event listener
       * @param {Boolean} [options.once=false] A `Boolean` indicating that the
       *     listener should be invoked at most once after being added. If `true`,
       *     the listener would be automatically removed when invoked.
       * @public
       */
      addEventListener(type, handler, options = {}) {
        for (const listener of this.listeners(type)) {
          if (!options[kForOnEventAttribute] && listener[kListener] === handler && !listener[kForOnEventAttribute]) {
            return;
          }
        }
        let wrapper;
        if (type === "message") {
          wrapper = function onMessage(data, isBinary) {
            const event = new MessageEvent("message", {
              data: isBinary ? data : data.toString()
            });
            event[kTarget] = this;
            callListener(handler, this, event);
          };
        } else if (type === "close") {
          wrapper = function onClose(code, message) {
            const event = new CloseEvent("close", {
              code,
              reason: message.toString(),
              wasClean: this._closeFrameReceived && this._closeFrameSent
            });
            event[kTarget] = this;
            callListener(handler, this, event);
          };
        } else if (type === "error") {
          wrapper = function onError(error) {
            const event = new ErrorEvent("error", {
              error,
              message: error.message
            });
            event[kTarget] = this;
            callListener(handler, this, event);
          };
        } else if (type === "open") {
          wrapper = function onOpen() {
            const event = new Event("open");
            event[kTarget] = this;
            callListener(handler, this, event);
          };
        } else {
          return;
        }
        wrapper[kForOnEventAttribute] = !!options[kForOnEventAttribute];
        wrapper[kListener] = handler;
        if (options.once) {
          this.once(type, wrapper);
        } else {
          this.on(type, wrapper);
        }
      },
      /**
       * Remove an event listener.
       *
       * @param {String} type A string representing the event type to remove
       * @param {(Function|Object)} handler The listener to remove
       * @public
       */
      removeEventListener(type, handler) {
        for (const listener of this.listeners(type)) {
          if (listener[kListener] === handler && !listener[kForOnEventAttribute]) {
            this.removeListener(type, listener);
            break;
          }
        }
      }
    };
    module.exports = {
      CloseEvent,
      ErrorEvent,
      Event,
      EventTarget,
      MessageEvent
    };
    function callListener(listener, thisArg, event) {
      if (typeof listener === "object" && listener.handleEvent) {
        listener.handleEvent.call(listener, event);
      } else {
        listener.call(thisArg, event);
      }
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/extension.js
var require_extension = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/extension.js"(exports, module) {
    "use strict";
    var { tokenChars } = require_validation();
    function push(dest, name, elem) {
      if (dest[name] === void 0) dest[name] = [elem];
      else dest[name].push(elem);
    }
    function parse(header) {
      const offers = /* @__PURE__ */ Object.create(null);
      let params = /* @__PURE__ */ Object.create(null);
      let mustUnescape = false;
      let isEscaping = false;
      let inQuotes = false;
      let extensionName;
      let paramName;
      let start = -1;
      let code = -1;
      let end = -1;
      let i = 0;
      for (; i < header.length; i++) {
        code = header.charCodeAt(i);
        if (extensionName === void 0) {
          if (end === -1 && tokenChars[code] === 1) {
            if (start === -1) start = i;
          } else if (i !== 0 && (code === 32 || code === 9)) {
            if (end === -1 && start !== -1) end = i;
          } else if (code === 59 || code === 44) {
            if (start === -1) {
              throw new SyntaxError(`Unexpected character at index ${i}`);
            }
            if (end === -1) end = i;
            const name = header.slice(start, end);
            if (code === 44) {
              push(offers, name, params);
              params = /* @__PURE__ */ Object.create(null);
            } else {
              extensionName = name;
            }
            start = end = -1;
          } else {
            throw new SyntaxError(`Unexpected character at index ${i}`);
          }
        } else if (paramName === void 0) {
          if (end === -1 && tokenChars[code] === 1) {
            if (start === -1) start = i;
          } else if (code === 32 || code === 9) {
            if (end === -1 && start !== -1) end = i;
          } else if (code === 59 || code === 44) {
            if (start === -1) {
              throw new SyntaxError(`Unexpected character at index ${i}`);
            }
            if (end === -1) end = i;
            push(params, header.slice(start, end), true);
            if (code === 44) {
              push(offers, extensionName, params);
              params = /* @__PURE__ */ Object.create(null);
              extensionName = void 0;
            }
            start = end = -1;
          } else if (code === 61 && start !== -1 && end === -1) {
            paramName = header.slice(start, i);
            start = end = -1;
          } else {
            throw new SyntaxError(`Unexpected character at index ${i}`);
          }
        } else {
          if (isEscaping) {
            if (tokenChars[code] !== 1) {
              throw new SyntaxError(`Unexpected character at index ${i}`);
            }
            if (start === -1) start = i;
            else if (!mustUnescape) mustUnescape = true;
            isEscaping = false;
          } else if (inQuotes) {
            if (tokenChars[code] === 1) {
              if (start === -1) start = i;
            } else if (code === 34 && start !== -1) {
              inQuotes = false;
              end = i;
            } else if (code === 92) {
              isEscaping = true;
            } else {
              throw new SyntaxError(`Unexpected character at index ${i}`);
            }
          } else if (code === 34 && header.charCodeAt(i - 1) === 61) {
            inQuotes = true;
          } else if (end === -1 && tokenChars[code] === 1) {
            if (start === -1) start = i;
          } else if (start !== -1 && (code === 32 || code === 9)) {
            if (end === -1) end = i;
          } else if (code === 59 || code === 44) {
            if (start === -1) {
              throw new SyntaxError(`Unexpected character at index ${i}`);
            }
            if (end === -1) end = i;
            let value = header.slice(start, end);
            if (mustUnescape) {
              value = value.replace(/\\/g, "");
              mustUnescape = false;
            }
            push(params, paramName, value);
            if (code === 44) {
              push(offers, extensionName, params);
              params = /* @__PURE__ */ Object.create(null);
              extensionName = void 0;
            }
            paramName = void 0;
            start = end = -1;
          } else {
            throw new SyntaxError(`Unexpected character at index ${i}`);
          }
        }
      }
      if (start === -1 || inQuotes || code === 32 || code === 9) {
        throw new SyntaxError("Unexpected end of input");
      }
      if (end === -1) end = i;
      const token = header.slice(start, end);
      if (extensionName === void 0) {
        push(offers, token, params);
      } else {
        if (paramName === void 0) {
          push(params, token, true);
        } else if (mustUnescape) {
          push(params, paramName, token.replace(/\\/g, ""));
        } else {
          push(params, paramName, token);
        }
        push(offers, extensionName, params);
      }
      return offers;
    }
    function format(extensions) {
      return Object.keys(extensions).map((extension2) => {
        let configurations = extensions[extension2];
        if (!Array.isArray(configurations)) configurations = [configurations];
        return configurations.map((params) => {
          return [extension2].concat(
            Object.keys(params).map((k) => {
              let values = params[k];
              if (!Array.isArray(values)) values = [values];
              return values.map((v2) => v2 === true ? k : `${k}=${v2}`).join("; ");
            })
          ).join("; ");
        }).join(", ");
      }).join(", ");
    }
    module.exports = { format, parse };
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/websocket.js
var require_websocket = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/websocket.js"(exports, module) {
    "use strict";
    var EventEmitter = __require("events");
    var https = __require("https");
    var http = __require("http");
    var net = __require("net");
    var querystring = __require("querystring");
    var tls = __require("tls");
    var { randomBytes: randomBytes4, createHash: createHash2 } = __require("crypto");
    var { Duplex, Readable } = __require("stream");
    var { URL: URL2 } = __require("url");
    var PerMessageDeflate2 = require_permessage_deflate();
    var Receiver2 = require_receiver();
    var Sender2 = require_sender();
    var { isBlob } = require_validation();
    var {
      BINARY_TYPES,
      CLOSE_TIMEOUT,
      EMPTY_BUFFER,
      GUID,
      kForOnEventAttribute,
      kListener,
      kStatusCode,
      kWebSocket,
      NOOP
    } = require_constants();
    var {
      EventTarget: { addEventListener, removeEventListener }
    } = require_event_target();
    var { format, parse } = require_extension();
    var { toBuffer } = require_buffer_util();
    var kAborted = /* @__PURE__ */ Symbol("kAborted");
    var protocolVersions = [8, 13];
    var readyStates = ["CONNECTING", "OPEN", "CLOSING", "CLOSED"];
    var subprotocolRegex = /^[!#$%&'*+\-.0-9A-Z^_`|a-z~]+$/;
    var WebSocket2 = class _WebSocket extends EventEmitter {
      /**
       * Create a new `WebSocket`.
       *
       * @param {(String|URL)} address The URL to which to connect
       * @param {(String|String[])} [protocols] The subprotocols
       * @param {Object} [options] Connection options
       */
      constructor(address, protocols, options) {
        super();
        this._binaryType = BINARY_TYPES[0];
        this._closeCode = 1006;
        this._closeFrameReceived = false;
        this._closeFrameSent = false;
        this._closeMessage = EMPTY_BUFFER;
        this._closeTimer = null;
        this._errorEmitted = false;
        this._extensions = {};
        this._paused = false;
        this._protocol = "";
        this._readyState = _WebSocket.CONNECTING;
        this._receiver = null;
        this._sender = null;
        this._socket = null;
        if (address !== null) {
          this._bufferedAmount = 0;
          this._isServer = false;
          this._redirects = 0;
          if (protocols === void 0) {
            if (!options || options.protocols === void 0) {
              protocols = [];
            } else if (Array.isArray(options.protocols)) {
              protocols = options.protocols;
            } else {
              protocols = [options.protocols];
            }
          } else if (!Array.isArray(protocols)) {
            if (typeof protocols === "object" && protocols !== null) {
              options = protocols;
              if (options.protocols === void 0) {
                protocols = [];
              } else if (Array.isArray(options.protocols)) {
                protocols = options.protocols;
              } else {
                protocols = [options.protocols];
              }
            } else {
              protocols = [protocols];
            }
          }
          options = initAsClient(this, address, protocols, options);
        } else {
          this._isServer = true;
        }
        if (options.autoPong) {
          this._autoPong = true;
          this._autoPongComplete = () => autoPongComplete(this);
          this._pendingAutoPongs = 0;
          this._maxPendingAutoPongs = options.maxPendingAutoPongs | 0;
        }
        this._closeTimeout = options.closeTimeout;
      }
      /**
       * For historical reasons, the custom "nodebuffer" type is used by the default
       * instead of "blob".
       *
       * @type {String}
       */
      get binaryType() {
        return this._binaryType;
      }
      set binaryType(type) {
        if (!BINARY_TYPES.includes(type)) return;
        this._binaryType = type;
        if (this._receiver) this._receiver._binaryType = type;
      }
      /**
       * @type {Number}
       */
      get bufferedAmount() {
        if (!this._socket) return this._bufferedAmount;
        return this._socket._writableState.length + this._sender._bufferedBytes;
      }
      /**
       * @type {String}
       */
      get extensions() {
        return Object.keys(this._extensions).join();
      }
      /**
       * @type {Boolean}
       */
      get isPaused() {
        return this._paused;
      }
      /**
       * @type {Function}
       */
      /* istanbul ignore next */
      get onclose() {
        return null;
      }
      /**
       * @type {Function}
       */
      /* istanbul ignore next */
      get onerror() {
        return null;
      }
      /**
       * @type {Function}
       */
      /* istanbul ignore next */
      get onopen() {
        return null;
      }
      /**
       * @type {Function}
       */
      /* istanbul ignore next */
      get onmessage() {
        return null;
      }
      /**
       * @type {String}
       */
      get protocol() {
        return this._protocol;
      }
      /**
       * @type {Number}
       */
      get readyState() {
        return this._readyState;
      }
      /**
       * @type {String}
       */
      get url() {
        return this._url;
      }
      /**
       * Set up the socket and the internal resources.
       *
       * @param {Duplex} socket The network socket between the server and client
       * @param {Buffer} head The first packet of the upgraded stream
       * @param {Object} options Options object
       * @param {Boolean} [options.allowSynchronousEvents=false] Specifies whether
       *     any of the `'message'`, `'ping'`, and `'pong'` events can be emitted
       *     multiple times in the same tick
       * @param {Function} [options.generateMask] The function used to generate the
       *     masking key
       * @param {Number} [options.maxBufferedChunks=0] The maximum number of
       *     buffered data chunks
       * @param {Number} [options.maxFragments=0] The maximum number of message
       *     fragments
       * @param {Number} [options.maxPayload=0] The maximum allowed message size
       * @param {Boolean} [options.skipUTF8Validation=false] Specifies whether or
       *     not to skip UTF-8 validation for text and close messages
       * @private
       */
      setSocket(socket, head, options) {
        const receiver = new Receiver2({
          allowSynchronousEvents: options.allowSynchronousEvents,
          binaryType: this.binaryType,
          extensions: this._extensions,
          isServer: this._isServer,
          maxBufferedChunks: options.maxBufferedChunks,
          maxFragments: options.maxFragments,
          maxPayload: options.maxPayload,
          skipUTF8Validation: options.skipUTF8Validation
        });
        const sender = new Sender2(socket, this._extensions, options.generateMask);
        this._receiver = receiver;
        this._sender = sender;
        this._socket = socket;
        receiver[kWebSocket] = this;
        sender[kWebSocket] = this;
        socket[kWebSocket] = this;
        receiver.on("conclude", receiverOnConclude);
        receiver.on("drain", receiverOnDrain);
        receiver.on("error", receiverOnError);
        receiver.on("message", receiverOnMessage);
        receiver.on("ping", receiverOnPing);
        receiver.on("pong", receiverOnPong);
        sender.onerror = senderOnError;
        if (socket.setTimeout) socket.setTimeout(0);
        if (socket.setNoDelay) socket.setNoDelay();
        if (head.length > 0) socket.unshift(head);
        socket.on("close", socketOnClose);
        socket.on("data", socketOnData);
        socket.on("end", socketOnEnd);
        socket.on("error", socketOnError);
        this._readyState = _WebSocket.OPEN;
        this.emit("open");
      }
      /**
       * Emit the `'close'` event.
       *
       * @private
       */
      emitClose() {
        if (!this._socket) {
          this._readyState = _WebSocket.CLOSED;
          this.emit("close", this._closeCode, this._closeMessage);
          return;
        }
        if (this._extensions[PerMessageDeflate2.extensionName]) {
          this._extensions[PerMessageDeflate2.extensionName].cleanup();
        }
        this._receiver.removeAllListeners();
        this._readyState = _WebSocket.CLOSED;
        this.emit("close", this._closeCode, this._closeMessage);
      }
      /**
       * Start a closing handshake.
       *
       *          +----------+   +-----------+   +----------+
       *     - - -|ws.close()|-->|close frame|-->|ws.close()|- - -
       *    |     +----------+   +-----------+   +----------+     |
       *          +----------+   +-----------+         |
       * CLOSING  |ws.close()|<--|close frame|<--+-----+       CLOSING
       *          +----------+   +-----------+   |
       *    |           |                        |   +---+        |
       *                +------------------------+-->|fin| - - - -
       *    |         +---+                      |   +---+
       *     - - - - -|fin|<---------------------+
       *              +---+
       *
       * @param {Number} [code] Status code explaining why the connection is closing
       * @param {(String|Buffer)} [data] The reason why the connection is
       *     closing
       * @public
       */
      close(code, data) {
        if (this.readyState === _WebSocket.CLOSED) return;
        if (this.readyState === _WebSocket.CONNECTING) {
          const msg = "WebSocket was closed before the connection was established";
          abortHandshake(this, this._req, msg);
          return;
        }
        if (this.readyState === _WebSocket.CLOSING) {
          if (this._closeFrameSent && (this._closeFrameReceived || this._receiver._writableState.errorEmitted)) {
            this._socket.end();
          }
          return;
        }
        this._sender.close(code, data, !this._isServer, (err) => {
          if (err) return;
          this._closeFrameSent = true;
          if (this._closeFrameReceived || this._receiver._writableState.errorEmitted) {
            this._socket.end();
          }
        });
        this._readyState = _WebSocket.CLOSING;
        setCloseTimer(this);
      }
      /**
       * Pause the socket.
       *
       * @public
       */
      pause() {
        if (this.readyState === _WebSocket.CONNECTING || this.readyState === _WebSocket.CLOSED) {
          return;
        }
        this._paused = true;
        this._socket.pause();
      }
      /**
       * Send a ping.
       *
       * @param {*} [data] The data to send
       * @param {Boolean} [mask] Indicates whether or not to mask `data`
       * @param {Function} [cb] Callback which is executed when the ping is sent
       * @public
       */
      ping(data, mask, cb) {
        if (this.readyState === _WebSocket.CONNECTING) {
          throw new Error("WebSocket is not open: readyState 0 (CONNECTING)");
        }
        if (typeof data === "function") {
          cb = data;
          data = mask = void 0;
        } else if (typeof mask === "function") {
          cb = mask;
          mask = void 0;
        }
        if (typeof data === "number") data = data.toString();
        if (this.readyState !== _WebSocket.OPEN) {
          sendAfterClose(this, data, cb);
          return;
        }
        if (mask === void 0) mask = !this._isServer;
        this._sender.ping(data || EMPTY_BUFFER, mask, cb);
      }
      /**
       * Send a pong.
       *
       * @param {*} [data] The data to send
       * @param {Boolean} [mask] Indicates whether or not to mask `data`
       * @param {Function} [cb] Callback which is executed when the pong is sent
       * @public
       */
      pong(data, mask, cb) {
        if (this.readyState === _WebSocket.CONNECTING) {
          throw new Error("WebSocket is not open: readyState 0 (CONNECTING)");
        }
        if (typeof data === "function") {
          cb = data;
          data = mask = void 0;
        } else if (typeof mask === "function") {
          cb = mask;
          mask = void 0;
        }
        if (typeof data === "number") data = data.toString();
        if (this.readyState !== _WebSocket.OPEN) {
          sendAfterClose(this, data, cb);
          return;
        }
        if (mask === void 0) mask = !this._isServer;
        this._sender.pong(data || EMPTY_BUFFER, mask, cb);
      }
      /**
       * Resume the socket.
       *
       * @public
       */
      resume() {
        if (this.readyState === _WebSocket.CONNECTING || this.readyState === _WebSocket.CLOSED) {
          return;
        }
        this._paused = false;
        if (!this._receiver._writableState.needDrain) this._socket.resume();
      }
      /**
       * Send a data message.
       *
       * @param {*} data The message to send
       * @param {Object} [options] Options object
       * @param {Boolean} [options.binary] Specifies whether `data` is binary or
       *     text
       * @param {Boolean} [options.compress] Specifies whether or not to compress
       *     `data`
       * @param {Boolean} [options.fin=true] Specifies whether the fragment is the
       *     last one
       * @param {Boolean} [options.mask] Specifies whether or not to mask `data`
       * @param {Function} [cb] Callback which is executed when data is written out
       * @public
       */
      send(data, options, cb) {
        if (this.readyState === _WebSocket.CONNECTING) {
          throw new Error("WebSocket is not open: readyState 0 (CONNECTING)");
        }
        if (typeof options === "function") {
          cb = options;
          options = {};
        }
        if (typeof data === "number") data = data.toString();
        if (this.readyState !== _WebSocket.OPEN) {
          sendAfterClose(this, data, cb);
          return;
        }
        const opts = {
          binary: typeof data !== "string",
          mask: !this._isServer,
          compress: true,
          fin: true,
          ...options
        };
        if (!this._extensions[PerMessageDeflate2.extensionName]) {
          opts.compress = false;
        }
        this._sender.send(data || EMPTY_BUFFER, opts, cb);
      }
      /**
       * Forcibly close the connection.
       *
       * @public
       */
      terminate() {
        if (this.readyState === _WebSocket.CLOSED) return;
        if (this.readyState === _WebSocket.CONNECTING) {
          const msg = "WebSocket was closed before the connection was established";
          abortHandshake(this, this._req, msg);
          return;
        }
        if (this._socket) {
          this._readyState = _WebSocket.CLOSING;
          this._socket.destroy();
        }
      }
    };
    Object.defineProperty(WebSocket2, "CONNECTING", {
      enumerable: true,
      value: readyStates.indexOf("CONNECTING")
    });
    Object.defineProperty(WebSocket2.prototype, "CONNECTING", {
      enumerable: true,
      value: readyStates.indexOf("CONNECTING")
    });
    Object.defineProperty(WebSocket2, "OPEN", {
      enumerable: true,
      value: readyStates.indexOf("OPEN")
    });
    Object.defineProperty(WebSocket2.prototype, "OPEN", {
      enumerable: true,
      value: readyStates.indexOf("OPEN")
    });
    Object.defineProperty(WebSocket2, "CLOSING", {
      enumerable: true,
      value: readyStates.indexOf("CLOSING")
    });
    Object.defineProperty(WebSocket2.prototype, "CLOSING", {
      enumerable: true,
      value: readyStates.indexOf("CLOSING")
    });
    Object.defineProperty(WebSocket2, "CLOSED", {
      enumerable: true,
      value: readyStates.indexOf("CLOSED")
    });
    Object.defineProperty(WebSocket2.prototype, "CLOSED", {
      enumerable: true,
      value: readyStates.indexOf("CLOSED")
    });
    [
      "binaryType",
      "bufferedAmount",
      "extensions",
      "isPaused",
      "protocol",
      "readyState",
      "url"
    ].forEach((property) => {
      Object.defineProperty(WebSocket2.prototype, property, { enumerable: true });
    });
    ["open", "error", "close", "message"].forEach((method) => {
      Object.defineProperty(WebSocket2.prototype, `on${method}`, {
        enumerable: true,
        get() {
          for (const listener of this.listeners(method)) {
            if (listener[kForOnEventAttribute]) return listener[kListener];
          }
          return null;
        },
        set(handler) {
          for (const listener of this.listeners(method)) {
            if (listener[kForOnEventAttribute]) {
              this.removeListener(method, listener);
              break;
            }
          }
          if (typeof handler !== "function") return;
          this.addEventListener(method, handler, {
            [kForOnEventAttribute]: true
          });
        }
      });
    });
    WebSocket2.prototype.addEventListener = addEventListener;
    WebSocket2.prototype.removeEventListener = removeEventListener;
    module.exports = WebSocket2;
    function initAsClient(websocket, address, protocols, options) {
      const opts = {
        allowSynchronousEvents: true,
        autoPong: true,
        closeTimeout: CLOSE_TIMEOUT,
        protocolVersion: protocolVersions[1],
        maxBufferedChunks: 256 * 1024,
        maxFragments: 16 * 1024,
        maxPayload: 100 * 1024 * 1024,
        maxPendingAutoPongs: 60,
        skipUTF8Validation: false,
        perMessageDeflate: true,
        followRedirects: false,
        maxRedirects: 10,
        ...options,
        socketPath: void 0,
        hostname: void 0,
        protocol: void 0,
        protocols: void 0,
        timeout: void 0,
        method: "GET",
        host: void 0,
        path: void 0,
        port: void 0
      };
      if (!protocolVersions.includes(opts.protocolVersion)) {
        throw new RangeError(
          `Unsupported protocol version: ${opts.protocolVersion} (supported versions: ${protocolVersions.join(", ")})`
        );
      }
      let parsedUrl;
      if (address instanceof URL2) {
        parsedUrl = address;
      } else {
        try {
          parsedUrl = new URL2(address);
        } catch {
          throw new SyntaxError(`Invalid URL: ${address}`);
        }
      }
      if (parsedUrl.protocol === "http:" || parsedUrl.protocol === "https:") {
        parsedUrl = new URL2(parsedUrl);
        parsedUrl.protocol = parsedUrl.protocol === "http:" ? "ws:" : "wss:";
      }
      websocket._url = parsedUrl.href;
      const isSecure = parsedUrl.protocol === "wss:";
      const isIpcUrl = parsedUrl.protocol === "ws+unix:";
      let invalidUrlMessage;
      if (parsedUrl.protocol !== "ws:" && !isSecure && !isIpcUrl) {
        invalidUrlMessage = `The URL's protocol must be one of "ws:", "wss:", "http:", "https:", or "ws+unix:"`;
      } else if (isIpcUrl && !parsedUrl.pathname) {
        invalidUrlMessage = "The URL's pathname is empty";
      } else if (parsedUrl.hash) {
        invalidUrlMessage = "The URL contains a fragment identifier";
      }
      if (invalidUrlMessage) {
        const err = new SyntaxError(invalidUrlMessage);
        if (websocket._redirects === 0) {
          throw err;
        } else {
          emitErrorAndClose(websocket, err);
          return;
        }
      }
      const defaultPort = isSecure ? 443 : 80;
      const key = randomBytes4(16).toString("base64");
      const request = isSecure ? https.request : http.request;
      const protocolSet = /* @__PURE__ */ new Set();
      let perMessageDeflate;
      opts.createConnection = opts.createConnection || (isSecure ? tlsConnect : netConnect);
      opts.defaultPort = opts.defaultPort || defaultPort;
      opts.port = parsedUrl.port || defaultPort;
      opts.host = parsedUrl.hostname.startsWith("[") ? parsedUrl.hostname.slice(1, -1) : parsedUrl.hostname;
      opts.headers = {
        ...opts.headers,
        "Sec-WebSocket-Version": opts.protocolVersion,
        "Sec-WebSocket-Key": key,
        Connection: "Upgrade",
        Upgrade: "websocket"
      };
      opts.path = parsedUrl.pathname + parsedUrl.search;
      opts.timeout = opts.handshakeTimeout;
      if (opts.perMessageDeflate) {
        perMessageDeflate = new PerMessageDeflate2({
          ...opts.perMessageDeflate,
          isServer: false,
          maxPayload: opts.maxPayload
        });
        opts.headers["Sec-WebSocket-Extensions"] = format({
          [PerMessageDeflate2.extensionName]: perMessageDeflate.offer()
        });
      }
      if (protocols.length) {
        for (const protocol of protocols) {
          if (typeof protocol !== "string" || !subprotocolRegex.test(protocol) || protocolSet.has(protocol)) {
            throw new SyntaxError(
              "An invalid or duplicated subprotocol was specified"
            );
          }
          protocolSet.add(protocol);
        }
        opts.headers["Sec-WebSocket-Protocol"] = protocols.join(",");
      }
      if (opts.origin) {
        if (opts.protocolVersion < 13) {
          opts.headers["Sec-WebSocket-Origin"] = opts.origin;
        } else {
          opts.headers.Origin = opts.origin;
        }
      }
      if (parsedUrl.username || parsedUrl.password) {
        const username = querystring.unescape(parsedUrl.username);
        const password = querystring.unescape(parsedUrl.password);
        opts.auth = `${username}:${password}`;
      }
      if (isIpcUrl) {
        const i = opts.path.indexOf(":");
        if (i === -1) {
          opts.socketPath = opts.path;
          opts.path = "";
        } else {
          opts.socketPath = opts.path.slice(0, i);
          opts.path = opts.path.slice(i + 1);
        }
      }
      let req;
      if (opts.followRedirects) {
        if (websocket._redirects === 0) {
          websocket._originalIpc = isIpcUrl;
          websocket._originalSecure = isSecure;
          websocket._originalHostOrSocketPath = isIpcUrl ? opts.socketPath : parsedUrl.host;
          const headers = options && options.headers;
          options = { ...options, headers: {} };
          if (headers) {
            for (const [key2, value] of Object.entries(headers)) {
              options.headers[key2.toLowerCase()] = value;
            }
          }
        } else if (websocket.listenerCount("redirect") === 0) {
          const isSameHost = isIpcUrl ? websocket._originalIpc ? opts.socketPath === websocket._originalHostOrSocketPath : false : websocket._originalIpc ? false : parsedUrl.host === websocket._originalHostOrSocketPath;
          if (!isSameHost || websocket._originalSecure && !isSecure) {
            delete opts.headers.authorization;
            delete opts.headers.cookie;
            if (!isSameHost) delete opts.headers.host;
            opts.auth = void 0;
          }
        }
        if (opts.auth && !options.headers.authorization) {
          options.headers.authorization = "Basic " + Buffer.from(opts.auth).toString("base64");
        }
        req = websocket._req = request(opts);
        if (websocket._redirects) {
          websocket.emit("redirect", websocket.url, req);
        }
      } else {
        req = websocket._req = request(opts);
      }
      if (opts.timeout) {
        req.on("timeout", () => {
          abortHandshake(websocket, req, "Opening handshake has timed out");
        });
      }
      req.on("error", (err) => {
        if (req === null || req[kAborted]) return;
        req = websocket._req = null;
        emitErrorAndClose(websocket, err);
      });
      req.on("response", (res) => {
        const location = res.headers.location;
        const statusCode = res.statusCode;
        if (location && opts.followRedirects && statusCode >= 300 && statusCode < 400) {
          if (++websocket._redirects > opts.maxRedirects) {
            abortHandshake(websocket, req, "Maximum redirects exceeded");
            return;
          }
          req.abort();
          let addr;
          try {
            addr = new URL2(location, address);
          } catch (e) {
            const err = new SyntaxError(`Invalid URL: ${location}`);
            emitErrorAndClose(websocket, err);
            return;
          }
          initAsClient(websocket, addr, protocols, options);
        } else if (!websocket.emit("unexpected-response", req, res)) {
          abortHandshake(
            websocket,
            req,
            `Unexpected server response: ${res.statusCode}`
          );
        }
      });
      req.on("upgrade", (res, socket, head) => {
        websocket.emit("upgrade", res);
        if (websocket.readyState !== WebSocket2.CONNECTING) return;
        req = websocket._req = null;
        const upgrade = res.headers.upgrade;
        if (upgrade === void 0 || upgrade.toLowerCase() !== "websocket") {
          abortHandshake(websocket, socket, "Invalid Upgrade header");
          return;
        }
        const digest2 = createHash2("sha1").update(key + GUID).digest("base64");
        if (res.headers["sec-websocket-accept"] !== digest2) {
          abortHandshake(websocket, socket, "Invalid Sec-WebSocket-Accept header");
          return;
        }
        const serverProt = res.headers["sec-websocket-protocol"];
        let protError;
        if (serverProt !== void 0) {
          if (!protocolSet.size) {
            protError = "Server sent a subprotocol but none was requested";
          } else if (!protocolSet.has(serverProt)) {
            protError = "Server sent an invalid subprotocol";
          }
        } else if (protocolSet.size) {
          protError = "Server sent no subprotocol";
        }
        if (protError) {
          abortHandshake(websocket, socket, protError);
          return;
        }
        if (serverProt) websocket._protocol = serverProt;
        const secWebSocketExtensions = res.headers["sec-websocket-extensions"];
        if (secWebSocketExtensions !== void 0) {
          if (!perMessageDeflate) {
            const message = "Server sent a Sec-WebSocket-Extensions header but no extension was requested";
            abortHandshake(websocket, socket, message);
            return;
          }
          let extensions;
          try {
            extensions = parse(secWebSocketExtensions);
          } catch (err) {
            const message = "Invalid Sec-WebSocket-Extensions header";
            abortHandshake(websocket, socket, message);
            return;
          }
          const extensionNames = Object.keys(extensions);
          if (extensionNames.length !== 1 || extensionNames[0] !== PerMessageDeflate2.extensionName) {
            const message = "Server indicated an extension that was not requested";
            abortHandshake(websocket, socket, message);
            return;
          }
          try {
            perMessageDeflate.accept(extensions[PerMessageDeflate2.extensionName]);
          } catch (err) {
            const message = "Invalid Sec-WebSocket-Extensions header";
            abortHandshake(websocket, socket, message);
            return;
          }
          websocket._extensions[PerMessageDeflate2.extensionName] = perMessageDeflate;
        }
        websocket.setSocket(socket, head, {
          allowSynchronousEvents: opts.allowSynchronousEvents,
          generateMask: opts.generateMask,
          maxBufferedChunks: opts.maxBufferedChunks,
          maxFragments: opts.maxFragments,
          maxPayload: opts.maxPayload,
          skipUTF8Validation: opts.skipUTF8Validation
        });
      });
      if (opts.finishRequest) {
        opts.finishRequest(req, websocket);
      } else {
        req.end();
      }
      return opts;
    }
    function emitErrorAndClose(websocket, err) {
      websocket._readyState = WebSocket2.CLOSING;
      websocket._errorEmitted = true;
      websocket.emit("error", err);
      websocket.emitClose();
    }
    function netConnect(options) {
      options.path = options.socketPath;
      return net.connect(options);
    }
    function tlsConnect(options) {
      options.path = void 0;
      if (!options.servername && options.servername !== "") {
        options.servername = net.isIP(options.host) ? "" : options.host;
      }
      return tls.connect(options);
    }
    function abortHandshake(websocket, stream, message) {
      websocket._readyState = WebSocket2.CLOSING;
      const err = new Error(message);
      Error.captureStackTrace(err, abortHandshake);
      if (stream.setHeader) {
        stream[kAborted] = true;
        stream.abort();
        if (stream.socket && !stream.socket.destroyed) {
          stream.socket.destroy();
        }
        process.nextTick(emitErrorAndClose, websocket, err);
      } else {
        stream.destroy(err);
        stream.once("error", websocket.emit.bind(websocket, "error"));
        stream.once("close", websocket.emitClose.bind(websocket));
      }
    }
    function sendAfterClose(websocket, data, cb) {
      if (data) {
        const length = isBlob(data) ? data.size : toBuffer(data).length;
        if (websocket._socket) websocket._sender._bufferedBytes += length;
        else websocket._bufferedAmount += length;
      }
      if (cb) {
        const err = new Error(
          `WebSocket is not open: readyState ${websocket.readyState} (${readyStates[websocket.readyState]})`
        );
        process.nextTick(cb, err);
      }
    }
    function receiverOnConclude(code, reason) {
      const websocket = this[kWebSocket];
      websocket._closeFrameReceived = true;
      websocket._closeCode = code;
      if (reason.length === 0) {
        websocket._closeMessage = EMPTY_BUFFER;
      } else {
        websocket._closeMessage = Buffer.allocUnsafeSlow(reason.length);
        websocket._closeMessage.set(reason);
      }
      if (websocket._socket[kWebSocket] === void 0) return;
      websocket._socket.removeListener("data", socketOnData);
      process.nextTick(resume, websocket._socket);
      if (code === 1005) websocket.close();
      else websocket.close(code, reason);
    }
    function receiverOnDrain() {
      const websocket = this[kWebSocket];
      if (!websocket.isPaused) websocket._socket.resume();
    }
    function receiverOnError(err) {
      const websocket = this[kWebSocket];
      if (websocket._socket[kWebSocket] !== void 0) {
        websocket._socket.removeListener("data", socketOnData);
        process.nextTick(resume, websocket._socket);
        websocket.close(err[kStatusCode]);
      }
      if (!websocket._errorEmitted) {
        websocket._errorEmitted = true;
        websocket.emit("error", err);
      }
    }
    function receiverOnFinish() {
      this[kWebSocket].emitClose();
    }
    function receiverOnMessage(data, isBinary) {
      this[kWebSocket].emit("message", data, isBinary);
    }
    function receiverOnPing(data) {
      const websocket = this[kWebSocket];
      if (websocket._autoPong && websocket.readyState === WebSocket2.OPEN) {
        if (websocket._maxPendingAutoPongs > 0 && websocket._pendingAutoPongs >= websocket._maxPendingAutoPongs) {
          websocket.terminate();
        } else {
          websocket._pendingAutoPongs++;
          websocket.pong(data, !this._isServer, websocket._autoPongComplete);
        }
      }
      websocket.emit("ping", data);
    }
    function autoPongComplete(websocket) {
      websocket._pendingAutoPongs--;
    }
    function receiverOnPong(data) {
      this[kWebSocket].emit("pong", data);
    }
    function resume(stream) {
      stream.resume();
    }
    function senderOnError(err) {
      const websocket = this[kWebSocket];
      if (websocket.readyState === WebSocket2.CLOSED) return;
      if (websocket.readyState === WebSocket2.OPEN) {
        websocket._readyState = WebSocket2.CLOSING;
        setCloseTimer(websocket);
      }
      this._socket.end();
      if (!websocket._errorEmitted) {
        websocket._errorEmitted = true;
        websocket.emit("error", err);
      }
    }
    function setCloseTimer(websocket) {
      websocket._closeTimer = setTimeout(
        websocket._socket.destroy.bind(websocket._socket),
        websocket._closeTimeout
      );
    }
    function socketOnClose() {
      const websocket = this[kWebSocket];
      this.removeListener("close", socketOnClose);
      this.removeListener("data", socketOnData);
      this.removeListener("end", socketOnEnd);
      websocket._readyState = WebSocket2.CLOSING;
      if (!this._readableState.endEmitted && !websocket._closeFrameReceived && !websocket._receiver._writableState.errorEmitted && this._readableState.length !== 0) {
        const chunk = this.read(this._readableState.length);
        websocket._receiver.write(chunk);
      }
      websocket._receiver.end();
      this[kWebSocket] = void 0;
      clearTimeout(websocket._closeTimer);
      if (websocket._receiver._writableState.finished || websocket._receiver._writableState.errorEmitted) {
        websocket.emitClose();
      } else {
        websocket._receiver.on("error", receiverOnFinish);
        websocket._receiver.on("finish", receiverOnFinish);
      }
    }
    function socketOnData(chunk) {
      if (!this[kWebSocket]._receiver.write(chunk)) {
        this.pause();
      }
    }
    function socketOnEnd() {
      const websocket = this[kWebSocket];
      websocket._readyState = WebSocket2.CLOSING;
      websocket._receiver.end();
      this.end();
    }
    function socketOnError() {
      const websocket = this[kWebSocket];
      this.removeListener("error", socketOnError);
      this.on("error", NOOP);
      if (websocket) {
        websocket._readyState = WebSocket2.CLOSING;
        this.destroy();
      }
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/stream.js
var require_stream = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/stream.js"(exports, module) {
    "use strict";
    var WebSocket2 = require_websocket();
    var { Duplex } = __require("stream");
    function emitClose(stream) {
      stream.emit("close");
    }
    function duplexOnEnd() {
      if (!this.destroyed && this._writableState.finished) {
        this.destroy();
      }
    }
    function duplexOnError(err) {
      this.removeListener("error", duplexOnError);
      this.destroy();
      if (this.listenerCount("error") === 0) {
        this.emit("error", err);
      }
    }
    function createWebSocketStream2(ws, options) {
      let terminateOnDestroy = true;
      const duplex = new Duplex({
        ...options,
        autoDestroy: false,
        emitClose: false,
        objectMode: false,
        writableObjectMode: false
      });
      ws.on("message", function message(msg, isBinary) {
        const data = !isBinary && duplex._readableState.objectMode ? msg.toString() : msg;
        if (!duplex.push(data)) ws.pause();
      });
      ws.once("error", function error(err) {
        if (duplex.destroyed) return;
        terminateOnDestroy = false;
        duplex.destroy(err);
      });
      ws.once("close", function close() {
        if (duplex.destroyed) return;
        duplex.push(null);
      });
      duplex._destroy = function(err, callback) {
        if (ws.readyState === ws.CLOSED) {
          callback(err);
          process.nextTick(emitClose, duplex);
          return;
        }
        let called = false;
        ws.once("error", function error(err2) {
          called = true;
          callback(err2);
        });
        ws.once("close", function close() {
          if (!called) callback(err);
          process.nextTick(emitClose, duplex);
        });
        if (terminateOnDestroy) ws.terminate();
      };
      duplex._final = function(callback) {
        if (ws.readyState === ws.CONNECTING) {
          ws.once("open", function open() {
            duplex._final(callback);
          });
          return;
        }
        if (ws._socket === null) return;
        if (ws._socket._writableState.finished) {
          callback();
          if (duplex._readableState.endEmitted) duplex.destroy();
        } else {
          ws._socket.once("finish", function finish() {
            callback();
          });
          ws.close();
        }
      };
      duplex._read = function() {
        if (ws.isPaused) ws.resume();
      };
      duplex._write = function(chunk, encoding, callback) {
        if (ws.readyState === ws.CONNECTING) {
          ws.once("open", function open() {
            duplex._write(chunk, encoding, callback);
          });
          return;
        }
        ws.send(chunk, callback);
      };
      duplex.on("end", duplexOnEnd);
      duplex.on("error", duplexOnError);
      return duplex;
    }
    module.exports = createWebSocketStream2;
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/subprotocol.js
var require_subprotocol = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/subprotocol.js"(exports, module) {
    "use strict";
    var { tokenChars } = require_validation();
    function parse(header) {
      const protocols = /* @__PURE__ */ new Set();
      let start = -1;
      let end = -1;
      let i = 0;
      for (i; i < header.length; i++) {
        const code = header.charCodeAt(i);
        if (end === -1 && tokenChars[code] === 1) {
          if (start === -1) start = i;
        } else if (i !== 0 && (code === 32 || code === 9)) {
          if (end === -1 && start !== -1) end = i;
        } else if (code === 44) {
          if (start === -1) {
            throw new SyntaxError(`Unexpected character at index ${i}`);
          }
          if (end === -1) end = i;
          const protocol2 = header.slice(start, end);
          if (protocols.has(protocol2)) {
            throw new SyntaxError(`The "${protocol2}" subprotocol is duplicated`);
          }
          protocols.add(protocol2);
          start = end = -1;
        } else {
          throw new SyntaxError(`Unexpected character at index ${i}`);
        }
      }
      if (start === -1 || end !== -1) {
        throw new SyntaxError("Unexpected end of input");
      }
      const protocol = header.slice(start, i);
      if (protocols.has(protocol)) {
        throw new SyntaxError(`The "${protocol}" subprotocol is duplicated`);
      }
      protocols.add(protocol);
      return protocols;
    }
    module.exports = { parse };
  }
});

// ../../../work/wt/perf/node_modules/ws/lib/websocket-server.js
var require_websocket_server = __commonJS({
  "../../../work/wt/perf/node_modules/ws/lib/websocket-server.js"(exports, module) {
    "use strict";
    var EventEmitter = __require("events");
    var http = __require("http");
    var { Duplex } = __require("stream");
    var { createHash: createHash2 } = __require("crypto");
    var extension2 = require_extension();
    var PerMessageDeflate2 = require_permessage_deflate();
    var subprotocol2 = require_subprotocol();
    var WebSocket2 = require_websocket();
    var { CLOSE_TIMEOUT, GUID, kWebSocket } = require_constants();
    var keyRegex = /^[+/0-9A-Za-z]{22}==$/;
    var RUNNING = 0;
    var CLOSING = 1;
    var CLOSED = 2;
    var WebSocketServer2 = class extends EventEmitter {
      /**
       * Create a `WebSocketServer` instance.
       *
       * @param {Object} options Configuration options
       * @param {Boolean} [options.allowSynchronousEvents=true] Specifies whether
       *     any of the `'message'`, `'ping'`, and `'pong'` events can be emitted
       *     multiple times in the same tick
       * @param {Boolean} [options.autoPong=true] Specifies whether or not to
       *     automatically send a pong in response to a ping
       * @param {Number} [options.backlog=511] The maximum length of the queue of
       *     pending connections
       * @param {Boolean} [options.clientTracking=true] Specifies whether or not to
       *     track clients
       * @param {Number} [options.closeTimeout=30000] Duration in milliseconds to
       *     wait for the closing handshake to finish after `websocket.close()` is
       *     called
       * @param {Function} [options.handleProtocols] A hook to handle protocols
       * @param {String} [options.host] The hostname where to bind the server
       * @param {Number} [options.maxBufferedChunks=262144] The maximum number of
       *     buffered data chunks
       * @param {Number} [options.maxFragments=16384] The maximum number of message
       *     fragments
       * @param {Number} [options.maxPayload=104857600] The maximum allowed message
       *     size
       * @param {Number} [options.maxPendingAutoPongs=60] The maximum number of
       *     pending automatic pongs
       * @param {Boolean} [options.noServer=false] Enable no server mode
       * @param {String} [options.path] Accept only connections matching this path
       * @param {(Boolean|Object)} [options.perMessageDeflate=false] Enable/disable
       *     permessage-deflate
       * @param {Number} [options.port] The port where to bind the server
       * @param {(http.Server|https.Server)} [options.server] A pre-created HTTP/S
       *     server to use
       * @param {Boolean} [options.skipUTF8Validation=false] Specifies whether or
       *     not to skip UTF-8 validation for text and close messages
       * @param {Function} [options.verifyClient] A hook to reject connections
       * @param {Function} [options.WebSocket=WebSocket] Specifies the `WebSocket`
       *     class to use. It must be the `WebSocket` class or class that extends it
       * @param {Function} [callback] A listener for the `listening` event
       */
      constructor(options, callback) {
        super();
        options = {
          allowSynchronousEvents: true,
          autoPong: true,
          maxBufferedChunks: 256 * 1024,
          maxFragments: 16 * 1024,
          maxPayload: 100 * 1024 * 1024,
          maxPendingAutoPongs: 60,
          skipUTF8Validation: false,
          perMessageDeflate: false,
          handleProtocols: null,
          clientTracking: true,
          closeTimeout: CLOSE_TIMEOUT,
          verifyClient: null,
          noServer: false,
          backlog: null,
          // use default (511 as implemented in net.js)
          server: null,
          host: null,
          path: null,
          port: null,
          WebSocket: WebSocket2,
          ...options
        };
        if (options.port == null && !options.server && !options.noServer || options.port != null && (options.server || options.noServer) || options.server && options.noServer) {
          throw new TypeError(
            'One and only one of the "port", "server", or "noServer" options must be specified'
          );
        }
        if (options.port != null) {
          this._server = http.createServer((req, res) => {
            const body = http.STATUS_CODES[426];
            res.writeHead(426, {
              "Content-Length": body.length,
              "Content-Type": "text/plain"
            });
            res.end(body);
          });
          this._server.listen(
            options.port,
            options.host,
            options.backlog,
            callback
          );
        } else if (options.server) {
          this._server = options.server;
        }
        if (this._server) {
          const emitConnection = this.emit.bind(this, "connection");
          this._removeListeners = addListeners(this._server, {
            listening: this.emit.bind(this, "listening"),
            error: this.emit.bind(this, "error"),
            upgrade: (req, socket, head) => {
              this.handleUpgrade(req, socket, head, emitConnection);
            }
          });
        }
        if (options.perMessageDeflate === true) options.perMessageDeflate = {};
        if (options.clientTracking) {
          this.clients = /* @__PURE__ */ new Set();
          this._shouldEmitClose = false;
        }
        this.options = options;
        this._state = RUNNING;
      }
      /**
       * Returns the bound address, the address family name, and port of the server
       * as reported by the operating system if listening on an IP socket.
       * If the server is listening on a pipe or UNIX domain socket, the name is
       * returned as a string.
       *
       * @return {(Object|String|null)} The address of the server
       * @public
       */
      address() {
        if (this.options.noServer) {
          throw new Error('The server is operating in "noServer" mode');
        }
        if (!this._server) return null;
        return this._server.address();
      }
      /**
       * Stop the server from accepting new connections and emit the `'close'` event
       * when all existing connections are closed.
       *
       * @param {Function} [cb] A one-time listener for the `'close'` event
       * @public
       */
      close(cb) {
        if (this._state === CLOSED) {
          if (cb) {
            this.once("close", () => {
              cb(new Error("The server is not running"));
            });
          }
          process.nextTick(emitClose, this);
          return;
        }
        if (cb) this.once("close", cb);
        if (this._state === CLOSING) return;
        this._state = CLOSING;
        if (this.options.noServer || this.options.server) {
          if (this._server) {
            this._removeListeners();
            this._removeListeners = this._server = null;
          }
          if (this.clients) {
            if (!this.clients.size) {
              process.nextTick(emitClose, this);
            } else {
              this._shouldEmitClose = true;
            }
          } else {
            process.nextTick(emitClose, this);
          }
        } else {
          const server = this._server;
          this._removeListeners();
          this._removeListeners = this._server = null;
          server.close(() => {
            emitClose(this);
          });
        }
      }
      /**
       * See if a given request should be handled by this server instance.
       *
       * @param {http.IncomingMessage} req Request object to inspect
       * @return {Boolean} `true` if the request is valid, else `false`
       * @public
       */
      shouldHandle(req) {
        if (this.options.path) {
          const index = req.url.indexOf("?");
          const pathname = index !== -1 ? req.url.slice(0, index) : req.url;
          if (pathname !== this.options.path) return false;
        }
        return true;
      }
      /**
       * Handle a HTTP Upgrade request.
       *
       * @param {http.IncomingMessage} req The request object
       * @param {Duplex} socket The network socket between the server and client
       * @param {Buffer} head The first packet of the upgraded stream
       * @param {Function} cb Callback
       * @public
       */
      handleUpgrade(req, socket, head, cb) {
        socket.on("error", socketOnError);
        const key = req.headers["sec-websocket-key"];
        const upgrade = req.headers.upgrade;
        const version = +req.headers["sec-websocket-version"];
        if (req.method !== "GET") {
          const message = "Invalid HTTP method";
          abortHandshakeOrEmitwsClientError(this, req, socket, 405, message);
          return;
        }
        if (upgrade === void 0 || upgrade.toLowerCase() !== "websocket") {
          const message = "Invalid Upgrade header";
          abortHandshakeOrEmitwsClientError(this, req, socket, 400, message);
          return;
        }
        if (key === void 0 || !keyRegex.test(key)) {
          const message = "Missing or invalid Sec-WebSocket-Key header";
          abortHandshakeOrEmitwsClientError(this, req, socket, 400, message);
          return;
        }
        if (version !== 13 && version !== 8) {
          const message = "Missing or invalid Sec-WebSocket-Version header";
          abortHandshakeOrEmitwsClientError(this, req, socket, 400, message, {
            "Sec-WebSocket-Version": "13, 8"
          });
          return;
        }
        if (!this.shouldHandle(req)) {
          abortHandshake(socket, 400);
          return;
        }
        const secWebSocketProtocol = req.headers["sec-websocket-protocol"];
        let protocols = /* @__PURE__ */ new Set();
        if (secWebSocketProtocol !== void 0) {
          try {
            protocols = subprotocol2.parse(secWebSocketProtocol);
          } catch (err) {
            const message = "Invalid Sec-WebSocket-Protocol header";
            abortHandshakeOrEmitwsClientError(this, req, socket, 400, message);
            return;
          }
        }
        const secWebSocketExtensions = req.headers["sec-websocket-extensions"];
        const extensions = {};
        if (this.options.perMessageDeflate && secWebSocketExtensions !== void 0) {
          const perMessageDeflate = new PerMessageDeflate2({
            ...this.options.perMessageDeflate,
            isServer: true,
            maxPayload: this.options.maxPayload
          });
          try {
            const offers = extension2.parse(secWebSocketExtensions);
            if (offers[PerMessageDeflate2.extensionName]) {
              perMessageDeflate.accept(offers[PerMessageDeflate2.extensionName]);
              extensions[PerMessageDeflate2.extensionName] = perMessageDeflate;
            }
          } catch (err) {
            const message = "Invalid or unacceptable Sec-WebSocket-Extensions header";
            abortHandshakeOrEmitwsClientError(this, req, socket, 400, message);
            return;
          }
        }
        if (this.options.verifyClient) {
          const info = {
            origin: req.headers[`${version === 8 ? "sec-websocket-origin" : "origin"}`],
            secure: !!(req.socket.authorized || req.socket.encrypted),
            req
          };
          if (this.options.verifyClient.length === 2) {
            this.options.verifyClient(info, (verified, code, message, headers) => {
              if (!verified) {
                return abortHandshake(socket, code || 401, message, headers);
              }
              this.completeUpgrade(
                extensions,
                key,
                protocols,
                req,
                socket,
                head,
                cb
              );
            });
            return;
          }
          if (!this.options.verifyClient(info)) return abortHandshake(socket, 401);
        }
        this.completeUpgrade(extensions, key, protocols, req, socket, head, cb);
      }
      /**
       * Upgrade the connection to WebSocket.
       *
       * @param {Object} extensions The accepted extensions
       * @param {String} key The value of the `Sec-WebSocket-Key` header
       * @param {Set} protocols The subprotocols
       * @param {http.IncomingMessage} req The request object
       * @param {Duplex} socket The network socket between the server and client
       * @param {Buffer} head The first packet of the upgraded stream
       * @param {Function} cb Callback
       * @throws {Error} If called more than once with the same socket
       * @private
       */
      completeUpgrade(extensions, key, protocols, req, socket, head, cb) {
        if (!socket.readable || !socket.writable) return socket.destroy();
        if (socket[kWebSocket]) {
          throw new Error(
            "server.handleUpgrade() was called more than once with the same socket, possibly due to a misconfiguration"
          );
        }
        if (this._state > RUNNING) return abortHandshake(socket, 503);
        const digest2 = createHash2("sha1").update(key + GUID).digest("base64");
        const headers = [
          "HTTP/1.1 101 Switching Protocols",
          "Upgrade: websocket",
          "Connection: Upgrade",
          `Sec-WebSocket-Accept: ${digest2}`
        ];
        const ws = new this.options.WebSocket(null, void 0, this.options);
        if (protocols.size) {
          const protocol = this.options.handleProtocols ? this.options.handleProtocols(protocols, req) : protocols.values().next().value;
          if (protocol) {
            headers.push(`Sec-WebSocket-Protocol: ${protocol}`);
            ws._protocol = protocol;
          }
        }
        if (extensions[PerMessageDeflate2.extensionName]) {
          const params = extensions[PerMessageDeflate2.extensionName].params;
          const value = extension2.format({
            [PerMessageDeflate2.extensionName]: [params]
          });
          headers.push(`Sec-WebSocket-Extensions: ${value}`);
          ws._extensions = extensions;
        }
        this.emit("headers", headers, req);
        socket.write(headers.concat("\r\n").join("\r\n"));
        socket.removeListener("error", socketOnError);
        ws.setSocket(socket, head, {
          allowSynchronousEvents: this.options.allowSynchronousEvents,
          maxBufferedChunks: this.options.maxBufferedChunks,
          maxFragments: this.options.maxFragments,
          maxPayload: this.options.maxPayload,
          skipUTF8Validation: this.options.skipUTF8Validation
        });
        if (this.clients) {
          this.clients.add(ws);
          ws.on("close", () => {
            this.clients.delete(ws);
            if (this._shouldEmitClose && !this.clients.size) {
              process.nextTick(emitClose, this);
            }
          });
        }
        cb(ws, req);
      }
    };
    module.exports = WebSocketServer2;
    function addListeners(server, map) {
      for (const event of Object.keys(map)) server.on(event, map[event]);
      return function removeListeners() {
        for (const event of Object.keys(map)) {
          server.removeListener(event, map[event]);
        }
      };
    }
    function emitClose(server) {
      server._state = CLOSED;
      server.emit("close");
    }
    function socketOnError() {
      this.destroy();
    }
    function abortHandshake(socket, code, message, headers) {
      message = message || http.STATUS_CODES[code];
      headers = {
        Connection: "close",
        "Content-Type": "text/html",
        "Content-Length": Buffer.byteLength(message),
        ...headers
      };
      socket.once("finish", socket.destroy);
      socket.end(
        `HTTP/1.1 ${code} ${http.STATUS_CODES[code]}\r
` + Object.keys(headers).map((h) => `${h}: ${headers[h]}`).join("\r\n") + "\r\n\r\n" + message
      );
    }
    function abortHandshakeOrEmitwsClientError(server, req, socket, code, message, headers) {
      if (server.listenerCount("wsClientError")) {
        const err = new Error(message);
        Error.captureStackTrace(err, abortHandshakeOrEmitwsClientError);
        server.emit("wsClientError", err, socket, req);
      } else {
        abortHandshake(socket, code, message, headers);
      }
    }
  }
});

// ../../../work/wt/perf/node_modules/ws/wrapper.mjs
var wrapper_exports = {};
__export(wrapper_exports, {
  PerMessageDeflate: () => import_permessage_deflate.default,
  Receiver: () => import_receiver.default,
  Sender: () => import_sender.default,
  WebSocket: () => import_websocket.default,
  WebSocketServer: () => import_websocket_server.default,
  createWebSocketStream: () => import_stream.default,
  default: () => wrapper_default,
  extension: () => import_extension.default,
  subprotocol: () => import_subprotocol.default
});
var import_stream, import_extension, import_permessage_deflate, import_receiver, import_sender, import_subprotocol, import_websocket, import_websocket_server, wrapper_default;
var init_wrapper = __esm({
  "../../../work/wt/perf/node_modules/ws/wrapper.mjs"() {
    import_stream = __toESM(require_stream(), 1);
    import_extension = __toESM(require_extension(), 1);
    import_permessage_deflate = __toESM(require_permessage_deflate(), 1);
    import_receiver = __toESM(require_receiver(), 1);
    import_sender = __toESM(require_sender(), 1);
    import_subprotocol = __toESM(require_subprotocol(), 1);
    import_websocket = __toESM(require_websocket(), 1);
    import_websocket_server = __toESM(require_websocket_server(), 1);
    wrapper_default = import_websocket.default;
  }
});

// ../../../work/wt/perf/src/verify/rpc-socket.ts
function loadWebSocketFactory() {
  factory ??= (async () => {
    const native = globalThis.WebSocket;
    if (typeof native === "function") return (url) => new native(url);
    const module = await Promise.resolve().then(() => (init_wrapper(), wrapper_exports));
    const Constructor = module.WebSocket ?? module.default;
    if (typeof Constructor !== "function") throw new Error("the ws package did not load");
    return (url) => new Constructor(url);
  })();
  factory.catch(() => {
    factory = void 0;
  });
  return factory;
}
var factory, NodeErrorResponse, SocketClosedError, RequestTimeoutError, OPEN, CLOSE_GRACE_MS, utf8, RpcSocket;
var init_rpc_socket = __esm({
  "../../../work/wt/perf/src/verify/rpc-socket.ts"() {
    "use strict";
    NodeErrorResponse = class extends Error {
      constructor(error, message) {
        super(message);
        this.error = error;
      }
      error;
    };
    SocketClosedError = class extends Error {
    };
    RequestTimeoutError = class extends Error {
    };
    OPEN = 1;
    CLOSE_GRACE_MS = 1e3;
    utf8 = new TextDecoder();
    RpcSocket = class _RpcSocket {
      #socket;
      #pending = /* @__PURE__ */ new Map();
      #closed;
      #markClosed;
      #nextId = 1;
      #isClosed = false;
      #onClose;
      constructor(socket) {
        this.#socket = socket;
        this.#closed = new Promise((resolve) => {
          this.#markClosed = resolve;
        });
      }
      /**
       * Opens a socket to `url`, failing after `timeoutMs`. `onClose` runs once if the open socket
       * later closes for any reason (the node dropped it, or `close()`).
       */
      static connect(openSocket, url, timeoutMs, onClose) {
        let abort = () => void 0;
        const ready = new Promise((resolve, reject) => {
          let socket;
          try {
            socket = openSocket(url);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
            return;
          }
          const rpc = new _RpcSocket(socket);
          let opened = false;
          let settled = false;
          const fail2 = (reason) => {
            if (settled) return;
            settled = true;
            clearTimeout(timer);
            void rpc.close(CLOSE_GRACE_MS).then(() => reject(new Error(reason)));
          };
          const timer = setTimeout(() => fail2(`no WebSocket handshake within ${timeoutMs} ms`), timeoutMs);
          abort = () => fail2("the connection attempt was cancelled");
          socket.addEventListener("open", () => {
            if (settled) return;
            settled = true;
            opened = true;
            clearTimeout(timer);
            rpc.#onClose = onClose;
            resolve(rpc);
          });
          socket.addEventListener("message", (event) => rpc.#receive(event.data));
          socket.addEventListener("error", (event) => {
            if (!opened) fail2(`the WebSocket connection failed${typeof event.message === "string" ? ` (${event.message})` : ""}`);
          });
          socket.addEventListener("close", () => {
            fail2("the WebSocket closed during its handshake");
            rpc.#closedNow();
          });
        });
        return { ready, abort: () => abort() };
      }
      /** Whether the socket is open and not closing. */
      isOpen() {
        return !this.#isClosed && this.#socket.readyState === OPEN;
      }
      /** Sends `body` with a fresh id; resolves the node's whole success response, rejects a node's error answer with `NodeErrorResponse`. */
      async request(body, timeoutMs) {
        const answer = await this.answer(body, timeoutMs);
        if (!answer.ok) throw new NodeErrorResponse(answer.error, answer.text);
        return answer.response;
      }
      /**
       * Sends `body` with a fresh id; resolves the node's answer, its error answers included (no
       * exception is built for an answer the caller expects, such as an account not on the ledger).
       * Rejects only when no answer comes (timeout, closed socket).
       */
      answer(body, timeoutMs) {
        if (!this.isOpen()) return Promise.reject(new SocketClosedError("The connection to the ledger node is closed."));
        const id = this.#nextId++;
        return new Promise((resolve, reject) => {
          const timer = setTimeout(() => {
            this.#pending.delete(id);
            reject(new RequestTimeoutError(`no answer within ${timeoutMs} ms`));
          }, timeoutMs);
          this.#pending.set(id, { resolve, reject, timer });
          try {
            this.#socket.send(JSON.stringify({ ...body, id }));
          } catch (error) {
            clearTimeout(timer);
            this.#pending.delete(id);
            reject(new SocketClosedError(`The request could not be sent: ${error instanceof Error ? error.message : String(error)}`));
          }
        });
      }
      /**
       * Closes the socket: every waiting request fails at once, and the promise settles when the
       * socket has closed, or after `graceMs`, when the connection is dropped outright where the
       * WebSocket implementation allows it.
       */
      async close(graceMs) {
        this.#drop();
        let timer;
        const graceOver = await Promise.race([
          this.#closed.then(() => false),
          new Promise((resolve) => {
            timer = setTimeout(() => resolve(true), graceMs);
          })
        ]);
        clearTimeout(timer);
        if (graceOver) this.#socket.terminate?.();
      }
      /** Starts closing without waiting, and fails the waiting requests. */
      #drop() {
        if (!this.#isClosed) {
          this.#isClosed = true;
          this.#failPending();
        }
        try {
          this.#socket.close(1e3);
        } catch {
        }
      }
      #closedNow() {
        this.#isClosed = true;
        this.#failPending();
        this.#markClosed();
        const onClose = this.#onClose;
        this.#onClose = void 0;
        onClose?.();
      }
      #failPending() {
        for (const [id, pending] of this.#pending) {
          clearTimeout(pending.timer);
          this.#pending.delete(id);
          pending.reject(new SocketClosedError("The connection to the ledger node closed before it answered."));
        }
      }
      #receive(data) {
        let response;
        try {
          response = JSON.parse(typeof data === "string" ? data : utf8.decode(data));
        } catch {
          return;
        }
        if (typeof response !== "object" || response === null) return;
        const message = response;
        const id = message["id"];
        const pending = typeof id === "number" ? this.#pending.get(id) : void 0;
        if (pending === void 0) return;
        this.#pending.delete(id);
        clearTimeout(pending.timer);
        if (message["status"] === "error") {
          const error = typeof message["error"] === "string" ? message["error"] : "unknown";
          const text = typeof message["error_message"] === "string" ? message["error_message"] : error;
          pending.resolve({ ok: false, error, text });
          return;
        }
        pending.resolve({ ok: true, response: message });
      }
    };
  }
});

// ../../../work/wt/perf/src/verify/ledger-connection.ts
var ledger_connection_exports = {};
__export(ledger_connection_exports, {
  LedgerConnection: () => LedgerConnection,
  SIGNER_LIST_MAX_ACCOUNTS: () => SIGNER_LIST_MAX_ACCOUNTS,
  SIGNER_LIST_TTL_MS: () => SIGNER_LIST_TTL_MS,
  parseAccountInfo: () => parseAccountInfo
});
function reportedNetworkId(response) {
  const result = response["result"];
  const info = isRecord(result) ? result["info"] : void 0;
  const networkId = isRecord(info) ? info["network_id"] : void 0;
  return typeof networkId === "number" ? networkId : void 0;
}
function describe(error) {
  return error instanceof Error ? error.message : String(error);
}
function asUnavailable(command, error) {
  if (error instanceof LedgerUnavailableError || error instanceof NetworkMismatchError) return error;
  return new LedgerUnavailableError(`The ledger node could not answer ${command}: ${describe(error)}`, { cause: error });
}
function parseAccountInfo(address, result) {
  if (!isRecord(result) || result["validated"] !== true) return void 0;
  const data = result["account_data"];
  if (!isRecord(data) || data["Account"] !== address) return void 0;
  const flags = data["Flags"] ?? 0;
  if (typeof flags !== "number") return void 0;
  const regularKey = data["RegularKey"];
  if (regularKey !== void 0 && typeof regularKey !== "string") return void 0;
  const lists = result["signer_lists"] ?? data["signer_lists"] ?? [];
  if (!Array.isArray(lists)) return void 0;
  const authority = {
    account: address,
    exists: true,
    masterDisabled: (flags & LSF_DISABLE_MASTER) !== 0
  };
  if (regularKey !== void 0) authority.regularKey = regularKey;
  const list = lists[0];
  if (list !== void 0) {
    if (!isRecord(list) || typeof list["SignerQuorum"] !== "number" || !Array.isArray(list["SignerEntries"])) return void 0;
    const signers = [];
    for (const entry of list["SignerEntries"]) {
      const signer = isRecord(entry) ? entry["SignerEntry"] : void 0;
      if (!isRecord(signer) || typeof signer["Account"] !== "string" || typeof signer["SignerWeight"] !== "number") {
        return void 0;
      }
      signers.push({ account: signer["Account"], weight: signer["SignerWeight"] });
    }
    authority.signerList = { quorum: list["SignerQuorum"], signers };
  }
  return authority;
}
var LSF_DISABLE_MASTER, FIRST_BACKOFF_MS, MAX_BACKOFF_MS, HEARTBEAT_INTERVAL_MS, API_VERSION, SIGNER_LIST_TTL_MS, SIGNER_LIST_MAX_ACCOUNTS, LedgerConnection;
var init_ledger_connection = __esm({
  "../../../work/wt/perf/src/verify/ledger-connection.ts"() {
    "use strict";
    init_errors();
    init_lazy_ledger();
    init_lru_cache();
    init_request_input();
    init_rpc_socket();
    LSF_DISABLE_MASTER = 1048576;
    FIRST_BACKOFF_MS = 1e3;
    MAX_BACKOFF_MS = 6e4;
    HEARTBEAT_INTERVAL_MS = 3e4;
    API_VERSION = 2;
    SIGNER_LIST_TTL_MS = 3e4;
    SIGNER_LIST_MAX_ACCOUNTS = 1e4;
    LedgerConnection = class {
      #nodes;
      #expectedNetworkId;
      #connectTimeoutMs;
      #requestTimeoutMs;
      #logger;
      #openSocket;
      #now;
      #heartbeatIntervalMs;
      #accountLookups = /* @__PURE__ */ new Map();
      #signerLists = new LruCache(SIGNER_LIST_MAX_ACCOUNTS);
      #networkIdLookup;
      #current;
      #opening;
      #attempt;
      #heartbeat;
      /** Sockets still closing; a new one opens only after they are gone (one connection at a time). */
      #retiring = /* @__PURE__ */ new Set();
      #closed = false;
      constructor(options) {
        this.#nodes = options.nodeUrls.map((url) => ({ url, failuresInRow: 0, backoffUntil: 0 }));
        this.#expectedNetworkId = options.networkId;
        this.#connectTimeoutMs = options.connectTimeoutMs;
        this.#requestTimeoutMs = options.requestTimeoutMs;
        this.#logger = options.logger;
        this.#openSocket = options.openSocket;
        this.#now = options.now ?? Date.now;
        this.#heartbeatIntervalMs = options.heartbeatIntervalMs ?? HEARTBEAT_INTERVAL_MS;
      }
      /** Whether a socket is open now. */
      isConnected() {
        return this.#current?.rpc.isOpen() ?? false;
      }
      /** The URL of the node the open socket goes to, if any. */
      connectedNodeUrl() {
        return this.isConnected() ? this.#current?.node.url : void 0;
      }
      getAccountAuthority(address) {
        const pending = this.#accountLookups.get(address);
        if (pending !== void 0) return pending;
        const lookup = (async () => {
          try {
            return await this.#fetchAccountAuthority(address);
          } finally {
            this.#accountLookups.delete(address);
          }
        })();
        this.#accountLookups.set(address, lookup);
        return lookup;
      }
      /**
       * The account's data as a multi-signed proof reads it (its signer list), reused for
       * `SIGNER_LIST_TTL_MS` per account: a burst of multi-signed sign-ins for one account (a team
       * account, a treasury) asks the ledger once. Only this read is reused: a key's authority
       * (`getAccountAuthority`) is read afresh every time. A look-up that fails is not remembered.
       */
      getSignerListAuthority(address) {
        const nowMs2 = this.#now();
        const known = this.#signerLists.get(address);
        if (known !== void 0 && nowMs2 < known.expiresAtMs) return known.authority;
        const authority = this.getAccountAuthority(address);
        const entry = { expiresAtMs: nowMs2 + SIGNER_LIST_TTL_MS, authority };
        this.#signerLists.set(address, entry);
        authority.catch(() => {
          if (this.#signerLists.peek(address) === entry) this.#signerLists.delete(address);
        });
        return authority;
      }
      getNetworkId() {
        const known = this.#current?.networkId;
        if (known !== void 0 && this.isConnected()) return Promise.resolve(known.value);
        if (this.#networkIdLookup !== void 0) return this.#networkIdLookup;
        const lookup = (async () => {
          try {
            const { answer, connection } = await this.#request({ command: "server_info" });
            if (!answer.ok) throw new NodeErrorResponse(answer.error, answer.text);
            const value = reportedNetworkId(answer.response);
            connection.networkId = { value };
            return value;
          } catch (error) {
            throw asUnavailable("server_info", error);
          } finally {
            this.#networkIdLookup = void 0;
          }
        })();
        this.#networkIdLookup = lookup;
        return lookup;
      }
      /** Ends the socket and every timer; later look-ups reject with `LedgerUnavailableError`. */
      async close() {
        if (this.#closed) return;
        this.#closed = true;
        this.#stopHeartbeat();
        this.#attempt?.abort();
        await this.#opening?.catch(() => void 0);
        const current = this.#current;
        this.#current = void 0;
        if (current !== void 0) this.#retire(current.rpc);
        await Promise.all(this.#retiring);
      }
      async #fetchAccountAuthority(address) {
        let answer;
        try {
          ({ answer } = await this.#request({ command: "account_info", account: address, ledger_index: "validated", signer_lists: true }));
        } catch (error) {
          throw asUnavailable("account_info", error);
        }
        if (!answer.ok) {
          if (answer.error === "actNotFound") return { account: address, exists: false, masterDisabled: false };
          throw asUnavailable("account_info", new NodeErrorResponse(answer.error, answer.text));
        }
        const authority = parseAccountInfo(address, answer.response["result"]);
        if (authority === void 0)
          throw new LedgerUnavailableError("The ledger node answered account_info with data this library cannot read.");
        return authority;
      }
      /**
       * Sends one request, connecting first when needed, within connectTimeoutMs + requestTimeoutMs
       * in all. A connection that died under the request (a drop not yet noticed when it was sent)
       * gets one fresh connection within the same budget. The node's error answers resolve (`ok:
       * false`); errors: `NetworkMismatchError` or `LedgerUnavailableError`.
       */
      async #request(body) {
        const command = String(body["command"]);
        const deadline = Date.now() + this.#connectTimeoutMs + this.#requestTimeoutMs;
        for (let attempt = 0; ; attempt += 1) {
          const connection = await this.#connected(deadline);
          const remainingMs = Math.max(1, Math.min(this.#requestTimeoutMs, deadline - Date.now()));
          try {
            const answer = await connection.rpc.answer({ ...body, api_version: API_VERSION }, remainingMs);
            return { answer, connection };
          } catch (error) {
            if (error instanceof RequestTimeoutError) {
              this.#logger.warn(
                `sign-in-with-xrpl: ledger node ${connection.node.url} did not answer ${command} within ${Math.round(remainingMs)} ms; dropping the connection.`
              );
              this.#fail(connection.node);
              this.#discard(connection);
              throw new LedgerUnavailableError(`The ledger node did not answer ${command} within ${this.#requestTimeoutMs} ms.`, {
                cause: error
              });
            }
            const retryable = error instanceof SocketClosedError && attempt === 0 && !this.#closed && Date.now() < deadline;
            if (!retryable) throw asUnavailable(command, error);
          }
        }
      }
      async #connected(deadline) {
        if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
        const current = this.#current;
        if (current !== void 0 && current.rpc.isOpen()) return current;
        this.#opening ??= this.#open(deadline).finally(() => {
          this.#opening = void 0;
        });
        let timer;
        try {
          return await Promise.race([
            this.#opening,
            new Promise((_resolve, reject) => {
              timer = setTimeout(
                () => reject(new LedgerUnavailableError(`Could not connect to a ledger node within ${this.#connectTimeoutMs} ms.`)),
                Math.max(1, deadline - Date.now())
              );
            })
          ]);
        } finally {
          clearTimeout(timer);
        }
      }
      /** Tries the nodes in order (see the class comment) until one connects and serves the expected network. */
      async #open(deadline) {
        const openSocket = this.#openSocket ?? await loadWebSocketFactory().catch((error) => {
          throw new LedgerUnavailableError(`No WebSocket implementation is available to reach the ledger node: ${describe(error)}`, {
            cause: error
          });
        });
        const problems = [];
        let tried = 0;
        let mismatches = 0;
        const skip = (node, problem) => {
          problems.push(`${node.url}: ${problem}`);
          this.#logger.warn(`sign-in-with-xrpl: ledger node ${node.url} not used: ${problem}`);
        };
        for (const node of this.#candidates()) {
          await Promise.all(this.#retiring);
          if (this.#closed) throw new LedgerUnavailableError("The verifier is closed.");
          const remainingMs = deadline - Date.now();
          if (tried > 0 && remainingMs <= 0) break;
          tried += 1;
          let rpc;
          try {
            this.#attempt = RpcSocket.connect(
              openSocket,
              node.url,
              Math.max(1, Math.min(this.#connectTimeoutMs, remainingMs)),
              () => this.#lost(node)
            );
            rpc = await this.#attempt.ready;
          } catch (error) {
            skip(node, describe(error));
            this.#fail(node);
            continue;
          } finally {
            this.#attempt = void 0;
          }
          if (this.#closed) {
            this.#retire(rpc);
            throw new LedgerUnavailableError("The verifier is closed.");
          }
          const connection = { rpc, node, networkId: void 0 };
          if (this.#expectedNetworkId !== void 0) {
            let reported;
            try {
              const timeoutMs = Math.max(1, Math.min(this.#requestTimeoutMs, deadline - Date.now()));
              reported = reportedNetworkId(await rpc.request({ command: "server_info", api_version: API_VERSION }, timeoutMs));
            } catch (error) {
              skip(node, `server_info failed (${describe(error)})`);
              this.#fail(node);
              this.#retire(rpc);
              continue;
            }
            if ((reported ?? 0) !== this.#expectedNetworkId) {
              mismatches += 1;
              skip(node, `it serves network ${reported ?? 0}, not ${this.#expectedNetworkId}`);
              node.failuresInRow += 1;
              node.backoffUntil = this.#now() + MAX_BACKOFF_MS;
              this.#retire(rpc);
              continue;
            }
            connection.networkId = { value: reported };
          }
          node.failuresInRow = 0;
          node.backoffUntil = 0;
          this.#current = connection;
          this.#scheduleHeartbeat(connection);
          return connection;
        }
        if (mismatches > 0 && mismatches === tried) {
          throw new NetworkMismatchError(
            `The ledger node serves another network than the expected network ${this.#expectedNetworkId}: ${problems.join("; ")}.`
          );
        }
        throw new LedgerUnavailableError(`Could not reach a ledger node: ${problems.join("; ")}.`);
      }
      /** Nodes not backing off, in list order; or, when all are, the one whose wait ends first. */
      #candidates() {
        const now = this.#now();
        const ready = this.#nodes.filter((node) => node.backoffUntil <= now);
        if (ready.length > 0) return ready;
        let soonest = this.#nodes[0];
        for (const node of this.#nodes) if (node.backoffUntil < soonest.backoffUntil) soonest = node;
        return [soonest];
      }
      #fail(node) {
        node.failuresInRow += 1;
        node.backoffUntil = this.#now() + Math.min(MAX_BACKOFF_MS, FIRST_BACKOFF_MS * 2 ** Math.min(node.failuresInRow - 1, 16));
      }
      /** The open socket closed (the node dropped it, or we did). */
      #lost(node) {
        const current = this.#current;
        if (current === void 0 || current.node !== node || current.rpc.isOpen()) return;
        this.#current = void 0;
        this.#stopHeartbeat();
        if (!this.#closed) {
          this.#fail(node);
          this.#logger.warn(`sign-in-with-xrpl: the ledger node ${node.url} closed the connection; the next look-up reconnects.`);
        }
      }
      #discard(connection) {
        if (this.#current === connection) {
          this.#current = void 0;
          this.#stopHeartbeat();
        }
        this.#retire(connection.rpc);
      }
      #retire(rpc) {
        const closing = rpc.close(CLOSE_GRACE_MS).finally(() => this.#retiring.delete(closing));
        this.#retiring.add(closing);
      }
      #scheduleHeartbeat(connection) {
        this.#stopHeartbeat();
        const timer = setTimeout(() => {
          if (this.#current !== connection || this.#closed) return;
          connection.rpc.request({ command: "ping" }, this.#requestTimeoutMs).then(
            () => {
              if (this.#current === connection && !this.#closed) this.#scheduleHeartbeat(connection);
            },
            (error) => {
              if (this.#current !== connection || this.#closed) return;
              this.#logger.warn(
                `sign-in-with-xrpl: ledger node ${connection.node.url} failed a heartbeat (${describe(error)}); dropping the connection.`
              );
              this.#fail(connection.node);
              this.#discard(connection);
            }
          );
        }, this.#heartbeatIntervalMs);
        timer.unref?.();
        this.#heartbeat = timer;
      }
      #stopHeartbeat() {
        clearTimeout(this.#heartbeat);
        this.#heartbeat = void 0;
      }
    };
  }
});

// ../../../work/wt/perf/src/verify/lazy-ledger.ts
function isNetworkMismatch(error) {
  return error instanceof NetworkMismatchError;
}
function createLazyLedger(options) {
  let connection;
  let closed = false;
  function connect() {
    if (closed) return Promise.reject(new LedgerUnavailableError("The verifier is closed."));
    connection ??= Promise.resolve().then(() => (init_ledger_connection(), ledger_connection_exports)).then(
      (module) => new module.LedgerConnection(options),
      (error) => {
        connection = void 0;
        throw new LedgerUnavailableError("The ledger connection code could not be loaded.", { cause: error });
      }
    );
    return connection;
  }
  return {
    async getAccountAuthority(address) {
      return (await connect()).getAccountAuthority(address);
    },
    async getSignerListAuthority(address) {
      return (await connect()).getSignerListAuthority(address);
    },
    async getNetworkId() {
      return (await connect()).getNetworkId();
    },
    async close() {
      closed = true;
      const opened = await connection?.catch(() => void 0);
      await opened?.close();
    }
  };
}
var NetworkMismatchError;
var init_lazy_ledger = __esm({
  "../../../work/wt/perf/src/verify/lazy-ledger.ts"() {
    "use strict";
    init_errors();
    NetworkMismatchError = class extends SignInError {
      constructor(message) {
        super("network_mismatch", message);
      }
    };
  }
});

// ../../../work/wt/perf/src/shared/random-hex.ts
init_errors();
init_hex();
var POOL_BYTES = 4096;
var pool;
var poolOffset = POOL_BYTES;
function cryptoSource() {
  const crypto = globalThis.crypto;
  if (crypto?.getRandomValues === void 0) {
    throw new SignInError(
      "crypto_unavailable",
      "sign-in-with-xrpl: globalThis.crypto.getRandomValues is not available; run on Node 20 or later, or in a browser."
    );
  }
  return crypto;
}
function randomBytes(byteCount) {
  const source = cryptoSource();
  const out = new Uint8Array(byteCount);
  if (byteCount > POOL_BYTES) return source.getRandomValues(out);
  if (pool === void 0 || poolOffset + byteCount > POOL_BYTES) {
    pool = source.getRandomValues(pool ?? new Uint8Array(POOL_BYTES));
    poolOffset = 0;
  }
  out.set(pool.subarray(poolOffset, poolOffset + byteCount));
  pool.fill(0, poolOffset, poolOffset + byteCount);
  poolOffset += byteCount;
  return out;
}
function randomHex(byteCount) {
  return bytesToHex(randomBytes(byteCount)).toLowerCase();
}

// ../../../work/wt/perf/src/fetch/cookie-seal.ts
var SEAL_VERSION = "v1";
var IV_BYTES = 12;
var TAG_BYTES = 16;
var KEY_ID_BYTES = 6;
var HKDF_SALT = "sign-in-with-xrpl sealed session";
var KEY_INFO = "v1 aes-256-gcm key";
var KEY_ID_INFO = "v1 key id";
var encoder = new TextEncoder();
function createCookieSeal(secrets, implementation) {
  if (secrets.length === 0) throw new Error("createCookieSeal needs at least one secret");
  const native = implementation === "webcrypto" ? void 0 : loadNativeCrypto();
  if (native !== void 0 && passesNativeSelfTest(native)) return createNativeSeal(secrets, native, loadNativeBuffer());
  if (implementation === "node:crypto") throw new Error("node:crypto is not available in this runtime");
  return createWebCryptoSeal(secrets);
}
var BASE64URL_TEXT = /^[A-Za-z0-9_-]*$/u;
function createNativeSeal(secrets, crypto, buffer) {
  const encode = (bytes) => buffer === void 0 ? base64UrlEncode(bytes) : buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
  const decode = (text) => {
    if (buffer === void 0) return base64UrlDecode(text);
    if (text.length % 4 === 1 || !BASE64URL_TEXT.test(text)) return void 0;
    const decoded2 = buffer.from(text, "base64url");
    return new Uint8Array(decoded2.buffer, decoded2.byteOffset, decoded2.byteLength);
  };
  const derive = (secret, info, length) => new Uint8Array(crypto.hkdfSync("sha256", encoder.encode(secret), encoder.encode(HKDF_SALT), encoder.encode(info), length));
  const keys = secrets.map((secret) => {
    const keyId = encode(derive(secret, KEY_ID_INFO, KEY_ID_BYTES));
    const header = `${SEAL_VERSION}.${keyId}`;
    return { keyId, header, headerBytes: encoder.encode(header), key: derive(secret, KEY_INFO, 32) };
  });
  const byId = keysById(keys);
  const sealing = keys[0];
  return {
    implementation: "node:crypto",
    async seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", sealing.key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(sealing.headerBytes);
      const body = concat([cipher.update(plaintext), cipher.final(), cipher.getAuthTag()]);
      return `${sealing.header}.${encode(iv)}.${encode(body)}`;
    },
    async open(sealed2) {
      const parts = splitSealed(sealed2, byId, decode);
      if (parts === void 0) return void 0;
      const { key, iv, body } = parts;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(key.headerBytes);
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        return concat([decipher.update(body.subarray(0, body.length - TAG_BYTES)), decipher.final()]);
      } catch {
        return void 0;
      }
    }
  };
}
function createWebCryptoSeal(secrets) {
  const subtle = globalThis.crypto.subtle;
  const derived = Promise.all(
    secrets.map(async (secret) => {
      const material = await subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits", "deriveKey"]);
      const hkdf = (info) => ({ name: "HKDF", hash: "SHA-256", salt: encoder.encode(HKDF_SALT), info: encoder.encode(info) });
      const keyId = base64UrlEncode(new Uint8Array(await subtle.deriveBits(hkdf(KEY_ID_INFO), material, KEY_ID_BYTES * 8)));
      const key = await subtle.deriveKey(hkdf(KEY_INFO), material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
      const header = `${SEAL_VERSION}.${keyId}`;
      return { keyId, header, headerBytes: encoder.encode(header), key };
    })
  ).then((keys) => ({ sealing: keys[0], byId: keysById(keys) }));
  return {
    implementation: "webcrypto",
    async seal(plaintext) {
      const { sealing } = await derived;
      const iv = randomBytes(IV_BYTES);
      const body = new Uint8Array(
        await subtle.encrypt(
          { name: "AES-GCM", iv, additionalData: sealing.headerBytes, tagLength: TAG_BYTES * 8 },
          sealing.key,
          plaintext
        )
      );
      return `${sealing.header}.${base64UrlEncode(iv)}.${base64UrlEncode(body)}`;
    },
    async open(sealed2) {
      const { byId } = await derived;
      const parts = splitSealed(sealed2, byId, base64UrlDecode);
      if (parts === void 0) return void 0;
      const { key, iv, body } = parts;
      try {
        return new Uint8Array(
          await subtle.decrypt({ name: "AES-GCM", iv, additionalData: key.headerBytes, tagLength: TAG_BYTES * 8 }, key.key, body)
        );
      } catch {
        return void 0;
      }
    }
  };
}
function keysById(keys) {
  const byId = /* @__PURE__ */ new Map();
  for (const key of keys) if (!byId.has(key.keyId)) byId.set(key.keyId, key);
  return byId;
}
function splitSealed(sealed2, byId, decode) {
  const parts = sealed2.split(".");
  if (parts.length !== 4 || parts[0] !== SEAL_VERSION) return void 0;
  const key = byId.get(parts[1]);
  if (key === void 0) return void 0;
  const iv = decode(parts[2]);
  const body = decode(parts[3]);
  if (iv === void 0 || iv.length !== IV_BYTES || body === void 0 || body.length < TAG_BYTES) return void 0;
  return { key, iv, body };
}
function concat(chunks) {
  let length = 0;
  for (const chunk of chunks) length += chunk.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
var BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
var BASE64URL_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64URL.length; index += 1) BASE64URL_VALUES[BASE64URL.charCodeAt(index)] = index;
function base64UrlEncode(bytes) {
  let text = "";
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const value = bytes[index] << 16 | bytes[index + 1] << 8 | bytes[index + 2];
    text += BASE64URL[value >> 18] + BASE64URL[value >> 12 & 63] + BASE64URL[value >> 6 & 63] + BASE64URL[value & 63];
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const value = bytes[index] << 16;
    text += BASE64URL[value >> 18] + BASE64URL[value >> 12 & 63];
  } else if (rest === 2) {
    const value = bytes[index] << 16 | bytes[index + 1] << 8;
    text += BASE64URL[value >> 18] + BASE64URL[value >> 12 & 63] + BASE64URL[value >> 6 & 63];
  }
  return text;
}
function base64UrlDecode(text) {
  if (text.length % 4 === 1) return void 0;
  const out = new Uint8Array(Math.floor(text.length * 3 / 4));
  let buffer = 0;
  let bits = 0;
  let offset = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? BASE64URL_VALUES[code] : -1;
    if (value < 0) return void 0;
    buffer = (buffer << 6 | value) & 16777215;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[offset++] = buffer >> bits & 255;
    }
  }
  if ((buffer & (1 << bits) - 1) !== 0) return void 0;
  return out;
}
var NATIVE_SELF_TEST = {
  /** HKDF-SHA-256("secret", salt "salt", info "info"), 16 bytes. */
  hkdf: "f6d2fcc47cb939deafe3853a1e641a27",
  /** AES-256-GCM, key 00..1f, IV 00..0b, AAD "v1.self-test", plaintext "sign-in-with-xrpl": ciphertext and tag. */
  sealed: "346bb175e88cac36fa28e3e39c910a1def6a207c7184d9f34018a3ac2c55d155e9"
};
function passesNativeSelfTest(crypto) {
  try {
    const hex = (bytes) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    const hkdf = new Uint8Array(crypto.hkdfSync("sha256", encoder.encode("secret"), encoder.encode("salt"), encoder.encode("info"), 16));
    if (hex(hkdf) !== NATIVE_SELF_TEST.hkdf) return false;
    const key = Uint8Array.from({ length: 32 }, (_, index) => index);
    const iv = Uint8Array.from({ length: IV_BYTES }, (_, index) => index);
    const aad = encoder.encode("v1.self-test");
    const cipher = crypto.createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const sealed2 = concat([cipher.update(encoder.encode("sign-in-with-xrpl")), cipher.final(), cipher.getAuthTag()]);
    if (hex(sealed2) !== NATIVE_SELF_TEST.sealed) return false;
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    const forged = sealed2.slice();
    forged[forged.length - 1] ^= 1;
    decipher.setAuthTag(forged.subarray(forged.length - TAG_BYTES));
    decipher.update(forged.subarray(0, forged.length - TAG_BYTES));
    try {
      decipher.final();
      return false;
    } catch {
      return true;
    }
  } catch {
    return false;
  }
}
function loadNativeBuffer() {
  try {
    const getBuiltinModule = globalThis.process?.getBuiltinModule;
    const module = typeof getBuiltinModule === "function" ? getBuiltinModule("node:buffer") : void 0;
    return typeof module?.Buffer?.from === "function" ? module.Buffer : void 0;
  } catch {
    return void 0;
  }
}
function loadNativeCrypto() {
  try {
    const getBuiltinModule = globalThis.process?.getBuiltinModule;
    if (typeof getBuiltinModule !== "function") return void 0;
    const crypto = getBuiltinModule("node:crypto");
    if (crypto === void 0 || typeof crypto.hkdfSync !== "function" || typeof crypto.createCipheriv !== "function" || typeof crypto.createDecipheriv !== "function") {
      return void 0;
    }
    return crypto;
  } catch {
    return void 0;
  }
}

// ../../../work/wt/perf/src/message/create.ts
init_errors();
init_address();

// ../../../work/wt/perf/src/message/char-codes.ts
function isAlpha(code) {
  return code >= 65 && code <= 90 || code >= 97 && code <= 122;
}
function isDigit(code) {
  return code >= 48 && code <= 57;
}
function isAlphanumeric(code) {
  return isAlpha(code) || isDigit(code);
}
function isHexDigit(code) {
  return isDigit(code) || code >= 65 && code <= 70 || code >= 97 && code <= 102;
}
function isUnreserved(code) {
  return isAlphanumeric(code) || code === 45 || code === 46 || code === 95 || code === 126;
}
function isSubDelim(code) {
  switch (code) {
    case 33:
    case 36:
    case 38:
    case 39:
    case 40:
    case 41:
    case 42:
    case 43:
    case 44:
    case 59:
    case 61:
      return true;
    default:
      return false;
  }
}
function isVisibleAscii(code) {
  return code >= 33 && code <= 126;
}
function isVisibleAsciiText(text) {
  for (let index = 0; index < text.length; index++) {
    if (!isVisibleAscii(text.charCodeAt(index))) return false;
  }
  return true;
}

// ../../../work/wt/perf/src/message/chain-id.ts
var XRPL_NAMESPACE_PREFIX = "xrpl:";
var MAX_UINT32 = 4294967295;
function isNetworkIdText(text) {
  const length = text.length;
  if (length === 0 || length > 10) return false;
  if (length > 1 && text.charCodeAt(0) === 48) return false;
  let value = 0;
  for (let index = 0; index < length; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return false;
    value = value * 10 + (code - 48);
  }
  return value <= MAX_UINT32;
}
function networkIdOf(chainId) {
  const digits = chainId.startsWith(XRPL_NAMESPACE_PREFIX) ? chainId.slice(XRPL_NAMESPACE_PREFIX.length) : chainId;
  return isNetworkIdText(digits) ? digits : void 0;
}
function normalizeChainId(chainId) {
  const networkId = networkIdOf(chainId);
  return networkId === void 0 ? void 0 : XRPL_NAMESPACE_PREFIX + networkId;
}
function chainIdFormOf(chainId) {
  return chainId.startsWith(XRPL_NAMESPACE_PREFIX) ? "caip2" : "bare";
}

// ../../../work/wt/perf/src/message/date-time.ts
var MS_PER_MINUTE = 6e4;
var MS_PER_DAY = 864e5;
function digitsAt(text, start, count) {
  let value = 0;
  for (let index = start; index < start + count; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return -1;
    value = value * 10 + (code - 48);
  }
  return value;
}
function isLeapYear(year) {
  return year % 4 === 0 && year % 100 !== 0 || year % 400 === 0;
}
function daysInMonth(year, month) {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}
function daysFromCivil(year, month, day) {
  const shiftedYear = month <= 2 ? year - 1 : year;
  const era = Math.floor(shiftedYear / 400);
  const yearOfEra = shiftedYear - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}
function parseDateTime(text) {
  const length = text.length;
  if (length < 20) return Number.NaN;
  const year = digitsAt(text, 0, 4);
  const month = digitsAt(text, 5, 2);
  const day = digitsAt(text, 8, 2);
  const hour = digitsAt(text, 11, 2);
  const minute = digitsAt(text, 14, 2);
  const second = digitsAt(text, 17, 2);
  if (year < 0 || month < 1 || month > 12 || day < 1 || text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84 || text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59 || day > daysInMonth(year, month)) {
    return Number.NaN;
  }
  let index = 19;
  let milliseconds = 0;
  if (text.charCodeAt(index) === 46) {
    index++;
    const fractionStart = index;
    while (index < length && isDigit(text.charCodeAt(index))) {
      if (index - fractionStart < 3) milliseconds += (text.charCodeAt(index) - 48) * 10 ** (2 - (index - fractionStart));
      index++;
    }
    if (index === fractionStart) return Number.NaN;
  }
  let offsetMinutes = 0;
  const zone = text.charCodeAt(index);
  if (zone === 90) {
    index++;
  } else if (zone === 43 || zone === 45) {
    if (length - index !== 6 || text.charCodeAt(index + 3) !== 58) return Number.NaN;
    const offsetHour = digitsAt(text, index + 1, 2);
    const offsetMinute = digitsAt(text, index + 4, 2);
    if (offsetHour < 0 || offsetHour > 23 || offsetMinute < 0 || offsetMinute > 59) return Number.NaN;
    offsetMinutes = (offsetHour * 60 + offsetMinute) * (zone === 45 ? -1 : 1);
    index += 6;
  } else {
    return Number.NaN;
  }
  if (index !== length) return Number.NaN;
  return daysFromCivil(year, month, day) * MS_PER_DAY + ((hour * 60 + minute) * 60 + second) * 1e3 + milliseconds - offsetMinutes * MS_PER_MINUTE;
}
function isDateTime(text) {
  return !Number.isNaN(parseDateTime(text));
}

// ../../../work/wt/perf/src/message/uri.ts
var PERCENT = 37;
var COLON = 58;
var AT = 64;
var SLASH = 47;
var QUESTION = 63;
var HASH = 35;
function isRun(text, start, end, extra) {
  let index = start;
  while (index < end) {
    const code = text.charCodeAt(index);
    if (code === PERCENT) {
      if (index + 2 >= end || !isHexDigit(text.charCodeAt(index + 1)) || !isHexDigit(text.charCodeAt(index + 2))) {
        return false;
      }
      index += 3;
      continue;
    }
    if (!(isUnreserved(code) || isSubDelim(code) || extra(code))) return false;
    index++;
  }
  return true;
}
var none = () => false;
var colonOnly = (code) => code === COLON;
var pathExtra = (code) => code === COLON || code === AT || code === SLASH;
var queryExtra = (code) => code === COLON || code === AT || code === SLASH || code === QUESTION;
function isScheme(text) {
  if (text.length === 0 || !isAlpha(text.charCodeAt(0))) return false;
  for (let index = 1; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (!(isAlphanumeric(code) || code === 43 || code === 45 || code === 46)) return false;
  }
  return true;
}
function isIPvFutureIn(text, start, end) {
  const first = text.charCodeAt(start);
  if (start >= end || first !== 118 && first !== 86) return false;
  let index = start + 1;
  const hexStart = index;
  while (index < end && isHexDigit(text.charCodeAt(index))) index++;
  if (index === hexStart || index >= end || text.charCodeAt(index) !== 46) return false;
  index++;
  if (index >= end) return false;
  for (; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!(isUnreserved(code) || isSubDelim(code) || code === COLON)) return false;
  }
  return true;
}
function isIPv4In(text, start, end, strict) {
  let index = start;
  for (let octet = 0; octet < 4; octet++) {
    if (octet > 0) {
      if (index >= end || text.charCodeAt(index) !== 46) return false;
      index++;
    }
    const digitsStart = index;
    let value = 0;
    while (index < end && index - digitsStart < 4 && isDigit(text.charCodeAt(index))) {
      value = value * 10 + (text.charCodeAt(index) - 48);
      index++;
    }
    const digits = index - digitsStart;
    if (digits === 0 || digits > 3 || value > 255) return false;
    if (strict && digits > 1 && text.charCodeAt(digitsStart) === 48) return false;
  }
  return index === end;
}
function isIPv6In(text, start, end) {
  let groups = 0;
  let sawDoubleColon = false;
  let index = start;
  if (index < end && text.charCodeAt(index) === COLON) {
    if (index + 1 >= end || text.charCodeAt(index + 1) !== COLON) return false;
    sawDoubleColon = true;
    index += 2;
    if (index === end) return true;
  }
  for (; ; ) {
    const groupStart = index;
    while (index < end && isHexDigit(text.charCodeAt(index))) index++;
    const hexLength = index - groupStart;
    if (index < end && text.charCodeAt(index) === 46) {
      if (!isIPv4In(text, groupStart, end, false)) return false;
      groups += 2;
      break;
    }
    if (hexLength === 0 || hexLength > 4) return false;
    groups++;
    if (index === end) break;
    if (text.charCodeAt(index) !== COLON) return false;
    index++;
    if (index < end && text.charCodeAt(index) === COLON) {
      if (sawDoubleColon) return false;
      sawDoubleColon = true;
      index++;
      if (index === end) break;
    } else if (index === end) {
      return false;
    }
    if (groups > 8) return false;
  }
  return sawDoubleColon ? groups <= 7 : groups === 8;
}
function parseUri(text) {
  const length = text.length;
  if (length === 0 || !isAlpha(text.charCodeAt(0))) return void 0;
  let index = 1;
  while (index < length) {
    const code = text.charCodeAt(index);
    if (isAlphanumeric(code) || code === 43 || code === 45 || code === 46) index++;
    else break;
  }
  if (index >= length || text.charCodeAt(index) !== COLON) return void 0;
  const scheme = text.slice(0, index);
  index++;
  let hierEnd = index;
  while (hierEnd < length) {
    const code = text.charCodeAt(hierEnd);
    if (code === QUESTION || code === HASH) break;
    hierEnd++;
  }
  let userinfo;
  let host;
  let port;
  let pathStart = index;
  if (hierEnd - index >= 2 && text.charCodeAt(index) === SLASH && text.charCodeAt(index + 1) === SLASH) {
    const authorityStart = index + 2;
    let authorityEnd = authorityStart;
    while (authorityEnd < hierEnd && text.charCodeAt(authorityEnd) !== SLASH) authorityEnd++;
    let hostStart = authorityStart;
    const at = indexOfCode(text, AT, authorityStart, authorityEnd);
    if (at >= 0) {
      if (!isRun(text, authorityStart, at, colonOnly)) return void 0;
      userinfo = text.slice(authorityStart, at);
      hostStart = at + 1;
    }
    let hostEnd;
    if (hostStart < authorityEnd && text.charCodeAt(hostStart) === 91) {
      const close = indexOfCode(text, 93, hostStart, authorityEnd);
      if (close < 0) return void 0;
      const inner = hostStart + 1;
      const first = text.charCodeAt(inner);
      const literalOk = first === 118 || first === 86 ? isIPvFutureIn(text, inner, close) : isIPv6In(text, inner, close);
      if (!literalOk) return void 0;
      host = text.slice(inner, close);
      hostEnd = close + 1;
      if (hostEnd < authorityEnd && text.charCodeAt(hostEnd) !== COLON) return void 0;
    } else {
      hostEnd = hostStart;
      while (hostEnd < authorityEnd && text.charCodeAt(hostEnd) !== COLON) hostEnd++;
      if (!isRun(text, hostStart, hostEnd, none)) return void 0;
      host = text.slice(hostStart, hostEnd);
    }
    if (hostEnd < authorityEnd) {
      for (let digit = hostEnd + 1; digit < authorityEnd; digit++) {
        if (!isDigit(text.charCodeAt(digit))) return void 0;
      }
      port = text.slice(hostEnd + 1, authorityEnd);
    }
    pathStart = authorityEnd;
  }
  if (!isRun(text, pathStart, hierEnd, pathExtra)) return void 0;
  const path = text.slice(pathStart, hierEnd);
  let query;
  let fragment;
  index = hierEnd;
  if (index < length && text.charCodeAt(index) === QUESTION) {
    const queryEnd = indexOfCode(text, HASH, index + 1, length);
    const end = queryEnd < 0 ? length : queryEnd;
    if (!isRun(text, index + 1, end, queryExtra)) return void 0;
    query = text.slice(index + 1, end);
    index = end;
  }
  if (index < length) {
    if (!isRun(text, index + 1, length, queryExtra)) return void 0;
    fragment = text.slice(index + 1);
  }
  return { scheme, userinfo, host, port, path, query, fragment };
}
function isUri(text) {
  return parseUri(text) !== void 0;
}
function indexOfCode(text, code, start, end) {
  for (let index = start; index < end; index++) {
    if (text.charCodeAt(index) === code) return index;
  }
  return -1;
}

// ../../../work/wt/perf/src/message/domain.ts
var MAX_DNS_NAME_LENGTH = 253;
var MAX_DNS_LABEL_LENGTH = 63;
function isDnsNameIn(text, start, end) {
  if (end - start === 0 || end - start > MAX_DNS_NAME_LENGTH) return false;
  let labelStart = start;
  let lastLabelAllDigits = true;
  for (let index = start; index <= end; index++) {
    if (index === end || text.charCodeAt(index) === 46) {
      const labelLength = index - labelStart;
      if (labelLength === 0 || labelLength > MAX_DNS_LABEL_LENGTH) return false;
      if (text.charCodeAt(labelStart) === 45 || text.charCodeAt(index - 1) === 45) return false;
      labelStart = index + 1;
      if (index < end) lastLabelAllDigits = true;
      continue;
    }
    const code = text.charCodeAt(index);
    if (!(isAlphanumeric(code) || code === 45)) return false;
    if (!isDigit(code)) lastLabelAllDigits = false;
  }
  return lastLabelAllDigits ? isIPv4In(text, start, end, true) : true;
}
function isPortIn(text, start, end) {
  const length = end - start;
  if (length === 0 || length > 5 || text.charCodeAt(start) === 48) return false;
  let value = 0;
  for (let index = start; index < end; index++) {
    const code = text.charCodeAt(index);
    if (!isDigit(code)) return false;
    value = value * 10 + (code - 48);
  }
  return value <= 65535;
}
function parseDomain(text) {
  const length = text.length;
  if (length === 0) return void 0;
  let hostEnd;
  if (text.charCodeAt(0) === 91) {
    const close = text.indexOf("]");
    if (close < 0 || !isIPv6In(text, 1, close)) return void 0;
    hostEnd = close + 1;
  } else {
    const colon = text.indexOf(":");
    hostEnd = colon < 0 ? length : colon;
    if (!isDnsNameIn(text, 0, hostEnd)) return void 0;
  }
  if (hostEnd === length) return { host: text, port: void 0 };
  if (text.charCodeAt(hostEnd) !== 58 || !isPortIn(text, hostEnd + 1, length)) return void 0;
  return { host: text.slice(0, hostEnd), port: text.slice(hostEnd + 1) };
}
function isDomain(text) {
  return parseDomain(text) !== void 0;
}

// ../../../work/wt/perf/src/message/is-date.ts
function isDate(value) {
  if (value instanceof Date) return true;
  if (value === null || typeof value !== "object") return false;
  try {
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}

// ../../../work/wt/perf/src/message/issues.ts
var MAX_QUOTED_LENGTH = 60;
function quote(value) {
  const shown = value.length > MAX_QUOTED_LENGTH ? value.slice(0, MAX_QUOTED_LENGTH) : value;
  let out = '"';
  for (let index = 0; index < shown.length; index++) {
    const code = shown.charCodeAt(index);
    if (code === 34 || code === 92) out += "\\" + shown[index];
    else if (code >= 32 && code < 127) out += shown[index];
    else out += "\\u" + code.toString(16).padStart(4, "0");
  }
  return out + (shown.length < value.length ? '..."' : '"');
}
function describeValue(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}
function showValue(value) {
  return typeof value === "string" ? quote(value) : describeValue(value);
}

// ../../../work/wt/perf/src/message/layout.ts
var CAIP122_HEADER_SUFFIX = " wants you to sign in with your XRPL account:";
var WALLET_KIT_HEADER_SUFFIX = " wants you to sign in with your wallet:";
var SCHEME_SEPARATOR = "://";
var URI = { key: "uri", label: "URI", required: true, invalid: "invalid_uri" };
var VERSION = { key: "version", label: "Version", required: true, invalid: "invalid_version" };
var NONCE = { key: "nonce", label: "Nonce", required: true, invalid: "invalid_nonce" };
var ISSUED_AT = { key: "issuedAt", label: "Issued At", required: true, invalid: "invalid_issued_at" };
var EXPIRATION = {
  key: "expirationTime",
  label: "Expiration Time",
  required: false,
  invalid: "invalid_expiration_time"
};
var NOT_BEFORE = { key: "notBefore", label: "Not Before", required: false, invalid: "invalid_not_before" };
var REQUEST_ID = { key: "requestId", label: "Request ID", required: false, invalid: "invalid_request_id" };
var RESOURCES = { key: "resources", label: "Resources", required: false, invalid: "invalid_resource" };
var FIELD_LINES = {
  caip122: [
    URI,
    VERSION,
    { key: "chainId", label: "Chain ID", required: true, invalid: "invalid_chain_id" },
    NONCE,
    ISSUED_AT,
    EXPIRATION,
    NOT_BEFORE,
    REQUEST_ID,
    RESOURCES
  ],
  "xrpl-wallet-kit": [
    URI,
    VERSION,
    NONCE,
    ISSUED_AT,
    { key: "chainId", label: "Chain ID", required: false, invalid: "invalid_chain_id" },
    EXPIRATION
  ]
};
var HEADER_SUFFIXES = {
  caip122: CAIP122_HEADER_SUFFIX,
  "xrpl-wallet-kit": WALLET_KIT_HEADER_SUFFIX
};
function hasScheme(dialect) {
  return dialect === "caip122";
}
var FIELDS_WITHOUT_LINE = {
  caip122: withoutLine("caip122"),
  "xrpl-wallet-kit": withoutLine("xrpl-wallet-kit")
};
function withoutLine(dialect) {
  const keys = new Set(FIELD_LINES[dialect].map((field2) => field2.key));
  const missing = hasScheme(dialect) ? [] : ["scheme"];
  for (const field2 of FIELD_LINES.caip122) if (!keys.has(field2.key)) missing.push(field2.key);
  return missing;
}
var ALL_DIALECTS = ["caip122", "xrpl-wallet-kit"];

// ../../../work/wt/perf/src/message/nonce.ts
var MIN_NONCE_LENGTH = 8;
var NONCE_BYTES = 16;
function isNonce(text) {
  if (text.length < MIN_NONCE_LENGTH) return false;
  for (let index = 0; index < text.length; index++) {
    if (!isAlphanumeric(text.charCodeAt(index))) return false;
  }
  return true;
}
function generateNonce() {
  return randomHex(NONCE_BYTES);
}

// ../../../work/wt/perf/src/message/request-id.ts
function isRequestId(text) {
  return isVisibleAsciiText(text);
}

// ../../../work/wt/perf/src/message/resources.ts
var RESOURCE_LINE_PREFIX = "- ";
function isResource(text) {
  return isUri(text);
}

// ../../../work/wt/perf/src/message/size.ts
var MAX_MESSAGE_BYTES = 8192;
function exceedsUtf8Bytes(text, limitBytes) {
  if (text.length > limitBytes) return true;
  let bytes = 0;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code < 128) bytes += 1;
    else if (code < 2048) bytes += 2;
    else if (code >= 55296 && code <= 56319 && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 56320 && next <= 57343) {
        bytes += 4;
        index++;
      } else {
        bytes += 3;
      }
    } else bytes += 3;
    if (bytes > limitBytes) return true;
  }
  return false;
}

// ../../../work/wt/perf/src/message/statement.ts
var FORMAT_CHARACTER_RANGES = [
  [173, 173],
  [1536, 1541],
  [1564, 1564],
  [1757, 1757],
  [1807, 1807],
  [2192, 2193],
  [2274, 2274],
  [6158, 6158],
  [8203, 8207],
  [8234, 8238],
  [8288, 8292],
  [8294, 8303],
  [65279, 65279],
  [65529, 65531],
  [69821, 69821],
  [69837, 69837],
  [78896, 78911],
  [113824, 113827],
  [119155, 119162],
  [917505, 917505],
  [917536, 917631]
];
function isFormatCharacter(codePoint) {
  if (codePoint < 173) return false;
  for (const [first, last] of FORMAT_CHARACTER_RANGES) {
    if (codePoint < first) return false;
    if (codePoint <= last) return true;
  }
  return false;
}
function isControlCharacter(codePoint) {
  return codePoint <= 31 || codePoint >= 127 && codePoint <= 159;
}
var REFUSED_ASCII = new Set(['"', "%", "<", ">", "\\", "^", "`", "{", "|", "}"].map((character) => character.charCodeAt(0)));
function statementProblem(text) {
  if (text.length === 0) return "The statement may not be empty; omit it instead.";
  for (let index = 0; index < text.length; index++) {
    let codePoint = text.charCodeAt(index);
    if (codePoint >= 32 && codePoint < 127) {
      if (REFUSED_ASCII.has(codePoint)) {
        return `The statement contains "${String.fromCharCode(codePoint)}", which the EIP-4361 statement grammar does not allow.`;
      }
      continue;
    }
    if (codePoint >= 55296 && codePoint <= 57343) {
      const next = index + 1 < text.length ? text.charCodeAt(index + 1) : 0;
      if (codePoint > 56319 || next < 56320 || next > 57343) {
        return `The statement contains a lone surrogate at index ${index}.`;
      }
      codePoint = 65536 + (codePoint - 55296 << 10) + (next - 56320);
      index++;
    }
    if (isControlCharacter(codePoint)) {
      return `The statement contains the control character ${formatCodePoint(codePoint)}.`;
    }
    if (codePoint === 8232 || codePoint === 8233) {
      return `The statement contains the separator ${formatCodePoint(codePoint)}.`;
    }
    if (isFormatCharacter(codePoint)) {
      return `The statement contains the format character ${formatCodePoint(codePoint)}.`;
    }
  }
  return void 0;
}
function formatCodePoint(codePoint) {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

// ../../../work/wt/perf/src/message/create.ts
var FieldReader = class {
  constructor(fields) {
    this.fields = fields;
  }
  fields;
  issues = [];
  /** Fields the chosen layout has no line for: reported once, then read as absent. */
  unsupported = /* @__PURE__ */ new Set();
  report(code, message) {
    this.issues.push({ code, line: 0, message });
  }
  /** Refuses each of `names` that is present, as a field `dialect` cannot write. */
  refuseUnsupported(names, dialect) {
    for (const name of names) {
      if (this.optional(name) === void 0) continue;
      this.report(
        "unsupported_field",
        `${name}: the ${dialect} layout has no place for it; leave it out, or write the caip122 layout (dialect "caip122").`
      );
      this.unsupported.add(name);
    }
  }
  /** The value of an optional field; `null` counts as absent (JSON has no undefined). */
  optional(name) {
    if (this.unsupported.has(name)) return void 0;
    const value = this.fields[name];
    return value === null ? void 0 : value;
  }
  /** The layout to write: `caip122` unless `dialect` names the other one. */
  dialect() {
    const value = this.optional("dialect");
    if (value === void 0 || value === "caip122" || value === "xrpl-wallet-kit") return value ?? "caip122";
    this.report("invalid_dialect", `dialect must be "caip122" or "xrpl-wallet-kit", got ${showValue(value)}.`);
    return "caip122";
  }
  /** How the caller asked the Chain ID line to be written, if at all. */
  chainIdForm() {
    const value = this.optional("chainIdForm");
    if (value === void 0 || value === "caip2" || value === "bare") return value;
    this.report("invalid_chain_id", `chainIdForm must be "caip2" (Chain ID: xrpl:0) or "bare" (Chain ID: 0), got ${showValue(value)}.`);
    return void 0;
  }
  /** A string field checked by `isValid`; reports and answers undefined when it is not one. */
  string(name, required, code, isValid, rule) {
    const value = this.optional(name);
    if (value === void 0) {
      if (required) this.report("missing_field", `${name} is required.`);
      return void 0;
    }
    if (typeof value !== "string") {
      this.report(code, `${name} must be a string, got ${describeValue(value)}.`);
      return void 0;
    }
    if (!isValid(value)) {
      this.report(code, `${name}: ${quote(value)} is not ${rule}.`);
      return void 0;
    }
    return value;
  }
  /** A time field: an RFC 3339 string kept as written, or a Date written with toISOString(). */
  time(name, required, code) {
    const value = this.optional(name);
    if (value === void 0) {
      if (required) this.report("missing_field", `${name} is required.`);
      return void 0;
    }
    let text;
    if (isDate(value)) {
      if (Number.isNaN(Date.prototype.getTime.call(value))) {
        this.report(code, `${name} is an invalid Date.`);
        return void 0;
      }
      text = Date.prototype.toISOString.call(value);
    } else if (typeof value === "string") {
      text = value;
    } else {
      this.report(code, `${name} must be a string or a Date, got ${describeValue(value)}.`);
      return void 0;
    }
    if (!isDateTime(text)) {
      this.report(code, `${name}: ${quote(text)} is not an RFC 3339 date-time with a real date, a year from 0000 to 9999 and a zone.`);
      return void 0;
    }
    return text;
  }
};
function writeCaip122(fields) {
  const { scheme, domain, address, statement, uri, networkId, nonce, issuedAt } = fields;
  let text = `${scheme === void 0 ? "" : scheme + SCHEME_SEPARATOR}${domain}${HEADER_SUFFIXES.caip122}
${address}

`;
  if (statement !== void 0) text += `${statement}
`;
  text += `
URI: ${uri}
Version: 1
Chain ID: ${networkId}
Nonce: ${nonce}
Issued At: ${issuedAt}`;
  if (fields.expirationTime !== void 0) text += `
Expiration Time: ${fields.expirationTime}`;
  if (fields.notBefore !== void 0) text += `
Not Before: ${fields.notBefore}`;
  if (fields.requestId !== void 0) text += `
Request ID: ${fields.requestId}`;
  if (fields.resources !== void 0) {
    text += "\nResources:";
    for (const resource of fields.resources) text += `
${RESOURCE_LINE_PREFIX}${resource}`;
  }
  return text;
}
function writeWalletKit(fields) {
  const { domain, address, statement, uri, networkId, nonce, issuedAt, expirationTime } = fields;
  let text = `${domain}${HEADER_SUFFIXES["xrpl-wallet-kit"]}
${address}

`;
  if (statement !== void 0) text += `${statement}

`;
  text += `URI: ${uri}
Version: 1
Nonce: ${nonce}
Issued At: ${issuedAt}`;
  if (networkId !== void 0) {
    text += `
Chain ID: ${fields.chainIdForm === "caip2" ? XRPL_NAMESPACE_PREFIX : ""}${networkId}`;
  }
  if (expirationTime !== void 0) text += `
Expiration Time: ${expirationTime}`;
  return text;
}
var WRITERS = {
  caip122: writeCaip122,
  "xrpl-wallet-kit": writeWalletKit
};
function createMessage(fields) {
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new MessageFormatError([
      { code: "invalid_fields", line: 0, message: `Expected the message fields as an object, got ${describeValue(fields)}.` }
    ]);
  }
  const reader = new FieldReader(fields);
  const dialect = reader.dialect();
  reader.refuseUnsupported(FIELDS_WITHOUT_LINE[dialect], dialect);
  const scheme = reader.string("scheme", false, "invalid_scheme", isScheme, 'an RFC 3986 scheme such as "https"');
  const domain = reader.string(
    "domain",
    true,
    "invalid_domain",
    isDomain,
    "a domain (DNS name, IPv4, [IPv6] or localhost, optional :port; put a scheme in `scheme`)"
  );
  const address = reader.string("address", true, "invalid_address", isClassicAddress, "a classic XRPL address with a valid checksum");
  let statement;
  const statementValue = reader.optional("statement");
  if (typeof statementValue === "string") {
    const problem = statementProblem(statementValue);
    if (problem === void 0) statement = statementValue;
    else reader.report("invalid_statement", `statement: ${problem}`);
  } else if (statementValue !== void 0) {
    reader.report("invalid_statement", `statement must be a string, got ${describeValue(statementValue)}.`);
  }
  const uri = reader.string("uri", true, "invalid_uri", isUri, "an RFC 3986 URI");
  const version = reader.optional("version");
  if (version !== void 0 && version !== "1") {
    reader.report("invalid_version", `version must be "1", got ${showValue(version)}.`);
  }
  const chainId = reader.string(
    "chainId",
    FIELD_LINES[dialect].some((field2) => field2.key === "chainId" && field2.required),
    "invalid_chain_id",
    (value) => networkIdOf(value) !== void 0,
    'an XRPL chain id ("xrpl:" and a decimal uint32 network id, e.g. "xrpl:0")'
  );
  const chainIdForm = reader.chainIdForm();
  if (chainIdForm !== void 0 && dialect === "xrpl-wallet-kit" && reader.optional("chainId") === void 0) {
    reader.report("missing_field", "chainIdForm is given but chainId is missing; give chainId, or leave chainIdForm out.");
  }
  const nonce = reader.string("nonce", true, "invalid_nonce", isNonce, "a nonce (at least 8 ASCII letters or digits)");
  const issuedAt = reader.time("issuedAt", true, "invalid_issued_at");
  const expirationTime = reader.time("expirationTime", false, "invalid_expiration_time");
  const notBefore = reader.time("notBefore", false, "invalid_not_before");
  const requestId = reader.string("requestId", false, "invalid_request_id", isRequestId, "a request id (printable ASCII without spaces)");
  const resourcesValue = reader.optional("resources");
  let resources;
  if (Array.isArray(resourcesValue)) {
    resources = resourcesValue;
    resourcesValue.forEach((resource, index) => {
      if (typeof resource !== "string") {
        reader.report("invalid_resource", `resources[${index}] must be a string, got ${describeValue(resource)}.`);
      } else if (!isResource(resource)) {
        reader.report("invalid_resource", `resources[${index}]: ${quote(resource)} is not an RFC 3986 URI.`);
      }
    });
  } else if (resourcesValue !== void 0) {
    reader.report("invalid_resource", `resources must be an array of URIs, got ${describeValue(resourcesValue)}.`);
  }
  if (reader.issues.length > 0) throw new MessageFormatError(reader.issues);
  const text = WRITERS[dialect]({
    scheme,
    domain,
    address,
    statement,
    uri,
    networkId: chainId === void 0 ? void 0 : networkIdOf(chainId),
    chainIdForm: chainIdForm ?? (chainId === void 0 ? "bare" : chainIdFormOf(chainId)),
    nonce,
    issuedAt,
    expirationTime,
    notBefore,
    requestId,
    resources
  });
  if (exceedsUtf8Bytes(text, MAX_MESSAGE_BYTES)) {
    throw new MessageFormatError([
      { code: "too_large", line: 0, message: `The message would be larger than ${MAX_MESSAGE_BYTES} bytes (UTF-8).` }
    ]);
  }
  return text;
}

// ../../../work/wt/perf/src/message/parse.ts
init_errors();
init_address();
function acceptedDialects(options) {
  if (options === void 0) return ALL_DIALECTS;
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError('parseMessage options must be an object such as { dialects: ["caip122"] }.');
  }
  const dialects = options.dialects;
  if (dialects === void 0) return ALL_DIALECTS;
  if (!Array.isArray(dialects) || dialects.length === 0) {
    throw new InvalidOptionsError(
      'parseMessage option "dialects" must be a non-empty array of "caip122" and/or "xrpl-wallet-kit"; omit it to accept both.'
    );
  }
  const known = [];
  for (const dialect of dialects) {
    if (dialect !== "caip122" && dialect !== "xrpl-wallet-kit") {
      throw new InvalidOptionsError(
        `parseMessage option "dialects" contains ${showValue(dialect)}; the known dialects are "caip122" and "xrpl-wallet-kit".`
      );
    }
    known.push(dialect);
  }
  return known;
}
var LineParser = class {
  constructor(text, dialects) {
    this.dialects = dialects;
    this.lines = text.split("\n");
    if (text.indexOf("\r") >= 0) this.stripCarriageReturns();
    const last = this.lines.length;
    if (last > 1 && this.lines[last - 1] === "") {
      this.report("trailing_newline", last, "The message ends with a line break; remove it.");
      this.lines.pop();
    }
  }
  dialects;
  issues = [];
  message = {};
  lines;
  report(code, line, message) {
    this.issues.push({ code, line, message });
  }
  /** Reports each line holding a CR; drops a CR that ends a line, so a CRLF text gets clean diagnostics. */
  stripCarriageReturns() {
    for (let index = 0; index < this.lines.length; index++) {
      const line = this.lines[index];
      if (line.indexOf("\r") < 0) continue;
      this.report("carriage_return", index + 1, "The line contains a carriage return (CR); lines are separated by LF only.");
      if (line.endsWith("\r")) this.lines[index] = line.slice(0, -1);
    }
  }
  parse() {
    const lines = this.lines;
    const dialect = this.parseHeader(lines[0]);
    this.message.dialect = dialect;
    const address = lines[1];
    if (address === void 0) {
      this.report("missing_field", 2, "The message ends before the address line.");
      return;
    }
    if (isClassicAddress(address)) this.message.address = address;
    else this.report("invalid_address", 2, `${quote(address)} is not a classic XRPL address with a valid checksum.`);
    let index = 2;
    if (index < lines.length) {
      if (lines[index] !== "") {
        this.report("expected_blank_line", index + 1, "Expected a blank line after the address.");
      }
      index++;
    }
    const fields = FIELD_LINES[dialect];
    index = dialect === "caip122" ? this.parseCaip122Statement(index, fields) : this.parseWalletKitStatement(index, fields);
    this.parseFields(index, fields);
  }
  parseHeader(header) {
    let dialect;
    let authority;
    if (header.endsWith(CAIP122_HEADER_SUFFIX)) {
      dialect = "caip122";
      authority = header.slice(0, header.length - CAIP122_HEADER_SUFFIX.length);
    } else if (header.endsWith(WALLET_KIT_HEADER_SUFFIX)) {
      dialect = "xrpl-wallet-kit";
      authority = header.slice(0, header.length - WALLET_KIT_HEADER_SUFFIX.length);
    } else {
      const fallback = this.dialects.includes("caip122") ? "caip122" : this.dialects[0];
      this.report("invalid_header", 1, `Expected "{domain}${HEADER_SUFFIXES[fallback]}", got ${quote(header)}.`);
      return fallback;
    }
    if (!this.dialects.includes(dialect)) {
      this.report("dialect_not_accepted", 1, `The ${dialect} message layout is not accepted here.`);
    }
    const separator = authority.indexOf(SCHEME_SEPARATOR);
    let domain = authority;
    if (separator >= 0) {
      const scheme = authority.slice(0, separator);
      domain = authority.slice(separator + SCHEME_SEPARATOR.length);
      if (!hasScheme(dialect)) {
        this.report("invalid_scheme", 1, `The ${dialect} layout has no scheme before the domain.`);
      } else if (isScheme(scheme)) {
        this.message.scheme = scheme;
      } else {
        this.report("invalid_scheme", 1, `${quote(scheme)} is not an RFC 3986 scheme.`);
      }
    }
    if (isDomain(domain)) this.message.domain = domain;
    else
      this.report(
        "invalid_domain",
        1,
        domain === "" ? "The domain is missing." : `${quote(domain)} is not a domain (DNS name, IPv4, [IPv6] or localhost, optional :port, no userinfo).`
      );
    return dialect;
  }
  /**
   * caip122, after the blank line that follows the address: a second blank line, or the statement
   * and a blank line. Answers the index of the first field line.
   */
  parseCaip122Statement(index, fields) {
    const lines = this.lines;
    const line = lines[index];
    if (line === void 0) return index;
    const next = lines[index + 1];
    if (line === "") {
      if (next !== "") return index + 1;
      return this.reportEmptyStatement(index);
    }
    if (next !== void 0 && next !== "" && labelOf(line, fields) === 0) {
      this.report(
        "expected_blank_line",
        index + 1,
        "Expected a blank line before the URI line (without a statement, two blank lines follow the address)."
      );
      return index;
    }
    return this.parseStatementLine(index);
  }
  /**
   * xrpl-wallet-kit, after the blank line that follows the address: the field lines straight away,
   * or the statement and a blank line. A field line is told from a statement by the line after
   * it: a statement is always followed by a blank line, a field line never (Version follows URI).
   */
  parseWalletKitStatement(index, fields) {
    const lines = this.lines;
    const line = lines[index];
    if (line === void 0) return index;
    const next = lines[index + 1];
    if (line === "") {
      if (next === "") return this.reportEmptyStatement(index);
      this.report(
        "unexpected_line",
        index + 1,
        "Unexpected blank line: without a statement, the xrpl-wallet-kit layout has one blank line between the address and the URI line."
      );
      return index + 1;
    }
    if (next !== "" && labelOf(line, fields) >= 0) return index;
    return this.parseStatementLine(index);
  }
  /** Three blank lines: an empty statement between the two blank lines around it. */
  reportEmptyStatement(index) {
    this.report("invalid_statement", index + 1, "The statement may not be empty; omit it and its blank line.");
    return index + 2;
  }
  /** Reads the statement at `index` and the blank line after it; answers the index of the first field line. */
  parseStatementLine(index) {
    const line = this.lines[index];
    const next = this.lines[index + 1];
    const problem = statementProblem(line);
    if (problem === void 0) this.message.statement = line;
    else this.report("invalid_statement", index + 1, problem);
    if (next === "") return index + 2;
    if (next !== void 0) {
      this.report("expected_blank_line", index + 2, "Expected a blank line after the statement (it must be one line).");
    }
    return index + 1;
  }
  parseFields(start, fields) {
    const lines = this.lines;
    const seen = new Array(fields.length).fill(false);
    let next = 0;
    let resources;
    for (let index = start; index < lines.length; index++) {
      const line = lines[index];
      const lineNumber = index + 1;
      if (resources !== void 0 && line.startsWith("-")) {
        this.parseResource(line, lineNumber, resources);
        continue;
      }
      const position = labelOf(line, fields);
      if (position < 0) {
        this.report(
          "unexpected_line",
          lineNumber,
          line === "" ? "Unexpected blank line." : `${quote(line)} is not a line of the ${this.message.dialect} layout.`
        );
        continue;
      }
      resources = void 0;
      const field2 = fields[position];
      if (seen[position] === true) {
        this.report("duplicate_field", lineNumber, `The ${field2.label} line appears twice.`);
        continue;
      }
      if (position < next) {
        this.report("out_of_order_field", lineNumber, `The ${field2.label} line must come before the ${fields[next - 1].label} line.`);
        continue;
      }
      for (let skipped = next; skipped < position; skipped++) {
        const missing = fields[skipped];
        if (missing.required) {
          this.report("missing_field", lineNumber, `Missing the ${missing.label} line before this line.`);
        }
      }
      seen[position] = true;
      next = position + 1;
      const rest = line.slice(field2.label.length + 1);
      if (field2.key === "resources") {
        if (rest === "") resources = this.message.resources = [];
        else this.report("invalid_field_syntax", lineNumber, 'The "Resources:" line has nothing after the colon.');
        continue;
      }
      if (!rest.startsWith(" ")) {
        this.report("invalid_field_syntax", lineNumber, `Expected "${field2.label}: " followed by the value.`);
        continue;
      }
      this.parseValue(field2, rest.slice(1), lineNumber);
    }
    for (let missing = next; missing < fields.length; missing++) {
      if (fields[missing].required) {
        this.report("missing_field", lines.length + 1, `The message ends before the ${fields[missing].label} line.`);
      }
    }
  }
  parseValue(field2, value, lineNumber) {
    const message = this.message;
    switch (field2.key) {
      case "uri":
        if (isUri(value)) message.uri = value;
        else this.report(field2.invalid, lineNumber, `${quote(value)} is not an RFC 3986 URI.`);
        return;
      case "version":
        if (value === "1") message.version = "1";
        else this.report(field2.invalid, lineNumber, `Version must be 1, got ${quote(value)}.`);
        return;
      case "chainId": {
        const chainId = normalizeChainId(value);
        if (chainId !== void 0) {
          message.chainId = chainId;
          if (message.dialect === "xrpl-wallet-kit") {
            message.chainIdForm = chainIdFormOf(value);
          }
        } else this.report(field2.invalid, lineNumber, `${quote(value)} is not an XRPL network id (a decimal uint32, or "xrpl:" and one).`);
        return;
      }
      case "nonce":
        if (isNonce(value)) message.nonce = value;
        else this.report(field2.invalid, lineNumber, `${quote(value)} is not a nonce (at least 8 ASCII letters or digits).`);
        return;
      case "issuedAt":
      case "expirationTime":
      case "notBefore":
        if (isDateTime(value)) message[field2.key] = value;
        else
          this.report(
            field2.invalid,
            lineNumber,
            `${quote(value)} is not an RFC 3339 date-time with a real date and a zone (e.g. 2021-09-30T16:25:24.000Z).`
          );
        return;
      case "requestId":
        if (isRequestId(value)) message.requestId = value;
        else this.report(field2.invalid, lineNumber, `${quote(value)} is not a request id (printable ASCII without spaces).`);
        return;
      case "resources":
        return;
    }
  }
  parseResource(line, lineNumber, resources) {
    if (!line.startsWith(RESOURCE_LINE_PREFIX)) {
      this.report("invalid_resource", lineNumber, 'A resource line is "- " followed by a URI.');
      return;
    }
    const resource = line.slice(RESOURCE_LINE_PREFIX.length);
    if (isResource(resource)) resources.push(resource);
    else this.report("invalid_resource", lineNumber, `${quote(resource)} is not an RFC 3986 URI.`);
  }
};
function labelOf(line, fields) {
  for (let position = 0; position < fields.length; position++) {
    const label = fields[position].label;
    if (line.startsWith(label) && line.charCodeAt(label.length) === 58) return position;
  }
  return -1;
}
function parseMessage(text, options) {
  const dialects = acceptedDialects(options);
  if (typeof text !== "string") {
    throw new MessageFormatError([
      { code: "not_a_string", line: 0, message: `Expected the message as a string, got ${describeValue(text)}.` }
    ]);
  }
  if (exceedsUtf8Bytes(text, MAX_MESSAGE_BYTES)) {
    throw new MessageFormatError([
      { code: "too_large", line: 0, message: `The message is larger than ${MAX_MESSAGE_BYTES} bytes (UTF-8).` }
    ]);
  }
  const parser = new LineParser(text, dialects);
  parser.parse();
  if (parser.issues.length > 0) {
    throw new MessageFormatError(parser.issues.sort((a, b) => a.line - b.line));
  }
  return parser.message;
}

// ../../../work/wt/perf/src/message/validate.ts
init_errors();

// ../../../work/wt/perf/src/message/domain-match.ts
function domainMatches(message, expected) {
  const host = message.host.toLowerCase();
  for (const candidate of expected) {
    if (candidate.host.toLowerCase() !== host) continue;
    if (candidate.port === void 0 || candidate.port === message.port) return true;
  }
  return false;
}

// ../../../work/wt/perf/src/message/validate-options.ts
init_errors();

// ../../../work/wt/perf/src/message/uri-schemes.ts
function resolveUriSchemes(value) {
  if (value === void 0) return void 0;
  if (!Array.isArray(value) || value.length === 0) {
    return { problem: 'must be a non-empty list of URI schemes such as ["https"] (or left out to accept any scheme)' };
  }
  const schemes = [];
  for (const scheme of value) {
    if (typeof scheme !== "string" || !isScheme(scheme)) {
      return {
        problem: `has ${typeof scheme === "string" ? JSON.stringify(scheme) : typeof scheme}, which is not a URI scheme: write schemes without "://" or ":", such as ["https"]`
      };
    }
    schemes.push(scheme.toLowerCase());
  }
  return Object.freeze(schemes);
}
function uriSchemeAllowed(uri, schemes) {
  const colon = uri.indexOf(":");
  return colon > 0 && schemes.includes(uri.slice(0, colon).toLowerCase());
}

// ../../../work/wt/perf/src/message/validate-options.ts
var DEFAULT_MAX_AGE_SECONDS = 300;
var DEFAULT_CLOCK_SKEW_SECONDS = 60;
function expectedDomain(value) {
  if (typeof value !== "string" || value === "") {
    throw new InvalidOptionsError(
      `validateMessage option "domain" must be a non-empty host such as "example.com" or "localhost:3000" (or a list of them), got ${typeof value === "string" ? "an empty string" : describeValue(value)}.`
    );
  }
  const parts = parseDomain(value);
  if (parts === void 0) {
    throw new InvalidOptionsError(
      `validateMessage option "domain" ${quote(value)} is not a host[:port]; pass the host the user sees, such as "example.com" or "localhost:3000", without scheme or path.`
    );
  }
  return parts;
}
function optionalString(options, name) {
  const value = options[name];
  if (value === void 0) return void 0;
  if (typeof value !== "string") {
    throw new InvalidOptionsError(
      `validateMessage option "${name}" must be a string (or left out to skip the check), got ${describeValue(value)}.`
    );
  }
  return value;
}
function seconds(options, name, fallback) {
  const value = options[name];
  if (value === void 0) return fallback * 1e3;
  if (typeof value !== "number" || !Number.isFinite(value) || value < 0) {
    throw new InvalidOptionsError(
      `validateMessage option "${name}" must be a finite number of seconds >= 0 (default ${fallback}), got ${typeof value === "number" ? String(value) : describeValue(value)}.`
    );
  }
  return value * 1e3;
}
function nowMs(value) {
  if (value === void 0) return Date.now();
  const ms = isDate(value) ? Date.prototype.getTime.call(value) : typeof value === "number" ? value : Number.NaN;
  if (!Number.isFinite(ms)) {
    throw new InvalidOptionsError(
      `validateMessage option "now" must be a valid Date or a finite number of milliseconds since the epoch (or left out for the current time), got ${isDate(value) ? "an invalid Date" : typeof value === "number" ? String(value) : describeValue(value)}.`
    );
  }
  return ms;
}
function resolveValidateOptions(options) {
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError(
      `validateMessage needs options with at least the expected domain, such as { domain: "example.com" }; got ${describeValue(options)}.`
    );
  }
  const domainOption = options.domain;
  if (domainOption === void 0) {
    throw new InvalidOptionsError(
      'validateMessage option "domain" is required: pass the host your users sign in to, such as { domain: "example.com" }.'
    );
  }
  let domains;
  if (typeof domainOption === "function") {
    domains = domainOption;
  } else if (Array.isArray(domainOption)) {
    if (domainOption.length === 0) {
      throw new InvalidOptionsError('validateMessage option "domain" is an empty list; give at least one host, such as ["example.com"].');
    }
    domains = domainOption.map(expectedDomain);
  } else {
    domains = [expectedDomain(domainOption)];
  }
  let chainId;
  const chainOption = options.chainId;
  if (chainOption !== void 0) {
    chainId = typeof chainOption === "string" ? normalizeChainId(chainOption) : void 0;
    if (chainId === void 0) {
      throw new InvalidOptionsError(
        `validateMessage option "chainId" must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet), got ${typeof chainOption === "string" ? quote(chainOption) : describeValue(chainOption)}.`
      );
    }
  }
  const uriSchemes = resolveUriSchemes(options.uriSchemes);
  if (uriSchemes !== void 0 && "problem" in uriSchemes) {
    throw new InvalidOptionsError(`validateMessage option "uriSchemes" ${uriSchemes.problem}.`);
  }
  return {
    domains,
    nonce: optionalString(options, "nonce"),
    address: optionalString(options, "address"),
    uri: optionalString(options, "uri"),
    uriSchemes,
    chainId,
    maxAgeMs: seconds(options, "maxAgeSeconds", DEFAULT_MAX_AGE_SECONDS),
    clockSkewMs: seconds(options, "clockSkewSeconds", DEFAULT_CLOCK_SKEW_SECONDS),
    nowMs: nowMs(options.now)
  };
}

// ../../../work/wt/perf/src/message/validate.ts
var VALIDATION_REASONS = {
  domain_mismatch: "Domain does not match.",
  address_mismatch: "Address does not match.",
  uri_mismatch: "URI does not match.",
  chain_mismatch: "Chain ID does not match.",
  nonce_mismatch: "Nonce does not match.",
  issued_in_future: "Message is issued in the future.",
  too_old: "Message is too old.",
  expired: "Message has expired.",
  not_yet_valid: "Message is not yet valid."
};
function fail(code) {
  return { valid: false, code, reason: VALIDATION_REASONS[code] };
}
function notParsed(what) {
  return new InvalidOptionsError(
    `validateMessage needs a message from parseMessage; this one has ${what}. Parse the text with parseMessage first.`
  );
}
function messageTime(message, name) {
  const text = message[name];
  if (text === void 0 && name !== "issuedAt") return void 0;
  const ms = typeof text === "string" ? parseDateTime(text) : Number.NaN;
  if (Number.isNaN(ms)) throw notParsed(`an invalid ${name}`);
  return ms;
}
var RULES = [
  [
    "domain_mismatch",
    ({ message, expected, domain }) => typeof expected.domains === "function" ? expected.domains(message.domain) === true : domainMatches(domain, expected.domains)
  ],
  ["address_mismatch", ({ message, expected }) => expected.address === void 0 ? void 0 : message.address === expected.address],
  [
    "uri_mismatch",
    ({ message, expected }) => expected.uri === void 0 && expected.uriSchemes === void 0 ? void 0 : (expected.uri === void 0 || message.uri === expected.uri) && (expected.uriSchemes === void 0 || typeof message.uri === "string" && uriSchemeAllowed(message.uri, expected.uriSchemes))
  ],
  [
    "chain_mismatch",
    ({ message, expected }) => expected.chainId === void 0 ? void 0 : (typeof message.chainId === "string" ? normalizeChainId(message.chainId) : void 0) === expected.chainId
  ],
  ["nonce_mismatch", ({ message, expected }) => expected.nonce === void 0 ? void 0 : message.nonce === expected.nonce],
  ["issued_in_future", ({ expected, issuedAtMs }) => issuedAtMs <= expected.nowMs + expected.clockSkewMs],
  ["too_old", ({ expected, issuedAtMs }) => expected.nowMs - issuedAtMs <= expected.maxAgeMs + expected.clockSkewMs],
  [
    "expired",
    ({ expected, expirationMs }) => expirationMs === void 0 ? void 0 : expirationMs > expected.nowMs - expected.clockSkewMs
  ],
  [
    "not_yet_valid",
    ({ expected, notBeforeMs }) => notBeforeMs === void 0 ? void 0 : notBeforeMs <= expected.nowMs + expected.clockSkewMs
  ]
];
function ruleInput(message, options) {
  const expected = resolveValidateOptions(options);
  if (message === null || typeof message !== "object") throw notParsed("no fields");
  const domain = typeof message.domain === "string" ? parseDomain(message.domain) : void 0;
  if (domain === void 0) throw notParsed("an invalid domain");
  return {
    message,
    expected,
    domain,
    issuedAtMs: messageTime(message, "issuedAt"),
    expirationMs: messageTime(message, "expirationTime"),
    notBeforeMs: messageTime(message, "notBefore")
  };
}
function validateMessage(message, options) {
  const input = ruleInput(message, options);
  for (const [code, holds] of RULES) {
    if (holds(input) === false) return fail(code);
  }
  return { valid: true };
}

// ../../../work/wt/perf/src/verify/create-verifier.ts
init_errors();

// ../../../work/wt/perf/src/shared/describe-value.ts
function describeValue2(value, options = {}) {
  switch (typeof value) {
    case "string": {
      const { quoteStrings = true, maxLength } = options;
      const shown = maxLength !== void 0 && value.length > maxLength ? `${value.slice(0, maxLength)}...` : value;
      return quoteStrings ? JSON.stringify(shown) : shown;
    }
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return String(value);
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "object":
      return value === null ? "null" : Array.isArray(value) ? "an array" : "an object";
  }
}

// ../../../work/wt/perf/src/shared/logger.ts
var SILENT_LOGGER = { warn() {
}, error() {
} };

// ../../../work/wt/perf/src/verify/check-result.ts
var CHECK_FAILURE_CODES = [
  "malformed_request",
  "unsafe_transaction",
  "address_mismatch",
  "message_mismatch",
  "invalid_signature",
  "network_mismatch",
  "account_not_found",
  "master_disabled",
  "key_not_authorized",
  "quorum_not_met"
];
var KNOWN_CODES = new Set(CHECK_FAILURE_CODES);
function refuse(code, detail) {
  return { ok: false, code, detail };
}
function acceptKey(address, signatureKind, authority, publicKey, algorithm) {
  return { ok: true, address, signatureKind, authority, publicKey, algorithm };
}
function readStrategyResult(value, request) {
  if (typeof value !== "object" || value === null) return void 0;
  const answer = value;
  if (answer["ok"] === false) {
    const code = answer["code"];
    const detail = answer["detail"];
    if (typeof code !== "string" || !KNOWN_CODES.has(code)) return void 0;
    return refuse(code, typeof detail === "string" ? detail : `The proof was refused (${code}).`);
  }
  if (answer["ok"] !== true) return void 0;
  const address = answer["address"] ?? request.address;
  const signatureKind = answer["signatureKind"] ?? request.signatureKind;
  if (typeof address !== "string" || typeof signatureKind !== "string") return void 0;
  const authority = answer["authority"];
  const publicKey = answer["publicKey"];
  const algorithm = answer["algorithm"];
  const signers = answer["signers"];
  const success = {
    ok: true,
    address,
    signatureKind,
    authority: authority === "master" || authority === "regular" || authority === "multisig" ? authority : "unknown",
    publicKey: typeof publicKey === "string" ? publicKey : null,
    algorithm: algorithm === "ed25519" || algorithm === "secp256k1" ? algorithm : null
  };
  if (Array.isArray(signers) && signers.every((signer) => typeof signer === "string")) success.signers = [...signers];
  return success;
}

// ../../../work/wt/perf/src/verify/authority-check.ts
init_hex();

// ../../../work/wt/perf/src/verify/authority.ts
function judgeKey(authority, keyAddress) {
  if (keyAddress === authority.account) {
    return authority.exists && authority.masterDisabled ? { ok: false, code: "master_disabled" } : { ok: true, authority: "master" };
  }
  if (!authority.exists) return { ok: false, code: "account_not_found" };
  if (authority.regularKey !== void 0 && authority.regularKey === keyAddress) return { ok: true, authority: "regular" };
  return { ok: false, code: "key_not_authorized" };
}
function judgeSigners(authority, signers) {
  const account = authority.account;
  if (!authority.exists) {
    return {
      ok: false,
      code: "account_not_found",
      detail: `The account ${account} is not on the ledger, so it has no signer list to multi-sign with.`
    };
  }
  const list = authority.signerList;
  if (list === void 0) {
    return {
      ok: false,
      code: "key_not_authorized",
      detail: `The account ${account} has no signer list, so a multi-signed transaction cannot sign for it.`
    };
  }
  const weights = /* @__PURE__ */ new Map();
  for (const entry of list.signers) weights.set(entry.account, entry.weight);
  const seen = /* @__PURE__ */ new Set();
  let total = 0;
  for (const signer of signers) {
    const weight = weights.get(signer.account);
    if (weight === void 0 || seen.has(signer.account)) {
      return { ok: false, code: "key_not_authorized", detail: `The signer ${signer.account} is not on the signer list of ${account}.` };
    }
    seen.add(signer.account);
    if (signer.authority.account !== signer.account) {
      return {
        ok: false,
        code: "key_not_authorized",
        detail: `The ledger data given for signer ${signer.account} is for another account.`
      };
    }
    const judgement = judgeKey(signer.authority, signer.keyAddress);
    if (!judgement.ok) return { ok: false, code: judgement.code, detail: signerKeyDetail(judgement.code, signer) };
    total += weight;
  }
  if (signers.length === 0 || list.quorum <= 0 || total < list.quorum) {
    return {
      ok: false,
      code: "quorum_not_met",
      detail: `The signers' weights add up to ${total}, below the quorum of ${list.quorum} that ${account}'s signer list requires.`
    };
  }
  return { ok: true, signers: signers.map((signer) => signer.account) };
}
function signerKeyDetail(code, signer) {
  if (code === "master_disabled") return `The signer ${signer.account} signed with its master key, which it has disabled.`;
  if (code === "account_not_found") {
    return `The signer ${signer.account} is not on the ledger, so only its master key can sign for it, and the key that signed derives ${signer.keyAddress}.`;
  }
  return `The key that signed for signer ${signer.account} (it derives ${signer.keyAddress}) is neither its master key nor its regular key.`;
}

// ../../../work/wt/perf/src/verify/canonical.ts
var SECP256K1_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;
var SECP256K1_HALF_ORDER = SECP256K1_ORDER >> 1n;
var ED25519_ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;
function publicKeyAlgorithm(publicKey) {
  if (publicKey.length !== 33) return void 0;
  const prefix = publicKey[0];
  if (prefix === 237) return "ed25519";
  if (prefix === 2 || prefix === 3) return "secp256k1";
  return void 0;
}
function bigIntFromBytes(bytes, start, end) {
  let value = 0n;
  for (let index = start; index < end; index += 1) value = value << 8n | BigInt(bytes[index]);
  return value;
}
var ORDER_BYTES = bigIntToBytes(SECP256K1_ORDER);
var HALF_ORDER_BYTES = bigIntToBytes(SECP256K1_HALF_ORDER);
function bigIntToBytes(value) {
  const bytes = new Uint8Array(32);
  let rest = value;
  for (let index = 31; index >= 0; index -= 1) {
    bytes[index] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  return bytes;
}
function compareIntegerWith(bytes, start, length, bound) {
  let offset = start;
  let size = length;
  while (size > 0 && bytes[offset] === 0) {
    offset += 1;
    size -= 1;
  }
  if (size !== 32) return size - 32;
  for (let index = 0; index < 32; index += 1) {
    const difference = bytes[offset + index] - bound[index];
    if (difference !== 0) return difference;
  }
  return 0;
}
function isZeroInteger(bytes, start, length) {
  for (let index = start; index < start + length; index += 1) if (bytes[index] !== 0) return false;
  return true;
}
function isCanonicalDerSignature(signature) {
  const length = signature.length;
  if (length < 8 || length > 72) return false;
  if (signature[0] !== 48 || signature[1] !== length - 2) return false;
  if (signature[2] !== 2) return false;
  const rLength = signature[3];
  if (rLength < 1 || rLength > 33 || 4 + rLength + 2 > length) return false;
  const sOffset = 4 + rLength;
  if (signature[sOffset] !== 2) return false;
  const sLength = signature[sOffset + 1];
  if (sLength < 1 || sLength > 33 || sOffset + 2 + sLength !== length) return false;
  if (!isMinimalPositiveInteger(signature, 4, rLength) || !isMinimalPositiveInteger(signature, sOffset + 2, sLength)) {
    return false;
  }
  if (isZeroInteger(signature, 4, rLength) || compareIntegerWith(signature, 4, rLength, ORDER_BYTES) >= 0) return false;
  if (isZeroInteger(signature, sOffset + 2, sLength)) return false;
  return compareIntegerWith(signature, sOffset + 2, sLength, HALF_ORDER_BYTES) <= 0;
}
function isMinimalPositiveInteger(bytes, start, length) {
  const first = bytes[start];
  if ((first & 128) !== 0) return false;
  if (length > 1 && first === 0 && (bytes[start + 1] & 128) === 0) return false;
  return true;
}
function isCanonicalEd25519Signature(signature) {
  if (signature.length !== 64) return false;
  const top = signature[63];
  if (top < 16) return true;
  if (top > 16) return false;
  let s = 0n;
  for (let index = 63; index >= 32; index -= 1) s = s << 8n | BigInt(signature[index]);
  return s < ED25519_ORDER;
}
function isCanonicalSignature(algorithm, signature) {
  return algorithm === "ed25519" ? isCanonicalEd25519Signature(signature) : isCanonicalDerSignature(signature);
}
var SECP256K1_FIELD = 2n ** 256n - 2n ** 32n - 977n;
var ED25519_FIELD = 2n ** 255n - 19n;
var ED25519_SMALL_ORDER_KEYS = /* @__PURE__ */ new Set([
  "0100000000000000000000000000000000000000000000000000000000000000",
  "0100000000000000000000000000000000000000000000000000000000000080",
  "ECFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF7F",
  "ECFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF",
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0000000000000000000000000000000000000000000000000000000000000080",
  "C7176A703D4DD84FBA3C0B760D10670F2A2053FA2C39CCC64EC7FD7792AC037A",
  "C7176A703D4DD84FBA3C0B760D10670F2A2053FA2C39CCC64EC7FD7792AC03FA",
  "26E8958FC2B227B045C3F489F2EF98F0D5DFAC05D3C63339B13802886D53FC05",
  "26E8958FC2B227B045C3F489F2EF98F0D5DFAC05D3C63339B13802886D53FC85"
]);
function canonicalPublicKeyAlgorithm(publicKey) {
  const algorithm = publicKeyAlgorithm(publicKey);
  if (algorithm === void 0) return void 0;
  if (algorithm === "secp256k1") {
    for (let index = 1; index <= 27; index += 1) if (publicKey[index] !== 255) return algorithm;
    return bigIntFromBytes(publicKey, 1, 33) < SECP256K1_FIELD ? algorithm : void 0;
  }
  if ((publicKey[32] & 127) === 127) {
    let y = BigInt(publicKey[32] & 127);
    for (let index = 31; index >= 1; index -= 1) y = y << 8n | BigInt(publicKey[index]);
    if (y >= ED25519_FIELD) return void 0;
  }
  const first = publicKey[1];
  if (first !== 0 && first !== 1 && first !== 236 && first !== 199 && first !== 38) return algorithm;
  let hex = "";
  for (let index = 1; index < 33; index += 1) hex += publicKey[index].toString(16).padStart(2, "0");
  return ED25519_SMALL_ORDER_KEYS.has(hex.toUpperCase()) ? void 0 : algorithm;
}

// ../../../work/wt/perf/src/verify/authority-check.ts
init_request_input();

// ../../../work/wt/perf/src/verify/signature-engine.ts
init_hex();

// ../../../work/wt/perf/src/verify/account-address.ts
init_sha256();
var ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
function encodeClassicAddress(accountId) {
  const payload = new Uint8Array(25);
  payload.set(accountId, 1);
  const digest2 = new Uint8Array(32);
  sha256OneBlock(payload, 21, digest2);
  sha256OneBlock(digest2, 32, digest2);
  payload.set(digest2.subarray(0, 4), 21);
  const digits = [];
  for (const byte of payload) {
    let carry = byte;
    for (let index = 0; index < digits.length; index += 1) {
      carry += digits[index] << 8;
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
  for (let index = digits.length - 1; index >= 0; index -= 1) text += ALPHABET[digits[index]];
  return text;
}

// ../../../work/wt/perf/src/verify/signature-engine.ts
init_lru_cache();

// ../../../work/wt/perf/src/verify/node-crypto.ts
init_lru_cache();
init_signature_backend();
var SECP256K1_SPKI_PREFIX = Uint8Array.from([
  48,
  54,
  48,
  16,
  6,
  7,
  42,
  134,
  72,
  206,
  61,
  2,
  1,
  6,
  5,
  43,
  129,
  4,
  0,
  10,
  3,
  34,
  0
]);
var KEY_CACHE_ENTRIES = 4096;
function createNodeCryptoBackend(keyCacheEntries = KEY_CACHE_ENTRIES) {
  const crypto = loadNodeCrypto();
  if (crypto === void 0) return void 0;
  const { createHash: createHash2, createPublicKey, verify } = crypto;
  const keys = new LruCache(keyCacheEntries);
  function importKey(algorithm, publicKey) {
    const cacheKey = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength).toString("latin1");
    const cached = keys.get(cacheKey);
    if (cached !== void 0) return cached;
    let key;
    try {
      key = algorithm === "ed25519" ? createPublicKey({
        key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey.subarray(1)).toString("base64url") },
        format: "jwk"
      }) : createPublicKey({ key: Buffer.concat([SECP256K1_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
    } catch {
      key = null;
    }
    keys.set(cacheKey, key);
    return key;
  }
  return {
    parts: allParts("node:crypto"),
    verify(algorithm, data, signature, publicKey) {
      const key = importKey(algorithm, publicKey);
      if (key === null) return false;
      try {
        return verify(algorithm === "ed25519" ? null : "sha512", data, key, signature);
      } catch {
        return false;
      }
    },
    sha512Half(data) {
      return new Uint8Array(createHash2("sha512").update(data).digest().subarray(0, 32));
    },
    accountId(publicKey) {
      const sha2562 = createHash2("sha256").update(publicKey).digest();
      return new Uint8Array(createHash2("ripemd160").update(sha2562).digest());
    },
    sha256(data) {
      return new Uint8Array(createHash2("sha256").update(data).digest());
    }
  };
}
function loadNodeCrypto() {
  try {
    const getBuiltinModule = globalThis.process?.getBuiltinModule;
    if (typeof getBuiltinModule !== "function") return void 0;
    const crypto = getBuiltinModule("node:crypto");
    if (crypto === void 0 || typeof crypto.createPublicKey !== "function" || typeof crypto.verify !== "function" || typeof crypto.createHash !== "function") {
      return void 0;
    }
    return crypto;
  } catch {
    return void 0;
  }
}

// ../../../work/wt/perf/src/verify/signature-engine.ts
init_signature_backend();
var ADDRESS_CACHE_ENTRIES = 4096;
function createSignatureEngine(backend) {
  const addresses = new LruCache(ADDRESS_CACHE_ENTRIES);
  return {
    backend,
    verify(data, signature, publicKey) {
      const algorithm = canonicalPublicKeyAlgorithm(publicKey);
      if (algorithm === void 0 || !isCanonicalSignature(algorithm, signature)) return false;
      return backend.verify(algorithm, data, signature, publicKey);
    },
    addressOf(publicKey) {
      const hex = bytesToHex(publicKey);
      const cached = addresses.get(hex);
      if (cached !== void 0) return cached;
      const address = encodeClassicAddress(backend.accountId(publicKey));
      addresses.set(hex, address);
      return address;
    },
    async recoverSecp256k1(data, signature) {
      if (!isCanonicalDerSignature(signature)) return [];
      recovery ??= Promise.resolve().then(() => (init_secp256k1_recovery(), secp256k1_recovery_exports));
      const { recoverSecp256k1Keys: recoverSecp256k1Keys2 } = await recovery;
      return recoverSecp256k1Keys2(backend.sha512Half(data), signature);
    }
  };
}
var recovery;
var SELF_TEST_MESSAGE = "test message";
var CURVE_SELF_TESTS = {
  ed25519: {
    publicKey: "ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63",
    signature: "CB199E1BFD4E3DAA105E4832EEDFA36413E1F44205E4EFB9E27E826044C21E3E2E848BBC8195E8959BADF887599B7310AD1B7047EF11B682E0D068F73749750E"
  },
  secp256k1: {
    publicKey: "030D58EB48B4420B1F7B9DF55087E0E29FEF0E8468F9A6825B01CA2C361042D435",
    signature: "30440220583A91C95E54E6A651C47BEC22744E0B101E2C4060E7B08F6341657DAD9BC3EE02207D1489C7395DB0188D3A56A977ECBA54B36FA9371B40319655B1B4429E33EF2D"
  }
};
var HASH_SELF_TEST = {
  /** SHA-256("abc"), FIPS 180-2. */
  sha256: "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
  /** The first half of SHA-512("abc"), FIPS 180-2. */
  sha512Half: "DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A",
  /** RIPEMD-160(SHA-256(the ed25519 test key)): the account id of its address. */
  accountId: "D28B177E48D9A8D057E70F7E464B498367281B98"
};
function passesCurveSelfTest(backend, curve) {
  const { publicKey, signature } = CURVE_SELF_TESTS[curve];
  const encoder3 = new TextEncoder();
  try {
    const key = hexToBytes(publicKey);
    const sig = hexToBytes(signature);
    return backend.verify(curve, encoder3.encode(SELF_TEST_MESSAGE), sig, key) && !backend.verify(curve, encoder3.encode(`${SELF_TEST_MESSAGE.slice(0, -1)}f`), sig, key);
  } catch {
    return false;
  }
}
function passesHashSelfTest(backend) {
  try {
    const abc = new TextEncoder().encode("abc");
    return bytesToHex(backend.sha256(abc)) === HASH_SELF_TEST.sha256 && bytesToHex(backend.sha512Half(abc)) === HASH_SELF_TEST.sha512Half && bytesToHex(backend.accountId(hexToBytes(CURVE_SELF_TESTS.ed25519.publicKey))) === HASH_SELF_TEST.accountId;
  } catch {
    return false;
  }
}
async function selectSignatureBackend() {
  const native = createNodeCryptoBackend();
  const nativeHas = {
    ed25519: native !== void 0 && passesCurveSelfTest(native, "ed25519"),
    secp256k1: native !== void 0 && passesCurveSelfTest(native, "secp256k1"),
    hashes: native !== void 0 && passesHashSelfTest(native)
  };
  if (native !== void 0 && nativeHas.ed25519 && nativeHas.secp256k1 && nativeHas.hashes) return native;
  const { createNobleBackend: createNobleBackend2 } = await Promise.resolve().then(() => (init_noble_crypto(), noble_crypto_exports));
  const noble = createNobleBackend2();
  const pick = (ok) => ok && native !== void 0 ? native : noble;
  return composeBackend({ ed25519: pick(nativeHas.ed25519), secp256k1: pick(nativeHas.secp256k1), hashes: pick(nativeHas.hashes) });
}
var defaultEngine;
var loadingEngine;
function getDefaultSignatureEngine() {
  if (defaultEngine !== void 0) return defaultEngine;
  loadingEngine ??= selectSignatureBackend().then((backend) => defaultEngine = createSignatureEngine(backend));
  return loadingEngine;
}

// ../../../work/wt/perf/src/verify/authority-check.ts
var MAX_SIGNERS = 32;
async function checkGrantedAuthority(grant, ledger) {
  if (!isRecord(grant))
    return refuse("malformed_request", "The authority to re-check must be an object { address, authority, publicKey | signers }.");
  const address = classicAddress(grant["address"]);
  if (address === void 0) return refuse("malformed_request", "The authority to re-check names no valid classic address.");
  const kind = grant["authority"];
  if (kind === "master" || kind === "regular") {
    const key = hexToBytes(grant["publicKey"]);
    if (key === void 0 || canonicalPublicKeyAlgorithm(key) === void 0) {
      return refuse("malformed_request", `The ${kind} key to re-check for ${address} is not a 33-byte public key in hex.`);
    }
    const engine = await getDefaultSignatureEngine();
    const keyAddress = engine.addressOf(key);
    if (kind === "master" && keyAddress !== address) {
      return refuse("key_not_authorized", `The key to re-check derives ${keyAddress}, so it is not the master key of ${address}.`);
    }
    const judgement = judgeKey(await ledger.getAccountAuthority(address), keyAddress);
    if (judgement.ok) return { ok: true };
    switch (judgement.code) {
      case "master_disabled":
        return refuse("master_disabled", `The account ${address} has disabled its master key since the sign-in.`);
      case "account_not_found":
        return refuse(
          "account_not_found",
          `The account ${address} is no longer on the ledger, so its regular key (${keyAddress}) no longer signs for it.`
        );
      default:
        return refuse("key_not_authorized", `The key ${keyAddress} is no longer the regular key of ${address}.`);
    }
  }
  if (kind === "multisig") {
    const signers = grant["signers"];
    if (!Array.isArray(signers) || signers.length === 0 || signers.length > MAX_SIGNERS || !signers.every((signer) => classicAddress(signer) !== void 0)) {
      return refuse("malformed_request", `The signers to re-check for ${address} must be 1 to ${MAX_SIGNERS} classic addresses.`);
    }
    const authority = await ledger.getAccountAuthority(address);
    if (!authority.exists)
      return refuse("account_not_found", `The account ${address} is no longer on the ledger, so it has no signer list.`);
    const list = authority.signerList;
    if (list === void 0) return refuse("key_not_authorized", `The account ${address} no longer has a signer list.`);
    const weights = new Map(list.signers.map((entry) => [entry.account, entry.weight]));
    let total = 0;
    for (const signer of new Set(signers)) {
      const weight = weights.get(signer);
      if (weight === void 0) return refuse("key_not_authorized", `The signer ${signer} is no longer on the signer list of ${address}.`);
      total += weight;
    }
    if (list.quorum <= 0 || total < list.quorum) {
      return refuse(
        "quorum_not_met",
        `The signers' weights now add up to ${total}, below the quorum of ${list.quorum} of ${address}'s signer list.`
      );
    }
    return { ok: true };
  }
  return refuse("malformed_request", 'The authority to re-check must be "master", "regular" or "multisig".');
}

// ../../../work/wt/perf/src/verify/compact-signature.ts
init_errors();
init_hex();

// ../../../work/wt/perf/src/verify/proof-strategy.ts
init_request_input();
var NOT_AN_OBJECT = refuse("malformed_request", "The request is not a JSON object.");
var MALFORMED_ADDRESS = refuse(
  "malformed_request",
  "The address is not a classic XRPL address with a valid checksum."
);
function readBasics(request) {
  if (!isRecord(request)) return NOT_AN_OBJECT;
  const address = classicAddressShape(request["address"]);
  if (address === void 0) return refuse("malformed_request", "The address is missing or not shaped like a classic XRPL address (r...).");
  const message = request["message"];
  const data = messageBytes(message);
  if (data === void 0) {
    return refuse(
      "malformed_request",
      `The message is missing, empty, longer than ${MAX_MESSAGE_LENGTH} characters or not well-formed text.`
    );
  }
  return { request, address, message, data };
}
var builtIn = /* @__PURE__ */ new WeakSet();
function isBuiltInStrategy(strategy) {
  return builtIn.has(strategy);
}
function createProofStrategy(kind, readFields3, judge3, engine) {
  async function check(request, ledger) {
    let fields;
    try {
      const basics = readBasics(request);
      fields = "code" in basics ? basics : readFields3(basics);
    } catch {
      return refuse("malformed_request", "The request could not be read.");
    }
    if ("code" in fields) return fields;
    const chosen = engine ?? getDefaultSignatureEngine();
    const judged = judge3(fields, chosen instanceof Promise ? await chosen : chosen, ledger);
    const result = judged instanceof Promise ? await judged : judged;
    if (!result.ok && result.code !== "malformed_request" && classicAddress(fields.address) === void 0) return MALFORMED_ADDRESS;
    return result;
  }
  const strategy = {
    kind,
    check,
    async verify(request, ledger) {
      return (await check(request, ledger)).ok;
    }
  };
  builtIn.add(strategy);
  return strategy;
}

// ../../../work/wt/perf/src/verify/master-key-status.ts
init_lru_cache();
var MASTER_KEY_STATUS_TTL_MS = 3e4;
var MASTER_KEY_STATUS_MAX_ADDRESSES = 1e4;
var MasterKeyStatusCache = class {
  #entries;
  #ttlMs;
  #now;
  constructor(ttlMs = MASTER_KEY_STATUS_TTL_MS, maxAddresses = MASTER_KEY_STATUS_MAX_ADDRESSES, now = Date.now) {
    this.#entries = new LruCache(maxAddresses);
    this.#ttlMs = ttlMs;
    this.#now = now;
  }
  /**
   * Whether `address` has disabled its master key: a boolean at once while a fresh answer is
   * known (no turn of the event loop), else a promise of the ledger's answer. Rejects as
   * `ledger.getAccountAuthority` does.
   */
  masterDisabled(address, ledger) {
    const nowMs2 = this.#now();
    const known = this.#entries.get(address);
    if (known !== void 0 && nowMs2 < known.expiresAtMs) return known.masterDisabled;
    const entry = { expiresAtMs: nowMs2 + this.#ttlMs, masterDisabled: false };
    const lookUp = new Promise((resolve) => resolve(ledger.getAccountAuthority(address))).then(
      (authority) => {
        const disabled = authority.exists && authority.masterDisabled;
        if (this.#entries.peek(address) === entry) entry.masterDisabled = disabled;
        return disabled;
      },
      (error) => {
        if (this.#entries.peek(address) === entry) this.#entries.delete(address);
        throw error;
      }
    );
    entry.masterDisabled = lookUp;
    this.#entries.set(address, entry);
    return lookUp;
  }
  /** Addresses remembered now (expired ones included until they are asked about or pushed out). */
  get size() {
    return this.#entries.size;
  }
};

// ../../../work/wt/perf/src/verify/compact-signature.ts
init_request_input();
var LEDGER_MODES = /* @__PURE__ */ new Map([
  ["cached", "cached"],
  ["always", "always"],
  ["never", "never"],
  ["if-needed", "cached"]
]);
function compactSignature(options = {}) {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("compactSignature(options): options must be an object.");
  const ledgerOption = options.ledger ?? "cached";
  const ledgerMode = typeof ledgerOption === "string" ? LEDGER_MODES.get(ledgerOption) : void 0;
  if (ledgerMode === void 0) {
    throw new InvalidOptionsError(
      `compactSignature({ ledger }): ledger must be "cached", "always" or "never", got ${JSON.stringify(ledgerOption)}.`
    );
  }
  return createCompactSignatureStrategy(ledgerMode, void 0);
}
function createCompactSignatureStrategy(ledgerMode, engine) {
  const masterKeyStatus = /* @__PURE__ */ new WeakMap();
  const context = (ledger) => ({
    ledgerMode,
    ledger,
    masterKeyStatus: () => {
      let cache = masterKeyStatus.get(ledger);
      if (cache === void 0) {
        cache = new MasterKeyStatusCache();
        masterKeyStatus.set(ledger, cache);
      }
      return cache;
    }
  });
  return createProofStrategy(
    "signature",
    readFields,
    (fields, signatureEngine, ledger) => judge(fields, signatureEngine, context(ledger)),
    engine
  );
}
function readFields({ request, address, data }) {
  const signature = hexToBytes(request["signature"]);
  if (signature === void 0 || signature.length === 0) return refuse("malformed_request", "The signature is missing or not hex.");
  const publicKeyField = request["publicKey"];
  if (publicKeyField === void 0) return { address, data, signature, publicKey: void 0, publicKeyText: void 0 };
  const publicKey = hexToBytes(publicKeyField);
  if (publicKey === void 0 || publicKeyAlgorithm(publicKey) === void 0) {
    return refuse(
      "malformed_request",
      "The publicKey is not a 33-byte XRPL public key in hex (ED... for ed25519, 02... or 03... for secp256k1)."
    );
  }
  return { address, data, signature, publicKey, publicKeyText: publicKeyField };
}
function judge(fields, engine, context) {
  const { data, signature, publicKey } = fields;
  if (publicKey === void 0) return judgeRecovered(fields, engine, context);
  if (!engine.verify(data, signature, publicKey)) {
    return refuse("invalid_signature", "The signature is not a valid canonical signature of the message by the given publicKey.");
  }
  return judgeKeys(fields, [publicKey], engine, context);
}
async function judgeRecovered(fields, engine, context) {
  const { data, signature } = fields;
  const recovered = await engine.recoverSecp256k1(data, signature);
  const keys = recovered.filter((key) => engine.verify(data, signature, key));
  if (keys.length === 0) {
    return refuse(
      "invalid_signature",
      "No publicKey was given and no secp256k1 key could be recovered from the signature (an ed25519 signature needs its publicKey)."
    );
  }
  return judgeKeys(fields, keys, engine, context);
}
function judgeKeys(fields, verifiedKeys, engine, { ledgerMode, ledger, masterKeyStatus }) {
  const { address } = fields;
  let keys = verifiedKeys;
  let keyAddresses = keys.map((key) => engine.addressOf(key));
  const masterIndex = keyAddresses.indexOf(address);
  if (masterIndex >= 0) {
    const masterKey = keys[masterIndex];
    if (ledgerMode === "never") return accept(fields, "master", masterKey);
    if (ledgerMode === "cached") {
      const judgeMaster = (disabled2) => disabled2 ? masterDisabled(address) : accept(fields, "master", masterKey);
      const disabled = masterKeyStatus().masterDisabled(address, ledger);
      return typeof disabled === "boolean" ? judgeMaster(disabled) : disabled.then(judgeMaster);
    }
    keys = [masterKey];
    keyAddresses = [address];
  }
  if (ledgerMode === "never") {
    return refuse(
      "address_mismatch",
      `The key that signed derives ${keyAddresses.join(" or ")}, not ${address}; regular keys are not accepted because this verifier does not read the ledger for compact signatures.`
    );
  }
  if (classicAddress(address) === void 0) return MALFORMED_ADDRESS;
  return judgeWithLedger(fields, keys, keyAddresses, ledger);
}
async function judgeWithLedger(fields, keys, keyAddresses, ledger) {
  const { address } = fields;
  const authority = await ledger.getAccountAuthority(address);
  let firstRefusal;
  for (const [index, keyAddress] of keyAddresses.entries()) {
    const judgement = judgeKey(authority, keyAddress);
    if (judgement.ok) return accept(fields, judgement.authority, keys[index]);
    firstRefusal ??= judgement;
  }
  const keyNames = keyAddresses.join(" or ");
  switch (firstRefusal?.ok === false ? firstRefusal.code : "key_not_authorized") {
    case "master_disabled":
      return masterDisabled(address);
    case "account_not_found":
      return refuse(
        "account_not_found",
        `The key that signed derives ${keyNames}, not ${address}, and ${address} is not on the ledger, so no regular key can sign for it.`
      );
    default:
      return refuse(
        "key_not_authorized",
        `The key that signed derives ${keyNames}, which is neither the master key nor the regular key of ${address}.`
      );
  }
}
function masterDisabled(address) {
  return refuse("master_disabled", `The master key of ${address} signed, but the account has disabled its master key.`);
}
function accept(fields, authority, publicKey) {
  const hex = publicKey === fields.publicKey && fields.publicKeyText !== void 0 ? fields.publicKeyText.toUpperCase() : bytesToHex(publicKey);
  return acceptKey(fields.address, "signature", authority, hex, publicKeyAlgorithm(publicKey));
}

// ../../../work/wt/perf/src/verify/create-verifier.ts
init_lazy_ledger();
init_request_input();

// ../../../work/wt/perf/src/verify/signed-transaction.ts
init_errors();
init_hex();
init_request_input();

// ../../../work/wt/perf/src/verify/transaction-binary.ts
init_hex();
var NOT_READ = /* @__PURE__ */ Symbol("not read");
var UINT16 = 1;
var UINT32 = 2;
var AMOUNT = 6;
var BLOB = 7;
var ACCOUNT_ID = 8;
var STOBJECT = 14;
var STARRAY = 15;
var PATHSET = 18;
var VECTOR256 = 19;
var ISSUE = 24;
var XCHAIN_BRIDGE = 25;
var ordinalOf = (type, nth) => type << 16 | nth;
var field = (name, kind, type, nth, signed = true) => ({
  name,
  kind,
  ordinal: ordinalOf(type, nth),
  signed
});
var TOP_LEVEL_FIELDS = [
  field("TransactionType", "uint16", UINT16, 2),
  field("NetworkID", "uint32", UINT32, 1),
  field("Flags", "uint32", UINT32, 2),
  field("SourceTag", "uint32", UINT32, 3),
  field("Sequence", "uint32", UINT32, 4),
  field("LastLedgerSequence", "uint32", UINT32, 27),
  field("Amount", "amount", AMOUNT, 1),
  field("Fee", "amount", AMOUNT, 8),
  field("SigningPubKey", "blob", BLOB, 3),
  field("TxnSignature", "blob", BLOB, 4, false),
  field("Account", "account", ACCOUNT_ID, 1),
  field("Destination", "account", ACCOUNT_ID, 3),
  field("Signers", "array", STARRAY, 3, false),
  field("Memos", "array", STARRAY, 9)
];
var MEMO_FIELDS = [field("MemoType", "blob", BLOB, 12), field("MemoData", "blob", BLOB, 13), field("MemoFormat", "blob", BLOB, 14)];
var SIGNER_FIELDS = [
  field("SigningPubKey", "blob", BLOB, 3),
  field("TxnSignature", "blob", BLOB, 4),
  field("Account", "account", ACCOUNT_ID, 1)
];
var OBJECT_END = ordinalOf(STOBJECT, 1);
var ARRAY_END = ordinalOf(STARRAY, 1);
var MEMO = ordinalOf(STOBJECT, 10);
var SIGNER = ordinalOf(STOBJECT, 16);
var ARRAY_ELEMENTS = {
  Memos: { ordinal: MEMO, name: "Memo", fields: byOrdinal(MEMO_FIELDS) },
  Signers: { ordinal: SIGNER, name: "Signer", fields: byOrdinal(SIGNER_FIELDS) }
};
var TOP_LEVEL = byOrdinal(TOP_LEVEL_FIELDS);
var SKIPPED_FIELD_NAMES = new Map(
  "EmailHash 4 1,PreviousTxnID 5 5,WalletLocator 5 7,AccountTxnID 5 9,InvoiceID 5 17,DomainID 5 34,TransferRate 2 11,WalletSize 2 12,Expiration 2 10,DestinationTag 2 14,QualityIn 2 20,QualityOut 2 21,OfferSequence 2 25,OperationLimit 2 29,SetFlag 2 33,ClearFlag 2 34,SignerQuorum 2 35,TicketSequence 2 41,LimitAmount 6 3,TakerPays 6 4,TakerGets 6 5,SendMax 6 9,DeliverMin 6 10,MessageKey 7 2,Domain 7 7,Owner 8 2,Authorize 8 5,Unauthorize 8 6,RegularKey 8 8,NFTokenMinter 8 9,Delegate 8 12,TickSize 16 16,SignerEntries 15 4,RawTransactions 15 30,BatchSigners 15 31,Paths 18 1,CredentialIDs 19 5".split(",").map((entry) => {
    const [name, type, nth] = entry.split(" ");
    return [ordinalOf(Number(type), Number(nth)), name];
  })
);
var TRANSACTION_TYPE_NAMES = new Map(
  "0:Payment,1:EscrowCreate,2:EscrowFinish,3:AccountSet,4:EscrowCancel,5:SetRegularKey,7:OfferCreate,8:OfferCancel,10:TicketCreate,12:SignerListSet,13:PaymentChannelCreate,14:PaymentChannelFund,15:PaymentChannelClaim,16:CheckCreate,17:CheckCash,18:CheckCancel,19:DepositPreauth,20:TrustSet,21:AccountDelete,25:NFTokenMint,26:NFTokenBurn,27:NFTokenCreateOffer,28:NFTokenCancelOffer,29:NFTokenAcceptOffer,30:Clawback,31:AMMClawback,35:AMMCreate,36:AMMDeposit,37:AMMWithdraw,38:AMMVote,39:AMMBid,40:AMMDelete,41:XChainCreateClaimID,42:XChainCommit,43:XChainClaim,44:XChainAccountCreateCommit,45:XChainAddClaimAttestation,46:XChainAddAccountCreateAttestation,47:XChainModifyBridge,48:XChainCreateBridge,49:DIDSet,50:DIDDelete,51:OracleSet,52:OracleDelete,53:LedgerStateFix,54:MPTokenIssuanceCreate,55:MPTokenIssuanceDestroy,56:MPTokenIssuanceSet,57:MPTokenAuthorize,58:CredentialCreate,59:CredentialAccept,60:CredentialDelete,61:NFTokenModify,62:PermissionedDomainSet,63:PermissionedDomainDelete,64:DelegateSet,65:VaultCreate,66:VaultSet,67:VaultDelete,68:VaultDeposit,69:VaultWithdraw,70:VaultClawback,71:Batch,100:EnableAmendment,101:SetFee,102:UNLModify".split(",").map((entry) => {
    const [code, name] = entry.split(":");
    return [Number(code), name];
  })
);
var FIXED_WIDTHS = /* @__PURE__ */ new Map([
  [UINT16, 2],
  [UINT32, 4],
  [3, 8],
  // UInt64
  [4, 16],
  // Hash128
  [5, 32],
  // Hash256
  [9, 12],
  // Number
  [10, 4],
  // Int32
  [11, 8],
  // Int64
  [16, 1],
  // UInt8
  [17, 20],
  // Hash160
  [20, 12],
  // UInt96
  [21, 24],
  // Hash192
  [22, 48],
  // Hash384
  [23, 64],
  // Hash512
  [26, 20]
  // Currency
]);
var MAX_DROPS = 100000000000000000n;
var ACCOUNT_ID_BYTES = 20;
var SINGLE_SIGNING_PREFIX = Uint8Array.of(83, 84, 88, 0);
var MULTI_SIGNING_PREFIX = Uint8Array.of(83, 77, 84, 0);
function byOrdinal(fields) {
  return new Map(fields.map((definition) => [definition.ordinal, definition]));
}
function skippedFieldName(ordinal) {
  return SKIPPED_FIELD_NAMES.get(ordinal) ?? `with type code ${ordinal >> 16} and field code ${ordinal & 65535}`;
}
var Unreadable = class extends Error {
};
var UNREADABLE = new Unreadable();
var CannotSkip = class extends Error {
  constructor(ordinal) {
    super();
    this.ordinal = ordinal;
  }
  ordinal;
};
var Reader = class {
  constructor(bytes) {
    this.bytes = bytes;
  }
  bytes;
  offset = 0;
  get done() {
    return this.offset >= this.bytes.length;
  }
  byte() {
    const value = this.bytes[this.offset];
    if (value === void 0) throw UNREADABLE;
    this.offset += 1;
    return value;
  }
  peek() {
    const value = this.bytes[this.offset];
    if (value === void 0) throw UNREADABLE;
    return value;
  }
  take(length) {
    const end = this.offset + length;
    if (end > this.bytes.length) throw UNREADABLE;
    const slice = this.bytes.subarray(this.offset, end);
    this.offset = end;
    return slice;
  }
  /** A field header in its minimal form, as `(type << 16) | nth`. */
  ordinal() {
    const first = this.byte();
    let type = first >> 4;
    let nth = first & 15;
    if (type === 0) {
      type = this.byte();
      if (type < 16) throw UNREADABLE;
    }
    if (nth === 0) {
      nth = this.byte();
      if (nth < 16) throw UNREADABLE;
    }
    return ordinalOf(type, nth);
  }
  /** A variable-length prefix (1 to 3 bytes; each length has exactly one encoding). */
  variableLength() {
    const first = this.byte();
    if (first <= 192) return first;
    if (first <= 240) return 193 + (first - 193) * 256 + this.byte();
    if (first <= 254) return 12481 + (first - 241) * 65536 + this.byte() * 256 + this.byte();
    throw UNREADABLE;
  }
  uint32() {
    const value = this.take(4);
    return (value[0] << 24 | value[1] << 16 | value[2] << 8 | value[3]) >>> 0;
  }
};
function noteSkipped(decoding, sentence) {
  decoding.unsupported ??= sentence;
}
function readValue(reader, definition, decoding, where) {
  switch (definition.kind) {
    case "uint16": {
      const bytes = reader.take(2);
      const code = bytes[0] << 8 | bytes[1];
      const name = TRANSACTION_TYPE_NAMES.get(code);
      if (name !== void 0) return name;
      noteSkipped(decoding, `The transaction's type code ${code} is not one this verifier knows.`);
      return `transaction of type code ${code}`;
    }
    case "uint32":
      return reader.uint32();
    case "amount": {
      const drops = readAmount(reader);
      if (drops === NOT_READ) noteSkipped(decoding, `${where}'s ${definition.name} is not an amount of XRP.`);
      return drops;
    }
    case "blob":
      return bytesToHex(reader.take(reader.variableLength()));
    case "account":
      return decoding.encodeAddress(readAccountId(reader));
    case "array":
      return readArray(reader, definition.name, decoding);
  }
}
function readAccountId(reader) {
  if (reader.variableLength() !== ACCOUNT_ID_BYTES) throw UNREADABLE;
  return reader.take(ACCOUNT_ID_BYTES);
}
function readAmount(reader) {
  const first = reader.peek();
  if ((first & 128) !== 0) {
    reader.take(48);
    return NOT_READ;
  }
  if ((first & 32) !== 0) {
    reader.take(33);
    return NOT_READ;
  }
  const bytes = reader.take(8);
  if ((first & 64) === 0) return NOT_READ;
  let value = BigInt(bytes[0] & 31);
  for (let index = 1; index < 8; index += 1) value = value << 8n | BigInt(bytes[index]);
  if (value > MAX_DROPS) throw UNREADABLE;
  return value.toString();
}
function readArray(reader, arrayName, decoding) {
  const element = ARRAY_ELEMENTS[arrayName];
  const items = [];
  for (; ; ) {
    const ordinal = reader.ordinal();
    if (ordinal === ARRAY_END) return items;
    if (ordinal !== element.ordinal) {
      if (ordinal >> 16 !== STOBJECT) throw UNREADABLE;
      noteSkipped(decoding, `The ${arrayName} hold an object that is not a ${element.name}.`);
      skipObject(reader);
      items.push({ [skippedFieldName(ordinal)]: NOT_READ });
      continue;
    }
    const inner = readObject(reader, element.name, element.fields, decoding);
    if (element.name === "Signer") {
      if (inner.accountId === void 0) throw UNREADABLE;
      decoding.signerAccountIds.push(inner.accountId);
    }
    items.push({ [element.name]: inner.fields });
  }
}
function readObject(reader, objectName, fields, decoding) {
  const result = {};
  let previous = -1;
  let accountId;
  for (; ; ) {
    const ordinal = reader.ordinal();
    if (ordinal === OBJECT_END) return { fields: result, accountId };
    if (ordinal <= previous) throw UNREADABLE;
    previous = ordinal;
    const definition = fields.get(ordinal);
    if (definition === void 0) {
      const name = skippedFieldName(ordinal);
      noteSkipped(decoding, `A ${objectName} carries the field ${name}, which a sign-in transaction may not have.`);
      skipValue(reader, ordinal);
      result[name] = NOT_READ;
    } else if (definition.kind === "account") {
      accountId = readAccountId(reader);
      result[definition.name] = decoding.encodeAddress(accountId);
    } else {
      result[definition.name] = readValue(reader, definition, decoding, `A ${objectName}`);
    }
  }
}
function skipValue(reader, ordinal) {
  const type = ordinal >> 16;
  const width = FIXED_WIDTHS.get(type);
  if (width !== void 0) {
    reader.take(width);
    return;
  }
  switch (type) {
    case AMOUNT:
      readAmount(reader);
      return;
    case BLOB:
    case ACCOUNT_ID:
    case VECTOR256:
      reader.take(reader.variableLength());
      return;
    case STOBJECT:
      skipObject(reader);
      return;
    case STARRAY:
      for (let element = reader.ordinal(); element !== ARRAY_END; element = reader.ordinal()) {
        if (element >> 16 !== STOBJECT) throw UNREADABLE;
        skipObject(reader);
      }
      return;
    case PATHSET:
      skipPathSet(reader);
      return;
    case ISSUE:
      skipIssue(reader);
      return;
    case XCHAIN_BRIDGE:
      for (let part = 0; part < 2; part += 1) {
        readAccountId(reader);
        skipIssue(reader);
      }
      return;
    default:
      throw new CannotSkip(ordinal);
  }
}
function skipObject(reader) {
  for (let ordinal = reader.ordinal(); ordinal !== OBJECT_END; ordinal = reader.ordinal()) skipValue(reader, ordinal);
}
function skipPathSet(reader) {
  while (!reader.done) {
    do {
      const type = reader.byte();
      for (const bit of [1, 16, 32]) if ((type & bit) !== 0) reader.take(20);
    } while (!reader.done && reader.peek() !== 0 && reader.peek() !== 255);
    if (reader.byte() === 0) return;
  }
}
function skipIssue(reader) {
  const currency = reader.take(20);
  if (currency.every((byte) => byte === 0)) return;
  const issuer = reader.take(20);
  if (issuer.subarray(0, 19).every((byte) => byte === 0) && issuer[19] === 1) reader.take(4);
}
function decodeSignInTransaction(blob, encodeAddress) {
  const reader = new Reader(blob);
  const decoding = { encodeAddress, signerAccountIds: [], unsupported: void 0 };
  const tx = {};
  const signedSpans = [];
  let previous = -1;
  try {
    while (!reader.done) {
      const start = reader.offset;
      const ordinal = reader.ordinal();
      if (ordinal <= previous) return void 0;
      previous = ordinal;
      const definition = TOP_LEVEL.get(ordinal);
      if (definition === void 0) {
        const name = skippedFieldName(ordinal);
        noteSkipped(decoding, `The transaction carries the field ${name}, which a sign-in transaction may not have.`);
        tx[name] = NOT_READ;
        skipValue(reader, ordinal);
        continue;
      }
      tx[definition.name] = readValue(reader, definition, decoding, "The transaction");
      if (definition.signed) {
        const last = signedSpans[signedSpans.length - 1];
        if (last !== void 0 && last[1] === start) last[1] = reader.offset;
        else signedSpans.push([start, reader.offset]);
      }
    }
  } catch (error) {
    if (error instanceof Unreadable) return void 0;
    if (!(error instanceof CannotSkip)) throw error;
  }
  const { unsupported, signerAccountIds } = decoding;
  const body = concatSpans(blob, signedSpans);
  const readable = () => {
    if (unsupported !== void 0) throw new RangeError(unsupported);
  };
  return {
    tx,
    unsupported,
    signingData: () => {
      readable();
      return concatBytes3(SINGLE_SIGNING_PREFIX, body);
    },
    multiSigningData: (signerIndex) => {
      readable();
      const accountId = signerAccountIds[signerIndex];
      if (accountId === void 0) throw new RangeError("No such signer.");
      return concatBytes3(MULTI_SIGNING_PREFIX, body, accountId);
    },
    signerAccountId: (signerIndex) => signerAccountIds[signerIndex]
  };
}
function concatSpans(blob, spans) {
  return concatBytes3(...spans.map(([start, end]) => blob.subarray(start, end)));
}
function concatBytes3(...parts) {
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}

// ../../../work/wt/perf/src/verify/transaction-policy.ts
var TF_FULLY_CANONICAL_SIG = 2147483648;
var COMMON_FIELDS = /* @__PURE__ */ new Set([
  "Account",
  "Fee",
  "Sequence",
  "Flags",
  "LastLedgerSequence",
  "SigningPubKey",
  "TxnSignature",
  "Signers",
  "Memos",
  "NetworkID",
  "SourceTag"
]);
var PAYMENT_FIELDS = /* @__PURE__ */ new Set([...COMMON_FIELDS, "TransactionType", "Destination", "Amount"]);
var ACCOUNT_SET_FIELDS = /* @__PURE__ */ new Set([...COMMON_FIELDS, "TransactionType"]);
function unlistedField(tx, allowed) {
  for (const field2 of Object.keys(tx)) if (!allowed.has(field2)) return field2;
  return void 0;
}
function reviewTransaction(tx) {
  const flags = tx["Flags"];
  if (flags !== void 0 && flags !== 0 && flags !== TF_FULLY_CANONICAL_SIG) {
    return {
      harmless: false,
      reason: `The transaction sets Flags ${describeValue2(flags, { quoteStrings: false })}; only tfFullyCanonicalSig is allowed.`
    };
  }
  const fee = tx["Fee"];
  if (fee !== void 0 && typeof fee !== "string") return { harmless: false, reason: "The transaction's Fee is not an amount of XRP." };
  const type = tx["TransactionType"];
  const unlisted = (allowed, what) => {
    const field2 = unlistedField(tx, allowed);
    return field2 === void 0 ? void 0 : { harmless: false, reason: `${what} carries the field ${field2}, which a sign-in transaction may not have.` };
  };
  if (type === void 0) return unlisted(COMMON_FIELDS, "The sign-in pseudo-transaction") ?? { harmless: true, kind: "SignIn" };
  if (type === "AccountSet") {
    const sequence = tx["Sequence"];
    if (sequence !== void 0 && sequence !== 0) {
      return {
        harmless: false,
        reason: `The AccountSet has Sequence ${describeValue2(sequence, { quoteStrings: false })}, so it could be submitted; a sign-in AccountSet needs Sequence 0.`
      };
    }
    return unlisted(ACCOUNT_SET_FIELDS, "The AccountSet") ?? { harmless: true, kind: "AccountSet" };
  }
  if (type === "Payment") {
    const refusal = unlisted(PAYMENT_FIELDS, "The Payment");
    if (refusal !== void 0) return refusal;
    const amount = tx["Amount"];
    if (typeof amount !== "string" || !/^\d+$/u.test(amount)) return { harmless: false, reason: "The Payment's Amount is not XRP." };
    if (typeof tx["Destination"] !== "string" || tx["Destination"] !== tx["Account"]) {
      return { harmless: false, reason: "The Payment pays another account than its own." };
    }
    return { harmless: true, kind: "Payment" };
  }
  return {
    harmless: false,
    reason: `The transaction is a ${describeValue2(type, { quoteStrings: false })}; only AccountSet, Payment to oneself and the sign-in pseudo-transaction are accepted.`
  };
}

// ../../../work/wt/perf/src/verify/signed-transaction.ts
var MAX_TX_BLOB_HEX_LENGTH = 131072;
var MAX_SIGNERS2 = 32;
var strictUtf8 = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
function signedTransaction(options = {}) {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("signedTransaction(options): options must be an object.");
  const { networkId } = options;
  if (networkId !== void 0 && (!Number.isInteger(networkId) || networkId < 0 || networkId > 4294967295)) {
    throw new InvalidOptionsError(
      `signedTransaction({ networkId }): networkId must be an integer from 0 to 4294967295 (0 mainnet, 1 testnet, 2 devnet), got ${String(networkId)}.`
    );
  }
  return createSignedTransactionStrategy(networkId, void 0);
}
function createSignedTransactionStrategy(networkId, engine) {
  return createProofStrategy(
    "signedTx",
    readFields2,
    (fields, signatureEngine, ledger) => judge2(fields, signatureEngine, networkId, ledger),
    engine
  );
}
function readFields2({ request, address, message }) {
  const blob = request["txBlob"];
  if (typeof blob !== "string" || blob.length === 0) return refuse("malformed_request", "The txBlob is missing or empty.");
  if (blob.length > MAX_TX_BLOB_HEX_LENGTH) {
    return refuse("malformed_request", `The txBlob is longer than ${MAX_TX_BLOB_HEX_LENGTH} hex characters.`);
  }
  const blobBytes = hexToBytes(blob);
  if (blobBytes === void 0) return refuse("malformed_request", "The txBlob is not hex.");
  return { address, message, blobBytes };
}
async function judge2(fields, engine, networkId, ledger) {
  const { address, message } = fields;
  const decoded2 = decodeSignInTransaction(fields.blobBytes, (accountId) => encodeClassicAddress(accountId));
  if (decoded2 === void 0) return refuse("malformed_request", "The txBlob is not a canonical encoding of an XRPL transaction.");
  const { tx } = decoded2;
  const review = reviewTransaction(tx);
  if (!review.harmless) return refuse("unsafe_transaction", review.reason);
  if (decoded2.unsupported !== void 0) return refuse("unsafe_transaction", decoded2.unsupported);
  const account = tx["Account"];
  if (account !== address) {
    return refuse(
      "address_mismatch",
      typeof account === "string" ? `The transaction is for the account ${account}, not ${address}.` : "The transaction names no Account."
    );
  }
  const memoProblem = firstMemoProblem(tx, message);
  if (memoProblem !== void 0) return refuse("message_mismatch", memoProblem);
  let signatures;
  try {
    signatures = verifiedSignatures(decoded2, engine);
  } catch {
    signatures = refuse("invalid_signature", "The transaction's signatures could not be checked.");
  }
  if ("code" in signatures) return signatures;
  const txNetworkId = tx["NetworkID"];
  if (txNetworkId !== void 0) {
    const expected = networkId ?? await ledger.getNetworkId?.();
    if (expected === void 0) {
      return refuse(
        "network_mismatch",
        `The transaction names network ${describeValue2(txNetworkId, { quoteStrings: false })}, and this verifier knows no network id to compare it with; set networkId.`
      );
    }
    if (txNetworkId !== expected) {
      return refuse(
        "network_mismatch",
        `The transaction names network ${describeValue2(txNetworkId, { quoteStrings: false })}, but this verifier expects network ${expected}.`
      );
    }
  }
  if (signatures.kind === "single") {
    const authority = await ledger.getAccountAuthority(address);
    const keyAddress = engine.addressOf(signatures.publicKey);
    const judgement = judgeKey(authority, keyAddress);
    if (judgement.ok) {
      return acceptKey(
        address,
        "signedTx",
        judgement.authority,
        bytesToHex(signatures.publicKey),
        publicKeyAlgorithm(signatures.publicKey)
      );
    }
    switch (judgement.code) {
      case "master_disabled":
        return refuse("master_disabled", `The master key of ${address} signed, but the account has disabled its master key.`);
      case "account_not_found":
        return refuse(
          "account_not_found",
          `The key that signed derives ${keyAddress}, not ${address}, and ${address} is not on the ledger, so no regular key can sign for it.`
        );
      default:
        return refuse(
          "key_not_authorized",
          `The key that signed derives ${keyAddress}, which is neither the master key nor the regular key of ${address}.`
        );
    }
  }
  const [accountAuthority, ...signerAuthorities] = await Promise.all([
    typeof ledger.getSignerListAuthority === "function" ? ledger.getSignerListAuthority(address) : ledger.getAccountAuthority(address),
    ...signatures.signers.map((signer) => ledger.getAccountAuthority(signer.account))
  ]);
  const signers = signatures.signers.map((signer, index) => ({
    account: signer.account,
    authority: signerAuthorities[index],
    keyAddress: engine.addressOf(signer.publicKey)
  }));
  const verdict = judgeSigners(accountAuthority, signers);
  if (!verdict.ok) return refuse(verdict.code, verdict.detail);
  return {
    ok: true,
    address,
    signatureKind: "signedTx",
    authority: "multisig",
    publicKey: null,
    algorithm: null,
    signers: verdict.signers
  };
}
function firstMemoProblem(tx, message) {
  const memos = tx["Memos"];
  const first = Array.isArray(memos) ? memos[0] : void 0;
  if (!isRecord(first) || !isRecord(first["Memo"])) return "The transaction has no memo; the message must be its first memo's MemoData.";
  const data = hexToBytes(first["Memo"]["MemoData"]);
  if (data === void 0) return "The transaction's first memo has no MemoData; it must carry the message.";
  let text;
  try {
    text = strictUtf8.decode(data);
  } catch {
    return "The transaction's first memo is not UTF-8 text.";
  }
  return text === message ? void 0 : "The transaction's first memo is not the message that was sent with it.";
}
var invalid = (detail) => refuse("invalid_signature", detail);
function verifiedSignatures(decoded2, engine) {
  const { tx } = decoded2;
  const signingPubKey = tx["SigningPubKey"];
  const signers = tx["Signers"];
  if (typeof signingPubKey !== "string") return invalid("The transaction has no SigningPubKey.");
  if (signers === void 0) {
    const publicKey = hexToBytes(signingPubKey);
    if (publicKey === void 0 || publicKeyAlgorithm(publicKey) === void 0) {
      return invalid("The transaction's SigningPubKey is not a 33-byte XRPL public key.");
    }
    const signature = hexToBytes(tx["TxnSignature"]);
    if (signature === void 0) return invalid("The transaction has no TxnSignature.");
    return engine.verify(decoded2.signingData(), signature, publicKey) ? { kind: "single", publicKey } : invalid("The TxnSignature is not a valid canonical signature of the transaction by its SigningPubKey.");
  }
  if (signingPubKey !== "" || tx["TxnSignature"] !== void 0) {
    return invalid("A multi-signed transaction must have an empty SigningPubKey and no TxnSignature.");
  }
  if (!Array.isArray(signers) || signers.length === 0 || signers.length > MAX_SIGNERS2) {
    return invalid(`A multi-signed transaction needs 1 to ${MAX_SIGNERS2} Signers.`);
  }
  const checked = [];
  let previousId;
  for (const [index, wrapper] of signers.entries()) {
    const signer = isRecord(wrapper) && isRecord(wrapper["Signer"]) ? wrapper["Signer"] : void 0;
    const account = classicAddress(signer?.["Account"]);
    const publicKey = hexToBytes(signer?.["SigningPubKey"]);
    const signature = hexToBytes(signer?.["TxnSignature"]);
    const accountId = decoded2.signerAccountId(index);
    if (account === void 0 || publicKey === void 0 || signature === void 0 || accountId === void 0) {
      return invalid(`Signer ${index + 1} needs an Account, a SigningPubKey and a TxnSignature.`);
    }
    if (publicKeyAlgorithm(publicKey) === void 0)
      return invalid(`The SigningPubKey of signer ${account} is not a 33-byte XRPL public key.`);
    if (previousId !== void 0 && compareBytes(previousId, accountId) >= 0) {
      return invalid("The Signers are not sorted by account, or one signer appears twice, as rippled requires.");
    }
    previousId = accountId;
    if (!engine.verify(decoded2.multiSigningData(index), signature, publicKey)) {
      return invalid(`The signature of signer ${account} is not a valid canonical signature of the transaction by its SigningPubKey.`);
    }
    checked.push({ account, publicKey });
  }
  return { kind: "multi", signers: checked };
}
function compareBytes(left, right) {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = left[index] - right[index];
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

// ../../../work/wt/perf/src/verify/verifier-logger.ts
var takesLogger = /* @__PURE__ */ new WeakMap();
function acceptLaterLogger(verifier, attach) {
  takesLogger.set(verifier, attach);
}

// ../../../work/wt/perf/src/verify/create-verifier.ts
var DEFAULT_NODE_URL = "wss://xrplcluster.com";
var DEFAULT_CONNECT_TIMEOUT_MS = 8e3;
var DEFAULT_REQUEST_TIMEOUT_MS = 1e4;
var NODE_URL_PATTERN = /^wss?:\/\/[^\s/]+/u;
function createVerifier(options = {}) {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("createVerifier(options): options must be an object.");
  const nodeUrls = readNodeUrls(options.nodeUrl);
  const networkId = readNetworkId(options.networkId, options.chainId);
  const connectTimeoutMs = positiveMs("connectTimeoutMs", options.connectTimeoutMs, DEFAULT_CONNECT_TIMEOUT_MS);
  const requestTimeoutMs = positiveMs("requestTimeoutMs", options.requestTimeoutMs, DEFAULT_REQUEST_TIMEOUT_MS);
  const strategies = strategyTable(options.strategies ?? [compactSignature(), signedTransaction()]);
  const { ledgerReader } = options;
  let logger = options.logger ?? SILENT_LOGGER;
  const currentLogger = {
    warn: (message, ...details) => logger.warn(message, ...details),
    error: (message, ...details) => logger.error(message, ...details),
    debug: (message, ...details) => logger.debug?.(message, ...details)
  };
  if (ledgerReader !== void 0 && (!isOptionsObject(ledgerReader) || typeof ledgerReader.getAccountAuthority !== "function")) {
    throw new InvalidOptionsError("createVerifier({ ledgerReader }): ledgerReader must have a getAccountAuthority(address) method.");
  }
  if (ledgerReader !== void 0 && options.nodeUrl !== void 0) {
    throw new InvalidOptionsError("createVerifier(options): give either nodeUrl or ledgerReader, not both.");
  }
  const connection = ledgerReader === void 0 ? createLazyLedger({ nodeUrls, networkId, connectTimeoutMs, requestTimeoutMs, logger: currentLogger }) : void 0;
  const ledger = strategyLedger(ledgerReader ?? connection, networkId);
  async function check(request) {
    let strategy;
    let result;
    try {
      strategy = isRecord(request) && typeof request.signatureKind === "string" ? strategies.get(request.signatureKind) : void 0;
      if (strategy === void 0) result = unknownKind(request);
      else result = isBuiltInStrategy(strategy) ? await strategy.check(request, ledger) : await checkWith(strategy, request);
    } catch (error) {
      if (error instanceof LedgerUnavailableError) throw error;
      if (strategy === void 0) {
        result = refuse("malformed_request", "The request could not be read.");
      } else if (isNetworkMismatch(error)) {
        result = refuse("network_mismatch", error.message);
      } else {
        logger.error("sign-in-with-xrpl: a verification strategy threw; refusing the proof.", error);
        result = refuse("invalid_signature", `The "${strategy.kind}" verification strategy failed; see the error log.`);
      }
    }
    if (!result.ok) logger.warn(`sign-in-with-xrpl: sign-in proof refused (${result.code}): ${result.detail}`);
    return result;
  }
  function unknownKind(request) {
    if (!isRecord(request)) return NOT_AN_OBJECT;
    const kind = request["signatureKind"];
    const accepted = [...strategies.keys()].map((name) => JSON.stringify(name)).join(", ");
    return refuse(
      "malformed_request",
      typeof kind === "string" ? `The signatureKind ${JSON.stringify(kind.slice(0, 40))} is not one this verifier accepts (${accepted}).` : `The signatureKind is missing; this verifier accepts ${accepted}.`
    );
  }
  async function checkWith(strategy, request) {
    if (typeof strategy.check === "function") {
      const answer = await strategy.check(request, ledger);
      const result = readStrategyResult(answer, request);
      if (result !== void 0) return result;
      logger.error(
        `sign-in-with-xrpl: the "${strategy.kind}" verification strategy's check() answered something that is not a check result; refusing the proof.`
      );
      return refuse("invalid_signature", `The "${strategy.kind}" verification strategy failed; see the error log.`);
    }
    if (await strategy.verify(request, ledger) === true) {
      return {
        ok: true,
        address: String(request.address),
        signatureKind: strategy.kind,
        authority: "unknown",
        publicKey: null,
        algorithm: null
      };
    }
    return refuse("invalid_signature", `The "${strategy.kind}" verification strategy refused the proof.`);
  }
  const verifier = {
    check,
    verify(request) {
      return check(request).then((result) => result.ok);
    },
    async checkAuthority(grant) {
      const answer = await checkGrantedAuthority(grant, ledger);
      if (!answer.ok) logger.warn(`sign-in-with-xrpl: authority no longer holds (${answer.code}): ${answer.detail}`);
      return answer;
    },
    async close() {
      await connection?.close();
    }
  };
  if (options.logger === void 0) {
    acceptLaterLogger(verifier, (attached) => {
      logger = attached;
    });
  }
  return verifier;
}
function strategyLedger(reader, networkId) {
  const getNetworkId = networkId !== void 0 ? () => Promise.resolve(networkId) : typeof reader.getNetworkId === "function" ? () => reader.getNetworkId() : void 0;
  return {
    getAccountAuthority: (address) => reader.getAccountAuthority(address),
    ...typeof reader.getSignerListAuthority === "function" ? { getSignerListAuthority: (address) => reader.getSignerListAuthority(address) } : {},
    ...getNetworkId === void 0 ? {} : { getNetworkId }
  };
}
function readNodeUrls(value) {
  if (value === void 0) return [DEFAULT_NODE_URL];
  const urls = typeof value === "string" ? [value] : Array.isArray(value) ? value : void 0;
  if (urls === void 0 || urls.length === 0) {
    throw new InvalidOptionsError(
      `createVerifier({ nodeUrl }): nodeUrl must be a ws:// or wss:// URL such as "wss://xrplcluster.com", or a non-empty list of them; got ${describeValue2(value)}.`
    );
  }
  for (const url of urls) {
    if (typeof url !== "string" || !NODE_URL_PATTERN.test(url)) {
      throw new InvalidOptionsError(
        `createVerifier({ nodeUrl }): nodeUrl must be a ws:// or wss:// URL such as "wss://xrplcluster.com", got ${describeValue2(url)}.`
      );
    }
  }
  if (new Set(urls).size !== urls.length)
    throw new InvalidOptionsError("createVerifier({ nodeUrl }): the nodeUrl list names a node twice; list each once.");
  return urls;
}
function readNetworkId(networkId, chainId) {
  if (networkId !== void 0 && (typeof networkId !== "number" || !Number.isInteger(networkId) || networkId < 0 || networkId > 4294967295)) {
    throw new InvalidOptionsError(
      `createVerifier({ networkId }): networkId must be an integer from 0 to 4294967295 (0 mainnet, 1 testnet, 2 devnet), got ${describeValue2(networkId)}.`
    );
  }
  if (chainId === void 0) return networkId;
  const digits = typeof chainId === "string" && chainId.startsWith("xrpl:") ? networkIdOf(chainId) : void 0;
  if (digits === void 0) {
    throw new InvalidOptionsError(
      `createVerifier({ chainId }): chainId must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet), got ${describeValue2(chainId)}.`
    );
  }
  const fromChainId = Number(digits);
  if (networkId !== void 0 && networkId !== fromChainId) {
    throw new InvalidOptionsError(
      `createVerifier(options): networkId ${String(networkId)} and chainId "${chainId}" name different networks; give one of them.`
    );
  }
  return fromChainId;
}
function positiveMs(name, value, fallback) {
  if (value === void 0) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0 || value > 2147483647) {
    throw new InvalidOptionsError(
      `createVerifier({ ${name} }): ${name} must be a positive number of milliseconds, got ${describeValue2(value, { quoteStrings: false })}.`
    );
  }
  return value;
}
function strategyTable(strategies) {
  if (!Array.isArray(strategies) || strategies.length === 0) {
    throw new InvalidOptionsError(
      "createVerifier({ strategies }): strategies must be a non-empty array, e.g. [compactSignature(), signedTransaction()]."
    );
  }
  const table = /* @__PURE__ */ new Map();
  for (const strategy of strategies) {
    if (!isRecord(strategy) || typeof strategy["kind"] !== "string" || typeof strategy["verify"] !== "function") {
      throw new InvalidOptionsError(
        "createVerifier({ strategies }): each strategy needs a string `kind` and a `verify(request, ledger)` method."
      );
    }
    if (strategy["check"] !== void 0 && typeof strategy["check"] !== "function") {
      throw new InvalidOptionsError(
        `createVerifier({ strategies }): the "${strategy["kind"]}" strategy's \`check\` must be a method when present.`
      );
    }
    const typed = strategy;
    if (table.has(typed.kind)) {
      throw new InvalidOptionsError(`createVerifier({ strategies }): two strategies handle signatureKind "${typed.kind}"; keep one.`);
    }
    table.set(typed.kind, typed);
  }
  return table;
}

// ../../../work/wt/perf/src/server/memory-nonce-store.ts
init_errors();

// ../../../work/wt/perf/src/server/nonce-input.ts
init_errors();
function checkStoreKey(call, what, key) {
  if (typeof key !== "string" || key === "") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${call} needs ${what} as a non-empty string.`);
  }
}
function checkTtlMs(call, ttlMs, hint) {
  if (typeof ttlMs !== "number" || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${call} needs ttlMs as a positive number of milliseconds (${hint}).`);
  }
}
function checkNonceInput(store2, nonce, ttlMs) {
  checkStoreKey(`${store2}.consume`, "the nonce", nonce);
  checkTtlMs(`${store2}.consume`, ttlMs, "at least the max message age plus clock skew");
}
function checkRevokeInput(store2, id, ttlMs) {
  checkStoreKey(`${store2}.revoke`, "the id", id);
  checkTtlMs(`${store2}.revoke`, ttlMs, "how long the id must stay revoked, such as what is left of the session's lifetime");
}
function checkIsRevokedInput(store2, id) {
  checkStoreKey(`${store2}.isRevoked`, "the id", id);
}
function checkCountAttemptInput(store2, nonce, ttlMs) {
  checkStoreKey(`${store2}.countAttempt`, "the nonce", nonce);
  checkTtlMs(`${store2}.countAttempt`, ttlMs, "how long the count must be kept, at least as long as the pending nonce can be used");
}

// ../../../work/wt/perf/src/server/memory-nonce-store.ts
var DEFAULT_MEMORY_STORE_MAX_ENTRIES = 5e5;
function createExpiringKeys(onDrop) {
  const expiresAtByKey = /* @__PURE__ */ new Map();
  const heap = [];
  const push = (entry) => {
    heap.push(entry);
    let index = heap.length - 1;
    while (index > 0) {
      const parent = index - 1 >> 1;
      if (heap[parent].expiresAt <= heap[index].expiresAt) break;
      [heap[parent], heap[index]] = [heap[index], heap[parent]];
      index = parent;
    }
  };
  const pop = () => {
    const last = heap.pop();
    if (heap.length === 0) return;
    heap[0] = last;
    let index = 0;
    for (; ; ) {
      const left = index * 2 + 1;
      const right = left + 1;
      let smallest = index;
      if (left < heap.length && heap[left].expiresAt < heap[smallest].expiresAt) smallest = left;
      if (right < heap.length && heap[right].expiresAt < heap[smallest].expiresAt) smallest = right;
      if (smallest === index) return;
      [heap[smallest], heap[index]] = [heap[index], heap[smallest]];
      index = smallest;
    }
  };
  return {
    sweep(at) {
      while (heap.length > 0 && heap[0].expiresAt <= at) {
        const { key, expiresAt } = heap[0];
        pop();
        if (expiresAtByKey.get(key) === expiresAt) {
          expiresAtByKey.delete(key);
          onDrop?.(key);
        }
      }
    },
    expiresAt: (key) => expiresAtByKey.get(key),
    set(key, expiresAt) {
      expiresAtByKey.set(key, expiresAt);
      push({ expiresAt, key });
    },
    size: () => heap.length
  };
}
function createAttemptCounts(now, makeRoom) {
  const counts = /* @__PURE__ */ new Map();
  const expiries = createExpiringKeys((key) => counts.delete(key));
  const countOne = (nonce, ttlMs) => {
    const at = now();
    expiries.sweep(at);
    const current = expiries.expiresAt(nonce);
    if (current === void 0 || current < at + ttlMs) makeRoom?.(at);
    const count = current === void 0 ? 1 : (counts.get(nonce) ?? 0) + 1;
    counts.set(nonce, count);
    if (current === void 0 || current < at + ttlMs) expiries.set(nonce, at + ttlMs);
    return count;
  };
  return Object.assign(countOne, { size: () => expiries.size(), sweep: (at) => expiries.sweep(at) });
}
var entryCounts = /* @__PURE__ */ new WeakMap();
function createMemoryNonceStore(options = {}) {
  const now = options.now ?? Date.now;
  if (typeof now !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createMemoryNonceStore: `now` must be a function returning milliseconds.");
  }
  const maxEntries = options.maxEntries ?? DEFAULT_MEMORY_STORE_MAX_ENTRIES;
  if (typeof maxEntries !== "number" || !Number.isSafeInteger(maxEntries) || maxEntries <= 0) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createMemoryNonceStore: \`maxEntries\` must be a positive whole number (got ${String(maxEntries)}); omit it for ${DEFAULT_MEMORY_STORE_MAX_ENTRIES}.`
    );
  }
  const logger = options.logger ?? SILENT_LOGGER;
  if (typeof logger.error !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: createMemoryNonceStore: `logger` must have an error(message) method, such as console."
    );
  }
  let full = false;
  const saidAgainBelow = Math.floor(maxEntries * 0.9);
  const held = () => usedNonces.size() + revokedIds.size() + countAttempt.size();
  const makeRoom = (at, what) => {
    if (held() >= maxEntries) {
      usedNonces.sweep(at);
      revokedIds.sweep(at);
      countAttempt.sweep(at);
    }
    const count = held();
    if (count < maxEntries) {
      if (count < saidAgainBelow) full = false;
      return;
    }
    if (!full) {
      full = true;
      logger.error(
        `sign-in-with-xrpl: createMemoryNonceStore is full (${maxEntries} entries: used nonces, attempt counts and revoked sessions not yet expired); it refuses to ${what}, so sign-ins fail until entries expire. Use a shared store (createRedisNonceStore, createPostgresNonceStore) or raise maxEntries.`
      );
    }
    throw new StoreUnavailableError(
      `createMemoryNonceStore is full (${maxEntries} entries not yet expired): it cannot ${what}. Use a shared store or raise maxEntries.`
    );
  };
  const usedNonces = createExpiringKeys();
  const revokedIds = createExpiringKeys();
  const countAttempt = createAttemptCounts(now, (at) => makeRoom(at, "count a signature attempt"));
  const store2 = {
    async consume(nonce, ttlMs) {
      checkNonceInput("createMemoryNonceStore()", nonce, ttlMs);
      const at = now();
      usedNonces.sweep(at);
      if (usedNonces.expiresAt(nonce) !== void 0) return false;
      makeRoom(at, "record a used nonce");
      usedNonces.set(nonce, at + ttlMs);
      return true;
    },
    async countAttempt(nonce, ttlMs) {
      checkCountAttemptInput("createMemoryNonceStore()", nonce, ttlMs);
      return countAttempt(nonce, ttlMs);
    },
    async revoke(id, ttlMs) {
      checkRevokeInput("createMemoryNonceStore()", id, ttlMs);
      const at = now();
      revokedIds.sweep(at);
      const current = revokedIds.expiresAt(id);
      if (current === void 0 || current < at + ttlMs) {
        makeRoom(at, "record a revoked session");
        revokedIds.set(id, at + ttlMs);
      }
    },
    async isRevoked(id) {
      checkIsRevokedInput("createMemoryNonceStore()", id);
      revokedIds.sweep(now());
      return revokedIds.expiresAt(id) !== void 0;
    }
  };
  entryCounts.set(store2, () => ({ usedNonces: usedNonces.size(), revokedIds: revokedIds.size(), attemptCounts: countAttempt.size() }));
  return store2;
}

// alloc.ts
import { generateKeyPairSync, sign, createHash } from "node:crypto";
import { encodeAccountID } from "ripple-address-codec";
var used = () => process.memoryUsage().heapUsed;
async function alloc(name, n, fn) {
  for (let i = 0; i < 200; i++) await fn(i);
  globalThis.gc();
  const h0 = used();
  for (let i = 0; i < n; i++) {
    const r = fn(i);
    if (r instanceof Promise) await r;
  }
  const h1 = used();
  console.log(`${name.padEnd(36)} ${((h1 - h0) / n / 1024).toFixed(2)} KB/op`);
}
var seal = createCookieSeal(["a-very-long-secret-with-many-different-characters-123456"]);
var rec = new TextEncoder().encode(JSON.stringify({ sessionId: "abcdefabcdefabcdefabcdefabcdef12", address: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", signedInAt: Date.now(), authority: "master", publicKey: "ED" + "AB".repeat(32), algorithm: "ed25519", domain: "localhost", expiresAt: Date.now() + 1e6 }));
var sealed = await seal.seal(rec);
await alloc("seal", 2e3, () => seal.seal(rec));
await alloc("open", 2e3, () => seal.open(sealed));
var N = 1200;
var accounts = Array.from({ length: N + 400 }, () => {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  const x = Buffer.from(publicKey.export({ format: "jwk" }).x, "base64url");
  const key = Buffer.concat([Buffer.from([237]), x]);
  const address = encodeAccountID(createHash("ripemd160").update(createHash("sha256").update(key).digest()).digest());
  return { address, key, privateKey };
});
var proofs = accounts.map((a) => {
  const message = createMessage({ domain: "localhost", address: a.address, uri: "http://localhost", chainId: "xrpl:0", nonce: generateNonce(), issuedAt: /* @__PURE__ */ new Date(), statement: "Benchmark sign-in." });
  return { message, signatureKind: "signature", signature: sign(null, Buffer.from(message), a.privateKey).toString("hex").toUpperCase(), publicKey: a.key.toString("hex").toUpperCase(), address: a.address };
});
await alloc("parse+validate", N, (i) => validateMessage(parseMessage(proofs[i].message), { domain: "localhost" }));
var v = createVerifier({ strategies: [compactSignature({ ledger: "never" })] });
var j = 0;
await alloc("verifier.check fresh", N, () => v.check(proofs[j++ % proofs.length]));
var store = createMemoryNonceStore();
await alloc("store consume", N, () => store.consume(generateNonce(), 6e5));
await alloc("new URL", N, () => new URL("http://localhost:1234/api/auth/nonce"));
await alloc("new Request GET w/ cookie", N, () => new Request("http://localhost:1234/api/auth/nonce", { headers: { cookie: sealed } }));
await alloc("new Response json", N, () => new Response(JSON.stringify({ nonce: "abc" }), { status: 200, headers: { "Content-Type": "application/json", "Cache-Control": "no-store", "Set-Cookie": sealed } }));
/*! Bundled license information:

@noble/curves/utils.js:
@noble/curves/abstract/modular.js:
@noble/curves/abstract/curve.js:
@noble/curves/abstract/der.js:
@noble/curves/abstract/weierstrass.js:
@noble/curves/secp256k1.js:
@noble/curves/abstract/edwards.js:
@noble/curves/ed25519.js:
  (*! noble-curves - MIT License (c) 2022 Paul Miller (paulmillr.com) *)
*/
