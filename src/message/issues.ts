// Issue codes of MessageFormatError, shared by the parser and the formatter.
import type { MessageFormatIssue } from "../errors.js";

/**
 * Codes of the problems `parseMessage` and `createMessage` report in
 * `MessageFormatError.issues` (see the README, section "The sign-in message", for when each is used).
 *
 * @example
 * ```ts
 * import { MessageFormatError, parseMessage, type MessageIssueCode } from "sign-in-with-xrpl";
 * try {
 *   parseMessage(text);
 * } catch (error) {
 *   if (error instanceof MessageFormatError) {
 *     const codes = error.issues.map((issue) => issue.code as MessageIssueCode);
 *     if (codes.includes("too_large")) console.log("message over 8 KiB");
 *   }
 * }
 * ```
 */
export type MessageIssueCode =
  | "not_a_string"
  | "invalid_fields"
  | "invalid_dialect"
  | "unsupported_field"
  | "too_large"
  | "carriage_return"
  | "trailing_newline"
  | "invalid_header"
  | "dialect_not_accepted"
  | "invalid_scheme"
  | "invalid_domain"
  | "invalid_address"
  | "expected_blank_line"
  | "invalid_statement"
  | "invalid_field_syntax"
  | "invalid_uri"
  | "invalid_version"
  | "invalid_chain_id"
  | "invalid_nonce"
  | "invalid_issued_at"
  | "invalid_expiration_time"
  | "invalid_not_before"
  | "invalid_request_id"
  | "invalid_resource"
  | "missing_field"
  | "unexpected_line"
  | "duplicate_field"
  | "out_of_order_field";

/** A MessageFormatIssue whose code is one of ours. */
export interface MessageIssue extends MessageFormatIssue {
  code: MessageIssueCode;
}

const MAX_QUOTED_LENGTH = 60;

/**
 * A value quoted for an issue text: JSON-style, truncated, and with every character outside
 * printable ASCII escaped, so a bidi override in the input cannot reorder the error message.
 */
export function quote(value: string): string {
  const shown = value.length > MAX_QUOTED_LENGTH ? value.slice(0, MAX_QUOTED_LENGTH) : value;
  let out = '"';
  for (let index = 0; index < shown.length; index++) {
    const code = shown.charCodeAt(index);
    if (code === 0x22 || code === 0x5c) out += "\\" + shown[index];
    else if (code >= 0x20 && code < 0x7f) out += shown[index];
    else out += "\\u" + code.toString(16).padStart(4, "0");
  }
  return out + (shown.length < value.length ? '..."' : '"');
}

/** A short description of a non-string value, for "expected a string" issues. */
export function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : typeof value;
}

/** A value as an issue text shows it: a string quoted, anything else described. */
export function showValue(value: unknown): string {
  return typeof value === "string" ? quote(value) : describeValue(value);
}
