import { ed25519 } from "@noble/curves/ed25519.js";
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256, sha512 } from "@noble/hashes/sha2.js";
import { verify as keypairsVerify } from "ripple-keypairs";
import type { KeyAlgorithm } from "./canonical.js";
import { bytesEqual, bytesToHex } from "../shared/hex.js";
import type { SignatureBackend } from "./signature-backend.js";

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

/** The pure-JavaScript implementation: ripple-keypairs (noble) as it is, for runtimes without node:crypto. */
export function createKeypairsBackend(): SignatureBackend {
  return {
    name: "ripple-keypairs",
    verify(algorithm: KeyAlgorithm, data, signature, publicKey) {
      try {
        if (!keypairsVerify(bytesToHex(data), bytesToHex(signature), bytesToHex(publicKey))) return false;
        return algorithm === "secp256k1" || verifyEd25519Cofactorless(data, signature, publicKey.subarray(1));
      } catch {
        return false;
      }
    },
    sha512Half(data) {
      return sha512(data).subarray(0, 32);
    },
    accountId(publicKey) {
      return ripemd160(sha256(publicKey));
    },
    sha256(data) {
      return sha256(data);
    },
  };
}
