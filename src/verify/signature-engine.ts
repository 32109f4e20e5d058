import { bytesToHex, hexToBytes } from "../shared/hex.js";
import { classicAddressOfPublicKey } from "./account-address.js";
import { canonicalPublicKeyAlgorithm, isCanonicalDerSignature, isCanonicalSignature, type KeyAlgorithm } from "./canonical.js";
import { createNodeCryptoBackend } from "./node-crypto.js";
import { composeBackend, type SignatureBackend, type SignatureBackends } from "./signature-backend.js";
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

/** Builds an engine over one backend (tests build both to compare them). */
export function createSignatureEngine(backend: SignatureBackend): SignatureEngine {
  return {
    backend,
    verify(data, signature, publicKey) {
      const algorithm = canonicalPublicKeyAlgorithm(publicKey);
      if (algorithm === undefined || !isCanonicalSignature(algorithm, signature)) return false;
      return backend.verify(algorithm, data, signature, publicKey);
    },
    // Not cached: deriving an address in JavaScript (two one-block hashes and base58) costs about
    // what a cache's hex key and Map lookup would, and each sign-in's key is mostly new.
    addressOf: classicAddressOfPublicKey,
    async recoverSecp256k1(data, signature) {
      if (!isCanonicalDerSignature(signature)) return [];
      recovery ??= import("./secp256k1-recovery.js");
      const { recoverSecp256k1Keys } = await recovery;
      return recoverSecp256k1Keys(backend.sha512Half(data), signature);
    },
  };
}

let recovery: Promise<typeof Secp256k1Recovery> | undefined;

// The ripple-keypairs fixture (api.json): one known-good signature per curve, used to prove at
// start-up that a backend really verifies XRPL signatures of that curve (and refuses a tampered
// message), and known answers for the hashes transactions are checked with.
const SELF_TEST_MESSAGE = "test message";
const CURVE_SELF_TESTS: Record<KeyAlgorithm, { publicKey: string; signature: string }> = {
  ed25519: {
    publicKey: "ED01FA53FA5A7E77798F882ECE20B1ABC00BB358A9E55A202D0D0676BD0CE37A63",
    signature:
      "CB199E1BFD4E3DAA105E4832EEDFA36413E1F44205E4EFB9E27E826044C21E3E2E848BBC8195E8959BADF887599B7310AD1B7047EF11B682E0D068F73749750E",
  },
  secp256k1: {
    publicKey: "030D58EB48B4420B1F7B9DF55087E0E29FEF0E8468F9A6825B01CA2C361042D435",
    signature:
      "30440220583A91C95E54E6A651C47BEC22744E0B101E2C4060E7B08F6341657DAD9BC3EE02207D1489C7395DB0188D3A56A977ECBA54B36FA9371B40319655B1B4429E33EF2D",
  },
};
const HASH_SELF_TEST = {
  /** SHA-256("abc"), FIPS 180-2. */
  sha256: "BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD",
  /** The first half of SHA-512("abc"), FIPS 180-2. */
  sha512Half: "DDAF35A193617ABACC417349AE20413112E6FA4E89A97EA20A9EEEE64B55D39A",
} as const;

/** Whether `backend` verifies the known signature of `curve` and refuses it over a tampered message. */
export function passesCurveSelfTest(backend: SignatureBackend, curve: KeyAlgorithm): boolean {
  const { publicKey, signature } = CURVE_SELF_TESTS[curve];
  const encoder = new TextEncoder();
  try {
    const key = hexToBytes(publicKey)!;
    const sig = hexToBytes(signature)!;
    return (
      backend.verify(curve, encoder.encode(SELF_TEST_MESSAGE), sig, key) &&
      !backend.verify(curve, encoder.encode(`${SELF_TEST_MESSAGE.slice(0, -1)}f`), sig, key)
    );
  } catch {
    return false;
  }
}

/** Whether `backend`'s hashes give the known answers. */
export function passesHashSelfTest(backend: SignatureBackend): boolean {
  try {
    const abc = new TextEncoder().encode("abc");
    return bytesToHex(backend.sha256(abc)) === HASH_SELF_TEST.sha256 && bytesToHex(backend.sha512Half(abc)) === HASH_SELF_TEST.sha512Half;
  } catch {
    return false;
  }
}

/**
 * The runtime's node:crypto for every part that passes its self-test (ed25519, secp256k1, the
 * hashes, each on its own), the noble curves for the rest: loaded only when a part needs them, so
 * Node never pays for the pure-JavaScript curves, and a runtime that lacks one curve (Bun has no
 * secp256k1) still checks the other natively.
 */
export async function selectSignatureBackend(): Promise<SignatureBackend> {
  const native = createNodeCryptoBackend();
  const nativeHas = {
    ed25519: native !== undefined && passesCurveSelfTest(native, "ed25519"),
    secp256k1: native !== undefined && passesCurveSelfTest(native, "secp256k1"),
    hashes: native !== undefined && passesHashSelfTest(native),
  };
  if (native !== undefined && nativeHas.ed25519 && nativeHas.secp256k1 && nativeHas.hashes) return native;
  const { createNobleBackend } = await import("./noble-crypto.js");
  const noble = createNobleBackend();
  const pick = (ok: boolean): SignatureBackend => (ok && native !== undefined ? native : noble);
  return composeBackend({ ed25519: pick(nativeHas.ed25519), secp256k1: pick(nativeHas.secp256k1), hashes: pick(nativeHas.hashes) });
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

/**
 * Which implementation checks each curve, and hashes transactions, in this runtime:
 * `"node:crypto"` (the runtime's native crypto) or `"noble"` (pure JavaScript, several times
 * slower). The verifier chooses once per process, part by part, by a known-answer self-test; this
 * answers that same choice (making it on first call). Use it to see why sign-ins are slow on a
 * runtime, or to check a deployment: Node and Deno check both curves natively, Bun checks ed25519
 * natively and secp256k1 with noble (its crypto has no secp256k1), Cloudflare Workers without
 * `nodejs_compat` use noble throughout.
 *
 * @example
 * ```ts
 * import { signatureBackends } from "sign-in-with-xrpl";
 *
 * const backends = await signatureBackends();
 * if (backends.ed25519 !== "node:crypto") console.warn("ed25519 sign-ins are checked in pure JavaScript here", backends);
 * ```
 */
export async function signatureBackends(): Promise<SignatureBackends> {
  const engine = await getDefaultSignatureEngine();
  return { ...engine.backend.parts };
}
