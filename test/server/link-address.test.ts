/**
 * The recipe of docs/hooks-and-app-routes.md, "Link an address to a user who is already signed
 * in": an Express app with its own password login keeps `userId` in its session; `onSignIn` reads
 * it from the request and links the proven address to that user, answers 409 for an address
 * another user owns, and signs a user without an app session in as the address's owner. Real
 * Express + express-session on 127.0.0.1, the real verifier, real keys.
 */
import type { Server } from "node:http";
import express from "express";
import session from "express-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthHandlers, expressSessionStore, getSignedIn, type HandlerResult } from "../../src/server/index.js";
import { createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, type Account } from "./support.js";

declare module "express-session" {
  interface SessionData {
    userId?: string;
  }
}

const SECRET = "a link-address test secret of 32+ characters";
/** The app's users: its password login, and the addresses linked to each. */
const passwords = new Map([
  ["alice", "alice-password"],
  ["bob", "bob-password"],
]);
const owners = new Map<string, string>(); // address -> userId

let verifier: Verifier;
let server: Server;
let url: string;

beforeAll(async () => {
  verifier = createVerifier({
    ledgerReader: { getAccountAuthority: async (account: string) => ({ account, exists: true, masterDisabled: false }) },
  });
  const handlers = createAuthHandlers<{ userId: string }, express.Request>({
    verifier,
    sessionKind: "server-store",
    domain: "example.com",
    errorCodes: true,
    logger: recordingLogger(),
    onSignIn: async ({ address, request }) => {
      const signedInUser = request?.session.userId; // the app's own login, if any
      const owner = owners.get(address);
      if (signedInUser !== undefined) {
        if (owner !== undefined && owner !== signedInUser) {
          return { refuse: { status: 409, message: "This XRPL address is linked to another account." } };
        }
        owners.set(address, signedInUser);
        return { data: { userId: signedInUser } };
      }
      if (owner === undefined) return { refuse: { status: 404, message: "No account is linked to this XRPL address yet." } };
      return { data: { userId: owner } };
    },
  });
  const send = (res: express.Response, { status, body }: HandlerResult) => res.status(status).json(body);
  const app = express();
  app.use(express.json(), session({ secret: SECRET, resave: false, saveUninitialized: false }));
  app.post("/login", (req, res) => {
    const { user, password } = req.body as { user: string; password: string };
    if (passwords.get(user) !== password) return void res.status(401).json({ error: "Wrong password." });
    req.session.regenerate(() => {
      req.session.userId = user;
      res.json({ ok: true });
    });
  });
  app.get("/api/auth/nonce", async (req, res) => send(res, await handlers.nonce(expressSessionStore(req), { request: req })));
  app.post("/api/auth/verify", async (req, res) =>
    send(res, await handlers.verify(expressSessionStore(req), { body: req.body as unknown, request: req })),
  );
  app.get("/account", async (req, res) => {
    const xrpl = await getSignedIn(expressSessionStore(req), { handlers, request: req });
    res.json({ userId: req.session.userId ?? null, xrpl: xrpl === null ? null : { address: xrpl.address, userId: xrpl.data?.userId } });
  });
  server = app.listen(0, "127.0.0.1");
  url = await listenOnLoopback(server);
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await verifier.close();
});

async function post(jar: CookieJar, path: string, body: unknown) {
  const response = await jar.fetch(`${url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

async function prove(jar: CookieJar, account: Account) {
  const { nonce } = (await (await jar.fetch(`${url}/api/auth/nonce`)).json()) as { nonce: string };
  return post(jar, "/api/auth/verify", signedBody(account, buildMessage({ account, nonce, issuedAtMs: Date.now() })));
}

async function account(jar: CookieJar) {
  return (await (await jar.fetch(`${url}/account`)).json()) as { userId: string | null; xrpl: { address: string; userId: string } | null };
}

describe("linking an address to a user signed in by other means", () => {
  const wallet = makeAccount();

  it("links the proven address to the user of the app's own session, who stays signed in", async () => {
    const alice = createCookieJar();
    expect((await post(alice, "/login", { user: "alice", password: "alice-password" })).status).toBe(200);
    expect(await prove(alice, wallet)).toEqual({ status: 200, body: { ok: true, address: wallet.address } });
    expect(owners.get(wallet.address)).toBe("alice");
    expect(await account(alice)).toEqual({ userId: "alice", xrpl: { address: wallet.address, userId: "alice" } });
  });

  it("answers 409 for an address another user owns, and leaves that user's session as it was", async () => {
    const bob = createCookieJar();
    await post(bob, "/login", { user: "bob", password: "bob-password" });
    expect(await prove(bob, wallet)).toEqual({
      status: 409,
      body: { error: "This XRPL address is linked to another account.", code: "sign_in_refused" },
    });
    expect(owners.get(wallet.address)).toBe("alice");
    expect(await account(bob)).toEqual({ userId: "bob", xrpl: null });
  });

  it("signs a visitor without an app session in as the address's owner", async () => {
    const visitor = createCookieJar();
    expect((await prove(visitor, wallet)).status).toBe(200);
    expect(await account(visitor)).toEqual({ userId: null, xrpl: { address: wallet.address, userId: "alice" } });
    const stranger = createCookieJar();
    expect((await prove(stranger, makeAccount())).status).toBe(404);
  });
});
