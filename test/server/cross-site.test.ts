/**
 * The cross-site rule of the nonce, verify and sign-out handlers: a request whose `Origin` or
 * `Sec-Fetch-Site` header says another site sent it is refused with 403 and changes nothing,
 * unless `allowedOrigins` lists that origin; a request without those headers is never refused.
 * Both session kinds, headers given every way a framework hands them over.
 */
import { describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  type AuthHandlersOptions,
  type RequestContext,
  type SessionKind,
} from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0 } from "./support.js";

const REFUSED = { status: 403, body: { error: "Cross-site request refused." } };

function setup(sessionKind: SessionKind, options: Partial<AuthHandlersOptions> = {}) {
  const clock = { now: T0 };
  const logger = recordingLogger();
  const verifier = scriptedVerifier(true);
  const nonceStore = createMemoryNonceStore({ now: () => clock.now });
  const handlers = createAuthHandlers({
    verifier,
    sessionKind,
    domain: "example.com",
    now: () => clock.now,
    logger,
    nonceStore,
    ...options,
  });
  const account = makeAccount();
  /** A signed-in session with a pending nonce, and a proof for that nonce. */
  const signedInWithNonce = async () => {
    const session = createMemorySessionStore();
    const first = await handlers.nonce(session);
    const message = buildMessage({ account, nonce: first.body.nonce as string, issuedAtMs: clock.now });
    expect((await handlers.verify(session, { body: signedBody(account, message) })).status).toBe(200);
    const pending = await handlers.nonce(session);
    const proof = signedBody(account, buildMessage({ account, nonce: pending.body.nonce as string, issuedAtMs: clock.now }));
    return { session, proof, record: await session.get() };
  };
  return { handlers, logger, verifier, nonceStore, account, signedInWithNonce };
}

describe.each(["sealed-cookie", "server-store"] as const)("the cross-site rule, %s session", (sessionKind) => {
  const crossSite: [string, Record<string, string>][] = [
    ["an Origin of another site", { origin: "https://evil.example" }],
    [
      "an Origin of another site with Sec-Fetch-Site: same-site (a sibling subdomain)",
      { origin: "https://evil.example.com", "sec-fetch-site": "same-site" },
    ],
    ["Sec-Fetch-Site: cross-site without an Origin (a top-level navigation)", { "sec-fetch-site": "cross-site" }],
    ["Sec-Fetch-Site: cross-site with an Origin of the site itself", { origin: "https://example.com", "sec-fetch-site": "cross-site" }],
    ["Origin: null (a sandboxed frame, a redirect across sites)", { origin: "null" }],
    ["an Origin that is not an origin", { origin: "example.com" }],
    ["an Origin with another scheme", { origin: "ftp://example.com" }],
  ];

  for (const [label, headers] of crossSite) {
    it(`refuses ${label} on nonce, verify and sign-out with 403, the session untouched`, async () => {
      const { handlers, signedInWithNonce, verifier, nonceStore } = setup(sessionKind);
      const { session, proof, record } = await signedInWithNonce();
      const calls = verifier.calls.length;
      expect(await handlers.nonce(session, { headers })).toEqual(REFUSED);
      expect(await handlers.verify(session, { body: proof, headers })).toEqual(REFUSED);
      expect(await handlers.signOut(session, { headers })).toEqual(REFUSED);
      expect(await session.get()).toEqual(record);
      expect(verifier.calls).toHaveLength(calls);
      expect(await nonceStore.isRevoked(record.sessionId!)).toBe(false);
      expect((await handlers.me(session, { headers })).status).toBe(200);
    });
  }

  const sameSite: [string, Record<string, string>][] = [
    ["no Origin nor Sec-Fetch-Site (a server, a test, a wallet's own client)", {}],
    ["Sec-Fetch-Site: same-origin", { "sec-fetch-site": "same-origin" }],
    ["Sec-Fetch-Site: none (typed in the address bar)", { "sec-fetch-site": "none" }],
    ["Sec-Fetch-Site: same-site without an Origin", { "sec-fetch-site": "same-site" }],
    ["an Origin on the expected domain", { origin: "https://example.com", "sec-fetch-site": "same-origin" }],
    ["an Origin on the expected domain at another port, in capitals", { origin: "HTTPS://EXAMPLE.COM:8443" }],
  ];

  for (const [label, headers] of sameSite) {
    it(`lets ${label} through: nonce, verify, sign-out`, async () => {
      const { handlers, signedInWithNonce } = setup(sessionKind);
      const { session, proof } = await signedInWithNonce();
      expect((await handlers.verify(session, { body: proof, headers })).status).toBe(200);
      expect((await handlers.nonce(session, { headers })).status).toBe(200);
      expect(await handlers.signOut(session, { headers })).toEqual({ status: 200, body: { ok: true } });
    });
  }

  it("lets an origin listed in allowedOrigins through, even with Sec-Fetch-Site: cross-site, and no other", async () => {
    const { handlers, signedInWithNonce } = setup(sessionKind, {
      allowedOrigins: ["https://App.Wallet.example:443", "http://localhost:5173"],
    });
    const { session, proof } = await signedInWithNonce();
    const allowed = { origin: "https://app.wallet.example", "sec-fetch-site": "cross-site" };
    expect((await handlers.verify(session, { body: proof, headers: allowed })).status).toBe(200);
    expect((await handlers.nonce(session, { headers: { origin: "http://localhost:5173" } })).status).toBe(200);
    expect(await handlers.nonce(session, { headers: { origin: "https://app.wallet.example:8443" } })).toEqual(REFUSED);
    expect(await handlers.nonce(session, { headers: { origin: "http://app.wallet.example" } })).toEqual(REFUSED);
    expect((await handlers.signOut(session, { headers: allowed })).status).toBe(200);
  });

  it("reads the headers from a Headers object, a Node record (arrays too), a request's headers, and prefers `headers` over the request's", async () => {
    const { handlers, signedInWithNonce } = setup(sessionKind);
    const { session } = await signedInWithNonce();
    const evil = "https://evil.example";
    const inputs: RequestContext[] = [
      { headers: new Headers({ origin: evil }) },
      { headers: { origin: [evil] } },
      { request: { headers: { origin: evil } } },
      { request: new Request("https://example.com/api/auth/nonce", { headers: { origin: evil } }) },
      { headers: { origin: evil }, request: { headers: {} } },
    ];
    for (const input of inputs) expect(await handlers.nonce(session, input)).toEqual(REFUSED);
    expect((await handlers.nonce(session, { headers: {}, request: { headers: { origin: evil } } })).status).toBe(200);
  });

  it("hands the request to onSignOut and reads its headers for the rule", async () => {
    const seen: unknown[] = [];
    const { handlers, signedInWithNonce } = setup(sessionKind, { onSignOut: ({ request }) => void seen.push(request) });
    const { session } = await signedInWithNonce();
    const request = { headers: { origin: "https://evil.example" }, id: 1 };
    expect(await handlers.signOut(session, { request })).toEqual(REFUSED);
    expect(seen).toEqual([]);
    const sameOrigin = { headers: { origin: "https://example.com" }, id: 2 };
    expect((await handlers.signOut(session, { request: sameOrigin })).status).toBe(200);
    expect(seen).toEqual([sameOrigin]);
  });

  it("judges the Origin's host with a domain function, and answers 500 when that function throws", async () => {
    const tenants = new Set(["a.example.com", "b.example.com"]);
    const { handlers } = setup(sessionKind, { domain: (host) => tenants.has(host.split(":")[0]!) });
    const session = createMemorySessionStore();
    expect((await handlers.nonce(session, { headers: { origin: "https://b.example.com" } })).status).toBe(200);
    expect(await handlers.nonce(session, { headers: { origin: "https://c.example.com" } })).toEqual(REFUSED);

    const throwing = setup(sessionKind, {
      domain: () => {
        throw new Error("tenant table down");
      },
    });
    const internal = { status: 500, body: { error: "Internal server error." } };
    expect(await throwing.handlers.nonce(session, { headers: { origin: "https://a.example.com" } })).toEqual(internal);
    expect(await throwing.handlers.signOut(session, { headers: { origin: "https://a.example.com" } })).toEqual(internal);
    expect((await throwing.handlers.verify(session, { body: {}, headers: { origin: "https://a.example.com" } })).status).toBe(500);
  });

  it("in development without a domain, lets a loopback origin at any port through and refuses others", async () => {
    const { handlers } = setup(sessionKind, { domain: undefined, production: false });
    const session = createMemorySessionStore();
    for (const origin of ["http://localhost:5173", "http://127.0.0.1:3000", "http://[::1]:8080"])
      expect((await handlers.nonce(session, { headers: { origin } })).status).toBe(200);
    expect(await handlers.nonce(session, { headers: { origin: "http://evil.example:5173" } })).toEqual(REFUSED);
  });
});

describe("allowedOrigins option", () => {
  const bad: [string, unknown][] = [
    ["a string instead of a list", "https://app.example.com"],
    ["a trailing slash", ["https://app.example.com/"]],
    ["a path", ["https://app.example.com/login"]],
    ["no scheme", ["app.example.com"]],
    ["a number", [42]],
    ["a query", ["https://app.example.com?x=1"]],
    ["an empty string", [""]],
  ];
  it.each(bad)("refuses %s at creation, naming allowedOrigins and the fix", (_label, allowedOrigins) => {
    const create = () =>
      createAuthHandlers({
        verifier: scriptedVerifier(true),
        sessionKind: "server-store",
        domain: "example.com",
        allowedOrigins: allowedOrigins as string[],
      });
    expect(create).toThrow(InvalidOptionsError);
    expect(create).toThrow(/^sign-in-with-xrpl: createAuthHandlers: `allowedOrigins`/);
    expect(create).toThrow(/https:\/\/app\.example\.com/);
  });

  it("accepts origins of other schemes (a wallet extension's page) and IP hosts", () => {
    expect(() =>
      createAuthHandlers({
        verifier: scriptedVerifier(true),
        sessionKind: "server-store",
        domain: "example.com",
        allowedOrigins: ["chrome-extension://abcdefghijklmnop", "http://10.0.0.2:8080", "https://[::1]:3000"],
      }),
    ).not.toThrow();
  });
});
