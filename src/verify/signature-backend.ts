import type { KeyAlgorithm } from "./canonical.js";

/**
 * Who does the work: `"node:crypto"` is the runtime's own native crypto (OpenSSL in Node and
 * Deno, BoringSSL in Bun), `"noble"` the pure-JavaScript noble curves and hashes.
 *
 * @example
 * ```ts
 * const name: SignatureBackendName = (await signatureBackends()).ed25519; // "node:crypto" on Node
 * ```
 */
export type SignatureBackendName = "node:crypto" | "noble";

/**
 * Which implementation checks each curve, and hashes transactions, in this runtime. Each
 * part is chosen on its own by a known-answer self-test, so a runtime whose native crypto lacks
 * one curve (Bun has no secp256k1) still checks the other natively.
 *
 * @example
 * ```ts
 * const backends: SignatureBackends = await signatureBackends();
 * // Node and Deno: { ed25519: "node:crypto", secp256k1: "node:crypto", hashes: "node:crypto" }
 * // Bun:           { ed25519: "node:crypto", secp256k1: "noble", hashes: "node:crypto" }
 * // Workers:       { ed25519: "noble", secp256k1: "noble", hashes: "noble" }
 * ```
 */
export interface SignatureBackends {
  /** ed25519 signature checks. */
  ed25519: SignatureBackendName;
  /** secp256k1 (ECDSA over SHA-512Half) signature checks. */
  secp256k1: SignatureBackendName;
  /** SHA-256 and SHA-512: transaction hashes (a key's address is derived in JavaScript everywhere). */
  hashes: SignatureBackendName;
}

/**
 * One implementation of the raw signature check and the hashes the verifier needs. Inputs are
 * already in canonical form (see canonical.ts); implementations never throw, they answer false.
 */
export interface SignatureBackend {
  /** Which implementation answers each part (a backend composed by the self-tests may mix them). */
  readonly parts: Readonly<SignatureBackends>;
  /** ed25519 over `data` raw; secp256k1 (DER) over SHA-512Half(`data`). */
  verify(algorithm: KeyAlgorithm, data: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean;
  /** First 32 bytes of SHA-512. */
  sha512Half(data: Uint8Array): Uint8Array;
  sha256(data: Uint8Array): Uint8Array;
}

/** The parts of a backend that is one implementation throughout. @internal */
export function allParts(name: SignatureBackendName): Readonly<SignatureBackends> {
  return Object.freeze({ ed25519: name, secp256k1: name, hashes: name });
}

/**
 * A backend whose ed25519 checks, secp256k1 checks and hashes each come from the backend named
 * for them: what the per-part self-tests chose.
 */
export function composeBackend(chosen: {
  ed25519: SignatureBackend;
  secp256k1: SignatureBackend;
  hashes: SignatureBackend;
}): SignatureBackend {
  const { ed25519, secp256k1, hashes } = chosen;
  if (ed25519 === secp256k1 && secp256k1 === hashes) return ed25519;
  return {
    parts: Object.freeze({ ed25519: ed25519.parts.ed25519, secp256k1: secp256k1.parts.secp256k1, hashes: hashes.parts.hashes }),
    verify: (algorithm, data, signature, publicKey) =>
      (algorithm === "ed25519" ? ed25519 : secp256k1).verify(algorithm, data, signature, publicKey),
    sha512Half: (data) => hashes.sha512Half(data),
    sha256: (data) => hashes.sha256(data),
  };
}
