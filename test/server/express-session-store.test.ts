import type { AddressInfo } from "node:net";
import type { Server } from "node:http";
import express from "express";
import session from "express-session";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { expressSessionStore } from "../../src/server/express-session-store.js";
import type { SessionStore } from "../../src/server/types.js";
import { sessionStoreContract } from "../../src/testing/index.js";

/**
 * A real Express app with express-session's MemoryStore on 127.0.0.1. `/hold` hands the test the
 * adapter over its live `req` and keeps the response open until the test releases it, so the
 * contract runs against real requests. `/record` and `/write` read and write across requests.
 */
const sessionStore = new session.MemoryStore();
const handed: ((value: { store: SessionStore; release: () => void }) => void)[] = [];
const open: { release: () => void; response: Promise<Response> }[] = [];
let server: Server;
let base: string;

beforeAll(async () => {
  const app = express();
  app.get("/no-session", (req, res) => {
    try {
      void expressSessionStore(req).get();
      res.json({ error: "none" });
    } catch (error) {
      res.json({ error: error instanceof Error ? error.message : String(error), invalidOptions: error instanceof InvalidOptionsError });
    }
  });
  app.use(
    session({
      secret: "a test secret of at least 32 characters!",
      resave: false,
      saveUninitialized: false,
      store: sessionStore,
      name: "sid",
    }),
  );
  app.get("/hold", (req, res) => {
    const next = handed.shift();
    if (next === undefined) return void res.status(500).end();
    next({ store: expressSessionStore(req), release: () => void res.status(204).end() });
  });
  app.get("/write", async (req, res) => {
    await expressSessionStore(req).set({ pendingNonce: "crossrequest01", nonceIssuedAt: 42 });
    res.json({ sessionId: req.sessionID });
  });
  app.get("/record", async (req, res) => {
    res.json({ record: await expressSessionStore(req).get(), sessionId: req.sessionID });
  });
  app.get("/sign-in", async (req, res) => {
    const store = expressSessionStore(req);
    const before = req.sessionID;
    await store.regenerate!();
    await store.set({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: 7 });
    res.json({ before, after: req.sessionID });
  });
  app.get("/sign-out", async (req, res) => {
    const before = req.sessionID;
    await expressSessionStore(req).destroy();
    res.json({ before });
  });
  await new Promise<void>((resolve) => {
    server = app.listen(0, "127.0.0.1", () => resolve());
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const { release, response } of open.splice(0)) {
    release();
    await (await response).arrayBuffer();
  }
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

async function makeStore(): Promise<SessionStore> {
  const value = new Promise<{ store: SessionStore; release: () => void }>((resolve) => handed.push(resolve));
  const response = fetch(`${base}/hold`);
  const { store, release } = await value;
  open.push({ release, response });
  return store;
}

function cookieOf(response: Response): string {
  const header = response.headers.get("set-cookie");
  if (header === null) throw new Error("no Set-Cookie");
  return header.split(";")[0]!;
}

function storedSessions(): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) =>
    sessionStore.all((error, all) => (error ? reject(new Error("MemoryStore.all failed", { cause: error })) : resolve(all ?? {}))),
  );
}

describe("expressSessionStore: SessionStore contract over real express-session requests", () => {
  for (const check of sessionStoreContract(makeStore)) it(check.name, check.run);
});

describe("expressSessionStore", () => {
  it("saves on set, so the next request with the cookie reads the record", async () => {
    const written = await fetch(`${base}/write`);
    const cookie = cookieOf(written);
    const read = (await (await fetch(`${base}/record`, { headers: { cookie } })).json()) as { record: unknown };
    expect(read.record).toEqual({ pendingNonce: "crossrequest01", nonceIssuedAt: 42 });
  });

  it("regenerate gives a new session id and the old id no longer holds a session", async () => {
    const cookie = cookieOf(await fetch(`${base}/write`));
    const signIn = await fetch(`${base}/sign-in`, { headers: { cookie } });
    const { before, after } = (await signIn.json()) as { before: string; after: string };
    expect(after).not.toBe(before);
    expect(cookieOf(signIn)).not.toBe(cookie);
    const sessions = await storedSessions();
    expect(Object.keys(sessions)).not.toContain(before);
    expect(Object.keys(sessions)).toContain(after);
    const oldCookieRead = (await (await fetch(`${base}/record`, { headers: { cookie } })).json()) as { record: unknown };
    expect(oldCookieRead.record).toEqual({});
    const newCookieRead = (await (await fetch(`${base}/record`, { headers: { cookie: cookieOf(signIn) } })).json()) as { record: unknown };
    expect(newCookieRead.record).toEqual({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: 7 });
  });

  it("destroy removes the session from the store", async () => {
    const cookie = cookieOf(await fetch(`${base}/write`));
    const { before } = (await (await fetch(`${base}/sign-out`, { headers: { cookie } })).json()) as { before: string };
    expect(Object.keys(await storedSessions())).not.toContain(before);
  });

  it("says to install express-session before the routes when req.session is missing", async () => {
    const answer = (await (await fetch(`${base}/no-session`)).json()) as { error: string; invalidOptions: boolean };
    expect(answer.invalidOptions).toBe(true);
    expect(answer.error).toMatch(/install express-session before the routes/);
  });

  it("keeps the record under its key and never touches the app's keys, even ones named like record fields", async () => {
    const saved: unknown[] = [];
    const fake = {
      session: {
        cart: ["book"],
        address: "rOld",
        save: (callback: (error?: unknown) => void) => {
          saved.push(true);
          callback();
        },
        destroy: (callback: (error?: unknown) => void) => callback(),
        regenerate: (callback: (error?: unknown) => void) => callback(),
      },
    };
    await expressSessionStore(fake).set({ pendingNonce: "keepothers01" });
    expect(fake.session).toMatchObject({ cart: ["book"], address: "rOld", xrpl: { pendingNonce: "keepothers01" } });
    expect("pendingNonce" in fake.session).toBe(false);
    expect(saved).toHaveLength(1);
    // The app's flat `address` is not a sign-in.
    expect(await expressSessionStore(fake).get()).toEqual({ pendingNonce: "keepothers01" });
    await expressSessionStore(fake, { key: "wallet" }).set({ pendingNonce: "otherkey01" });
    expect(fake.session).toMatchObject({ xrpl: { pendingNonce: "keepothers01" }, wallet: { pendingNonce: "otherkey01" } });
  });

  it("rejects when express-session fails to save", async () => {
    const failing = {
      session: {
        save: (callback: (error?: unknown) => void) => callback(new Error("store down")),
        destroy: (callback: (error?: unknown) => void) => callback(),
        regenerate: (callback: (error?: unknown) => void) => callback(),
      },
    };
    await expect(expressSessionStore(failing).set({})).rejects.toThrow("store down");
  });
});
