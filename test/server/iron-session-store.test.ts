import { getIronSession, type SessionOptions } from "iron-session";
import { describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { ironSessionStore } from "../../src/server/iron-session-store.js";
import { sessionCookieOptions } from "../../src/server/session-cookie-options.js";
import type { SessionRecord } from "../../src/server/types.js";
import { sessionStoreContract } from "../../src/testing/index.js";

/** The CookieStore shape getIronSession(cookies, options) takes (Next's cookies()), over a Map. */
function createCookieJar() {
  const cookies = new Map<string, { value: string; options: Record<string, unknown> | undefined }>();
  return {
    cookies,
    get(name: string) {
      const cookie = cookies.get(name);
      return cookie === undefined ? undefined : { name, value: cookie.value };
    },
    set(...args: unknown[]) {
      if (typeof args[0] === "string") {
        cookies.set(args[0], { value: args[1] as string, options: args[2] as Record<string, unknown> | undefined });
      } else {
        const { name, value, ...options } = args[0] as { name: string; value: string };
        cookies.set(name, { value, options });
      }
    },
  };
}

const options: SessionOptions = {
  ...sessionCookieOptions({ sessionKind: "sealed-cookie", production: false, name: "siwx_test" }),
  password: "a test password of at least 32 characters!!",
};

describe("ironSessionStore: SessionStore contract over real iron-session", () => {
  for (const check of sessionStoreContract(async () => ironSessionStore(await getIronSession<SessionRecord>(createCookieJar(), options)))) {
    it(check.name, check.run);
  }
});

describe("ironSessionStore", () => {
  it("seals the record into the cookie, so the next request reads it back", async () => {
    const jar = createCookieJar();
    await ironSessionStore(await getIronSession<SessionRecord>(jar, options)).set({ pendingNonce: "sealednonce1", nonceIssuedAt: 9 });
    const sealed = jar.cookies.get("siwx_test");
    expect(sealed?.value).toMatch(/^Fe26\.2\*/);
    expect(sealed?.value).not.toContain("sealednonce1");
    expect(sealed?.options).toMatchObject({ httpOnly: true, secure: false, maxAge: 1800, path: "/" });
    const next = ironSessionStore(await getIronSession<SessionRecord>(jar, options));
    expect(await next.get()).toEqual({ pendingNonce: "sealednonce1", nonceIssuedAt: 9 });
  });

  it("clears the cookie on destroy", async () => {
    const jar = createCookieJar();
    const store = ironSessionStore(await getIronSession<SessionRecord>(jar, options));
    await store.set({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", authenticatedAt: 1 });
    await store.destroy();
    expect(jar.cookies.get("siwx_test")).toMatchObject({ value: "", options: { maxAge: 0 } });
    expect(await ironSessionStore(await getIronSession<SessionRecord>(jar, options)).get()).toEqual({});
  });

  it("has no regenerate: a sealed cookie has no session id to rotate", async () => {
    expect(ironSessionStore(await getIronSession<SessionRecord>(createCookieJar(), options)).regenerate).toBeUndefined();
  });

  it("refuses something that is not an iron-session session", () => {
    expect(() => ironSessionStore({} as never)).toThrow(InvalidOptionsError);
    expect(() => ironSessionStore(undefined as never)).toThrow(/getIronSession/);
  });
});
