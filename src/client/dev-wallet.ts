import { InvalidOptionsError } from "../errors.js";
import type { DevKeys } from "./dev-wallet-crypto.js";
import { buildSignInTransaction, utf8Hex } from "./transaction.js";
import type { Wallet, WalletProof } from "./types.js";

/**
 * Options of `createDevWallet`.
 *
 * @example
 * ```ts
 * const options: DevWalletOptions = { algorithm: "ecdsa-secp256k1", proof: "signedTx" };
 * ```
 */
export interface DevWalletOptions {
  /** Key algorithm, as ripple-keypairs names it. Default `"ed25519"` (or the algorithm of `seed`); must agree with `seed` when both are given. */
  algorithm?: "ed25519" | "ecdsa-secp256k1";
  /** Proof kind `sign()` answers with. Default `"signature"`. */
  proof?: "signature" | "signedTx";
  /** Family seed (`s...`, `sEd...` for ed25519) to reuse an account; default: a new random one. */
  seed?: string;
  /** Network id written into the signed transaction (`NetworkID` only above 1024). Default 0. */
  networkId?: number;
}

/**
 * A development wallet: a key pair held in page memory. See `createDevWallet`.
 *
 * @example
 * ```ts
 * const wallet: DevWallet = createDevWallet();
 * console.log(await wallet.getAddress());
 * ```
 */
export interface DevWallet extends Wallet {
  readonly algorithm: "ed25519" | "ecdsa-secp256k1";
  readonly proof: "signature" | "signedTx";
  getAddress(): Promise<string>;
  /** The 33-byte public key, hex (`ED...`, `02...` or `03...`). */
  getPublicKey(): Promise<string>;
  sign(message: string): Promise<WalletProof>;
  /** The family seed: keep it (sessionStorage) to come back to the same account. It is the private key. */
  exportSeed(): Promise<string>;
  /** The same keys, answering with another proof kind. */
  withProof(proof: "signature" | "signedTx"): DevWallet;
}

const SEED = /^s[1-9A-HJ-NP-Za-km-z]{20,40}$/;

/**
 * DEVELOPMENT ONLY. A wallet whose key pair is made in the page (ripple-keypairs, entropy from
 * `crypto.getRandomValues`) or from `seed`, for demos and tests. The secret lives in page memory
 * and wherever you put `exportSeed()`: never use it for an account that holds value.
 *
 * `sign(message)` answers `{ signatureKind: "signature", signature, publicKey }` (a compact
 * signature of the message, default) or `{ signatureKind: "signedTx", txBlob }` (the
 * `buildSignInTransaction` transaction, signed) as `proof` says. The crypto code (ripple-keypairs)
 * is loaded on first use, so pages that never create a dev wallet do not carry it; that is why
 * `getAddress()`, `sign()` and `exportSeed()` are asynchronous.
 *
 * @example
 * ```ts
 * import { createAuthController, createDevWallet, createHttpAdapter } from "sign-in-with-xrpl/client";
 *
 * const saved = sessionStorage.getItem("dev-seed") ?? undefined;
 * const wallet = createDevWallet(saved === undefined ? {} : { seed: saved });
 * sessionStorage.setItem("dev-seed", await wallet.exportSeed()); // same account after a reload
 * const controller = createAuthController({ wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export function createDevWallet(options: DevWalletOptions = {}): DevWallet {
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError("sign-in-with-xrpl: createDevWallet takes { algorithm?, proof?, seed?, networkId? } or nothing.");
  }
  const { seed, networkId } = options;
  if (seed !== undefined && (typeof seed !== "string" || !SEED.test(seed))) {
    throw new InvalidOptionsError("sign-in-with-xrpl: createDevWallet `seed` must be an XRPL family seed (s...).");
  }
  const seedAlgorithm = seed === undefined ? undefined : seed.startsWith("sEd") ? "ed25519" : "ecdsa-secp256k1";
  const algorithm = options.algorithm ?? seedAlgorithm ?? "ed25519";
  if (algorithm !== "ed25519" && algorithm !== "ecdsa-secp256k1") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createDevWallet \`algorithm\` is "ed25519" or "ecdsa-secp256k1"; got ${JSON.stringify(algorithm)}.`,
    );
  }
  if (seedAlgorithm !== undefined && seedAlgorithm !== algorithm) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createDevWallet \`seed\` is an ${seedAlgorithm} seed but \`algorithm\` says ${algorithm}: drop \`algorithm\` or pass a matching seed.`,
    );
  }
  if (networkId !== undefined && (!Number.isInteger(networkId) || networkId < 0 || networkId > 0xffffffff)) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: createDevWallet \`networkId\` must be an integer from 0 to 4294967295.`);
  }
  const proof = checkProof(options.proof ?? "signature");

  let keys: Promise<DevKeys> | undefined;
  const loadKeys = (): Promise<DevKeys> =>
    (keys ??= import("./dev-wallet-crypto.js").then((crypto) => {
      try {
        return crypto.createKeys(algorithm, seed);
      } catch (error) {
        throw new InvalidOptionsError(
          `sign-in-with-xrpl: createDevWallet could not use \`seed\`: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
    }));

  return makeWallet(algorithm, proof, networkId, loadKeys);
}

function checkProof(proof: unknown): "signature" | "signedTx" {
  if (proof !== "signature" && proof !== "signedTx") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createDevWallet \`proof\` is "signature" or "signedTx"; got ${JSON.stringify(proof)}.`,
    );
  }
  return proof;
}

function makeWallet(
  algorithm: "ed25519" | "ecdsa-secp256k1",
  proof: "signature" | "signedTx",
  networkId: number | undefined,
  loadKeys: () => Promise<DevKeys>,
): DevWallet {
  return {
    algorithm,
    proof,
    getAddress: async () => (await loadKeys()).address,
    getPublicKey: async () => (await loadKeys()).publicKey,
    exportSeed: async () => (await loadKeys()).seed,
    async sign(message: string): Promise<WalletProof> {
      if (typeof message !== "string" || message === "") {
        throw new InvalidOptionsError("sign-in-with-xrpl: the dev wallet signs a non-empty message string.");
      }
      const current = await loadKeys();
      const crypto = await import("./dev-wallet-crypto.js");
      if (proof === "signature") {
        return {
          signatureKind: "signature",
          signature: crypto.signHex(utf8Hex(message), current.privateKey),
          publicKey: current.publicKey,
        };
      }
      const tx = buildSignInTransaction(
        networkId === undefined ? { account: current.address, message } : { account: current.address, message, networkId },
      );
      return { signatureKind: "signedTx", txBlob: crypto.signTransaction(tx, current) };
    },
    withProof: (next) => makeWallet(algorithm, checkProof(next), networkId, loadKeys),
  };
}
