/**
 * The library's wallets in real chromium, each over its wallet's real, unmodified SDK
 * (`@gemwallet/api`, `@crossmarkio/sdk`) or a wallet-kit adapter, answered by stand-ins of the
 * extensions (test/support/wallet-stand-ins) that sign with real keys. Both curves; the proof each
 * hands the controller must be byte for byte the conformance vector of that wallet
 * (test/fixtures/wallets), and it must verify. A user who refuses, a locked wallet, an absent one.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { build, type OutputFile } from "esbuild";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compactSignature, createVerifier, signedTransaction } from "../../src/verify/index.js";
import type { LedgerReader, Verifier } from "../../src/verify/types.js";
import { buildWalletVectors, vectorMessage, WALLET_SEEDS, type Curve, type WalletVector } from "../fixtures/wallets/vectors.js";
import { installStandIns, type StandIns } from "../support/wallet-stand-ins/index.js";
import { assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";

const { vectors } = buildWalletVectors();
const vectorOf = (wallet: WalletVector["wallet"], curve: Curve) =>
  vectors.find((vector) => vector.wallet === wallet && vector.curve === curve)!;

let server: Server | undefined;
let base: string;
let browser: TestBrowser;
let verifier: Verifier;

const ledgerReader: LedgerReader = {
  getAccountAuthority: (address) => Promise.resolve({ account: address, exists: true, masterDisabled: false }),
  getNetworkId: () => Promise.resolve(0),
};

beforeAll(async () => {
  assertChromiumInstalled();
  // The page as an application's bundler makes it: ESM with code splitting, so each SDK is a chunk.
  const result = await build({
    entryPoints: { page: fileURLToPath(new URL("./wallet-page/page.ts", import.meta.url)) },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    outdir: "/wallet-page",
    write: false,
    logLevel: "silent",
  });
  const files = new Map<string, OutputFile>(result.outputFiles.map((file) => [file.path.replace(/^\/wallet-page/u, ""), file]));
  server = createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path === "/") {
      response.writeHead(200, { "content-type": "text/html" });
      response.end('<!doctype html><title>wallets</title><link rel="icon" href="data:,"><script type="module" src="/page.js"></script>');
      return;
    }
    const file = files.get(path);
    if (file === undefined) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": "text/javascript" });
    response.end(file.contents);
  });
  const listening = server;
  await new Promise<void>((resolve) => listening.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(listening.address() as AddressInfo).port}/`;
  browser = await launchBrowser();
  verifier = createVerifier({ ledgerReader, strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
});

afterAll(async () => {
  await verifier?.close();
  await browser?.close();
  // beforeAll may stop before the server exists (chromium missing): then there is nothing to close.
  const running = server;
  if (running !== undefined) await new Promise<void>((resolve) => running.close(() => resolve()));
});

interface Outcome {
  ok: boolean;
  address?: string;
  proof?: Record<string, unknown>;
  walletError?: boolean;
  step?: string;
  reason?: string;
  message?: string;
}

async function openPage(standIns: StandIns): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.context.newPage();
  const log = collectPageErrors(page, "/none");
  await installStandIns(page, standIns);
  await page.goto(base);
  await page.waitForFunction(() => "harness" in window);
  return { page, errors: log.errors };
}

function signIn(page: Page, kind: string, message: string): Promise<Outcome> {
  return page.evaluate(
    ([which, text]) => (window as unknown as { harness: { signIn(k: string, m: string): Promise<Outcome> } }).harness.signIn(which, text),
    [kind, message] as const,
  );
}

describe.each(["ed25519", "secp256k1"] as const)("wallets in chromium, %s accounts", (curve) => {
  const seed = WALLET_SEEDS[curve];

  it("GemWallet: @gemwallet/api gets the address and public key, signs the text; the proof is GemWallet's vector and verifies", async () => {
    const vector = vectorOf("gemwallet", curve);
    const { page, errors } = await openPage({ gemWallet: { seed } });
    const outcome = await signIn(page, "gemwallet", vectorMessage(vector.address));
    expect(outcome).toEqual({ ok: true, address: vector.address, proof: vector.proof });
    expect(await verifier.verify({ message: vector.message, address: vector.address, ...vector.proof })).toBe(true);
    expect(
      await page.evaluate(() => (window as unknown as { __standIns: { log: { type: string; detail: unknown }[] } }).__standIns.log.at(-1)),
    ).toEqual({
      wallet: "gemwallet",
      type: "REQUEST_SIGN_MESSAGE/V3",
      detail: vector.message,
    });
    expect(errors).toEqual([]);
    await page.close();
  });

  it("Crossmark: @crossmarkio/sdk sends the message's UTF-8 hex to signInAndWait; the proof is Crossmark's vector and verifies", async () => {
    const vector = vectorOf("crossmark", curve);
    const { page, errors } = await openPage({ crossmark: { seed } });
    const outcome = await signIn(page, "crossmark", vectorMessage(vector.address));
    expect(outcome).toEqual({ ok: true, address: vector.address, proof: vector.proof });
    expect(await verifier.verify({ message: vector.message, address: vector.address, ...vector.proof })).toBe(true);
    const asked = await page.evaluate(() =>
      (window as unknown as { __standIns: { log: { wallet: string; type: string; detail: unknown }[] } }).__standIns.log.filter(
        (entry) => entry.type === "sign",
      ),
    );
    expect(asked.at(-1)?.detail).toBe(vector.input);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("a wallet-kit adapter (Otsu): signTransaction of the sign-in transaction; the blob is Otsu's vector and verifies", async () => {
    const vector = vectorOf("otsu (wallet-kit, signTransaction)", curve);
    const { page, errors } = await openPage({ otsu: { seed } });
    const outcome = await signIn(page, "wallet-kit", vectorMessage(vector.address));
    expect(outcome).toEqual({ ok: true, address: vector.address, proof: vector.proof });
    expect(await verifier.verify({ message: vector.message, address: vector.address, ...vector.proof })).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });
});

describe("wallets that refuse, are locked or absent", () => {
  const seed = WALLET_SEEDS.ed25519;

  it("GemWallet: a declined popup (or a locked wallet whose popup is closed) is a refusal; no extension is unavailable", async () => {
    for (const behavior of ["refuse", "locked"] as const) {
      const { page } = await openPage({ gemWallet: { seed, behavior } });
      expect(await signIn(page, "gemwallet", "unused")).toMatchObject({ ok: false, walletError: true, step: "address", reason: "refused" });
      await page.close();
    }
    const { page } = await openPage({});
    expect(await signIn(page, "gemwallet", "unused")).toMatchObject({
      ok: false,
      walletError: true,
      step: "address",
      reason: "unavailable",
      message: "GemWallet is not installed in this browser.",
    });
    await page.close();
  });

  it("GemWallet: shares the account, then the user declines the signature", async () => {
    const { page } = await openPage({ gemWallet: { seed } });
    await page.evaluate(() => {
      const original = (window as unknown as { __gemWallet: { setBehavior(b: string): void } }).__gemWallet;
      // Decline only what comes after the account: the next request is the signature.
      window.addEventListener("message", (event) => {
        if ((event.data as { type?: string })?.type === "REQUEST_SIGN_MESSAGE/V3") original.setBehavior("refuse");
      });
    });
    expect(await signIn(page, "gemwallet", "unused")).toMatchObject({ ok: false, walletError: true, step: "sign", reason: "refused" });
    await page.close();
  });

  it("Crossmark: declined is a refusal, locked is locked, no extension is unavailable", async () => {
    const declined = await openPage({ crossmark: { seed, behavior: "refuse" } });
    const address = await declined.page.evaluate(() => (window as unknown as { __crossmark: { address(): string } }).__crossmark.address());
    // The SDK's session may not know the account yet, so Crossmark is asked to sign in first: declined there.
    expect(await signIn(declined.page, "crossmark", vectorMessage(address))).toMatchObject({
      ok: false,
      walletError: true,
      reason: "refused",
    });
    await declined.page.close();
    const locked = await openPage({ crossmark: { seed, behavior: "locked" } });
    expect(await signIn(locked.page, "crossmark", "unused")).toMatchObject({
      ok: false,
      walletError: true,
      step: "address",
      reason: "locked",
      message: "Crossmark is locked: unlock it and try again.",
    });
    await locked.page.close();
    const absent = await openPage({});
    expect(await signIn(absent.page, "crossmark", "unused")).toMatchObject({
      ok: false,
      walletError: true,
      step: "address",
      reason: "unavailable",
      message: "Crossmark is not installed in this browser.",
    });
    await absent.page.close();
  });

  it("wallet-kit: a declined connection is a refusal; Otsu's own message signature is one the verifier refuses", async () => {
    const declined = await openPage({ otsu: { seed, behavior: "refuse" } });
    expect(await signIn(declined.page, "wallet-kit", "unused")).toMatchObject({
      ok: false,
      walletError: true,
      step: "address",
      reason: "refused",
    });
    await declined.page.close();

    const vector = vectorOf("otsu (wallet-kit, signMessage)", "secp256k1");
    const { page } = await openPage({ otsu: { seed: WALLET_SEEDS.secp256k1 } });
    const outcome = await signIn(page, "wallet-kit-message", vector.message);
    expect(outcome).toEqual({ ok: true, address: vector.address, proof: vector.proof });
    expect(await verifier.verify({ message: vector.message, address: vector.address, ...vector.proof })).toBe(false);
    await page.close();
  });
});

describe("detectWallets in chromium", () => {
  it("finds each installed wallet, loads an SDK only to ask GemWallet, and nothing when none is installed", async () => {
    const gem = await openPage({ gemWallet: { seed: WALLET_SEEDS.ed25519 } });
    expect(await gem.page.evaluate(() => (window as unknown as { harness: { detect(): Promise<unknown> } }).harness.detect())).toEqual([
      { id: "gemwallet", name: "GemWallet", via: "sdk" },
    ]);
    await gem.page.close();

    const crossmark = await openPage({ crossmark: { seed: WALLET_SEEDS.ed25519 } });
    const before = await crossmark.page.evaluate(() =>
      (window as unknown as { harness: { loadedScripts(): string[] } }).harness.loadedScripts(),
    );
    expect(
      await crossmark.page.evaluate(() => (window as unknown as { harness: { detect(): Promise<unknown> } }).harness.detect()),
    ).toEqual([{ id: "crossmark", name: "Crossmark", via: "sdk" }]);
    // Detection read the object Crossmark injects; only GemWallet's SDK chunk was fetched to ask GemWallet.
    const after = await crossmark.page.evaluate(() =>
      (window as unknown as { harness: { loadedScripts(): string[] } }).harness.loadedScripts(),
    );
    expect(after.length - before.length).toBe(1);
    await crossmark.page.close();

    const otsu = await openPage({ otsu: { seed: WALLET_SEEDS.ed25519 } });
    expect(await otsu.page.evaluate(() => (window as unknown as { harness: { detect(): Promise<unknown> } }).harness.detect())).toEqual([
      { id: "otsu", name: "Otsu Wallet", via: "wallet-kit" },
    ]);
    await otsu.page.close();

    const none = await openPage({});
    expect(await none.page.evaluate(() => (window as unknown as { harness: { detect(): Promise<unknown> } }).harness.detect())).toEqual([]);
    await none.page.close();
  });
});
