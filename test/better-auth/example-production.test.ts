// The better-auth example's network and scheme rules (examples/better-auth/auth.ts, from its
// environment), end to end on a real loopback server and PostgreSQL: with NODE_ENV=production a
// message whose URI is not https: signs nobody in, where the same message signs in during
// development; mainnet only unless XRPL_CHAIN_ID names another network.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth, type AuthEnv } from "../../examples/better-auth/auth.js";
import { createDevWallet } from "../../src/testing/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { browser, dropSchemas, SECRET, startApp, verifyByHand, whoIs, type App } from "./harness.js";

let ledger: MockRippled;
const apps: App[] = [];

beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
  await ledger?.stop();
  await dropSchemas();
});

/** The example app with `env` on top of the test's database, URL, secret and node. */
async function startExample(env: Partial<AuthEnv>): Promise<App> {
  const app = await startApp((base) => createAuth({ ...base, BETTER_AUTH_SECRET: SECRET, XRPL_NODE_URL: ledger.url, ...env }));
  apps.push(app);
  return app;
}

describe("better-auth example: network and URI scheme", () => {
  it("with NODE_ENV=production, refuses a message whose URI is http: (uri_mismatch); in development the same message signs in", async () => {
    const production = await startExample({ NODE_ENV: "production" });
    const refused = await verifyByHand(browser(production), createDevWallet());
    expect(refused.error).toMatchObject({ status: 400, code: "uri_mismatch", message: "URI does not match." });

    const development = await startExample({ NODE_ENV: "development" });
    const tab = browser(development);
    const wallet = createDevWallet();
    expect((await verifyByHand(tab, wallet)).error).toBeNull();
    expect((await whoIs(development, tab))?.address).toBe(await wallet.getAddress());
  });

  it("accepts mainnet only by default, and the network XRPL_CHAIN_ID names when set", async () => {
    const mainnet = await startExample({});
    for (const chainId of ["xrpl:1", "xrpl:21338"]) {
      expect((await verifyByHand(browser(mainnet), createDevWallet(), { chainId })).error).toMatchObject({
        status: 400,
        code: "chain_mismatch",
      });
    }
    const testnet = await startExample({ XRPL_CHAIN_ID: "xrpl:1" });
    expect((await verifyByHand(browser(testnet), createDevWallet(), { chainId: "xrpl:1" })).error).toBeNull();
    expect((await verifyByHand(browser(testnet), createDevWallet(), { chainId: "xrpl:0" })).error).toMatchObject({
      code: "chain_mismatch",
    });
  });
});
