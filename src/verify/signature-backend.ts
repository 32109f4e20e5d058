import type { KeyAlgorithm } from "./canonical.js";

/**
 * One implementation of the raw signature check and the hashes the verifier needs. Inputs are
 * already in canonical form (see canonical.ts); implementations never throw, they answer false.
 */
export interface SignatureBackend {
  readonly name: "node:crypto" | "noble";
  /** ed25519 over `data` raw; secp256k1 (DER) over SHA-512Half(`data`). */
  verify(algorithm: KeyAlgorithm, data: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean;
  /** First 32 bytes of SHA-512. */
  sha512Half(data: Uint8Array): Uint8Array;
  /** RIPEMD-160(SHA-256(publicKey)): the account id a key derives. */
  accountId(publicKey: Uint8Array): Uint8Array;
  sha256(data: Uint8Array): Uint8Array;
}
