// The sign-in message parser: one pass over the lines, every problem reported with its line.
import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { isClassicAddress } from "./address.js";
import { chainIdFormOf, normalizeChainId } from "./chain-id.js";
import { isDateTime } from "./date-time.js";
import { isDomain } from "./domain.js";
import { describeValue, quote, showValue, type MessageIssue, type MessageIssueCode } from "./issues.js";
import {
  ALL_DIALECTS,
  CAIP122_HEADER_SUFFIX,
  FIELD_LINES,
  hasScheme,
  HEADER_SUFFIXES,
  SCHEME_SEPARATOR,
  WALLET_KIT_HEADER_SUFFIX,
  type FieldLine,
} from "./layout.js";
import { isNonce } from "./nonce.js";
import { isRequestId } from "./request-id.js";
import { isResource, RESOURCE_LINE_PREFIX } from "./resources.js";
import { exceedsUtf8Bytes, MAX_MESSAGE_BYTES } from "./size.js";
import { statementProblem } from "./statement.js";
import type { MessageDialect, ParseOptions, SignInMessage } from "./types.js";
import { isScheme, isUri } from "./uri.js";

type MutableMessage = { -readonly [K in keyof SignInMessage]?: SignInMessage[K] };

function acceptedDialects(options: ParseOptions | undefined): readonly MessageDialect[] {
  if (options === undefined) return ALL_DIALECTS;
  if (options === null || typeof options !== "object") {
    throw new InvalidOptionsError('parseMessage options must be an object such as { dialects: ["caip122"] }.');
  }
  const dialects = options.dialects;
  if (dialects === undefined) return ALL_DIALECTS;
  if (!Array.isArray(dialects) || dialects.length === 0) {
    throw new InvalidOptionsError(
      'parseMessage option "dialects" must be a non-empty array of "caip122" and/or "xrpl-wallet-kit"; omit it to accept both.',
    );
  }
  const known: MessageDialect[] = [];
  for (const dialect of dialects as readonly unknown[]) {
    if (dialect !== "caip122" && dialect !== "xrpl-wallet-kit") {
      throw new InvalidOptionsError(
        `parseMessage option "dialects" contains ${showValue(dialect)}; the known dialects are "caip122" and "xrpl-wallet-kit".`,
      );
    }
    known.push(dialect);
  }
  return known;
}

class LineParser {
  readonly issues: MessageIssue[] = [];
  readonly message: MutableMessage = {};
  private readonly lines: string[];

  constructor(
    text: string,
    private readonly dialects: readonly MessageDialect[],
  ) {
    this.lines = text.split("\n");
    if (text.indexOf("\r") >= 0) this.stripCarriageReturns();
    const last = this.lines.length;
    if (last > 1 && this.lines[last - 1] === "") {
      this.report("trailing_newline", last, "The message ends with a line break; remove it.");
      this.lines.pop();
    }
  }

  private report(code: MessageIssueCode, line: number, message: string): void {
    this.issues.push({ code, line, message });
  }

  /** Reports each line holding a CR; drops a CR that ends a line, so a CRLF text gets clean diagnostics. */
  private stripCarriageReturns(): void {
    for (let index = 0; index < this.lines.length; index++) {
      const line = this.lines[index]!;
      if (line.indexOf("\r") < 0) continue;
      this.report("carriage_return", index + 1, "The line contains a carriage return (CR); lines are separated by LF only.");
      if (line.endsWith("\r")) this.lines[index] = line.slice(0, -1);
    }
  }

  parse(): void {
    const lines = this.lines;
    const dialect = this.parseHeader(lines[0]!);
    this.message.dialect = dialect;

    const address = lines[1];
    if (address === undefined) {
      this.report("missing_field", 2, "The message ends before the address line.");
      return;
    }
    if (isClassicAddress(address)) this.message.address = address;
    else this.report("invalid_address", 2, `${quote(address)} is not a classic XRPL address with a valid checksum.`);

    let index = 2;
    if (index < lines.length) {
      if (lines[index] !== "") {
        this.report("expected_blank_line", index + 1, "Expected a blank line after the address.");
      }
      index++;
    }
    const fields = FIELD_LINES[dialect];
    index = dialect === "caip122" ? this.parseCaip122Statement(index, fields) : this.parseWalletKitStatement(index, fields);
    this.parseFields(index, fields);
  }

  private parseHeader(header: string): MessageDialect {
    let dialect: MessageDialect;
    let authority: string;
    if (header.endsWith(CAIP122_HEADER_SUFFIX)) {
      dialect = "caip122";
      authority = header.slice(0, header.length - CAIP122_HEADER_SUFFIX.length);
    } else if (header.endsWith(WALLET_KIT_HEADER_SUFFIX)) {
      dialect = "xrpl-wallet-kit";
      authority = header.slice(0, header.length - WALLET_KIT_HEADER_SUFFIX.length);
    } else {
      const fallback = this.dialects.includes("caip122") ? "caip122" : this.dialects[0]!;
      this.report("invalid_header", 1, `Expected "{domain}${HEADER_SUFFIXES[fallback]}", got ${quote(header)}.`);
      return fallback;
    }
    if (!this.dialects.includes(dialect)) {
      this.report("dialect_not_accepted", 1, `The ${dialect} message layout is not accepted here.`);
    }
    const separator = authority.indexOf(SCHEME_SEPARATOR);
    let domain = authority;
    if (separator >= 0) {
      const scheme = authority.slice(0, separator);
      domain = authority.slice(separator + SCHEME_SEPARATOR.length);
      if (!hasScheme(dialect)) {
        this.report("invalid_scheme", 1, `The ${dialect} layout has no scheme before the domain.`);
      } else if (isScheme(scheme)) {
        this.message.scheme = scheme;
      } else {
        this.report("invalid_scheme", 1, `${quote(scheme)} is not an RFC 3986 scheme.`);
      }
    }
    if (isDomain(domain)) this.message.domain = domain;
    else
      this.report(
        "invalid_domain",
        1,
        domain === ""
          ? "The domain is missing."
          : `${quote(domain)} is not a domain (DNS name, IPv4, [IPv6] or localhost, optional :port, no userinfo).`,
      );
    return dialect;
  }

  /**
   * caip122, after the blank line that follows the address: a second blank line, or the statement
   * and a blank line. Answers the index of the first field line.
   */
  private parseCaip122Statement(index: number, fields: readonly FieldLine[]): number {
    const lines = this.lines;
    const line = lines[index];
    if (line === undefined) return index;
    const next = lines[index + 1];
    if (line === "") {
      if (next !== "") return index + 1;
      return this.reportEmptyStatement(index);
    }
    if (next !== undefined && next !== "" && labelOf(line, fields) === 0) {
      // "URI: ..." right after one blank line: the second blank line is missing, not a statement.
      this.report(
        "expected_blank_line",
        index + 1,
        "Expected a blank line before the URI line (without a statement, two blank lines follow the address).",
      );
      return index;
    }
    return this.parseStatementLine(index);
  }

  /**
   * xrpl-wallet-kit, after the blank line that follows the address: the field lines straight away,
   * or the statement and a blank line. A field line is told from a statement by the line after
   * it: a statement is always followed by a blank line, a field line never (Version follows URI).
   */
  private parseWalletKitStatement(index: number, fields: readonly FieldLine[]): number {
    const lines = this.lines;
    const line = lines[index];
    if (line === undefined) return index;
    const next = lines[index + 1];
    if (line === "") {
      if (next === "") return this.reportEmptyStatement(index);
      this.report(
        "unexpected_line",
        index + 1,
        "Unexpected blank line: without a statement, the xrpl-wallet-kit layout has one blank line between the address and the URI line.",
      );
      return index + 1;
    }
    if (next !== "" && labelOf(line, fields) >= 0) return index;
    return this.parseStatementLine(index);
  }

  /** Three blank lines: an empty statement between the two blank lines around it. */
  private reportEmptyStatement(index: number): number {
    this.report("invalid_statement", index + 1, "The statement may not be empty; omit it and its blank line.");
    return index + 2;
  }

  /** Reads the statement at `index` and the blank line after it; answers the index of the first field line. */
  private parseStatementLine(index: number): number {
    const line = this.lines[index]!;
    const next = this.lines[index + 1];
    const problem = statementProblem(line);
    if (problem === undefined) this.message.statement = line;
    else this.report("invalid_statement", index + 1, problem);
    if (next === "") return index + 2;
    if (next !== undefined) {
      this.report("expected_blank_line", index + 2, "Expected a blank line after the statement (it must be one line).");
    }
    return index + 1;
  }

  private parseFields(start: number, fields: readonly FieldLine[]): void {
    const lines = this.lines;
    const seen: boolean[] = new Array<boolean>(fields.length).fill(false);
    let next = 0;
    let resources: string[] | undefined;
    for (let index = start; index < lines.length; index++) {
      const line = lines[index]!;
      const lineNumber = index + 1;
      if (resources !== undefined && line.startsWith("-")) {
        this.parseResource(line, lineNumber, resources);
        continue;
      }
      const position = labelOf(line, fields);
      if (position < 0) {
        this.report(
          "unexpected_line",
          lineNumber,
          line === "" ? "Unexpected blank line." : `${quote(line)} is not a line of the ${this.message.dialect} layout.`,
        );
        continue;
      }
      resources = undefined;
      const field = fields[position]!;
      if (seen[position] === true) {
        this.report("duplicate_field", lineNumber, `The ${field.label} line appears twice.`);
        continue;
      }
      if (position < next) {
        this.report("out_of_order_field", lineNumber, `The ${field.label} line must come before the ${fields[next - 1]!.label} line.`);
        continue;
      }
      for (let skipped = next; skipped < position; skipped++) {
        const missing = fields[skipped]!;
        if (missing.required) {
          this.report("missing_field", lineNumber, `Missing the ${missing.label} line before this line.`);
        }
      }
      seen[position] = true;
      next = position + 1;
      const rest = line.slice(field.label.length + 1);
      if (field.key === "resources") {
        if (rest === "") resources = this.message.resources = [];
        else this.report("invalid_field_syntax", lineNumber, 'The "Resources:" line has nothing after the colon.');
        continue;
      }
      if (!rest.startsWith(" ")) {
        this.report("invalid_field_syntax", lineNumber, `Expected "${field.label}: " followed by the value.`);
        continue;
      }
      this.parseValue(field, rest.slice(1), lineNumber);
    }
    for (let missing = next; missing < fields.length; missing++) {
      if (fields[missing]!.required) {
        this.report("missing_field", lines.length + 1, `The message ends before the ${fields[missing]!.label} line.`);
      }
    }
  }

  private parseValue(field: FieldLine, value: string, lineNumber: number): void {
    const message = this.message;
    switch (field.key) {
      case "uri":
        if (isUri(value)) message.uri = value;
        else this.report(field.invalid, lineNumber, `${quote(value)} is not an RFC 3986 URI.`);
        return;
      case "version":
        if (value === "1") message.version = "1";
        else this.report(field.invalid, lineNumber, `Version must be 1, got ${quote(value)}.`);
        return;
      case "chainId": {
        const chainId = normalizeChainId(value);
        if (chainId !== undefined) {
          message.chainId = chainId;
          // caip122 has one canonical form (bare); wallet-kit writes what the app gave, kept for the round trip.
          if (message.dialect === "xrpl-wallet-kit") {
            message.chainIdForm = chainIdFormOf(value);
          }
        } else this.report(field.invalid, lineNumber, `${quote(value)} is not an XRPL network id (a decimal uint32, or "xrpl:" and one).`);
        return;
      }
      case "nonce":
        if (isNonce(value)) message.nonce = value;
        else this.report(field.invalid, lineNumber, `${quote(value)} is not a nonce (at least 8 ASCII letters or digits).`);
        return;
      case "issuedAt":
      case "expirationTime":
      case "notBefore":
        if (isDateTime(value)) message[field.key] = value;
        else
          this.report(
            field.invalid,
            lineNumber,
            `${quote(value)} is not an RFC 3339 date-time with a real date and a zone (e.g. 2021-09-30T16:25:24.000Z).`,
          );
        return;
      case "requestId":
        if (isRequestId(value)) message.requestId = value;
        else this.report(field.invalid, lineNumber, `${quote(value)} is not a request id (printable ASCII without spaces).`);
        return;
      case "resources":
        return;
    }
  }

  private parseResource(line: string, lineNumber: number, resources: string[]): void {
    if (!line.startsWith(RESOURCE_LINE_PREFIX)) {
      this.report("invalid_resource", lineNumber, 'A resource line is "- " followed by a URI.');
      return;
    }
    const resource = line.slice(RESOURCE_LINE_PREFIX.length);
    if (isResource(resource)) resources.push(resource);
    else this.report("invalid_resource", lineNumber, `${quote(resource)} is not an RFC 3986 URI.`);
  }
}

/** Position in `fields` of the field whose `Label:` starts `line`, or -1. */
function labelOf(line: string, fields: readonly FieldLine[]): number {
  for (let position = 0; position < fields.length; position++) {
    const label = fields[position]!.label;
    if (line.startsWith(label) && line.charCodeAt(label.length) === 0x3a) return position;
  }
  return -1;
}

/**
 * Reads a sign-in message. The parser is exact: it accepts the `caip122` layout (the CAIP-122
 * XRPL profile) and, unless `options.dialects` says otherwise, the `xrpl-wallet-kit` layout,
 * and nothing else: no unknown, reordered or duplicated line, no CR, no trailing text, at most
 * 8 KiB (checked first). Times keep the message's exact text; `chainId` comes back as `"xrpl:N"`
 * (an `xrpl-wallet-kit` message also records in `chainIdForm` how its line wrote it), so that
 * `createMessage(parseMessage(s)) === s` for every `xrpl-wallet-kit` message and every `caip122`
 * message whose Chain ID line is the bare number (the canonical form).
 *
 * @throws {MessageFormatError} when `text` is not a string or not a valid message; `issues`
 * lists every problem found with its 1-based line.
 * @throws {InvalidOptionsError} when `options` is malformed.
 *
 * @example
 * ```ts
 * import { parseMessage, MessageFormatError } from "sign-in-with-xrpl";
 * try {
 *   const message = parseMessage(body.message, { dialects: ["caip122"] });
 *   console.log(message.address, message.nonce, message.chainId); // "r...", "32891757", "xrpl:0"
 * } catch (error) {
 *   if (error instanceof MessageFormatError) console.log(error.issues);
 * }
 * ```
 */
export function parseMessage(text: unknown, options?: ParseOptions): SignInMessage {
  const dialects = acceptedDialects(options);
  if (typeof text !== "string") {
    throw new MessageFormatError([
      { code: "not_a_string", line: 0, message: `Expected the message as a string, got ${describeValue(text)}.` },
    ]);
  }
  if (exceedsUtf8Bytes(text, MAX_MESSAGE_BYTES)) {
    throw new MessageFormatError([
      { code: "too_large", line: 0, message: `The message is larger than ${MAX_MESSAGE_BYTES} bytes (UTF-8).` },
    ]);
  }
  const parser = new LineParser(text, dialects);
  parser.parse();
  if (parser.issues.length > 0) {
    // Report in the order of the text (a CR found up front belongs to its own line).
    throw new MessageFormatError(parser.issues.sort((a, b) => a.line - b.line));
  }
  // No issue means every required field was read.
  return parser.message as SignInMessage;
}
