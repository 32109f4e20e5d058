import { createCrossmarkWallet, type CrossmarkSdk } from "./crossmark.js";
import { createGemWallet, type GemWalletSdk } from "./gemwallet.js";
import { sdkLoader, type SdkSource } from "./sdk-source.js";
import { fromWalletKitAdapter, type WalletKitAdapter } from "./wallet-kit.js";
import type { Wallet } from "../types.js";

/**
 * Options of `detectWallets`: the wallets the page supports. Leave out the ones it does not.
 *
 * @example
 * ```ts
 * const options: DetectWalletsOptions = {
 *   gemWallet: () => import("@gemwallet/api"),
 *   crossmark: () => import("@crossmarkio/sdk"),
 * };
 * ```
 */
export interface DetectWalletsOptions {
  /** `@gemwallet/api` (or its loader): GemWallet is looked for with its own `isInstalled()`. */
  gemWallet?: SdkSource<GemWalletSdk>;
  /** `@crossmarkio/sdk` (or its loader): Crossmark is looked for by the object its extension injects, without loading the SDK. */
  crossmark?: SdkSource<CrossmarkSdk>;
  /** Wallet-kit adapters: each one whose `isAvailable()` says yes (or that has none) is listed. */
  walletKit?: readonly WalletKitAdapter[];
  /** How long to wait for extensions to announce themselves, in milliseconds. Default 1500. */
  timeoutMs?: number;
}

/**
 * A wallet this browser has, ready for the controller.
 *
 * @example
 * ```ts
 * const found: DetectedWallet[] = await detectWallets({ crossmark: () => import("@crossmarkio/sdk") });
 * for (const { id, name } of found) addButton(id, `Sign in with ${name}`);
 * ```
 */
export interface DetectedWallet {
  /** `"gemwallet"`, `"crossmark"`, or the wallet-kit adapter's `metadata.id`. */
  id: string;
  name: string;
  /** Where it came from: the wallet's own SDK, or a wallet-kit adapter. */
  via: "sdk" | "wallet-kit";
  wallet: Wallet;
}

const DEFAULT_TIMEOUT_MS = 1500;
const POLL_MS = 100;

/**
 * Which of the wallets the page supports this browser has, in the order GemWallet, Crossmark,
 * then the wallet-kit adapters as given. It never opens a wallet prompt.
 *
 * - GemWallet's extension answers only its own messages, so it is asked with the SDK's
 *   `isInstalled()` (the SDK is loaded for that; it is small).
 * - Crossmark's extension injects `window.xrpl` with `isCrossmark`; that is what is looked for
 *   (for up to `timeoutMs`), so its SDK is loaded only when the user picks it.
 * - A wallet-kit adapter is listed when its `isAvailable()` resolves true (or it has none: a
 *   mobile or WalletConnect wallet is always "available"); one that throws is left out.
 *
 * @example
 * ```ts
 * import { detectWallets, createAuthController, createHttpAdapter } from "sign-in-with-xrpl/client";
 * const wallets = await detectWallets({ gemWallet: () => import("@gemwallet/api"), crossmark: () => import("@crossmarkio/sdk") });
 * const controller = createAuthController({ wallet: wallets[0].wallet, adapter: createHttpAdapter(), chainId: "xrpl:0" });
 * ```
 */
export async function detectWallets(options: DetectWalletsOptions = {}): Promise<DetectedWallet[]> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const gemWallet = options.gemWallet;
  const crossmark = options.crossmark;
  const [hasGemWallet, hasCrossmark, adapters] = await Promise.all([
    gemWallet === undefined ? false : gemWalletInstalled(gemWallet),
    crossmark === undefined ? false : crossmarkInjected(timeoutMs),
    Promise.all(
      (options.walletKit ?? []).map(async (adapter) => {
        try {
          return typeof adapter.isAvailable !== "function" || (await adapter.isAvailable()) === true ? adapter : undefined;
        } catch {
          return undefined;
        }
      }),
    ),
  ]);
  const found: DetectedWallet[] = [];
  if (hasGemWallet && gemWallet !== undefined) {
    found.push({ id: "gemwallet", name: "GemWallet", via: "sdk", wallet: createGemWallet({ sdk: gemWallet }) });
  }
  if (hasCrossmark && crossmark !== undefined) {
    found.push({ id: "crossmark", name: "Crossmark", via: "sdk", wallet: createCrossmarkWallet({ sdk: crossmark }) });
  }
  for (const adapter of adapters) {
    if (adapter === undefined) continue;
    try {
      const wallet = fromWalletKitAdapter(adapter);
      found.push({ id: wallet.id, name: wallet.name, via: "wallet-kit", wallet });
    } catch {
      // An adapter that cannot sign in (no signMessage, no signTransaction) is not offered.
    }
  }
  return found;
}

async function gemWalletInstalled(source: SdkSource<GemWalletSdk>): Promise<boolean> {
  try {
    const sdk = await sdkLoader<GemWalletSdk>(source, "isInstalled", "GemWallet")();
    return (await sdk.isInstalled()).result.isInstalled === true;
  } catch {
    return false;
  }
}

async function crossmarkInjected(timeoutMs: number): Promise<boolean> {
  const injected = () => (globalThis as { xrpl?: { isCrossmark?: unknown } }).xrpl?.isCrossmark === true;
  const deadline = Date.now() + timeoutMs;
  while (!injected()) {
    if (Date.now() >= deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return true;
}
