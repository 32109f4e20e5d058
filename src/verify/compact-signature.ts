import { InvalidOptionsError } from "../errors.js";
import { keyHasAuthority } from "./authority.js";
import { publicKeyAlgorithm } from "./canonical.js";
import { hexToBytes } from "../shared/hex.js";
import { classicAddress, classicAddressShape, isOptionsObject, isRecord, messageBytes } from "./request-input.js";
import { getDefaultSignatureEngine, type SignatureEngine } from "./signature-engine.js";
import type { LedgerReader, VerificationStrategy, VerifyRequest } from "./types.js";

/**
 * Options of {@link compactSignature}.
 *
 * @example
 * ```ts
 * const options: CompactSignatureOptions = { ledger: "always" };
 * const strategy = compactSignature(options);
 * ```
 */
export interface CompactSignatureOptions {
  /**
   * When to read the account from the ledger:
   * - `"if-needed"` (default): only when the key is not the account's master key (a regular key).
   * - `"always"`: every time, so a master key the account has disabled is refused too.
   * - `"never"`: never; only the master key is accepted and no node is needed.
   */
  ledger?: "if-needed" | "always" | "never" | undefined;
}

const LEDGER_MODES = new Set(["if-needed", "always", "never"]);

/**
 * The strategy for `signatureKind: "signature"`: a compact signature over the UTF-8 bytes of the
 * message, as GemWallet, Crossmark, DropFi and Otsu produce it (ed25519 raw, secp256k1 DER over
 * SHA-512Half). Only canonical signatures and 33-byte keys are accepted; without `publicKey`, a
 * secp256k1 key is recovered from the signature.
 *
 * @example
 * ```ts
 * import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
 * const verifier = createVerifier({
 *   strategies: [compactSignature({ ledger: "always" }), signedTransaction()],
 * });
 * ```
 */
export function compactSignature(options: CompactSignatureOptions = {}): VerificationStrategy {
  if (!isOptionsObject(options)) throw new InvalidOptionsError("compactSignature(options): options must be an object.");
  const ledgerMode = options.ledger ?? "if-needed";
  if (!LEDGER_MODES.has(ledgerMode)) {
    throw new InvalidOptionsError(
      `compactSignature({ ledger }): ledger must be "if-needed", "always" or "never", got ${JSON.stringify(ledgerMode)}.`,
    );
  }
  return createCompactSignatureStrategy(ledgerMode, undefined);
}

/** The strategy over a given signature engine (the default one when undefined). */
export function createCompactSignatureStrategy(
  ledgerMode: "if-needed" | "always" | "never",
  engine: SignatureEngine | undefined,
): VerificationStrategy {
  return {
    kind: "signature",
    async verify(request: VerifyRequest, ledger: LedgerReader): Promise<boolean> {
      const signatureEngine = engine ?? getDefaultSignatureEngine();
      const candidates = verifiedKeys(request, signatureEngine);
      if (candidates === undefined) return false;
      const { address, keys } = candidates;
      const keyAddresses = keys.map((key) => signatureEngine.addressOf(key));
      const isMasterKey = keyAddresses.includes(address);
      if (ledgerMode === "never") return isMasterKey;
      if (ledgerMode === "if-needed" && isMasterKey) return true;
      // Only a well-formed address is worth a question to the node.
      if (classicAddress(address) === undefined) return false;
      const authority = await ledger.getAccountAuthority(address);
      return keyAddresses.some((keyAddress) => keyHasAuthority(authority, keyAddress));
    },
  };
}

/**
 * The request's address and the keys that provably made its signature: the given key when it
 * verifies, or the secp256k1 keys recovered from it. Undefined when the proof is malformed or
 * the signature does not hold.
 */
function verifiedKeys(request: unknown, engine: SignatureEngine): { address: string; keys: Uint8Array[] } | undefined {
  if (!isRecord(request) || request["signatureKind"] !== "signature") return undefined;
  const address = classicAddressShape(request["address"]);
  const data = messageBytes(request["message"]);
  const signature = hexToBytes(request["signature"]);
  if (address === undefined || data === undefined || signature === undefined || signature.length === 0) return undefined;
  const publicKeyField = request["publicKey"];
  if (publicKeyField !== undefined) {
    const publicKey = hexToBytes(publicKeyField);
    if (publicKey === undefined || publicKeyAlgorithm(publicKey) === undefined) return undefined;
    return engine.verify(data, signature, publicKey) ? { address, keys: [publicKey] } : undefined;
  }
  // Without a key only secp256k1 can be checked: ed25519 signatures do not determine their key.
  const recovered = engine.recoverSecp256k1(data, signature);
  const keys = recovered.filter((key) => engine.verify(data, signature, key));
  if (keys.length === 0) return undefined;
  const master = keys.find((key) => engine.addressOf(key) === address);
  return { address, keys: master === undefined ? keys : [master] };
}
