import { InvalidOptionsError } from "../../errors.js";
import { WalletError, type WalletFailureReason } from "../errors.js";
import { buildSignInTransaction } from "../transaction.js";
import type { Wallet, WalletProof } from "../types.js";
import { describeThrown, nonEmptyString, pick } from "./sdk-source.js";

/**
 * The part of an `@xrpl-wallet-kit` adapter (its `WalletAdapter` contract, version 1) that
 * `fromWalletKitAdapter` uses. Every wallet-kit adapter (Xaman, Ledger, WalletConnect, Otsu,
 * DropFi, XRPL Snap, GemWallet, Crossmark) has this shape.
 *
 * @example
 * ```ts
 * declare const adapter: WalletKitAdapter; // createOtsuAdapter(), createXamanAdapter({ apiKey }), ...
 * const wallet = fromWalletKitAdapter(adapter);
 * ```
 */
export interface WalletKitAdapter {
  metadata: { id: string; name: string; type?: string; icon?: string };
  capabilities: { connect: boolean; signMessage?: boolean; signTransaction?: boolean };
  isAvailable?: () => boolean | Promise<boolean>;
  connect(options: { network?: unknown; signal?: AbortSignal }): Promise<{ account: { address: string; publicKey?: string } }>;
  signMessage?: (request: { message: string; account?: { address: string; publicKey?: string } }) => Promise<{
    signatureKind: "signature" | "signedTx";
    proof?: string;
    signature?: string;
    txBlob?: string;
    publicKey?: string;
  }>;
  signTransaction?: (request: { txJson: Record<string, unknown> }) => Promise<{ txBlob?: string; signed?: boolean; rejected?: boolean }>;
}

/**
 * Options of `fromWalletKitAdapter`.
 *
 * @example
 * ```ts
 * const options: WalletKitWalletOptions = { proof: "signedTx", networkId: 0 };
 * ```
 */
export interface WalletKitWalletOptions {
  /**
   * Which proof to ask for. Default: the sign-in transaction of `buildSignInTransaction`
   * (`signTransaction`) when the adapter can sign a transaction without submitting it, else a
   * message signature (`signMessage`). `"signature"` asks for `signMessage` even then.
   */
  proof?: "signature" | "signedTx";
  /** Network id written into the sign-in transaction (`NetworkID` only above 1024). Default 0. */
  networkId?: number;
  /** The network object the adapter's `connect` takes, passed through as is. */
  network?: unknown;
}

/**
 * A wallet-kit adapter as the controller's wallet.
 *
 * @example
 * ```ts
 * const wallet: WalletKitWallet = fromWalletKitAdapter(adapter);
 * console.log(wallet.id, wallet.name);
 * ```
 */
export interface WalletKitWallet extends Wallet {
  /** The adapter's `metadata.id` (`"otsu"`, `"xaman"`, ...). */
  readonly id: string;
  /** The adapter's `metadata.name`. */
  readonly name: string;
  getAddress(): Promise<string>;
  sign(message: string): Promise<WalletProof>;
}

/**
 * Any `@xrpl-wallet-kit` adapter as a sign-in wallet.
 *
 * - `getAddress()` connects the adapter (`connect`) and keeps the account it answers.
 * - `sign(message)` asks for the proof whose bytes are known exactly: with
 *   `capabilities.signTransaction` (Ledger, WalletConnect wallets, Otsu), `signTransaction` signs
 *   the `buildSignInTransaction` transaction, which can never be applied to a ledger. Otherwise
 *   (GemWallet, Crossmark, Xaman, DropFi, the XRPL Snap), `signMessage({ message, account })`,
 *   whose result says its kind: a compact signature (the public key from the result or from
 *   `connect`) or a signed transaction carrying the message (Xaman's `SignIn`, the Snap's
 *   payment to itself). A message signature is not the default when both exist because wallets
 *   disagree on what they sign for one (Otsu signs a double SHA-256 of the text with secp256k1,
 *   which no XRPL verifier accepts).
 * - A proof that is missing (some adapters answer an empty signature or blob when the user
 *   declines) or not hex is refused here, with `WalletError`, instead of reaching the server.
 *   Wallet-kit's `SIGN_REJECTED` / `CONNECTION_REJECTED` become `reason: "refused"`,
 *   `WALLET_NOT_INSTALLED` / `WALLET_NOT_AVAILABLE` become `"unavailable"`.
 *
 * @example
 * ```ts
 * import { createAuthController, createHttpAdapter, fromWalletKitAdapter } from "sign-in-with-xrpl/client";
 * import { createOtsuAdapter } from "@xrpl-wallet-kit/adapter-otsu";
 * const wallet = fromWalletKitAdapter(createOtsuAdapter());
 * const controller = createAuthController({ wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export function fromWalletKitAdapter(adapter: WalletKitAdapter, options: WalletKitWalletOptions = {}): WalletKitWallet {
  if (adapter === null || typeof adapter !== "object" || typeof adapter.connect !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: fromWalletKitAdapter needs a wallet-kit adapter (an object with connect()).");
  }
  const name = nonEmptyString(adapter.metadata?.name) ?? nonEmptyString(adapter.metadata?.id) ?? "The wallet";
  const id = nonEmptyString(adapter.metadata?.id) ?? "wallet-kit";
  const canSignMessages = adapter.capabilities?.signMessage === true && typeof adapter.signMessage === "function";
  const canSignTransactions = adapter.capabilities?.signTransaction === true && typeof adapter.signTransaction === "function";
  if (!canSignMessages && !canSignTransactions) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: fromWalletKitAdapter: the ${name} adapter can neither sign messages nor sign transactions without submitting them, so it cannot sign in.`,
    );
  }
  if (options.proof !== undefined && options.proof !== "signature" && options.proof !== "signedTx") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: fromWalletKitAdapter \`proof\` is "signature" or "signedTx".`);
  }
  if (options.proof === "signedTx" && !canSignTransactions) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: fromWalletKitAdapter: the ${name} adapter cannot sign a transaction without submitting it; leave \`proof\` out.`,
    );
  }
  if (options.proof === "signature" && !canSignMessages) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: fromWalletKitAdapter: the ${name} adapter cannot sign messages; leave \`proof\` out.`,
    );
  }
  const useTransaction = options.proof === undefined ? canSignTransactions : options.proof === "signedTx";
  let account: { address: string; publicKey?: string } | undefined;

  function failure(step: "address" | "sign", error: unknown): WalletError {
    if (error instanceof WalletError) return error;
    const code = pick(error, ["code"]);
    const reason: WalletFailureReason =
      code === "SIGN_REJECTED" || code === "CONNECTION_REJECTED"
        ? "refused"
        : code === "WALLET_NOT_INSTALLED" || code === "WALLET_NOT_AVAILABLE"
          ? "unavailable"
          : "failed";
    const what = step === "address" ? "connect" : "sign";
    return new WalletError(step, `${name} did not ${what}: ${describeThrown(error)}`, { cause: error, reason });
  }

  async function connect(): Promise<string> {
    try {
      const result = await adapter.connect(options.network === undefined ? {} : { network: options.network });
      const address = nonEmptyString(result?.account?.address);
      if (address === undefined) throw new WalletError("address", `${name} connected but gave no address.`, { reason: "failed" });
      const publicKey = nonEmptyString(result.account.publicKey);
      account = publicKey === undefined ? { address } : { address, publicKey };
      return address;
    } catch (error) {
      throw failure("address", error);
    }
  }

  return {
    id,
    name,
    getAddress: connect,
    async sign(message: string): Promise<WalletProof> {
      if (account === undefined) await connect();
      const signer = account!;
      try {
        if (useTransaction) {
          const txJson = buildSignInTransaction(
            options.networkId === undefined
              ? { account: signer.address, message }
              : { account: signer.address, message, networkId: options.networkId },
          );
          const result = await adapter.signTransaction!({ txJson: { ...txJson } });
          if (result?.rejected === true)
            throw new WalletError("sign", `${name} did not sign: the request was declined.`, { reason: "refused" });
          return { signatureKind: "signedTx", txBlob: hexProof(name, result?.txBlob) };
        }
        const result = await adapter.signMessage!({ message, account: signer });
        if (result?.signatureKind === "signedTx") {
          return { signatureKind: "signedTx", txBlob: hexProof(name, result.txBlob ?? result.proof) };
        }
        const signature = hexProof(name, result?.signature ?? result?.proof);
        const publicKey = nonEmptyString(result?.publicKey) ?? signer.publicKey;
        return publicKey === undefined ? { signatureKind: "signature", signature } : { signatureKind: "signature", signature, publicKey };
      } catch (error) {
        throw failure("sign", error);
      }
    },
  };
}

const HEX = /^(?:[0-9A-Fa-f]{2})+$/u;

/** The proof an adapter answered, when it is hex; a missing or empty one is a refusal. */
function hexProof(name: string, proof: unknown): string {
  const value = nonEmptyString(proof);
  if (value === undefined)
    throw new WalletError("sign", `${name} answered without a proof: the request was declined.`, { reason: "refused" });
  if (!HEX.test(value)) throw new WalletError("sign", `${name} answered a proof that is not hex.`, { reason: "failed" });
  return value;
}
