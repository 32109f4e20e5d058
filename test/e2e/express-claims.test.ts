/**
 * The shared demo page (served by the Express example) shows the ledger claims after sign-in,
 * in real chromium: the example is started with SIGN_IN_CLAIMS and REQUIRE_CLAIMS=kyc against
 * the mock ledger. The dev wallet's account holds an accepted KYC credential and signs in, and
 * the page lists its claims; another tab's account without it is refused with the 403 text, and
 * the page stays signed out.
 */
import type { Page } from "playwright-core";
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startExpressExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { giveKyc, TEST_CLAIMS_JSON } from "../support/claims-ledger.js";
import { ARTIFACTS_DIR, assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";
import { DEV_WALLET_SEED_KEY } from "./demo-flow.js";

const WAIT_MS = 30_000;

describe("the demo page shows the ledger claims (Express example, SIGN_IN_CLAIMS)", () => {
  let ledger: MockRippled | undefined;
  let example: ExampleProcess | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    assertChromiumInstalled();
    ledger = await startMockRippled();
    example = await startExpressExample({
      buildClient: true,
      env: { XRPL_NODE_URL: ledger.url, APP_DOMAIN: undefined, SIGN_IN_CLAIMS: TEST_CLAIMS_JSON, REQUIRE_CLAIMS: "kyc" },
    });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await example?.stop();
    await ledger?.stop();
  });

  /** A new tab on the demo, ready, and the address of its dev wallet (derived from the seed it keeps). */
  async function openTab(): Promise<{ page: Page; address: string }> {
    const page = await browser!.context.newPage();
    await page.goto(example!.url);
    await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
    const seed = await page.evaluate((key) => sessionStorage.getItem(key), DEV_WALLET_SEED_KEY);
    return { page, address: deriveAddress(deriveKeypair(seed!).publicKey) };
  }

  const shown = (page: Page) => () =>
    page.evaluate(() => ({
      status: document.querySelector('[data-testid="session-status"]')?.textContent ?? null,
      claims: document.querySelector('[data-testid="session-claims"]')?.textContent ?? null,
      claimsShown: !(document.getElementById("session-claims-row")?.hidden ?? true),
      busy: document.querySelector("main")?.getAttribute("aria-busy") ?? null,
    }));

  it("lists the claims of the signed-in account", async () => {
    const { page, address } = await openTab();
    const errors = collectPageErrors(page, "/api/me");
    giveKyc(ledger!, address);
    await page.getByRole("button", { name: "Sign in with message signature", exact: true }).click();
    await expect
      .poll(shown(page), { timeout: WAIT_MS })
      .toEqual({ status: "authenticated", claims: "kyc: holds, member: does not hold", claimsShown: true, busy: "false" });
    await page.screenshot({ path: `${ARTIFACTS_DIR}express-claims.png`, fullPage: true });
    // Signed out, the row goes away.
    await page.getByRole("button", { name: "Sign out", exact: true }).click();
    await expect
      .poll(shown(page), { timeout: WAIT_MS })
      .toEqual({ status: "unauthenticated", claims: "", claimsShown: false, busy: "false" });
    expect(errors.errors).toEqual([]);
  });

  it("shows the refusal of an account without the required credential", async () => {
    const { page, address } = await openTab();
    const errors = collectPageErrors(page, "/api/me");
    ledger!.setAccount(address, {});
    const stopExpecting = errors.expectFailedRequest("/api/auth/verify", 403);
    await page.getByRole("button", { name: "Sign in with message signature", exact: true }).click();
    await expect.poll(shown(page), { timeout: WAIT_MS }).toEqual({ status: "error", claims: "", claimsShown: false, busy: "false" });
    expect(await page.getByTestId("session-error").textContent()).toContain("Account does not meet the sign-in requirements.");
    stopExpecting();
    expect(errors.errors).toEqual([]);
  });
});
