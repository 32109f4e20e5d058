export { createAuthHandlers } from "./handlers.js";
export type { AuthHandlersOptions } from "./options.js";
export type { AuthVariant, SessionKind } from "./session-kind.js";
export { LOOPBACK_DOMAINS } from "./expected-domain.js";
export type { DomainOption } from "./expected-domain.js";
export { createMemoryNonceStore, DEFAULT_MEMORY_STORE_MAX_ENTRIES } from "./memory-nonce-store.js";
export type { MemoryNonceStoreOptions } from "./memory-nonce-store.js";
export { expressSessionStore } from "./express-session-store.js";
export type { ExpressRequestLike, ExpressSessionLike } from "./express-session-store.js";
export { ironSessionStore } from "./iron-session-store.js";
export type { IronSessionLike, IronSessionStoreOptions } from "./iron-session-store.js";
export { DEFAULT_SESSION_KEY, keyedSessionStore } from "./keyed-session-store.js";
export type { FrameworkSession, KeyedSessionOptions } from "./keyed-session-store.js";
export { ERROR_RESPONSE_CODES } from "./error-responses.js";
export type { ErrorResponseCode, HandlerErrorCode } from "./error-responses.js";
export { DEFAULT_BASE_PATH } from "../shared/base-path.js";
export { sessionCookieOptions } from "./session-cookie-options.js";
export type {
  ExpressSessionCookieOptions,
  IronSessionCookieOptions,
  SealedCookieInput,
  ServerStoreInput,
  SessionCookieInput,
} from "./session-cookie-options.js";
export { MIN_SESSION_SECRET_DISTINCT_CHARACTERS, MIN_SESSION_SECRET_LENGTH, resolveSessionSecret } from "./session-secret.js";
export type { SessionSecretInput } from "./session-secret.js";
export type { AuthHandlers, HandlerResult, NonceStore, RevocationStore, SessionRecord, SessionStore } from "./types.js";
export type { ErrorResult, MeResult, NonceResult, RequirementsNotMetResult, SignOutResult, VerifyResult } from "./results.js";
export type { SessionClaims } from "./session-claims.js";
export { MAX_SESSION_DATA_BYTES, SIGN_IN_REFUSAL_STATUSES } from "./hooks.js";
export type {
  OnSignIn,
  OnSignOut,
  SignInDecision,
  SignInHookContext,
  SignInRefusal,
  SignInRefusalStatus,
  SignOutHookContext,
} from "./hooks.js";
export { getSignedIn } from "./get-signed-in.js";
export type { GetSignedInOptions, SignedInSession } from "./get-signed-in.js";
export { MAX_FAILED_VERIFY_ATTEMPTS } from "./failed-attempts.js";
export type { RequestContext, RequestHeaders, RequestWithHeaders } from "./request-context.js";
