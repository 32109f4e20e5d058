// Loaded lazily by dev-wallet.ts: ripple-keypairs and ripple-binary-codec weigh ~280 kB
// minified, so a page that never creates a dev wallet never downloads them.
import { encode, encodeForSigning } from "ripple-binary-codec";
import { deriveAddress, deriveKeypair, generateSeed, sign } from "ripple-keypairs";
import type { SignInTransaction } from "./transaction.js";

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
  const unsigned = { ...tx, SigningPubKey: keys.publicKey };
  const TxnSignature = sign(encodeForSigning(unsigned), keys.privateKey);
  return encode({ ...unsigned, TxnSignature });
}
