import { InvalidOptionsError } from "../errors.js";
import type { SignInMessage, ValidateOptions, ValidationResult } from "../message/types.js";
import { validateMessage, validateResolved } from "../message/validate.js";
import { resolveValidateOptions, type ResolvedValidateOptions } from "../message/validate-options.js";
import type { Verifier } from "../verify/types.js";
import { isCaip2ChainId } from "../message/chain-id.js";
import { describeValue } from "../shared/describe-value.js";
import { isProductionEnvironment } from "../shared/environment.js";
import { resolveUriSchemes } from "../message/uri-schemes.js";
import { LOOPBACK_DOMAINS, resolveExpectedDomain, type DomainOption, type ExpectedDomain } from "./expected-domain.js";
import { MAX_FAILED_VERIFY_ATTEMPTS } from "./failed-attempts.js";
import { resolveAllowedOrigins } from "./request-context.js";
import { createMemoryNonceStore } from "./memory-nonce-store.js";
import { defaultLogger, type Logger } from "../shared/logger.js";
import { attachVerifierLogger } from "../verify/verifier-logger.js";
import { resolveSessionKind, type AuthVariant, type SessionKind } from "./session-kind.js";
import type { NonceStore, RevocationStore } from "./types.js";
import type { OnSignIn, OnSignOut, SignInHookContext, SignOutHookContext } from "./hooks.js";
import type { ClaimSet } from "../verify/claims/index.js";
import { resolveClaimRules, type ClaimRules } from "./session-claims.js";

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
export interface AuthHandlersOptions<TData = unknown, TRequest = unknown> {
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
  /**
   * Origins besides your own `domain` that may call the nonce, verify and sign-out routes from a
   * browser, such as `["https://app.example.com"]` (a front end on another site): each
   * `scheme://host[:port]`, no path. A request whose `Origin` or `Sec-Fetch-Site` header says it
   * comes from any other site is refused with 403 `Cross-site request refused.`; a request
   * without those headers (a server, a test, a wallet's own client) is never refused. Default: none.
   */
  allowedOrigins?: readonly string[] | undefined;
  /** CAIP-2 chain id the message must carry (`"xrpl:0"` mainnet). Default: any. */
  chainId?: string | undefined;
  /**
   * The schemes the message's URI may use, without the colon: `["https"]` in production refuses
   * a message whose `URI` is `http:` (400 `URI does not match.`). Default: any scheme.
   */
  uriSchemes?: readonly string[] | undefined;
  /**
   * Signature checks allowed on one pending nonce. Counted atomically in the nonce store before
   * each proof is judged (see `NonceStore.countAttempt`), so concurrent requests cannot exceed
   * it: past the limit the nonce is spent and the client needs a new one. Messages that fail to
   * parse or validate (another domain, an old message) are not counted and keep the nonce.
   * Default 5 (`MAX_FAILED_VERIFY_ATTEMPTS`); `Infinity` turns the limit off.
   */
  maxFailedSignatureAttempts?: number | undefined;
  /** Maximum message age in seconds. Default 300. */
  maxMessageAgeSeconds?: number | undefined;
  /** Clock skew tolerated on every time comparison, in seconds. Default 60. */
  clockSkewSeconds?: number | undefined;
  /** Server-store sessions only: a pending nonce older than this is cleared and refused. Default 300. */
  nonceTtlSeconds?: number | undefined;
  /** Makes nonces single-use. Default: `createMemoryNonceStore()` (one process only). */
  nonceStore?: NonceStore | undefined;
  /**
   * Absolute lifetime of a sign-in, in seconds from `authenticatedAt`: past it, every read (`me`,
   * the fetch handler's `getSession`) answers signed out and the session is cleared, however
   * recently the cookie was used. Apart from the cookie's own idle lifetime (30 minutes). Default 86400 (24 hours).
   */
  maxSessionAgeSeconds?: number | undefined;
  /**
   * Where signed-out session ids are kept until their absolute lifetime passes, so a copy of a
   * session cookie taken before sign-out reads as signed out on every instance that shares it.
   * Default: `nonceStore` when it is one (the memory, Redis and Postgres nonce stores are), else none.
   */
  revocationStore?: RevocationStore | undefined;
  /**
   * Re-check through the ledger, once this many seconds have passed since the last check, that
   * the key (or signer list) a session signed in with still has authority over the account, and
   * end the session when it does not (a rotated regular key, a disabled master key, a changed
   * signer list). Costs one ledger look-up per interval per session in each process. Default:
   * off (a session lives out its lifetime whatever happens on the ledger).
   */
  revalidateAfterSeconds?: number | undefined;
  /**
   * Ledger claims to read for every account that signs in, by name, e.g.
   * `{ kyc: hasCredential({ issuer: "r...", type: "KYC" }), member: holdsNft({ issuer: "r..." }) }`.
   * They are read once the proof holds and its nonce is used up, before `onSignIn` (which
   * receives them as `claims`); the session keeps them and when they were read, `me` answers
   * them (`{ address, claims }`), `getSignedIn` returns them, and with `revalidateAfterSeconds`
   * they are read again with the key's authority. Needs a verifier that reads claims
   * (`createVerifier()` does). Default: none, and `me` answers `{ address }` only.
   */
  claims?: ClaimSet | undefined;
  /**
   * Names of `claims` that must hold: a sign-in whose account does not meet them is refused
   * with 403 `{ "error": "Account does not meet the sign-in requirements.", "missing": ["kyc"] }`
   * and signs nothing in; with `revalidateAfterSeconds`, a session whose required claim no
   * longer holds (an NFT sold, a credential deleted or expired) ends and is revoked. Default: none.
   */
  requireClaims?: readonly string[] | undefined;
  /**
   * Receives failures that cannot be returned (a failed session destroy, a ledger node that
   * cannot answer, an unexpected error), mistakes of the setup it can see (a JSON body that no
   * body parser read), and at `debug` why a message rule refused a sign-in. Also given to the
   * `verifier` when it was created without a logger of its own. Default: `console` in
   * development, silent in production.
   */
  logger?: Logger | undefined;
  /**
   * Every error body also carries a `code` (`{ "error": "Message is too old.", "code": "too_old" }`)
   * that a page can switch on to show and translate the right text: the `check()` failure code
   * of a refused proof, the message rule's code, or one per handler text (see
   * `ErrorResponseCode`). Default `false`: error bodies are exactly `{ "error": "..." }`.
   */
  errorCodes?: boolean | undefined;
  /** Clock in milliseconds since the Unix epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
  /**
   * Awaited once per sign-in, after the proof holds and its nonce is used up, before the session
   * is signed in: return `{ data }` to keep app data in the session (read it with
   * `getSignedIn`), `{ refuse: { status, message } }` to sign nothing in, or nothing. `request` is
   * what you passed to `handlers.verify(store, { body, request })`.
   */
  onSignIn?: OnSignIn<TData, TRequest | undefined> | undefined;
  /**
   * Awaited after a signed-in session has ended, with its address and data. `request` is what you
   * passed to `handlers.signOut(store, { request })`.
   */
  onSignOut?: OnSignOut<TData, TRequest | undefined> | undefined;
}

/**
 * A hook with its types erased, as the handlers hold it: any `OnSignIn` fits, and the one call
 * site passes the request it was given.
 *
 * @internal
 */
export type StoredSignInHook = (context: SignInHookContext<never>) => unknown;

/** @internal As {@link StoredSignInHook}, for `onSignOut`. */
export type StoredSignOutHook = (context: SignOutHookContext<never, never>) => unknown;

/**
 * What `normalizeAuthOptions` reads: the public options with the hooks' types erased, so the
 * fetch handler can hand over hooks whose `request` is a `Request`.
 *
 * @internal
 */
export type AuthOptionsInput = Omit<AuthHandlersOptions, "onSignIn" | "onSignOut"> & {
  onSignIn?: StoredSignInHook | undefined;
  onSignOut?: StoredSignOutHook | undefined;
};

/** @internal The options after defaults and checks. */
export interface NormalizedAuthOptions {
  /** The public function the options were given to, for messages. */
  caller: string;
  verifier: Verifier;
  sessionKind: SessionKind;
  /** Production rules apply (given, or read from NODE_ENV where a `process` exists). */
  production: boolean;
  domain: ExpectedDomain;
  /**
   * With several expected domains (a list of more than one, or a function), each sign-in is
   * bound to its message's domain and reads on another host answer signed out.
   */
  bindSessionToDomain: boolean;
  /** Normalized origins that pass the cross-site rule besides the expected domains. */
  allowedOrigins: ReadonlySet<string>;
  chainId: string | undefined;
  /** Lowercase schemes the message URI may use; `undefined`: any. */
  uriSchemes: readonly string[] | undefined;
  /** Signature checks allowed per pending nonce; `Infinity`: no limit. */
  maxFailedSignatureAttempts: number;
  /**
   * How long the count of a nonce's signature checks is kept: as long as the pending nonce can
   * still be presented, so a spent nonce stays spent (see `attemptCountTtlMs`).
   */
  attemptCountTtlMs: number;
  maxMessageAgeSeconds: number;
  clockSkewSeconds: number;
  nonceTtlMs: number;
  /** How long a consumed nonce is remembered: the whole window in which its message can validate. */
  consumedNonceTtlMs: number;
  nonceStore: NonceStore;
  /** Absolute lifetime of a sign-in, in ms. */
  maxSessionAgeMs: number;
  /** `undefined`: sign-out cannot end copies of a stateless cookie. */
  revocationStore: RevocationStore | undefined;
  /** `undefined`: no revalidation. */
  revalidateAfterMs: number | undefined;
  /** The claims read at sign-in and on revalidation; `undefined`: none configured. */
  claims: ClaimRules | undefined;
  logger: Logger;
  /** Error bodies carry `code`. */
  errorCodes: boolean;
  now: () => number;
  onSignIn: StoredSignInHook | undefined;
  onSignOut: StoredSignOutHook | undefined;
}

/**
 * The default absolute lifetime of a sign-in: 24 hours.
 *
 * @internal
 */
export const DEFAULT_MAX_SESSION_AGE_SECONDS = 86_400;

function isRevocationStore(value: unknown): value is RevocationStore {
  return isObject(value) && typeof value.revoke === "function" && typeof value.isRevoked === "function";
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

function positiveSeconds(fail: (message: string) => never, name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value <= 0) {
    fail(`\`${name}\` must be a positive number of seconds (got ${describeValue(value)}); omit it for the default ${fallback}.`);
  }
  return value;
}

/**
 * Applies defaults once and rejects options the handlers cannot work with. `caller` names the
 * public function in error messages, so a wrapper such as `createFetchHandler` reports its own name.
 *
 * @internal
 */
export function normalizeAuthOptions(options: AuthOptionsInput, caller = "createAuthHandlers"): NormalizedAuthOptions {
  const fail: (message: string) => never = (message) => {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: ${message}`);
  };
  if (!isObject(options))
    fail('pass an options object, e.g. createAuthHandlers({ verifier: createVerifier(), sessionKind: "server-store" }).');
  const { verifier, domain, chainId, nonceStore, logger, now, onSignIn, onSignOut } = options;

  if (!isObject(verifier) || typeof verifier.verify !== "function") {
    fail("`verifier` is missing: pass one created once at start-up, e.g. { verifier: createVerifier() }.");
  }
  const sessionKind = resolveSessionKind(options);
  if (typeof sessionKind !== "string") fail(sessionKind.problem);
  if (chainId !== undefined && (typeof chainId !== "string" || !isCaip2ChainId(chainId))) {
    fail(`\`chainId\` must be a CAIP-2 XRPL chain id such as "xrpl:0" (mainnet) or "xrpl:1" (testnet); got ${describeValue(chainId)}.`);
  }
  const maxMessageAgeSeconds = positiveSeconds(fail, "maxMessageAgeSeconds", options.maxMessageAgeSeconds, 300);
  const nonceTtlSeconds = positiveSeconds(fail, "nonceTtlSeconds", options.nonceTtlSeconds, 300);
  let clockSkewSeconds = 60;
  if (options.clockSkewSeconds !== undefined) {
    const skew: unknown = options.clockSkewSeconds;
    if (typeof skew !== "number" || !Number.isFinite(skew) || skew < 0) {
      fail(`\`clockSkewSeconds\` must be a number of seconds >= 0 (got ${describeValue(skew)}); omit it for the default 60.`);
    }
    clockSkewSeconds = skew;
  }
  if (nonceStore !== undefined && (!isObject(nonceStore) || typeof nonceStore.consume !== "function")) {
    fail("`nonceStore` must have a `consume(nonce, ttlMs)` method: use createMemoryNonceStore() or createRedisNonceStore(client).");
  }
  if (
    logger !== undefined &&
    (!isObject(logger) ||
      typeof logger.warn !== "function" ||
      typeof logger.error !== "function" ||
      (logger.debug !== undefined && typeof logger.debug !== "function"))
  ) {
    fail("`logger` must have `warn` and `error` methods, and `debug` when it has one (`console` fits).");
  }
  if (options.errorCodes !== undefined && typeof options.errorCodes !== "boolean") {
    fail("`errorCodes` must be true (error bodies carry a `code`) or false; omit it for bodies of `{ error }` only.");
  }
  if (now !== undefined && typeof now !== "function") {
    fail("`now` must be a function returning milliseconds since the Unix epoch, e.g. () => Date.now().");
  }
  if (onSignIn !== undefined && typeof onSignIn !== "function") {
    fail("`onSignIn` must be a function, e.g. onSignIn: async ({ address }) => ({ data: { userId: await users.idOf(address) } }).");
  }
  if (onSignOut !== undefined && typeof onSignOut !== "function") {
    fail('`onSignOut` must be a function, e.g. onSignOut: async ({ address }) => audit.log("signed out", address).');
  }
  const maxSessionAgeSeconds = positiveSeconds(fail, "maxSessionAgeSeconds", options.maxSessionAgeSeconds, DEFAULT_MAX_SESSION_AGE_SECONDS);
  let revalidateAfterMs: number | undefined;
  if (options.revalidateAfterSeconds !== undefined) {
    const seconds: unknown = options.revalidateAfterSeconds;
    if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) {
      fail(
        `\`revalidateAfterSeconds\` must be a positive number of seconds such as 300 (got ${describeValue(seconds)}); omit it to turn revalidation off.`,
      );
    }
    if (typeof (verifier as { checkAuthority?: unknown }).checkAuthority !== "function") {
      fail("`revalidateAfterSeconds` needs a verifier with a `checkAuthority` method: pass one made by createVerifier().");
    }
    revalidateAfterMs = seconds * 1000;
  }
  const claims = resolveClaimRules(fail, verifier, options.claims, options.requireClaims);
  let maxFailedSignatureAttempts = MAX_FAILED_VERIFY_ATTEMPTS;
  if (options.maxFailedSignatureAttempts !== undefined) {
    const limit: unknown = options.maxFailedSignatureAttempts;
    if (typeof limit !== "number" || !(limit === Number.POSITIVE_INFINITY || (Number.isInteger(limit) && limit >= 1))) {
      fail(
        `\`maxFailedSignatureAttempts\` must be a whole number of at least 1, or Infinity to turn the limit off (got ${describeValue(limit)}); omit it for the default ${MAX_FAILED_VERIFY_ATTEMPTS}.`,
      );
    }
    maxFailedSignatureAttempts = limit;
  }
  const uriSchemes = resolveUriSchemes(options.uriSchemes);
  if (uriSchemes !== undefined && "problem" in uriSchemes) fail(`\`uriSchemes\` ${uriSchemes.problem}.`);
  const allowedOrigins = resolveAllowedOrigins(caller, options.allowedOrigins);
  const { revocationStore } = options;
  if (revocationStore !== undefined && !isRevocationStore(revocationStore)) {
    fail(
      "`revocationStore` must have `revoke(id, ttlMs)` and `isRevoked(id)` methods: use createMemoryNonceStore(), createRedisNonceStore(client) or createPostgresNonceStore(pool).",
    );
  }
  const { production = isProductionEnvironment() } = options;
  if (typeof production !== "boolean") {
    fail('`production` must be a boolean, e.g. process.env.NODE_ENV === "production"; omit it to read NODE_ENV.');
  }
  const resolvedLogger = logger ?? defaultLogger(production);
  const expectedDomain = resolveExpectedDomain(caller, domain, production, resolvedLogger);
  const resolvedNonceStore = nonceStore ?? createMemoryNonceStore({ logger: resolvedLogger });
  // The nonce store's backend is shared by the instances already, so it keeps the revoked ids too.
  const resolvedRevocationStore = revocationStore ?? (isRevocationStore(resolvedNonceStore) ? resolvedNonceStore : undefined);
  if (resolvedRevocationStore === undefined && sessionKind === "sealed-cookie") {
    resolvedLogger.warn(
      `sign-in-with-xrpl: ${caller}: the nonceStore keeps no revoked ids and no \`revocationStore\` is set, so a copy of a session cookie taken before sign-out stays signed in until its lifetime ends; pass revocationStore (e.g. createRedisNonceStore(client)).`,
    );
  }

  // One logger for the whole sign-in: a verifier created without one writes through this one.
  attachVerifierLogger(verifier, resolvedLogger);
  const clockSkewMs = clockSkewSeconds * 1000;
  const maxSessionAgeMs = maxSessionAgeSeconds * 1000;
  const nonceTtlMs = nonceTtlSeconds * 1000;
  return {
    caller,
    verifier,
    sessionKind,
    production,
    domain: expectedDomain,
    bindSessionToDomain: bindsSessionToDomain(expectedDomain),
    allowedOrigins,
    chainId,
    uriSchemes,
    maxFailedSignatureAttempts,
    attemptCountTtlMs: attemptCountTtlMs(sessionKind, { nonceTtlMs, maxSessionAgeMs, clockSkewMs }),
    maxMessageAgeSeconds,
    clockSkewSeconds,
    nonceTtlMs,
    // A message validates from (issuedAt - skew) until (issuedAt + maxAge + skew): remembering its
    // nonce for maxAge + 2 * skew covers that whole window, so a replay is refused either by the
    // nonce store or by the age rule.
    consumedNonceTtlMs: Math.ceil((maxMessageAgeSeconds + 2 * clockSkewSeconds) * 1000),
    nonceStore: resolvedNonceStore,
    maxSessionAgeMs,
    revocationStore: resolvedRevocationStore,
    revalidateAfterMs,
    claims,
    logger: resolvedLogger,
    errorCodes: options.errorCodes === true,
    now: now ?? Date.now,
    onSignIn,
    onSignOut,
  };
}

/**
 * With several expected domains a session is bound to the one it signed in for. A single domain
 * (a string, or a list of one) needs no binding, and neither does the development default (the
 * loopback names, each its own cookie host).
 */
function bindsSessionToDomain(domain: ExpectedDomain): boolean {
  if (typeof domain === "function") return true;
  return domain !== LOOPBACK_DOMAINS && domain.length > 1;
}

/**
 * How long a nonce's signature checks are counted: as long as its pending nonce can still be
 * presented, plus the clock skew between instances, so a nonce spent by the limit stays spent.
 * - A server-side session refuses a pending nonce older than `nonceTtlSeconds`: that long.
 * - A sealed cookie carries its pending nonce for as long as the cookie unseals, and an old copy
 *   of it can be sent again. The handlers do not see the cookie's lifetime (iron-session's
 *   `ttl`), so they count for the absolute session lifetime (`maxSessionAgeSeconds`, 24 hours by
 *   default): many times the 30 minutes of `sessionCookieOptions`. The fetch handler, which owns
 *   its cookie, uses its exact lifetime instead.
 *
 * @internal
 */
export function attemptCountTtlMs(
  sessionKind: SessionKind,
  lifetimes: { nonceTtlMs: number; maxSessionAgeMs: number; clockSkewMs: number },
): number {
  const usable = sessionKind === "server-store" ? lifetimes.nonceTtlMs : lifetimes.maxSessionAgeMs;
  return Math.ceil(usable + lifetimes.clockSkewMs);
}

/**
 * What a posted sign-in message is validated against: the expected domain and chain from the
 * options only, never from the request; the address posted with the proof; the pending nonce
 * where the caller holds one (a route that looks the nonce up by its value checks it there); the
 * age and clock-skew rules at `requestedAt`. One source for every sign-in route of the library.
 *
 * @internal
 */
export function messageExpectations(
  config: NormalizedAuthOptions,
  posted: { address: string; requestedAt: number; nonce?: string | undefined },
): ValidateOptions {
  return {
    domain: config.domain,
    address: posted.address,
    ...(posted.nonce === undefined ? {} : { nonce: posted.nonce }),
    maxAgeSeconds: config.maxMessageAgeSeconds,
    clockSkewSeconds: config.clockSkewSeconds,
    now: posted.requestedAt,
    ...(config.chainId === undefined ? {} : { chainId: config.chainId }),
    ...(config.uriSchemes === undefined ? {} : { uriSchemes: config.uriSchemes }),
  };
}

/**
 * `validateMessage` against {@link messageExpectations}, with the options checked once: the
 * expected domains, chain, URI schemes and time limits are resolved on the first request (a
 * setting that cannot be resolved throws on every request, as it always has) and each request
 * only sets its address, nonce and time on a copy. Same rules, order and answers.
 *
 * @internal
 */
export function createMessageValidator(
  config: NormalizedAuthOptions,
): (message: SignInMessage, posted: { address: string; requestedAt: number; nonce?: string | undefined }) => ValidationResult {
  let base: ResolvedValidateOptions | undefined;
  return (message, posted) => {
    // A clock that answers something other than a finite time is refused where it always was.
    if (!Number.isFinite(posted.requestedAt)) return validateMessage(message, messageExpectations(config, posted));
    base ??= resolveValidateOptions(messageExpectations(config, { address: "", requestedAt: 0 }));
    return validateResolved(message, { ...base, address: posted.address, nonce: posted.nonce, nowMs: posted.requestedAt });
  };
}
