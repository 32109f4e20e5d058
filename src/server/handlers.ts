import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { generateNonce, parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage, ValidateOptions } from "../message/types.js";
import { normalizeAuthOptions, type AuthHandlersOptions, type NormalizedAuthOptions } from "./options.js";
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
export function buildAuthHandlers(config: NormalizedAuthOptions): AuthHandlers {
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
      // The address stays: asking for a nonce while signed in does not sign out.
      await session.set({ ...record, pendingNonce, nonceIssuedAt: now() });
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
      await session.destroy();
    } catch (cause) {
      logger.error("sign-in-with-xrpl: could not destroy the session on sign-out", cause);
    }
    return { status: 200, body: { ok: true } };
  };

  const me = async (session: SessionStore): Promise<HandlerResult> => {
    try {
      const record = await session.get();
      if (typeof record.address === "string" && record.address !== "") {
        return { status: 200, body: { address: record.address } };
      }
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

  // 6. The proof. A throwing verifier (ledger node unreachable) is a service failure, not a bad proof.
  let holds: boolean;
  try {
    holds = await config.verifier.verify(proof);
  } catch (cause) {
    return serviceFailure(config, "the verifier failed", cause);
  }
  if (holds !== true) return error(401, TEXT.signatureFailed);

  // 7. Single use, decided by the nonce store only now that the proof holds, so a forged attempt
  // cannot burn someone else's nonce.
  let first: boolean;
  try {
    first = await config.nonceStore.consume(message.nonce, config.consumedNonceTtlMs);
  } catch (cause) {
    return serviceFailure(config, "the nonce store failed", cause);
  }
  if (first !== true) return error(400, TEXT.nonceUsed);

  // 8. Signed in: a new session id where the store has ids, then the whole record.
  if (typeof session.regenerate === "function") await session.regenerate();
  await session.set({ address: proof.address, authenticatedAt: config.now() });
  return { status: 200, body: { ok: true, address: proof.address } };
}

function serviceFailure(config: NormalizedAuthOptions, what: string, cause: unknown): HandlerResult {
  config.logger.error(`sign-in-with-xrpl: ${what} during verify`, cause);
  return config.sessionKind === "server-store" ? error(500, TEXT.verificationUnavailable) : error(500, TEXT.internal);
}
