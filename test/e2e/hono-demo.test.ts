/**
 * The Hono example's demo page in real chromium: the Express example's page, served by Hono over
 * the fetch handler (sealed-cookie session), with `/api/me` answered by the app's own route
 * through `getSession`.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startHonoExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { assertChromiumInstalled, launchBrowser, type TestBrowser } from "./browser.js";
import { runDemoFlow } from "./demo-flow.js";

describe("Hono example demo page in chromium", () => {
  let ledger: MockRippled | undefined;
  let example: ExampleProcess | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    assertChromiumInstalled();
    ledger = await startMockRippled();
    // As `npm run example:hono` runs it: no APP_DOMAIN, development mode, so the library accepts
    // the loopback hosts the page is served from. buildClient: the page script as the example's
    // start script builds it (the Express example's public/client.js), from the library built by
    // `npm run test:e2e`.
    example = await startHonoExample({ buildClient: true, env: { XRPL_NODE_URL: ledger.url, APP_DOMAIN: undefined } });
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
      meRoutePath: "/api/me",
      verifyRoutePath: "/api/auth/verify",
      name: "hono",
      ledger: ledger!,
    });
    expect(result.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  });
});
