/**
 * The Fastify guide's code (docs/snippets/fastify/, shown as is in docs/fastify.md) mounted on a
 * real Fastify server on loopback, signed in through with the test client and a dev wallet, and
 * Fastify's own body errors answered with the library's statuses and texts.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildServer } from "../../docs/snippets/fastify/server.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { createFetchHandler } from "../../src/fetch/index.js";
import { createDevWallet, createTestClient, type TestClient } from "../../src/testing/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";

describe("Fastify guide: the fetch handler mounted on Fastify", () => {
  let node: MockRippled;
  let verifier: Verifier;
  let app: FastifyInstance;
  let baseUrl: string;

  beforeAll(async () => {
    node = await startMockRippled();
    verifier = createVerifier({ nodeUrl: node.url });
    const auth = createFetchHandler({ verifier, domain: "127.0.0.1", sessionSecret: "fastify-guide-test-secret-0123456789abcdef" });
    app = await buildServer(auth);
    baseUrl = await app.listen({ host: "127.0.0.1", port: 0 });
  });
  afterAll(async () => {
    await app?.close();
    await verifier?.close();
    await node?.stop();
  });

  /** A client holding a pending nonce (a sealed cookie from GET /api/auth/nonce). */
  const withNonce = async (): Promise<TestClient> => {
    const client = createTestClient(baseUrl);
    expect((await client.fetch("/api/auth/nonce")).status).toBe(200);
    return client;
  };
  const postVerify = async (client: TestClient, body: string, contentType?: string) => {
    const response = await client.fetch("/api/auth/verify", {
      method: "POST",
      ...(contentType === undefined ? {} : { headers: { "content-type": contentType } }),
      body,
    });
    return { status: response.status, body: (await response.json()) as unknown, contentType: response.headers.get("content-type") };
  };

  it("signs in by message signature, answers the app's own route, signs out", async () => {
    const client = createTestClient(baseUrl);
    expect((await client.fetch("/api/profile")).status).toBe(401);
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200, body: { ok: true, address: result.address } });
    expect(await (await client.fetch("/api/profile")).json()).toEqual({ address: result.address });
    expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ address: result.address });

    const signOut = await client.fetch("/api/auth/signout", { method: "POST" });
    expect(signOut.status).toBe(200);
    expect(signOut.headers.get("set-cookie")).toMatch(/Max-Age=0/);
    expect((await client.fetch("/api/profile")).status).toBe(401);
  });

  it("signs in by signed transaction (secp256k1), the key checked on the ledger", async () => {
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1", proof: "signedTx" });
    node.setAccount(await wallet.getAddress(), {});
    const client = createTestClient(baseUrl);
    const result = await client.signIn({ wallet });
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(await (await client.fetch("/api/profile")).json()).toEqual({ address: await wallet.getAddress() });
  });

  it("sets the sealed cookie through Fastify: HttpOnly, SameSite=Lax, 30 minutes", async () => {
    const response = await fetch(`${baseUrl}/api/auth/nonce`);
    expect(response.headers.get("set-cookie")).toMatch(/^siwx_session=v1\.[A-Za-z0-9_.-]+; Path=\/; Max-Age=1800; HttpOnly; SameSite=Lax$/);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("answers malformed JSON, which Fastify's parser refuses (FST_ERR_CTP_INVALID_JSON_BODY), with the library's 400 Invalid request body.", async () => {
    expect(await postVerify(await withNonce(), '{"message": "abc"', "application/json")).toEqual({
      status: 400,
      body: { error: "Invalid request body." },
      contentType: expect.stringMatching(/^application\/json/),
    });
  });

  it("answers an empty JSON body (FST_ERR_CTP_EMPTY_JSON_BODY) and an unknown content type (FST_ERR_CTP_INVALID_MEDIA_TYPE) with 400 Invalid request body.", async () => {
    const client = await withNonce();
    expect(await postVerify(client, "", "application/json")).toMatchObject({ status: 400, body: { error: "Invalid request body." } });
    expect(await postVerify(client, "message=abc", "application/x-www-form-urlencoded")).toMatchObject({
      status: 400,
      body: { error: "Invalid request body." },
    });
  });

  it("answers a body that is not JSON (text/plain, parsed by Fastify as text) with 400 Invalid request body.", async () => {
    expect(await postVerify(await withNonce(), '{"message":"abc"}', "text/plain")).toMatchObject({
      status: 400,
      body: { error: "Invalid request body." },
    });
  });

  it("answers a body over 16 kB (FST_ERR_CTP_BODY_TOO_LARGE) with the library's 413", async () => {
    const answer = await postVerify(await withNonce(), JSON.stringify({ padding: "x".repeat(20 * 1024) }), "application/json");
    expect(answer).toMatchObject({ status: 413, body: { error: "Request body too large (limit 16kb)." } });
  });

  it("keeps the pending nonce through refused bodies: the honest proof still signs in", async () => {
    const client = await withNonce();
    expect((await postVerify(client, "{", "application/json")).status).toBe(400);
    const result = await client.signIn();
    expect(result.ok).toBe(true);
  });

  it("answers an unknown route under /api/auth with 404 and a wrong method with 405 and Allow", async () => {
    const notFound = await fetch(`${baseUrl}/api/auth/nope`);
    expect({ status: notFound.status, body: await notFound.json() }).toEqual({ status: 404, body: { error: "Not found." } });
    const wrongMethod = await fetch(`${baseUrl}/api/auth/verify`);
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get("allow")).toBe("POST");
  });
});
