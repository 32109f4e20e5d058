import { secp256k1 } from "@noble/curves/secp256k1.js";

/**
 * The compressed secp256k1 keys a DER signature of `digest` can come from (up to four, one per
 * recovery id). Loaded only when a proof arrives without its public key, so the curve code stays
 * out of the start-up path.
 */
export function recoverSecp256k1Keys(digest: Uint8Array, derSignature: Uint8Array): Uint8Array[] {
  let parsed: ReturnType<typeof secp256k1.Signature.fromBytes>;
  try {
    parsed = secp256k1.Signature.fromBytes(derSignature, "der");
  } catch {
    return [];
  }
  const candidates: Uint8Array[] = [];
  for (let recovery = 0; recovery < 4; recovery += 1) {
    try {
      candidates.push(parsed.addRecoveryBit(recovery).recoverPublicKey(digest).toBytes(true));
    } catch {
      // This recovery id names no point (r + n beyond the field, or x not on the curve).
    }
  }
  return candidates;
}
