/**
 * Installs the wallet stand-ins of `in-page.ts` (the extension side of GemWallet's and Crossmark's
 * page protocols, Otsu's injected provider, a wallet-kit adapter over it) into a chromium page
 * before its scripts run. See `in-page.ts` for the protocols and their sources.
 */
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import type { Page } from "playwright-core";

export type StandInBehavior = "approve" | "refuse" | "locked";

export interface StandInWallet {
  /** Family seed of the account the wallet holds (`sEd...` is ed25519). */
  seed: string;
  behavior?: StandInBehavior;
}

export interface StandIns {
  gemWallet?: StandInWallet;
  crossmark?: StandInWallet;
  /** Otsu's provider at `window.xrpl`, and a wallet-kit adapter over it in `window.walletKitAdapters`. */
  otsu?: StandInWallet;
}

let bundled: Promise<string> | undefined;

/** The in-page stand-ins, bundled once per run (ripple-keypairs, ripple-binary-codec, noble inside). */
export function standInBundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [fileURLToPath(new URL("./in-page.ts", import.meta.url))],
    bundle: true,
    platform: "browser",
    format: "iife",
    target: "es2022",
    write: false,
    logLevel: "silent",
  }).then((result) => result.outputFiles[0]!.text);
  return bundled;
}

/** Adds the chosen stand-ins to every document `page` opens from now on. */
export async function installStandIns(page: Page, standIns: StandIns): Promise<void> {
  const calls: string[] = [];
  const config = (wallet: StandInWallet) => JSON.stringify({ seed: wallet.seed, behavior: wallet.behavior ?? "approve" });
  if (standIns.gemWallet) calls.push(`__standIns.installGemWallet(${config(standIns.gemWallet)});`);
  if (standIns.crossmark) calls.push(`__standIns.installCrossmark(${config(standIns.crossmark)});`);
  if (standIns.otsu) calls.push(`__standIns.installOtsu(${config(standIns.otsu)}); __standIns.registerWalletKitOtsuAdapter();`);
  await page.addInitScript({ content: `${await standInBundle()}\n${calls.join("\n")}` });
}
