// Claims with the better-auth plugin: real better-auth on PostgreSQL over loopback HTTP, the
// real verifier, the mock ledger as the node. An account with the required credential signs in
// and its session row keeps the claims; one without it gets 403 `requirements_not_met` with
// `missing` and no session; a session ends at the next revalidation after the credential is
// deleted, and a claim that is only read is updated on the row in place.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xrpl, xrplSessionClaims, type XrplPluginOptions } from "../../src/better-auth/index.js";
import { createDevWallet, createMockLedger, type MockLedger } from "../../src/testing/index.js";
import { createVerifier } from "../../src/verify/create-verifier.js";
import { deleteKyc, giveKyc, giveMembership, testClaims } from "../support/claims-ledger.js";
import { betterAuthApp, browser, dropSchemas, startApp, verifyByHand, type App, type Tab } from "./harness.js";

let ledger: MockLedger;
beforeAll(async () => {
  ledger = await createMockLedger();
});
afterAll(async () => {
  await ledger?.stop();
  await dropSchemas();
});

async function startClaimsApp(plugin: Partial<XrplPluginOptions> = {}): Promise<{ app: App; advance(seconds: number): void }> {
  let offsetMs = 0;
  const verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 500, requestTimeoutMs: 500 });
  const app = await startApp((env) =>
    betterAuthApp(
      env,
      [xrpl({ verifier, now: () => Date.now() + offsetMs, claims: testClaims(), requireClaims: ["kyc"], ...plugin })],
      { session: { updateAge: 0 } },
      () => verifier.close(),
    ),
  );
  return { app, advance: (seconds) => void (offsetMs += seconds * 1000) };
}

/** The tab's session as better-auth answers it: the XRPL address and the claims on the row, or null. */
async function sessionOf(app: App, tab: Tab) {
  const signedIn = await app.auth.api.getSession({ headers: new Headers({ cookie: tab.jar.header() }) });
  if (signedIn === null) return null;
  return { address: (signedIn.session as { xrplAddress?: string }).xrplAddress, claims: xrplSessionClaims(signedIn.session) };
}

describe("better-auth plugin with claims", () => {
  it("signs in an account with the credential and keeps its claims on the session", async () => {
    const { app } = await startClaimsApp();
    try {
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      giveKyc(ledger, address);
      const tab = browser(app);
      expect((await verifyByHand(tab, wallet)).error).toBeNull();
      expect(await sessionOf(app, tab)).toEqual({ address, claims: { kyc: true, member: false } });
    } finally {
      await app.close();
    }
  });

  it("refuses an account without the credential: 403 requirements_not_met with missing, no user, no session", async () => {
    const { app } = await startClaimsApp();
    try {
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      ledger.setAccount(address, {});
      const tab = browser(app);
      const answer = await verifyByHand(tab, wallet);
      expect(answer.data).toBeNull();
      expect(answer.error).toMatchObject({
        status: 403,
        code: "requirements_not_met",
        message: "Account does not meet the sign-in requirements.",
        missing: ["kyc"],
      });
      expect(await sessionOf(app, tab)).toBeNull();
      const context = await app.auth.$context;
      // Nothing was created for the address.
      expect(await context.internalAdapter.findAccountOwnerByKey({ providerId: "xrpl", accountId: address })).toBeFalsy();
    } finally {
      await app.close();
    }
  });

  it("ends the session at the next revalidation after the credential is deleted; other claims are updated on the row", async () => {
    const { app, advance } = await startClaimsApp({ revalidateAfterSeconds: 60 });
    try {
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      giveKyc(ledger, address);
      const tab = browser(app);
      expect((await verifyByHand(tab, wallet)).error).toBeNull();

      giveMembership(ledger, address);
      advance(61);
      expect(await sessionOf(app, tab)).toEqual({ address, claims: { kyc: true, member: true } });

      deleteKyc(ledger, address);
      expect((await sessionOf(app, tab))?.address).toBe(address);
      advance(61);
      expect(await sessionOf(app, tab)).toBeNull();
      expect((await tab.fetch(`${app.baseUrl}/api/profile`)).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
