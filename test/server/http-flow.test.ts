import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import express from "express";
import session from "express-session";
import { getIronSession } from "iron-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createAuthHandlers,
  expressSessionStore,
  ironSessionStore,
  sessionCookieOptions,
  type AuthHandlers,
  type SessionRecord,
} from "../../src/server/index.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { Verifier } from "../../src/verify/types.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, type Account } from "./support.js";

/**
 * The handlers wired as the examples wire them, over real HTTP on 127.0.0.1, with the real
 * verifier (compact signatures, no ledger) and real keys: a server-store session on Express +
 * express-session, a sealed-cookie session on node:http + iron-session.
 */
const SECRET = "an http test secret, at least 32 characters long";
let verifier: Verifier;
let expressServer: Server;
let ironServer: Server;
let expressBase: string;
let ironBase: string;

function expressApp(handlers: AuthHandlers) {
  const app = express();
  const cookie = sessionCookieOptions({ sessionKind: "server-store", production: false, name: "siwx.sid" });
  app.use(express.json(), session({ ...cookie, secret: SECRET, resave: false, saveUninitialized: false }));
  app.get("/api/auth/nonce", async (req, res) => {
    const { status, body } = await handlers.nonce(expressSessionStore(req));
    res.status(status).json(body);
  });
  app.post("/api/auth/verify", async (req, res) => {
    const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body, host: req.headers.host });
    res.status(status).json(body);
  });
  app.post("/api/auth/signout", async (req, res) => {
    const { status, body } = await handlers.signOut(expressSessionStore(req));
    res.clearCookie(cookie.name, { path: cookie.cookie.path });
    res.status(status).json(body);
  });
  app.get("/api/me", async (req, res) => {
    const { status, body } = await handlers.me(expressSessionStore(req));
    res.status(status).json(body);
  });
  return app;
}

function ironHandler(handlers: AuthHandlers) {
  const options = { ...sessionCookieOptions({ sessionKind: "sealed-cookie", production: false, name: "siwx_session" }), password: SECRET };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const store = ironSessionStore(await getIronSession<SessionRecord>(req, res, options));
    let result;
    if (req.method === "GET" && req.url === "/api/auth/nonce") result = await handlers.nonce(store);
    else if (req.method === "POST" && req.url === "/api/auth/verify") {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
      } catch {
        body = undefined;
      }
      result = await handlers.verify(store, { body, ...(req.headers.host === undefined ? {} : { host: req.headers.host }) });
    } else if (req.method === "POST" && req.url === "/api/auth/signout") result = await handlers.signOut(store);
    else if (req.method === "GET" && req.url === "/api/auth/me") result = await handlers.me(store);
    else result = { status: 404, body: { error: "Not found." } };
    res.writeHead(result.status, { "content-type": "application/json" }).end(JSON.stringify(result.body));
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res);
  };
}

beforeAll(async () => {
  // No ledger is needed for compact signatures; point at a closed local port so nothing leaves the machine.
  verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9", strategies: [compactSignature({ ledger: "never" })] });
  const logger = recordingLogger();
  expressServer = createServer(expressApp(createAuthHandlers({ verifier, sessionKind: "server-store", logger })));
  ironServer = createServer(ironHandler(createAuthHandlers({ verifier, sessionKind: "sealed-cookie", logger })));
  expressBase = await listenOnLoopback(expressServer);
  ironBase = await listenOnLoopback(ironServer);
});

afterAll(async () => {
  await Promise.all([expressServer, ironServer].map((server) => new Promise((resolve) => server.close(resolve))));
  await verifier.close();
});

/** A minimal cookie jar: keeps the last value of each cookie, drops cleared ones. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly base: string) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  async request(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
    const headers: Record<string, string> = { cookie: this.cookieHeader };
    if (body !== undefined) headers["content-type"] = "application/json";
    const response = await fetch(`${this.base}${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(";");
      const [name, value] = [pair!.slice(0, pair!.indexOf("=")), pair!.slice(pair!.indexOf("=") + 1)];
      const cleared = value === "" || attributes.some((attribute) => /^\s*(max-age=0|expires=thu, 01 jan 1970)/i.test(attribute));
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  clone(): Browser {
    const copy = new Browser(this.base);
    for (const [name, value] of this.cookies) copy.cookies.set(name, value);
    return copy;
  }
}

async function signedFor(browser: Browser, account: Account) {
  const { status, body } = await browser.request("GET", "/api/auth/nonce");
  expect(status).toBe(200);
  const domain = new URL(browser.base).host;
  const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now(), domain });
  return signedBody(account, message);
}

const VARIANTS = [
  { name: "store (Express + express-session)", base: () => expressBase, me: "/api/me" },
  { name: "cookie (node:http + iron-session)", base: () => ironBase, me: "/api/auth/me" },
];

describe.each(VARIANTS)("sign-in over HTTP, variant $name, real verifier", ({ base, me }) => {
  for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
    it(`signs in with a ${algorithm} compact signature, reads me, signs out`, async () => {
      const browser = new Browser(base());
      const account = makeAccount(algorithm);
      expect(await browser.request("GET", me)).toEqual({ status: 401, body: { error: "Not authenticated." } });
      const body = await signedFor(browser, account);
      const cookieBefore = browser.cookieHeader;
      expect(await browser.request("POST", "/api/auth/verify", body)).toEqual({
        status: 200,
        body: { ok: true, address: account.address },
      });
      expect(browser.cookieHeader).not.toBe(cookieBefore);
      expect(await browser.request("GET", me)).toEqual({ status: 200, body: { address: account.address } });
      expect(await browser.request("POST", "/api/auth/signout")).toEqual({ status: 200, body: { ok: true } });
      expect(browser.cookies.size).toBe(0);
      expect(await browser.request("GET", me)).toEqual({ status: 401, body: { error: "Not authenticated." } });
    });
  }

  it("answers 401 Signature verification failed. for a signature by another key, and the nonce stays usable", async () => {
    const browser = new Browser(base());
    const account = makeAccount();
    const body = await signedFor(browser, account);
    const forged = { ...signedBody(makeAccount(), body.message as string), address: account.address };
    expect(await browser.request("POST", "/api/auth/verify", { ...forged, publicKey: account.publicKey })).toEqual({
      status: 401,
      body: { error: "Signature verification failed." },
    });
    expect((await browser.request("POST", "/api/auth/verify", body)).status).toBe(200);
  });

  it("refuses the signed message replayed with the pre-sign-in cookie", async () => {
    const browser = new Browser(base());
    const account = makeAccount();
    const body = await signedFor(browser, account);
    const attacker = browser.clone();
    expect((await browser.request("POST", "/api/auth/verify", body)).status).toBe(200);
    const replay = await attacker.request("POST", "/api/auth/verify", body);
    // Variant B: the old session id was regenerated away, so it has no pending nonce any more;
    // A sealed-cookie session: the old sealed cookie still holds the nonce, and the nonce store refuses it.
    expect(replay.status).toBe(400);
    expect(["No pending nonce. Request /nonce first.", "Nonce has already been used."]).toContain(replay.body.error);
    expect((await attacker.request("GET", me)).status).toBe(401);
  });

  it("gives one success to 10 concurrent verifies of one signed message", async () => {
    const browser = new Browser(base());
    const account = makeAccount();
    const body = await signedFor(browser, account);
    const results = await Promise.all(Array.from({ length: 10 }, () => browser.clone().request("POST", "/api/auth/verify", body)));
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
  });
});

describe("sign-in over HTTP: variant-specific answers", () => {
  it("variant cookie answers an unreadable body with 500 Internal server error.", async () => {
    const browser = new Browser(ironBase);
    await browser.request("GET", "/api/auth/nonce");
    const response = await fetch(`${ironBase}/api/auth/verify`, {
      method: "POST",
      headers: { cookie: browser.cookieHeader, "content-type": "application/json" },
      body: "{not json",
    });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error." });
  });

  it("variant store answers a body without the required fields with 400 Invalid request body.", async () => {
    const browser = new Browser(expressBase);
    await browser.request("GET", "/api/auth/nonce");
    expect(await browser.request("POST", "/api/auth/verify", { message: 1 })).toEqual({
      status: 400,
      body: { error: "Invalid request body." },
    });
  });
});
