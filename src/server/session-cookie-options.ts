import { InvalidOptionsError } from "../errors.js";
import { isProductionEnvironment } from "../shared/environment.js";
import { resolveSessionKind, type SessionKind } from "./session-kind.js";

/**
 * How long a session lives without activity: 30 minutes, for the cookie and the sealed data.
 *
 * @internal
 */
export const DEFAULT_SESSION_MAX_AGE_SECONDS = 30 * 60;
/** @internal The session cookie's name unless configured. */
export const DEFAULT_SESSION_COOKIE_NAME = "siwx_session";
/**
 * A cookie name as RFC 6265 allows it (an HTTP token).
 *
 * @internal
 */
export const COOKIE_NAME_PATTERN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Options of `sessionCookieOptions`. Name the session kind with `sessionKind` (or the deprecated
 * `variant`).
 *
 * @example
 * ```ts
 * const input: SessionCookieInput = { sessionKind: "server-store", production: process.env.NODE_ENV === "production" };
 * ```
 */
export interface SessionCookieInput<K extends SessionKind = SessionKind> {
  /** `"server-store"`: options for express-session. `"sealed-cookie"`: options for iron-session. */
  sessionKind?: K | undefined;
  /** @deprecated The older name of `sessionKind`: `"store"` is `"server-store"`, `"cookie"` is `"sealed-cookie"`. */
  variant?: (K extends "server-store" ? "store" : "cookie") | undefined;
  /** Marks the cookie `secure` (HTTPS only). Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** Cookie name. Default `"siwx_session"`. */
  name?: string | undefined;
  /** Idle lifetime in seconds: the session ends this long after its last write. Default 1800 (30 minutes). */
  maxAgeSeconds?: number | undefined;
}

/**
 * A `SessionCookieInput` that names the server-store kind, by its current or its deprecated name:
 * `sessionCookieOptions` then answers express-session's shape.
 *
 * @example
 * ```ts
 * const input: ServerStoreInput = { sessionKind: "server-store", name: "app.sid" };
 * ```
 */
export type ServerStoreInput = SessionCookieInput<"server-store"> & ({ sessionKind: "server-store" } | { variant: "store" });
/**
 * A `SessionCookieInput` that names the sealed-cookie kind, by its current or its deprecated name:
 * `sessionCookieOptions` then answers iron-session's shape.
 *
 * @example
 * ```ts
 * const input: SealedCookieInput = { sessionKind: "sealed-cookie", production: true };
 * ```
 */
export type SealedCookieInput = SessionCookieInput<"sealed-cookie"> & ({ sessionKind: "sealed-cookie" } | { variant: "cookie" });

/**
 * The cookie settings for express-session: spread into `session({ ... })`. Note the
 * unit: express-session's `cookie.maxAge` is in MILLISECONDS.
 *
 * @example
 * ```ts
 * const { name, cookie }: ExpressSessionCookieOptions = sessionCookieOptions({ sessionKind: "server-store" });
 * app.use(session({ name, cookie, secret, resave: false, saveUninitialized: false }));
 * ```
 */
export interface ExpressSessionCookieOptions {
  name: string;
  cookie: { httpOnly: true; secure: boolean; sameSite: "lax"; path: "/"; /** Milliseconds. */ maxAge: number };
}

/**
 * The cookie settings for iron-session: spread into the `SessionOptions` of `getIronSession`,
 * next to `password`. Note the unit: iron-session's `ttl` and `cookieOptions.maxAge` are in
 * SECONDS. `sameSite` is left to iron-session's own default, `lax`.
 *
 * @example
 * ```ts
 * const cookie: IronSessionCookieOptions = sessionCookieOptions({ sessionKind: "sealed-cookie" });
 * const session = await getIronSession(await cookies(), { ...cookie, password: secret });
 * ```
 */
export interface IronSessionCookieOptions {
  cookieName: string;
  /** Seconds the sealed data stays valid. */
  ttl: number;
  cookieOptions: { httpOnly: true; secure: boolean; path: "/"; /** Seconds. */ maxAge: number };
}

/**
 * The session cookie settings for each session kind, shaped for the library that sets the
 * cookie: httpOnly (scripts cannot read it); secure in production (never sent over plain HTTP);
 * 30 minutes of idle lifetime; sameSite `lax` (not sent on cross-site POSTs); a configurable
 * name. `sessionKind: "server-store"` gives express-session's `{ name, cookie }` (maxAge in
 * milliseconds); `sessionKind: "sealed-cookie"` gives iron-session's `{ cookieName, ttl,
 * cookieOptions }` (seconds, with the cookie expiring together with the seal).
 *
 * @example
 * ```ts
 * import session from "express-session";
 * import { resolveSessionSecret, sessionCookieOptions } from "sign-in-with-xrpl";
 *
 * const production = process.env.NODE_ENV === "production";
 * app.use(session({
 *   ...sessionCookieOptions({ sessionKind: "server-store", production }),
 *   secret: resolveSessionSecret({ secret: process.env.SESSION_SECRET, production, logger: console }),
 *   resave: false,
 *   saveUninitialized: false,
 * }));
 *
 * // iron-session (Next.js):
 * const ironOptions = { ...sessionCookieOptions({ sessionKind: "sealed-cookie", production }), password: secret };
 * ```
 */
export function sessionCookieOptions(input: ServerStoreInput): ExpressSessionCookieOptions;
/**
 * iron-session settings: `{ cookieName, ttl, cookieOptions }`, all in seconds, the
 * cookie expiring together with the seal.
 *
 * @example
 * ```ts
 * import { getIronSession } from "iron-session";
 * import { cookies } from "next/headers";
 * import { sessionCookieOptions, type SessionRecord } from "sign-in-with-xrpl";
 *
 * const session = await getIronSession<SessionRecord>(await cookies(), {
 *   ...sessionCookieOptions({ sessionKind: "sealed-cookie", production: process.env.NODE_ENV === "production" }),
 *   password: secret,
 * });
 * ```
 */
export function sessionCookieOptions(input: SealedCookieInput): IronSessionCookieOptions;
/**
 * Either shape, when the session kind is only known at run time: tell them apart by `cookieName`
 * (iron-session) or `cookie` (express-session).
 *
 * @example
 * ```ts
 * const sessionKind = process.env.SESSIONS === "iron" ? "sealed-cookie" : "server-store";
 * const options = sessionCookieOptions({ sessionKind });
 * const lifetimeSeconds = "cookieName" in options ? options.ttl : options.cookie.maxAge / 1000;
 * ```
 */
export function sessionCookieOptions(input: SessionCookieInput): ExpressSessionCookieOptions | IronSessionCookieOptions;
export function sessionCookieOptions(input: SessionCookieInput): ExpressSessionCookieOptions | IronSessionCookieOptions {
  if (typeof input !== "object" || input === null) {
    throw new InvalidOptionsError('sign-in-with-xrpl: sessionCookieOptions needs { sessionKind: "server-store" | "sealed-cookie" }.');
  }
  const {
    production = isProductionEnvironment(),
    name = DEFAULT_SESSION_COOKIE_NAME,
    maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS,
  } = input;
  const sessionKind = resolveSessionKind(input);
  if (typeof sessionKind !== "string") throw new InvalidOptionsError(`sign-in-with-xrpl: sessionCookieOptions: ${sessionKind.problem}`);
  if (typeof production !== "boolean") {
    throw new InvalidOptionsError(
      'sign-in-with-xrpl: sessionCookieOptions: `production` must be a boolean, e.g. process.env.NODE_ENV === "production".',
    );
  }
  if (typeof name !== "string" || !COOKIE_NAME_PATTERN.test(name)) {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: sessionCookieOptions: `name` must be a cookie name (letters, digits and !#$%&'*+-.^_`|~).",
    );
  }
  if (typeof maxAgeSeconds !== "number" || !Number.isInteger(maxAgeSeconds) || maxAgeSeconds <= 0) {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: sessionCookieOptions: `maxAgeSeconds` must be a positive whole number of seconds (default 1800).",
    );
  }
  if (sessionKind === "server-store") {
    return { name, cookie: { httpOnly: true, secure: production, sameSite: "lax", path: "/", maxAge: maxAgeSeconds * 1000 } };
  }
  return { cookieName: name, ttl: maxAgeSeconds, cookieOptions: { httpOnly: true, secure: production, path: "/", maxAge: maxAgeSeconds } };
}
