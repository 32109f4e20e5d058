/**
 * A misconfigured app says what is wrong in its log in development: the default logger is
 * `console` outside production (silent in production); one `logger` given to the handlers also
 * reaches a verifier created without one; a JSON body no body parser read names the fix; a
 * message rule that refuses a sign-in says at `debug` what was expected, what came, and the
 * `explain` command that replays it; `basePath` refuses route patterns; a fetch handler mounted
 * elsewhere than its `basePath` says once where its routes are.
 */
import type { Server } from "node:http";
import express from "express";
import session from "express-session";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseCommandLine } from "../../src/cli/args.js";
import { explain, explainVerifier } from "../../src/cli/explain.js";
import { InvalidOptionsError } from "../../src/errors.js";
import { createFetchHandler } from "../../src/fetch/index.js";
import { createAuthHandlers, expressSessionStore } from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { LedgerReader } from "../../src/verify/types.js";
import { listenOnLoopback } from "../support/node-http.js";
import { buildMessage, makeAccount, recordingLogger, signedBody } from "./support.js";

const SECRET = "a-session-secret-of-at-least-32-characters";
/** The ledger as a node answers for any funded account whose master key is enabled. */
const ledger: LedgerReader = { getAccountAuthority: async (account: string) => ({ account, exists: true, masterDisabled: false }) };

afterEach(() => {
  vi.restoreAllMocks();
});

describe("the default logger", () => {
  it("is console in development: a verifier that cannot reach its node is a logged 500", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const warnings = vi.spyOn(console, "warn").mockImplementation(() => {});
    const verifier = createVerifier({
      nodeUrl: "ws://127.0.0.1:9",
      connectTimeoutMs: 300,
      strategies: [compactSignature({ ledger: "always" })],
    });
    try {
      const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", production: false });
      // No domain in development: said on console at start.
      expect(warnings.mock.calls.some(([line]) => String(line).includes("no `domain` set"))).toBe(true);
      const store = createMemorySessionStore();
      const { body } = await handlers.nonce(store);
      const account = makeAccount();
      const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: Date.now(), domain: "localhost" });
      expect(await handlers.verify(store, { body: signedBody(account, message) })).toEqual({
        status: 500,
        body: { error: "Verification service unavailable." },
      });
      expect(errors.mock.calls.some(([line]) => String(line).includes("the verifier failed during verify"))).toBe(true);
    } finally {
      await verifier.close();
    }
  });

  it("is silent in production", async () => {
    const spies = (["error", "warn", "debug", "log", "info"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    const verifier = createVerifier({
      nodeUrl: "ws://127.0.0.1:9",
      connectTimeoutMs: 300,
      strategies: [compactSignature({ ledger: "always" })],
    });
    try {
      const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", production: true, domain: "example.com" });
      const store = createMemorySessionStore();
      const { body } = await handlers.nonce(store);
      const account = makeAccount();
      const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: Date.now() });
      expect((await handlers.verify(store, { body: signedBody(account, message) })).status).toBe(500);
      expect(spies.flatMap((spy) => spy.mock.calls)).toEqual([]);
    } finally {
      await verifier.close();
    }
  });
});

describe("one logger for the whole sign-in", () => {
  it("reaches a verifier created without a logger: its refused proofs are logged through the handlers' logger", async () => {
    const logger = recordingLogger();
    const verifier = createVerifier({ ledgerReader: ledger });
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com", logger });
    const store = createMemorySessionStore();
    const { body } = await handlers.nonce(store);
    const account = makeAccount();
    const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: Date.now() });
    const forged = { ...signedBody(makeAccount(), message), address: account.address, publicKey: account.publicKey };
    expect((await handlers.verify(store, { body: forged })).status).toBe(401);
    expect(logger.entries.map((entry) => entry.message)).toContainEqual(
      expect.stringContaining("sign-in proof refused (invalid_signature)"),
    );
  });

  it("never replaces a logger the verifier was created with, and the first handlers' logger stays", async () => {
    const own = recordingLogger();
    const handlersLogger = recordingLogger();
    const verifier = createVerifier({ ledgerReader: ledger, logger: own });
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com", logger: handlersLogger });
    const store = createMemorySessionStore();
    const { body } = await handlers.nonce(store);
    const account = makeAccount();
    const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: Date.now() });
    const forged = { ...signedBody(makeAccount(), message), address: account.address, publicKey: account.publicKey };
    await handlers.verify(store, { body: forged });
    expect(own.entries.map((entry) => entry.message)).toContainEqual(expect.stringContaining("sign-in proof refused"));
    expect(handlersLogger.entries).toEqual([]);

    const shared = createVerifier({ ledgerReader: ledger });
    const first = recordingLogger();
    const second = recordingLogger();
    createAuthHandlers({ verifier: shared, sessionKind: "server-store", domain: "example.com", logger: first });
    createAuthHandlers({ verifier: shared, sessionKind: "server-store", domain: "example.com", logger: second });
    await shared.check({ message: "not a message", signatureKind: "signature", signature: "00", address: account.address });
    expect(first.entries).toHaveLength(1);
    expect(second.entries).toEqual([]);
  });
});

describe("a JSON body that no body parser read", () => {
  it("on real Express without express.json(): 400 Invalid request body., and the log says to mount the parser", async () => {
    const logger = recordingLogger();
    const verifier = createVerifier({ ledgerReader: ledger });
    const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: "example.com", logger });
    const app = express();
    app.use(session({ secret: SECRET, resave: false, saveUninitialized: false }));
    app.get("/api/auth/nonce", async (req, res) => {
      const { status, body } = await handlers.nonce(expressSessionStore(req), { request: req });
      res.status(status).json(body);
    });
    // The forgotten express.json(): req.body stays undefined.
    app.post("/api/auth/verify", async (req, res) => {
      const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body as unknown, request: req });
      res.status(status).json(body);
    });
    const server: Server = app.listen(0, "127.0.0.1");
    const url = await listenOnLoopback(server);
    try {
      const nonceAnswer = await fetch(`${url}/api/auth/nonce`);
      const cookie = nonceAnswer.headers.get("set-cookie")!.split(";")[0]!;
      const { nonce } = (await nonceAnswer.json()) as { nonce: string };
      const account = makeAccount();
      const body = signedBody(account, buildMessage({ account, nonce, issuedAtMs: Date.now() }));
      const answer = await fetch(`${url}/api/auth/verify`, {
        method: "POST",
        headers: { cookie, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      expect(answer.status).toBe(400);
      expect(await answer.json()).toEqual({ error: "Invalid request body." });
      const lines = logger.entries.filter((entry) => entry.level === "warn").map((entry) => entry.message);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain("mount express.json() (or your framework's JSON body parser) before the sign-in routes");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("says nothing of the parser for a body that is just wrong", async () => {
    const logger = recordingLogger({ debug: true });
    const handlers = createAuthHandlers({
      verifier: createVerifier({ ledgerReader: ledger }),
      sessionKind: "server-store",
      domain: "example.com",
      logger,
    });
    const store = createMemorySessionStore();
    await handlers.nonce(store);
    const headers = { "content-type": "application/json" };
    expect(await handlers.verify(store, { body: { message: 42 }, headers })).toEqual({
      status: 400,
      body: { error: "Invalid request body." },
    });
    expect(await handlers.verify(store, { body: undefined, headers: { "content-type": "text/plain" } })).toEqual({
      status: 400,
      body: { error: "Invalid request body." },
    });
    expect(logger.entries.filter((entry) => entry.level !== "debug")).toEqual([]);
    expect(logger.entries.map((entry) => entry.message)).toContainEqual(expect.stringContaining('the field "message" must be a string'));
  });
});

describe("message-rule refusals at debug", () => {
  it("say what was expected, what came, and a ready explain command that replays the refusal", async () => {
    const logger = recordingLogger({ debug: true });
    const handlers = createAuthHandlers({
      verifier: createVerifier({ ledgerReader: ledger }),
      sessionKind: "server-store",
      domain: ["example.com", "www.example.com"],
      chainId: "xrpl:0",
      logger,
    });
    const store = createMemorySessionStore();
    const { body: nonceBody } = await handlers.nonce(store);
    const account = makeAccount();
    const issuedAtMs = Date.now();
    const body = signedBody(account, buildMessage({ account, nonce: nonceBody.nonce!, issuedAtMs, domain: "attacker.example" }));
    expect(await handlers.verify(store, { body })).toEqual({ status: 400, body: { error: "Domain does not match." } });

    const line = logger.entries.find((entry) => entry.level === "debug")?.message ?? "";
    expect(line).toContain("domain_mismatch");
    expect(line).toContain('expected the domain example.com, www.example.com; the message says "attacker.example"');
    const command = /npx sign-in-with-xrpl (explain .*) < verify-body\.json$/u.exec(line);
    expect(command).not.toBeNull();
    expect(command![1]).toContain(`--nonce ${nonceBody.nonce!}`);
    expect(command![1]).toContain("--chain-id xrpl:0");

    // The command, run as printed on the saved body, reaches the server's answer.
    const parsed = parseCommandLine(command![1]!.split(" "), Date.now() + 3_600_000);
    expect(parsed.kind).toBe("explain");
    if (parsed.kind !== "explain") return;
    const judged = explainVerifier(parsed.options);
    const report = await explain(body, parsed.options, judged.verifier, judged.ledger, judged.offline);
    await judged.verifier.close();
    expect(report.answer).toEqual({ status: 400, body: { error: "Domain does not match." } });
  });

  it("name both times for a message that is too old", async () => {
    const logger = recordingLogger({ debug: true });
    let clock = Date.parse("2026-03-01T12:00:00.000Z");
    const handlers = createAuthHandlers({
      verifier: createVerifier({ ledgerReader: ledger }),
      sessionKind: "sealed-cookie",
      domain: "example.com",
      logger,
      now: () => clock,
    });
    const store = createMemorySessionStore();
    const { body } = await handlers.nonce(store);
    const account = makeAccount();
    const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: clock });
    clock += 10 * 60_000;
    expect((await handlers.verify(store, { body: signedBody(account, message) })).body.error).toBe("Message is too old.");
    const line = logger.entries.find((entry) => entry.level === "debug")?.message ?? "";
    expect(line).toContain("expected Issued At within 300 s (plus 60 s clock skew) of the server's time 2026-03-01T12:10:00.000Z");
    expect(line).toContain('the message says "2026-03-01T12:00:00.000Z"');
    expect(line).toContain("--now 2026-03-01T12:10:00.000Z");
  });

  it("stay out of a logger without debug", async () => {
    const logger = recordingLogger();
    const handlers = createAuthHandlers({
      verifier: createVerifier({ ledgerReader: ledger }),
      sessionKind: "server-store",
      domain: "example.com",
      logger,
    });
    const store = createMemorySessionStore();
    const { body } = await handlers.nonce(store);
    const account = makeAccount();
    const message = buildMessage({ account, nonce: body.nonce!, issuedAtMs: Date.now(), domain: "other.example" });
    expect((await handlers.verify(store, { body: signedBody(account, message) })).status).toBe(400);
    expect(logger.entries).toEqual([]);
  });

  it("a logger whose debug is not a function is refused at start", () => {
    expect(() =>
      createAuthHandlers({
        verifier: createVerifier({ ledgerReader: ledger }),
        sessionKind: "server-store",
        domain: "example.com",
        logger: { warn() {}, error() {}, debug: "yes" } as never,
      }),
    ).toThrow(/`logger` must have `warn` and `error` methods, and `debug` when it has one/);
  });
});

describe("basePath", () => {
  const options = { verifier: createVerifier({ ledgerReader: ledger }), domain: "example.com", sessionSecret: SECRET };

  it.each([
    ["/auth/*", '"/auth"'],
    ["/api/auth/:route", '"/api/auth"'],
    ["/api/(auth)", '"/api"'],
    ["*", '"/"'],
  ])("refuses the pattern %s at start, saying which plain path to give", (basePath, plain) => {
    let thrown: unknown;
    try {
      createFetchHandler({ ...options, basePath });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(InvalidOptionsError);
    expect((thrown as Error).message).toMatch(
      /^sign-in-with-xrpl: createFetchHandler: `basePath` is the plain path the routes live under, not a route pattern/,
    );
    expect((thrown as Error).message).toContain(`give ${plain} here`);
  });

  it("a request under no route: 404, and the log says once where the routes are", async () => {
    const logger = recordingLogger();
    const auth = createFetchHandler({ ...options, logger });
    // Mounted on /auth/* while basePath is the default /api/auth.
    for (const path of ["/auth/nonce", "/auth/me", "/api/auth/unknown"]) {
      const answer = await auth.handle(new Request(`https://example.com${path}`));
      expect(answer.status).toBe(404);
      expect(await answer.json()).toEqual({ error: "Not found." });
    }
    const lines = logger.entries.map((entry) => entry.message);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('answered 404 to GET "/auth/nonce"');
    expect(lines[0]).toContain(
      'its routes are /api/auth/nonce, /api/auth/verify, /api/auth/signout and /api/auth/me (basePath "/api/auth")',
    );
    expect(lines[0]).toContain("createHttpAdapter({ basePath })");
  });
});
