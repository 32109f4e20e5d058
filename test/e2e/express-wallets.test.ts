/**
 * The Express example's demo page signs in through real wallets' code in chromium: GemWallet and
 * Crossmark (their real SDKs, chunks the page loads on first use) against stand-ins of their
 * extensions, a wallet-kit adapter (Otsu) against Otsu's provider, and Xaman through the real
 * `xumm-sdk` on the server against a stand-in of Xaman's platform, whose "phone" signs the
 * SignIn pseudo-transaction. Each sign-in is the exact proof that wallet produces (the page's
 * verify request is checked against the wallet's signing code), checked by the server with a mock
 * ledger node.
 */
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import type { Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSignInTransaction } from "../../src/client/transaction.js";
import {
  crossmarkSignature,
  gemWalletSignature,
  otsuSignedTransaction,
  WALLET_SEEDS,
  xamanSignInBlob,
} from "../fixtures/wallets/vectors.js";
import { startExpressExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { installStandIns, type StandIns } from "../support/wallet-stand-ins/index.js";
import { startXamanPlatform, type XamanPlatform } from "../support/xaman-platform.js";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { ARTIFACTS_DIR, assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";

const WAIT_MS = 30_000;
const ME = "/api/me";

let ledger: MockRippled;
let platform: XamanPlatform;
let example: ExampleProcess;
let browser: TestBrowser;

beforeAll(async () => {
  assertChromiumInstalled();
  ledger = await startMockRippled();
  platform = await startXamanPlatform();
  example = await startExpressExample({
    buildClient: true,
    env: {
      XRPL_NODE_URL: ledger.url,
      APP_DOMAIN: undefined,
      XAMAN_API_KEY: platform.apiKey,
      XAMAN_API_SECRET: platform.apiSecret,
      XAMAN_ENDPOINT: platform.url,
    },
  });
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await example?.stop();
  await platform?.stop();
  await ledger?.stop();
});

function keysOf(seed: string) {
  const { publicKey, privateKey } = deriveKeypair(seed);
  return { publicKey, privateKey, address: deriveAddress(publicKey) };
}

async function openDemo(standIns: StandIns): Promise<{ page: Page; errors: string[]; verifyBodies: Record<string, unknown>[] }> {
  const page = await browser.context.newPage();
  const log = collectPageErrors(page, ME);
  const verifyBodies: Record<string, unknown>[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === "/api/auth/verify") {
      verifyBodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  await installStandIns(page, standIns);
  await page.goto(example.url);
  await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
  return { page, errors: log.errors, verifyBodies };
}

async function waitForPage(page: Page, expected: { status: string; address: string }): Promise<void> {
  const shown = () =>
    page.evaluate(() => ({
      status: document.querySelector('[data-testid="session-status"]')?.textContent ?? null,
      address: document.querySelector('[data-testid="session-address"]')?.textContent ?? null,
      busy: document.querySelector("main")?.getAttribute("aria-busy") ?? null,
    }));
  await expect.poll(shown, { timeout: WAIT_MS }).toEqual({ ...expected, busy: "false" });
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await waitForPage(page, { status: "unauthenticated", address: "" });
}

describe("the Express demo page signs in with real wallets in chromium", () => {
  it("offers the dev wallet in development, Xaman (configured), and no extension wallet when none is installed", async () => {
    const { page, errors } = await openDemo({});
    expect(await page.getByTestId("wallets-found").textContent()).toBe("Wallets found: Xaman.");
    await expect.poll(() => page.getByRole("button", { name: "Sign in with message signature", exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Sign in with GemWallet" }).count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(["ed25519", "secp256k1"] as const)(
    "GemWallet (%s): the proof is the signature GemWallet makes of the text, with its public key",
    async (curve) => {
      const keys = keysOf(WALLET_SEEDS[curve]);
      const { page, errors, verifyBodies } = await openDemo({ gemWallet: { seed: WALLET_SEEDS[curve] } });
      await page.getByRole("button", { name: "Sign in with GemWallet", exact: true }).click();
      await waitForPage(page, { status: "authenticated", address: keys.address });
      const body = verifyBodies.at(-1)!;
      expect(body).toEqual({
        message: await page.getByTestId("signed-message").textContent(),
        signatureKind: "signature",
        signature: gemWalletSignature(body["message"] as string, keys.privateKey),
        publicKey: keys.publicKey,
        address: keys.address,
      });
      await signOut(page);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it.each(["ed25519", "secp256k1"] as const)(
    "Crossmark (%s): the proof is Crossmark's signature over the message's UTF-8 hex",
    async (curve) => {
      const keys = keysOf(WALLET_SEEDS[curve]);
      const { page, errors, verifyBodies } = await openDemo({ crossmark: { seed: WALLET_SEEDS[curve] } });
      await page.getByRole("button", { name: "Sign in with Crossmark", exact: true }).click();
      await waitForPage(page, { status: "authenticated", address: keys.address });
      const body = verifyBodies.at(-1)!;
      const hex = Buffer.from(body["message"] as string, "utf8")
        .toString("hex")
        .toUpperCase();
      expect(body).toEqual({
        message: await page.getByTestId("signed-message").textContent(),
        signatureKind: "signature",
        signature: crossmarkSignature(hex, keys.privateKey),
        publicKey: keys.publicKey,
        address: keys.address,
      });
      await signOut(page);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("a wallet-kit adapter (Otsu, secp256k1): the proof is the sign-in transaction Otsu signs; the server asks the ledger", async () => {
    const keys = keysOf(WALLET_SEEDS.secp256k1);
    const { page, errors, verifyBodies } = await openDemo({ otsu: { seed: WALLET_SEEDS.secp256k1 } });
    const lookups = ledger.requestCount("account_info");
    await page.getByRole("button", { name: "Sign in with Otsu Wallet", exact: true }).click();
    await waitForPage(page, { status: "authenticated", address: keys.address });
    const body = verifyBodies.at(-1)!;
    const tx = { ...buildSignInTransaction({ account: keys.address, message: body["message"] as string }) };
    expect(body).toEqual({
      message: body["message"],
      signatureKind: "signedTx",
      txBlob: otsuSignedTransaction(tx, keys),
      address: keys.address,
    });
    expect(ledger.requestCount("account_info")).toBeGreaterThan(lookups);
    await signOut(page);
    expect(errors).toEqual([]);
    await page.close();
  });

  it.each(["ed25519", "secp256k1"] as const)(
    "Xaman (%s): a SignIn sign request shown as QR code and link, signed on the phone, verified as usual",
    async (curve) => {
      const keys = keysOf(WALLET_SEEDS[curve]);
      const { page, errors, verifyBodies } = await openDemo({});
      await page.getByRole("button", { name: "Sign in with Xaman", exact: true }).click();

      // 1. The identify request: the page shows its QR code and link; the user signs on the phone.
      const identify = await platform.nextPayload();
      await expect
        .poll(() => page.getByTestId("xaman-qr").getAttribute("src"), { timeout: WAIT_MS })
        .toBe(`${platform.url}/sign/${identify.uuid}_q.png`);
      expect(await page.getByTestId("xaman-link").getAttribute("href")).toBe(`${platform.url}/sign/${identify.uuid}`);
      mkdirSync(ARTIFACTS_DIR, { recursive: true });
      await page.screenshot({ path: join(ARTIFACTS_DIR, `express-xaman-request-${curve}.png`), fullPage: true });
      platform.open(identify.uuid);
      platform.sign(identify.uuid, WALLET_SEEDS[curve]);

      // 2. The sign-in request carries the message in its first memo, for that account.
      const signIn = await platform.nextPayload();
      const txjson = signIn.created["txjson"] as { Account: string; Memos: { Memo: { MemoData: string } }[] };
      expect(txjson.Account).toBe(keys.address);
      const hex = platform.sign(signIn.uuid, WALLET_SEEDS[curve]);
      await waitForPage(page, { status: "authenticated", address: keys.address });
      expect(await page.getByTestId("xaman-qr").isVisible()).toBe(false);

      const body = verifyBodies.at(-1)!;
      expect(Buffer.from(txjson.Memos[0]!.Memo.MemoData, "hex").toString("utf8")).toBe(body["message"]);
      expect(body).toEqual({ message: body["message"], signatureKind: "signedTx", txBlob: hex, address: keys.address });
      expect(hex).toBe(xamanSignInBlob(signIn.created["txjson"] as Record<string, unknown>, keys));
      await signOut(page);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it("shows a refusal: the user declines in GemWallet", async () => {
    const { page } = await openDemo({ gemWallet: { seed: WALLET_SEEDS.ed25519, behavior: "refuse" } });
    await page.getByRole("button", { name: "Sign in with GemWallet", exact: true }).click();
    await waitForPage(page, { status: "error", address: "" });
    expect(await page.getByTestId("session-error").textContent()).toContain("GemWallet did not share the account");
    await page.close();
  });
});
