/**
 * `createTestClient(server, { via })` signing in through the integrations a user's app may run:
 * the better-auth plugin (the better-auth example's server on PostgreSQL) and the Auth.js provider
 * (`@auth/core` on loopback), each with the shipped mock ledger as the XRPL node: a message
 * signature, a signed transaction, and a master key the ledger says is disabled.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../examples/better-auth/auth.js";
import { XrplProvider } from "../../src/authjs/index.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { createDevWallet, createMockLedger, createTestClient, LSF_DISABLE_MASTER, type MockLedger } from "../../src/testing/index.js";
import { startAuthServer, type AuthServer } from "../authjs/auth-server.js";
import { dropSchemas, SECRET, startApp, type App } from "../better-auth/harness.js";

let ledger: MockLedger;
beforeAll(async () => {
  ledger = await createMockLedger();
});
afterAll(async () => {
  await ledger?.stop();
});

describe('via "better-auth": the plugin\'s nonce (POST, with Origin) and verify routes', () => {
  let app: App;
  beforeAll(async () => {
    app = await startApp((env) => createAuth({ ...env, BETTER_AUTH_SECRET: SECRET, XRPL_NODE_URL: ledger.url }));
  });
  afterAll(async () => {
    await app?.close();
    await dropSchemas();
  });

  it("signs in by message signature; better-auth's session names the user", async () => {
    const client = createTestClient(app.baseUrl, { via: "better-auth" });
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(client.cookie("better-auth.session_token")).toBeDefined();
    const session = (await (await client.fetch("/api/auth/get-session")).json()) as { user?: { id?: string } } | null;
    expect(session?.user?.id).toEqual(expect.any(String));
  });

  it("signs in by signed transaction, and refuses one whose master key the ledger says is disabled", async () => {
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1", proof: "signedTx" });
    expect((await createTestClient(app.baseUrl, { via: "better-auth" }).signIn({ wallet })).ok).toBe(true);
    ledger.setAccount(await wallet.getAddress(), { masterKeyDisabled: true });
    const refused = await createTestClient(app.baseUrl, { via: "better-auth" }).signIn({ wallet });
    expect(refused).toMatchObject({ ok: false, status: 401 });
  });
});

describe("via \"authjs\": Auth.js's CSRF token, the provider's nonce route, the credentials callback", () => {
  let verifier: Verifier;
  let server: AuthServer;
  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: ledger.url });
    const secret = randomBytes(32).toString("hex");
    server = await startAuthServer(XrplProvider({ verifier, domain: "127.0.0.1", secret }), { secret });
  });
  afterAll(async () => {
    await server?.stop();
    await verifier?.close();
  });

  it("signs in by message signature; Auth.js's session names the address", async () => {
    const client = createTestClient(server.url, { via: "authjs" });
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200, body: { url: `${server.url}/` } });
    const session = (await (await client.fetch("/api/auth/session")).json()) as { user?: { name?: string } } | null;
    expect(session?.user?.name).toBe(result.address);
  });

  it("signs in by signed transaction, and refuses a disabled master key with Auth.js's error URL", async () => {
    const wallet = createDevWallet({ proof: "signedTx" });
    expect((await createTestClient(server.url, { via: "authjs" }).signIn({ wallet })).ok).toBe(true);
    ledger.setAccount(await wallet.getAddress(), { flags: LSF_DISABLE_MASTER });
    const client = createTestClient(server.url, { via: "authjs" });
    const refused = await client.signIn({ wallet });
    expect(refused.ok).toBe(false);
    expect(String((refused.body as { url: string }).url)).toMatch(/[?&]error=/);
    expect(await (await client.fetch("/api/auth/session")).json()).toBeNull();
  });
});

describe("createTestClient options", () => {
  it("names an unknown via", () => {
    expect(() => createTestClient("http://127.0.0.1:1", { via: "magic" as never })).toThrow(
      /^sign-in-with-xrpl: createTestClient: `via` is "routes", "better-auth" or "authjs"/,
    );
  });
});
