// Loaded lazily by dev-wallet.ts: ripple-keypairs weighs tens of kB minified, so a page that
// never creates a dev wallet never downloads it.
import { ripemd160 } from "@noble/hashes/legacy.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { deriveAddress, deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import { bytesToHex, hexToBytes } from "../shared/hex.js";
import type { SignInTransaction } from "./transaction.js";
import { encodeSignInTransaction } from "./transaction-encoding.js";

export interface DevKeys {
  seed: string;
  address: string;
  publicKey: string;
  privateKey: string;
}

export function createKeys(algorithm: "ed25519" | "ecdsa-secp256k1", seed: string | undefined): DevKeys {
  let chosen = seed;
  if (chosen === undefined) {
    const entropy = new Uint8Array(16);
    globalThis.crypto.getRandomValues(entropy);
    chosen = generateSeed({ entropy, algorithm });
  }
  // A seed encodes its own algorithm (sEd... is ed25519); deriveKeypair reads it from the seed.
  const { publicKey, privateKey } = deriveKeypair(chosen);
  return { seed: chosen, address: deriveAddress(publicKey), publicKey, privateKey };
}

export function signHex(messageHex: string, privateKey: string): string {
  return sign(messageHex, privateKey);
}

export function signTransaction(tx: SignInTransaction, keys: DevKeys): string {
  if (tx.Account !== keys.address) throw new TypeError("The dev wallet signs only transactions of its own account.");
  // The account id the address encodes: RIPEMD-160 of SHA-256 of the public key.
  const accountId = ripemd160(sha256(hexToBytes(keys.publicKey)!));
  const unsigned = { ...tx, SigningPubKey: keys.publicKey };
  const TxnSignature = sign(bytesToHex(encodeSignInTransaction(unsigned, accountId, true)), keys.privateKey);
  return bytesToHex(encodeSignInTransaction({ ...unsigned, TxnSignature }, accountId));
}
