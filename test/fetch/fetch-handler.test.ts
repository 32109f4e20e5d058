/**
 * createFetchHandler in process: real Request/Response objects, real proofs made with
 * ripple-keypairs and xrpl.js, the real verifier, sealed cookies carried from answer to request
 * as a browser would. The clock is injected, so lifetimes are tested without waiting.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createFetchHandler, type FetchHandler, type FetchHandlerOptions } from "../../src/fetch/index.js";
import { createMemoryNonceStore, type NonceStore } from "../../src/server/index.js";
import { createDevWallet, createTestClient } from "../../src/testing/index.js";
import { compactSignature, createVerifier, type Verifier } from "../../src/verify/index.js";
import { parseSetCookie, SEALED_COOKIE_FORMAT, type SetCookie } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { newWallet, signedTxProof } from "../examples/flow.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, T0, type Account } from "../server/support.js";

const SECRET = "a-session-secret-of-at-least-32-characters";
const ORIGIN = "https://example.com";
const minutes = (count: number) => count * 60_000;

/** A compact-signature verifier that needs no ledger: master keys only. */
const offlineVerifier = (): Verifier => createVerifier({ strategies: [compactSignature({ ledger: "never" })], ledgerReader: noLedger });
const noLedger = {
  async getAccountAuthority(): Promise<never> {
    throw new Error("the ledger is not part of this test");
  },
};

/** One browser: sends its cookie, keeps what `Set-Cookie` says, remembers the last one. */
function browser(auth: FetchHandler, origin = ORIGIN) {
  let cookie: string | undefined;
  let lastSetCookie: SetCookie | undefined;
  const client = {
    get cookie() {
      return cookie;
    },
    set cookie(value: string | undefined) {
      cookie = value;
    },
    get lastSetCookie() {
      return lastSetCookie;
    },
    request(path: string, init: RequestInit = {}): Request {
      const headers = new Headers(init.headers);
      if (cookie !== undefined) headers.set("cookie", `other=1; siwx_session=${cookie}`);
      return new Request(`${origin}${path}`, { ...init, headers });
    },
    async send(path: string, init: RequestInit = {}) {
      const response = await auth.handle(client.request(path, init));
      const raw = response.headers.get("set-cookie");
      if (raw !== null) {
        lastSetCookie = parseSetCookie(raw);
        cookie = lastSetCookie.attributes["max-age"] === "0" ? undefined : lastSetCookie.value;
      }
      return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
    },
    async nonce(): Promise<string> {
      const { status, body } = await client.send("/api/auth/nonce");
      expect(status).toBe(200);
      return body.nonce as string;
    },
    verify(body: unknown, contentType = "application/json") {
      return client.send("/api/auth/verify", {
        method: "POST",
        headers: { "content-type": contentType },
        body: typeof body === "string" ? body : JSON.stringify(body),
      });
    },
    clone() {
      const copy = browser(auth, origin);
      copy.cookie = cookie;
      return copy;
    },
  };
  return client;
}

function setup(options: Partial<FetchHandlerOptions> = {}) {
  const clock = { now: T0 };
  const logger = recordingLogger();
  const nonceStore = createMemoryNonceStore({ now: () => clock.now });
  const auth = createFetchHandler({
    verifier: offlineVerifier(),
    domain: "example.com",
    sessionSecret: SECRET,
    now: () => clock.now,
    logger,
    nonceStore,
    ...options,
  });
  /** Nonce, message signed by `account`, the verify body. */
  const proofFor = async (client: ReturnType<typeof browser>, account: Account = makeAccount()) => {
    const nonce = await client.nonce();
    return signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now }));
  };
  return { clock, logger, auth, nonceStore, proofFor };
}

describe("createFetchHandler: sign-in", () => {
  for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
    it(`signs in with a compact ${algorithm} signature: nonce, verify, me and getSession agree`, async () => {
      const { auth, clock, proofFor } = setup();
      const client = browser(auth);
      const account = makeAccount(algorithm);
      const body = await proofFor(client, account);
      const beforeSignIn = client.cookie;
      const answer = await client.verify(body);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ ok: true, address: account.address });
      expect(client.cookie).toBeDefined();
      expect(client.cookie).not.toBe(beforeSignIn);

      expect((await client.send("/api/auth/me")).body).toEqual({ address: account.address });
      expect(await auth.getSession(client.request("/anything"))).toEqual({ address: account.address, authenticatedAt: clock.now });
    });
  }

  it("signs in without a public key in the body (secp256k1, key recovered from the signature)", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const account = makeAccount("ecdsa-secp256k1");
    const { publicKey: _left, ...body } = await proofFor(client, account);
    expect((await client.verify(body)).body).toEqual({ ok: true, address: account.address });
  });

  it("answers JSON that is never cached, on every route", async () => {
    const { auth } = setup();
    const client = browser(auth);
    for (const [path, init] of [
      ["/api/auth/nonce", {}],
      ["/api/auth/me", {}],
      ["/api/auth/signout", { method: "POST" }],
      ["/api/auth/nope", {}],
      ["/elsewhere", {}],
    ] as const) {
      const { response } = await client.send(path, init);
      expect({ path, type: response.headers.get("content-type"), cache: response.headers.get("cache-control") }).toEqual({
        path,
        type: "application/json",
        cache: "no-store",
      });
    }
  });

  it("reads the sessions of another handler made with the same secret (stateless), not of one with another secret", async () => {
    const { auth, proofFor, clock } = setup();
    const client = browser(auth);
    const account = makeAccount();
    expect((await client.verify(await proofFor(client, account))).status).toBe(200);

    const sameSecret = createFetchHandler({
      verifier: offlineVerifier(),
      domain: "example.com",
      sessionSecret: SECRET,
      now: () => clock.now,
    });
    expect(await sameSecret.getSession(client.request("/"))).toEqual({ address: account.address, authenticatedAt: clock.now });
    expect((await sameSecret.handle(client.request("/api/auth/me"))).status).toBe(200);

    const otherSecret = createFetchHandler({
      verifier: offlineVerifier(),
      domain: "example.com",
      sessionSecret: `${SECRET}-rotated`,
      now: () => clock.now,
    });
    expect(await otherSecret.getSession(client.request("/"))).toBeNull();
    expect((await otherSecret.handle(client.request("/api/auth/me"))).status).toBe(401);
  });

  it("signs in with a signed transaction, the key checked on the ledger", async () => {
    const node: MockRippled = await startMockRippled();
    const verifier = createVerifier({ nodeUrl: node.url });
    try {
      const { auth, clock } = setup({ verifier, domain: "localhost" });
      clock.now = Date.now(); // the ledger look-up does not follow the test clock; the message is issued now
      const client = browser(auth, "http://localhost:3000");
      const wallet = newWallet("ed25519");
      node.setAccount(wallet.classicAddress, {});
      const nonce = await client.nonce();
      const message = buildMessage({
        account: { address: wallet.classicAddress } as Account,
        nonce,
        issuedAtMs: clock.now,
        domain: "localhost",
      });
      const answer = await client.verify(signedTxProof(message, wallet));
      expect(answer.body).toEqual({ ok: true, address: wallet.classicAddress });
      expect(node.requestCount("account_info")).toBeGreaterThan(0);
    } finally {
      await verifier.close();
      await node.stop();
    }
  });
});

describe("createFetchHandler: with the testing client", () => {
  it("signs in a development wallet of each curve in process", async () => {
    const auth = createFetchHandler({ verifier: offlineVerifier(), domain: "localhost", sessionSecret: SECRET });
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      const client = createTestClient(auth);
      const result = await client.signIn({ wallet: createDevWallet({ algorithm }) });
      expect(result).toMatchObject({ ok: true, status: 200, body: { ok: true, address: result.address } });
      expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ address: result.address });
    }
  });
});

describe("createFetchHandler: sessions end", () => {
  it("signs out: 200 { ok: true }, the cookie expires, /me answers 401 and getSession null", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const out = await client.send("/api/auth/signout", { method: "POST" });
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ ok: true });
    expect(client.lastSetCookie?.attributes["max-age"]).toBe("0");
    expect(client.lastSetCookie?.value).toBe("");
    expect(client.cookie).toBeUndefined();
    expect(await client.send("/api/auth/me")).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    expect(await auth.getSession(client.request("/"))).toBeNull();
  });

  it("answers sign-out with 200 without a session", async () => {
    const { auth } = setup();
    expect((await browser(auth).send("/api/auth/signout", { method: "POST" })).body).toEqual({ ok: true });
  });

  it("forgets a session 30 minutes after it was last sealed, by the handler's clock", async () => {
    const { auth, proofFor, clock } = setup();
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    clock.now += minutes(30) - 1;
    expect((await client.send("/api/auth/me")).status).toBe(200);
    clock.now += 1;
    expect((await client.send("/api/auth/me")).status).toBe(401);
    expect(await auth.getSession(client.request("/"))).toBeNull();
  });

  it("keeps the configured lifetime: cookie.maxAgeSeconds sets Max-Age and the sealed expiry", async () => {
    const { auth, proofFor, clock } = setup({ cookie: { maxAgeSeconds: 60 } });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    expect(client.lastSetCookie?.attributes["max-age"]).toBe("60");
    clock.now += 60_000;
    expect((await client.send("/api/auth/me")).status).toBe(401);
  });

  it("treats a tampered, truncated or foreign cookie as no session", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const sealed = client.cookie!;
    for (const forged of [`${sealed.slice(0, -8)}AAAAAAAA`, sealed.slice(0, 40), "not-a-seal", "%E0%A4%A", `Fe26.2*1*${"*".repeat(7)}~2`]) {
      const copy = browser(auth);
      copy.cookie = forged;
      expect({ forged, status: (await copy.send("/api/auth/me")).status }).toEqual({ forged, status: 401 });
      expect(await auth.getSession(copy.request("/"))).toBeNull();
    }
  });
});

describe("createFetchHandler: copies of a session cookie", () => {
  it("a copy taken before sign-out reads 200 before and 401 after, on every instance sharing the store", async () => {
    const { auth, proofFor, nonceStore, clock } = setup();
    const other = createFetchHandler({
      verifier: offlineVerifier(),
      domain: "example.com",
      sessionSecret: SECRET,
      now: () => clock.now,
      nonceStore,
    });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const copyOnOther = browser(other);
    copyOnOther.cookie = client.cookie;
    expect((await copyOnOther.send("/api/auth/me")).status).toBe(200);
    expect(await other.getSession(copyOnOther.request("/"))).not.toBeNull();

    await client.send("/api/auth/signout", { method: "POST" });
    expect(await copyOnOther.send("/api/auth/me")).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    expect(await other.getSession(copyOnOther.request("/"))).toBeNull();
  });

  it("without a shared store, the copy lives on another instance until its lifetime ends (what a stateless cookie cannot promise)", async () => {
    const { auth, proofFor, clock } = setup();
    const alone = createFetchHandler({
      verifier: offlineVerifier(),
      domain: "example.com",
      sessionSecret: SECRET,
      now: () => clock.now,
      nonceStore: createMemoryNonceStore(),
    });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const copy = client.cookie;
    await client.send("/api/auth/signout", { method: "POST" });
    const elsewhere = browser(alone);
    elsewhere.cookie = copy;
    expect((await elsewhere.send("/api/auth/me")).status).toBe(200);
  });

  it("a nonce request with a copied cookie keeps its sign-in (same id, same sign-in time), and a sign-out still ends both", async () => {
    const { auth, proofFor, clock } = setup();
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const signedInAt = clock.now;
    const copy = client.clone();
    clock.now += minutes(10);
    await copy.nonce();
    expect(await auth.getSession(copy.request("/"))).toMatchObject({ authenticatedAt: signedInAt });
    expect((await client.send("/api/auth/me")).status).toBe(200);
    expect((await copy.send("/api/auth/signout", { method: "POST" })).status).toBe(200);
    expect((await client.send("/api/auth/me")).status).toBe(401);
  });

  it("a nonce request gives a signed-out copy of the cookie a nonce only", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const copy = client.clone();
    expect((await client.send("/api/auth/signout", { method: "POST" })).status).toBe(200);
    await copy.nonce();
    expect(await auth.getSession(copy.request("/"))).toBeNull();
    expect((await copy.send("/api/auth/me")).status).toBe(401);
  });

  it("ends a session 24 hours after sign-in however long the cookie lives: 401, the cookie expired, getSession null", async () => {
    const { auth, proofFor, clock } = setup({ cookie: { maxAgeSeconds: 3 * 86_400 } });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    const signedInAt = clock.now;
    clock.now = signedInAt + 86_400_000 - 1;
    expect(await auth.getSession(client.request("/"))).not.toBeNull();
    expect((await client.send("/api/auth/me")).status).toBe(200);
    clock.now = signedInAt + 86_400_000;
    expect(await auth.getSession(client.request("/"))).toBeNull();
    expect((await client.send("/api/auth/me")).status).toBe(401);
    expect(client.lastSetCookie?.attributes["max-age"]).toBe("0");
  });

  it("takes maxSessionAgeSeconds", async () => {
    const { auth, proofFor, clock } = setup({ maxSessionAgeSeconds: 600 });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    clock.now += 600_000;
    expect(await auth.getSession(client.request("/"))).toBeNull();
  });

  it("fails closed when the revocation store cannot answer: /me 500, getSession null, both logged", async () => {
    const failing = { revoke: async () => {}, isRevoked: () => Promise.reject(new Error("store down")) };
    const { auth, proofFor, logger } = setup({ revocationStore: failing });
    const client = browser(auth);
    expect((await client.verify(await proofFor(client))).status).toBe(200);
    expect(await client.send("/api/auth/me")).toMatchObject({ status: 500, body: { error: "Internal server error." } });
    expect(await auth.getSession(client.request("/"))).toBeNull();
    expect(logger.entries.filter((entry) => entry.level === "error")).toHaveLength(2);
  });
});

describe("createFetchHandler: single use", () => {
  it("refuses the cookie from before the sign-in, replayed with the same proof: 400 Nonce has already been used.", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const body = await proofFor(client);
    const replay = client.clone();
    expect((await client.verify(body)).status).toBe(200);
    expect(await replay.verify(body)).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
    expect((await replay.send("/api/auth/me")).status).toBe(401);
  });

  it("refuses the replay on a second instance too when both share the nonce store", async () => {
    const { auth, proofFor, nonceStore, clock } = setup();
    const second = createFetchHandler({
      verifier: offlineVerifier(),
      domain: "example.com",
      sessionSecret: SECRET,
      nonceStore,
      now: () => clock.now,
    });
    const client = browser(auth);
    const body = await proofFor(client);
    const replay = browser(second);
    replay.cookie = client.cookie;
    expect((await client.verify(body)).status).toBe(200);
    expect(await replay.verify(body)).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
  });

  it("gives exactly one 200 to 20 racing verifies of one proof with one cookie, judging at most 5", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const body = await proofFor(client);
    const answers = await Promise.all(Array.from({ length: 20 }, () => client.clone().verify(body)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // Five were judged (one won, four found the nonce used); the other fifteen found it spent.
    expect(answers.filter((answer) => answer.body.error === "Nonce has already been used.")).toHaveLength(4);
    expect(answers.filter((answer) => answer.body.error === "No pending nonce.")).toHaveLength(15);
  });

  it("keeps the sign-in when a signed-in session asks for a new nonce: me 200, data kept, the copy too", async () => {
    const { auth, proofFor } = setup({ onSignIn: () => ({ data: { plan: "pro" } }) });
    const client = browser(auth);
    const account = makeAccount();
    expect((await client.verify(await proofFor(client, account))).status).toBe(200);
    const copy = client.clone();
    await client.nonce();
    expect((await client.send("/api/auth/me")).body).toEqual({ address: account.address });
    expect(await auth.getSession(client.request("/"))).toMatchObject({ address: account.address, data: { plan: "pro" } });
    expect((await copy.send("/api/auth/me")).status).toBe(200);
  });
});

describe("createFetchHandler: the texts of a sealed-cookie session", () => {
  it("answers verify without a pending nonce with 400 No pending nonce.", async () => {
    const { auth, clock } = setup();
    const account = makeAccount();
    const body = signedBody(account, buildMessage({ account, nonce: "0123456789abcdef0123456789abcdef", issuedAtMs: clock.now }));
    expect(await browser(auth).verify(body)).toMatchObject({ status: 400, body: { error: "No pending nonce." } });
  });

  it("answers every validation failure with its reason", async () => {
    const { auth, clock } = setup();
    const client = browser(auth);
    const account = makeAccount();
    const other = makeAccount();
    const cases: [
      string,
      (message: (overrides?: Partial<Parameters<typeof buildMessage>[0]>) => string) => Record<string, unknown>,
      number,
      string,
    ][] = [
      ["garbage", () => signedBody(account, "hello"), 400, "Invalid message format."],
      ["another domain", (message) => signedBody(account, message({ domain: "evil.example" })), 400, "Domain does not match."],
      [
        "another address in the body",
        (message) => ({ ...signedBody(account, message()), address: other.address }),
        400,
        "Address does not match.",
      ],
      ["another nonce", (message) => signedBody(account, message({ nonce: "f".repeat(32) })), 400, "Nonce does not match."],
      [
        "issued in the future",
        (message) => signedBody(account, message({ issuedAtMs: clock.now + minutes(10) })),
        400,
        "Message is issued in the future.",
      ],
      ["too old", (message) => signedBody(account, message({ issuedAtMs: clock.now - minutes(10) })), 400, "Message is too old."],
      [
        "expired",
        (message) => signedBody(account, message({ issuedAtMs: clock.now - minutes(3), expirationTimeMs: clock.now - minutes(2) })),
        400,
        "Message has expired.",
      ],
      [
        "signed by another key",
        (message) => signedBody({ ...other, address: account.address }, message()),
        401,
        "Signature verification failed.",
      ],
    ];
    for (const [label, build, status, error] of cases) {
      const nonce = await client.nonce();
      const answer = await client.verify(build((overrides = {}) => buildMessage({ account, nonce, issuedAtMs: clock.now, ...overrides })));
      expect({ label, status: answer.status, body: answer.body }).toEqual({ label, status, body: { error } });
    }
  });

  it("answers /me without a session with 401 Not authenticated.", async () => {
    const { auth } = setup();
    expect(await browser(auth).send("/api/auth/me")).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });

  it("answers 500 Internal server error. and logs when the nonce store fails", async () => {
    const failing: NonceStore = {
      async consume() {
        throw new Error("store down");
      },
    };
    const { auth, logger, proofFor } = setup({ nonceStore: failing });
    const client = browser(auth);
    expect(await client.verify(await proofFor(client))).toMatchObject({ status: 500, body: { error: "Internal server error." } });
    expect(logger.entries.some((entry) => entry.level === "error")).toBe(true);
  });
});

describe("createFetchHandler: request bodies", () => {
  it("answers 400 Invalid request body. for a body that is not JSON (content type or syntax), keeping the nonce", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const body = await proofFor(client);
    for (const [raw, type] of [
      [JSON.stringify(body), "text/plain"],
      [JSON.stringify(body), ""],
      ['{"message": "abc"', "application/json"],
      ["", "application/json"],
      [new Uint8Array([0x7b, 0xff, 0x7d]), "application/json"],
    ] as const) {
      const answer = await client.send("/api/auth/verify", {
        method: "POST",
        headers: type === "" ? {} : { "content-type": type },
        body: raw,
      });
      expect({ type, status: answer.status, body: answer.body }).toEqual({ type, status: 400, body: { error: "Invalid request body." } });
    }
    expect((await client.verify(body)).status).toBe(200);
  });

  it("accepts a JSON content type with parameters and a +json type", async () => {
    const { auth, proofFor } = setup();
    for (const type of ["application/json; charset=utf-8", "application/vnd.api+json"]) {
      const client = browser(auth);
      expect((await client.verify(await proofFor(client), type)).status).toBe(200);
    }
  });

  it("answers JSON that is not a proof as the sealed-cookie handlers do: 500 Internal server error.", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const full = await proofFor(client);
    for (const body of ["[1,2]", '"text"', "42", "null", "{}", JSON.stringify({ ...full, signatureKind: "magic" })]) {
      const answer = await client.verify(body);
      expect({ body, status: answer.status, answer: answer.body }).toEqual({
        body,
        status: 500,
        answer: { error: "Internal server error." },
      });
    }
  });

  it("answers 413 for a body over 16 kB, declared or streamed without a length", async () => {
    const { auth, proofFor } = setup();
    const client = browser(auth);
    const big = JSON.stringify({ ...(await proofFor(client)), padding: "x".repeat(20 * 1024) });
    const declared = await client.verify(big);
    expect(declared).toMatchObject({ status: 413, body: { error: "Request body too large (limit 16kb)." } });

    const bytes = new TextEncoder().encode(big);
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let offset = 0; offset < bytes.length; offset += 1024) controller.enqueue(bytes.subarray(offset, offset + 1024));
        controller.close();
      },
    });
    const request = new Request(`${ORIGIN}/api/auth/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: stream,
      duplex: "half",
    } as RequestInit);
    expect(request.headers.get("content-length")).toBeNull();
    const streamed = await auth.handle(request);
    expect(streamed.status).toBe(413);
  });
});

describe("createFetchHandler: routing", () => {
  it("answers 404 JSON for another path under basePath and for a path outside it", async () => {
    const { auth } = setup();
    for (const path of [
      "/api/auth/nope",
      "/api/auth",
      "/api/auth/",
      "/api/auth/nonce/",
      "/api/auth/NONCE",
      "/api/authx/nonce",
      "/",
      "/nonce",
      "/api/auth/__proto__",
      "/api/auth/constructor",
    ]) {
      const answer = await browser(auth).send(path);
      expect({ path, status: answer.status, body: answer.body }).toEqual({ path, status: 404, body: { error: "Not found." } });
    }
  });

  it("answers 405 JSON with an Allow header for another method on a route", async () => {
    const { auth } = setup();
    const cases = [
      ["/api/auth/nonce", "POST", "GET"],
      ["/api/auth/verify", "GET", "POST"],
      ["/api/auth/signout", "GET", "POST"],
      ["/api/auth/me", "DELETE", "GET"],
      ["/api/auth/me", "HEAD", "GET"],
    ] as const;
    for (const [path, method, allow] of cases) {
      const response = await auth.handle(new Request(`${ORIGIN}${path}`, { method }));
      expect({ path, method, status: response.status, allow: response.headers.get("allow") }).toEqual({ path, method, status: 405, allow });
      if (method !== "HEAD") expect(await response.json()).toEqual({ error: "Method not allowed." });
    }
  });

  it("mounts the routes under another basePath, or at the root", async () => {
    for (const [basePath, nonce] of [
      ["/auth/", "/auth/nonce"],
      ["/", "/nonce"],
      ["/v1/sign-in", "/v1/sign-in/nonce"],
    ] as const) {
      const { auth } = setup({ basePath });
      expect({ basePath, status: (await browser(auth).send(nonce)).status }).toEqual({ basePath, status: 200 });
      expect({ basePath, status: (await browser(auth).send("/api/auth/nonce")).status }).toEqual({ basePath, status: 404 });
    }
  });
});

describe("createFetchHandler: the session cookie", () => {
  it("seals it in an HttpOnly, SameSite=Lax, Secure, 30-minute cookie on path / (the versioned AES-256-GCM seal)", async () => {
    const { auth } = setup();
    const client = browser(auth);
    await client.nonce();
    const set = client.lastSetCookie!;
    expect(set.name).toBe("siwx_session");
    expect(set.value).toMatch(SEALED_COOKIE_FORMAT);
    expect(set.attributes).toEqual({ path: "/", "max-age": "1800", httponly: true, samesite: "Lax", secure: true });
  });

  it("leaves Secure off only for plain HTTP to a loopback host outside production", async () => {
    const cases: [string, boolean | undefined, boolean][] = [
      ["http://localhost:8787", undefined, false],
      ["http://127.0.0.1:3000", undefined, false],
      ["http://[::1]:3000", undefined, false],
      ["https://localhost:8787", undefined, true],
      ["http://example.com", undefined, true],
      ["http://192.168.1.10:3000", undefined, true],
      ["http://localhost:8787", true, true],
    ];
    for (const [origin, production, secure] of cases) {
      const { auth } = setup({ domain: "localhost", production });
      const client = browser(auth, origin);
      await client.nonce();
      expect({ origin, production, secure: client.lastSetCookie?.attributes.secure === true }).toEqual({ origin, production, secure });
    }
  });

  it("takes its name, lifetime, SameSite, Secure, path and domain from the options", async () => {
    const { auth } = setup({
      cookie: { name: "__Secure-login", maxAgeSeconds: 600, sameSite: "strict", secure: false, path: "/app", domain: "example.com" },
    });
    const response = await auth.handle(new Request(`${ORIGIN}/api/auth/nonce`));
    const set = parseSetCookie(response.headers.get("set-cookie")!);
    expect(set.name).toBe("__Secure-login");
    expect(set.attributes).toEqual({ path: "/app", "max-age": "600", httponly: true, samesite: "Strict", domain: "example.com" });
  });

  it("sets no cookie on /me and on answers that did not touch the session", async () => {
    const { auth } = setup();
    for (const path of ["/api/auth/me", "/api/auth/nope"]) {
      expect((await auth.handle(new Request(`${ORIGIN}${path}`))).headers.get("set-cookie")).toBeNull();
    }
  });
});

describe("createFetchHandler: never throws", () => {
  it("answers 500 JSON and logs when something below the routes fails", async () => {
    const { auth, logger } = setup();
    const broken = {
      url: `${ORIGIN}/api/auth/nonce`,
      method: "GET",
      get headers(): Headers {
        throw new Error("broken request");
      },
    } as unknown as Request;
    const response = await auth.handle(broken);
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Internal server error." });
    expect(logger.entries.map((entry) => entry.level)).toContain("error");
    expect(await auth.getSession(broken)).toBeNull();
  });

  it("answers 500 JSON for a request-like object whose URL does not parse", async () => {
    const { auth } = setup();
    const response = await auth.handle({ url: "not a url", method: "GET", headers: new Headers() } as unknown as Request);
    expect(response.status).toBe(500);
  });
});

describe("createFetchHandler: options", () => {
  const base = () => ({ verifier: offlineVerifier(), domain: "example.com", sessionSecret: SECRET });
  const refuses = (options: unknown, pattern: RegExp) => {
    let caught: unknown;
    try {
      createFetchHandler(options as FetchHandlerOptions);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidOptionsError);
    expect((caught as Error).message).toMatch(/^sign-in-with-xrpl: createFetchHandler: /);
    expect((caught as Error).message).toMatch(pattern);
  };

  it("refuses a missing, empty, short or non-string sessionSecret, saying how to make one", () => {
    const { sessionSecret: _left, ...withoutSecret } = base();
    refuses(withoutSecret, /`sessionSecret` is not set: pass at least 32 random characters.*openssl rand -hex 32/);
    refuses({ ...base(), sessionSecret: "" }, /`sessionSecret` is not set/);
    refuses({ ...base(), sessionSecret: "x".repeat(31) }, /`sessionSecret` is too short \(31 characters, at least 32 needed\)/);
    refuses({ ...base(), sessionSecret: 42 }, /`sessionSecret` must be a string/);
  });

  it("refuses a weak sessionSecret in production and says so in development", () => {
    for (const weak of [" ".repeat(40), "ab".repeat(20)]) {
      refuses(
        { ...base(), sessionSecret: weak, production: true },
        /`sessionSecret` (is only whitespace|has too few different characters \(2, at least 8 needed\))/,
      );
      const logger = recordingLogger();
      createFetchHandler({ ...base(), sessionSecret: weak, production: false, logger });
      expect(logger.entries.map((entry) => entry.message)).toEqual([
        expect.stringMatching(/^sign-in-with-xrpl: createFetchHandler: `sessionSecret` .*production refuses it/),
      ]);
    }
  });

  it("refuses a basePath that does not start with / or is not a plain path", () => {
    refuses({ ...base(), basePath: "api/auth" }, /`basePath` must be a path starting with "\/"/);
    refuses({ ...base(), basePath: "" }, /`basePath` must be a path starting with "\/"/);
    for (const basePath of ["/api?x", "/api#x", "/api auth", "//api", "/api%2Fauth"])
      refuses({ ...base(), basePath }, /`basePath` must be a plain path/);
  });

  it("refuses bad cookie settings", () => {
    refuses({ ...base(), cookie: "siwx" }, /`cookie` must be an object/);
    refuses({ ...base(), cookie: { name: "a b" } }, /`cookie.name` must be a cookie name/);
    refuses({ ...base(), cookie: { maxAgeSeconds: 0 } }, /`cookie.maxAgeSeconds` must be a positive whole number/);
    refuses({ ...base(), cookie: { maxAgeSeconds: 1.5 } }, /`cookie.maxAgeSeconds`/);
    refuses({ ...base(), cookie: { sameSite: "none" } }, /`cookie.sameSite` must be "lax" or "strict"/);
    refuses({ ...base(), cookie: { secure: "yes" } }, /`cookie.secure` must be a boolean/);
    refuses({ ...base(), cookie: { path: "app" } }, /`cookie.path` must be a path starting with "\/"/);
    refuses({ ...base(), cookie: { domain: "https://example.com" } }, /`cookie.domain` must be a host name/);
  });

  it("applies the checks of createAuthHandlers, under its own name", () => {
    refuses(undefined, /pass an options object/);
    refuses({ ...base(), verifier: undefined }, /`verifier` is missing/);
    refuses({ ...base(), domain: "https://example.com/" }, /`domain` "https:\/\/example.com\/" is not a host/);
    refuses({ ...base(), domain: undefined, production: true }, /`domain` is required in production/);
    refuses({ ...base(), chainId: "xrpl" }, /`chainId` must be a CAIP-2 XRPL chain id/);
    refuses({ ...base(), production: "yes" }, /`production` must be a boolean/);
  });

  it("accepts loopback hosts only without a domain in development, and says so once", async () => {
    const logger = recordingLogger();
    createFetchHandler({ verifier: offlineVerifier(), sessionSecret: SECRET, production: false, logger });
    expect(logger.entries.filter((entry) => entry.level === "warn").map((entry) => entry.message)).toEqual([
      expect.stringMatching(
        /^sign-in-with-xrpl: createFetchHandler: no `domain` set, so only sign-in messages for localhost, 127\.0\.0\.1, \[::1\]/,
      ),
    ]);
  });
});

describe("createFetchHandler: the bundle carries no Node built-in", () => {
  let output: string;
  beforeAll(async () => {
    const { build } = await import("esbuild");
    const result = await build({
      entryPoints: ["src/fetch/index.ts"],
      bundle: true,
      write: false,
      format: "esm",
      platform: "neutral",
      conditions: ["workerd", "worker", "browser"],
      mainFields: ["browser", "module", "main"],
      logLevel: "silent",
    });
    output = result.outputFiles[0]!.text;
  });
  afterAll(() => {
    output = "";
  });

  it("bundles for a Worker without an import of node:* and without Buffer", () => {
    expect(output).not.toMatch(/from\s*["']node:/);
    expect(output).not.toMatch(/require\(["'](node:)?(crypto|buffer|fs|path|stream|util)["']\)/);
    expect(output).not.toMatch(/\bBuffer\./);
  });
});

describe("createFetchHandler: cross-site requests", () => {
  const REFUSED = { status: 403, body: { error: "Cross-site request refused." } };

  for (const [label, headers] of [
    ["an Origin of another site", { origin: "https://evil.example" }],
    ["Sec-Fetch-Site: cross-site", { "sec-fetch-site": "cross-site" }],
    ["Origin: null", { origin: "null" }],
  ] as const) {
    it(`refuses ${label} on nonce, verify and sign-out with 403 and no Set-Cookie: the session stays signed in`, async () => {
      const { auth, proofFor } = setup();
      const client = browser(auth);
      expect((await client.verify(await proofFor(client))).status).toBe(200);
      const pendingProof = await proofFor(client);
      const cookie = client.cookie;
      for (const [path, method, body] of [
        ["/api/auth/nonce", "GET", undefined],
        ["/api/auth/verify", "POST", JSON.stringify(pendingProof)],
        ["/api/auth/signout", "POST", undefined],
      ] as const) {
        const answer = await client.send(path, {
          method,
          headers: { ...headers, "content-type": "application/json" },
          ...(body === undefined ? {} : { body }),
        });
        expect({ path, status: answer.status, body: answer.body }).toEqual({ path, ...REFUSED });
        expect(answer.response.headers.get("set-cookie")).toBeNull();
      }
      expect(client.cookie).toBe(cookie);
      expect((await client.send("/api/auth/me")).status).toBe(200);
      // The pending nonce is still there for the same-site request.
      expect((await client.verify(pendingProof)).status).toBe(200);
    });
  }

  it("lets a same-origin request and an origin in allowedOrigins through", async () => {
    const { auth, proofFor } = setup({ allowedOrigins: ["https://wallet.example"] });
    const client = browser(auth);
    const body = await proofFor(client);
    const sameOrigin = await client.send("/api/auth/verify", {
      method: "POST",
      headers: { origin: "https://example.com", "sec-fetch-site": "same-origin", "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    expect(sameOrigin.status).toBe(200);
    const allowed = await client.send("/api/auth/nonce", { headers: { origin: "https://wallet.example", "sec-fetch-site": "cross-site" } });
    expect(allowed.status).toBe(200);
    const signOut = await client.send("/api/auth/signout", { method: "POST", headers: { origin: "https://wallet.example" } });
    expect(signOut.status).toBe(200);
  });

  it("refuses a bad allowedOrigins entry at creation, naming it", () => {
    expect(() => setup({ allowedOrigins: ["https://wallet.example/"] })).toThrow(
      /^sign-in-with-xrpl: createFetchHandler: `allowedOrigins` entry "https:\/\/wallet\.example\/"/,
    );
  });
});

describe("createFetchHandler: several tenants, one session each", () => {
  const tenants = new Set(["tenant-a.example.com", "tenant-b.example.com"]);
  const domain = (host: string) => tenants.has(host.split(":")[0]!);

  it("a session signed in on tenant A is signed out on tenant B (me, getSession, a nonce request), and still signed in on A", async () => {
    const { auth, clock } = setup({ domain });
    const onA = browser(auth, "https://tenant-a.example.com");
    const account = makeAccount();
    const nonce = await onA.nonce();
    const message = buildMessage({ account, nonce, issuedAtMs: clock.now, domain: "tenant-a.example.com" });
    expect((await onA.verify(signedBody(account, message))).status).toBe(200);

    // The same cookie sent to tenant B (a shared parent-domain cookie, or a relayed sign-in).
    const onB = browser(auth, "https://tenant-b.example.com");
    onB.cookie = onA.cookie;
    expect(await onB.send("/api/auth/me")).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
    expect(await auth.getSession(onB.request("/dashboard"))).toBeNull();
    expect(await auth.getSession(onA.request("/dashboard"))).toMatchObject({ address: account.address });

    await onB.nonce();
    expect(await auth.getSession(onB.request("/dashboard"))).toBeNull();
    expect(await auth.getSession(onA.request("/dashboard"))).toMatchObject({ address: account.address });
    expect((await onA.send("/api/auth/me")).status).toBe(200);
  });
});

describe("createFetchHandler: failed signature attempts", () => {
  it("judges at most 5 of 40 concurrent bad proofs on one nonce; the good proof after them is refused with the old cookie", async () => {
    const { auth, clock } = setup();
    const client = browser(auth);
    const account = makeAccount();
    const other = makeAccount();
    const nonce = await client.nonce();
    const message = buildMessage({ account, nonce, issuedAtMs: clock.now });
    const forged = { ...signedBody(other, message), address: account.address, publicKey: account.publicKey };
    const answers = await Promise.all(Array.from({ length: 40 }, () => client.clone().verify(forged)));
    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.error === "No pending nonce.")).toHaveLength(35);
    expect(await client.verify(signedBody(account, message))).toMatchObject({ status: 400, body: { error: "No pending nonce." } });
  });

  it("counts for as long as the cookie that carries the nonce lives (plus the clock skew)", async () => {
    const ttls: number[] = [];
    const inner = createMemoryNonceStore();
    const recording: NonceStore = {
      consume: (nonce, ttlMs) => inner.consume(nonce, ttlMs),
      countAttempt: (nonce, ttlMs) => (ttls.push(ttlMs), inner.countAttempt(nonce, ttlMs)),
    };
    const { auth, proofFor } = setup({ nonceStore: recording, revocationStore: inner, cookie: { maxAgeSeconds: 900 } });
    const client = browser(auth);
    await client.verify(await proofFor(client));
    expect(ttls).toEqual([900_000 + 60_000]);
  });

  it("keeps the nonce through 10 messages for another domain, then signs in with the right one", async () => {
    const { auth, clock } = setup();
    const client = browser(auth);
    const account = makeAccount();
    const nonce = await client.nonce();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const wrong = signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now, domain: "evil.example" }));
      expect(await client.verify(wrong)).toMatchObject({ status: 400, body: { error: "Domain does not match." } });
    }
    expect((await client.verify(signedBody(account, buildMessage({ account, nonce, issuedAtMs: clock.now })))).status).toBe(200);
  });
});
