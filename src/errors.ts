import type { MessageIssueCode } from "./message/issues.js";

/**
 * The code of an error thrown on the server side: a bad message (`message_format`), a bad call
 * (`invalid_options`), a ledger node or a shared store that cannot answer, a node of another
 * network, or a platform without a secure random source.
 *
 * @example
 * ```ts
 * import type { ServerErrorCode } from "sign-in-with-xrpl";
 * const retryable: ServerErrorCode[] = ["ledger_unavailable", "store_unavailable"];
 * ```
 */
export type ServerErrorCode =
  | "message_format"
  | "invalid_options"
  | "ledger_unavailable"
  | "ledger_request_failed"
  | "store_unavailable"
  | "network_mismatch"
  | "crypto_unavailable";

/**
 * The steps of a browser sign-in, in order (plus `signOut` and `me`). Client errors name the step
 * that failed, so a page can tell "the wallet said no" from "the server said no" from "the network
 * is down".
 *
 * @example
 * ```ts
 * import type { SignInStep } from "sign-in-with-xrpl/client";
 * const step: SignInStep = "nonce";
 * ```
 */
export type SignInStep = "address" | "nonce" | "message" | "sign" | "verify" | "signOut" | "me";

/**
 * The code of an error of the browser client (`sign-in-with-xrpl/client`): the wallet failed,
 * the server refused, the network failed, the sign-in was cancelled, or a step failed in another
 * way (`nonce_failed`, `sign_failed`...).
 *
 * @example
 * ```ts
 * import type { ClientErrorCode } from "sign-in-with-xrpl/client";
 * const userCancelled = (code: ClientErrorCode) => code === "sign_in_cancelled";
 * ```
 */
export type ClientErrorCode = "wallet_error" | "server_rejected" | "network_error" | "sign_in_cancelled" | `${SignInStep}_failed`;

/**
 * Every `code` a {@link SignInError} can carry: switch on it exhaustively.
 *
 * @example
 * ```ts
 * import { SignInError, type SignInErrorCode } from "sign-in-with-xrpl";
 * function codeOf(error: unknown): SignInErrorCode | undefined {
 *   return error instanceof SignInError ? error.code : undefined;
 * }
 * ```
 */
export type SignInErrorCode = ServerErrorCode | ClientErrorCode;

/**
 * Base class of every error this library throws. `code` is stable and machine-readable;
 * `message` is for humans. Programmer errors (bad options) start with `sign-in-with-xrpl:` and
 * say how to fix the call.
 *
 * @example
 * ```ts
 * import { SignInError, parseMessage } from "sign-in-with-xrpl";
 * try {
 *   parseMessage(text);
 * } catch (error) {
 *   if (error instanceof SignInError) console.log(error.code);
 * }
 * ```
 */
export class SignInError extends Error {
  /** Stable, machine-readable error code, such as `"message_format"` or `"invalid_options"`. */
  readonly code: SignInErrorCode;

  constructor(code: SignInErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * One problem found in a sign-in message: a code, the 1-based line where it was found, and a text.
 *
 * @example
 * ```ts
 * import { MessageFormatError, parseMessage, type MessageFormatIssue } from "sign-in-with-xrpl";
 * try {
 *   parseMessage(text);
 * } catch (error) {
 *   if (!(error instanceof MessageFormatError)) throw error;
 *   const lines = error.issues.map((issue: MessageFormatIssue) => `line ${issue.line}: ${issue.message} (${issue.code})`);
 * }
 * ```
 */
export interface MessageFormatIssue {
  /** Stable issue code, such as `"invalid_address"` or `"unexpected_line"`. */
  code: MessageIssueCode;
  /** 1-based line number in the message text (0 when the problem is not tied to a line). */
  line: number;
  /** Human-readable description. */
  message: string;
}

/**
 * Thrown by `parseMessage` (and `createMessage`) when a text or a set of fields is not a valid
 * sign-in message. `issues` lists every problem found, each with a code and a line number.
 *
 * @example
 * ```ts
 * import { MessageFormatError, parseMessage } from "sign-in-with-xrpl";
 * try {
 *   parseMessage("not a message");
 * } catch (error) {
 *   if (error instanceof MessageFormatError) {
 *     for (const issue of error.issues) console.log(issue.line, issue.code, issue.message);
 *   }
 * }
 * ```
 */
export class MessageFormatError extends SignInError {
  declare readonly code: "message_format";
  /** Every problem found, in order of appearance. Never empty. */
  readonly issues: readonly MessageFormatIssue[];

  constructor(issues: readonly MessageFormatIssue[], message?: string) {
    const first = issues[0];
    super(
      "message_format",
      message ??
        (first === undefined
          ? "Invalid sign-in message."
          : `Invalid sign-in message: ${first.message}${first.line > 0 ? ` (line ${first.line})` : ""}` +
            (issues.length > 1 ? ` and ${issues.length - 1} more issue(s).` : "")),
    );
    this.issues = issues;
  }
}

/**
 * Thrown (as a rejection of `Verifier.verify`) when the ledger node is needed to judge a proof
 * and cannot answer within the configured timeouts. It never means the proof is wrong: the
 * caller should answer "try again later" (HTTP 500/503), not "bad signature".
 *
 * @example
 * ```ts
 * import { LedgerUnavailableError } from "sign-in-with-xrpl";
 * try {
 *   await verifier.verify(request);
 * } catch (error) {
 *   if (error instanceof LedgerUnavailableError) res.status(503).json({ error: "Try again later." });
 * }
 * ```
 */
export class LedgerUnavailableError extends SignInError {
  declare readonly code: "ledger_unavailable";
  constructor(message: string, options?: { cause?: unknown }) {
    super("ledger_unavailable", message, options);
  }
}

/**
 * A ledger node answered a request with an error of its own (`status: "error"`), such as
 * `entryNotFound` for a `ledger_entry` that names nothing, or `actNotFound` for an account that
 * does not exist. `error` is rippled's error token. Only `ledger.request` in a `custom` claim (and
 * `LedgerReader.request`) rejects with it: the built-in claims read these answers themselves.
 *
 * @example
 * ```ts
 * import { custom, LedgerRequestError } from "sign-in-with-xrpl";
 * const hasTicket = custom("has a ticket", async (address, ledger) => {
 *   try {
 *     const result = await ledger.request({ command: "account_objects", account: address, type: "ticket", limit: 10 });
 *     return result.account_objects.length > 0;
 *   } catch (error) {
 *     if (error instanceof LedgerRequestError && error.error === "actNotFound") return false;
 *     throw error;
 *   }
 * });
 * ```
 */
export class LedgerRequestError extends SignInError {
  declare readonly code: "ledger_request_failed";
  /** The node's error token, such as `"entryNotFound"` or `"actNotFound"`. */
  readonly error: string;
  constructor(error: string, message: string, options?: { cause?: unknown }) {
    super("ledger_request_failed", message, options);
    this.error = error;
  }
}

/**
 * Thrown when a function of this library is called with options it cannot work with (a
 * negative max age, a `now` that is not a time, a missing verifier...). The message starts with
 * `sign-in-with-xrpl:` and says how to fix the call. It is a programmer error, not a user error.
 *
 * @example
 * ```ts
 * import { InvalidOptionsError, validateMessage } from "sign-in-with-xrpl";
 * try {
 *   validateMessage(message, { domain: "example.com", maxAgeSeconds: -1 });
 * } catch (error) {
 *   if (error instanceof InvalidOptionsError) console.error(error.message);
 * }
 * ```
 */
export class InvalidOptionsError extends SignInError {
  declare readonly code: "invalid_options";
  constructor(message: string, options?: { cause?: unknown }) {
    super("invalid_options", message.startsWith("sign-in-with-xrpl:") ? message : `sign-in-with-xrpl: ${message}`, options);
  }
}

/**
 * Thrown (as a rejection) by a shared store of used nonces and revoked ids when its database
 * cannot answer: unreachable, too slow, missing its tables, or refusing the statement. The
 * message says what failed and how to fix it. It never means a nonce was accepted: the handlers
 * answer it as a service failure (HTTP 500), never as a sign-in.
 *
 * @example
 * ```ts
 * import { StoreUnavailableError } from "sign-in-with-xrpl";
 * try {
 *   await nonces.consume(nonce, ttlMs);
 * } catch (error) {
 *   if (error instanceof StoreUnavailableError) res.status(503).json({ error: "Try again later." });
 * }
 * ```
 */
export class StoreUnavailableError extends SignInError {
  declare readonly code: "store_unavailable";
  constructor(message: string, options?: { cause?: unknown }) {
    super("store_unavailable", message, options);
  }
}
