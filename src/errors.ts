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
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
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
  code: string;
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
  constructor(message: string, options?: { cause?: unknown }) {
    super("ledger_unavailable", message, options);
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
  constructor(message: string, options?: { cause?: unknown }) {
    super("store_unavailable", message, options);
  }
}
