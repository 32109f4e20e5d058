import type * as nodeCrypto from "node:crypto";
import type { KeyObject } from "node:crypto";
import type { KeyAlgorithm } from "./canonical.js";
import { LruCache } from "./lru-cache.js";
import { allParts, type SignatureBackend } from "./signature-backend.js";

type NodeCrypto = typeof nodeCrypto;

// SubjectPublicKeyInfo DER header of id-ecPublicKey/secp256k1 with a 33-byte compressed point:
// prepending it lets OpenSSL import an XRPL key directly. (ed25519 keys go in as JWK instead,
// several times cheaper to import than SPKI DER: OpenSSL takes the raw key without a decoder.)
const SECP256K1_SPKI_PREFIX = Uint8Array.from([
  0x30, 0x36, 0x30, 0x10, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01, 0x06, 0x05, 0x2b, 0x81, 0x04, 0x00, 0x0a, 0x03, 0x22, 0x00,
]);

/** How many imported keys each verifier process keeps; an import costs about as much as a verify. */
export const KEY_CACHE_ENTRIES = 4096;

/**
 * The implementation over the runtime's `node:crypto` (OpenSSL in Node and Deno, BoringSSL in
 * Bun), or undefined when there is no `node:crypto`. A runtime may lack a part (Bun has no
 * secp256k1): that part answers false or throws, and the per-part
 * self-test of signature-engine.ts gives it to noble.
 */
export function createNodeCryptoBackend(keyCacheEntries = KEY_CACHE_ENTRIES): SignatureBackend | undefined {
  const crypto = loadNodeCrypto();
  if (crypto === undefined) return undefined;
  const { createHash, createPublicKey, verify } = crypto;
  // A missing key (invalid point) is remembered as null so garbage keys do not cost an import each.
  const keys = new LruCache<string, KeyObject | null>(keyCacheEntries);

  function importKey(algorithm: KeyAlgorithm, publicKey: Uint8Array): KeyObject | null {
    // One view over the key's bytes (no copy) gives both the cache key and the JWK's x.
    const view = Buffer.from(publicKey.buffer, publicKey.byteOffset, publicKey.byteLength);
    const cacheKey = view.toString("latin1");
    const cached = keys.get(cacheKey);
    if (cached !== undefined) return cached;
    let key: KeyObject | null;
    try {
      key =
        algorithm === "ed25519"
          ? createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: view.toString("base64url", 1) }, format: "jwk" })
          : createPublicKey({ key: Buffer.concat([SECP256K1_SPKI_PREFIX, publicKey]), format: "der", type: "spki" });
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
        // ECDSA truncates a digest to the 256-bit group order, so SHA-512 here is SHA-512Half.
        return verify(algorithm === "ed25519" ? null : "sha512", data, key, signature);
      } catch {
        return false;
      }
    },
    sha512Half(data) {
      return new Uint8Array(createHash("sha512").update(data).digest().subarray(0, 32));
    },
    sha256(data) {
      return new Uint8Array(createHash("sha256").update(data).digest());
    },
  };
}

function loadNodeCrypto(): NodeCrypto | undefined {
  try {
    const getBuiltinModule = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule;
    if (typeof getBuiltinModule !== "function") return undefined;
    const crypto = getBuiltinModule("node:crypto") as NodeCrypto | undefined;
    if (
      crypto === undefined ||
      typeof crypto.createPublicKey !== "function" ||
      typeof crypto.verify !== "function" ||
      typeof crypto.createHash !== "function"
    ) {
      return undefined;
    }
    return crypto;
  } catch {
    return undefined;
  }
}
