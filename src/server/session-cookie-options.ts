import { InvalidOptionsError } from "../errors.js";
import { isProductionEnvironment } from "../shared/environment.js";

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
 * Options of `sessionCookieOptions`.
 *
 * @example
 * ```ts
 * const input: SessionCookieInput = { variant: "store", production: process.env.NODE_ENV === "production" };
 * ```
 */
export interface SessionCookieInput<V extends "cookie" | "store" = "cookie" | "store"> {
  /** `"store"`: options for express-session. `"cookie"`: options for iron-session. */
  variant: V;
  /** Marks the cookie `secure` (HTTPS only). Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** Cookie name. Default `"siwx_session"`. */
  name?: string | undefined;
  /** Session lifetime in seconds. Default 1800 (30 minutes, seed 2.2). */
  maxAgeSeconds?: number | undefined;
}

/**
 * express-session options of seed 2.2 (variant B): spread into `session({ ... })`. Note the
 * unit: express-session's `cookie.maxAge` is in MILLISECONDS.
 *
 * @example
 * ```ts
 * const { name, cookie }: ExpressSessionCookieOptions = sessionCookieOptions({ variant: "store" });
 * app.use(session({ name, cookie, secret, resave: false, saveUninitialized: false }));
 * ```
 */
export interface ExpressSessionCookieOptions {
  name: string;
  cookie: { httpOnly: true; secure: boolean; sameSite: "lax"; path: "/"; /** Milliseconds. */ maxAge: number };
}

/**
 * iron-session options of seed 2.2 (variant A): spread into the `SessionOptions` of
 * `getIronSession`, next to `password`. Note the unit: iron-session's `ttl` and
 * `cookieOptions.maxAge` are in SECONDS. `sameSite` is left to iron-session's default (`lax`):
 * the seed does not set it for variant A.
 *
 * @example
 * ```ts
 * const cookie: IronSessionCookieOptions = sessionCookieOptions({ variant: "cookie" });
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
 * The session cookie settings of seed 2.2 for each variant, shaped for the library that sets
 * the cookie: httpOnly; secure in production; 30 minutes; sameSite `lax` for variant B; a
 * configurable name. `variant: "store"` gives express-session's `{ name, cookie }` (maxAge in
 * milliseconds); `variant: "cookie"` gives iron-session's `{ cookieName, ttl, cookieOptions }`
 * (seconds, with the cookie expiring together with the seal).
 *
 * @example
 * ```ts
 * import session from "express-session";
 * import { resolveSessionSecret, sessionCookieOptions } from "sign-in-with-xrpl";
 *
 * const production = process.env.NODE_ENV === "production";
 * app.use(session({
 *   ...sessionCookieOptions({ variant: "store", production }),
 *   secret: resolveSessionSecret({ secret: process.env.SESSION_SECRET, production, logger: console }),
 *   resave: false,
 *   saveUninitialized: false,
 * }));
 *
 * // iron-session (Next.js):
 * const ironOptions = { ...sessionCookieOptions({ variant: "cookie", production }), password: secret };
 * ```
 */
export function sessionCookieOptions(input: SessionCookieInput<"store">): ExpressSessionCookieOptions;
/**
 * iron-session settings (variant A): `{ cookieName, ttl, cookieOptions }`, all in seconds, the
 * cookie expiring together with the seal.
 *
 * @example
 * ```ts
 * import { getIronSession } from "iron-session";
 * import { cookies } from "next/headers";
 * import { sessionCookieOptions, type SessionRecord } from "sign-in-with-xrpl";
 *
 * const session = await getIronSession<SessionRecord>(await cookies(), {
 *   ...sessionCookieOptions({ variant: "cookie", production: process.env.NODE_ENV === "production" }),
 *   password: secret,
 * });
 * ```
 */
export function sessionCookieOptions(input: SessionCookieInput<"cookie">): IronSessionCookieOptions;
/**
 * Either shape, when the variant is only known at run time: tell them apart by `cookieName`
 * (iron-session) or `cookie` (express-session).
 *
 * @example
 * ```ts
 * const variant = process.env.SESSION_VARIANT === "cookie" ? "cookie" : "store";
 * const options = sessionCookieOptions({ variant });
 * const lifetimeSeconds = "cookieName" in options ? options.ttl : options.cookie.maxAge / 1000;
 * ```
 */
export function sessionCookieOptions(input: SessionCookieInput): ExpressSessionCookieOptions | IronSessionCookieOptions;
export function sessionCookieOptions(input: SessionCookieInput): ExpressSessionCookieOptions | IronSessionCookieOptions {
  if (typeof input !== "object" || input === null) {
    throw new InvalidOptionsError('sign-in-with-xrpl: sessionCookieOptions needs { variant: "store" | "cookie" }.');
  }
  const { variant, production = isProductionEnvironment(), name = DEFAULT_SESSION_COOKIE_NAME, maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS } = input;
  if (variant !== "store" && variant !== "cookie") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: sessionCookieOptions: unknown variant ${JSON.stringify(variant)}: use "store" (express-session) or "cookie" (iron-session).`,
    );
  }
  if (typeof production !== "boolean") {
    throw new InvalidOptionsError("sign-in-with-xrpl: sessionCookieOptions: `production` must be a boolean, e.g. process.env.NODE_ENV === \"production\".");
  }
  if (typeof name !== "string" || !COOKIE_NAME_PATTERN.test(name)) {
    throw new InvalidOptionsError("sign-in-with-xrpl: sessionCookieOptions: `name` must be a cookie name (letters, digits and !#$%&'*+-.^_`|~).");
  }
  if (typeof maxAgeSeconds !== "number" || !Number.isInteger(maxAgeSeconds) || maxAgeSeconds <= 0) {
    throw new InvalidOptionsError("sign-in-with-xrpl: sessionCookieOptions: `maxAgeSeconds` must be a positive whole number of seconds (default 1800).");
  }
  if (variant === "store") {
    return { name, cookie: { httpOnly: true, secure: production, sameSite: "lax", path: "/", maxAge: maxAgeSeconds * 1000 } };
  }
  return { cookieName: name, ttl: maxAgeSeconds, cookieOptions: { httpOnly: true, secure: production, path: "/", maxAge: maxAgeSeconds } };
}
