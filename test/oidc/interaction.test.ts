/**
 * The interaction's JSON routes against what an attacker (or a careless wallet) sends: a proof
 * used twice, a message for another domain, URI or relying party, an interaction that is not
 * the caller's, bad bodies, wrong methods, racing copies; plus the hook, the way out, and the
 * security headers and host pinning every answer gets. A real oidc-provider on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as client from "openid-client";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { createVerifier, MAX_FAILED_VERIFY_ATTEMPTS, type Verifier } from "../../src/index.js";
import { OIDC_TEXT } from "../../src/oidc/interaction-routes.js";
import { CONTENT_SECURITY_POLICY } from "../../src/oidc/security-headers.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { newKeyAccount, rawRequest, signatureProof } from "../examples/flow.js";
import {
  followToRedirectUri,
  getInteractionNonce,
  interactionMessage,
  openInteraction,
  postInteractionVerify,
  signInteraction,
  startTestProvider,
  type Interaction,
  type TestProvider,
} from "./harness.js";
import { discoverProvider, REDIRECT_URI, startAuthorization, type RelyingParty } from "./rp.js";

const CLIENT = { client_id: "web-app", client_secret: "relying-party-secret-0123456789abcdef", redirect_uris: [REDIRECT_URI] };

describe("the interaction routes", () => {
  let verifier: Verifier;
  // A master key's sign-in asks the ledger whether the account disabled the key.
  let ledger: MockRippled | undefined;
  let op: TestProvider;
  let rp: RelyingParty;
  const hookCalls: { address: string; clientId: string; redirectUri: string; scopes: readonly string[]; uid: string }[] = [];
  const refused = new Set<string>();
  // Accounts whose interaction the hook ends while their proof is being accepted (it expired, or another tab resumed it).
  const endedMeanwhile = new Set<string>();

  beforeAll(async () => {
    // Compact signatures only here: no ledger look-up is needed.
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
    op = await startTestProvider({
      verifier,
      clients: [CLIENT],
      onSignIn: ({ address, request }) => {
        hookCalls.push({
          address,
          clientId: request.clientId,
          redirectUri: request.redirectUri,
          scopes: request.scopes,
          uid: request.interactionUid,
        });
        if (refused.has(address)) return { refuse: { status: 403, message: "This account may not use this application." } };
        if (endedMeanwhile.has(address)) return op.provider.Interaction.find(request.interactionUid).then((found) => found?.destroy());
        return undefined;
      },
    });
    rp = await discoverProvider(op.issuer, CLIENT.client_id, CLIENT.client_secret);
  });
  afterAll(async () => {
    await op?.stop();
    await verifier?.close();
    await ledger?.stop();
  });

  const newInteraction = async (scope = "openid"): Promise<Interaction> => openInteraction((await startAuthorization(rp, scope)).url);

  const proofFor = async (interaction: Interaction, overrides: Parameters<typeof interactionMessage>[3] = {}) => {
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    return { account, body: signatureProof(interactionMessage(interaction, account.address, nonce, overrides), account) };
  };

  it("answers the nonce as { nonce } (its pending copy in the interaction's own sealed cookie, no session cookie): a new nonce replaces it", async () => {
    const interaction = await newInteraction();
    const { body, account } = await proofFor(interaction);
    expect(Object.keys((await getInteractionNonce(interaction)).body)).toEqual(["nonce"]);
    expect(interaction.jar.lastSetCookie("siwx_interaction")).toBeUndefined();
    // The proof names the nonce that was replaced.
    expect(await postInteractionVerify(interaction, body)).toMatchObject({ status: 400, body: { error: "Nonce does not match." } });
    const fresh = String((await getInteractionNonce(interaction)).body.nonce);
    expect(fresh).toMatch(/^[0-9a-f]{32}$/u);
    const honest = signatureProof(interactionMessage(interaction, account.address, fresh), account);
    expect((await postInteractionVerify(interaction, honest)).status).toBe(200);
  });

  it("answers the details and a fresh nonce in one call at start: the nonce replaces a pending one, and the verify accepts it once", async () => {
    const interaction = await newInteraction();
    const account = newKeyAccount();
    const earlier = String((await getInteractionNonce(interaction)).body.nonce);
    const start = await interaction.jar.fetch(`${interaction.url}/start`);
    expect(start.status).toBe(200);
    expect(start.headers.get("cache-control")).toBe("no-store");
    const { nonce, ...details } = (await start.json()) as Record<string, unknown>;
    // The details route's answer, field for field, and the nonce route's nonce.
    expect(details).toEqual(interaction.details);
    expect(nonce).toMatch(/^[0-9a-f]{32}$/u);
    expect(nonce).not.toBe(earlier);
    expect(interaction.jar.lastSetCookie("siwx_interaction")).toBeUndefined();
    // The nonce the start replaced signs no one in.
    const stale = signatureProof(interactionMessage(interaction, account.address, earlier), account);
    expect(await postInteractionVerify(interaction, stale)).toMatchObject({ status: 400, body: { error: "Nonce does not match." } });
    const proof = signatureProof(interactionMessage(interaction, account.address, String(nonce)), account);
    expect(await postInteractionVerify(interaction, proof)).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
    // Once.
    expect(await postInteractionVerify(interaction, proof)).toMatchObject({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });
    // GET only, as the nonce route.
    const posted = await interaction.jar.fetch(`${interaction.url}/start`, { method: "POST" });
    expect({ status: posted.status, allow: posted.headers.get("allow") }).toEqual({ status: 405, allow: "GET" });
  });

  it("refuses the same proof sent twice: again in its interaction, from a copy of the browser, and in another interaction", async () => {
    const interaction = await newInteraction();
    const { body } = await proofFor(interaction);
    const otherTab = interaction.jar.clone();
    const first = await postInteractionVerify(interaction, body);
    expect(first).toMatchObject({ status: 200, body: { ok: true, address: body.address } });
    expect(String(first.body.redirectTo)).toBe(`${op.issuer}/auth/${interaction.uid}`);

    // The sign-in used up the pending nonce, for every copy of the browser's cookies.
    for (const jar of [interaction.jar, otherTab]) {
      expect(await postInteractionVerify(interaction, body, jar)).toMatchObject({
        status: 400,
        body: { error: "No pending nonce. Request /nonce first." },
      });
    }
    // Another authorization's interaction has its own nonce.
    const other = await newInteraction();
    await getInteractionNonce(other);
    expect(await postInteractionVerify(other, body)).toMatchObject({ status: 400, body: { error: "Nonce does not match." } });
  });

  it("pins the message's domain to the issuer's host and its URI to the issuer, whatever the request's Host says", async () => {
    const interaction = await newInteraction();
    const attacker = await proofFor(interaction, { domain: "attacker.example" });
    const answer = await rawRequest(interaction.jar, `${interaction.url}/verify`, {
      method: "POST",
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example" },
      body: attacker.body,
    });
    expect(answer).toEqual({ status: 400, body: { error: "Domain does not match." } });
    const wrongUri = await proofFor(interaction, { uri: "https://attacker.example" });
    expect(await postInteractionVerify(interaction, wrongUri.body)).toMatchObject({ status: 400, body: { error: "URI does not match." } });
  });

  it("checks every Resources entry: the client's redirect_uri must be one, and nothing but it and the issuer may be listed", async () => {
    const interaction = await newInteraction();
    const cases: [string[] | undefined, number, string | undefined][] = [
      [["https://other-app.example/callback"], 400, OIDC_TEXT.resourcesMismatch],
      [[REDIRECT_URI, "https://other-app.example/callback"], 400, OIDC_TEXT.resourcesMismatch],
      [[op.issuer], 400, OIDC_TEXT.resourcesMismatch],
    ];
    for (const [resources, status, error] of cases) {
      const { body } = await proofFor(interaction, { resources });
      expect({ resources, ...(await postInteractionVerify(interaction, body)) }).toMatchObject({ resources, status, body: { error } });
    }
    // The redirect_uri with the issuer, or no Resources at all, sign in.
    const withIssuer = await newInteraction();
    expect(
      (await postInteractionVerify(withIssuer, (await proofFor(withIssuer, { resources: [REDIRECT_URI, op.issuer] })).body)).status,
    ).toBe(200);
    const without = await newInteraction();
    expect((await postInteractionVerify(without, (await proofFor(without, { resources: undefined })).body)).status).toBe(200);
  });

  it("answers the library's texts: no nonce, a forged signature (401), a bad body, a body too large, another method", async () => {
    const interaction = await newInteraction();
    const account = newKeyAccount();
    const stray = signatureProof(interactionMessage(interaction, account.address, "0123456789abcdef0123456789abcdef"), account);
    expect(await postInteractionVerify(interaction, stray)).toMatchObject({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });

    const { body } = await proofFor(interaction);
    const forged = { ...body, signature: signatureProof("other text", account).signature };
    expect(await postInteractionVerify(interaction, forged)).toMatchObject({
      status: 401,
      body: { error: "Signature verification failed." },
    });
    expect(await postInteractionVerify(interaction, { message: 42 })).toMatchObject({
      status: 400,
      body: { error: "Invalid request body." },
    });
    const notJson = await interaction.jar.fetch(`${interaction.url}/verify`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: "{}",
    });
    expect({ status: notJson.status, body: await notJson.json() }).toEqual({ status: 400, body: { error: "Invalid request body." } });
    const large = await interaction.jar.fetch(`${interaction.url}/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, padding: "x".repeat(20 * 1024) }),
    });
    expect({ status: large.status, body: await large.json() }).toEqual({
      status: 413,
      body: { error: "Request body too large (limit 16kb)." },
    });
    const wrongMethod = await interaction.jar.fetch(`${interaction.url}/verify`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
    // None of that used the nonce up: the honest proof still signs in.
    expect((await postInteractionVerify(interaction, body)).status).toBe(200);
  });

  it(`clears the pending nonce after ${MAX_FAILED_VERIFY_ATTEMPTS} forged signatures`, async () => {
    const interaction = await newInteraction();
    const { body, account } = await proofFor(interaction);
    const forged = { ...body, signature: signatureProof("other text", account).signature };
    for (let attempt = 1; attempt <= MAX_FAILED_VERIFY_ATTEMPTS; attempt += 1) {
      expect((await postInteractionVerify(interaction, forged)).status).toBe(401);
    }
    expect((await postInteractionVerify(interaction, body)).body.error).toMatch(/^No pending nonce\./u);
  });

  it("accepts exactly one of 20 racing verify requests carrying the same proof", async () => {
    const interaction = await newInteraction();
    const { body } = await proofFor(interaction);
    const answers = await Promise.all(Array.from({ length: 20 }, () => postInteractionVerify(interaction, body, interaction.jar.clone())));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The nonce store refuses the copies that read the pending nonce before the winner's sign-in was stored.
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer.status).toBe(400);
      expect(["Nonce has already been used.", "No pending nonce. Request /nonce first."]).toContain(answer.body.error);
    }
  });

  it("refuses a request for another interaction, an unknown one, or one without its cookie, with one text", async () => {
    const mine = await newInteraction();
    const theirs = await newInteraction();
    // My cookies sent to their path: the interaction cookie names mine, the path names theirs.
    const crossed = await mine.jar.fetch(`${theirs.url}/nonce`);
    expect({ status: crossed.status, body: await crossed.json() }).toEqual({ status: 400, body: { error: OIDC_TEXT.interactionNotFound } });
    const stranger = await fetch(`${mine.url}/nonce`);
    expect({ status: stranger.status, body: await stranger.json() }).toEqual({
      status: 400,
      body: { error: OIDC_TEXT.interactionNotFound },
    });
    const unknown = await mine.jar.fetch(`${op.url}/interaction/unknown-interaction-id/details`);
    expect(unknown.status).toBe(400);
    // The one call a page makes at its start answers the same.
    for (const url of [`${theirs.url}/start`, `${op.url}/interaction/unknown-interaction-id/start`]) {
      const answer = await mine.jar.fetch(url);
      expect({ status: answer.status, body: await answer.json() }).toEqual({ status: 400, body: { error: OIDC_TEXT.interactionNotFound } });
    }
    const strangerStart = await fetch(`${mine.url}/start`);
    expect({ status: strangerStart.status, body: await strangerStart.json() }).toEqual({
      status: 400,
      body: { error: OIDC_TEXT.interactionNotFound },
    });
  });

  it("refuses requests another site's page sends (Origin, Sec-Fetch-Site) on nonce, start, verify and abort, and lets same-origin ones and allowedOrigins through", async () => {
    const interaction = await newInteraction();
    const { body } = await proofFor(interaction);
    const crossSite = [{ origin: "https://evil.example" }, { "sec-fetch-site": "cross-site" }, { origin: "null" }];
    for (const headers of crossSite) {
      for (const [route, method, payload] of [
        ["nonce", "GET", undefined],
        ["start", "GET", undefined],
        ["verify", "POST", body],
        ["abort", "POST", undefined],
      ] as const) {
        const answer = await rawRequest(interaction.jar, `${interaction.url}/${route}`, {
          method,
          headers,
          ...(payload === undefined ? {} : { body: payload }),
        });
        expect({ route, headers, answer }).toEqual({
          route,
          headers,
          answer: { status: 403, body: { error: "Cross-site request refused." } },
        });
      }
    }
    // The page's own requests (same origin) go through; the pending nonce was left untouched.
    const sameOrigin = await rawRequest(interaction.jar, `${interaction.url}/verify`, {
      method: "POST",
      headers: { origin: new URL(op.issuer).origin, "sec-fetch-site": "same-origin" },
      body,
    });
    expect(sameOrigin.status).toBe(200);

    const open = await startTestProvider({ verifier, clients: [CLIENT], allowedOrigins: ["https://wallet.example"] });
    try {
      const openRp = await discoverProvider(open.issuer, CLIENT.client_id, CLIENT.client_secret);
      const walletPage = await openInteraction((await startAuthorization(openRp, "openid")).url);
      const nonce = await rawRequest(walletPage.jar, `${walletPage.url}/nonce`, {
        headers: { origin: "https://wallet.example", "sec-fetch-site": "cross-site" },
      });
      expect(nonce.status).toBe(200);
      const start = await rawRequest(walletPage.jar, `${walletPage.url}/start`, {
        headers: { origin: "https://wallet.example", "sec-fetch-site": "cross-site" },
      });
      expect(start).toMatchObject({ status: 200, body: { clientId: CLIENT.client_id, nonce: expect.stringMatching(/^[0-9a-f]{32}$/u) } });
    } finally {
      await open.stop();
    }
  });

  it("with errorCodes, every refusal carries its code: the routes' own and the handlers'", async () => {
    const coded = await startTestProvider({ verifier, clients: [CLIENT], errorCodes: true });
    try {
      const codedRp = await discoverProvider(coded.issuer, CLIENT.client_id, CLIENT.client_secret);
      const interaction = await openInteraction((await startAuthorization(codedRp, "openid")).url);
      const account = newKeyAccount();
      const nonce = String((await getInteractionNonce(interaction)).body.nonce);
      const elsewhere = signatureProof(
        interactionMessage(interaction, account.address, nonce, { resources: ["https://other.example/cb"] }),
        account,
      );
      expect((await postInteractionVerify(interaction, elsewhere)).body).toEqual({
        error: OIDC_TEXT.resourcesMismatch,
        code: "resources_mismatch",
      });
      const wrongUri = signatureProof(interactionMessage(interaction, account.address, nonce, { uri: "https://other.example" }), account);
      expect((await postInteractionVerify(interaction, wrongUri)).body).toEqual({ error: "URI does not match.", code: "uri_mismatch" });
      const stranger = await fetch(`${interaction.url}/nonce`);
      expect(await stranger.json()).toEqual({ error: OIDC_TEXT.interactionNotFound, code: "interaction_not_found" });
      const crossSiteStart = await rawRequest(interaction.jar, `${interaction.url}/start`, { headers: { origin: "https://evil.example" } });
      expect(crossSiteStart).toEqual({ status: 403, body: { error: "Cross-site request refused.", code: "cross_site_request" } });
    } finally {
      await coded.stop();
    }
  });

  it("hands onSignIn the client, redirect_uri, scopes and interaction, and a refusal stops the sign-in with its status and text", async () => {
    const interaction = await newInteraction("openid xrpl");
    const { body, account } = await proofFor(interaction);
    refused.add(account.address);
    expect(await postInteractionVerify(interaction, body)).toMatchObject({
      status: 403,
      body: { error: "This account may not use this application." },
    });
    expect(hookCalls.at(-1)).toEqual({
      address: account.address,
      clientId: "web-app",
      redirectUri: REDIRECT_URI,
      scopes: ["openid", "xrpl"],
      uid: interaction.uid,
    });
  });

  it("does not bring back an interaction that ended while its proof was checked: the sign-in is refused as for an unknown one", async () => {
    const interaction = await newInteraction();
    const { body, account } = await proofFor(interaction);
    endedMeanwhile.add(account.address);
    expect(await postInteractionVerify(interaction, body)).toMatchObject({ status: 400, body: { error: OIDC_TEXT.interactionNotFound } });
    expect(await op.provider.Interaction.find(interaction.uid)).toBeUndefined();
    expect((await getInteractionNonce(interaction)).status).toBe(400);
    expect((await interaction.jar.fetch(`${interaction.url}/start`)).status).toBe(400);
  });

  it("lets the user cancel: abort answers redirectTo, which brings the client back with access_denied", async () => {
    const interaction = await newInteraction();
    const answer = await interaction.jar.fetch(`${interaction.url}/abort`, { method: "POST" });
    const { redirectTo } = (await answer.json()) as { redirectTo: string };
    const back = await followToRedirectUri(interaction.jar, redirectTo, REDIRECT_URI);
    expect(back.searchParams.get("error")).toBe("access_denied");
  });

  it("sets the security headers on the interaction routes and on the provider's own answers", async () => {
    const interaction = await newInteraction();
    const routes = await interaction.jar.fetch(`${interaction.url}/details`);
    const discovery = await fetch(`${op.issuer}/.well-known/openid-configuration`);
    for (const response of [routes, discovery]) {
      expect(response.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      // Development over http: no HSTS (its production test is in oidc-options.test.ts).
      expect(response.headers.get("strict-transport-security")).toBeNull();
    }
    expect(routes.headers.get("cache-control")).toBe("no-store");
  });

  it("writes every URL from the issuer, never from the request's Host or X-Forwarded-Host", async () => {
    const answer = await rawRequest(createCookieJar(), `${op.issuer}/.well-known/openid-configuration`, {
      headers: { host: "attacker.example", "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" },
    });
    expect(answer.body.authorization_endpoint).toBe(`${op.issuer}/auth`);
    expect(answer.body.token_endpoint).toBe(`${op.issuer}/token`);
  });

  it("allows no cross-origin call to the token endpoint by default, and one from an origin listed in corsOrigins", async () => {
    const tokenCall = (issuer: string) =>
      fetch(`${issuer}/token`, {
        method: "POST",
        headers: {
          origin: "https://app.example",
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: "not-a-refresh-token" }),
      });
    const closed = await tokenCall(op.issuer);
    expect(closed.headers.get("access-control-allow-origin")).toBeNull();
    expect(await closed.json()).toMatchObject({
      error: "invalid_request",
      error_description: expect.stringMatching(/origin https:\/\/app\.example not allowed/u),
    });

    const open = await startTestProvider({ verifier, clients: [CLIENT], corsOrigins: ["https://app.example"] });
    try {
      const allowed = await tokenCall(open.issuer);
      expect(allowed.headers.get("access-control-allow-origin")).toBe("https://app.example");
      // Past CORS: the refresh token itself is what is refused.
      expect(await allowed.json()).toMatchObject({ error: "invalid_grant" });
    } finally {
      await open.stop();
    }
  });

  it("offers no dynamic client registration by default", async () => {
    const answer = await fetch(`${op.issuer}/reg`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirect_uris: ["https://evil.example/cb"] }),
    });
    expect(answer.status).toBe(404);
  });

  it("shows an error page with the OAuth error only, under the same headers", async () => {
    const answer = await fetch(`${op.issuer}/auth?client_id=unknown-client&response_type=code&scope=openid`, {
      headers: { accept: "text/html" },
    });
    expect(answer.status).toBe(400);
    const html = await answer.text();
    expect(html).toContain("invalid_client");
    expect(html).not.toMatch(/<style|<script|style=/u);
    expect(answer.headers.get("content-security-policy")).toBe(CONTENT_SECURITY_POLICY);
  });

  it("the relying party receives the code of the sign-in (end to end check of the state above)", async () => {
    const start = await startAuthorization(rp, "openid");
    const interaction = await openInteraction(start.url);
    const verified = await signInteraction(interaction);
    const back = await followToRedirectUri(interaction.jar, String(verified.body.redirectTo), REDIRECT_URI);
    const tokens = await client.authorizationCodeGrant(rp.config, back, {
      pkceCodeVerifier: start.codeVerifier,
      expectedNonce: start.nonce,
    });
    expect(tokens.claims()!.sub).toBe(verified.address);
  });
});
