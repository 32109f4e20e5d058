import { afterEach, describe, expect, it, vi } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { MIN_SESSION_SECRET_LENGTH, resolveSessionSecret, sessionCookieOptions } from "../../src/server/index.js";
import { recordingLogger } from "./support.js";

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("sessionCookieOptions", () => {
  it("gives express-session a 30-minute httpOnly lax cookie, maxAge in milliseconds, secure in production", () => {
    expect(sessionCookieOptions({ variant: "store", production: true })).toEqual({
      name: "siwx_session",
      cookie: { httpOnly: true, secure: true, sameSite: "lax", path: "/", maxAge: 1_800_000 },
    });
    expect(sessionCookieOptions({ variant: "store", production: false, name: "app.sid" })).toEqual({
      name: "app.sid",
      cookie: { httpOnly: true, secure: false, sameSite: "lax", path: "/", maxAge: 1_800_000 },
    });
  });

  it("gives iron-session a 30-minute seal and cookie in seconds, sameSite left to iron-session", () => {
    const options = sessionCookieOptions({ variant: "cookie", production: true, name: "app_session" });
    expect(options).toEqual({ cookieName: "app_session", ttl: 1800, cookieOptions: { httpOnly: true, secure: true, path: "/", maxAge: 1800 } });
    expect("sameSite" in options.cookieOptions).toBe(false);
  });

  it("reads NODE_ENV when production is not given", () => {
    vi.stubEnv("NODE_ENV", "production");
    expect(sessionCookieOptions({ variant: "store" }).cookie.secure).toBe(true);
    vi.stubEnv("NODE_ENV", "development");
    expect(sessionCookieOptions({ variant: "cookie" }).cookieOptions.secure).toBe(false);
  });

  it("takes a lifetime in seconds", () => {
    expect(sessionCookieOptions({ variant: "store", production: false, maxAgeSeconds: 60 }).cookie.maxAge).toBe(60_000);
    expect(sessionCookieOptions({ variant: "cookie", production: false, maxAgeSeconds: 60 }).ttl).toBe(60);
  });

  it("rejects an unknown variant, a bad name and a bad lifetime with InvalidOptionsError", () => {
    expect(() => sessionCookieOptions({ variant: "jwt" } as never)).toThrow(/use "store" \(express-session\) or "cookie" \(iron-session\)/);
    expect(() => sessionCookieOptions({ variant: "store", name: "bad name" })).toThrow(InvalidOptionsError);
    expect(() => sessionCookieOptions({ variant: "store", name: "a;b" })).toThrow(/`name`/);
    expect(() => sessionCookieOptions({ variant: "store", maxAgeSeconds: 0 })).toThrow(/maxAgeSeconds/);
    expect(() => sessionCookieOptions({ variant: "store", production: "yes" as never })).toThrow(/`production` must be a boolean/);
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
    expect(() => resolveSessionSecret({ secret: "", production: true })).toThrow(/^sign-in-with-xrpl: SESSION_SECRET is not set: set SESSION_SECRET to at least 32/);
  });

  it("stops a production start with a 31-character SESSION_SECRET", () => {
    expect(() => resolveSessionSecret({ secret: good.slice(1), production: true })).toThrow(/SESSION_SECRET is too short \(31 characters, at least 32 needed\)/);
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
