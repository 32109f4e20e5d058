import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage, ValidateOptions } from "../message/types.js";
import type { CheckSuccess } from "../verify/types.js";
import { checkProof } from "./check-proof.js";
import { readSignedIn, type SignedInRules } from "./get-signed-in.js";
import { callSignInHook } from "./hooks.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "./options.js";
import type { ErrorResult, MeResult, NonceResult, SignOutResult, VerifyResult } from "./results.js";
import type { AuthHandlers, SessionRecord, SessionStore } from "./types.js";
import { readVerifyBody, UNREADABLE_BODY } from "./verify-body.js";

/**
 * Every error text the handlers answer with: clients and tests match on them, so each is
 * written once, here.
 *
 * @internal
 */
export const TEXT = {
  noPendingNonceCookie: "No pending nonce.",
  noPendingNonceStore: "No pending nonce. Request /nonce first.",
  nonceExpired: "Nonce expired.",
  invalidFormat: "Invalid message format.",
  signatureFailed: "Signature verification failed.",
  nonceUsed: "Nonce has already been used.",
  notAuthenticated: "Not authenticated.",
  internal: "Internal server error.",
  invalidBody: "Invalid request body.",
  verificationUnavailable: "Verification service unavailable.",
} as const;

function error<Status extends number>(status: Status, text: string): ErrorResult<Status> {
  return { status, body: { error: text } };
}

/** What `verify` and `signOut` take besides the session. */
interface VerifyInput {
  body: unknown;
  request?: unknown;
  host?: string | undefined;
}

/**
 * Builds the four route handlers (nonce, verify, sign-out, me) over any `SessionStore`. Options
 * are checked once here (`InvalidOptionsError`); the handlers never throw: every outcome,
 * failures included, is a `{ status, body }` to send as JSON.
 *
 * `variant: "store"` (a server-side session such as express-session): a pending nonce expires
 * after `nonceTtlSeconds`, a malformed body answers 400 `Invalid request body.`, an unreachable
 * ledger 500 `Verification service unavailable.`. `variant: "cookie"` (a sealed cookie such as
 * iron-session): no nonce expiry, 500 `Internal server error.` for every unexpected failure.
 *
 * `onSignIn` can keep app data in the session or refuse a sign-in; `onSignOut` hears of each
 * sign-out. Your routes read the sign-in with `getSignedIn`.
 *
 * @example
 * ```ts
 * import express from "express";
 * import session from "express-session";
 * import { createAuthHandlers, createVerifier, expressSessionStore } from "sign-in-with-xrpl";
 *
 * const handlers = createAuthHandlers({
 *   verifier: createVerifier(),
 *   variant: "store",
 *   domain: process.env.APP_DOMAIN, // e.g. "example.com"; required in production
 *   logger: console,
 * });
 * const app = express();
 * app.use(express.json(), session({ secret: process.env.SESSION_SECRET!, resave: false, saveUninitialized: false }));
 * app.get("/api/auth/nonce", async (req, res) => {
 *   const { status, body } = await handlers.nonce(expressSessionStore(req));
 *   res.status(status).json(body);
 * });
 * app.post("/api/auth/verify", async (req, res) => {
 *   const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body });
 *   res.status(status).json(body);
 * });
 * ```
 *
 * @example
 * ```ts
 * // Keep your user id in the session, refuse suspended accounts.
 * const handlers = createAuthHandlers({
 *   verifier: createVerifier(),
 *   variant: "store",
 *   domain: process.env.APP_DOMAIN,
 *   onSignIn: async ({ address }) => {
 *     const user = await users.findOrCreate(address);
 *     if (user.suspended) return { refuse: { status: 403, message: "This account is suspended." } };
 *     return { data: { userId: user.id } };
 *   },
 * });
 * ```
 */
export function createAuthHandlers<TData = unknown, TRequest = unknown>(options: AuthHandlersOptions<TData, TRequest>): AuthHandlers<TRequest> {
  return buildAuthHandlers(normalizeAuthOptions(options));
}

/**
 * The handlers over options already checked by `normalizeAuthOptions`: the one implementation
 * behind `createAuthHandlers` and the fetch handler, so every rule and text has one source.
 *
 * @internal
 */
export function buildAuthHandlers(config: NormalizedAuthOptions): AuthHandlers {
  const { variant, logger, now } = config;
  const isStore = variant === "store";

  /**
   * A sealed-cookie session answers every unexpected failure with 500; a server-store session
   * answers 400 `Invalid request body.`, except for a fault of the server's own setup (an
   * adapter used without its middleware, a domain function that throws...): that is never the
   * caller's fault, so it is a 500 with the generic text, and the cause goes to the log.
   */
  const unexpected = (where: string, cause: unknown): VerifyResult => {
    if (cause instanceof InvalidOptionsError) {
      logger.error(`sign-in-with-xrpl: the server's setup stopped ${where}; fix the configuration named below.`, cause);
      return error(500, TEXT.internal);
    }
    logger.error(`sign-in-with-xrpl: unexpected failure in ${where}`, cause);
    return isStore ? error(400, TEXT.invalidBody) : error(500, TEXT.internal);
  };

  // Every read of a sign-in applies the same rules (see readSignedIn).
  const rules: SignedInRules = { maxAgeMs: undefined, now };

  const nonce = async (session: SessionStore): Promise<NonceResult> => {
    try {
      const record = await session.get();
      const pendingNonce = generateNonce();
      // The sign-in and its data stay: asking for a nonce while signed in does not sign out.
      await session.set({ ...record, pendingNonce, nonceIssuedAt: now() });
      return { status: 200, body: { nonce: pendingNonce } };
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not store a new nonce in the session", cause);
      return error(500, TEXT.internal);
    }
  };

  const verify = async (session: SessionStore, input: VerifyInput): Promise<VerifyResult> => {
    try {
      return await runVerify(config, session, input);
    } catch (cause) {
      return unexpected("verify", cause);
    }
  };

  const signOut = async (session: SessionStore, input?: { request?: unknown }): Promise<SignOutResult> => {
    // Read before destroying, so the hook hears who signed out and with which data.
    let ended: SessionRecord = {};
    if (config.onSignOut !== undefined) {
      try {
        ended = await session.get();
      } catch (cause) {
        logger.error("sign-in-with-xrpl: could not read the session on sign-out; onSignOut is not called", cause);
      }
    }
    try {
      await session.destroy();
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not destroy the session on sign-out", cause);
    }
    // After the session has ended, so a slow or failing hook cannot keep anyone signed in.
    if (config.onSignOut !== undefined && typeof ended.address === "string" && ended.address !== "") {
      try {
        await config.onSignOut({ address: ended.address, data: ended.data as never, request: input?.request as never });
      } catch (cause) {
        logger.error("sign-in-with-xrpl: onSignOut threw; the session has ended anyway", cause);
      }
    }
    return { status: 200, body: { ok: true } };
  };

  const me = async (session: SessionStore): Promise<MeResult> => {
    try {
      const signedIn = readSignedIn(await session.get(), rules);
      if (signedIn !== null) return { status: 200, body: { address: signedIn.address } };
      return error(401, TEXT.notAuthenticated);
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session", cause);
      return error(500, TEXT.internal);
    }
  };

  return { nonce, verify, signOut, me };
}

/**
 * One sign-in attempt, cheapest and caller-independent checks first: body, pending nonce, message
 * format and rules, the proof, single use, the app's hook, then the session. Throws only on
 * unexpected failures.
 */
async function runVerify(config: NormalizedAuthOptions, session: SessionStore, input: VerifyInput): Promise<VerifyResult> {
  const isStore = config.variant === "store";
  const requestedAt = config.now();

  // 1. The body. A body the HTTP layer could not read as JSON at all is the caller's mistake
  // whatever the session kind, so it is a 400 before anything else.
  if (input?.body === UNREADABLE_BODY) return error(400, TEXT.invalidBody);
  const proof = readVerifyBody(input?.body);
  if (proof === undefined) return isStore ? error(400, TEXT.invalidBody) : error(500, TEXT.internal);

  // 2. A pending nonce.
  const record: SessionRecord = await session.get();
  const pendingNonce = record.pendingNonce;
  if (typeof pendingNonce !== "string" || pendingNonce === "") {
    return error(400, isStore ? TEXT.noPendingNonceStore : TEXT.noPendingNonceCookie);
  }

  // 3. A server-side session: a nonce older than the TTL is cleared. A record without an issue time cannot
  // prove it is fresh, so it counts as expired.
  if (isStore) {
    const issuedAt = record.nonceIssuedAt;
    if (typeof issuedAt !== "number" || !Number.isFinite(issuedAt) || requestedAt - issuedAt > config.nonceTtlMs) {
      const { pendingNonce: _cleared, nonceIssuedAt: _issued, ...rest } = record;
      await session.set(rest);
      return error(400, TEXT.nonceExpired);
    }
  }

  // 4. Parse.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (cause instanceof MessageFormatError) return error(400, TEXT.invalidFormat);
    throw cause;
  }

  // 5. Validate: domain (from the options only, never from the request), the body's address,
  // chain, the session's pending nonce, time rules.
  const validateOptions: ValidateOptions = {
    domain: config.domain,
    address: proof.address,
    nonce: pendingNonce,
    maxAgeSeconds: config.maxMessageAgeSeconds,
    clockSkewSeconds: config.clockSkewSeconds,
    now: requestedAt,
    ...(config.chainId === undefined ? {} : { chainId: config.chainId }),
  };
  const validation = validateMessage(message, validateOptions);
  if (!validation.valid) return error(400, validation.reason);

  // 6. The proof. A throwing verifier (ledger node unreachable) is a service failure, not a bad
  // proof. `check` says which key signed, for the hook; the verifier logs why a proof failed.
  let check: CheckSuccess;
  try {
    const result = await checkProof(config.verifier, proof);
    if (result?.ok !== true) return error(401, TEXT.signatureFailed);
    check = result;
  } catch (cause) {
    return serviceFailure(config, "the verifier failed", cause);
  }

  // 7. Single use, decided by the nonce store only now that the proof holds, so a forged attempt
  // cannot burn someone else's nonce.
  let first: boolean;
  try {
    first = await config.nonceStore.consume(message.nonce, config.consumedNonceTtlMs);
  } catch (cause) {
    return serviceFailure(config, "the nonce store failed", cause);
  }
  if (first !== true) return error(400, TEXT.nonceUsed);

  // 8. The app's word. Only now, with the nonce used up: the hook runs at most once per signed
  // message (a replay or a racing copy never reaches it), and a refused proof cannot be sent
  // again for another answer. A refusal or a failing hook signs nothing in.
  let data: unknown;
  if (config.onSignIn !== undefined) {
    const decision = await callSignInHook(config.onSignIn, { address: proof.address, check, request: input.request });
    if (decision.kind !== "sign-in") {
      await dropUsedNonce(config, session, record);
      if (decision.kind === "refuse") return error(decision.status, decision.message);
      config.logger.error(decision.problem, ...("cause" in decision ? [decision.cause] : []));
      return error(500, TEXT.internal);
    }
    data = decision.data;
  }

  // 9. Signed in: a new session id where the store has ids, then the whole record.
  if (typeof session.regenerate === "function") await session.regenerate();
  await session.set({ address: proof.address, authenticatedAt: config.now(), ...(data === undefined ? {} : { data }) });
  return { status: 200, body: { ok: true, address: proof.address } };
}

/**
 * After a refused sign-in: the session as it was (an earlier sign-in included) without the nonce
 * that is now used up, so it stops offering it.
 */
async function dropUsedNonce(config: NormalizedAuthOptions, session: SessionStore, record: SessionRecord): Promise<void> {
  const { pendingNonce: _used, nonceIssuedAt: _issued, ...rest } = record;
  try {
    await session.set(rest);
  } catch (cause) {
    // The nonce store already refuses it; the refusal is still the answer.
    config.logger.error("sign-in-with-xrpl: could not clear the used nonce from the session after a refused sign-in", cause);
  }
}

function serviceFailure(config: NormalizedAuthOptions, what: string, cause: unknown): ErrorResult<500> {
  config.logger.error(`sign-in-with-xrpl: ${what} during verify`, cause);
  return config.variant === "store" ? error(500, TEXT.verificationUnavailable) : error(500, TEXT.internal);
}
