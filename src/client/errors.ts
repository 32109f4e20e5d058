import { SignInError, type SignInStep } from "../errors.js";
import type { ErrorResponseCode } from "../server/error-responses.js";

export type { SignInStep } from "../errors.js";

const STEP_TEXT: Record<SignInStep, string> = {
  address: "asking the wallet for its address",
  nonce: "requesting a nonce",
  message: "creating the sign-in message",
  sign: "asking the wallet to sign",
  verify: "verifying the signature",
  signOut: "signing out",
  me: "reading the current session",
};

/** Human words for a step, used in error messages ("requesting a nonce"). @internal */
export function describeStep(step: SignInStep): string {
  return STEP_TEXT[step];
}

/**
 * The wallet refused or failed: it threw while giving its address or signing, or answered
 * something that is not an address or a proof. `step` is `"address"` or `"sign"`; `cause` holds
 * what the wallet threw.
 *
 * @example
 * ```ts
 * import { WalletError } from "sign-in-with-xrpl/client";
 * try {
 *   await controller.signIn();
 * } catch (error) {
 *   if (error instanceof WalletError) showHint("The wallet did not sign. Try again?");
 * }
 * ```
 */
export class WalletError extends SignInError {
  declare readonly code: "wallet_error";
  /** The step the wallet failed at. */
  readonly step: "address" | "sign";
  /**
   * Why, when the wallet said so: `"refused"` (the user declined or closed the prompt),
   * `"locked"` (the wallet must be unlocked first), `"unavailable"` (not installed, or its SDK is
   * missing), `"failed"` (it answered something unusable). Undefined when a custom wallet threw.
   */
  readonly reason: WalletFailureReason | undefined;

  constructor(step: "address" | "sign", message: string, options?: { cause?: unknown; reason?: WalletFailureReason }) {
    super("wallet_error", message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.step = step;
    this.reason = options?.reason;
  }
}

/**
 * Why a wallet failed, as `WalletError.reason` says it: the user `"refused"`, the wallet is
 * `"locked"`, `"unavailable"` (not installed, its SDK missing) or it `"failed"` (an unusable answer).
 *
 * @example
 * ```ts
 * const hint: Record<WalletFailureReason, string> = {
 *   refused: "You declined in the wallet.", locked: "Unlock your wallet first.",
 *   unavailable: "Install the wallet extension.", failed: "The wallet answered something unexpected.",
 * };
 * ```
 */
export type WalletFailureReason = "refused" | "locked" | "unavailable" | "failed";

/**
 * The server answered, and the answer was no: a non-2xx status (nonce, verify, sign-out, me) or a
 * 2xx answer without the expected content. `status` is the HTTP status when known; `serverError`
 * is the server's `{ error }` text (or its body text) when it gave one; `serverCode` is the
 * body's `code` when the server sends codes (`errorCodes: true`), for a page that shows its own
 * words.
 *
 * @example
 * ```ts
 * import { ServerRejectedError } from "sign-in-with-xrpl/client";
 * try {
 *   await controller.signIn();
 * } catch (error) {
 *   if (error instanceof ServerRejectedError && error.status === 429) showHint("Too many attempts.");
 * }
 * ```
 *
 * @example
 * ```ts
 * // With errorCodes: true on the server: your own words, in your language.
 * const words: Record<string, string> = { too_old: "Zu langsam signiert. Bitte erneut versuchen." };
 * controller.signIn().catch((error) => {
 *   if (error instanceof ServerRejectedError) showHint(words[error.serverCode ?? ""] ?? error.message);
 * });
 * ```
 */
export class ServerRejectedError extends SignInError {
  declare readonly code: "server_rejected";
  /** The step the server refused. */
  readonly step: SignInStep;
  /** HTTP status, when the answer came over HTTP. */
  readonly status: number | undefined;
  /** The server's error text, when it gave one. */
  readonly serverError: string | undefined;
  /** The server's error `code`, when it sends codes: an `ErrorResponseCode` from this library's handlers. */
  readonly serverCode: ErrorResponseCode | (string & {}) | undefined;

  constructor(
    step: SignInStep,
    details: { status?: number | undefined; serverError?: string | undefined; serverCode?: string | undefined },
    options?: { cause?: unknown },
  ) {
    const status = details.status === undefined ? "" : ` (HTTP ${details.status})`;
    const text = details.serverError === undefined || details.serverError === "" ? "" : `: ${details.serverError}`;
    super("server_rejected", `Server said no while ${STEP_TEXT[step]}${status}${text}`, options);
    this.step = step;
    this.status = details.status;
    this.serverError = details.serverError;
    this.serverCode = details.serverCode;
  }
}

/**
 * No answer from the server: `fetch` itself failed (offline, DNS, CORS, connection reset).
 * `cause` holds the error `fetch` threw.
 *
 * @example
 * ```ts
 * import { NetworkError } from "sign-in-with-xrpl/client";
 * try {
 *   await adapter.getNonce();
 * } catch (error) {
 *   if (error instanceof NetworkError) showHint("You seem to be offline.");
 * }
 * ```
 */
export class NetworkError extends SignInError {
  declare readonly code: "network_error";
  /** The step whose request failed. */
  readonly step: SignInStep;

  constructor(step: SignInStep, options?: { cause?: unknown }) {
    const cause = options?.cause;
    const detail = cause instanceof Error && cause.message !== "" ? `: ${cause.message}` : "";
    super("network_error", `Network error while ${STEP_TEXT[step]}${detail}`, options);
    this.step = step;
  }
}

/**
 * A pending `signIn()` was cancelled by `signOut()` or `destroy()` (or `signIn()` was called on a
 * destroyed controller). It is not a failure to show the user: the user asked for it.
 *
 * @example
 * ```ts
 * import { SignInCancelledError } from "sign-in-with-xrpl/client";
 * controller.signIn().catch((error) => {
 *   if (!(error instanceof SignInCancelledError)) showError(error.message);
 * });
 * ```
 */
export class SignInCancelledError extends SignInError {
  declare readonly code: "sign_in_cancelled";
  /** What cancelled it. */
  readonly reason: "signOut" | "destroy";

  constructor(reason: "signOut" | "destroy", message?: string) {
    super(
      "sign_in_cancelled",
      message ?? (reason === "signOut" ? "Sign-in cancelled by signOut()." : "Sign-in cancelled: the controller was destroyed."),
    );
    this.reason = reason;
  }
}
