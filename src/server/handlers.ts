import { InvalidOptionsError, LedgerUnavailableError, MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage } from "../message/index.js";
import type { SignInMessage } from "../message/types.js";
import type { CheckSuccess } from "../verify/types.js";
import { checkProof } from "./check-proof.js";
import { createAttemptCounter, type AttemptCounter } from "./failed-attempts.js";
import { getSignedInOptions, signedInSession, type SignedInSession } from "./get-signed-in.js";
import { callSignInHook } from "./hooks.js";
import { createMessageValidator, normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "./options.js";
import { headerValue, headersOf, isCrossSiteRequest, requestHost, type RequestContext, type RequestHeaders } from "./request-context.js";
import { errorBodies, TEXT, type ErrorBodies, type ErrorResponseCode } from "./error-responses.js";
import { ruleRefusalLine } from "./refusal-log.js";
import type { ErrorResult, MeResult, NonceResult, SignOutResult, VerifyResult } from "./results.js";
import {
  createSessionRules,
  judgeSignedIn,
  readSignedInSession,
  revokeSignedIn,
  signedInRecord,
  type ReadPlace,
  type SessionRules,
} from "./session-read.js";
import { missingClaims, type ClaimRules, type SessionClaims } from "./session-claims.js";
import type { AuthHandlers, SessionRecord, SessionStore } from "./types.js";
import { inspectVerifyBody, UNREADABLE_BODY } from "./verify-body.js";
import { isPromise } from "../shared/is-promise.js";
import { syncTwinOf } from "../verify/sync-twin.js";
import { logDebug } from "../shared/logger.js";

// The texts live with their codes; re-exported here, where the integrations have always found them.
export { TEXT } from "./error-responses.js";

/**
 * What `verify` takes besides the session. `messageRules` is for the library's own routes
 * (the OpenID Provider's interaction): rules of that route on the parsed message, checked right
 * after the common validation and answered as a validation failure is (400 with the reason; the
 * pending nonce is kept), so a route adds a rule without a second verify pipeline.
 *
 * @internal
 */
export interface VerifyInput {
  body: unknown;
  request?: unknown;
  headers?: RequestHeaders | undefined;
  host?: string | undefined;
  /** Why the message is refused (the 400 answer's text and code), or `undefined` when the route's rules hold. */
  messageRules?: ((message: SignInMessage) => { reason: string; code: ErrorResponseCode } | undefined) | undefined;
}

/** A read's place where no sign-in is bound to a domain: never looked at, so the request's host is not read. */
const UNBOUND_PLACE: ReadPlace = { host: undefined };

/** Where a read happens, from a call's input: the host its request was sent to (read only where sign-ins are bound to a domain). */
function placeOf(rules: SessionRules, input: unknown): ReadPlace {
  return rules.bindSessionToDomain ? { host: requestHost(input) } : UNBOUND_PLACE;
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
 * Pass every call its request (`{ request: req }`): the nonce, verify and sign-out routes refuse
 * a request whose `Origin` or `Sec-Fetch-Site` header says another site sent it (403
 * `Cross-site request refused.`, the session untouched) unless `allowedOrigins` lists that
 * origin, and with several domains a sign-in counts only on the host it was made for, which
 * `me` and `getSignedIn` learn from the request.
 *
 * A nonce request keeps a live sign-in: the user stays signed in while a new sign-in is under
 * way. Sessions end for real, whatever the kind: a sign-in lasts at most `maxSessionAgeSeconds`
 * (24 hours) from when it was made; sign-out revokes the sign-in's id in the revocation store (by
 * default the nonce store), so a copy of the cookie reads as signed out on every instance that
 * shares it; with `revalidateAfterSeconds`, `me` re-checks on the ledger that the key still has
 * authority. A message that does not parse or validate keeps the pending nonce; after
 * `maxFailedSignatureAttempts` (5) signature checks on one pending nonce, counted in the nonce
 * store, the client needs a new nonce.
 *
 * `onSignIn` can keep app data in the session or refuse a sign-in; `onSignOut` hears of each
 * sign-out. Your routes read the sign-in with `handlers.getSignedIn(store, { request })`.
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
 *   const { status, body } = await handlers.nonce(expressSessionStore(req), { request: req });
 *   res.status(status).json(body);
 * });
 * app.post("/api/auth/verify", async (req, res) => {
 *   const { status, body } = await handlers.verify(expressSessionStore(req), { body: req.body, request: req });
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
): AuthHandlers<TRequest, TData> {
  // The hooks' types are erased inside; the data a read answers is what `onSignIn` stored.
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
  const countAttempt = createAttemptCounter(config, config.caller);
  const bodies = errorBodies(config.errorCodes);
  const error = <Status extends number>(status: Status, key: keyof typeof TEXT): ErrorResult<Status> => ({
    status,
    body: bodies.text(key),
  });
  const verifySteps: VerifySteps = { config, rules, countAttempt, bodies, error, validate: createMessageValidator(config) };

  /**
   * A sealed-cookie session answers every unexpected failure with 500; a server-store session
   * answers 400 `Invalid request body.`, except for a fault of the server's own setup (an
   * adapter used without its middleware, a domain function that throws...): that is never the
   * caller's fault, so it is a 500 with the generic text, and the cause goes to the log.
   */
  const unexpected = (where: string, cause: unknown): VerifyResult => {
    if (cause instanceof InvalidOptionsError) {
      logger.error(`sign-in-with-xrpl: the server's setup stopped ${where}; fix the configuration named below.`, cause);
      return error(500, "internal");
    }
    logger.error(`sign-in-with-xrpl: unexpected failure in ${where}`, cause);
    return isStore ? error(400, "invalidBody") : error(500, "internal");
  };

  /**
   * `true` when the request says another site sent it. A `domain` function that throws while
   * judging the `Origin` is the server's fault: it rejects, and the caller answers 500.
   */
  const crossSite = (input: unknown): boolean => isCrossSiteRequest(config, input);

  const nonce = async (session: SessionStore, input?: RequestContext): Promise<NonceResult> => {
    try {
      // Before the session is read: a refused request changes nothing.
      if (crossSite(input)) return error(403, "crossSite");
      // A store that answers at once (the fetch handler's sealed cookie) is not waited on.
      const got = session.get();
      const record = isPromise(got) ? await got : got;
      const pendingNonce = generateNonce();
      // A live sign-in stays (the user is still signed in while a new sign-in is under way; its
      // lifetime still counts from its own sign-in time, and its id stays, so a later sign-out
      // ends every copy). One that has ended (revoked, past its lifetime, its key's authority
      // gone, made on another host, or an old record) is not carried into the new record. A
      // record without a sign-in (the usual first request) has nothing to judge.
      let signedIn = false;
      if (hasSignIn(record)) {
        const judged = judgeSignedIn(rules, record, { place: placeOf(rules, input) });
        signedIn = (isPromise(judged) ? await judged : judged).signedIn;
      }
      const next: SessionRecord = signedIn ? signInFields(record) : {};
      next.pendingNonce = pendingNonce;
      next.nonceIssuedAt = now();
      const written = session.set(next);
      if (isPromise(written)) await written;
      return { status: 200, body: { nonce: pendingNonce } };
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not store a new nonce in the session", cause);
      return error(500, "internal");
    }
  };

  const verify = async (session: SessionStore, input: VerifyInput): Promise<VerifyResult> => {
    try {
      if (crossSite(input)) return error(403, "crossSite");
      return await runVerify(verifySteps, session, input);
    } catch (cause) {
      return unexpected("verify", cause);
    }
  };

  const signOut = async (
    session: SessionStore,
    input?: { request?: unknown; headers?: RequestHeaders | undefined },
  ): Promise<SignOutResult> => {
    try {
      // A page of another site cannot sign the user out: the session is left untouched.
      if (crossSite(input)) return error(403, "crossSite");
    } catch (cause) {
      logger.error("sign-in-with-xrpl: the server's setup stopped sign-out; fix the configuration named below.", cause);
      return error(500, "internal");
    }
    let record: SessionRecord = {};
    try {
      const got = session.get();
      record = isPromise(got) ? await got : got;
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session on sign-out", cause);
    }
    // Who is signing out, judged before the revocation below: only a live sign-in is reported to
    // onSignOut, so a copy of a cookie already signed out elsewhere is not reported twice.
    let live: SessionRecord | undefined;
    if (config.onSignOut !== undefined) {
      try {
        const judged = judgeSignedIn(rules, record, { place: { anyHost: true } });
        const verdict = isPromise(judged) ? await judged : judged;
        if (verdict.signedIn) live = verdict.state.record;
      } catch (cause) {
        logger.error("sign-in-with-xrpl: could not check the session on sign-out; onSignOut is not called", cause);
      }
    }
    const revokeFailed = (cause: unknown): void => {
      logger.error(
        "sign-in-with-xrpl: could not revoke the session on sign-out; copies of its cookie stay valid until its lifetime ends",
        cause,
      );
    };
    // At once when the revocation store answers at once; a failure is logged, never thrown.
    const revoke = (): void | Promise<void> => {
      try {
        const revoked = revokeSignedIn(rules, record);
        if (isPromise(revoked)) return revoked.catch(revokeFailed);
      } catch (cause) {
        revokeFailed(cause);
      }
    };
    // A sealed cookie carries its record: revoked first, or a copy would outlive the destroy below.
    // A server-store record is deleted by the destroy, which ends every copy of its cookie (they
    // hold only its id), so it is revoked only when the destroy fails: no revocation entry per
    // sign-out.
    if (!isStore) {
      const revoked = revoke();
      if (isPromise(revoked)) await revoked;
    }
    try {
      const destroyed = session.destroy();
      if (isPromise(destroyed)) await destroyed;
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not destroy the session on sign-out", cause);
      if (isStore) {
        const revoked = revoke();
        if (isPromise(revoked)) await revoked;
      }
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
    options?: { maxAgeSeconds?: number | undefined } & RequestContext,
  ): Promise<SignedInSession<TData> | null> => {
    const { maxAgeMs } = getSignedInOptions(options, "handlers.getSignedIn");
    const verdict = await judgeSignedIn(rules, await session.get(), { maxAgeMs, place: placeOf(rules, options) });
    return verdict.signedIn ? signedInSession<TData>(verdict.state) : null;
  };

  const me = async (session: SessionStore, input?: RequestContext): Promise<MeResult> => {
    try {
      const signedIn = await readSignedInSession(rules, session, { clear: true, place: placeOf(rules, input) });
      if (signedIn !== null) {
        // Exactly `{ address }` without claims configured, as clients have always received it.
        if (signedIn.claims === undefined) return { status: 200, body: { address: signedIn.address } };
        return { status: 200, body: { address: signedIn.address, claims: { ...signedIn.claims } } };
      }
      return error(401, "notAuthenticated");
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not read the session", cause);
      return error(500, "internal");
    }
  };

  return { nonce, verify, signOut, me, getSignedIn };
}

/** Whether a record names a signed-in address: without one, `judgeSignedIn` answers "not signed in" at once. */
function hasSignIn(record: SessionRecord): boolean {
  return typeof record.address === "string" && record.address !== "";
}

/** The fields of a record that belong to its sign-in: all but the pending nonce (and the old attempt count). */
function signInFields(record: SessionRecord): SessionRecord {
  const { pendingNonce: _nonce, nonceIssuedAt: _issued, failedAttempts: _count, ...signIn } = record;
  return signIn;
}

/** What every verify request of one set of handlers shares, built once with them. */
interface VerifySteps {
  config: NormalizedAuthOptions;
  rules: SessionRules;
  countAttempt: AttemptCounter | undefined;
  bodies: ErrorBodies;
  error: <Status extends number>(status: Status, key: keyof typeof TEXT) => ErrorResult<Status>;
  validate: ReturnType<typeof createMessageValidator>;
}

/**
 * One verify request, in an order that costs an attacker the most and an honest user nothing:
 * cheap shape checks first, the signature only for a message that would be accepted (counted
 * against the nonce before it is judged), the nonce consumed only once the proof holds, then the
 * app's hook, then the session. Throws only on unexpected failures.
 */
async function runVerify(steps: VerifySteps, session: SessionStore, input: VerifyInput): Promise<VerifyResult> {
  const { config, rules, countAttempt, bodies, error } = steps;
  const isStore = config.sessionKind === "server-store";
  const requestedAt = config.now();
  const noPendingNonce = (): ErrorResult<400> => error(400, isStore ? "noPendingNonceStore" : "noPendingNonceCookie");

  // 1. The body. A body the HTTP layer could not read as JSON at all is the caller's mistake
  // whatever the session kind, so it is a 400 before anything else.
  if (input?.body === UNREADABLE_BODY) return error(400, "invalidBody");
  const read = inspectVerifyBody(input?.body);
  if (!read.ok) {
    reportUnreadBody(config, input);
    return isStore ? error(400, "invalidBody") : error(500, "internal");
  }
  const proof = read.request;

  // 2. A pending nonce.
  // A store that answers at once (the fetch handler's sealed cookie, a plain object) is not waited on.
  const got = session.get();
  const record: SessionRecord = isPromise(got) ? await got : got;
  const pendingNonce = record.pendingNonce;
  if (typeof pendingNonce !== "string" || pendingNonce === "") return noPendingNonce();

  // 3. A server-side session: a nonce older than the TTL is cleared. A record without an issue time cannot
  // prove it is fresh, so it counts as expired.
  if (isStore) {
    const issuedAt = record.nonceIssuedAt;
    if (typeof issuedAt !== "number" || !Number.isFinite(issuedAt) || requestedAt - issuedAt > config.nonceTtlMs) {
      await session.set(withoutPendingNonce(record));
      return error(400, "nonceExpired");
    }
  }

  // 4. Parse. A refusal here and in 5 keeps the pending nonce and counts nothing: the client may
  // fix its clock or its domain and try again, and nothing costly was attempted.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (!(cause instanceof MessageFormatError)) throw cause;
    logDebug(
      config.logger,
      `sign-in-with-xrpl: sign-in refused: the message does not parse (400 "${TEXT.invalidFormat}"): ${cause.issues
        .slice(0, 3)
        .map((issue) => `${issue.code} (line ${issue.line}): ${issue.message}`)
        .join(
          "; ",
        )}. Build it with createMessage (the browser client does), or run npx sign-in-with-xrpl explain < verify-body.json for the whole list.`,
    );
    return error(400, "invalidFormat");
  }

  // 5. Validate: domain (from the options only, never from the request), the body's address,
  // URI scheme, chain, the session's pending nonce, time rules.
  const validation = steps.validate(message, { address: proof.address, nonce: pendingNonce, requestedAt });
  if (!validation.valid) {
    logDebug(
      config.logger,
      ruleRefusalLine(validation.code, validation.reason, message, config, { address: proof.address, nonce: pendingNonce, requestedAt }),
    );
    return { status: 400, body: bodies.coded(validation.reason, validation.code) };
  }
  const routeRefusal = input.messageRules?.(message);
  if (routeRefusal !== undefined) {
    logDebug(config.logger, `sign-in-with-xrpl: refused a message by the route's own rule (${routeRefusal.code}): ${routeRefusal.reason}`);
    return { status: 400, body: bodies.coded(routeRefusal.reason, routeRefusal.code) };
  }

  // 6. Count this signature check against the pending nonce, in the store every instance shares,
  // before the proof is judged: however many requests race on one nonce, at most the limit are
  // judged. Past the limit the nonce is spent: the session stops offering it, and the answer is
  // the one of a session without a pending nonce.
  let attempts = 0;
  if (countAttempt !== undefined) {
    try {
      const counted = countAttempt(pendingNonce);
      // A count at once from the memory store; anything else is awaited as it always was.
      attempts = typeof counted === "number" ? counted : await counted;
    } catch (cause) {
      return serviceFailure(config, bodies, "the nonce store failed to count a signature attempt", cause);
    }
    if (attempts > config.maxFailedSignatureAttempts) {
      await dropPendingNonce(config, session, record);
      return noPendingNonce();
    }
  }

  // 7. The proof. A throwing verifier (ledger node unreachable) is a service failure, not a bad
  // proof, and keeps the nonce. `check` says which key signed, for the session and the hook; the
  // verifier logs why a proof failed. A refused proof that used the last attempt spends the nonce
  // (the answer keeps its own text).
  let check: CheckSuccess;
  try {
    const checked = checkProof(config.verifier, proof);
    const result = isPromise(checked) ? await checked : checked;
    if (result?.ok !== true) {
      if (attempts >= config.maxFailedSignatureAttempts) await dropPendingNonce(config, session, record);
      return { status: 401, body: result?.ok === false ? bodies.coded(TEXT.signatureFailed, result.code) : bodies.text("signatureFailed") };
    }
    check = result;
  } catch (cause) {
    return serviceFailure(config, bodies, "the verifier failed", cause);
  }

  // 8. Single use, decided by the nonce store only now that the proof holds, so a forged attempt
  // cannot burn someone else's nonce.
  let first: boolean;
  try {
    // The session's copy, equal to the message's (step 5 checked it): the message's is a slice of
    // the message text, and a memory store would keep the whole text alive for the nonce's TTL.
    const { nonceStore } = config;
    const consumeNow = syncTwinOf(nonceStore, "consume");
    const consumed =
      consumeNow !== undefined
        ? consumeNow(pendingNonce, config.consumedNonceTtlMs)
        : nonceStore.consume(pendingNonce, config.consumedNonceTtlMs);
    first = typeof consumed === "boolean" ? consumed : await consumed;
  } catch (cause) {
    return serviceFailure(config, bodies, "the nonce store failed", cause);
  }
  // The proof held, and the nonce went to a sign-in that raced this one (a double click);
  // writing here could overwrite that sign-in's session.
  if (first !== true) return error(400, "nonceUsed");

  // 9. The ledger claims, read only now that the proof holds and its nonce is used up, so a forged
  // or replayed proof costs no ledger look-up. A required one that does not hold signs nothing in.
  let claims: SessionClaims | undefined;
  let claimsReadAt: number | undefined;
  if (config.claims !== undefined) {
    const read = await readSignInClaims(config.claims, proof.address);
    if (read.kind !== "read") {
      await dropPendingNonce(config, session, record);
      if (read.kind === "unavailable") return serviceFailure(config, bodies, "the ledger could not answer the claims", read.cause);
      config.logger.error(
        `sign-in-with-xrpl: reading the claims of ${proof.address} failed (a custom claim that threw?); nothing was signed in`,
        read.cause,
      );
      return error(500, "internal");
    }
    claims = read.claims;
    claimsReadAt = config.now();
    const missing = missingClaims(config.claims, claims);
    if (missing.length > 0) {
      await dropPendingNonce(config, session, record);
      logDebug(
        config.logger,
        `sign-in-with-xrpl: sign-in refused for ${proof.address}: required claims do not hold: ${missing.join(", ")} (403 "${TEXT.requirementsNotMet}")`,
      );
      return { status: 403, body: { ...bodies.text("requirementsNotMet"), missing } };
    }
  }

  // 10. The app's word. Only now, with the nonce used up: the hook runs at most once per signed
  // message (a replay or a racing copy never reaches it), and a refused proof cannot be sent
  // again for another answer. A refusal or a failing hook signs nothing in.
  let data: unknown;
  if (config.onSignIn !== undefined) {
    const decision = await callSignInHook(config.onSignIn, {
      address: proof.address,
      check,
      request: input.request,
      ...(claims === undefined ? {} : { claims: { ...claims } }),
    });
    if (decision.kind !== "sign-in") {
      await dropPendingNonce(config, session, record);
      if (decision.kind === "refuse") return { status: decision.status, body: bodies.coded(decision.message, "sign_in_refused") };
      config.logger.error(decision.problem, ...("cause" in decision ? [decision.cause] : []));
      return error(500, "internal");
    }
    data = decision.data;
  }

  // 11. Signed in. The sign-in this one replaces (a user who signed in again, or as another
  // account, without signing out) is ended everywhere, so a later sign-out still ends every copy
  // of the session: a sealed cookie's by revoking its id; a server-store record is replaced
  // below (a new session id, the old record destroyed), which ends it without a revocation
  // entry. Then the whole record (with an id of its own, what signed, the domain it signed in
  // for, and the app's data).
  try {
    if (!isStore) {
      const revoked = revokeSignedIn(rules, record);
      if (isPromise(revoked)) await revoked;
    }
  } catch (cause) {
    config.logger.error(
      "sign-in-with-xrpl: could not revoke the sign-in a new one replaces; copies of its cookie stay valid until its lifetime ends",
      cause,
    );
  }
  if (typeof session.regenerate === "function") {
    const regenerated = session.regenerate();
    if (isPromise(regenerated)) await regenerated;
  }
  const signedIn = signedInRecord({ ...check, address: proof.address }, config.now(), message.domain);
  if (claims !== undefined && claimsReadAt !== undefined) {
    signedIn.claims = { ...claims };
    signedIn.claimsReadAt = claimsReadAt;
  }
  const written = session.set(data === undefined ? signedIn : { ...signedIn, data });
  if (isPromise(written)) await written;
  return { status: 200, body: { ok: true, address: proof.address } };
}

/**
 * The claims of an account that signs in: read through the verifier; `unavailable` when the
 * ledger cannot answer (the same answer as any ledger outage during verify); `failed` for
 * anything else (a custom claim that threw, a definition the verifier refuses): the server's
 * own fault, answered as one.
 *
 * @internal
 */
export async function readSignInClaims(
  rules: ClaimRules,
  address: string,
): Promise<{ kind: "read"; claims: SessionClaims } | { kind: "unavailable"; cause: unknown } | { kind: "failed"; cause: unknown }> {
  try {
    return { kind: "read", claims: await rules.read(address) };
  } catch (cause) {
    return cause instanceof LedgerUnavailableError ? { kind: "unavailable", cause } : { kind: "failed", cause };
  }
}

/** The record without its pending nonce (a live sign-in and the app's data stay). */
function withoutPendingNonce(record: SessionRecord): SessionRecord {
  const { pendingNonce: _nonce, nonceIssuedAt: _issued, failedAttempts: _count, ...rest } = record;
  return rest;
}

/**
 * After a refused sign-in or a spent nonce: the session as it was without the pending nonce, so
 * it stops offering it. A failure to write is logged: the nonce store refuses the nonce anyway
 * (used, or counted past the limit), and the refusal is still the answer.
 */
async function dropPendingNonce(config: NormalizedAuthOptions, session: SessionStore, record: SessionRecord): Promise<void> {
  try {
    await session.set(withoutPendingNonce(record));
  } catch (cause) {
    config.logger.error("sign-in-with-xrpl: could not clear a spent nonce from the session", cause);
  }
}

function serviceFailure(config: NormalizedAuthOptions, bodies: ErrorBodies, what: string, cause: unknown): ErrorResult<500> {
  config.logger.error(`sign-in-with-xrpl: ${what} during verify`, cause);
  return { status: 500, body: bodies.text(config.sessionKind === "server-store" ? "verificationUnavailable" : "internal") };
}

/**
 * A body the handlers cannot read. When the request says it sent JSON and the body is
 * `undefined`, no body parser ran: the most common setup mistake on Express, said at `warn`
 * with the fix. Any other unreadable body is the caller's, said at `debug` with the field.
 */
function reportUnreadBody(config: NormalizedAuthOptions, input: VerifyInput | undefined): void {
  const body = input?.body;
  if (body === undefined && isJsonContentType(headerValue(headersOf(input), "content-type"))) {
    config.logger.warn(
      `sign-in-with-xrpl: ${config.caller}: a POST /verify request was sent as JSON (Content-Type: application/json) but the body given to handlers.verify is undefined: mount express.json() (or your framework's JSON body parser) before the sign-in routes, and pass { body: req.body }.`,
    );
    return;
  }
  const read = inspectVerifyBody(body);
  if (!read.ok) logDebug(config.logger, `sign-in-with-xrpl: sign-in refused: ${read.problem} ("${TEXT.invalidBody}")`);
}

function isJsonContentType(value: string | undefined): boolean {
  if (value === undefined) return false;
  const type = value.split(";")[0]!.trim().toLowerCase();
  return type === "application/json" || type.endsWith("+json");
}
