import { describe, expect, it } from "vitest";
import { createAuthHandlers, TEXT } from "../../src/server/handlers.js";
import { createMemoryNonceStore } from "../../src/server/memory-nonce-store.js";
import { createMemorySessionStore } from "../../src/testing/memory-session-store.js";
import { compactSignature, createVerifier } from "../../src/verify/index.js";
import type { CheckResult, VerifyRequest } from "../../src/verify/types.js";
import { buildMessage, makeAccount, signedBody } from "./support.js";

// The library's own stores and verifiers answer the handlers at once where they can; a method
// the app replaces on them afterwards (a wrapper that logs, a test spy) must still be the one
// called, with its answer obeyed.
describe("methods replaced on the library's own store and verifier", () => {
  const setup = () => {
    const nonceStore = createMemoryNonceStore();
    const verifier = createVerifier({ strategies: [compactSignature({ ledger: "never" })] });
    const handlers = createAuthHandlers({ verifier, nonceStore, sessionKind: "server-store", domain: "example.com" });
    const request = { headers: { host: "example.com" } };
    const signIn = async () => {
      const session = createMemorySessionStore();
      const account = makeAccount();
      const { body } = await handlers.nonce(session, { request });
      const message = buildMessage({ account, nonce: (body as { nonce: string }).nonce, issuedAtMs: Date.now() });
      return { session, result: await handlers.verify(session, { body: signedBody(account, message), request }) };
    };
    return { nonceStore, verifier, handlers, request, signIn };
  };

  it("a replaced consume decides single use", async () => {
    const { nonceStore, signIn } = setup();
    const calls: string[] = [];
    nonceStore.consume = async (nonce: string) => {
      calls.push(nonce);
      return false;
    };
    const { result } = await signIn();
    expect(calls).toHaveLength(1);
    expect(result.status).toBe(400);
    expect(result.body).toMatchObject({ error: TEXT.nonceUsed });
  });

  it("a replaced countAttempt decides the attempt limit", async () => {
    const { nonceStore, signIn } = setup();
    nonceStore.countAttempt = async () => 99;
    const { result } = await signIn();
    expect(result.status).toBe(400);
  });

  it("a replaced check decides the proof", async () => {
    const { verifier, signIn } = setup();
    const seen: VerifyRequest[] = [];
    verifier.check = async (request: VerifyRequest): Promise<CheckResult> => {
      seen.push(request);
      return { ok: false, code: "invalid_signature", detail: "refused by the replacement" };
    };
    const { result } = await signIn();
    expect(seen).toHaveLength(1);
    expect(result.status).toBe(401);
  });

  it("a replaced isRevoked decides whether a session is signed out", async () => {
    const { nonceStore, handlers, request, signIn } = setup();
    const { session, result } = await signIn();
    expect(result.status).toBe(200);
    expect((await handlers.me(session, { request })).status).toBe(200);
    nonceStore.isRevoked = async () => true;
    expect((await handlers.me(session, { request })).status).toBe(401);
  });
});
