/**
 * The NestJS guide's recipe (docs/snippets/nestjs/, shown as it is in docs/nestjs.md) on a real
 * Nest application: NestFactory on its default Express platform, listening on loopback, with the
 * guide's handlers, `useSignIn`, guard and controller. The test client signs in through the
 * library's routes; the shipped mock ledger is the XRPL node.
 */
import type { INestApplication } from "@nestjs/common";
import { NestFactory } from "@nestjs/core";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMockLedger, createTestClient, type MockLedger } from "../../src/testing/index.js";

let ledger: MockLedger;
let app: INestApplication | undefined;
let baseUrl: string;
const saved = { ...process.env };

beforeAll(async () => {
  ledger = await createMockLedger();
  // What the recipe reads at start-up, as the app's environment would hold it.
  process.env["XRPL_NODE_URL"] = ledger.url;
  process.env["SESSION_SECRET"] = "nestjs-guide-test-secret-0123456789";
  process.env["APP_DOMAIN"] = "127.0.0.1";
  const { AppModule } = await import("../../docs/snippets/nestjs/app.module.js");
  const { useSignIn } = await import("../../docs/snippets/nestjs/main.js");
  app = await NestFactory.create(AppModule, { logger: false });
  useSignIn(app);
  await app.listen(0, "127.0.0.1");
  const address = app.getHttpServer().address() as AddressInfo;
  baseUrl = `http://127.0.0.1:${address.port}`;
});
afterAll(async () => {
  await app?.close();
  process.env = saved;
  await ledger?.stop();
});

describe("NestJS guide: the guard on a real Nest application", () => {
  it("answers 401 before sign-in, the address after, and 401 again after sign-out", async () => {
    const client = createTestClient(baseUrl);
    const before = await client.fetch("/api/profile");
    expect(before.status).toBe(401);
    expect(await before.json()).toEqual({ statusCode: 401, error: "Unauthorized", message: "Not authenticated." });

    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    const signedIn = await client.fetch("/api/profile");
    expect(signedIn.status).toBe(200);
    expect(await signedIn.json()).toEqual({ address: result.address });

    expect((await client.fetch("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect((await client.fetch("/api/profile")).status).toBe(401);
  });

  it("keeps one user's sign-in to that user's session", async () => {
    const alice = createTestClient(baseUrl);
    expect((await alice.signIn()).ok).toBe(true);
    expect((await alice.fetch("/api/profile")).status).toBe(200);
    expect((await createTestClient(baseUrl).fetch("/api/profile")).status).toBe(401);
  });
});
