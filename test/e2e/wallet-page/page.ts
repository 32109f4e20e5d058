// The page of the wallet tests: the library's wallets over each wallet's real SDK, loaded on first
// use with `() => import(...)` exactly as an application writes it. The test drives it through
// `window.harness` and checks what the wallets hand the controller.
import type { WalletKitAdapter } from "../../../src/client/index.js";
import { createCrossmarkWallet, createGemWallet, detectWallets, fromWalletKitAdapter, WalletError } from "../../../src/client/index.js";
import type { Wallet } from "../../../src/client/types.js";

type Kind = "gemwallet" | "crossmark" | "wallet-kit" | "wallet-kit-message";

function walletKitAdapters(): WalletKitAdapter[] {
  return ((window as unknown as { walletKitAdapters?: WalletKitAdapter[] }).walletKitAdapters ?? []).slice();
}

function wallet(kind: Kind): Wallet {
  if (kind === "gemwallet") return createGemWallet({ sdk: () => import("@gemwallet/api") });
  if (kind === "crossmark") return createCrossmarkWallet({ sdk: () => import("@crossmarkio/sdk"), detectTimeoutMs: 1500 });
  const adapter = walletKitAdapters()[0];
  if (adapter === undefined) throw new Error("no wallet-kit adapter on this page");
  return fromWalletKitAdapter(adapter, kind === "wallet-kit-message" ? { proof: "signature" } : {});
}

(window as unknown as { harness: unknown }).harness = {
  async signIn(kind: Kind, makeMessage: string) {
    try {
      const chosen = wallet(kind);
      const address = await chosen.getAddress();
      // The message names the address the wallet gave: the test hands a template.
      const proof = await chosen.sign(makeMessage.replace("{address}", address));
      return { ok: true, address, proof };
    } catch (error) {
      const failure = error as Partial<WalletError> & Error;
      return {
        ok: false,
        walletError: error instanceof WalletError,
        step: failure.step,
        reason: failure.reason,
        message: failure.message,
      };
    }
  },
  async detect() {
    const found = await detectWallets({
      gemWallet: () => import("@gemwallet/api"),
      crossmark: () => import("@crossmarkio/sdk"),
      walletKit: walletKitAdapters(),
      timeoutMs: 1000,
    });
    return found.map(({ id, name, via }) => ({ id, name, via }));
  },
  /** Which scripts the page has loaded: the SDK chunks appear only once a wallet is used. */
  loadedScripts: () => performance.getEntriesByType("resource").map((entry) => new URL(entry.name).pathname),
};
