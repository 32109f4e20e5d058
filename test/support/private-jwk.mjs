/**
 * New private keys as JWKs, for the OpenID Provider's tests and benchmark. Generated as DER and
 * read back before the JWK export: on Node 20, exporting the key object a generation returned can
 * hang the process for good (a garbage collection during the export frees the generation's job,
 * which waits for the lock the export holds).
 */
import { createPrivateKey, generateKeyPairSync } from "node:crypto";

const SPKI = { type: "spki", format: "der" };
const PKCS8 = { type: "pkcs8", format: "der" };

/**
 * @example
 * const jwks = { keys: [{ ...newPrivateJwk("ed25519"), kid: "test", use: "sig" }] };
 *
 * @param {"ec" | "ed25519" | "rsa"} type
 * @param {string} [curve] the curve of an "ec" key
 * @returns {Record<string, unknown>}
 */
export function newPrivateJwk(type, curve = "P-256") {
  const der =
    type === "ec"
      ? generateKeyPairSync("ec", { namedCurve: curve, publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey
      : type === "rsa"
        ? generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey
        : generateKeyPairSync("ed25519", { publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey;
  return createPrivateKey({ key: der, format: "der", type: "pkcs8" }).export({ format: "jwk" });
}
