/**
 * openid-client (panva) as the relying party of a real oidc-provider configured by
 * `createXrplOidc`: discovery, PKCE authorization, the interaction's JSON routes signed by real
 * keys, the code exchange (openid-client validates the id_token), userinfo, refresh tokens,
 * RP-initiated logout. The ledger is a mock rippled (signed transactions ask it for the key).
 */
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createVerifier, type Verifier } from "../../src/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { newKeyAccount, newWallet } from "../examples/flow.js";
import { followToRedirectUri, openInteraction, signInteraction, startTestProvider, type TestProvider } from "./harness.js";
import { discoverProvider, exchangeCode, REDIRECT_URI, signInThroughProvider, startAuthorization, type RelyingParty } from "./rp.js";

const CLIENT_SECRET = "relying-party-secret-0123456789abcdef";

describe("openid-client signs a user in through the XRPL OpenID Provider", () => {
  let node: MockRippled;
  let verifier: Verifier;
  let op: TestProvider;
  let rp: RelyingParty;
  let spa: RelyingParty;

  beforeAll(async () => {
    node = await startMockRippled();
    verifier = createVerifier({ nodeUrl: node.url });
    op = await startTestProvider({
      verifier,
      chainId: "xrpl:0",
      clients: [
        {
          client_id: "web-app",
          client_secret: CLIENT_SECRET,
          redirect_uris: [REDIRECT_URI],
          post_logout_redirect_uris: ["http://127.0.0.1:9/signed-out"],
        },
        { client_id: "spa", token_endpoint_auth_method: "none", redirect_uris: [REDIRECT_URI] },
      ],
    });
    rp = await discoverProvider(op.issuer, "web-app", CLIENT_SECRET);
    spa = await discoverProvider(op.issuer, "spa");
  });
  afterAll(async () => {
    await op?.stop();
    await verifier?.close();
    await node?.stop();
  });

  it("discovery names the issuer, the code flow only, S256 PKCE, the XRPL scopes and claims, and an ES256 id_token", () => {
    const metadata = rp.config.serverMetadata();
    expect(metadata.issuer).toBe(op.issuer);
    expect(metadata.response_types_supported).toEqual(["code"]);
    expect(metadata.code_challenge_methods_supported).toEqual(["S256"]);
    expect(metadata.scopes_supported).toEqual(expect.arrayContaining(["openid", "offline_access", "profile", "xrpl", "xrpl_proof"]));
    expect(metadata.claims_supported).toEqual(
      expect.arrayContaining(["sub", "xrpl_address", "xrpl_chain_id", "xrpl_claims", "xrpl_proof"]),
    );
    expect(metadata.id_token_signing_alg_values_supported).toEqual(["ES256"]);
    expect(metadata.registration_endpoint).toBeUndefined();
    expect(metadata.end_session_endpoint).toBe(`${op.issuer}/session/end`);
  });

  it("completes the code flow with PKCE: id_token validated by openid-client, sub the classic address, xrpl_address from userinfo", async () => {
    const account = newKeyAccount();
    const { tokens, interaction } = await signInThroughProvider(rp, "openid xrpl", { account });
    expect(interaction.details).toMatchObject({
      clientId: "web-app",
      redirectUri: REDIRECT_URI,
      scopes: ["openid", "xrpl"],
      domain: new URL(op.issuer).host,
      uri: op.issuer,
      resources: [REDIRECT_URI],
      chainId: "xrpl:0",
      prompt: "login",
    });
    const idToken = tokens.claims()!;
    expect(idToken.sub).toBe(account.address);
    expect(idToken.iss).toBe(op.issuer);
    expect(idToken.aud).toBe("web-app");
    expect(idToken.xrpl_address).toBe(account.address);
    expect(idToken.xrpl_chain_id).toBe("xrpl:0");
    expect(idToken.xrpl_proof).toBeUndefined();
    expect(tokens.refresh_token).toBeUndefined();

    const userinfo = await client.fetchUserInfo(rp.config, tokens.access_token, account.address);
    expect(userinfo).toEqual({ sub: account.address, xrpl_address: account.address, xrpl_chain_id: "xrpl:0" });
  });

  it("scope openid alone gives sub only; profile adds the address as name and preferred_username", async () => {
    const bare = await signInThroughProvider(rp, "openid");
    expect(await client.fetchUserInfo(rp.config, bare.tokens.access_token, bare.address)).toEqual({ sub: bare.address });
    const profile = await signInThroughProvider(rp, "openid profile");
    expect(await client.fetchUserInfo(rp.config, profile.tokens.access_token, profile.address)).toEqual({
      sub: profile.address,
      name: profile.address,
      preferred_username: profile.address,
    });
  });

  it("scope xrpl_proof puts the signed message and signature in the id_token, and verifier.check accepts it as the relying party's own check", async () => {
    const { tokens, address, proof } = await signInThroughProvider(rp, "openid xrpl_proof");
    const claim = tokens.claims()!.xrpl_proof as Record<string, string>;
    expect(claim).toEqual({ message: proof.message, signatureKind: "signature", signature: proof.signature, publicKey: proof.publicKey });
    const check = await verifier.check({ ...claim, address } as never);
    expect(check).toMatchObject({ ok: true, address, authority: "master" });
  });

  it("signs in by signed transaction (the key is read from the ledger), and xrpl_proof carries the txBlob", async () => {
    const wallet = newWallet();
    node.setAccount(wallet.classicAddress, {});
    const lookups = node.requestCount("account_info");
    const { tokens } = await signInThroughProvider(rp, "openid xrpl_proof", { wallet });
    expect(tokens.claims()!.sub).toBe(wallet.classicAddress);
    expect(tokens.claims()!.xrpl_proof).toMatchObject({ signatureKind: "signedTx", txBlob: expect.stringMatching(/^[0-9A-F]+$/u) });
    expect(node.requestCount("account_info")).toBeGreaterThan(lookups);
  });

  it("a public client must use PKCE, and a code exchanged without its verifier is refused", async () => {
    const withoutPkce = client.buildAuthorizationUrl(spa.config, {
      redirect_uri: REDIRECT_URI,
      scope: "openid",
      state: client.randomState(),
    });
    const answer = await fetch(withoutPkce, { redirect: "manual" });
    const back = new URL(answer.headers.get("location")!);
    expect(back.searchParams.get("error")).toBe("invalid_request");
    expect(back.searchParams.get("error_description")).toMatch(/PKCE/u);

    const start = await startAuthorization(spa, "openid");
    const interaction = await openInteraction(start.url);
    const verified = await signInteraction(interaction);
    const callback = await followToRedirectUri(interaction.jar, String(verified.body.redirectTo), REDIRECT_URI);
    await expect(exchangeCode(spa, { ...start, codeVerifier: client.randomPKCECodeVerifier() }, callback)).rejects.toMatchObject({
      error: "invalid_grant",
    });
  });

  it("gives a refresh token only when the client asks for offline_access (with prompt=consent), and the refresh gives a new id_token for the same account", async () => {
    const { tokens, address } = await signInThroughProvider(rp, "openid xrpl offline_access", undefined, { prompt: "consent" });
    expect(typeof tokens.refresh_token).toBe("string");
    const refreshed = await client.refreshTokenGrant(rp.config, tokens.refresh_token!);
    expect(refreshed.claims()!.sub).toBe(address);
    expect(refreshed.claims()!.xrpl_address).toBe(address);

    // A public client's refresh tokens rotate: the first one is used up by its refresh.
    const browser = await signInThroughProvider(spa, "openid offline_access", undefined, { prompt: "consent" });
    const rotated = await client.refreshTokenGrant(spa.config, browser.tokens.refresh_token!);
    expect(rotated.refresh_token).not.toBe(browser.tokens.refresh_token);
    await expect(client.refreshTokenGrant(spa.config, browser.tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });
  });

  it("the same browser is signed in already for the next authorization (no new signature), until RP-initiated logout ends the session", async () => {
    const first = await signInThroughProvider(rp, "openid");
    const again = await startAuthorization(rp, "openid");
    const answer = await first.jar.fetch(again.url, { redirect: "manual" });
    const callback = new URL(answer.headers.get("location")!);
    expect(callback.href.startsWith(REDIRECT_URI)).toBe(true);
    const tokens = await exchangeCode(rp, again, callback);
    expect(tokens.claims()!.sub).toBe(first.address);

    const logout = client.buildEndSessionUrl(rp.config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: "http://127.0.0.1:9/signed-out",
    });
    const confirm = await first.jar.fetch(logout, { redirect: "manual" });
    expect(confirm.status).toBe(200);
    const page = await confirm.text();
    const xsrf = /name="xsrf" value="([^"]+)"/u.exec(page)?.[1];
    const action = /action="([^"]+)"/u.exec(page)?.[1];
    expect(xsrf).toBeDefined();
    const done = await first.jar.fetch(new URL(action!, op.issuer), {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ xsrf: xsrf!, logout: "yes" }),
      redirect: "manual",
    });
    expect(done.headers.get("location")).toMatch(/^http:\/\/127\.0\.0\.1:9\/signed-out/u);
    // Signed out: the next authorization needs the interaction again.
    const after = await startAuthorization(rp, "openid");
    const next = await first.jar.fetch(after.url, { redirect: "manual" });
    expect(new URL(next.headers.get("location")!, op.issuer).pathname).toMatch(/^\/interaction\//u);
  });
});
