// The seal of the fetch handler's session cookie: AES-256-GCM (authenticated encryption: nobody
// without the secret can read or change the record), with a key derived from each session secret
// by HKDF-SHA-256 once, when the handler is created, never per request. Both are standard
// primitives used as specified (the same construction as a JWE with "dir" and "A256GCM"); this
// file only lays out the bytes. Two implementations of the same primitives give the same seals:
// the runtime's node:crypto where there is one (Node, Bun, Deno: synchronous and several times
// cheaper per call), WebCrypto everywhere else (Cloudflare Workers without nodejs_compat).
// A test seals with each and opens with the other.
//
// A sealed value is   v1.<key id>.<iv>.<ciphertext and tag>   (base64url parts):
// - `v1` names this format. Any other prefix (an iron-session cookie, "Fe26.2*...", or a future
//   format) is not opened: it reads as no session, so an old cookie signs its holder out cleanly.
// - the key id (6 bytes, HKDF of the secret with its own label) names which secret sealed it, so
//   a rotated-out secret's cookies are found without trying every key;
// - a random 96-bit IV per seal (from the CSPRNG, through the library's pool of random bytes) (AES-GCM's recommended size; random IVs are safe far beyond the
//   number of seals a session secret will ever make);
// - "v1.<key id>" is authenticated as additional data, so neither part can be swapped.

import { bytesToHex } from "../shared/hex.js";
import { randomBytes } from "../shared/random-hex.js";

/** The format version, the first part of every sealed value. @internal */
export const SEAL_VERSION = "v1";

const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 6;
/** HKDF salt: fixed, so every instance with the same secret derives the same keys. */
const HKDF_SALT = "sign-in-with-xrpl sealed session";
const KEY_INFO = "v1 aes-256-gcm key";
const KEY_ID_INFO = "v1 key id";

/**
 * Seals and opens byte strings with a list of secrets: the first seals, every one opens.
 *
 * @internal
 */
export interface CookieSeal {
  /**
   * The sealed value (cookie-safe characters only) of `plaintext` (sealed as UTF-8), with the
   * first secret's key. Synchronous over node:crypto, a promise over WebCrypto.
   */
  seal(plaintext: string): string | Promise<string>;
  /**
   * The plaintext, or `undefined` for anything not sealed by one of the secrets in this format
   * (or not UTF-8). Synchronous over node:crypto, a promise over WebCrypto.
   */
  open(sealed: string): string | undefined | Promise<string | undefined>;
  /** Which implementation seals: for tests and diagnostics. */
  readonly implementation: "node:crypto" | "webcrypto";
}

/** A node:crypto secret key object: opaque here, handed back to the cipher calls. */
type NativeSecretKey = { readonly type: "secret" };

/** The parts of node:crypto this file uses. */
interface NativeCrypto {
  hkdfSync(digest: string, ikm: Uint8Array, salt: Uint8Array, info: Uint8Array, keylen: number): ArrayBuffer;
  createSecretKey(key: Uint8Array): NativeSecretKey;
  createCipheriv(
    algorithm: "aes-256-gcm",
    key: Uint8Array | NativeSecretKey,
    iv: Uint8Array,
    options?: { authTagLength: number },
  ): {
    setAAD(data: Uint8Array): unknown;
    update(data: string, inputEncoding: "utf8"): Uint8Array;
    final(): Uint8Array;
    getAuthTag(): Uint8Array;
  };
  createDecipheriv(
    algorithm: "aes-256-gcm",
    key: Uint8Array | NativeSecretKey,
    iv: Uint8Array,
    options?: { authTagLength: number },
  ): {
    setAAD(data: Uint8Array): unknown;
    setAuthTag(tag: Uint8Array): unknown;
    update(data: Uint8Array): Uint8Array;
    final(): Uint8Array;
  };
}

interface DerivedKey<K> {
  keyId: string;
  /** "v1.<key id>": the additional authenticated data of this key's seals. */
  header: string;
  headerBytes: Uint8Array<ArrayBuffer>;
  key: K;
}

const encoder = new TextEncoder();
/** Opened plaintext must be UTF-8 (what `seal` wrote); anything else is refused, not repaired. */
const decoder = new TextDecoder("utf-8", { fatal: true });

/** The UTF-8 text of opened bytes, or `undefined` when they are not UTF-8. */
function utf8Text(bytes: Uint8Array): string | undefined {
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

/**
 * A seal over `secrets` (newest first: it seals; all of them open). Keys are derived here, once.
 * `implementation` forces one (tests); by default node:crypto when the runtime has it.
 *
 * @internal
 */
export function createCookieSeal(secrets: readonly string[], implementation?: "node:crypto" | "webcrypto"): CookieSeal {
  if (secrets.length === 0) throw new Error("createCookieSeal needs at least one secret");
  const native = implementation === "webcrypto" ? undefined : loadNativeCrypto();
  if (native !== undefined && passesNativeSelfTest(native)) return createNativeSeal(secrets, native, loadNativeBuffer());
  if (implementation === "node:crypto") throw new Error("node:crypto is not available in this runtime");
  return createWebCryptoSeal(secrets);
}

/** The part of node:buffer the native seal uses for base64url (native code, several times faster than JavaScript). */
interface NativeBuffer {
  from(data: ArrayBufferLike, byteOffset: number, length: number): { toString(encoding: "base64url"): string };
  from(text: string, encoding: "base64url"): Uint8Array;
  /** One copy of the chunks, in native code, that encodes itself. */
  concat(chunks: readonly Uint8Array[], totalLength: number): { toString(encoding: "base64url"): string };
}

const BASE64URL_TEXT = /^[A-Za-z0-9_-]*$/u;

function createNativeSeal(secrets: readonly string[], crypto: NativeCrypto, buffer: NativeBuffer | undefined): CookieSeal {
  const encode = (bytes: Uint8Array): string =>
    buffer === undefined ? base64UrlEncode(bytes) : buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64url");
  // The authentication tag decides what opens; the alphabet and length are checked so that only
  // base64url text reaches the decoder.
  const decode = (text: string): Uint8Array<ArrayBuffer> | undefined => {
    if (buffer === undefined) return base64UrlDecode(text);
    if (text.length % 4 === 1 || !BASE64URL_TEXT.test(text) || hasStrayBits(text)) return undefined;
    const decoded = buffer.from(text, "base64url");
    return new Uint8Array(decoded.buffer as ArrayBuffer, decoded.byteOffset, decoded.byteLength);
  };
  const derive = (secret: string, info: string, length: number): Uint8Array =>
    new Uint8Array(crypto.hkdfSync("sha256", encoder.encode(secret), encoder.encode(HKDF_SALT), encoder.encode(info), length));
  // Each key is imported into a key object once: a cipher made from a key object skips copying
  // and checking raw key bytes at every seal and open (about a quarter of a seal's cost).
  const keys = secrets.map((secret): DerivedKey<NativeSecretKey> => {
    const keyId = encode(derive(secret, KEY_ID_INFO, KEY_ID_BYTES));
    const header = `${SEAL_VERSION}.${keyId}`;
    return { keyId, header, headerBytes: encoder.encode(header), key: crypto.createSecretKey(derive(secret, KEY_INFO, 32)) };
  });
  const byId = keysById(keys);
  const sealing = keys[0]!;
  const GCM = { authTagLength: TAG_BYTES };
  return {
    implementation: "node:crypto",
    seal(plaintext) {
      const iv = randomBytes(IV_BYTES);
      const cipher = crypto.createCipheriv("aes-256-gcm", sealing.key, iv, GCM);
      cipher.setAAD(sealing.headerBytes);
      // The text goes to the cipher as it is (UTF-8 on the way in): no encoded copy first.
      const ciphertext = cipher.update(plaintext, "utf8");
      // GCM is a stream mode: `final` adds no bytes (kept if it ever did), only the tag follows.
      const rest = cipher.final();
      const tag = cipher.getAuthTag();
      const chunks = rest.length === 0 ? [ciphertext, tag] : [ciphertext, rest, tag];
      // The body (ciphertext and tag) is joined once and encoded straight from that copy.
      const body =
        buffer === undefined
          ? base64UrlEncode(concat(chunks))
          : buffer.concat(chunks, ciphertext.length + rest.length + tag.length).toString("base64url");
      return `${sealing.header}.${encode(iv)}.${body}`;
    },
    open(sealed) {
      const parts = splitSealed(sealed, byId, decode);
      if (parts === undefined) return undefined;
      const { key, iv, body } = parts;
      let plaintext: Uint8Array;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key.key, iv, GCM);
        decipher.setAAD(key.headerBytes);
        decipher.setAuthTag(body.subarray(body.length - TAG_BYTES));
        const opened = decipher.update(body.subarray(0, body.length - TAG_BYTES));
        // GCM is a stream mode: `final` only checks the tag and adds no bytes (concatenated if it ever did).
        const rest = decipher.final();
        plaintext = rest.length === 0 ? opened : concat([opened, rest]);
      } catch {
        return undefined;
      }
      return utf8Text(plaintext);
    },
  };
}

function createWebCryptoSeal(secrets: readonly string[]): CookieSeal {
  const subtle = globalThis.crypto.subtle;
  // Derived once, on first use; every later call awaits a settled promise.
  const derived = Promise.all(
    secrets.map(async (secret): Promise<DerivedKey<CryptoKey>> => {
      const material = await subtle.importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits", "deriveKey"]);
      const hkdf = (info: string) => ({ name: "HKDF", hash: "SHA-256", salt: encoder.encode(HKDF_SALT), info: encoder.encode(info) });
      const keyId = base64UrlEncode(new Uint8Array(await subtle.deriveBits(hkdf(KEY_ID_INFO), material, KEY_ID_BYTES * 8)));
      const key = await subtle.deriveKey(hkdf(KEY_INFO), material, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
      const header = `${SEAL_VERSION}.${keyId}`;
      return { keyId, header, headerBytes: encoder.encode(header), key };
    }),
  ).then((keys) => ({ sealing: keys[0]!, byId: keysById(keys) }));
  return {
    implementation: "webcrypto",
    async seal(plaintext) {
      const { sealing } = await derived;
      const iv = randomBytes(IV_BYTES);
      const body = new Uint8Array(
        await subtle.encrypt(
          { name: "AES-GCM", iv, additionalData: sealing.headerBytes, tagLength: TAG_BYTES * 8 },
          sealing.key,
          encoder.encode(plaintext),
        ),
      );
      return `${sealing.header}.${base64UrlEncode(iv)}.${base64UrlEncode(body)}`;
    },
    async open(sealed) {
      const { byId } = await derived;
      const parts = splitSealed(sealed, byId, base64UrlDecode);
      if (parts === undefined) return undefined;
      const { key, iv, body } = parts;
      let plaintext: Uint8Array;
      try {
        plaintext = new Uint8Array(
          await subtle.decrypt({ name: "AES-GCM", iv, additionalData: key.headerBytes, tagLength: TAG_BYTES * 8 }, key.key, body),
        );
      } catch {
        return undefined;
      }
      return utf8Text(plaintext);
    },
  };
}

function keysById<K>(keys: readonly DerivedKey<K>[]): Map<string, DerivedKey<K>> {
  const byId = new Map<string, DerivedKey<K>>();
  // The same secret twice in the list, or (astronomically unlikely) two ids alike: the first wins.
  for (const key of keys) if (!byId.has(key.keyId)) byId.set(key.keyId, key);
  return byId;
}

/** The key, IV and ciphertext of a value in this format sealed by a known key; else `undefined`. */
function splitSealed<K>(
  sealed: string,
  byId: Map<string, DerivedKey<K>>,
  decode: (text: string) => Uint8Array<ArrayBuffer> | undefined,
): { key: DerivedKey<K>; iv: Uint8Array<ArrayBuffer>; body: Uint8Array<ArrayBuffer> } | undefined {
  const parts = sealed.split(".");
  if (parts.length !== 4 || parts[0] !== SEAL_VERSION) return undefined;
  const key = byId.get(parts[1]!);
  if (key === undefined) return undefined;
  const iv = decode(parts[2]!);
  const body = decode(parts[3]!);
  if (iv === undefined || iv.length !== IV_BYTES || body === undefined || body.length < TAG_BYTES) return undefined;
  return { key, iv, body };
}

function concat(chunks: readonly Uint8Array[]): Uint8Array {
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

const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const BASE64URL_VALUES = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64URL.length; index += 1) BASE64URL_VALUES[BASE64URL.charCodeAt(index)] = index;

/** base64url without padding (RFC 4648 section 5). */
export function base64UrlEncode(bytes: Uint8Array): string {
  let text = "";
  let index = 0;
  for (; index + 2 < bytes.length; index += 3) {
    const value = (bytes[index]! << 16) | (bytes[index + 1]! << 8) | bytes[index + 2]!;
    text += BASE64URL[value >> 18]! + BASE64URL[(value >> 12) & 63]! + BASE64URL[(value >> 6) & 63]! + BASE64URL[value & 63]!;
  }
  const rest = bytes.length - index;
  if (rest === 1) {
    const value = bytes[index]! << 16;
    text += BASE64URL[value >> 18]! + BASE64URL[(value >> 12) & 63]!;
  } else if (rest === 2) {
    const value = (bytes[index]! << 16) | (bytes[index + 1]! << 8);
    text += BASE64URL[value >> 18]! + BASE64URL[(value >> 12) & 63]! + BASE64URL[(value >> 6) & 63]!;
  }
  return text;
}

/**
 * Whether the last character of unpadded base64url text carries bits past the end of the data.
 * node:buffer ignores them, so without this check several texts would open as one value; the
 * JavaScript decoder below refuses them, and both decoders must answer alike.
 */
function hasStrayBits(text: string): boolean {
  const rest = text.length % 4;
  if (rest === 0) return false;
  const last = BASE64URL_VALUES[text.charCodeAt(text.length - 1)] ?? -1;
  // 2 characters carry 1 byte (4 bits spare), 3 carry 2 bytes (2 bits spare).
  return (last & (rest === 2 ? 0x0f : 0x03)) !== 0;
}

/** Strict base64url without padding; `undefined` for anything else (another alphabet, a bad length, stray bits). */
export function base64UrlDecode(text: string): Uint8Array<ArrayBuffer> | undefined {
  if (text.length % 4 === 1) return undefined;
  const out = new Uint8Array(Math.floor((text.length * 3) / 4));
  let buffer = 0;
  let bits = 0;
  let offset = 0;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const value = code < 128 ? BASE64URL_VALUES[code]! : -1;
    if (value < 0) return undefined;
    buffer = ((buffer << 6) | value) & 0xffffff;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[offset++] = (buffer >> bits) & 0xff;
    }
  }
  // The leftover bits of the last character must be zero: one encoding per byte string.
  if ((buffer & ((1 << bits) - 1)) !== 0) return undefined;
  return out;
}

/**
 * Known answers, computed once and checked against WebCrypto by the tests: a runtime whose
 * node:crypto gets HKDF or AES-GCM wrong (or lacks part of it) uses WebCrypto instead.
 */
const NATIVE_SELF_TEST = {
  /** HKDF-SHA-256("secret", salt "salt", info "info"), 16 bytes. */
  hkdf: "f6d2fcc47cb939deafe3853a1e641a27",
  /** AES-256-GCM, key 00..1f, IV 00..0b, AAD "v1.self-test", plaintext "sign-in-with-xrpl": ciphertext and tag. */
  sealed: "346bb175e88cac36fa28e3e39c910a1def6a207c7184d9f34018a3ac2c55d155e9",
} as const;

/** @internal Exported for the tests, which check the known answers against WebCrypto. */
export const COOKIE_SEAL_SELF_TEST = NATIVE_SELF_TEST;

function passesNativeSelfTest(crypto: NativeCrypto): boolean {
  try {
    const hkdf = new Uint8Array(crypto.hkdfSync("sha256", encoder.encode("secret"), encoder.encode("salt"), encoder.encode("info"), 16));
    if (bytesToHex(hkdf).toLowerCase() !== NATIVE_SELF_TEST.hkdf) return false;
    // A key object, as the seal uses: a runtime whose ciphers refuse one uses WebCrypto instead.
    const key = crypto.createSecretKey(Uint8Array.from({ length: 32 }, (_, index) => index));
    const iv = Uint8Array.from({ length: IV_BYTES }, (_, index) => index);
    const aad = encoder.encode("v1.self-test");
    const cipher = crypto.createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(aad);
    const sealed = concat([cipher.update("sign-in-with-xrpl", "utf8"), cipher.final(), cipher.getAuthTag()]);
    if (bytesToHex(sealed).toLowerCase() !== NATIVE_SELF_TEST.sealed) return false;
    // And a changed tag must be refused.
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(aad);
    const forged = sealed.slice();
    forged[forged.length - 1]! ^= 1;
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

function loadNativeBuffer(): NativeBuffer | undefined {
  try {
    const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
    const module =
      typeof getBuiltinModule === "function" ? (getBuiltinModule("node:buffer") as { Buffer?: NativeBuffer } | undefined) : undefined;
    return typeof module?.Buffer?.from === "function" && typeof module?.Buffer?.concat === "function" ? module.Buffer : undefined;
  } catch {
    return undefined;
  }
}

function loadNativeCrypto(): NativeCrypto | undefined {
  try {
    const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
    if (typeof getBuiltinModule !== "function") return undefined;
    const crypto = getBuiltinModule("node:crypto") as Partial<NativeCrypto> | undefined;
    if (
      crypto === undefined ||
      typeof crypto.hkdfSync !== "function" ||
      typeof crypto.createSecretKey !== "function" ||
      typeof crypto.createCipheriv !== "function" ||
      typeof crypto.createDecipheriv !== "function"
    ) {
      return undefined;
    }
    return crypto as NativeCrypto;
  } catch {
    return undefined;
  }
}
