import { InvalidOptionsError } from "../errors.js";
import type { OnSignIn, OnSignOut } from "../server/hooks.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "../server/options.js";
import { COOKIE_NAME_PATTERN, DEFAULT_SESSION_COOKIE_NAME, DEFAULT_SESSION_MAX_AGE_SECONDS } from "../server/session-cookie-options.js";
import { checkSealingSecret, MIN_SESSION_SECRET_LENGTH } from "../server/session-secret.js";
import { basePathProblem, DEFAULT_BASE_PATH, normalizeBasePath } from "../shared/base-path.js";

const CALLER = "createFetchHandler";

/**
 * The session cookie of `createFetchHandler`. Every field is optional; the defaults are what a
 * sign-in cookie should be.
 *
 * @example
 * ```ts
 * const cookie: FetchSessionCookieOptions = { name: "__Host-siwx", maxAgeSeconds: 900, sameSite: "strict" };
 * const auth = createFetchHandler({ verifier, domain: "example.com", sessionSecret, cookie });
 * ```
 */
export interface FetchSessionCookieOptions {
  /** Cookie name. Default `"siwx_session"`. */
  name?: string | undefined;
  /**
   * How long a session lives without a request that re-seals it (a nonce request or a sign-in),
   * in seconds: the cookie's `Max-Age` and the sealed data's own expiry alike. Default 1800 (30 minutes).
   */
  maxAgeSeconds?: number | undefined;
  /** `SameSite` attribute. Default `"lax"`, so the cookie still comes along when a user follows a link to your site. */
  sameSite?: "lax" | "strict" | undefined;
  /**
   * `Secure` attribute (sent over HTTPS only). Default: set, except for a plain `http:` request
   * to `localhost`, `127.0.0.1` or `[::1]` outside production, so local development works
   * without TLS on every runtime, Workers included, and nothing else goes out without it.
   */
  secure?: boolean | undefined;
  /** `Path` attribute. Default `"/"`. */
  path?: string | undefined;
  /** `Domain` attribute, to share the cookie with subdomains. Default: none (this host only). */
  domain?: string | undefined;
}

/**
 * Options of `createFetchHandler`: the checks of `createAuthHandlers` (verifier, domain,
 * production, clock...) plus what a handler that owns the HTTP side needs (the session secret,
 * where it is mounted, the cookie).
 *
 * @example
 * ```ts
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createFetchHandler, type FetchHandlerOptions } from "sign-in-with-xrpl/fetch";
 *
 * const options: FetchHandlerOptions = {
 *   verifier: createVerifier(),
 *   domain: "example.com",
 *   sessionSecret: process.env.SESSION_SECRET!,
 *   basePath: "/api/auth",
 * };
 * const auth = createFetchHandler(options);
 * ```
 */
export interface FetchHandlerOptions<TData = unknown> extends Pick<
  AuthHandlersOptions,
  | "verifier"
  | "domain"
  | "allowedOrigins"
  | "production"
  | "chainId"
  | "uriSchemes"
  | "maxFailedSignatureAttempts"
  | "maxMessageAgeSeconds"
  | "clockSkewSeconds"
  | "nonceStore"
  | "maxSessionAgeSeconds"
  | "revocationStore"
  | "revalidateAfterSeconds"
  | "claims"
  | "requireClaims"
  | "logger"
  | "errorCodes"
  | "now"
> {
  /**
   * The secret the session cookie is sealed (encrypted and authenticated) with: at least 32
   * characters, e.g. from `openssl rand -hex 32`. Every instance that must read the same sessions
   * uses the same one. To rotate it without signing anyone out, pass a list, newest first:
   * `[newSecret, oldSecret]`. The first seals every cookie written from then on; every one of
   * them still opens the cookies it sealed. Drop an old secret once the cookies it sealed have
   * run out (`cookie.maxAgeSeconds` after the switch, and at most `maxSessionAgeSeconds`).
   */
  sessionSecret: string | readonly string[];
  /**
   * The plain path the routes live under: `${basePath}/nonce`, `/verify`, `/signout`, `/me`.
   * Default `"/api/auth"`. Not a route pattern: `"/auth/*"` is refused (give `"/auth"`, and the
   * pattern to your framework). Give the browser client the same one:
   * `createHttpAdapter({ basePath })`.
   */
  basePath?: string | undefined;
  /** The session cookie's name and attributes. */
  cookie?: FetchSessionCookieOptions | undefined;
  /**
   * Awaited once per sign-in, after the proof holds and its nonce is used up, before the cookie
   * is signed in: return `{ data }` to keep app data in the sealed cookie (read it with
   * `getSession`), `{ refuse: { status, message } }` to sign nothing in, or nothing. `request`
   * is the `POST /verify` request.
   */
  onSignIn?: OnSignIn<TData, Request> | undefined;
  /** Awaited after a signed-in session has ended, with its address and data; `request` is the `POST /signout` request. */
  onSignOut?: OnSignOut<TData, Request> | undefined;
}

/** @internal The cookie settings after defaults and checks. */
export interface NormalizedSessionCookie {
  name: string;
  maxAgeSeconds: number;
  sameSite: "Lax" | "Strict";
  /** `undefined`: decided per request by the development rule. */
  secure: boolean | undefined;
  path: string;
  domain: string | undefined;
}

/** @internal The fetch handler's options after defaults and checks. */
export interface NormalizedFetchOptions {
  auth: NormalizedAuthOptions;
  /** Newest first: the first seals, all of them open. */
  sessionSecrets: string[];
  /** Without a trailing slash; `""` when mounted at the root. */
  basePath: string;
  cookie: NormalizedSessionCookie;
}

function fail(message: string): never {
  throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALLER}: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Applies defaults once and rejects options the handler cannot work with, each with how to fix it.
 *
 * @internal
 */
export function normalizeFetchOptions<TData>(options: FetchHandlerOptions<TData>): NormalizedFetchOptions {
  if (!isObject(options)) {
    fail(
      'pass an options object, e.g. createFetchHandler({ verifier: createVerifier(), domain: "example.com", sessionSecret: env.SESSION_SECRET }).',
    );
  }
  const basePath = checkBasePath(options.basePath);
  const cookie = checkCookie(options.cookie);
  const checked = normalizeAuthOptions({ ...options, sessionKind: "sealed-cookie" }, CALLER);
  // This handler owns its cookie: a pending nonce can be presented for as long as the cookie
  // that carries it unseals (it is sealed once, when the nonce is issued), so its signature
  // checks are counted for exactly that long, plus the clock skew between instances.
  const auth: NormalizedAuthOptions = {
    ...checked,
    attemptCountTtlMs: Math.ceil(cookie.maxAgeSeconds * 1000 + checked.clockSkewSeconds * 1000),
  };
  const sessionSecrets = checkSessionSecrets(options.sessionSecret, auth);
  return { auth, sessionSecrets, basePath, cookie };
}

/**
 * The session secret rule of `resolveSessionSecret`, except that a missing or short secret is
 * refused in development too: a generated one would differ per instance, and sessions would not
 * survive the next serverless invocation. A weak one (whitespace, a repeated character) is
 * refused in production and said through the logger in development.
 */
function checkSessionSecrets(secret: unknown, auth: NormalizedAuthOptions): string[] {
  const list = Array.isArray(secret) ? (secret as unknown[]) : [secret];
  if (list.length === 0) {
    fail(
      "`sessionSecret` is an empty list: pass the secret, or a list with the newest secret first, e.g. { sessionSecret: [env.SESSION_SECRET, env.OLD_SESSION_SECRET] }.",
    );
  }
  return list.map((entry, index) =>
    checkSealingSecret(entry, {
      caller: CALLER,
      setting: list.length === 1 && !Array.isArray(secret) ? "`sessionSecret`" : `\`sessionSecret[${index}]\``,
      notAString: "`sessionSecret` must be a string or a list of strings (newest first), e.g. { sessionSecret: env.SESSION_SECRET }.",
      howToFix: `pass at least ${MIN_SESSION_SECRET_LENGTH} random characters, e.g. { sessionSecret: env.SESSION_SECRET } with SESSION_SECRET="$(openssl rand -hex 32)", the same on every instance`,
      production: auth.production,
      logger: auth.logger,
    }),
  );
}

function checkBasePath(basePath: unknown): string {
  if (basePath === undefined) return DEFAULT_BASE_PATH;
  const problem = basePathProblem(basePath);
  if (problem !== undefined) fail(`\`basePath\` ${problem}.`);
  return normalizeBasePath(basePath as string);
}

function checkCookie(cookie: unknown): NormalizedSessionCookie {
  if (cookie !== undefined && !isObject(cookie)) {
    fail('`cookie` must be an object such as { name: "siwx_session", maxAgeSeconds: 1800 }; omit it for the defaults.');
  }
  const {
    name = DEFAULT_SESSION_COOKIE_NAME,
    maxAgeSeconds = DEFAULT_SESSION_MAX_AGE_SECONDS,
    sameSite = "lax",
    secure,
    path = "/",
    domain,
  } = (cookie ?? {}) as FetchSessionCookieOptions;
  if (typeof name !== "string" || !COOKIE_NAME_PATTERN.test(name)) {
    fail(`\`cookie.name\` must be a cookie name (letters, digits and !#$%&'*+-.^_\`|~), got ${JSON.stringify(name)}.`);
  }
  if (typeof maxAgeSeconds !== "number" || !Number.isInteger(maxAgeSeconds) || maxAgeSeconds <= 0) {
    fail(
      `\`cookie.maxAgeSeconds\` must be a positive whole number of seconds (got ${JSON.stringify(maxAgeSeconds)}); omit it for the default ${DEFAULT_SESSION_MAX_AGE_SECONDS}.`,
    );
  }
  if (sameSite !== "lax" && sameSite !== "strict") {
    fail(`\`cookie.sameSite\` must be "lax" or "strict" (got ${JSON.stringify(sameSite)}); omit it for "lax".`);
  }
  if (secure !== undefined && typeof secure !== "boolean") {
    fail("`cookie.secure` must be a boolean; omit it to mark the cookie Secure everywhere but plain-HTTP loopback development.");
  }
  if (typeof path !== "string" || !path.startsWith("/") || !isCookieAttributeSafe(path)) {
    fail(`\`cookie.path\` must be a path starting with "/" without ";" or spaces (got ${JSON.stringify(path)}); omit it for "/".`);
  }
  if (domain !== undefined && (typeof domain !== "string" || !/^\.?[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$/u.test(domain))) {
    fail(
      `\`cookie.domain\` must be a host name such as "example.com" (got ${JSON.stringify(domain)}); omit it to keep the cookie to this host.`,
    );
  }
  return { name, maxAgeSeconds, sameSite: sameSite === "lax" ? "Lax" : "Strict", secure, path, domain };
}

// A cookie attribute value ends at ";", and whitespace or a control character (U+0000 to U+001F,
// U+007F) would make browsers drop or cut the Set-Cookie header.
function isCookieAttributeSafe(value: string): boolean {
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return false;
  }
  return !/[;\s]/u.test(value);
}
