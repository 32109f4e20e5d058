// The plugin's error codes and texts: one place, imported by the endpoints and the hooks.
import { APIError } from "better-auth/api";
import type { ValidationCode } from "../message/types.js";
import type { CheckFailureCode } from "../verify/types.js";
import { ADDRESSES_PATH, NONCE_PATH, UNLINK_PATH } from "./routes.js";

/**
 * The `code` of every error the plugin's endpoints answer with (better-auth puts it next to
 * `message` in the JSON body, and its client in `error.code`): the verifier's
 * `CheckFailureCode` when the proof does not hold, the message rule that failed
 * (`domain_mismatch`, `uri_mismatch`, `chain_mismatch`, `too_old`...), or one of the plugin's
 * own. A body better-auth's validation refuses answers its own `VALIDATION_ERROR`.
 *
 * - `address_linked_to_another_user` (409): a signed-in user proved an address another user has.
 * - `link_disabled` (403): a signed-in user proved an address not theirs, with `linkAccount: false`.
 * - `sign_in_refused`: your `onSignIn` hook refused (with its status and message).
 * - `requirements_not_met` (403): the account does not hold a claim of `requireClaims`; the
 *   body lists them as `missing`.
 * - `not_linked` (404), `last_account` (400), `not_signed_in` (401): answers of the unlink and
 *   list endpoints.
 * - `email_taken` (409): a link confirming a claimed email came after another user took that email.
 * - `invalid_callback_url` (403): the verify body's `callbackURL` is not on better-auth's trusted origins.
 *
 * @example
 * ```ts
 * const { error } = await authClient.xrpl.verify(body);
 * const code = error?.code as XrplSignInErrorCode | undefined;
 * if (code === "domain_mismatch") show("This sign-in request was made for another site.");
 * ```
 */
export type XrplSignInErrorCode =
  | CheckFailureCode
  | ValidationCode
  | "invalid_message"
  | "unknown_nonce"
  | "nonce_expired"
  | "nonce_used"
  | "email_required"
  | "verification_unavailable"
  | "user_being_created"
  | "address_linked_to_another_user"
  | "link_disabled"
  | "sign_in_refused"
  | "requirements_not_met"
  | "not_linked"
  | "last_account"
  | "not_signed_in"
  | "email_taken"
  | "invalid_callback_url"
  | "internal_error";

/** The texts only this plugin answers with; the others come from the HTTP handlers' table. */
export const PLUGIN_TEXT = {
  // The row of a used nonce is gone, so a replay and a made-up nonce look alike here.
  unknownNonce: `Unknown or already used nonce. Request a new one from ${NONCE_PATH}.`,
  emailRequired: "An email is required for the first sign-in of this XRPL account.",
  userBeingCreated: "This account is signing in from another request; try again.",
  addressLinkedToAnotherUser: "This XRPL account is already linked to another user.",
  linkDisabled: "You are already signed in: sign out before signing in with another XRPL account.",
  notSignedIn: `Sign in first: ${UNLINK_PATH} and ${ADDRESSES_PATH} act on the signed-in user.`,
  notLinked: "This XRPL account is not linked to your user.",
  lastAccount: "This is the only way to sign in to your user: link another account before removing it.",
  emailTaken: "This email now belongs to another user, so it cannot be added to this one.",
  invalidCallbackUrl: "`callbackURL` must be a path or a URL on one of this app's trusted origins.",
} as const;

/** The HTTP statuses the plugin answers with. */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 410 | 422 | 423 | 429 | 451 | 500 | 503;

/** @internal A better-auth error with the plugin's code. */
export function refuse(status: RefusalStatus, code: XrplSignInErrorCode, message: string, extra?: { missing: string[] }): APIError {
  return new APIError(status, { code, message, ...extra });
}
