/**
 * The Next example's demo page (a sealed-cookie session: iron-session, `/api/auth/me`) in real chromium.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prepareLaunchEnvironment } from "../../examples/next/launch-env.mjs";
import { buildNextExample, startNextExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { assertChromiumInstalled, launchBrowser, type TestBrowser } from "./browser.js";
import { runDemoFlow } from "./demo-flow.js";

describe("Next example demo page in chromium", () => {
  let ledger: MockRippled | undefined;
  let example: ExampleProcess | undefined;
  let browser: TestBrowser | undefined;

  beforeAll(async () => {
    assertChromiumInstalled();
    // `next build` (skipped when the last build is newer than the app and the library).
    await buildNextExample();
    ledger = await startMockRippled();
    // As `npm run example:next` runs it for a demo: no APP_DOMAIN given, so the launcher's
    // loopback hosts are the expected domains (the page is served from 127.0.0.1).
    const prepared = prepareLaunchEnvironment({ APP_DOMAIN: undefined });
    if ("problem" in prepared) throw new Error(prepared.problem);
    example = await startNextExample({ env: { XRPL_NODE_URL: ledger.url, APP_DOMAIN: prepared.env.APP_DOMAIN } });
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
      meRoutePath: "/api/auth/me",
      verifyRoutePath: "/api/auth/verify",
      name: "next",
      ledger: ledger!,
    });
    expect(result.address).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/);
  });
});
