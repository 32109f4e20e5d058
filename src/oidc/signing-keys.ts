// The provider's signing keys: what a JWKS must hold to sign id_tokens, which algorithm its first
// signing key gives, and a key for development when none is configured.
import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import { describeValue } from "../shared/describe-value.js";
import { randomHex } from "../shared/random-hex.js";

/**
 * One private key of the provider's JSON Web Key Set (RFC 7517): an EC key on P-256, P-384 or
 * P-521, an OKP key on Ed25519, or an RSA key, with its private part (`d`). `kid` names it in
 * tokens, so a key rotation can keep the old key for verification.
 *
 * @example
 * ```ts
 * const key: OidcSigningJwk = { kty: "EC", crv: "P-256", x: "...", y: "...", d: "...", kid: "2026-11", alg: "ES256", use: "sig" };
 * ```
 */
export interface OidcSigningJwk {
  kty: string;
  kid?: string | undefined;
  alg?: string | undefined;
  use?: string | undefined;
  crv?: string | undefined;
  d?: string | undefined;
  [member: string]: unknown;
}

/**
 * The provider's private keys as a JSON Web Key Set: the first signing key signs, the others
 * stay published for tokens they signed before (key rotation).
 *
 * @example
 * ```ts
 * const jwks: OidcJwks = JSON.parse(process.env.OIDC_JWKS!);
 * ```
 */
export interface OidcJwks {
  keys: readonly OidcSigningJwk[];
}

/**
 * The JWS algorithms an id_token can be signed with: the asymmetric ones oidc-provider signs
 * with (a relying party checks them with the provider's public keys).
 *
 * @example
 * ```ts
 * const algorithm: OidcSigningAlgorithm = "ES256";
 * ```
 */
export type OidcSigningAlgorithm =
  "ES256" | "ES384" | "ES512" | "EdDSA" | "Ed25519" | "RS256" | "RS384" | "RS512" | "PS256" | "PS384" | "PS512";

const SIGNING_ALGORITHMS: ReadonlySet<string> = new Set<OidcSigningAlgorithm>([
  "ES256",
  "ES384",
  "ES512",
  "EdDSA",
  "Ed25519",
  "RS256",
  "RS384",
  "RS512",
  "PS256",
  "PS384",
  "PS512",
]);

/** JWS algorithm of each key type and curve, for a key without its own `alg`. */
const DEFAULT_ALGORITHMS: Readonly<Record<string, OidcSigningAlgorithm>> = {
  "EC:P-256": "ES256",
  "EC:P-384": "ES384",
  "EC:P-521": "ES512",
  "OKP:Ed25519": "EdDSA",
  RSA: "RS256",
};

/** @internal The checked set and the algorithm id_tokens are signed with by default. */
export interface SigningKeys {
  jwks: OidcJwks;
  idTokenAlgorithm: OidcSigningAlgorithm;
}

/**
 * Checks a JWKS the provider can sign with and says what is wrong with one it cannot: every key
 * private, of a supported type, and at least one for signing. Returns `problem` for the caller's
 * error text.
 *
 * @internal
 */
export function readSigningKeys(value: unknown): SigningKeys | { problem: string } {
  if (typeof value !== "object" || value === null || !Array.isArray((value as { keys?: unknown }).keys)) {
    return { problem: `must be a JSON Web Key Set, { "keys": [ ...private keys... ] } (got ${describeValue(value)})` };
  }
  const keys = (value as { keys: unknown[] }).keys;
  if (keys.length === 0) return { problem: 'has no keys: put at least one private signing key in "keys"' };
  let algorithm: OidcSigningAlgorithm | undefined;
  for (const [index, key] of keys.entries()) {
    if (typeof key !== "object" || key === null || Array.isArray(key)) return { problem: `key ${index} is not a JSON object` };
    const { kty, crv, d, alg, use } = key as OidcSigningJwk;
    const typeName = kty === "RSA" ? "RSA" : `${String(kty)}:${String(crv)}`;
    const fallback = DEFAULT_ALGORITHMS[typeName];
    if (fallback === undefined) {
      return {
        problem: `key ${index} (kty ${describeValue(kty)}, crv ${describeValue(crv)}) is not an EC P-256/P-384/P-521, Ed25519 or RSA key`,
      };
    }
    if (typeof d !== "string" || d === "") {
      return { problem: `key ${index} is a public key: the provider signs with it, so give the private key (with its "d" member)` };
    }
    if (alg !== undefined && (typeof alg !== "string" || !SIGNING_ALGORITHMS.has(alg))) {
      return { problem: `key ${index} has "alg" ${describeValue(alg)}: use one of ${[...SIGNING_ALGORITHMS].join(", ")}, or leave it out` };
    }
    if (algorithm === undefined && use !== "enc") algorithm = alg === undefined ? fallback : (alg as OidcSigningAlgorithm);
  }
  if (algorithm === undefined) return { problem: 'has no signing key: every key is marked "use": "enc"' };
  return { jwks: { keys: keys as OidcSigningJwk[] }, idTokenAlgorithm: algorithm };
}

/**
 * A new ES256 (P-256) private key as a JWKS, for a development process that has none
 * configured: tokens it signs stop validating when the process restarts.
 *
 * @internal
 */
export function generateDevelopmentJwks(): OidcJwks {
  // Generated as DER, then read back to export the JWK. On Node 20, exporting the key object a
  // generation returned (`privateKey.export({ format: "jwk" })`) can hang the process for good:
  // a garbage collection during the export may free the generation's job, which then waits for
  // the lock the export holds. A key read back from bytes has no job behind it.
  const { privateKey: der } = generateKeyPairSync("ec", {
    namedCurve: "P-256",
    publicKeyEncoding: { type: "spki", format: "der" },
    privateKeyEncoding: { type: "pkcs8", format: "der" },
  });
  const jwk = createPrivateKey({ key: der, format: "der", type: "pkcs8" }).export({ format: "jwk" });
  return { keys: [{ ...jwk, kty: "EC", kid: `development-${randomHex(4)}`, alg: "ES256", use: "sig" }] };
}
