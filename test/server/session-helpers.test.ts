import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import {
  MIN_SESSION_SECRET_DISTINCT_CHARACTERS,
  MIN_SESSION_SECRET_LENGTH,
  resolveSessionSecret,
  sessionCookieOptions,
  type ExpressSessionCookieOptions,
  type IronSessionCookieOptions,
} from "../../src/server/index.js";
import { recordingLogger } from "./support.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("sessionCookieOptions", () => {
  it("gives express-session a 30-minute httpOnly lax cookie, maxAge in milliseconds, secure in production", () => {
    expect(sessionCookieOptions({ sessionKind: "server-store", production: true })).toEqual({
      name: "siwx_session",
      cookie: { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 1_800_000 },
    });
    expect(sessionCookieOptions({ sessionKind: "server-store", production: false, name: "app.sid" })).toEqual({
      name: "app.sid",
      cookie: { httpOnly: true, secure: false, sameSite: "lax", path: "/", maxAge: 1_800_000 },
    });
  });

  it("gives iron-session a 30-minute seal and cookie in seconds, sameSite left to iron-session", () => {
    const options = sessionCookieOptions({ sessionKind: "sealed-cookie", production: true, name: "app_session" });
    expect(options).toEqual({
      cookieName: "app_session",
      ttl: 1800,
      cookieOptions: { httpOnly: true, secure: true, path: "/", maxAge: 1800 },
    });
    expect("sameSite" in options.cookieOptions).toBe(false);
  });

  it("reads NODE_ENV when production is not given", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(sessionCookieOptions({ sessionKind: "server-store" }).cookie.secure).toBe(true);
    vi.stubEnv("NODE_ENV", "development");
    expect(sessionCookieOptions({ sessionKind: "sealed-cookie" }).cookieOptions.secure).toBe(false);
  });

  it("takes a lifetime in seconds", () => {
    expect(sessionCookieOptions({ sessionKind: "server-store", production: false, maxAgeSeconds: 60 }).cookie.maxAge).toBe(60_000);
    expect(sessionCookieOptions({ sessionKind: "sealed-cookie", production: false, maxAgeSeconds: 60 }).ttl).toBe(60);
  });

  it("still reads the deprecated `variant` names, and gives the same settings as `sessionKind`", () => {
    expectTypeOf(sessionCookieOptions({ variant: "store" })).toEqualTypeOf<ExpressSessionCookieOptions>();
    expectTypeOf(sessionCookieOptions({ variant: "cookie" })).toEqualTypeOf<IronSessionCookieOptions>();
    expectTypeOf(sessionCookieOptions({ sessionKind: "server-store" })).toEqualTypeOf<ExpressSessionCookieOptions>();
    expectTypeOf(sessionCookieOptions({ sessionKind: "sealed-cookie" })).toEqualTypeOf<IronSessionCookieOptions>();
    expect(sessionCookieOptions({ variant: "store", production: true })).toEqual(
      sessionCookieOptions({ sessionKind: "server-store", production: true }),
    );
    expect(sessionCookieOptions({ variant: "cookie", production: false })).toEqual(
      sessionCookieOptions({ sessionKind: "sealed-cookie", production: false }),
    );
  });

  it("rejects an unknown session kind, a bad name and a bad lifetime with InvalidOptionsError", () => {
    expect(() => sessionCookieOptions({ variant: "jwt" } as never)).toThrow(/unknown `variant` "jwt": set `sessionKind`/);
    expect(() => sessionCookieOptions({ sessionKind: "jwt" } as never)).toThrow(/unknown `sessionKind` "jwt": use "server-store"/);
    expect(() => sessionCookieOptions({ sessionKind: "server-store", name: "bad name" })).toThrow(InvalidOptionsError);
    expect(() => sessionCookieOptions({ sessionKind: "server-store", name: "a;b" })).toThrow(/`name`/);
    expect(() => sessionCookieOptions({ sessionKind: "server-store", maxAgeSeconds: 0 })).toThrow(/maxAgeSeconds/);
    expect(() => sessionCookieOptions({ sessionKind: "server-store", production: "yes" as never })).toThrow(
      /`production` must be a boolean/,
    );
  });
});

describe("resolveSessionSecret", () => {
  const good = "0123456789abcdef0123456789abcdef";

  it("returns a secret of at least 32 characters as is, in production and in development", () => {
    expect(MIN_SESSION_SECRET_LENGTH).toBe(32);
    expect(resolveSessionSecret({ secret: good, production: true })).toBe(good);
    expect(resolveSessionSecret({ secret: good, production: false })).toBe(good);
  });

  it("stops a production start without SESSION_SECRET, naming it and the fix", () => {
    expect(() => resolveSessionSecret({ secret: undefined, production: true })).toThrow(InvalidOptionsError);
    expect(() => resolveSessionSecret({ secret: "", production: true })).toThrow(
      /^sign-in-with-xrpl: SESSION_SECRET is not set: set SESSION_SECRET to at least 32/,
    );
  });

  it("stops a production start with a 31-character SESSION_SECRET", () => {
    expect(() => resolveSessionSecret({ secret: good.slice(1), production: true })).toThrow(
      /SESSION_SECRET is too short \(31 characters, at least 32 needed\)/,
    );
  });

  it("stops a production start with a secret that is only whitespace, naming SESSION_SECRET and how to make one", () => {
    for (const secret of [" ".repeat(40), "\t \n\r".repeat(10), "\u00a0\u2003 ".repeat(12)]) {
      expect(() => resolveSessionSecret({ secret, production: true })).toThrow(InvalidOptionsError);
      expect(() => resolveSessionSecret({ secret, production: true })).toThrow(
        /^sign-in-with-xrpl: SESSION_SECRET is only whitespace: set SESSION_SECRET to at least 32 random characters, e\.g\. SESSION_SECRET="\$\(openssl rand -hex 32\)"/,
      );
    }
  });

  it("stops a production start with a secret of fewer than 8 different characters, one letter repeated included", () => {
    expect(MIN_SESSION_SECRET_DISTINCT_CHARACTERS).toBe(8);
    expect(() => resolveSessionSecret({ secret: "a".repeat(40), production: true })).toThrow(
      /^sign-in-with-xrpl: SESSION_SECRET has too few different characters \(1, at least 8 needed\).*openssl rand -hex 32/,
    );
    // Seven different characters: refused; eight: accepted. Spaces count as characters.
    expect(() => resolveSessionSecret({ secret: "abcdefg".repeat(6), production: true })).toThrow(/\(7, at least 8 needed\)/);
    expect(resolveSessionSecret({ secret: "abcdefgh".repeat(5), production: true })).toBe("abcdefgh".repeat(5));
    expect(resolveSessionSecret({ secret: "abc defg".repeat(5), production: true })).toBe("abc defg".repeat(5));
    // Characters are code points: a surrogate pair is one character, not two.
    expect(() => resolveSessionSecret({ secret: "\u{1F600}\u{1F601}\u{1F602}\u{1F603}".repeat(10), production: true })).toThrow(
      /\(4, at least 8 needed\)/,
    );
  });

  it("accepts the output of openssl rand -hex 32 (64 characters from 16)", () => {
    const secret = "6f1c2b9d0e4a8f7315c2d9e0b4a6f8c1d3e5a7b9c0d2e4f6a8b0c2d4e6f8a0b2";
    expect(resolveSessionSecret({ secret, production: true })).toBe(secret);
  });

  it("keeps a weak but long enough secret in development, warning that production refuses it", () => {
    const logger = recordingLogger();
    expect(resolveSessionSecret({ secret: " ".repeat(40), production: false, logger })).toBe(" ".repeat(40));
    expect(resolveSessionSecret({ secret: "dev".repeat(12), production: false, logger })).toBe("dev".repeat(12));
    expect(logger.entries.map((entry) => entry.level)).toEqual(["warn", "warn"]);
    expect(logger.entries[0]!.message).toMatch(
      /^sign-in-with-xrpl: SESSION_SECRET is only whitespace: kept for this development process, but a production start refuses it/,
    );
    expect(logger.entries[1]!.message).toMatch(
      /SESSION_SECRET has too few different characters \(3, at least 8 needed\).*openssl rand -hex 32/,
    );
  });

  it("generates a random 64-character secret in development and says so through the logger", () => {
    const logger = recordingLogger();
    const first = resolveSessionSecret({ secret: undefined, production: false, logger });
    const second = resolveSessionSecret({ secret: "short", production: false, logger });
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(second).toMatch(/^[0-9a-f]{64}$/);
    expect(second).not.toBe(first);
    expect(logger.entries.map((entry) => entry.level)).toEqual(["warn", "warn"]);
    expect(logger.entries[0]!.message).toMatch(/SESSION_SECRET is not set: using a random secret/);
    expect(logger.entries[1]!.message).toMatch(/SESSION_SECRET is too short/);
  });

  it("reads NODE_ENV when production is not given", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(() => resolveSessionSecret({ secret: undefined })).toThrow(/SESSION_SECRET/);
    vi.stubEnv("NODE_ENV", "");
    expect(resolveSessionSecret({ secret: undefined })).toHaveLength(64);
  });

  it("rejects a secret that is not a string", () => {
    expect(() => resolveSessionSecret({ secret: 42 as never, production: false })).toThrow(/must be a string/);
  });
});
