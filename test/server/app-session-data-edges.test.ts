/**
 * An existing app's own session keys survive the sign-in's less travelled paths too: a nonce
 * spent by five forged signatures, a nonce past its lifetime, requests of another site (403), a
 * ledger that cannot answer (500), and a second sign-in over a live one. Then the same for
 * iron-session (a sealed cookie holding the app's keys beside the record). Real HTTP on
 * 127.0.0.1, Express 5 + express-session and iron-session over node:http, real keys and the
 * real verifier (its ledger a reader the test scripts).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import express from "express";
import session from "express-session";
import { getIronSession } from "iron-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import {
  createAuthHandlers,
  expressSessionStore,
  ironSessionStore,
  sessionCookieOptions,
  type AuthHandlers,
  type SessionStore,
} from "../../src/server/index.js";
import { createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, signedBody, type Account } from "./support.js";

const SECRET = "an app-data test secret, at least 32 characters";
const DOMAIN = "example.com";
/** The app's own keys, named like fields of the sign-in record on purpose. */
const APP_KEYS = { userId: "u_42", address: "12 Main Street, Springfield", data: { theme: "dark", cart: ["book"] } };
const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };

let clock = Date.now();
/** Accounts whose ledger look-up fails, as when the node is down. */
const unreachable = new Set<string>();
let verifier: Verifier;
const quiet = { error() {}, warn() {}, info() {}, debug() {} };

beforeAll(() => {
  verifier = createVerifier({
    ledgerReader: {
      getAccountAuthority: async (account: string) => {
        if (unreachable.has(account)) throw new LedgerUnavailableError("the test's ledger does not answer");
        return { account, exists: true, masterDisabled: false };
      },
    },
  });
});
afterAll(async () => {
  await verifier.close();
});

interface View {
  userId?: unknown;
  address?: unknown;
  data?: unknown;
  sessionId?: string;
}

/** An app with its own login and a view of its session, plus the four sign-in routes over `store`. */
interface TestApp {
  url: string;
  close(): Promise<void>;
}

function expressApp(handlers: AuthHandlers): express.Express {
  const app = express();
  app.use(express.json(), session({ secret: SECRET, resave: false, saveUninitialized: false, name: "app.sid" }));
  const store = (req: express.Request): SessionStore => expressSessionStore(req);
  const fields = (req: express.Request) => req.session as unknown as Record<string, unknown>;
  app.post("/login", (req, res) => {
    Object.assign(fields(req), APP_KEYS);
    req.session.save(() => res.json({ ok: true }));
  });
  app.get("/app", (req, res) => {
    const { userId, address, data } = fields(req);
    res.json({ userId, address, data, sessionId: req.sessionID });
  });
  const send = (res: express.Response, result: { status: number; body: unknown }) => res.status(result.status).json(result.body);
  app.get("/api/auth/nonce", async (req, res) => send(res, await handlers.nonce(store(req), { request: req })));
  app.post("/api/auth/verify", async (req, res) => send(res, await handlers.verify(store(req), { body: req.body, request: req })));
  app.post("/api/auth/signout", async (req, res) => send(res, await handlers.signOut(store(req), { request: req })));
  app.get("/api/me", async (req, res) => send(res, await handlers.me(store(req), { request: req })));
  return app;
}

/** The same app on iron-session: one sealed cookie holds the app's keys and the record (under `xrpl`). */
function ironApp(handlers: AuthHandlers) {
  const options = {
    ...sessionCookieOptions({ sessionKind: "sealed-cookie", production: false, name: "app.sealed" }),
    password: SECRET,
  };
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const ironSession = await getIronSession<Record<string, unknown>>(req, res, options);
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const send = (result: { status: number; body: unknown }) => {
      res.writeHead(result.status, { "content-type": "application/json" });
      res.end(JSON.stringify(result.body));
    };
    const store = () => ironSessionStore(ironSession);
    const route = `${req.method} ${path}`;
    if (route === "POST /login") {
      Object.assign(ironSession, APP_KEYS);
      await ironSession.save();
      return send({ status: 200, body: { ok: true } });
    }
    if (route === "GET /app") {
      const { userId, address, data } = ironSession;
      return send({ status: 200, body: { userId, address, data } });
    }
    if (route === "GET /api/auth/nonce") return send(await handlers.nonce(store(), { request: req }));
    if (route === "POST /api/auth/signout") return send(await handlers.signOut(store(), { request: req }));
    if (route === "GET /api/me") return send(await handlers.me(store(), { request: req }));
    if (route === "POST /api/auth/verify") {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      return send(await handlers.verify(store(), { body, request: req }));
    }
    send({ status: 404, body: { error: "Not found." } });
  };
}

async function serve(listener: Parameters<typeof createServer>[1]): Promise<TestApp> {
  const server = createServer(listener);
  const url = await listenOnLoopback(server);
  return {
    url,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

class Browser {
  readonly jar: CookieJar = createCookieJar();
  constructor(readonly url: string) {}

  async json(path: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
    const response = await this.jar.fetch(`${this.url}${path}`, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  async app(): Promise<View> {
    return (await this.json("/app")).body;
  }

  post(path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.json(path, {
      method: "POST",
      headers: { ...headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  }

  async nonce(headers: Record<string, string> = {}): Promise<{ status: number; nonce: string }> {
    const { status, body } = await this.json("/api/auth/nonce", { headers });
    return { status, nonce: String(body.nonce) };
  }

  /** A sign-in's verify body for `account` over the pending `nonce`. */
  proof(account: Account, nonce: string): Record<string, unknown> {
    return signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN }));
  }
}

async function expectAppKeys(browser: Browser): Promise<View> {
  const view = await browser.app();
  expect({ userId: view.userId, address: view.address, data: view.data }).toEqual(APP_KEYS);
  return view;
}

const kinds = [
  ["Express + express-session", "server-store", (handlers: AuthHandlers) => serve(expressApp(handlers))],
  ["iron-session (sealed cookie)", "sealed-cookie", (handlers: AuthHandlers) => serve((req, res) => void ironApp(handlers)(req, res))],
] as const;

for (const [name, sessionKind, start] of kinds) {
  describe(`${name}: the app's own keys survive every refusal of the sign-in`, () => {
    let served: TestApp;
    beforeAll(async () => {
      const handlers = createAuthHandlers({ verifier, sessionKind, domain: DOMAIN, logger: quiet, now: () => clock });
      served = await start(handlers);
    });
    afterAll(async () => {
      await served?.close();
    });

    it("a nonce spent by five forged signatures", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      const account = makeAccount();
      const { nonce } = await browser.nonce();
      // The message names the account; another key signed it.
      const message = buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN });
      const forged = { ...signedBody(makeAccount(), message), address: account.address };
      for (let attempt = 1; attempt <= 5; attempt += 1) expect((await browser.post("/api/auth/verify", forged)).status).toBe(401);
      expect((await browser.post("/api/auth/verify", browser.proof(account, nonce))).body.error).toMatch(/^No pending nonce\./);
      await expectAppKeys(browser);
    });

    it("requests of another site: 403 on nonce, verify and sign-out, the session untouched", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      const account = makeAccount();
      const { nonce } = await browser.nonce();
      const cookies = browser.jar.header();
      expect((await browser.nonce(CROSS_SITE)).status).toBe(403);
      expect((await browser.post("/api/auth/verify", browser.proof(account, nonce), CROSS_SITE)).status).toBe(403);
      expect((await browser.post("/api/auth/signout", undefined, CROSS_SITE)).status).toBe(403);
      expect(browser.jar.header()).toBe(cookies);
      await expectAppKeys(browser);
      expect((await browser.post("/api/auth/verify", browser.proof(account, nonce))).status).toBe(200);
      await expectAppKeys(browser);
    });

    it("a ledger that cannot answer (500), then a second sign-in over a live one", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      const first = makeAccount();
      expect((await browser.post("/api/auth/verify", browser.proof(first, (await browser.nonce()).nonce))).status).toBe(200);
      const before = await expectAppKeys(browser);

      const down = makeAccount();
      unreachable.add(down.address);
      const { nonce } = await browser.nonce();
      expect((await browser.post("/api/auth/verify", browser.proof(down, nonce))).status).toBe(500);
      await expectAppKeys(browser);
      expect((await browser.json("/api/me")).body).toEqual({ address: first.address });

      unreachable.delete(down.address);
      expect((await browser.post("/api/auth/verify", browser.proof(down, nonce))).status).toBe(200);
      const after = await expectAppKeys(browser);
      expect((await browser.json("/api/me")).body).toEqual({ address: down.address });
      // express-session rotates the id on every sign-in; a sealed cookie has none.
      if (sessionKind === "server-store") expect(after.sessionId).not.toBe(before.sessionId);
    });

    if (sessionKind === "server-store") {
      it("a nonce past its lifetime: 400 Nonce expired.", async () => {
        const browser = new Browser(served.url);
        await browser.post("/login");
        const account = makeAccount();
        const { nonce } = await browser.nonce();
        const body = browser.proof(account, nonce);
        clock += 6 * 60_000;
        try {
          expect(await browser.post("/api/auth/verify", body)).toEqual({ status: 400, body: { error: "Nonce expired." } });
          await expectAppKeys(browser);
        } finally {
          clock -= 6 * 60_000;
        }
      });
    }

    it("sign-out still ends the whole session, the app's keys with it", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      expect((await browser.post("/api/auth/verify", browser.proof(makeAccount(), (await browser.nonce()).nonce))).status).toBe(200);
      expect((await browser.post("/api/auth/signout")).status).toBe(200);
      expect((await browser.app()).userId).toBeUndefined();
    });
  });
}
