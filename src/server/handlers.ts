import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage, ValidateOptions } from "../message/types.js";
import type { CheckResult } from "../verify/types.js";
import { countFailedAttempt } from "./failed-attempts.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "./options.js";
import { createSessionRules, readSignedInSession, revokeSignedIn, signedInRecord, type SessionRules } from "./session-read.js";
import type { AuthHandlers, HandlerResult, SessionRecord, SessionStore } from "./types.js";
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

function error(status: number, text: string): HandlerResult {
  return { status, body: { error: text } };
}

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
 */
export function createAuthHandlers(options: AuthHandlersOptions): AuthHandlers {
  return buildAuthHandlers(normalizeAuthOptions(options));
}

/**
 * The handlers over options already checked by `normalizeAuthOptions`: the one implementation
 * behind `createAuthHandlers` and the fetch handler, so every rule and text has one source.
 *
 * @internal
 */
export function buildAuthHandlers(config: NormalizedAuthOptions, rules: SessionRules = createSessionRules(config)): AuthHandlers {
  const { sessionKind, logger, now } = config;
  const isStore = sessionKind === "server-store";

  /**
   * A sealed-cookie session answers every unexpected failure with 500; a server-store session
   * answers 400 `Invalid request body.`, except for a fault of the server's own setup (an
   * adapter used without its middleware, a domain function that throws...): that is never the
   * caller's fault, so it is a 500 with the generic text, and the cause goes to the log.
   */
  const unexpected = (where: string, cause: unknown): HandlerResult => {
    if (cause instanceof InvalidOptionsError) {
      logger.error(`sign-in-with-xrpl: the server's setup stopped ${where}; fix the configuration named below.`, cause);
      return error(500, TEXT.internal);
    }
    logger.error(`sign-in-with-xrpl: unexpected failure in ${where}`, cause);
    return isStore ? error(400, TEXT.invalidBody) : error(500, TEXT.internal);
  };

  const nonce = async (session: SessionStore): Promise<HandlerResult> => {
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

  const verify = async (session: SessionStore, request: { body: unknown; host?: string | undefined }): Promise<HandlerResult> => {
    try {
      return await runVerify(config, session, request);
    } catch (cause) {
      return unexpected("verify", cause);
    }
  };

  const signOut = async (session: SessionStore): Promise<HandlerResult> => {
    try {
      // Revoked first: a copy of a stateless cookie would otherwise outlive the destroy below.
      await revokeSignedIn(rules, await session.get());
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
    return { status: 200, body: { ok: true } };
  };

  const me = async (session: SessionStore): Promise<HandlerResult> => {
    try {
      const signedIn = await readSignedInSession(rules, session, { clear: true });
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
 * One verify request, in an order that costs an attacker the most and an honest user nothing:
 * cheap shape checks first, the signature only for a message that would be accepted, and the
 * nonce consumed only once the proof holds. Throws only on unexpected failures.
 */
async function runVerify(
  config: NormalizedAuthOptions,
  session: SessionStore,
  request: { body: unknown; host?: string | undefined },
): Promise<HandlerResult> {
  const isStore = config.sessionKind === "server-store";
  const requestedAt = config.now();

  // 1. The body. A body the HTTP layer could not read as JSON at all is the caller's mistake
  // whatever the session kind, so it is a 400 before anything else.
  if (request?.body === UNREADABLE_BODY) return error(400, TEXT.invalidBody);
  const proof = readVerifyBody(request?.body);
  if (proof === undefined) return isStore ? error(400, TEXT.invalidBody) : error(500, TEXT.internal);

  // 2. A pending nonce.
  const record: SessionRecord = await session.get();
  const pendingNonce = record.pendingNonce;
  if (typeof pendingNonce !== "string" || pendingNonce === "") {
    return error(400, isStore ? TEXT.noPendingNonceStore : TEXT.noPendingNonceCookie);
  }

  // 3. Variant B: a nonce older than the TTL is cleared. A record without an issue time cannot
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
  const failed = async (result: HandlerResult): Promise<HandlerResult> => {
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
  if (!validation.valid) return failed(error(400, validation.reason));

  // 6. The proof. A throwing verifier (ledger node unreachable) is a service failure, not a bad proof.
  let check: CheckResult;
  try {
    check = await checkProof(config, proof);
  } catch (cause) {
    return serviceFailure(config, "the verifier failed", cause);
  }
  if (check.ok !== true) return failed(error(401, TEXT.signatureFailed));

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

  // 8. Signed in: a new session id where the store has ids, then the whole record (with an id of
  // its own and what signed, so it can be revoked and revalidated).
  if (typeof session.regenerate === "function") await session.regenerate();
  await session.set(signedInRecord({ ...check, address: proof.address }, config.now()));
  return { status: 200, body: { ok: true, address: proof.address } };
}

/** The verifier's reasoned answer; a hand-written verifier with only `verify` gets an authority it cannot revalidate. */
async function checkProof(
  config: NormalizedAuthOptions,
  proof: Parameters<NormalizedAuthOptions["verifier"]["verify"]>[0],
): Promise<CheckResult> {
  const { verifier } = config;
  if (typeof verifier.check === "function") return verifier.check(proof);
  return (await verifier.verify(proof)) === true
    ? { ok: true, address: proof.address, signatureKind: proof.signatureKind, authority: "unknown", publicKey: null, algorithm: null }
    : { ok: false, code: "invalid_signature", detail: "The verifier refused the proof." };
}

function serviceFailure(config: NormalizedAuthOptions, what: string, cause: unknown): HandlerResult {
  config.logger.error(`sign-in-with-xrpl: ${what} during verify`, cause);
  return config.sessionKind === "server-store" ? error(500, TEXT.verificationUnavailable) : error(500, TEXT.internal);
}
