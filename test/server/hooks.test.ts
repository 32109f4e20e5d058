/**
 * onSignIn / onSignOut and getSignedIn, as an app wires them: real HTTP servers on 127.0.0.1
 * (Express + express-session, node:http + iron-session), the real verifier, real keys, a cookie
 * jar carrying the session from one request to the next. Then the rules that need a clock or a
 * scripted store, over the in-memory session store.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import express from "express";
import session from "express-session";
import { getIronSession } from "iron-session";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  expressSessionStore,
  getSignedIn,
  ironSessionStore,
  MAX_SESSION_DATA_BYTES,
  sessionCookieOptions,
  type AuthHandlers,
  type NonceStore,
  type SessionRecord,
  type SessionStore,
  type SignInDecision,
  type SignInHookContext,
  type SignOutHookContext,
} from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { CheckSuccess, Verifier } from "../../src/verify/types.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0, type Account } from "./support.js";

interface AppData {
  userId: string;
  roles: string[];
}

const SECRET = "a hooks test secret, at least 32 characters long";
const SUSPENDED = "This account is suspended.";

/** What the app's hook does, per address; it records every call. */
const behaviour = new Map<string, "data" | "refuse" | "throw" | "nothing">();
const signIns: SignInHookContext<unknown>[] = [];
const signOuts: SignOutHookContext<AppData, unknown>[] = [];

function appHook({ address, check, request }: SignInHookContext<unknown>): SignInDecision<AppData> {
  signIns.push({ address, check, request });
  switch (behaviour.get(address) ?? "nothing") {
    case "data":
      return { data: { userId: `user-of-${address}`, roles: ["reader", "writer"] } };
    case "refuse":
      return { refuse: { status: 403, message: SUSPENDED } };
    case "throw":
      throw new Error("the user database is down");
    case "nothing":
      return undefined;
  }
}

let verifier: Verifier;
let logger: ReturnType<typeof recordingLogger>;
let expressServer: Server;
let ironServer: Server;
let expressBase: string;
let ironBase: string;

function expressApp(handlers: AuthHandlers<express.Request>) {
  const app = express();
  const cookie = sessionCookieOptions({ sessionKind: "server-store", production: false, name: "siwx.sid" });
  app.use(express.json(), session({ ...cookie, secret: SECRET, resave: false, saveUninitialized: false }));
  app.get("/api/auth/nonce", async (req, res) => {
    const { status, body } = await handlers.nonce(expressSessionStore(req));
    res.status(status).json(body);
  });
  app.post("/api/auth/verify", async (req, res) => {
    const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body, request: req });
    res.status(status).json(body);
  });
  app.post("/api/auth/signout", async (req, res) => {
    const { status, body } = await handlers.signOut(expressSessionStore(req), { request: req });
    res.clearCookie(cookie.name, { path: cookie.cookie.path });
    res.status(status).json(body);
  });
  app.get("/api/auth/me", async (req, res) => {
    const { status, body } = await handlers.me(expressSessionStore(req));
    res.status(status).json(body);
  });
  // The app's own route.
  app.get("/api/profile", async (req, res) => {
    const signedIn = await getSignedIn<AppData>(expressSessionStore(req), { handlers });
    if (signedIn === null) return void res.status(401).json({ error: "Not authenticated." });
    res.json(signedIn);
  });
  return app;
}

function ironApp(handlers: AuthHandlers<IncomingMessage>) {
  const options = { ...sessionCookieOptions({ sessionKind: "sealed-cookie", production: false, name: "siwx_session" }), password: SECRET };
  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const store = ironSessionStore(await getIronSession<SessionRecord<AppData>>(req, res, options));
    let result: { status: number; body: unknown };
    if (req.method === "GET" && req.url === "/api/auth/nonce") result = await handlers.nonce(store);
    else if (req.method === "POST" && req.url === "/api/auth/verify") {
      result = await handlers.verify(store, { body: JSON.parse(Buffer.concat(chunks).toString("utf8")), request: req });
    } else if (req.method === "POST" && req.url === "/api/auth/signout") result = await handlers.signOut(store, { request: req });
    else if (req.method === "GET" && req.url === "/api/auth/me") result = await handlers.me(store);
    else if (req.method === "GET" && req.url === "/api/profile") {
      const signedIn = await handlers.getSignedIn<AppData>(store);
      result = signedIn === null ? { status: 401, body: { error: "Not authenticated." } } : { status: 200, body: signedIn };
    } else result = { status: 404, body: { error: "Not found." } };
    res.writeHead(result.status, { "content-type": "application/json" }).end(JSON.stringify(result.body));
  };
  return (req: IncomingMessage, res: ServerResponse) => {
    void handle(req, res);
  };
}

beforeAll(async () => {
  verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9", strategies: [compactSignature({ ledger: "never" })] });
  logger = recordingLogger();
  const onSignOut = (context: SignOutHookContext<AppData, unknown>) => void signOuts.push(context);
  expressServer = createServer(
    expressApp(
      createAuthHandlers<AppData, express.Request>({ verifier, sessionKind: "server-store", logger, onSignIn: appHook, onSignOut }),
    ),
  );
  ironServer = createServer(
    ironApp(createAuthHandlers<AppData, IncomingMessage>({ verifier, sessionKind: "sealed-cookie", logger, onSignIn: appHook, onSignOut })),
  );
  expressBase = await listenOnLoopback(expressServer);
  ironBase = await listenOnLoopback(ironServer);
});

afterAll(async () => {
  await Promise.all([expressServer, ironServer].map((server) => new Promise((resolve) => server.close(resolve))));
  await verifier.close();
});

beforeEach(() => {
  behaviour.clear();
  signIns.length = 0;
  signOuts.length = 0;
  logger.entries.length = 0;
});

async function call(jar: CookieJar, base: string, method: "GET" | "POST", path: string, body?: unknown) {
  const response = await jar.fetch(`${base}${path}`, {
    method,
    ...(body === undefined ? {} : { headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function proofFor(jar: CookieJar, base: string, account: Account) {
  const { body } = await call(jar, base, "GET", "/api/auth/nonce");
  return signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: Date.now(), domain: new URL(base).host }));
}

const SERVERS = [
  { name: "Express + express-session", base: () => expressBase },
  { name: "node:http + iron-session", base: () => ironBase },
];

describe.each(SERVERS)("hooks over HTTP: $name", ({ base }) => {
  it("stores the hook's data at sign-in; the next request's getSignedIn reads it back; me still answers the address only", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    behaviour.set(account.address, "data");
    const before = Date.now();
    expect(await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account))).toEqual({
      status: 200,
      body: { ok: true, address: account.address },
    });
    const profile = await call(jar, base(), "GET", "/api/profile");
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual({
      address: account.address,
      authenticatedAt: expect.any(Number),
      data: { userId: `user-of-${account.address}`, roles: ["reader", "writer"] },
    });
    expect(profile.body.authenticatedAt).toBeGreaterThanOrEqual(before);
    // The data stays on the server side of the session: the browser's `me` does not carry it.
    expect(await call(jar, base(), "GET", "/api/auth/me")).toEqual({ status: 200, body: { address: account.address } });
    // A new nonce request keeps the live sign-in, its data with it.
    await call(jar, base(), "GET", "/api/auth/nonce");
    expect((await call(jar, base(), "GET", "/api/profile")).body).toEqual(profile.body);
    // Sign-out ends it, data and all.
    await call(jar, base(), "POST", "/api/auth/signout");
    expect((await call(jar, base(), "GET", "/api/profile")).status).toBe(401);
  });

  it("hands the hook the address, the verifier's check result and the server's request object", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account));
    expect(signIns).toHaveLength(1);
    const [context] = signIns;
    expect(context!.address).toBe(account.address);
    expect(context!.check).toEqual({
      ok: true,
      address: account.address,
      signatureKind: "signature",
      authority: "master",
      publicKey: account.publicKey.toUpperCase(),
      algorithm: "ed25519",
    } satisfies CheckSuccess);
    const request = context!.request as IncomingMessage;
    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/auth/verify");
  });

  it("a sign-in without data reads back with data undefined", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    expect((await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account))).status).toBe(200);
    const profile = await call(jar, base(), "GET", "/api/profile");
    expect(profile.body.address).toBe(account.address);
    expect("data" in profile.body).toBe(false); // undefined does not survive JSON
  });

  it("a refusal answers its status and message, signs nothing in, and the signed message cannot be sent again", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    behaviour.set(account.address, "refuse");
    const proof = await proofFor(jar, base(), account);
    expect(await call(jar, base(), "POST", "/api/auth/verify", proof)).toEqual({ status: 403, body: { error: SUSPENDED } });
    expect(await call(jar, base(), "GET", "/api/auth/me")).toEqual({ status: 401, body: { error: "Not authenticated." } });
    expect((await call(jar, base(), "GET", "/api/profile")).status).toBe(401);
    // Lifting the suspension does not make the refused message usable: its nonce is used up.
    behaviour.set(account.address, "nothing");
    const again = await call(jar, base(), "POST", "/api/auth/verify", proof);
    expect(again.status).toBe(400);
    expect(["No pending nonce.", "No pending nonce. Request /nonce first.", "Nonce has already been used."]).toContain(again.body.error);
    expect(signIns).toHaveLength(1);
    // A new nonce signs in.
    expect((await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account))).status).toBe(200);
  });

  it("a refusal signs nothing in for a browser that was signed in as someone else, and leaves that sign-in as it was", async () => {
    const jar = createCookieJar();
    const first = makeAccount();
    const suspended = makeAccount();
    behaviour.set(first.address, "data");
    behaviour.set(suspended.address, "refuse");
    expect((await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), first))).status).toBe(200);
    expect((await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), suspended))).status).toBe(403);
    // The nonce request for the second sign-in kept the first; the refusal changed nothing.
    expect(await call(jar, base(), "GET", "/api/auth/me")).toEqual({ status: 200, body: { address: first.address } });
    expect((await call(jar, base(), "GET", "/api/profile")).body).toMatchObject({
      address: first.address,
      data: { userId: `user-of-${first.address}` },
    });
  });

  it("a hook that throws answers 500 with the generic text, logs the error, and signs nothing in", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    behaviour.set(account.address, "throw");
    expect(await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account))).toEqual({
      status: 500,
      body: { error: "Internal server error." },
    });
    expect(await call(jar, base(), "GET", "/api/auth/me")).toEqual({ status: 401, body: { error: "Not authenticated." } });
    const logged = logger.entries.find((entry) => entry.level === "error");
    expect(logged?.message).toBe("sign-in-with-xrpl: onSignIn threw; nothing was signed in.");
    expect((logged?.details[0] as Error).message).toBe("the user database is down");
  });

  it("calls onSignOut with the address, the data and the request, after the session has ended", async () => {
    const jar = createCookieJar();
    const account = makeAccount();
    behaviour.set(account.address, "data");
    await call(jar, base(), "POST", "/api/auth/verify", await proofFor(jar, base(), account));
    expect(await call(jar, base(), "POST", "/api/auth/signout")).toEqual({ status: 200, body: { ok: true } });
    expect(signOuts).toHaveLength(1);
    expect(signOuts[0]!.address).toBe(account.address);
    expect(signOuts[0]!.data).toEqual({ userId: `user-of-${account.address}`, roles: ["reader", "writer"] });
    expect((signOuts[0]!.request as IncomingMessage).url).toBe("/api/auth/signout");
    expect((await call(jar, base(), "GET", "/api/profile")).status).toBe(401);
    // Signing out again, with no one signed in, does not call it.
    await call(jar, base(), "POST", "/api/auth/signout");
    expect(signOuts).toHaveLength(1);
  });
});

describe("data and the sealed cookie", () => {
  it("data of the largest size allowed still fits a browser's 4096-byte cookie", async () => {
    const big = { note: "x".repeat(MAX_SESSION_DATA_BYTES - '{"note":""}'.length) };
    expect(new TextEncoder().encode(JSON.stringify(big)).length).toBe(MAX_SESSION_DATA_BYTES);
    const handlers = createAuthHandlers({ verifier, sessionKind: "sealed-cookie", onSignIn: () => ({ data: big }) });
    const server = createServer(ironApp(handlers));
    const base = await listenOnLoopback(server);
    try {
      const jar = createCookieJar();
      const account = makeAccount();
      expect((await call(jar, base, "POST", "/api/auth/verify", await proofFor(jar, base, account))).status).toBe(200);
      expect(jar.lastSetCookie("siwx_session")!.raw.length).toBeLessThan(4096);
      expect((await call(jar, base, "GET", "/api/profile")).body.data).toEqual(big);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

/** In memory: the order of the steps, and what the handlers do with each kind of answer. */
describe("onSignIn, step by step", () => {
  function setup(onSignIn: (context: SignInHookContext<unknown>) => unknown, nonceStore: NonceStore = createMemoryNonceStore()) {
    const log = recordingLogger();
    const clock = { now: T0 };
    const handlers = createAuthHandlers({
      verifier: scriptedVerifier(true),
      sessionKind: "server-store",
      domain: "example.com",
      logger: log,
      now: () => clock.now,
      nonceStore,
      onSignIn: onSignIn as never,
    });
    const signIn = async (store: SessionStore = createMemorySessionStore(), account: Account = makeAccount()) => {
      const { body } = await handlers.nonce(store);
      const proof = signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: clock.now }));
      return { result: await handlers.verify(store, { body: proof, request: { id: "req-1" } }), store, account, proof };
    };
    return { handlers, signIn, log, clock };
  }

  it("runs after the nonce is used up and before the session is written", async () => {
    const steps: string[] = [];
    const inner = createMemoryNonceStore();
    const store = createMemorySessionStore();
    const { signIn } = setup(
      async () => {
        steps.push(`hook (session signed in: ${(await store.get()).address !== undefined})`);
        return { data: { step: "hook" } };
      },
      { consume: async (nonce, ttl) => (steps.push("nonce used up"), inner.consume(nonce, ttl)) },
    );
    const { result } = await signIn(store);
    expect(result.status).toBe(200);
    expect(steps).toEqual(["nonce used up", "hook (session signed in: false)"]);
    expect(await store.get()).toMatchObject({ data: { step: "hook" } });
  });

  it("is not called for a proof that does not hold, nor for a replay", async () => {
    let calls = 0;
    const verifier = scriptedVerifier(false);
    const handlers = createAuthHandlers({
      verifier,
      sessionKind: "sealed-cookie",
      domain: "example.com",
      now: () => T0,
      onSignIn: () => void (calls += 1),
    });
    const store = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await handlers.nonce(store);
    const proof = signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: T0 }));
    const beforeSignIn = await store.get();
    expect((await handlers.verify(store, { body: proof })).status).toBe(401);
    expect(calls).toBe(0);
    verifier.answer(true);
    expect((await handlers.verify(store, { body: proof })).status).toBe(200);
    expect(calls).toBe(1);
    // The same signed message with a copy of the pre-sign-in cookie: the nonce store refuses it first.
    expect((await handlers.verify(createMemorySessionStore(beforeSignIn), { body: proof })).body.error).toBe(
      "Nonce has already been used.",
    );
    expect(calls).toBe(1);
  });

  it("receives undefined as the request when the caller passed none", async () => {
    let seen: unknown = "unset";
    const { handlers } = setup(({ request }) => void (seen = request));
    const store = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await handlers.nonce(store);
    await handlers.verify(store, { body: signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: T0 })) });
    expect(seen).toBeUndefined();
  });

  it("stores a JSON copy of the data: changing the hook's object later changes nothing", async () => {
    const data = { roles: ["a"], dropped: undefined };
    const { signIn } = setup(() => ({ data }));
    const { store } = await signIn();
    data.roles.push("b");
    expect((await store.get()).data).toEqual({ roles: ["a"] });
    expect("dropped" in ((await store.get()).data as object)).toBe(false);
  });

  it("stores null, strings and arrays as data too", async () => {
    for (const data of [null, "plain", [1, "two", { three: true }]]) {
      const { signIn } = setup(() => ({ data }));
      const { store, result } = await signIn();
      expect(result.status).toBe(200);
      expect((await store.get()).data).toEqual(data);
    }
  });

  const broken: [string, unknown, RegExp][] = [
    [
      "data that is too large",
      { data: { blob: "y".repeat(MAX_SESSION_DATA_BYTES) } },
      /returned `data` that takes \d+ bytes as JSON, over the limit of 2048/,
    ],
    ["a Date in the data", { data: { since: new Date(T0) } }, /`data` that is not JSON at data\.since \(a Date\)/],
    ["a Map as data", { data: new Map() }, /not JSON at data \(a Map\)/],
    ["a bigint in the data", { data: { balance: 10n } }, /not JSON at data\.balance \(a bigint\)/],
    ["a function in the data", { data: { fn: () => 1 } }, /not JSON at data\.fn \(a function\)/],
    ["NaN in the data", { data: { score: Number.NaN } }, /not JSON at data\.score \(NaN\)/],
    ["undefined in an array", { data: [1, undefined] }, /not JSON at data\[1\] \(undefined\): use null/],
    [
      "a cycle in the data",
      (() => {
        const data: Record<string, unknown> = {};
        data.self = data;
        return { data };
      })(),
      /refers back to itself/,
    ],
    ["a refusal with a 500 status", { refuse: { status: 500, message: "Nope." } }, /refused with status 500: use one of 400, 401, 403/],
    ["a refusal with a 200 status", { refuse: { status: 200, message: "Nope." } }, /refused with status 200/],
    ["a refusal without a message", { refuse: { status: 403, message: "" } }, /refused with message "": give one sentence/],
    ["a refusal that is a string", { refuse: "banned" }, /returned `refuse` as "banned"/],
    ["the data without the { data } wrapper", { userId: "u_1" }, /returned an object without `data` or `refuse`/],
    ["a string", "ok", /onSignIn returned "ok": return nothing, \{ data \} or \{ refuse/],
  ];
  for (const [what, answer, logged] of broken) {
    it(`answers 500 and logs how to fix the hook for ${what}; nothing is signed in`, async () => {
      const { signIn, log } = setup(() => answer);
      const { result, store } = await signIn();
      expect(result).toEqual({ status: 500, body: { error: "Internal server error." } });
      expect(await store.get()).toEqual({});
      expect(log.entries).toHaveLength(1);
      expect(log.entries[0]!.level).toBe("error");
      expect(log.entries[0]!.message).toMatch(/^sign-in-with-xrpl: onSignIn /);
      expect(log.entries[0]!.message).toMatch(logged);
    });
  }

  it("a hook that rejects is handled like one that throws", async () => {
    const { signIn, log } = setup(async () => Promise.reject(new TypeError("boom")));
    const { result, store } = await signIn();
    expect(result).toEqual({ status: 500, body: { error: "Internal server error." } });
    expect(await store.get()).toEqual({});
    expect(log.entries[0]!.details[0]).toBeInstanceOf(TypeError);
  });

  it("a refusal drops the used nonce from the session, and still answers when the session cannot be written", async () => {
    const { signIn, log } = setup(() => ({ refuse: { status: 423, message: "Locked." } }));
    const { result, store } = await signIn();
    expect(result).toEqual({ status: 423, body: { error: "Locked." } });
    expect(await store.get()).toEqual({});

    const failing = createMemorySessionStore();
    const { body } = await setup(() => undefined).handlers.nonce(failing);
    const broken: SessionStore = {
      get: () => failing.get(),
      set: () => Promise.reject(new Error("store down")),
      destroy: () => failing.destroy(),
    };
    const account = makeAccount();
    const refused = await setup(() => ({ refuse: { status: 403, message: SUSPENDED } })).handlers.verify(broken, {
      body: signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: T0 })),
    });
    expect(refused).toEqual({ status: 403, body: { error: SUSPENDED } });
    expect(log.entries).toHaveLength(0);
  });

  it("passes a verifier that only has verify a success with the key and authority unknown", async () => {
    let seen: CheckSuccess | undefined;
    const verifyOnly = { verify: async () => true, close: async () => {} } as unknown as Verifier;
    const handlers = createAuthHandlers({
      verifier: verifyOnly,
      sessionKind: "server-store",
      domain: "example.com",
      now: () => T0,
      onSignIn: ({ check }) => void (seen = check),
    });
    const store = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await handlers.nonce(store);
    const result = await handlers.verify(store, {
      body: signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: T0 })),
    });
    expect(result).toEqual({ status: 200, body: { ok: true, address: account.address } });
    expect(seen).toEqual({
      ok: true,
      address: account.address,
      signatureKind: "signature",
      authority: "unknown",
      publicKey: null,
      algorithm: null,
    });
    const refusing = createAuthHandlers({
      verifier: { verify: async () => false, close: async () => {} } as unknown as Verifier,
      sessionKind: "server-store",
      domain: "example.com",
      now: () => T0,
    });
    const { body: second } = await refusing.nonce(store);
    expect(
      await refusing.verify(store, { body: signedBody(account, buildMessage({ account, nonce: second.nonce!, issuedAtMs: T0 })) }),
    ).toEqual({ status: 401, body: { error: "Signature verification failed." } });
  });

  it("refuses hooks that are not functions when the handlers are created", () => {
    const base = { verifier: scriptedVerifier(), sessionKind: "server-store" as const, domain: "example.com" };
    expect(() => createAuthHandlers({ ...base, onSignIn: "yes" as never })).toThrow(InvalidOptionsError);
    expect(() => createAuthHandlers({ ...base, onSignIn: {} as never })).toThrow(/`onSignIn` must be a function/);
    expect(() => createAuthHandlers({ ...base, onSignOut: 1 as never })).toThrow(/`onSignOut` must be a function/);
  });
});

describe("onSignOut, step by step", () => {
  async function signedIn(onSignOut: (context: SignOutHookContext<unknown, unknown>) => void | Promise<void>) {
    const log = recordingLogger();
    const handlers = createAuthHandlers({
      verifier: scriptedVerifier(),
      sessionKind: "sealed-cookie",
      domain: "example.com",
      logger: log,
      now: () => T0,
      onSignIn: () => ({ data: { userId: "u_9" } }),
      onSignOut,
    });
    const store = createMemorySessionStore();
    const account = makeAccount();
    const { body } = await handlers.nonce(store);
    await handlers.verify(store, { body: signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: T0 })) });
    return { handlers, store, log, account };
  }

  it("a hook that throws is logged and the answer stays 200: the session has ended", async () => {
    const { handlers, store, log } = await signedIn(() => {
      throw new Error("audit log down");
    });
    expect(await handlers.signOut(store)).toEqual({ status: 200, body: { ok: true } });
    expect(store.destroyed).toBe(true);
    expect(log.entries.map((entry) => entry.message)).toEqual(["sign-in-with-xrpl: onSignOut threw; the session has ended anyway"]);
  });

  it("runs after the session has been destroyed, with its data and the request given", async () => {
    const seen: unknown[] = [];
    const { handlers, store, account } = await signedIn(
      ({ address, data, request }) => void seen.push(store.destroyed, address, data, request),
    );
    await handlers.signOut(store, { request: "the request" });
    expect(seen).toEqual([true, account.address, { userId: "u_9" }, "the request"]);
  });

  it("is not called for a copy of a session already signed out elsewhere", async () => {
    const calls: string[] = [];
    const { handlers, store } = await signedIn(({ address }) => void calls.push(address));
    const copy = createMemorySessionStore(await store.get());
    await handlers.signOut(store);
    await handlers.signOut(copy);
    expect(calls).toHaveLength(1);
  });
});

describe("getSignedIn", () => {
  function setup(options: { maxSessionAgeSeconds?: number } = {}) {
    const clock = { now: T0 };
    const handlers = createAuthHandlers({
      verifier: scriptedVerifier(),
      sessionKind: "sealed-cookie",
      domain: "example.com",
      now: () => clock.now,
      ...options,
      onSignIn: () => ({ data: { userId: "u_1" } }),
    });
    const signIn = async (store = createMemorySessionStore()) => {
      const account = makeAccount();
      const { body } = await handlers.nonce(store);
      expect(
        (await handlers.verify(store, { body: signedBody(account, buildMessage({ account, nonce: body.nonce!, issuedAtMs: clock.now })) }))
          .status,
      ).toBe(200);
      return { store, account };
    };
    return { handlers, clock, signIn };
  }

  it("reads the sign-in and its data through the handlers' rules, or null", async () => {
    const { handlers, signIn } = setup();
    const { store, account } = await signIn();
    const expected = { address: account.address, authenticatedAt: T0, data: { userId: "u_1" } };
    expect(await getSignedIn(store, { handlers })).toEqual(expected);
    expect(await handlers.getSignedIn(store)).toEqual(expected);
    expect(await getSignedIn(createMemorySessionStore(), { handlers })).toBeNull();
    expect(await handlers.getSignedIn(createMemorySessionStore({ pendingNonce: "abcdef12" }))).toBeNull();
    // An address alone is no sign-in: nothing this library wrote.
    expect(await handlers.getSignedIn(createMemorySessionStore({ address: account.address, authenticatedAt: T0 }))).toBeNull();
  });

  it("applies the session's lifetime and sign-out revocation, as me does", async () => {
    const { handlers, clock, signIn } = setup({ maxSessionAgeSeconds: 3600 });
    const { store } = await signIn();
    // A copy of the session taken before sign-out (a sealed cookie someone kept).
    const copy = createMemorySessionStore(await store.get());
    await handlers.signOut(store);
    expect(await handlers.getSignedIn(copy)).toBeNull();
    expect((await handlers.me(copy)).status).toBe(401);

    const { store: second } = await signIn();
    clock.now = T0 + 3_600_000;
    expect(await getSignedIn(second, { handlers })).toBeNull();
    expect((await handlers.me(second)).status).toBe(401);
  });

  it("maxAgeSeconds asks for a fresher sign-in on this read only, and ends nothing", async () => {
    const { handlers, clock, signIn } = setup();
    const { store } = await signIn();
    clock.now = T0 + 60_000;
    expect(await getSignedIn(store, { handlers, maxAgeSeconds: 61 })).not.toBeNull();
    expect(await handlers.getSignedIn(store, { maxAgeSeconds: 60 })).toBeNull();
    expect((await handlers.me(store)).status).toBe(200);
  });

  it("throws InvalidOptionsError for a bad store, missing handlers or a bad maxAgeSeconds", async () => {
    const { handlers } = setup();
    await expect(getSignedIn(undefined as never, { handlers })).rejects.toThrow(/needs a SessionStore/);
    await expect(getSignedIn(createMemorySessionStore(), undefined as never)).rejects.toThrow(/needs the handlers from createAuthHandlers/);
    await expect(getSignedIn(createMemorySessionStore(), { handlers, maxAgeSeconds: 0 })).rejects.toThrow(InvalidOptionsError);
    await expect(handlers.getSignedIn(createMemorySessionStore(), { maxAgeSeconds: "60" as never })).rejects.toThrow(
      /handlers.getSignedIn: `maxAgeSeconds` must be a positive number of seconds \(got "60"\)/,
    );
  });
});
