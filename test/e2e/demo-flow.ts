/**
 * The browser walk-through every example demo page must pass: sign in by message signature,
 * survive a reload, sign out, sign in by signed transaction; no page errors on the way. Each
 * example's demo test file runs it through `defineDemoPageSuite`.
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Request } from "playwright-core";
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { ARTIFACTS_DIR, assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";

/** Where the demo pages keep the dev wallet's seed (sessionStorage): both pages use this key. */
export const DEV_WALLET_SEED_KEY = "sign-in-with-xrpl-demo:dev-wallet-seed";

export interface DemoFlowOptions {
  page: Page;
  baseUrl: string;
  /** `/api/me` (the Express example) or `/api/auth/me` (the Next example, the fetch handler). */
  meRoutePath: string;
  verifyRoutePath: string;
  /** Screenshot file names start with this (`express`, `next`). */
  name: string;
  ledger: MockRippled;
}

export interface DemoFlowResult {
  address: string;
  screenshots: string[];
}

export interface DemoPageSuite {
  /** The suite's title, e.g. "Express example demo page in chromium". */
  title: string;
  /** Screenshot file names start with this (`express`, `hono`, `next`). */
  name: string;
  /** Where the page reads the session: `/api/me` or `/api/auth/me`. */
  meRoutePath: string;
  /** Starts the example as its one demo command does, talking to the mock ledger at `ledgerUrl`. */
  start(ledgerUrl: string): Promise<ExampleProcess>;
}

/**
 * The demo-page suite of one example in real chromium: a mock ledger, the example started the
 * way its demo command starts it, a browser, and the whole walk-through of `runDemoFlow`.
 */
export function defineDemoPageSuite(suite: DemoPageSuite): void {
  describe(suite.title, () => {
    let ledger: MockRippled | undefined;
    let example: ExampleProcess | undefined;
    let browser: TestBrowser | undefined;

    beforeAll(async () => {
      assertChromiumInstalled();
      ledger = await startMockRippled();
      example = await suite.start(ledger.url);
      browser = await launchBrowser();
    });

    afterAll(async () => {
      await browser?.close();
      await example?.stop();
      await ledger?.stop();
    });

    it("signs in by message signature, restores it on reload, signs out, shows a refused proof, signs in by signed transaction", async () => {
      const page = await browser!.context.newPage();
      const result = await runDemoFlow({
        page,
        baseUrl: example!.url,
        meRoutePath: suite.meRoutePath,
        verifyRoutePath: "/api/auth/verify",
        name: suite.name,
        ledger: ledger!,
      });
      expect(result.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    });
  });
}

const WAIT_MS = 30_000;
/** AccountRoot flag: the master key may not sign (lsfDisableMaster). */
const LSF_DISABLE_MASTER = 0x0010_0000;

/** Runs the whole walk-through and asserts every step. */
export async function runDemoFlow(options: DemoFlowOptions): Promise<DemoFlowResult> {
  const { page, baseUrl, meRoutePath, verifyRoutePath, name, ledger } = options;
  const pageErrors = collectPageErrors(page, meRoutePath);
  const verifyBodies: Record<string, unknown>[] = [];
  page.on("request", (request: Request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === verifyRoutePath) {
      verifyBodies.push(request.postDataJSON() as Record<string, unknown>);
    }
  });
  const screenshots: string[] = [];
  mkdirSync(ARTIFACTS_DIR, { recursive: true });

  const sessionAddress = page.getByTestId("session-address");
  const signInBySignature = page.getByRole("button", { name: "Sign in with message signature", exact: true });
  const signInByTransaction = page.getByRole("button", { name: "Sign in with signed transaction", exact: true });
  const signOut = page.getByRole("button", { name: "Sign out", exact: true });

  // A fresh profile: nobody is signed in.
  await openDemo(page, baseUrl);
  expect(await sessionAddress.textContent()).toBe("");
  expect(await readMe(page, meRoutePath)).toEqual({ status: 401, body: { error: "Not authenticated." } });

  // The dev wallet lives in the tab's sessionStorage: derive its address independently.
  const seed = await page.evaluate((key) => sessionStorage.getItem(key), DEV_WALLET_SEED_KEY);
  expect(seed, "the page keeps the dev wallet seed in sessionStorage").toBeTruthy();
  const address = deriveAddress(deriveKeypair(seed as string).publicKey);
  expect(await page.getByTestId("wallet-address").textContent()).toBe(address);

  // 1. Message signature.
  await signInBySignature.click();
  await waitForPage(page, { status: "authenticated", address });
  expect(await readMe(page, meRoutePath)).toEqual({ status: 200, body: { address } });
  const signedMessage = (await page.getByTestId("signed-message").textContent()) ?? "";
  expect(signedMessage).toContain(`wants you to sign in with your XRPL account:\n${address}\n`);
  expect(signedMessage).toContain("\nChain ID: 0\n");
  const signatureRequest = verifyBodies.at(-1);
  expect(signatureRequest).toMatchObject({ signatureKind: "signature", address, message: signedMessage });
  expect(JSON.parse((await page.getByTestId("proof").textContent()) ?? "")).toEqual({
    signatureKind: "signature",
    signature: signatureRequest?.["signature"],
    publicKey: signatureRequest?.["publicKey"],
  });
  expect(await page.getByTestId("me-result").textContent()).toContain(address);
  screenshots.push(await screenshot(page, `${name}-signed-in.png`));

  // 2. Reload: the session is restored from the me route, with the same dev wallet.
  await openDemo(page, baseUrl, { reload: true });
  await waitForPage(page, { status: "authenticated", address });
  expect(await page.evaluate((key) => sessionStorage.getItem(key), DEV_WALLET_SEED_KEY)).toBe(seed);
  expect(await page.getByTestId("wallet-address").textContent()).toBe(address);

  // 3. Sign out.
  await signOut.click();
  await waitForPage(page, { status: "unauthenticated", address: "" });
  expect(await page.getByTestId("me-result").textContent()).toContain("Not authenticated.");
  expect(await readMe(page, meRoutePath)).toEqual({ status: 401, body: { error: "Not authenticated." } });

  // 4. A refusal is shown: the ledger says the account disabled its master key, so the dev
  //    wallet's signed transaction proves nothing (401 `Signature verification failed.`).
  ledger.setAccount(address, { flags: LSF_DISABLE_MASTER });
  const stopExpecting = pageErrors.expectFailedRequest(verifyRoutePath, 401);
  await signInByTransaction.click();
  await waitForPage(page, { status: "error", address: "" });
  expect(await page.getByTestId("session-error").textContent()).toContain("Signature verification failed.");
  expect(await readMe(page, meRoutePath)).toEqual({ status: 401, body: { error: "Not authenticated." } });
  stopExpecting();
  screenshots.push(await screenshot(page, `${name}-refused.png`));

  // 5. Signed transaction: the server asks the (mock) ledger who holds authority over the account.
  ledger.setAccount(address, {});
  const lookupsBefore = ledger.requestCount("account_info");
  await signInByTransaction.click();
  await waitForPage(page, { status: "authenticated", address });
  expect(await page.getByTestId("session-error").textContent()).toBe("");
  expect(await readMe(page, meRoutePath)).toEqual({ status: 200, body: { address } });
  const transactionRequest = verifyBodies.at(-1);
  expect(transactionRequest).toMatchObject({ signatureKind: "signedTx", address });
  expect(transactionRequest?.["txBlob"]).toMatch(/^[0-9A-F]+$/i);
  expect(transactionRequest?.["message"]).toBe(await page.getByTestId("signed-message").textContent());
  expect(JSON.parse((await page.getByTestId("proof").textContent()) ?? "")).toEqual({
    signatureKind: "signedTx",
    txBlob: transactionRequest?.["txBlob"],
  });
  expect(ledger.requestCount("account_info")).toBeGreaterThan(lookupsBefore);
  screenshots.push(await screenshot(page, `${name}-signed-in-transaction.png`));

  expect(pageErrors.errors, "page errors and console errors").toEqual([]);
  return { address, screenshots };
}

async function openDemo(page: Page, baseUrl: string, { reload = false } = {}): Promise<void> {
  if (reload) await page.reload();
  else await page.goto(baseUrl);
  // The pages mark themselves ready once the dev wallet exists and the session restore is done.
  await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
}

/**
 * Waits until the page shows `expected` and is idle again (`aria-busy="false"` on `<main>`): the
 * controller's state changes before the server has answered (a sign-out is local at once), and
 * the page clears `aria-busy` only once the action and its me check are done.
 */
async function waitForPage(page: Page, expected: { status: string; address: string }): Promise<void> {
  const shown = () =>
    page.evaluate(() => ({
      status: document.querySelector('[data-testid="session-status"]')?.textContent ?? null,
      address: document.querySelector('[data-testid="session-address"]')?.textContent ?? null,
      busy: document.querySelector("main")?.getAttribute("aria-busy") ?? null,
    }));
  await expect.poll(shown, { timeout: WAIT_MS }).toEqual({ ...expected, busy: "false" });
}

async function readMe(page: Page, meRoutePath: string): Promise<{ status: number; body: unknown }> {
  return page.evaluate(async (path) => {
    const response = await fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
    return { status: response.status, body: (await response.json()) as unknown };
  }, meRoutePath);
}

async function screenshot(page: Page, fileName: string): Promise<string> {
  const path = join(ARTIFACTS_DIR, fileName);
  await page.screenshot({ path, fullPage: true });
  return path;
}
