import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage } from "../message/types.js";
import type { CheckSuccess } from "../verify/types.js";
import { checkProof } from "./check-proof.js";
import { countFailedAttempt } from "./failed-attempts.js";
import { getSignedInOptions, signedInSession, type SignedInSession } from "./get-signed-in.js";
import { callSignInHook } from "./hooks.js";
import { messageExpectations, normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "./options.js";
import type { ErrorResult, MeResult, NonceResult, SignOutResult, VerifyResult } from "./results.js";
import {
  createSessionRules,
  judgeSignedIn,
  readSignedInSession,
  revokeSignedIn,
  signedInRecord,
  type SessionRules,
} from "./session-read.js";
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

/**
 * What `verify` takes besides the session. `messageRules` is for the library's own routes
 * (the OpenID Provider's interaction): rules of that route on the parsed message, checked right
 * after the common validation and answered the same way (400 with the reason, counted as a
 * failed attempt), so a route adds a rule without a second verify pipeline.
 *
 * @internal
 */
export interface VerifyInput {
  body: unknown;
  request?: unknown;
  host?: string | undefined;
  /** The reason the message is refused (the 400 answer's text), or `undefined` when the route's rules hold. */
  messageRules?: ((message: SignInMessage) => string | undefined) | undefined;
}

/**
 * The handlers as the library's own routes use them: `verify` takes the route's message rules too.
 *
 * @internal
 */
export type InternalAuthHandlers = Omit<AuthHandlers, "verify"> & {
  verify(session: SessionStore, input: VerifyInput): Promise<VerifyResult>;
};

/**
 * Builds the four route handlers (nonce, verify, sign-out, me) over any `SessionStore`. Options
 * are checked once here (`InvalidOptionsError`); the handlers never throw: every outcome,
 * failures included, is a `{ status, body }` to send as JSON.
 *
 * `sessionKind: "server-store"` (express-session and other server-side stores): a pending nonce
 * expires after `nonceTtlSeconds`, an unreadable body is 400 `Invalid request body.`, a ledger or
 * nonce store that cannot answer is 500 `Verification service unavailable.`.
 * `sessionKind: "sealed-cookie"` (iron-session): the nonce lives as long as the cookie, and every
 * unexpected failure is 500 `Internal server error.`, so a sealed session never tells an outsider
 * more than that something failed.
 *
 * Sessions end for real, whatever the kind: a sign-in lasts at most `maxSessionAgeSeconds`
 * (24 hours); sign-out, or a new nonce request, revokes the sign-in's id in the revocation store
 * (by default the nonce store), so a copy of the cookie reads as signed out on every instance
 * that shares it; with `revalidateAfterSeconds`, `me` re-checks on the ledger that the key still
 * has authority. After `MAX_FAILED_VERIFY_ATTEMPTS` refused proofs on one pending nonce, the
 * client needs a new nonce.
 *
 * `onSignIn` can keep app data in the session or refuse a sign-in; `onSignOut` hears of each
 * sign-out. Your routes read the sign-in with `handlers.getSignedIn(store)`.
 *
 * @example
 * ```ts
 * import express from "express";
 * import session from "express-session";
 * import { createAuthHandlers, createVerifier, expressSessionStore } from "sign-in-with-xrpl";
 *
 * const handlers = createAuthHandlers({
 *   verifier: createVerifier(),
 *   sessionKind: "server-store",
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
 *   sessionKind: "server-store",
 *   domain: process.env.APP_DOMAIN,
 *   onSignIn: async ({ address }) => {
 *     const user = await users.findOrCreate(address);
 *     if (user.suspended) return { refuse: { status: 403, message: "This account is suspended." } };
 *     return { data: { userId: user.id } };
 *   },
 * });
 * ```
 */
export function createAuthHandlers<TData = unknown, TRequest = unknown>(
  options: AuthHandlersOptions<TData, TRequest>,
): AuthHandlers<TRequest> {
  return buildAuthHandlers(normalizeAuthOptions(options));
}

/**
 * The handlers over options already checked by `normalizeAuthOptions`: the one implementation
 * behind `createAuthHandlers` and the fetch handler, so every rule and text has one source.
 *
 * @internal
 */
export function buildAuthHandlers(config: NormalizedAuthOptions, rules: SessionRules = createSessionRules(config)): InternalAuthHandlers {
  const { sessionKind, logger, now } = config;
  const isStore = sessionKind === "server-store";

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

  const nonce = async (session: SessionStore): Promise<NonceResult> => {
    try {
      const record = await session.get();
      const pendingNonce = generateNonce();
      // A nonce request starts a new sign-in: it never carries a signed-in identity into the new
      // record, so it can neither extend a session nor give a copied cookie a fresh lifetime; the
      // sign-in it replaces is ended everywhere, as a sign-out would.
      await revokeSignedIn(rules, record);
      await session.set({ pendingNonce, nonceIssuedAt: now() });
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
    let record: SessionRecord = {};
    try {
      record = await session.get();
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session on sign-out", cause);
    }
    // Who is signing out, judged before the revocation below: only a live sign-in is reported to
    // onSignOut, so a copy of a cookie already signed out elsewhere is not reported twice.
    let live: SessionRecord | undefined;
    if (config.onSignOut !== undefined) {
      try {
        const verdict = await judgeSignedIn(rules, record);
        if (verdict.signedIn) live = verdict.state.record;
      } catch (cause) {
        logger.error("sign-in-with-xrpl: could not check the session on sign-out; onSignOut is not called", cause);
      }
    }
    try {
      // Revoked first: a copy of a stateless cookie would otherwise outlive the destroy below.
      await revokeSignedIn(rules, record);
    } catch (cause) {
      logger.error(
        "sign-in-with-xrpl: could not revoke the session on sign-out; copies of its cookie stay valid until its lifetime ends",
        cause,
      );
    }
    try {
      await session.destroy();
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not destroy the session on sign-out", cause);
    }
    // After the session has ended, so a slow or failing hook cannot keep anyone signed in.
    if (config.onSignOut !== undefined && live !== undefined && typeof live.address === "string") {
      try {
        await config.onSignOut({ address: live.address, data: live.data as never, request: input?.request as never });
      } catch (cause) {
        logger.error("sign-in-with-xrpl: onSignOut threw; the session has ended anyway", cause);
      }
    }
    return { status: 200, body: { ok: true } };
  };

  // Reads only: unlike `me`, it never destroys an ended session under an app route's feet.
  const getSignedIn = async <TData = unknown>(
    session: SessionStore,
    options?: { maxAgeSeconds?: number | undefined },
  ): Promise<SignedInSession<TData> | null> => {
    const { maxAgeMs } = getSignedInOptions(options, "handlers.getSignedIn");
    const verdict = await judgeSignedIn(rules, await session.get(), { maxAgeMs });
    return verdict.signedIn ? signedInSession<TData>(verdict.state) : null;
  };

  const me = async (session: SessionStore): Promise<MeResult> => {
    try {
      const signedIn = await readSignedInSession(rules, session, { clear: true });
      if (signedIn !== null) return { status: 200, body: { address: signedIn.address } };
      return error(401, TEXT.notAuthenticated);
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session", cause);
      return error(500, TEXT.internal);
    }
  };

  return { nonce, verify, signOut, me, getSignedIn };
}

/**
 * One verify request, in an order that costs an attacker the most and an honest user nothing:
 * cheap shape checks first, the signature only for a message that would be accepted, the nonce
 * consumed only once the proof holds, then the app's hook, then the session. Throws only on
 * unexpected failures.
 */
async function runVerify(config: NormalizedAuthOptions, session: SessionStore, input: VerifyInput): Promise<VerifyResult> {
  const isStore = config.sessionKind === "server-store";
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

  // From here on, a refused proof counts against the pending nonce (the answer keeps its text).
  const failed = async <Result extends VerifyResult>(result: Result): Promise<Result> => {
    await countFailedAttempt(session, record);
    return result;
  };

  // 4. Parse.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (cause instanceof MessageFormatError) return failed(error(400, TEXT.invalidFormat));
    throw cause;
  }

  // 5. Validate: domain (from the options only, never from the request), the body's address,
  // chain, the session's pending nonce, time rules.
  const validation = validateMessage(message, messageExpectations(config, { address: proof.address, nonce: pendingNonce, requestedAt }));
  if (!validation.valid) return failed(error(400, validation.reason));
  const routeRefusal = input.messageRules?.(message);
  if (routeRefusal !== undefined) return failed(error(400, routeRefusal));

  // 6. The proof. A throwing verifier (ledger node unreachable) is a service failure, not a bad
  // proof. `check` says which key signed, for the session and the hook; the verifier logs why a
  // proof failed.
  let check: CheckSuccess;
  try {
    const result = await checkProof(config.verifier, proof);
    if (result?.ok !== true) return failed(error(401, TEXT.signatureFailed));
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
  // Not counted: the proof held, and the nonce went to a sign-in that raced this one (a double
  // click); writing a failure here could overwrite that sign-in's session.
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

  // 9. Signed in: a new session id where the store has ids, then the whole record (with an id of
  // its own and what signed, so it can be revoked and revalidated, and the app's data).
  if (typeof session.regenerate === "function") await session.regenerate();
  const signedIn = signedInRecord({ ...check, address: proof.address }, config.now());
  await session.set(data === undefined ? signedIn : { ...signedIn, data });
  return { status: 200, body: { ok: true, address: proof.address } };
}

/**
 * After a refused sign-in: the session as it was without the nonce that is now used up (and its
 * failure count), so it stops offering it.
 */
async function dropUsedNonce(config: NormalizedAuthOptions, session: SessionStore, record: SessionRecord): Promise<void> {
  const { pendingNonce: _used, nonceIssuedAt: _issued, failedAttempts: _count, ...rest } = record;
  try {
    await session.set(rest);
  } catch (cause) {
    // The nonce store already refuses it; the refusal is still the answer.
    config.logger.error("sign-in-with-xrpl: could not clear the used nonce from the session after a refused sign-in", cause);
  }
}

function serviceFailure(config: NormalizedAuthOptions, what: string, cause: unknown): ErrorResult<500> {
  config.logger.error(`sign-in-with-xrpl: ${what} during verify`, cause);
  return config.sessionKind === "server-store" ? error(500, TEXT.verificationUnavailable) : error(500, TEXT.internal);
}
