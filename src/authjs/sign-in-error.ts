import { CredentialsSignin } from "@auth/core/errors";
import type { ValidationCode } from "../message/types.js";
import type { CheckFailureCode } from "../verify/types.js";

/**
 * Why `XrplProvider` refused a sign-in, as Auth.js reports it: the `code` query parameter of the
 * error redirect (`?error=CredentialsSignin&code=nonce_used`) and the `code` that next-auth's
 * `signIn("xrpl", { redirect: false })` resolves with.
 *
 * - `malformed_request`: a credential field is missing or of the wrong kind (`message`,
 *   `address`, `signatureKind` with its `signature` or `txBlob`), or the proof itself is
 *   malformed.
 * - `nonce_missing`: the request carries no nonce cookie this server sealed: the client did not
 *   ask the nonce route first, or the cookie was dropped, altered or sealed with another secret.
 * - `nonce_expired`: the nonce is older than `nonceTtlSeconds`; ask for a new one.
 * - `invalid_message`: the message text is not a sign-in message.
 * - the message rules (`domain_mismatch`, `address_mismatch`, `uri_mismatch`, `chain_mismatch`,
 *   `nonce_mismatch`, `issued_in_future`, `too_old`, `expired`, `not_yet_valid`): see
 *   `validateMessage`.
 * - the proof's failure codes (`invalid_signature`, `key_not_authorized`, ...): see
 *   `CheckFailureCode`.
 * - `nonce_used`: the message was already used to sign in (a replay, or a double submit).
 * - `requirements_not_met`: the account does not hold a claim of `requireClaims` (the detail
 *   names which); nothing is signed in.
 * - `verification_unavailable`: the ledger node or the nonce store could not answer; try again.
 *
 * @example
 * ```ts
 * const result = await signIn("xrpl", { ...proof, redirect: false });
 * const code = result?.code as XrplSignInCode | undefined;
 * if (code === "nonce_expired") startOver();
 * ```
 */
export type XrplSignInCode =
  | "malformed_request"
  | "nonce_missing"
  | "nonce_expired"
  | "invalid_message"
  | ValidationCode
  | CheckFailureCode
  | "nonce_used"
  | "requirements_not_met"
  | "verification_unavailable";

/**
 * The error `XrplProvider` throws from `authorize` when it refuses a sign-in: an Auth.js
 * `CredentialsSignin` whose `code` says why (see `XrplSignInCode`), so Auth.js answers as for any
 * refused credentials and puts the code in its error redirect. `detail` is one sentence for your
 * logs (it names addresses and keys, never the message text); do not show it to users as is.
 *
 * @example
 * ```ts
 * import NextAuth from "next-auth";
 * import { XrplSignInError } from "sign-in-with-xrpl/authjs";
 *
 * export const { handlers } = NextAuth({
 *   providers: [xrpl],
 *   logger: {
 *     error(error) {
 *       if (error instanceof XrplSignInError) metrics.increment(`xrpl_sign_in_refused.${error.code}`);
 *       else console.error(error);
 *     },
 *   },
 * });
 * ```
 */
export class XrplSignInError extends CredentialsSignin {
  /** Why the sign-in was refused; Auth.js puts it in the `code` query parameter. */
  override code: XrplSignInCode;
  /** One sentence for an operator's log. */
  readonly detail: string;

  constructor(code: XrplSignInCode, detail: string) {
    super(`sign-in-with-xrpl: sign-in refused (${code}): ${detail}`);
    this.code = code;
    this.detail = detail;
  }
}
