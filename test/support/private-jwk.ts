/**
 * New private keys as JWKs for the OpenID Provider tests. Generated as DER and read back before
 * the JWK export: on Node 20, exporting the key object a generation returned can hang the test
 * process for good (a garbage collection during the export frees the generation's job, which
 * waits for the lock the export holds).
 */
import { createPrivateKey, generateKeyPairSync } from "node:crypto";

const SPKI = { type: "spki", format: "der" } as const;
const PKCS8 = { type: "pkcs8", format: "der" } as const;

/**
 * @example
 * ```ts
 * const jwks = { keys: [{ ...newPrivateJwk("ed25519"), kid: "test", use: "sig" }] };
 * ```
 */
export function newPrivateJwk(type: "ec" | "ed25519" | "rsa", curve = "P-256"): Record<string, unknown> {
  const der: Buffer =
    type === "ec"
      ? generateKeyPairSync("ec", { namedCurve: curve, publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey
      : type === "rsa"
        ? generateKeyPairSync("rsa", { modulusLength: 2048, publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey
        : generateKeyPairSync("ed25519", { publicKeyEncoding: SPKI, privateKeyEncoding: PKCS8 }).privateKey;
  return createPrivateKey({ key: der, format: "der", type: "pkcs8" }).export({ format: "jwk" });
}
