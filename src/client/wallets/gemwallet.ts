import { WalletError } from "../errors.js";
import type { Wallet, WalletProof } from "../types.js";
import { checkSdkSource, describeThrown, nonEmptyString, sdkLoader, type SdkSource } from "./sdk-source.js";

/**
 * What `createGemWallet` calls in `@gemwallet/api` (version 3): the part of the SDK it uses.
 *
 * @example
 * ```ts
 * import * as gemWallet from "@gemwallet/api";
 * const sdk: GemWalletSdk = gemWallet;
 * ```
 */
export interface GemWalletSdk {
  isInstalled(): Promise<{ result: { isInstalled: boolean } }>;
  getPublicKey(): Promise<{ type: string; result?: { address: string; publicKey: string } | undefined | null }>;
  signMessage(message: string, isHex?: boolean): Promise<{ type: string; result?: { signedMessage: string } | undefined | null }>;
}

/**
 * Options of `createGemWallet`.
 *
 * @example
 * ```ts
 * const options: GemWalletOptions = { sdk: () => import("@gemwallet/api") };
 * ```
 */
export interface GemWalletOptions {
  /** `@gemwallet/api`: the module, or `() => import("@gemwallet/api")` to load it on first use. */
  sdk: SdkSource<GemWalletSdk>;
}

/**
 * A GemWallet that remembers the account it gave: `getAddress()` asks the extension once.
 *
 * @example
 * ```ts
 * const wallet: GemWalletWallet = createGemWallet({ sdk: () => import("@gemwallet/api") });
 * console.log(await wallet.getPublicKey());
 * ```
 */
export interface GemWalletWallet extends Wallet {
  readonly id: "gemwallet";
  getAddress(): Promise<string>;
  /** The account's public key as GemWallet shares it (`ED...` or `02...`/`03...`), asking the extension if needed. */
  getPublicKey(): Promise<string>;
  sign(message: string): Promise<WalletProof>;
}

const NAME = "GemWallet";

/**
 * GemWallet, the browser extension, as a sign-in wallet, over its own SDK `@gemwallet/api`.
 *
 * - `getAddress()` asks the extension for the account's address and public key in one prompt
 *   (`getPublicKey()`; GemWallet remembers a site the user trusted).
 * - `sign(message)` hands GemWallet the message text (`signMessage(message)`); the extension
 *   signs the message's UTF-8 bytes with ripple-keypairs (ed25519 as is, secp256k1 over
 *   SHA-512Half) and answers the signature in hex. The proof is
 *   `{ signatureKind: "signature", signature, publicKey }`: GemWallet does not return the public
 *   key with the signature, and an ed25519 signature cannot be checked without it.
 * - Refusals reject with `WalletError`: `reason: "unavailable"` when the extension is not
 *   installed (or the SDK could not load), `"refused"` when the user declined or closed the popup
 *   (GemWallet answers a locked wallet by asking for its password in that popup, so "locked" looks
 *   the same as "declined" to the page).
 *
 * @example
 * ```ts
 * import { createAuthController, createGemWallet, createHttpAdapter } from "sign-in-with-xrpl/client";
 * const wallet = createGemWallet({ sdk: () => import("@gemwallet/api") });
 * const controller = createAuthController({ wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export function createGemWallet(options: GemWalletOptions): GemWalletWallet {
  checkSdkSource("createGemWallet", options?.sdk, '{ sdk: () => import("@gemwallet/api") }');
  const load = sdkLoader<GemWalletSdk>(options.sdk, "signMessage", NAME);
  let account: Promise<{ address: string; publicKey: string }> | undefined;

  async function ready(step: "address" | "sign"): Promise<GemWalletSdk> {
    const sdk = await load();
    let installed: boolean;
    try {
      // Also what the SDK needs before any other call: it marks the extension as present.
      installed = (await sdk.isInstalled()).result.isInstalled === true;
    } catch (error) {
      throw new WalletError(step, `${NAME} could not be reached: ${describeThrown(error)}`, { cause: error, reason: "unavailable" });
    }
    if (!installed) throw new WalletError(step, `${NAME} is not installed in this browser.`, { reason: "unavailable" });
    return sdk;
  }

  function readAccount(): Promise<{ address: string; publicKey: string }> {
    account ??= (async () => {
      const sdk = await ready("address");
      let answer: Awaited<ReturnType<GemWalletSdk["getPublicKey"]>>;
      try {
        answer = await sdk.getPublicKey();
      } catch (error) {
        throw new WalletError("address", `${NAME} gave no account: ${describeThrown(error)}`, { cause: error, reason: "failed" });
      }
      const address = nonEmptyString(answer?.result?.address);
      const publicKey = nonEmptyString(answer?.result?.publicKey);
      if (answer?.type !== "response" || address === undefined || publicKey === undefined) {
        throw new WalletError("address", `${NAME} did not share the account: the request was declined or its window closed.`, {
          reason: "refused",
        });
      }
      return { address, publicKey };
    })().catch((error: unknown) => {
      account = undefined; // ask again on the next sign-in
      throw error;
    });
    return account;
  }

  return {
    id: "gemwallet",
    getAddress: async () => (await readAccount()).address,
    getPublicKey: async () => (await readAccount()).publicKey,
    async sign(message: string): Promise<WalletProof> {
      const { publicKey } = await readAccount();
      const sdk = await ready("sign");
      let answer: Awaited<ReturnType<GemWalletSdk["signMessage"]>>;
      try {
        // The text, not its hex: GemWallet shows it to the user and signs its UTF-8 bytes.
        answer = await sdk.signMessage(message);
      } catch (error) {
        throw new WalletError("sign", `${NAME} could not sign: ${describeThrown(error)}`, { cause: error, reason: "failed" });
      }
      const signature = nonEmptyString(answer?.result?.signedMessage);
      if (answer?.type !== "response" || signature === undefined) {
        throw new WalletError("sign", `${NAME} did not sign: the request was declined or its window closed.`, { reason: "refused" });
      }
      return { signatureKind: "signature", signature, publicKey };
    },
  };
}
