/**
 * Error codes when you ask for them: by default every error body is exactly `{ "error": "..." }`;
 * with `errorCodes: true` (createAuthHandlers and createFetchHandler) it also carries `code`: the
 * verifier's `check()` code for a refused proof, the message rule's code, one per handler text.
 * Each code comes with the text of the same row of one table.
 */
import { describe, expect, it } from "vitest";
import { createFetchHandler } from "../../src/fetch/index.js";
import { VALIDATION_REASONS } from "../../src/message/validate.js";
import { createAuthHandlers, ERROR_RESPONSE_CODES, type ErrorResponseCode } from "../../src/server/index.js";
import { HTTP_TEXT, TEXT } from "../../src/server/error-responses.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { CHECK_FAILURE_CODES, createVerifier } from "../../src/verify/index.js";
import type { LedgerReader } from "../../src/verify/types.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody } from "./support.js";

const SECRET = "an error-code test secret of at least 32 chars";
/** The ledger as a node answers for any funded account whose master key is enabled. */
const ledger: LedgerReader = { getAccountAuthority: async (account: string) => ({ account, exists: true, masterDisabled: false }) };
const crossSite = { headers: { origin: "https://attacker.example", "sec-fetch-site": "cross-site" } };

function handlersWith(errorCodes: boolean | undefined, extra: Partial<Parameters<typeof createAuthHandlers>[0]> = {}) {
  let clock = Date.now();
  const handlers = createAuthHandlers({
    verifier: createVerifier({ ledgerReader: ledger }),
    sessionKind: "server-store",
    domain: "example.com",
    logger: recordingLogger(),
    now: () => clock,
    ...(errorCodes === undefined ? {} : { errorCodes }),
    ...extra,
  });
  return { handlers, tick: (ms: number) => (clock += ms), now: () => clock };
}

describe("errorCodes: true on createAuthHandlers", () => {
  it("gives every error body of every route its code, beside the same text", async () => {
    const { handlers, tick, now } = handlersWith(true);
    const account = makeAccount();
    const store = createMemorySessionStore();
    const seen: { error: string; code?: ErrorResponseCode }[] = [];
    const note = <T extends { body: object }>(result: T): T["body"] => {
      seen.push(result.body as never);
      return result.body;
    };

    expect(note(await handlers.nonce(store, crossSite))).toEqual({ error: TEXT.crossSite, code: "cross_site_request" });
    expect(note(await handlers.verify(store, { body: {} }))).toEqual({ error: TEXT.invalidBody, code: "invalid_body" });
    const message = (nonce: string, domain = "example.com") => buildMessage({ account, nonce, issuedAtMs: now(), domain });
    expect(note(await handlers.verify(store, { body: signedBody(account, message("0".repeat(32))) }))).toEqual({
      error: TEXT.noPendingNonceStore,
      code: "no_pending_nonce",
    });
    let nonce = (await handlers.nonce(store)).body.nonce!;
    expect(note(await handlers.verify(store, { body: { ...signedBody(account, message(nonce)), message: "hello" } }))).toEqual({
      error: TEXT.invalidFormat,
      code: "invalid_message_format",
    });
    expect(note(await handlers.verify(store, { body: signedBody(account, message(nonce, "other.example")) }))).toEqual({
      error: "Domain does not match.",
      code: "domain_mismatch",
    });
    const forged = { ...signedBody(makeAccount(), message(nonce)), address: account.address, publicKey: account.publicKey };
    expect(note(await handlers.verify(store, { body: forged }))).toEqual({ error: TEXT.signatureFailed, code: "invalid_signature" });
    const signIn = signedBody(account, message(nonce));
    expect((await handlers.verify(store, { body: signIn })).status).toBe(200);
    // The same proof again, on a copy of the session that still held the nonce.
    const copy = createMemorySessionStore({ pendingNonce: nonce, nonceIssuedAt: now() });
    expect(note(await handlers.verify(copy, { body: signIn }))).toEqual({ error: TEXT.nonceUsed, code: "nonce_used" });
    nonce = (await handlers.nonce(store)).body.nonce!;
    tick(301_000);
    expect(note(await handlers.verify(store, { body: signedBody(account, message(nonce)) }))).toEqual({
      error: TEXT.nonceExpired,
      code: "nonce_expired",
    });
    expect(note(await handlers.me(createMemorySessionStore()))).toEqual({ error: TEXT.notAuthenticated, code: "not_authenticated" });
    expect(note(await handlers.signOut(store, crossSite))).toEqual({ error: TEXT.crossSite, code: "cross_site_request" });
    expect(seen.every((body) => ERROR_RESPONSE_CODES.includes(body.code!))).toBe(true);
  });

  it("codes a refusal of onSignIn sign_in_refused with its own status and text, and a service failure verification_unavailable", async () => {
    const refusing = handlersWith(true, {
      onSignIn: () => ({ refuse: { status: 409, message: "This address belongs to another user." } }),
    });
    const account = makeAccount();
    const store = createMemorySessionStore();
    const nonce = (await refusing.handlers.nonce(store)).body.nonce!;
    expect(
      await refusing.handlers.verify(store, { body: signedBody(account, buildMessage({ account, nonce, issuedAtMs: refusing.now() })) }),
    ).toEqual({
      status: 409,
      body: { error: "This address belongs to another user.", code: "sign_in_refused" },
    });

    const failing = createAuthHandlers({
      verifier: scriptedVerifier(new Error("node down")),
      sessionKind: "server-store",
      domain: "example.com",
      logger: recordingLogger(),
      errorCodes: true,
    });
    const other = createMemorySessionStore();
    const otherNonce = (await failing.nonce(other)).body.nonce!;
    expect(
      await failing.verify(other, { body: signedBody(account, buildMessage({ account, nonce: otherNonce, issuedAtMs: Date.now() })) }),
    ).toEqual({
      status: 500,
      body: { error: TEXT.verificationUnavailable, code: "verification_unavailable" },
    });
  });
});

describe("without errorCodes (the default, and false)", () => {
  it.each([undefined, false])("error bodies are exactly { error } (errorCodes %s)", async (errorCodes) => {
    const { handlers, now } = handlersWith(errorCodes);
    const account = makeAccount();
    const store = createMemorySessionStore();
    const nonce = (await handlers.nonce(store)).body.nonce!;
    const bodies = [
      (await handlers.nonce(store, crossSite)).body,
      (
        await handlers.verify(store, {
          body: signedBody(account, buildMessage({ account, nonce, issuedAtMs: now(), domain: "x.example" })),
        })
      ).body,
      (
        await handlers.verify(store, {
          body: { ...signedBody(makeAccount(), buildMessage({ account, nonce, issuedAtMs: now() })), address: account.address },
        })
      ).body,
      (await handlers.me(createMemorySessionStore())).body,
    ];
    for (const body of bodies) expect(Object.keys(body)).toEqual(["error"]);
  });

  it("refuses an errorCodes that is not a boolean at start", () => {
    expect(() => handlersWith("yes" as never)).toThrow(/`errorCodes` must be true/);
  });
});

describe("errorCodes: true on createFetchHandler", () => {
  it("codes the HTTP layer's own answers too", async () => {
    const auth = createFetchHandler({
      verifier: createVerifier({ ledgerReader: ledger }),
      domain: "example.com",
      sessionSecret: SECRET,
      errorCodes: true,
      logger: recordingLogger(),
    });
    const answer = async (path: string, init?: RequestInit) => {
      const response = await auth.handle(new Request(`https://example.com${path}`, init));
      return { status: response.status, body: (await response.json()) as unknown };
    };
    expect(await answer("/api/auth/nowhere")).toEqual({ status: 404, body: { error: HTTP_TEXT.notFound, code: "not_found" } });
    expect(await answer("/api/auth/verify")).toEqual({
      status: 405,
      body: { error: HTTP_TEXT.methodNotAllowed, code: "method_not_allowed" },
    });
    expect(
      await answer("/api/auth/verify", { method: "POST", headers: { "content-type": "application/json" }, body: "x".repeat(17 * 1024) }),
    ).toEqual({ status: 413, body: { error: HTTP_TEXT.tooLarge, code: "body_too_large" } });
    expect(await answer("/api/auth/verify", { method: "POST", headers: { "content-type": "text/plain" }, body: "{}" })).toEqual({
      status: 400,
      body: { error: TEXT.invalidBody, code: "invalid_body" },
    });
    expect(await answer("/api/auth/me")).toEqual({ status: 401, body: { error: TEXT.notAuthenticated, code: "not_authenticated" } });
    expect(await answer("/api/auth/nonce", crossSite)).toEqual({
      status: 403,
      body: { error: TEXT.crossSite, code: "cross_site_request" },
    });
  });
});

describe("the codes", () => {
  it("are listed once each, and cover every check() code and every message rule", () => {
    expect(new Set(ERROR_RESPONSE_CODES).size).toBe(ERROR_RESPONSE_CODES.length);
    const missing = [...CHECK_FAILURE_CODES, ...Object.keys(VALIDATION_REASONS)].filter(
      (code) => !ERROR_RESPONSE_CODES.includes(code as ErrorResponseCode),
    );
    expect(missing).toEqual([]);
  });
});
