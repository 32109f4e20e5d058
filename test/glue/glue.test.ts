/**
 * What each glue entry adds beyond the shared contract, on its real framework: the session
 * readers and `requireSignIn` on an app route, Express body errors of an `express.json()` in
 * front, koa-session data of the app kept beside the sign-in, and the options' checks.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import Koa from "koa";
import koaSession from "koa-session";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { koaListener } from "./koa-listener.js";
import { createAuthHandlers, createVerifier, type Verifier } from "sign-in-with-xrpl";
import * as expressGlue from "sign-in-with-xrpl/express";
import * as honoGlue from "sign-in-with-xrpl/hono";
import * as koaGlue from "sign-in-with-xrpl/koa";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
import { requireSignIn as fastifyRequireSignIn, signInWithXrpl } from "sign-in-with-xrpl/fastify";
import Fastify from "fastify";
import { createMockLedger, createTestClient, type MockLedger } from "sign-in-with-xrpl/testing";
import type { RunningServer } from "../examples/contract.js";
import { SECRET, startExpressGlue, startFastifyGlue, startHonoGlue, startKoaGlue } from "./servers.js";

const APP_DOMAIN = "127.0.0.1";
let ledger: MockLedger;

beforeAll(async () => {
  ledger = await createMockLedger();
});
afterAll(async () => {
  await ledger?.stop();
});

const apps: [string, (env: Record<string, string | undefined>) => Promise<RunningServer>, string][] = [
  ["Fastify", startFastifyGlue, "/api/auth/me"],
  ["Express", startExpressGlue, "/api/auth/me"],
  ["Koa", startKoaGlue, "/api/auth/me"],
  ["Hono", startHonoGlue, "/api/auth/me"],
];

describe.each(apps)("%s: requireSignIn on an app route", (_name, start, mePath) => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await start({ XRPL_NODE_URL: ledger.url, APP_DOMAIN });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("answers 401 Not authenticated. signed out, the address signed in, 401 again after sign-out", async () => {
    const client = createTestClient(app.url);
    const before = await client.fetch("/api/profile");
    expect({ status: before.status, body: await before.json() }).toEqual({ status: 401, body: { error: "Not authenticated." } });
    expect(before.headers.get("cache-control")).toBe("no-store");
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200 });
    expect(await (await client.fetch("/api/profile")).json()).toEqual({ address: result.address });
    expect(await (await client.fetch(mePath)).json()).toEqual({ address: result.address });
    expect((await client.fetch("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect((await client.fetch("/api/profile")).status).toBe(401);
  });
});

describe("Fastify and Hono: the session reader without requiring a sign-in", () => {
  it.each([
    ["Fastify", startFastifyGlue],
    ["Hono", startHonoGlue],
  ] as const)("%s: /api/whoami answers null, then the address", async (_name, start) => {
    const app = await start({ XRPL_NODE_URL: ledger.url, APP_DOMAIN });
    try {
      const client = createTestClient(app.url);
      expect(await (await client.fetch("/api/whoami")).json()).toEqual({ address: null });
      const { address } = await client.signIn();
      expect(await (await client.fetch("/api/whoami")).json()).toEqual({ address });
    } finally {
      await app.stop();
    }
  });

  it("Fastify: requireSignIn without the plugin is a setup error naming the fix", async () => {
    const app = Fastify();
    let seen: unknown;
    app.setErrorHandler(async (error, _request, reply) => {
      seen = error;
      return reply.code(500).send({ error: "Internal server error." });
    });
    app.get("/p", { preHandler: fastifyRequireSignIn }, async () => ({ ok: true }));
    const answer = await app.inject({ url: "/p" });
    expect(answer.statusCode).toBe(500);
    expect(String(seen)).toMatch(/requireSignIn needs the signInWithXrpl plugin/);
    await app.close();
  });

  it("Fastify: the plugin refuses to register without a fetch handler", async () => {
    const app = Fastify();
    await expect(app.register(signInWithXrpl, {} as never).ready()).rejects.toThrow(/signInWithXrpl needs \{ auth \}/);
  });
});

describe("Express: express.json() in front of router()", () => {
  let app: RunningServer;
  beforeAll(async () => {
    app = await startExpressGlue({ XRPL_NODE_URL: ledger.url, APP_DOMAIN }, { json: true });
  });
  afterAll(async () => {
    await app?.stop();
  });

  it("signs in with the body express.json() parsed", async () => {
    expect((await createTestClient(app.url).signIn()).ok).toBe(true);
  });

  it("answers its parse error with 400 Invalid request body. and its size error with the library's 413", async () => {
    const client = createTestClient(app.url);
    await client.fetch("/api/auth/nonce");
    const post = async (body: string) => {
      const response = await client.fetch("/api/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body });
      return { status: response.status, body: await response.json() };
    };
    expect(await post("{")).toEqual({ status: 400, body: { error: "Invalid request body." } });
    expect(await post(JSON.stringify({ padding: "x".repeat(20 * 1024) }))).toEqual({
      status: 413,
      body: { error: "Request body too large (limit 16kb)." },
    });
  });
});

describe("Koa: the app's own session data", () => {
  let verifier: Verifier;
  let url: string;
  let server: ReturnType<typeof createServer>;
  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: ledger.url });
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: APP_DOMAIN, chainId: "xrpl:0" });
    const entries = new Map<string, unknown>();
    const app = new Koa();
    app.keys = [SECRET];
    const store = {
      get: async (key: string) => entries.get(key),
      set: async (key: string, value: unknown) => void entries.set(key, value),
      destroy: async (key: string) => void entries.delete(key),
    };
    app.use(koaSession({ key: "sid", store }, app));
    app.use(koaGlue.signInRoutes(handlers, { session: { key: "wallet" } }));
    app.use(async (ctx) => {
      const data = ctx.session as unknown as Record<string, unknown>;
      if (ctx.path === "/cart" && ctx.method === "POST") data["cart"] = ["tea"];
      ctx.body = {
        cart: data["cart"] ?? null,
        wallet: (data["wallet"] as { address?: string } | undefined)?.address ?? null,
        keys: Object.keys(data)
          .filter((key) => key !== "isNew" && !key.startsWith("_"))
          .sort(),
      };
    });
    server = createServer(koaListener(app));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await verifier?.close();
  });

  it("keeps the sign-in under its own key and the app's cart through nonce and sign-in", async () => {
    const client = createTestClient(url);
    await client.fetch("/cart", { method: "POST" });
    const { address, ok } = await client.signIn();
    expect(ok).toBe(true);
    const state = (await (await client.fetch("/state")).json()) as { cart: unknown; wallet: unknown; keys: string[] };
    expect(state.cart).toEqual(["tea"]);
    expect(state.wallet).toBe(address);
    expect(state.keys).toEqual(["cart", "wallet"]);
  });
});

describe("the glue's option checks", () => {
  const handlers = createAuthHandlers({ verifier: createVerifier(), sessionKind: "server-store" });
  const auth = createFetchHandler({ verifier: createVerifier(), sessionSecret: SECRET });

  it("names a missing handler and a bad basePath or session key", async () => {
    expect(() => expressGlue.router(undefined as never)).toThrow(
      /^sign-in-with-xrpl: router\(handlers\) needs the handlers of createAuthHandlers/,
    );
    expect(() => expressGlue.router(handlers, { basePath: "/api/auth/*" })).toThrow(/basePath.*not a route pattern/);
    expect(() => expressGlue.requireSignIn(handlers, { session: { key: "" } })).toThrow(/`key` must name a key/);
    expect(() => koaGlue.signInRoutes({} as never)).toThrow(/signInRoutes\(handlers\) needs/);
    expect(() => koaGlue.requireSignIn(handlers, { session: { key: "_expire" } })).toThrow(/the session framework uses itself/);
    const store = koaGlue.koaSessionStore({ session: undefined });
    await expect(Promise.resolve().then(() => store.get())).rejects.toThrow(/install koa-session before the routes/);
    expect(() => honoGlue.requireSignIn({} as never)).toThrow(/requireSignIn\(auth\) needs the handler of createFetchHandler/);
    expect(() => honoGlue.xrplSession(auth)).not.toThrow();
  });
});
