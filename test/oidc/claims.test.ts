/**
 * Claims with the OpenID Provider: openid-client as the relying party of a real oidc-provider
 * configured by `createXrplOidc` with `claims` and `requireClaims`, the real verifier, the mock
 * ledger as the node. An account with the required credential completes the authorization and
 * the relying party reads `xrpl_claims` in the id_token and at userinfo; one without it is
 * refused at the interaction's verify route with 403 and `missing`; once the credential is
 * deleted, the next use of the grant's tokens after `revalidateAfterSeconds` is refused.
 */
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { createXrplOidc } from "../../src/oidc/index.js";
import { createMockLedger, type MockLedger } from "../../src/testing/index.js";
import { deleteKyc, giveKyc, giveMembership, testClaims } from "../support/claims-ledger.js";
import { newKeyAccount } from "../examples/flow.js";
import { openInteraction, signInteraction, startTestProvider, type TestProvider } from "./harness.js";
import { discoverProvider, REDIRECT_URI, signInThroughProvider, startAuthorization, type RelyingParty } from "./rp.js";

const CLIENT_SECRET = "relying-party-secret-0123456789abcdef";
const MINUTE = 60_000;

describe("the XRPL OpenID Provider with claims", () => {
  let ledger: MockLedger;
  let verifier: Verifier;
  let op: TestProvider;
  let rp: RelyingParty;
  const clock = { offsetMs: 0 };

  beforeAll(async () => {
    ledger = await createMockLedger();
    verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 500, requestTimeoutMs: 500 });
    op = await startTestProvider({
      verifier,
      chainId: "xrpl:0",
      claims: testClaims(),
      requireClaims: ["kyc"],
      revalidateAfterSeconds: 60,
      now: () => Date.now() + clock.offsetMs,
      clients: [{ client_id: "web-app", client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }],
    });
    rp = await discoverProvider(op.issuer, "web-app", CLIENT_SECRET);
  });
  afterAll(async () => {
    await op?.stop();
    await verifier?.close();
    await ledger?.stop();
  });

  it("gives the relying party the claims as xrpl_claims, in the id_token and at userinfo", async () => {
    const account = newKeyAccount();
    giveKyc(ledger, account.address);
    const { tokens } = await signInThroughProvider(rp, "openid xrpl", { account });
    expect(tokens.claims()).toMatchObject({ sub: account.address, xrpl_claims: { kyc: true, member: false } });
    expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({
      sub: account.address,
      xrpl_claims: { kyc: true, member: false },
    });
  });

  it("refuses an account without the credential at the verify route: 403 with missing, no redirect", async () => {
    const account = newKeyAccount();
    ledger.setAccount(account.address, {});
    const start = await startAuthorization(rp, "openid xrpl");
    const interaction = await openInteraction(start.url);
    const answer = await signInteraction(interaction, { account });
    expect({ status: answer.status, body: answer.body }).toEqual({
      status: 403,
      body: { error: "Account does not meet the sign-in requirements.", missing: ["kyc"] },
    });
  });

  it("refuses the grant's tokens once the credential is deleted, at the first use after revalidateAfterSeconds; other claims are updated", async () => {
    const account = newKeyAccount();
    giveKyc(ledger, account.address);
    const { tokens } = await signInThroughProvider(rp, "openid xrpl offline_access", { account }, { prompt: "consent" });

    giveMembership(ledger, account.address);
    clock.offsetMs += MINUTE + 1;
    expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({
      xrpl_claims: { kyc: true, member: true },
    });

    deleteKyc(ledger, account.address);
    // Within the interval the last reading stands.
    expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({ sub: account.address });
    clock.offsetMs += MINUTE + 1;
    await expect(client.fetchUserInfo(rp.config, tokens.access_token, account.address)).rejects.toMatchObject({ status: 401 });
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
    // For good: a credential given back does not revive the sign-in; the user signs in again.
    giveKyc(ledger, account.address);
    await expect(client.fetchUserInfo(rp.config, tokens.access_token, account.address)).rejects.toMatchObject({ status: 401 });
  });

  it("checks the claims options at creation", () => {
    const base = { issuer: "http://127.0.0.1:9", verifier, production: false } as const;
    expect(() => createXrplOidc({ ...base, claims: testClaims(), requireClaims: ["vip"] })).toThrow(
      /^sign-in-with-xrpl: createXrplOidc: `requireClaims` names "vip", which is not in `claims`/u,
    );
    expect(() => createXrplOidc({ ...base, revalidateAfterSeconds: 60 })).toThrow(InvalidOptionsError);
    expect(() => createXrplOidc({ ...base, claims: testClaims(), revalidateAfterSeconds: 0 })).toThrow(
      /`revalidateAfterSeconds` must be a positive number of seconds/u,
    );
  });
});
