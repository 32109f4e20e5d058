/**
 * The fetch handler's hooks: real Request/Response objects, real proofs made with
 * ripple-keypairs, the real verifier, the sealed cookie carried from answer to request.
 */
import { describe, expect, it } from "vitest";
import { createFetchHandler, type FetchHandlerOptions } from "../../src/fetch/index.js";
import { compactSignature, createVerifier, type Verifier } from "../../src/verify/index.js";
import { parseSetCookie } from "../support/cookie-jar.js";
import { buildMessage, makeAccount, recordingLogger, signedBody, T0, type Account } from "../server/support.js";

const SECRET = "a-session-secret-of-at-least-32-characters";
const noLedger = {
  async getAccountAuthority(): Promise<never> {
    throw new Error("the ledger is not part of this test");
  },
};
const offlineVerifier = (): Verifier => createVerifier({ strategies: [compactSignature({ ledger: "never" })], ledgerReader: noLedger });

interface AppData {
  userId: string;
}

function setup(options: Partial<FetchHandlerOptions<AppData>> = {}) {
  const logger = recordingLogger();
  const auth = createFetchHandler<AppData>({
    verifier: offlineVerifier(),
    domain: "example.com",
    sessionSecret: SECRET,
    now: () => T0,
    logger,
    ...options,
  });
  let cookie: string | undefined;
  const request = (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (cookie !== undefined) headers.set("cookie", `siwx_session=${cookie}`);
    return new Request(`https://example.com${path}`, { ...init, headers });
  };
  const send = async (path: string, init: RequestInit = {}) => {
    const response = await auth.handle(request(path, init));
    const raw = response.headers.get("set-cookie");
    if (raw !== null) {
      const set = parseSetCookie(raw);
      cookie = set.attributes["max-age"] === "0" ? undefined : set.value;
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const signIn = async (account: Account = makeAccount()) => {
    const { body } = await send("/api/auth/nonce");
    const proof = signedBody(account, buildMessage({ account, nonce: body.nonce as string, issuedAtMs: T0 }));
    return {
      account,
      proof,
      result: await send("/api/auth/verify", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(proof),
      }),
    };
  };
  return { auth, logger, send, signIn, request, cookie: () => cookie };
}

describe("createFetchHandler: onSignIn and onSignOut", () => {
  it("keeps the hook's data in the sealed cookie; getSession reads it on the next request", async () => {
    const seen: Request[] = [];
    const app = setup({
      onSignIn: ({ address, request }) => {
        seen.push(request);
        return { data: { userId: `user-of-${address}` } };
      },
    });
    const { account, result } = await app.signIn();
    expect(result).toEqual({ status: 200, body: { ok: true, address: account.address } });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Request);
    expect(new URL(seen[0]!.url).pathname).toBe("/api/auth/verify");
    // The cookie is sealed: the data is not readable in it.
    expect(app.cookie()).not.toContain("user-of");
    expect(await app.auth.getSession(app.request("/api/profile"))).toEqual({
      address: account.address,
      authenticatedAt: T0,
      data: { userId: `user-of-${account.address}` },
    });
    expect(await app.send("/api/auth/me")).toEqual({ status: 200, body: { address: account.address } });
  });

  it("getSession answers data undefined when the hook stored none", async () => {
    const app = setup();
    const { account } = await app.signIn();
    expect(await app.auth.getSession(app.request("/"))).toEqual({ address: account.address, authenticatedAt: T0, data: undefined });
  });

  it("a refusal answers its status and message and signs nothing in", async () => {
    const app = setup({ onSignIn: () => ({ refuse: { status: 403, message: "This account is suspended." } }) });
    const { result } = await app.signIn();
    expect(result).toEqual({ status: 403, body: { error: "This account is suspended." } });
    expect(await app.send("/api/auth/me")).toEqual({ status: 401, body: { error: "Not authenticated." } });
    expect(await app.auth.getSession(app.request("/"))).toBeNull();
  });

  it("a hook that throws answers 500 Internal server error., logged, nothing signed in", async () => {
    const app = setup({
      onSignIn: async () => {
        throw new Error("database unreachable");
      },
    });
    const { result } = await app.signIn();
    expect(result).toEqual({ status: 500, body: { error: "Internal server error." } });
    expect(await app.auth.getSession(app.request("/"))).toBeNull();
    expect(app.logger.entries.map((entry) => entry.message)).toEqual(["sign-in-with-xrpl: onSignIn threw; nothing was signed in."]);
  });

  it("calls onSignOut with the address, the data and the sign-out Request", async () => {
    const signOuts: { address: string; data: AppData | undefined; path: string }[] = [];
    const app = setup({
      onSignIn: () => ({ data: { userId: "u_7" } }),
      onSignOut: ({ address, data, request }) => void signOuts.push({ address, data, path: new URL(request.url).pathname }),
    });
    const { account } = await app.signIn();
    expect(await app.send("/api/auth/signout", { method: "POST" })).toEqual({ status: 200, body: { ok: true } });
    expect(signOuts).toEqual([{ address: account.address, data: { userId: "u_7" }, path: "/api/auth/signout" }]);
    expect(app.cookie()).toBeUndefined();
  });

  it("getSession takes a stricter maxAgeSeconds for one read, and refuses a bad one", async () => {
    let now = T0;
    const app = setup({ now: () => now, onSignIn: () => ({ data: { userId: "u_3" } }) });
    await app.signIn();
    now = T0 + 120_000;
    expect(await app.auth.getSession(app.request("/"), { maxAgeSeconds: 121 })).toMatchObject({ data: { userId: "u_3" } });
    expect(await app.auth.getSession(app.request("/"), { maxAgeSeconds: 120 })).toBeNull();
    expect(await app.auth.getSession(app.request("/"))).not.toBeNull();
    await expect(app.auth.getSession(app.request("/"), { maxAgeSeconds: -1 })).rejects.toThrow(
      /getSession: `maxAgeSeconds` must be a positive number/,
    );
  });

  it("refuses a hook that is not a function, naming createFetchHandler", () => {
    expect(() => setup({ onSignIn: "no" as never })).toThrow(/^sign-in-with-xrpl: createFetchHandler: `onSignIn` must be a function/);
  });
});
