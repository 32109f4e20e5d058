import { InvalidOptionsError } from "../errors.js";
import type { Verifier } from "../verify/types.js";
import { isCaip2ChainId } from "../message/chain-id.js";
import { isProductionEnvironment } from "../shared/environment.js";
import { resolveExpectedDomain, type DomainOption, type ExpectedDomain } from "./expected-domain.js";
import { createMemoryNonceStore } from "./memory-nonce-store.js";
import { SILENT_LOGGER, type Logger } from "../shared/logger.js";
import { resolveSessionKind, type AuthVariant, type SessionKind } from "./session-kind.js";
import type { NonceStore } from "./types.js";


/**
 * Options of `createAuthHandlers`.
 *
 * @example
 * ```ts
 * const options: AuthHandlersOptions = {
 *   verifier: createVerifier(),
 *   sessionKind: "server-store",
 *   domain: process.env.APP_DOMAIN,
 *   nonceStore: createMemoryNonceStore(),
 *   logger: console,
 * };
 * ```
 */
export interface AuthHandlersOptions {
  /** Checks the proofs; create one per process with `createVerifier()`. */
  verifier: Verifier;
  /**
   * Where the session lives: `"server-store"` (express-session and other server-side stores) or
   * `"sealed-cookie"` (iron-session). It decides a few answers; see `SessionKind`.
   */
  sessionKind?: SessionKind | undefined;
  /** @deprecated The older name of `sessionKind`: `"store"` is `"server-store"`, `"cookie"` is `"sealed-cookie"`. */
  variant?: AuthVariant | undefined;
  /**
   * The host(s) your users sign in on, such as `"example.com"` (usually from `APP_DOMAIN`); a
   * value without a port matches any port. A list, or a function for many tenants (see
   * `DomainPredicate`), works too. It is never taken from the request: a `Host` or
   * `X-Forwarded-Host` header is written by the sender, and trusting it would let a phishing
   * site relay a signature made for its own domain. Without it, only `localhost`, `127.0.0.1`
   * and `[::1]` are accepted (development), and in production `createAuthHandlers` throws.
   */
  domain?: DomainOption | undefined;
  /** Production rules apply (a `domain` is required). Default: `NODE_ENV === "production"`. */
  production?: boolean | undefined;
  /** CAIP-2 chain id the message must carry (`"xrpl:0"` mainnet). Default: any. */
  chainId?: string | undefined;
  /** Maximum message age in seconds. Default 300. */
  maxMessageAgeSeconds?: number | undefined;
  /** Clock skew tolerated on every time comparison, in seconds. Default 60. */
  clockSkewSeconds?: number | undefined;
  /** Server-store sessions only: a pending nonce older than this is cleared and refused. Default 300. */
  nonceTtlSeconds?: number | undefined;
  /** Makes nonces single-use. Default: `createMemoryNonceStore()` (one process only). */
  nonceStore?: NonceStore | undefined;
  /** Receives failures that cannot be returned (a failed session destroy, an unexpected error). Default: silent. */
  logger?: Logger | undefined;
  /** Clock in milliseconds since the Unix epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/** @internal The options after defaults and checks. */
export interface NormalizedAuthOptions {
  verifier: Verifier;
  sessionKind: SessionKind;
  /** Production rules apply (given, or read from NODE_ENV where a `process` exists). */
  production: boolean;
  domain: ExpectedDomain;
  chainId: string | undefined;
  maxMessageAgeSeconds: number;
  clockSkewSeconds: number;
  nonceTtlMs: number;
  /** How long a consumed nonce is remembered: the whole window in which its message can validate. */
  consumedNonceTtlMs: number;
  nonceStore: NonceStore;
  logger: Logger;
  now: () => number;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function positiveSeconds(fail: (message: string) => never, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    fail(`\`${name}\` must be a positive number of seconds (got ${describe(value)}); omit it for the default ${fallback}.`);
  }
  return value;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "number" || typeof value === "boolean" || value === null || value === undefined) return String(value);
  return typeof value;
}

/**
 * Applies defaults once and rejects options the handlers cannot work with. `caller` names the
 * public function in error messages, so a wrapper such as `createFetchHandler` reports its own name.
 *
 * @internal
 */
export function normalizeAuthOptions(options: AuthHandlersOptions, caller = "createAuthHandlers"): NormalizedAuthOptions {
  const fail: (message: string) => never = (message) => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: ${message}`);
  };
  if (!isObject(options)) fail("pass an options object, e.g. createAuthHandlers({ verifier: createVerifier(), sessionKind: \"server-store\" }).");
  const { verifier, domain, chainId, nonceStore, logger, now } = options;

  if (!isObject(verifier) || typeof verifier.verify !== "function") {
    fail("`verifier` is missing: pass one created once at start-up, e.g. { verifier: createVerifier() }.");
  }
  const sessionKind = resolveSessionKind(options);
  if (typeof sessionKind !== "string") fail(sessionKind.problem);
  if (chainId !== undefined && (typeof chainId !== "string" || !isCaip2ChainId(chainId))) {
    fail(`\`chainId\` must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet); got ${describe(chainId)}.`);
  }
  const maxMessageAgeSeconds = positiveSeconds(fail, "maxMessageAgeSeconds", options.maxMessageAgeSeconds, 300);
  const nonceTtlSeconds = positiveSeconds(fail, "nonceTtlSeconds", options.nonceTtlSeconds, 300);
  let clockSkewSeconds = 60;
  if (options.clockSkewSeconds !== undefined) {
    const skew: unknown = options.clockSkewSeconds;
    if (typeof skew !== "number" || !Number.isFinite(skew) || skew < 0) {
      fail(`\`clockSkewSeconds\` must be a number of seconds >= 0 (got ${describe(skew)}); omit it for the default 60.`);
    }
    clockSkewSeconds = skew;
  }
  if (nonceStore !== undefined && (!isObject(nonceStore) || typeof nonceStore.consume !== "function")) {
    fail("`nonceStore` must have a `consume(nonce, ttlMs)` method: use createMemoryNonceStore() or createRedisNonceStore(client).");
  }
  if (logger !== undefined && (!isObject(logger) || typeof logger.warn !== "function" || typeof logger.error !== "function")) {
    fail("`logger` must have `warn` and `error` methods (`console` fits).");
  }
  if (now !== undefined && typeof now !== "function") {
    fail("`now` must be a function returning milliseconds since the Unix epoch, e.g. () => Date.now().");
  }
  const { production = isProductionEnvironment() } = options;
  if (typeof production !== "boolean") {
    fail('`production` must be a boolean, e.g. process.env.NODE_ENV === "production"; omit it to read NODE_ENV.');
  }
  const resolvedLogger = logger ?? SILENT_LOGGER;
  const expectedDomain = resolveExpectedDomain(caller, domain, production, resolvedLogger);

  return {
    verifier,
    sessionKind,
    production,
    domain: expectedDomain,
    chainId,
    maxMessageAgeSeconds,
    clockSkewSeconds,
    nonceTtlMs: nonceTtlSeconds * 1000,
    // A message validates from (issuedAt - skew) until (issuedAt + maxAge + skew): remembering its
    // nonce for maxAge + 2 * skew covers that whole window, so a replay is refused either by the
    // nonce store or by the age rule.
    consumedNonceTtlMs: Math.ceil((maxMessageAgeSeconds + 2 * clockSkewSeconds) * 1000),
    nonceStore: nonceStore ?? createMemoryNonceStore(),
    logger: resolvedLogger,
    now: now ?? Date.now,
  };
}
