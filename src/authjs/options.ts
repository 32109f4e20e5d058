import { InvalidOptionsError } from "../errors.js";
import type { NormalizedSessionCookie } from "../fetch/options.js";
import { LOOPBACK_DOMAINS } from "../server/expected-domain.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "../server/options.js";
import { SILENT_LOGGER } from "../shared/logger.js";
import { COOKIE_NAME_PATTERN } from "../server/session-cookie-options.js";
import { checkSealingSecret, MIN_SESSION_SECRET_LENGTH } from "../server/session-secret.js";

const CALLER = "XrplProvider";
const DEFAULT_ID = "xrpl";
const DEFAULT_NAME = "XRPL";
const DEFAULT_COOKIE_NAME = "siwx_nonce";

/**
 * Options of `XrplProvider`: the checks every sign-in route of this library makes (verifier,
 * expected domain, chain, message age, single-use nonces) plus what the nonce cookie needs.
 *
 * @example
 * ```ts
 * import { createVerifier } from "sign-in-with-xrpl";
 * import type { XrplProviderOptions } from "sign-in-with-xrpl/authjs";
 *
 * const options: XrplProviderOptions = {
 *   verifier: createVerifier(),
 *   domain: process.env.APP_DOMAIN, // "example.com"; required in production
 *   secret: process.env.AUTH_SECRET,
 *   chainId: "xrpl:0",
 * };
 * ```
 */
export interface XrplProviderOptions extends Pick<
  AuthHandlersOptions,
  | "verifier"
  | "domain"
  | "production"
  | "chainId"
  | "uriSchemes"
  | "maxMessageAgeSeconds"
  | "clockSkewSeconds"
  | "nonceTtlSeconds"
  | "nonceStore"
  | "maxSessionAgeSeconds"
  | "revalidateAfterSeconds"
  | "claims"
  | "requireClaims"
  | "revocationStore"
  | "logger"
  | "now"
> {
  /**
   * The key the nonce cookie is sealed with, so a nonce the server did not issue is refused: at
   * least 32 characters. Default: `process.env.AUTH_SECRET`, the secret Auth.js itself uses.
   * Every instance that serves your users needs the same one.
   */
  secret?: string | undefined;
  /** The provider id: the callback route is `/api/auth/callback/<id>` and `signIn("<id>", ...)` picks it. Default `"xrpl"`. */
  id?: string | undefined;
  /** The name Auth.js shows on its built-in sign-in page. Default `"XRPL"`. */
  name?: string | undefined;
  /** The name of the cookie that carries the pending nonce. Default `"siwx_nonce"`. */
  cookieName?: string | undefined;
}

/** @internal The options after defaults and checks. */
export interface NormalizedProviderOptions {
  auth: NormalizedAuthOptions;
  secret: string;
  id: string;
  name: string;
  /** The nonce cookie: lives as long as a nonce is accepted, on every path, `Secure` by the development rule. */
  cookie: NormalizedSessionCookie;
}

function fail(message: string): never {
  throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALLER}: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** `AUTH_SECRET` where a `process` exists (Node, Next's edge runtime); never read in a browser. */
function authSecretFromEnvironment(): string | undefined {
  return (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.AUTH_SECRET;
}

/** A strong stand-in secret, only to check the other options before the real one is known. */
const STAND_IN_SECRET = "0123456789abcdefghijklmnopqrstuvwxyzABCDEF";

/**
 * The settings that come from the server's environment and may be missing while the app is
 * built (`next build` loads the routes without them): `domain` in production, and the secret.
 * Every other option is checked when the provider is created; these, on its first use.
 *
 * @internal
 */
export function checkOptionsButEnvironment(options: XrplProviderOptions): void {
  if (!isObject(options)) normalizeProviderOptions(options);
  normalizeProviderOptions({
    ...options,
    ...(options.domain === undefined ? { domain: LOOPBACK_DOMAINS } : {}),
    ...(options.secret === undefined && authSecretFromEnvironment() === undefined ? { secret: STAND_IN_SECRET } : {}),
    // Said again, through the real logger, when the real options are read.
    logger: SILENT_LOGGER,
  });
}

/**
 * Applies defaults once and rejects options the provider cannot work with, each with how to fix it.
 *
 * @internal
 */
export function normalizeProviderOptions(options: XrplProviderOptions): NormalizedProviderOptions {
  if (!isObject(options)) {
    fail('pass an options object, e.g. XrplProvider({ verifier: createVerifier(), domain: "example.com" }).');
  }
  const verifier: unknown = options.verifier;
  if (isObject(verifier) && typeof verifier.verify === "function" && typeof verifier.check !== "function") {
    fail("`verifier` has no `check` method: pass one created with createVerifier() from this library.");
  }
  const auth = normalizeAuthOptions({ ...options, sessionKind: "sealed-cookie" }, CALLER);
  const secret = checkSecret(
    options.secret === undefined ? authSecretFromEnvironment() : options.secret,
    options.secret !== undefined,
    auth,
  );
  const id = checkName("id", options.id, DEFAULT_ID, /^[A-Za-z0-9_-]+$/u, 'letters, digits, "-" and "_", such as "xrpl"');
  const name = checkName("name", options.name, DEFAULT_NAME, /\S/u, 'a non-empty text, such as "XRPL"');
  const cookieName = options.cookieName ?? DEFAULT_COOKIE_NAME;
  if (typeof cookieName !== "string" || !COOKIE_NAME_PATTERN.test(cookieName)) {
    fail(
      `\`cookieName\` must be a cookie name (letters, digits and !#$%&'*+-.^_\`|~), got ${JSON.stringify(cookieName)}; omit it for "${DEFAULT_COOKIE_NAME}".`,
    );
  }
  const cookie: NormalizedSessionCookie = {
    name: cookieName,
    maxAgeSeconds: Math.ceil(auth.nonceTtlMs / 1000),
    sameSite: "Lax",
    secure: undefined,
    path: "/",
    domain: undefined,
  };
  return { auth, secret, id, name, cookie };
}

/**
 * The rule of every sealed cookie of this library: missing or short is refused everywhere (a
 * secret generated per process would refuse the nonces another instance issued), weak is refused
 * in production and said through the logger in development.
 */
function checkSecret(secret: unknown, given: boolean, auth: NormalizedAuthOptions): string {
  return checkSealingSecret(secret, {
    caller: CALLER,
    setting: given ? "`secret`" : "`secret` (or AUTH_SECRET)",
    notAString: "`secret` must be a string, e.g. { secret: process.env.AUTH_SECRET }.",
    howToFix: `set AUTH_SECRET (the secret Auth.js uses) or pass { secret } with at least ${MIN_SESSION_SECRET_LENGTH} random characters, e.g. AUTH_SECRET="$(openssl rand -hex 32)", the same on every instance`,
    production: auth.production,
    logger: auth.logger,
  });
}

function checkName(option: string, value: unknown, fallback: string, pattern: RegExp, what: string): string {
  if (value === undefined) return fallback;
  if (typeof value !== "string" || !pattern.test(value)) {
    fail(`\`${option}\` must be ${what} (got ${JSON.stringify(value)}); omit it for "${fallback}".`);
  }
  return value;
}
