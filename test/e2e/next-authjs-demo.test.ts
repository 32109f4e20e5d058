/**
 * The Next Auth.js example's page in real chromium: the button signs in with a development
 * wallet through next-auth's signIn("xrpl", ...), the page then shows the address from Auth.js's
 * session, and signing out ends it.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildNextAuthjsExample, startNextAuthjsExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";

describe("Next Auth.js example page in chromium", () => {
  let example: ExampleProcess | undefined;
  let browser: TestBrowser | undefined;
  let node: MockRippled | undefined;

  beforeAll(async () => {
    assertChromiumInstalled();
    await buildNextAuthjsExample();
    // The page is served from 127.0.0.1 and signs for the host it is on.
    // Every sign-in asks the ledger (a master key may have been disabled): a mock node answers.
    node = await startMockRippled();
    example = await startNextAuthjsExample({ env: { APP_DOMAIN: "127.0.0.1", XRPL_NODE_URL: node.url } });
    browser = await launchBrowser();
  });

  afterAll(async () => {
    await browser?.close();
    await example?.stop();
    await node?.stop();
  });

  it("signs in with the development wallet, shows the address, signs out", async () => {
    const page = await browser!.context.newPage();
    const log = collectPageErrors(page, "/api/auth/session");
    await page.goto(`${example!.url}/`);
    await expect.poll(() => page.getByTestId("session").textContent()).toBe("Not signed in.");
    await page.getByRole("button", { name: "Sign in with a development wallet" }).click();
    await expect
      .poll(() => page.getByTestId("session").textContent(), { timeout: 20_000 })
      .toMatch(/^Signed in as r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
    const address = (await page.getByTestId("session").locator("code").textContent())!;
    const session = (await (await page.request.get(`${example!.url}/api/auth/session`)).json()) as { user: { id: string } };
    expect(session.user.id).toBe(address);
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect.poll(() => page.getByTestId("session").textContent(), { timeout: 20_000 }).toBe("Not signed in.");
    expect(log.errors).toEqual([]);
  });
});
