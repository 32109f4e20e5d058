import { bytesToHex, hexToBytes } from "../shared/hex.js";
import { encodeClassicAddress } from "./account-address.js";
import { canonicalPublicKeyAlgorithm, isCanonicalDerSignature, isCanonicalSignature } from "./canonical.js";
import { LruCache } from "./lru-cache.js";
import { createNodeCryptoBackend } from "./node-crypto.js";
import type { SignatureBackend } from "./signature-backend.js";
import type * as Secp256k1Recovery from "./secp256k1-recovery.js";

/** Canonical checks, then a backend: the one signature primitive every strategy uses. */
export interface SignatureEngine {
  readonly backend: SignatureBackend;
  /** True when `signature` is a canonical signature of `data` by the canonical 33-byte `publicKey`. */
  verify(data: Uint8Array, signature: Uint8Array, publicKey: Uint8Array): boolean;
  /** The classic address a 33-byte public key derives. */
  addressOf(publicKey: Uint8Array): string;
  /** Compressed secp256k1 keys that a canonical DER signature of `data` can come from. */
  recoverSecp256k1(data: Uint8Array, signature: Uint8Array): Promise<Uint8Array[]>;
}

const ADDRESS_CACHE_ENTRIES = 4096;

/** Builds an engine over one backend (tests build both to compare them). */
export function createSignatureEngine(backend: SignatureBackend): SignatureEngine {
  const addresses = new LruCache<string, string>(ADDRESS_CACHE_ENTRIES);
  return {
    backend,
    verify(data, signature, publicKey) {
      const algorithm = canonicalPublicKeyAlgorithm(publicKey);
      if (algorithm === undefined || !isCanonicalSignature(algorithm, signature)) return false;
      return backend.verify(algorithm, data, signature, publicKey);
    },
    addressOf(publicKey) {
      const hex = bytesToHex(publicKey);
      const cached = addresses.get(hex);
      if (cached !== undefined) return cached;
      const address = encodeClassicAddress(backend.accountId(publicKey), (data) => backend.sha256(data));
      addresses.set(hex, address);
      return address;
    },
    async recoverSecp256k1(data, signature) {
      if (!isCanonicalDerSignature(signature)) return [];
      recovery ??= import("./secp256k1-recovery.js");
      const { recoverSecp256k1Keys } = await recovery;
      return recoverSecp256k1Keys(backend.sha512Half(data), signature);
    },
  };
}

let recovery: Promise<typeof Secp256k1Recovery> | undefined;

// The ripple-keypairs fixture (api.json): one known-good signature per algorithm, used to prove
// at start-up that node:crypto in this runtime really verifies XRPL signatures.
const SELF_TEST = [
  {
    publicKey: "ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63",
    signature:
      "CB199E1BFD4E3DAA105E4832EEDFA36413E1F44205E4EFB9E27E826044C21E3E2E848BBC8195E8959BADF887599B7310AD1B7047EF11B682E0D068F73749750E",
  },
  {
    publicKey: "030D58EB48B4420B1F7B9DF55087E0E29FEF0E8468F9A6825B01CA2C361042D435",
    signature:
      "30440220583A91C95E54E6A651C47BEC22744E0B101E2C4060E7B08F6341657DAD9BC3EE02207D1489C7395DB0188D3A56A977ECBA54B36FA9371B40319655B1B4429E33EF2D",
  },
] as const;

function passesSelfTest(backend: SignatureBackend): boolean {
  const message = new TextEncoder().encode("test message");
  const tampered = new TextEncoder().encode("test messagf");
  return SELF_TEST.every(({ publicKey, signature }) => {
    const key = hexToBytes(publicKey)!;
    const sig = hexToBytes(signature)!;
    const algorithm = key[0] === 0xed ? "ed25519" : "secp256k1";
    return backend.verify(algorithm, message, sig, key) && !backend.verify(algorithm, tampered, sig, key);
  });
}

/**
 * node:crypto when it loads and passes the self-test, else the noble curves (loaded only then, so
 * Node never pays for the pure-JavaScript curves at start-up).
 */
export async function selectSignatureBackend(): Promise<SignatureBackend> {
  const nodeBackend = createNodeCryptoBackend();
  if (nodeBackend !== undefined && passesSelfTest(nodeBackend)) return nodeBackend;
  const { createNobleBackend } = await import("./noble-crypto.js");
  return createNobleBackend();
}

let defaultEngine: SignatureEngine | undefined;
let loadingEngine: Promise<SignatureEngine> | undefined;

/**
 * The process-wide engine over {@link selectSignatureBackend}, chosen once on first use. Answers
 * the engine itself once it is ready, so the hot path does not wait a turn for a settled promise.
 */
export function getDefaultSignatureEngine(): SignatureEngine | Promise<SignatureEngine> {
  if (defaultEngine !== undefined) return defaultEngine;
  loadingEngine ??= selectSignatureBackend().then((backend) => (defaultEngine = createSignatureEngine(backend)));
  return loadingEngine;
}
