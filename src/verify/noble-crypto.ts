// The pure-JavaScript signature backend, for runtimes without a working node:crypto (browsers,
// Cloudflare Workers without Node compatibility), and for the part a runtime's node:crypto lacks
// (secp256k1 on Bun). It calls the noble curves and hashes directly,
// importing only ed25519, secp256k1, SHA-256 and SHA-512, so a bundler keeps nothing
// else of them; the calls are the ones ripple-keypairs makes (a differential test checks both
// against each other and against OpenSSL).
import { ed25519 } from "@noble/curves/ed25519.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import type { KeyAlgorithm } from "./canonical.js";
import { bytesEqual } from "../shared/hex.js";
import { allParts, type SignatureBackend } from "./signature-backend.js";

const ED25519_ORDER = 2n ** 252n + 27742317777372353535851937790883648493n;

function littleEndianToBigInt(bytes: Uint8Array): bigint {
  let value = 0n;
  for (let index = bytes.length - 1; index >= 0; index -= 1) value = (value << 8n) | BigInt(bytes[index]!);
  return value;
}

/**
 * rippled and OpenSSL check ed25519 with the cofactorless equation R == [S]B - [k]A (comparing
 * encodings); noble checks the cofactored one, which also accepts signatures whose R carries a
 * small-order component. Requiring both keeps this path's answers equal to OpenSSL's.
 */
function verifyEd25519Cofactorless(data: Uint8Array, signature: Uint8Array, publicKey32: Uint8Array): boolean {
  try {
    const point = ed25519.Point.fromBytes(publicKey32);
    const r = signature.subarray(0, 32);
    const s = littleEndianToBigInt(signature.subarray(32, 64));
    const digest = sha512.create().update(r).update(publicKey32).update(data).digest();
    const k = littleEndianToBigInt(digest) % ED25519_ORDER;
    const base = s === 0n ? ed25519.Point.ZERO : ed25519.Point.BASE.multiply(s);
    const kA = k === 0n ? ed25519.Point.ZERO : point.multiplyUnsafe(k);
    return bytesEqual(base.subtract(kA).toBytes(), r);
  } catch {
    return false;
  }
}

function sha512Half(data: Uint8Array): Uint8Array {
  return sha512(data).subarray(0, 32);
}

/** ed25519 as RFC 8032 (not ZIP 215) and the cofactorless equation; secp256k1 DER over SHA-512Half, low S. */
function verifySignature(algorithm: KeyAlgorithm, data: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean {
  if (algorithm === "ed25519") {
    const publicKey32 = publicKey.subarray(1);
    return ed25519.verify(signature, data, publicKey32, { zip215: false }) && verifyEd25519Cofactorless(data, signature, publicKey32);
  }
  const compact = secp256k1.Signature.fromBytes(signature, "der").toBytes("compact");
  return secp256k1.verify(compact, sha512Half(data), publicKey, { prehash: false });
}

/**
 * The noble implementation of the signature backend.
 */
export function createNobleBackend(): SignatureBackend {
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
    sha256(data) {
      return sha256(data);
    },
  };
}
