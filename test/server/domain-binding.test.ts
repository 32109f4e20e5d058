/**
 * With several expected domains (a list or a function), a session is bound to the domain its
 * sign-in message was signed for: every read on another host (me, getSignedIn, the nonce route's
 * "is the sign-in live") answers signed out, and a read that does not say its host fails closed
 * and is reported once. One domain needs no binding. Both session kinds.
 */
import { describe, expect, it } from "vitest";
import {
  createAuthHandlers,
  createMemoryNonceStore,
  getSignedIn,
  type AuthHandlersOptions,
  type SessionKind,
} from "../../src/server/index.js";
import { createMemorySessionStore } from "../../src/testing/index.js";
import { buildMessage, makeAccount, recordingLogger, scriptedVerifier, signedBody, T0 } from "./support.js";

const NOT_AUTHENTICATED = { status: 401, body: { error: "Not authenticated." } };
const TENANTS = new Set(["tenant-a.example.com", "tenant-b.example.com"]);

function setup(sessionKind: SessionKind, options: Partial<AuthHandlersOptions> = {}) {
  const logger = recordingLogger();
  const handlers = createAuthHandlers({
    verifier: scriptedVerifier(true),
    sessionKind,
    domain: ["tenant-a.example.com", "tenant-b.example.com"],
    now: () => T0,
    logger,
    nonceStore: createMemoryNonceStore({ now: () => T0 }),
    ...options,
  });
  const account = makeAccount();
  /** A session signed in through a message for `domain`, with requests sent to `domain`. */
  const signInOn = async (domain: string) => {
    const session = createMemorySessionStore();
    const { body } = await handlers.nonce(session, { host: domain });
    const message = buildMessage({ account, nonce: body.nonce as string, issuedAtMs: T0, domain });
    expect(await handlers.verify(session, { body: signedBody(account, message) })).toMatchObject({ status: 200 });
    return session;
  };
  return { handlers, logger, account, signInOn };
}

const domainOptions: [string, Partial<AuthHandlersOptions>][] = [
  ["a domain list", {}],
  ["a domain function", { domain: (host: string) => TENANTS.has(host.split(":")[0]!.toLowerCase()) }],
];

describe.each(["sealed-cookie", "server-store"] as const)("sessions bound to their sign-in domain, %s session", (sessionKind) => {
  describe.each(domainOptions)("with %s", (_label, options) => {
    it("remembers the message's domain and answers signed in on that host only; another host does not end the session", async () => {
      const { handlers, signInOn, account } = setup(sessionKind, options);
      const session = await signInOn("tenant-a.example.com");
      expect((await session.get()).domain).toBe("tenant-a.example.com");
      expect(await handlers.me(session, { host: "tenant-a.example.com" })).toEqual({ status: 200, body: { address: account.address } });
      expect(await handlers.me(session, { host: "tenant-b.example.com" })).toEqual(NOT_AUTHENTICATED);
      expect(await handlers.getSignedIn(session, { host: "tenant-b.example.com" })).toBeNull();
      expect(await getSignedIn(session, { handlers, headers: { host: "tenant-b.example.com" } })).toBeNull();
      // Not destroyed by the read on the other host: tenant A still sees its user.
      expect(await handlers.getSignedIn(session, { host: "TENANT-A.example.com:443" })).toMatchObject({ address: account.address });
      expect(await getSignedIn(session, { handlers, request: { headers: { host: "tenant-a.example.com" } } })).toMatchObject({
        address: account.address,
      });
    });

    it("does not carry the sign-in into a nonce requested on another host", async () => {
      const { handlers, signInOn } = setup(sessionKind, options);
      const session = await signInOn("tenant-a.example.com");
      const answer = await handlers.nonce(session, { headers: { host: "tenant-b.example.com" } });
      expect(await session.get()).toEqual({ pendingNonce: answer.body.nonce, nonceIssuedAt: T0 });
    });

    it("carries it into a nonce requested on its own host", async () => {
      const { handlers, signInOn } = setup(sessionKind, options);
      const session = await signInOn("tenant-a.example.com");
      await handlers.nonce(session, { request: { headers: { host: "tenant-a.example.com" } } });
      expect((await session.get()).address).toBeDefined();
    });

    it("answers a read that does not say its host as signed out, and says once what to pass", async () => {
      const { handlers, signInOn, logger } = setup(sessionKind, options);
      const session = await signInOn("tenant-a.example.com");
      expect(await handlers.me(session)).toEqual(NOT_AUTHENTICATED);
      expect(await handlers.getSignedIn(session)).toBeNull();
      expect(await handlers.getSignedIn(session, { request: {} })).toBeNull();
      const warnings = logger.entries.filter((entry) => /did not say its host/.test(entry.message));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]!.message).toMatch(/handlers\.me\(store, \{ request: req \}\)/);
      expect(await handlers.me(session, { host: "tenant-a.example.com" })).toMatchObject({ status: 200 });
    });
  });

  it("reads the host from input.host, the Host header, :authority, or a fetch Request's URL, and compares ports as the domain rule does", async () => {
    const { handlers, signInOn } = setup(sessionKind);
    const session = await signInOn("tenant-a.example.com:8443");
    const signedIn = [
      { host: "tenant-a.example.com:8443" },
      { headers: { host: "tenant-a.example.com:8443" } },
      { headers: { ":authority": "tenant-a.example.com:8443" } },
      { headers: new Headers({ host: "tenant-a.example.com:8443" }) },
      { request: new Request("https://tenant-a.example.com:8443/api/me") },
    ];
    for (const input of signedIn) expect((await handlers.me(session, input)).status).toBe(200);
    // The message named a port: the host without it (or another port) is another place.
    expect(await handlers.me(session, { host: "tenant-a.example.com" })).toEqual(NOT_AUTHENTICATED);
    expect(await handlers.me(session, { host: "tenant-a.example.com:9443" })).toEqual(NOT_AUTHENTICATED);
  });

  it("reads a multi-domain record without a domain (signed in before sessions were bound) as ended: me clears it", async () => {
    const { handlers, signInOn } = setup(sessionKind);
    const session = await signInOn("tenant-a.example.com");
    const { domain: _domain, ...unbound } = await session.get();
    const old = createMemorySessionStore(unbound);
    expect(await handlers.me(old, { host: "tenant-a.example.com" })).toEqual(NOT_AUTHENTICATED);
    expect(await old.get()).toEqual({});
  });

  it("needs no host with one domain (a string, or a list of one)", async () => {
    for (const domain of ["tenant-a.example.com", ["tenant-a.example.com"]]) {
      const { handlers, signInOn, logger } = setup(sessionKind, { domain });
      const session = await signInOn("tenant-a.example.com");
      expect((await handlers.me(session)).status).toBe(200);
      expect((await handlers.me(session, { host: "elsewhere.example" })).status).toBe(200);
      expect(logger.entries.filter((entry) => /host/.test(entry.message))).toEqual([]);
    }
  });
});
