/**
 * Session stores behind real HTTP requests on 127.0.0.1, for `sessionStoreContract(harness)`:
 * each `client.request(use)` is one real request whose handler hands `use` the store of that
 * request, then ends the response the way the framework does (session saved, Set-Cookie sent);
 * the client keeps cookies in a jar between requests, and `clone()` copies the jar.
 *
 * @example
 * ```ts
 * const served = await serveExpressSessions();
 * for (const check of sessionStoreContract(served.harness)) it(check.name, check.run);
 * await served.close();
 * ```
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import express from "express";
import session from "express-session";
import { getIronSession, type SessionOptions } from "iron-session";
import { expressSessionStore } from "../../src/server/express-session-store.js";
import { ironSessionStore } from "../../src/server/iron-session-store.js";
import type { SessionRecord, SessionStore } from "../../src/server/types.js";
import type { SessionStoreClient, SessionStoreHarness } from "../../src/testing/index.js";
import { createCookieJar, type CookieJar } from "./cookie-jar.js";
import { listenOnLoopback } from "./node-http.js";

type Use = (store: SessionStore) => Promise<unknown>;

export interface ServedSessions {
  harness: SessionStoreHarness;
  url: string;
  close(): Promise<void>;
}

/** Calls waiting for their request, keyed by an id the client sends in a header. */
class PendingCalls {
  #next = 0;
  readonly #calls = new Map<string, { use: Use; settle: (outcome: { value?: unknown; error?: unknown }) => void }>();

  add(use: Use): { id: string; outcome: Promise<{ value?: unknown; error?: unknown }> } {
    const id = String((this.#next += 1));
    const outcome = new Promise<{ value?: unknown; error?: unknown }>((settle) => this.#calls.set(id, { use, settle }));
    return { id, outcome };
  }

  async run(id: string | undefined, store: SessionStore): Promise<void> {
    const call = id === undefined ? undefined : this.#calls.get(id);
    if (call === undefined || id === undefined) throw new Error(`no pending call ${String(id)}`);
    this.#calls.delete(id);
    try {
      call.settle({ value: await call.use(store) });
    } catch (error) {
      call.settle({ error });
    }
  }
}

function clientOver(url: string, pending: PendingCalls, jar: CookieJar): SessionStoreClient {
  return {
    async request<T>(use: (store: SessionStore) => Promise<T>): Promise<T> {
      const { id, outcome } = pending.add(use);
      const response = await jar.fetch(`${url}/call`, { method: "POST", headers: { "x-call": id } });
      await response.arrayBuffer();
      const { value, error } = await outcome;
      // eslint-disable-next-line @typescript-eslint/only-throw-error -- the store's own rejection, passed on as it is for the contract checks
      if (error !== undefined) throw error;
      if (response.status !== 204) throw new Error(`the request ended with ${response.status}`);
      return value as T;
    },
    clone: () => clientOver(url, pending, jar.clone()),
  };
}

/** express-session (MemoryStore unless `store` is given) and `expressSessionStore(req)`. */
export async function serveExpressSessions(
  options: { store?: session.Store; wrap?: (store: SessionStore) => SessionStore } = {},
): Promise<ServedSessions> {
  const wrap = options.wrap ?? ((store: SessionStore) => store);
  const pending = new PendingCalls();
  const app = express();
  app.use(
    session({
      secret: "a test secret of at least 32 characters!",
      resave: false,
      saveUninitialized: false,
      name: "sid",
      ...(options.store === undefined ? {} : { store: options.store }),
    }),
  );
  app.post("/call", async (req, res) => {
    await pending.run(req.get("x-call"), wrap(expressSessionStore(req)));
    res.status(204).end();
  });
  const server = createServer(app);
  const url = await listenOnLoopback(server);
  return {
    url,
    harness: { kind: "server-store", newClient: () => clientOver(url, pending, createCookieJar()) },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** iron-session's sealed cookie over Node's req/res (`getIronSession(req, res, options)`) and `ironSessionStore`. */
export async function serveIronSessions(options: SessionOptions): Promise<ServedSessions> {
  const pending = new PendingCalls();
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      try {
        const ironSession = await getIronSession<SessionRecord>(req, res, options);
        const id = req.headers["x-call"];
        await pending.run(typeof id === "string" ? id : undefined, ironSessionStore(ironSession));
        res.statusCode = 204;
      } catch {
        res.statusCode = 500;
      }
      res.end();
    })();
  });
  const url = await listenOnLoopback(server);
  return {
    url,
    harness: { kind: "sealed-cookie", newClient: () => clientOver(url, pending, createCookieJar()) },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
