/**
 * An existing app's own session keys survive every route of the sign-in. The app keeps
 * `userId`, a postal `address` and `data` in its session (names the sign-in record also uses);
 * the library keeps its record under `req.session.xrpl` and never reads, writes or deletes
 * another key. Driven over real HTTP on 127.0.0.1 with the real verifier and real keys:
 * - Express 5 + express-session (MemoryStore),
 * - Express 5 + express-session on PostgreSQL through connect-pg-simple (a schema of its own;
 *   with CI set, a missing PostgreSQL fails the run),
 * - Koa 3 + koa-session with an external store (session ids), through a Koa adapter of a few
 *   lines over `keyedSessionStore`.
 */
import { createServer, type IncomingMessage, type Server } from "node:http";
import connectPgSimple from "connect-pg-simple";
import express from "express";
import session from "express-session";
import Koa from "koa";
import koaSession from "koa-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAuthHandlers,
  expressSessionStore,
  getSignedIn,
  keyedSessionStore,
  type AuthHandlers,
  type KeyedSessionOptions,
  type SessionStore,
} from "../../src/server/index.js";
import { createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { connectTestPostgres, type TestDatabase } from "../postgres/connect-postgres.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, signedBody } from "./support.js";

const SECRET = "an app-data test secret, at least 32 characters";
const DOMAIN = "example.com";
/** The app's own keys, named like fields of the sign-in record on purpose. */
const APP_KEYS = { userId: "u_42", address: "12 Main Street, Springfield", data: { theme: "dark", cart: ["book"] } };
const HOUR_MS = 3_600_000;

/** The handlers' clock: the tests move it forward to end a sign-in by its lifetime. */
let clock = Date.now();
let verifier: Verifier;
let handlers: AuthHandlers;
const logger = recordingLogger();

beforeAll(() => {
  verifier = createVerifier({
    ledgerReader: { getAccountAuthority: async (account: string) => ({ account, exists: true, masterDisabled: false }) },
  });
  handlers = createAuthHandlers({
    verifier,
    sessionKind: "server-store",
    domain: DOMAIN,
    maxSessionAgeSeconds: 3600,
    logger,
    now: () => clock,
  });
});

afterAll(async () => {
  await verifier.close();
});

/** What the app's own route shows of its session: its keys, the session id, and the record's key as stored. */
interface AppView {
  userId?: string | undefined;
  address?: string | undefined;
  data?: unknown;
  sessionId?: string | undefined;
  xrpl?: Record<string, unknown> | undefined;
  keys: string[];
}

/** One framework's app: its URL, and how it keeps its record (key, keepAppData). */
interface ServedApp {
  url: string;
  close(): Promise<void>;
}

// ---------------------------------------------------------------------------------------------
// Express

function expressApp(options: { store?: session.Store; storeOptions?: KeyedSessionOptions } = {}) {
  const app = express();
  app.use(
    express.json(),
    session({
      secret: SECRET,
      resave: false,
      saveUninitialized: false,
      name: "app.sid",
      ...(options.store === undefined ? {} : { store: options.store }),
    }),
  );
  const store = (req: express.Request): SessionStore => expressSessionStore(req, options.storeOptions);
  const fields = (req: express.Request) => req.session as unknown as Record<string, unknown>;
  app.post("/login", (req, res) => {
    Object.assign(fields(req), APP_KEYS);
    req.session.save(() => res.json({ ok: true }));
  });
  app.post("/login-old-version", (req, res) => {
    // A session written by an earlier version of the library: the record's fields flat on the session.
    Object.assign(fields(req), { ...APP_KEYS, pendingNonce: "0123456789abcdef", authenticatedAt: clock, sessionId: "f".repeat(32) });
    req.session.save(() => res.json({ ok: true }));
  });
  app.get("/app", (req, res) => {
    const view = fields(req);
    res.json({
      ...pick(view),
      sessionId: req.sessionID,
      keys: Object.keys(view)
        .filter((key) => key !== "cookie")
        .sort(),
    });
  });
  app.get("/api/auth/nonce", async (req, res) => send(res, await handlers.nonce(store(req), { request: req })));
  app.post("/api/auth/verify", async (req, res) => send(res, await handlers.verify(store(req), { body: req.body, request: req })));
  app.post("/api/auth/signout", async (req, res) => send(res, await handlers.signOut(store(req), { request: req })));
  app.get("/api/me", async (req, res) => send(res, await handlers.me(store(req), { request: req })));
  app.get("/api/whoami", async (req, res) => res.json(await getSignedIn(store(req), { handlers, request: req })));
  return app;
}

function send(res: express.Response, result: { status: number; body: unknown }): void {
  res.status(result.status).json(result.body);
}

function pick(view: Record<string, unknown>): Omit<AppView, "keys" | "sessionId"> {
  const { userId, address, data, xrpl } = view as Omit<AppView, "keys" | "sessionId">;
  return { userId, address, data, xrpl };
}

async function serve(listener: Parameters<typeof createServer>[1]): Promise<ServedApp> {
  const server: Server = createServer(listener);
  const url = await listenOnLoopback(server);
  return { url, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

// ---------------------------------------------------------------------------------------------
// Koa: an adapter of a few lines over keyedSessionStore, as a Koa entry would ship it.

function koaSessionStore(ctx: Koa.Context, options?: KeyedSessionOptions): SessionStore {
  return keyedSessionStore(
    {
      current: () => ctx.session ?? undefined,
      save: () => ctx.session?.save(),
      destroy: () => {
        ctx.session = null;
      },
      regenerate: () => ctx.session?.regenerate(),
      // koa-session keeps `isNew` and `_`-prefixed fields of its own on the session object.
      isFrameworkKey: (name) => name === "isNew" || name.startsWith("_"),
    },
    options,
  );
}

async function readJson(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  if (!(request.headers["content-type"] ?? "").startsWith("application/json")) return undefined;
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

function koaApp(storeOptions?: KeyedSessionOptions): Koa {
  const app = new Koa();
  app.keys = [SECRET];
  // An external store, so each session has an id (koa-session's externalKey) that sign-in rotates.
  const sessions = new Map<string, unknown>();
  app.use(
    koaSession(app, {
      key: "app.koa",
      signed: true,
      store: {
        get: async (key: string) => sessions.get(key),
        set: async (key: string, value: unknown) => void sessions.set(key, value),
        destroy: async (key: string) => void sessions.delete(key),
      },
    }),
  );
  app.use(async (ctx) => {
    const store = () => koaSessionStore(ctx, storeOptions);
    const request = ctx.req;
    const answer = (result: { status: number; body: unknown }) => {
      ctx.status = result.status;
      ctx.body = result.body;
    };
    const route = `${ctx.method} ${ctx.path}`;
    switch (route) {
      case "POST /login":
        Object.assign(ctx.session ?? {}, APP_KEYS);
        ctx.body = { ok: true };
        return;
      case "GET /app": {
        const view = (ctx.session ?? {}) as unknown as Record<string, unknown>;
        ctx.body = {
          ...pick(view),
          sessionId: ctx.session?.externalKey,
          keys: Object.keys(view)
            .filter((key) => key !== "isNew" && !key.startsWith("_"))
            .sort(),
        };
        return;
      }
      case "GET /api/auth/nonce":
        return answer(await handlers.nonce(store(), { request }));
      case "POST /api/auth/verify":
        return answer(await handlers.verify(store(), { body: await readJson(request), request }));
      case "POST /api/auth/signout":
        return answer(await handlers.signOut(store(), { request }));
      case "GET /api/me":
        return answer(await handlers.me(store(), { request }));
      case "GET /api/whoami":
        ctx.body = (await getSignedIn(store(), { handlers, request })) ?? "null";
        return;
      default:
        ctx.status = 404;
        ctx.body = { error: "Not found." };
    }
  });
  return app;
}

// ---------------------------------------------------------------------------------------------
// The walk-through every framework must pass.

class Browser {
  readonly jar: CookieJar = createCookieJar();
  constructor(readonly url: string) {}

  async json<T>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
    const response = await this.jar.fetch(`${this.url}${path}`, init);
    return { status: response.status, body: (await response.json()) as T };
  }

  app(): Promise<AppView> {
    return this.json<AppView>("/app").then((answer) => answer.body);
  }

  post(path: string, body?: unknown) {
    return this.json<Record<string, unknown>>(path, {
      method: "POST",
      ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
    });
  }

  async nonce(): Promise<string> {
    const { status, body } = await this.json<{ nonce: string }>("/api/auth/nonce");
    expect(status).toBe(200);
    return body.nonce;
  }
}

function expectAppKeys(view: AppView): void {
  expect({ userId: view.userId, address: view.address, data: view.data }).toEqual(APP_KEYS);
}

function walkThrough(name: string, start: (storeOptions?: KeyedSessionOptions) => Promise<ServedApp>): void {
  describe(name, () => {
    let served: ServedApp;
    beforeAll(async () => {
      served = await start();
    });
    afterAll(async () => {
      await served?.close();
    });

    it("keeps the app's userId, address and data through nonce, failed verifies, sign-in, a second nonce and reads", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      const account = makeAccount();
      const before = await browser.app();
      expectAppKeys(before);

      // The app's own `address` is not a sign-in.
      expect((await browser.json("/api/me")).status).toBe(401);
      let nonce = await browser.nonce();
      const afterNonce = await browser.app();
      expectAppKeys(afterNonce);
      expect(afterNonce.xrpl).toMatchObject({ pendingNonce: nonce });
      expect(afterNonce.keys).toEqual(["address", "data", "userId", "xrpl"]);

      // A signature by another key: 401, the app's keys untouched.
      const intruder = makeAccount();
      const message = buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN });
      const forged = { ...signedBody(intruder, message), address: account.address, publicKey: account.publicKey };
      expect((await browser.post("/api/auth/verify", forged)).status).toBe(401);
      expectAppKeys(await browser.app());
      // A message for another domain: 400, untouched.
      const elsewhere = buildMessage({ account, nonce, issuedAtMs: clock, domain: "attacker.example" });
      expect(await browser.post("/api/auth/verify", signedBody(account, elsewhere))).toEqual({
        status: 400,
        body: { error: "Domain does not match." },
      });
      expectAppKeys(await browser.app());
      // A body that is not a proof: 400, untouched.
      expect((await browser.post("/api/auth/verify", { message: 42 })).status).toBe(400);
      expectAppKeys(await browser.app());

      // Sign-in: a new session id, the app's keys carried into it.
      nonce = (await browser.app()).xrpl?.pendingNonce as string;
      const signIn = await browser.post(
        "/api/auth/verify",
        signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN })),
      );
      expect(signIn).toEqual({ status: 200, body: { ok: true, address: account.address } });
      const signedIn = await browser.app();
      expect(signedIn.sessionId).not.toBe(before.sessionId);
      expectAppKeys(signedIn);
      expect(signedIn.xrpl).toMatchObject({ address: account.address, authenticatedAt: clock });
      expect(await browser.json("/api/me")).toEqual({ status: 200, body: { address: account.address } });
      expect((await browser.json<{ address: string }>("/api/whoami")).body.address).toBe(account.address);

      // A new nonce while signed in: still signed in, still the app's keys.
      await browser.nonce();
      expectAppKeys(await browser.app());
      expect(await browser.json("/api/me")).toEqual({ status: 200, body: { address: account.address } });

      // Sign-out ends the whole session, as it always has.
      expect(await browser.post("/api/auth/signout")).toEqual({ status: 200, body: { ok: true } });
      const signedOut = await browser.app();
      expect(signedOut.userId).toBeUndefined();
      expect(signedOut.xrpl).toBeUndefined();
      expect((await browser.json("/api/me")).status).toBe(401);
    });

    it("clears only its own key when a read finds the sign-in past its lifetime", async () => {
      const browser = new Browser(served.url);
      await browser.post("/login");
      const account = makeAccount();
      const nonce = await browser.nonce();
      await browser.post("/api/auth/verify", signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN })));
      expect((await browser.json("/api/me")).status).toBe(200);
      clock += 2 * HOUR_MS;
      try {
        expect((await browser.json("/api/me")).status).toBe(401);
        const view = await browser.app();
        expectAppKeys(view);
        expect(view.xrpl).toBeUndefined();
      } finally {
        clock -= 2 * HOUR_MS;
      }
    });

    it("with keepAppData: false, starts the signed-in session with the sign-in only", async () => {
      const strict = await start({ keepAppData: false });
      try {
        const browser = new Browser(strict.url);
        await browser.post("/login");
        const account = makeAccount();
        const nonce = await browser.nonce();
        const before = await browser.app();
        const signIn = await browser.post(
          "/api/auth/verify",
          signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN })),
        );
        expect(signIn.status).toBe(200);
        const after = await browser.app();
        expect(after.sessionId).not.toBe(before.sessionId);
        expect(after.keys).toEqual(["xrpl"]);
        expect(await browser.json("/api/me")).toEqual({ status: 200, body: { address: account.address } });
      } finally {
        await strict.close();
      }
    });

    it("keeps the record under another key when told, on every route", async () => {
      const keyed = await start({ key: "wallet" });
      try {
        const browser = new Browser(keyed.url);
        await browser.post("/login");
        const account = makeAccount();
        const nonce = await browser.nonce();
        await browser.post("/api/auth/verify", signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock, domain: DOMAIN })));
        const view = await browser.app();
        expect(view.keys).toEqual(["address", "data", "userId", "wallet"]);
        expect(await browser.json("/api/me")).toEqual({ status: 200, body: { address: account.address } });
      } finally {
        await keyed.close();
      }
    });
  });
}

walkThrough("Express + express-session (MemoryStore)", async (storeOptions) => {
  const app = expressApp(storeOptions === undefined ? {} : { storeOptions });
  return serve(app);
});

walkThrough("Koa + koa-session (external store)", async (storeOptions) => {
  const app = koaApp(storeOptions);
  const callback = app.callback();
  return serve((request, response) => void callback(request, response));
});

const database = await connectTestPostgres();
if ("reason" in database && process.env.CI === undefined) {
  console.warn(`${database.reason}: skipping the express-session on PostgreSQL walk-through (with CI set it fails).`);
}

describe.skipIf("reason" in database && process.env.CI === undefined)("on PostgreSQL", () => {
  let db: TestDatabase;
  const PgStore = connectPgSimple(session);
  const stores: InstanceType<typeof PgStore>[] = [];
  beforeAll(() => {
    if ("reason" in database) throw new Error(`${database.reason} (CI is set: PostgreSQL is required).`);
    db = database;
  });
  afterAll(async () => {
    for (const store of stores) store.close();
    if (!("reason" in database)) await database.drop();
  });

  walkThrough("Express + express-session on PostgreSQL (connect-pg-simple)", async (storeOptions) => {
    const store = new PgStore({ pool: db.pool, schemaName: db.schema, tableName: "app_sessions", createTableIfMissing: true });
    stores.push(store);
    return serve(expressApp({ store, ...(storeOptions === undefined ? {} : { storeOptions }) }));
  });

  it("reads a session of an earlier version (flat fields) as signed out and leaves its keys alone", async () => {
    const store = new PgStore({ pool: db.pool, schemaName: db.schema, tableName: "app_sessions", createTableIfMissing: true });
    stores.push(store);
    const served = await serve(expressApp({ store }));
    try {
      const browser = new Browser(served.url);
      await browser.post("/login-old-version");
      expect((await browser.json("/api/me")).status).toBe(401);
      await browser.nonce();
      const view = await browser.app();
      expectAppKeys(view);
      expect(view.keys).toEqual(["address", "authenticatedAt", "data", "pendingNonce", "sessionId", "userId", "xrpl"]);
    } finally {
      await served.close();
    }
  });
});

describe("an earlier version's flat session (MemoryStore)", () => {
  it("reads as signed out, and no route deletes its keys", async () => {
    const served = await serve(expressApp());
    try {
      const browser = new Browser(served.url);
      await browser.post("/login-old-version");
      expect((await browser.json("/api/me")).status).toBe(401);
      expect((await browser.json("/api/whoami")).body).toBeNull();
      await browser.nonce();
      const view = await browser.app();
      expectAppKeys(view);
      expect(view.keys).toEqual(["address", "authenticatedAt", "data", "pendingNonce", "sessionId", "userId", "xrpl"]);
    } finally {
      await served.close();
    }
  });
});
