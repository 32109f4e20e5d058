// Every error answer of the sign-in routes: its text and its code, in one table. The handlers,
// the fetch handler and the integrations read the texts here; a page that asks for codes
// (`errorCodes: true`) gets the code of the same row, so a text and its code never drift apart.
import type { ValidationCode } from "../message/types.js";
import { VALIDATION_REASONS } from "../message/validate.js";
import { CHECK_FAILURE_CODES } from "../verify/check-result.js";
import type { CheckFailureCode } from "../verify/types.js";
import { BODY_LIMIT_BYTES } from "./verify-body.js";

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
  crossSite: "Cross-site request refused.",
  requirementsNotMet: "Account does not meet the sign-in requirements.",
} as const;

/**
 * The answers of the fetch handler's HTTP layer itself (a path or method it has no route for, a
 * body too large to be a sign-in).
 *
 * @internal
 */
export const HTTP_TEXT = {
  notFound: "Not found.",
  methodNotAllowed: "Method not allowed.",
  tooLarge: `Request body too large (limit ${BODY_LIMIT_BYTES / 1024}kb).`,
} as const;

/**
 * The code of an error answer that is not a message rule nor a refused proof: one per text of
 * the routes (both "No pending nonce." texts are `no_pending_nonce`), plus `sign_in_refused`
 * for a refusal of your `onSignIn` hook (its own status and message), and the OpenID Provider's
 * interaction routes' own: `interaction_not_found` (no live authorization for the request) and
 * `resources_mismatch` (the message's resources do not name the relying party).
 * `requirements_not_met` is the 403 of a sign-in whose account does not hold a claim of
 * `requireClaims` (its body also lists them as `missing`).
 *
 * @example
 * ```ts
 * const code: HandlerErrorCode = "nonce_expired"; // "Nonce expired."
 * ```
 */
export type HandlerErrorCode =
  | "no_pending_nonce"
  | "nonce_expired"
  | "invalid_message_format"
  | "nonce_used"
  | "not_authenticated"
  | "internal_error"
  | "invalid_body"
  | "verification_unavailable"
  | "cross_site_request"
  | "not_found"
  | "method_not_allowed"
  | "body_too_large"
  | "sign_in_refused"
  | "interaction_not_found"
  | "resources_mismatch"
  | "requirements_not_met";

/**
 * The `code` of an error body when the handlers are created with `errorCodes: true`: the
 * `check()` failure code of a refused proof (with the text `Signature verification failed.`),
 * the `validateMessage` code of a message rule (with its reason text), or a
 * {@link HandlerErrorCode}. A page can switch on it to show its own words in its own language;
 * the `error` text stays the same.
 *
 * @example
 * ```ts
 * const words: Partial<Record<ErrorResponseCode, string>> = {
 *   too_old: "The sign-in took too long. Please try again.",
 *   key_not_authorized: "This key cannot sign for that account.",
 * };
 * ```
 */
export type ErrorResponseCode = HandlerErrorCode | ValidationCode | CheckFailureCode;

/** The code of each handler text. */
const TEXT_CODES = {
  noPendingNonceCookie: "no_pending_nonce",
  noPendingNonceStore: "no_pending_nonce",
  nonceExpired: "nonce_expired",
  invalidFormat: "invalid_message_format",
  // A refused proof answers the verifier's own code instead; this one is for a proof refused
  // without one (never by the library's verifier).
  signatureFailed: "invalid_signature",
  nonceUsed: "nonce_used",
  notAuthenticated: "not_authenticated",
  internal: "internal_error",
  invalidBody: "invalid_body",
  verificationUnavailable: "verification_unavailable",
  crossSite: "cross_site_request",
  requirementsNotMet: "requirements_not_met",
} as const satisfies Record<keyof typeof TEXT, ErrorResponseCode>;

/** The code of each HTTP-layer text. */
const HTTP_TEXT_CODES = {
  notFound: "not_found",
  methodNotAllowed: "method_not_allowed",
  tooLarge: "body_too_large",
} as const satisfies Record<keyof typeof HTTP_TEXT, HandlerErrorCode>;

const MESSAGE_RULE_CODES = Object.keys(VALIDATION_REASONS) as ValidationCode[];

/**
 * Every {@link ErrorResponseCode}: the handlers' own codes, then the message rules' in the order
 * they are checked, then the `check()` codes. For tests and for a page's translation table.
 *
 * @example
 * ```ts
 * import { ERROR_RESPONSE_CODES } from "sign-in-with-xrpl";
 * const missing = ERROR_RESPONSE_CODES.filter((code) => !(code in myTranslations));
 * ```
 */
export const ERROR_RESPONSE_CODES: readonly ErrorResponseCode[] = [
  "no_pending_nonce",
  "nonce_expired",
  "invalid_message_format",
  "nonce_used",
  "not_authenticated",
  "internal_error",
  "invalid_body",
  "verification_unavailable",
  "cross_site_request",
  "not_found",
  "method_not_allowed",
  "body_too_large",
  "sign_in_refused",
  "interaction_not_found",
  "resources_mismatch",
  "requirements_not_met",
  // The message rules in the order they are checked, then the check() codes not already listed
  // (a proof's address_mismatch is the message rule's code): each list is written once, where
  // the rule lives.
  ...MESSAGE_RULE_CODES,
  ...CHECK_FAILURE_CODES.filter((code) => !(MESSAGE_RULE_CODES as readonly string[]).includes(code)),
];

/**
 * An error body: `{ error }`, and `code` when asked for. Without codes the body is exactly
 * `{ "error": "..." }`, no other key, as clients have always received it.
 *
 * @internal
 */
export type ErrorBody = { error: string; code?: ErrorResponseCode };

/**
 * Builds error bodies for one set of handlers: `errorCodes` decides once whether they carry
 * `code`.
 *
 * @internal
 */
export interface ErrorBodies {
  /** The body of a handler text, with its code. */
  text(key: keyof typeof TEXT): ErrorBody;
  /** The body of an HTTP-layer text, with its code. */
  http(key: keyof typeof HTTP_TEXT): ErrorBody;
  /** Any text with the code that names it (a message rule's reason, a refused proof, a hook's refusal). */
  coded(text: string, code: ErrorResponseCode): ErrorBody;
}

/** @internal */
export function errorBodies(errorCodes: boolean): ErrorBodies {
  const coded = (text: string, code: ErrorResponseCode): ErrorBody => (errorCodes ? { error: text, code } : { error: text });
  return {
    text: (key) => coded(TEXT[key], TEXT_CODES[key]),
    http: (key) => coded(HTTP_TEXT[key], HTTP_TEXT_CODES[key]),
    coded,
  };
}
