/**
 * The OpenID Provider example (examples/oidc-provider) as `npm run example:oidc` runs it: a child
 * process on loopback with a mock ledger node, driven by openid-client (panva) as the relying
 * party. The code flow with PKCE, a proof used twice, the rate limits, the security headers and
 * HSTS, and every setting a production start refuses, each with one line naming it.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newKeyAccount, newWallet } from "./flow.js";
import { runExampleUntilExit, startOidcExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { getInteractionNonce, interactionMessage, openInteraction, postInteractionVerify } from "../oidc/harness.js";
import { discoverProvider, signInThroughProvider, startAuthorization, type RelyingParty } from "../oidc/rp.js";
import { signatureProof } from "./flow.js";
import { CLIENT_SECRET, jwksSetting, OIDC_CLIENTS } from "./oidc-settings.js";

describe("OpenID Provider example: openid-client completes the code flow", () => {
  let node: MockRippled;
  let op: ExampleProcess;
  let rp: RelyingParty;

  beforeAll(async () => {
    node = await startMockRippled();
    // buildClient: the page script, which a clean clone has not bundled yet (the page test below loads it).
    op = await startOidcExample({
      buildClient: true,
      env: { XRPL_NODE_URL: node.url, OIDC_CLIENTS, NONCE_RATE_LIMIT: "1000", VERIFY_RATE_LIMIT: "1000" },
    });
    rp = await discoverProvider(op.url, "web-app", CLIENT_SECRET);
  });
  afterAll(async () => {
    await op?.stop();
    await node?.stop();
  });

  it("says at start that without REDIS_URL it is a single instance, and that development keys were generated", () => {
    const output = op.output();
    expect(output).toMatch(/REDIS_URL is not set: .* single instance/u);
    expect(output).toMatch(/no `jwks` given, so a P-256 signing key was generated/u);
    expect(output).toMatch(
      /OpenID Provider listening on http:\/\/127\.0\.0\.1:\d+, issuer http:\/\/127\.0\.0\.1:\d+ \(state in memory, 1 client\)/u,
    );
  });

  it("discovery → PKCE authorization → interaction → code → tokens (id_token validated by openid-client) → userinfo with xrpl_address", async () => {
    const account = newKeyAccount("ecdsa-secp256k1");
    const { tokens } = await signInThroughProvider(rp, "openid xrpl", { account });
    expect(tokens.claims()).toMatchObject({ iss: op.url, aud: "web-app", sub: account.address, xrpl_address: account.address });
    const userinfo = await client.fetchUserInfo(rp.config, tokens.access_token, account.address);
    expect(userinfo).toMatchObject({ sub: account.address, xrpl_address: account.address });
  });

  it("signs in by signed transaction, the key read from the ledger node", async () => {
    const wallet = newWallet();
    node.setAccount(wallet.classicAddress, {});
    const { tokens } = await signInThroughProvider(rp, "openid xrpl_proof", { wallet });
    expect(tokens.claims()).toMatchObject({ sub: wallet.classicAddress, xrpl_proof: { signatureKind: "signedTx" } });
  });

  it("refuses the same proof sent twice, and accepts one of 10 copies racing", async () => {
    const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    const proof = signatureProof(interactionMessage(interaction, account.address, nonce), account);
    const answers = await Promise.all(Array.from({ length: 10 }, () => postInteractionVerify(interaction, proof, interaction.jar.clone())));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(await postInteractionVerify(interaction, proof)).toMatchObject({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });
  });

  it("accepts the XRP Ledger mainnet only unless XRPL_CHAIN_ID says another: a testnet message is refused", async () => {
    const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
    expect(interaction.details.chainId).toBe("xrpl:0");
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    const testnet = signatureProof(interactionMessage(interaction, account.address, nonce, { chainId: "xrpl:1" }), account);
    expect(await postInteractionVerify(interaction, testnet)).toMatchObject({ status: 400, body: { error: "Chain ID does not match." } });
  });

  it("serves the interaction page with the security headers, and no registration endpoint", async () => {
    const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
    const page = await interaction.jar.fetch(interaction.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toMatch(/text\/html/u);
    expect(page.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/u);
    expect(page.headers.get("cache-control")).toBe("no-store");
    expect(await page.text()).toContain('<meta name="siwx-dev-wallet" content="on" />');
    expect((await fetch(`${op.url}/assets/client.js`)).status).toBe(200);
    expect(rp.config.serverMetadata().registration_endpoint).toBeUndefined();
  });
});

describe("OpenID Provider example: rate limits", () => {
  it("answers the nonce and start requests over NONCE_RATE_LIMIT (counted together) and the verify request over VERIFY_RATE_LIMIT with 429 JSON", async () => {
    const op = await startOidcExample({
      env: { XRPL_NODE_URL: "ws://127.0.0.1:9", OIDC_CLIENTS, NONCE_RATE_LIMIT: "2", VERIFY_RATE_LIMIT: "2" },
    });
    try {
      const rp = await discoverProvider(op.url, "web-app", CLIENT_SECRET);
      const interaction = await openInteraction((await startAuthorization(rp, "openid")).url);
      // The page's start issues a nonce too: one limit counts both routes.
      const started = await interaction.jar.fetch(`${interaction.url}/start`);
      expect(started.status).toBe(200);
      const nonces = [];
      for (let index = 0; index < 2; index += 1) nonces.push(await getInteractionNonce(interaction));
      expect(nonces.map((answer) => answer.status)).toEqual([200, 429]);
      expect(nonces[1]!.body).toEqual({ error: "Too many nonce requests. Try again in a minute." });
      const overStart = await interaction.jar.fetch(`${interaction.url}/start`);
      expect({ status: overStart.status, body: await overStart.json() }).toEqual({
        status: 429,
        body: { error: "Too many nonce requests. Try again in a minute." },
      });
      const verifies = [];
      for (let index = 0; index < 3; index += 1) verifies.push(await postInteractionVerify(interaction, {}));
      expect(verifies.map((answer) => answer.status)).toEqual([400, 400, 429]);
      expect(verifies[2]!.body).toEqual({ error: "Too many sign-in attempts. Try again in a minute." });
      expect(Number(verifies[2]!.response.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await op.stop();
    }
  });
});

describe("OpenID Provider example: production", () => {
  const good = () => ({
    NODE_ENV: "production",
    XRPL_NODE_URL: "ws://127.0.0.1:9",
    OIDC_ISSUER: "https://id.example.com",
    OIDC_JWKS: jwksSetting(),
    OIDC_COOKIE_KEYS: randomBytes(32).toString("hex"),
    OIDC_CLIENTS,
  });

  it("starts with every setting given, and sends HSTS and the other security headers", async () => {
    const op = await startOidcExample({ env: good() });
    try {
      // Reached over plain HTTP on loopback here: the issuer (https) is what the provider writes.
      const answer = await fetch(`${op.url}/.well-known/openid-configuration`);
      expect(answer.headers.get("strict-transport-security")).toBe("max-age=31536000");
      expect(answer.headers.get("content-security-policy")).toMatch(/frame-ancestors 'none'/u);
      expect(await answer.json()).toMatchObject({ issuer: "https://id.example.com", token_endpoint: "https://id.example.com/token" });
      expect(op.output()).not.toMatch(/generated|random secret/u);
    } finally {
      await op.stop();
    }
  });

  const cases: [setting: string, value: string | undefined, pattern: RegExp][] = [
    ["OIDC_ISSUER", undefined, /OIDC_ISSUER is not set/u],
    ["OIDC_ISSUER", "http://id.example.com", /OIDC_ISSUER: .*must be an https: URL in production/u],
    ["OIDC_ISSUER", "https://id.example.com/?x=1", /OIDC_ISSUER: .*must not have a query/u],
    ["OIDC_JWKS", undefined, /OIDC_JWKS is not set/u],
    ["OIDC_JWKS", "{not json", /OIDC_JWKS is not JSON/u],
    [
      "OIDC_JWKS",
      '{"keys":[{"kty":"OKP","crv":"Ed25519","x":"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo"}]}',
      /OIDC_JWKS: `jwks` key 0 is a public key/u,
    ],
    ["OIDC_COOKIE_KEYS", undefined, /OIDC_COOKIE_KEYS is not set/u],
    ["OIDC_COOKIE_KEYS", "short", /OIDC_COOKIE_KEYS: `cookieKeys\[0\]` is too short/u],
    [
      "OIDC_COOKIE_KEYS",
      `${randomBytes(32).toString("hex")},${"a".repeat(40)}`,
      /OIDC_COOKIE_KEYS: `cookieKeys\[1\]` has too few different characters/u,
    ],
    ["OIDC_CLIENTS", undefined, /OIDC_CLIENTS is not set/u],
    ["OIDC_CLIENTS", "[{", /OIDC_CLIENTS is not JSON/u],
    ["OIDC_CLIENTS", '[{"redirect_uris":[]}]', /OIDC_CLIENTS: `clients\[0\]` needs a `client_id`/u],
    [
      "OIDC_CLIENTS",
      '[{"client_id":"a","client_secret":"s","redirect_uris":["not a url"]}]',
      /OIDC_CLIENTS \(client "a"\) is not usable: oidc-provider says: invalid_redirect_uri: redirect_uris/u,
    ],
    ["OIDC_REGISTRATION", "maybe", /OIDC_REGISTRATION must be "open" or "closed"/u],
    ["OIDC_CORS_ORIGINS", "https://app.example.com/path", /OIDC_CORS_ORIGINS: `corsOrigins` entry/u],
    ["VERIFY_RATE_LIMIT", "0", /VERIFY_RATE_LIMIT must be a whole number/u],
    ["REDIS_KEY_PREFIX", "my app", /REDIS_KEY_PREFIX must be 1 to 64 printable characters/u],
    ["XRPL_CHAIN_ID", "mainnet", /XRPL_CHAIN_ID/u],
    ["ALLOWED_ORIGINS", "https://wallet.example/", /ALLOWED_ORIGINS/u],
    ["XRPL_NODE_URL", "http://x", /XRPL_NODE_URL/u],
    ["REDIS_URL", "redis://127.0.0.1:9", /Redis does not answer at REDIS_URL/u],
  ];

  it.each(cases)("refuses %s=%j with one line naming it", async (setting, value, pattern) => {
    const result = await runExampleUntilExit("oidc", { env: { ...good(), [setting]: value }, timeoutMs: 20_000 });
    expect(result.timedOut).toBe(false);
    expect(result.code).toBe(1);
    // oidc-provider's own start-up warnings (the Node version, the in-memory adapter) are its, not a refusal.
    const lines = result.output.split("\n").filter((line) => line.trim() !== "" && !line.startsWith("oidc-provider WARNING: "));
    expect(lines).toEqual([expect.stringMatching(new RegExp(`^Cannot start the example: .*${setting}`, "u"))]);
    expect(lines[0]).toMatch(pattern);
    expect(result.output).not.toMatch(/^\s+at /mu);
    // A private key or a secret is never echoed.
    if (value !== undefined && /JWKS|KEYS|SECRET/u.test(setting) && value.length > 8) expect(result.output).not.toContain(value);
  });
});

describe("OpenID Provider example: REDIS_URL is used as given", () => {
  it("with rediss:// the connection starts with a TLS handshake", async () => {
    let firstByte: number | undefined;
    const fakeRedis = createServer((socket) => {
      socket.once("data", (data) => {
        firstByte = data[0];
        socket.destroy();
      });
    });
    await new Promise<void>((resolve) => fakeRedis.listen(0, "127.0.0.1", () => resolve()));
    const { port } = fakeRedis.address() as { port: number };
    try {
      const result = await runExampleUntilExit("oidc", {
        env: { XRPL_NODE_URL: "ws://127.0.0.1:9", OIDC_CLIENTS, REDIS_URL: `rediss://127.0.0.1:${port}` },
        timeoutMs: 20_000,
      });
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/Cannot start the example: Redis does not answer at REDIS_URL \(rediss:\/\/127\.0\.0\.1:\d+\)/u);
      // 0x16: a TLS record of type handshake (the ClientHello), not a plain Redis command.
      expect(firstByte).toBe(0x16);
    } finally {
      fakeRedis.close();
    }
  });
});
