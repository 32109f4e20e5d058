import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import session from "express-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  createAuthHandlers,
  expressSessionStore,
  type AuthHandlers,
  type HandlerResult,
  type SessionStore,
} from "../../src/server/index.js";
import { createDevWallet, createTestClient } from "../../src/testing/index.js";
import { compactSignature, createVerifier, signedTransaction, type AccountAuthority } from "../../src/verify/index.js";

/** An Express app as a user writes it: express-session, the handlers, and an app route of its own. */
describe("createTestClient against a running Express server", () => {
  const accounts = new Map<string, AccountAuthority>();
  const verifier = createVerifier({
    strategies: [compactSignature(), signedTransaction({ networkId: 0 })],
    ledgerReader: {
      getAccountAuthority: async (address) => accounts.get(address) ?? { account: address, exists: false, masterDisabled: false },
    },
  });
  let server: Server;
  let url: string;

  beforeAll(async () => {
    const handlers: AuthHandlers = createAuthHandlers({ verifier, sessionKind: "server-store" });
    const app = express();
    app.use(express.json(), session({ secret: "a test secret of at least 32 characters!", resave: false, saveUninitialized: false }));
    // Every handler's answer is a HandlerResult, so one route helper serves them all.
    const route = (handler: (session: SessionStore) => Promise<HandlerResult>) => async (req: express.Request, res: express.Response) => {
      const { status, body } = await handler(expressSessionStore(req));
      res.status(status).json(body);
    };
    app.get("/api/auth/nonce", route(handlers.nonce));
    app.post("/api/auth/verify", async (req, res) => {
      const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body });
      res.status(status).json(body);
    });
    app.get("/api/me", route(handlers.me));
    await new Promise<void>((resolve) => {
      server = app.listen(0, "127.0.0.1", () => resolve());
    });
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("signs in with a new dev wallet, then reaches the app's protected route with the session cookie", async () => {
    const client = createTestClient(url);
    const result = await client.signIn();
    expect(result).toMatchObject({ ok: true, status: 200, body: { ok: true, address: result.address } });
    expect(result.message).toContain(`127.0.0.1:${(server.address() as AddressInfo).port} wants you to sign in with your XRPL account:`);
    expect(await (await client.fetch("/api/me")).json()).toEqual({ address: result.address });
    expect(await (await createTestClient(url).fetch("/api/me")).json()).toEqual({ error: "Not authenticated." });
  });

  it("signs in with a secp256k1 wallet and with a signed transaction", async () => {
    const secp = await createTestClient(url).signIn({ wallet: createDevWallet({ algorithm: "ecdsa-secp256k1" }) });
    expect(secp.ok).toBe(true);
    const wallet = createDevWallet({ proof: "signedTx" });
    const address = await wallet.getAddress();
    accounts.set(address, { account: address, exists: true, masterDisabled: false });
    const tx = await createTestClient(url).signIn({ wallet });
    expect(tx).toMatchObject({ ok: true, address, proof: { signatureKind: "signedTx" } });
  });

  it("reports a refusal as the server answered it", async () => {
    const result = await createTestClient(url).signIn({ domain: "attacker.example" });
    expect(result).toMatchObject({ ok: false, status: 400, body: { error: "Domain does not match." } });
  });

  it("clone() replays a copy of the cookie, as an attacker holding it would", async () => {
    const client = createTestClient(url);
    const first = await client.signIn();
    const copy = client.clone();
    expect(await (await copy.fetch("/api/me")).json()).toEqual({ address: first.address });
    expect(copy.cookieHeader()).toBe(client.cookieHeader());
  });

  it("throws, saying what the nonce route answered, when it does not give a nonce", async () => {
    await expect(createTestClient(url).signIn({ routes: { nonce: "/api/nowhere" } })).rejects.toThrow(/GET \/api\/nowhere answered 404/);
  });
});

describe("createTestClient with an in-process fetch handler", () => {
  it("sends the cookies the handler set, forgets deleted ones, and signs with the default origin http://localhost", async () => {
    const seen: string[] = [];
    const handler = async (request: Request): Promise<Response> => {
      seen.push(request.headers.get("cookie") ?? "");
      const path = new URL(request.url).pathname;
      if (path === "/set") return new Response("{}", { headers: { "set-cookie": "sid=abc; Path=/; HttpOnly; Secure" } });
      if (path === "/clear") return new Response("{}", { headers: { "set-cookie": "sid=; Path=/; Max-Age=0" } });
      return new Response("{}");
    };
    const client = createTestClient(handler);
    await client.fetch("/set");
    await client.fetch("/echo");
    expect(client.cookie("sid")).toBe("abc");
    await client.fetch("/clear");
    await client.fetch("/echo");
    expect(seen).toEqual(["", "sid=abc", "sid=abc", ""]);
    expect(client.cookie("sid")).toBeUndefined();
  });

  it("accepts an object with handle(request), as createFetchHandler returns", async () => {
    const client = createTestClient({ handle: async (request) => Response.json({ url: request.url }) });
    expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ url: "http://localhost/api/auth/me" });
  });

  it("refuses what is neither a URL nor a handler, saying what it takes", () => {
    expect(() => createTestClient("not a url")).toThrow(InvalidOptionsError);
    expect(() => createTestClient(42 as never)).toThrow(/takes a base URL, a \(request\) => Response function, or an object with handle/);
  });
});
