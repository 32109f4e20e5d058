// The sign-in message formatter. It writes the canonical `caip122` layout only, and refuses any
// field the parser would reject, so `parseMessage(createMessage(fields))` always succeeds.
import { MessageFormatError } from "../errors.js";
import { isClassicAddress } from "./address.js";
import { networkIdOf } from "./chain-id.js";
import { isDateTime } from "./date-time.js";
import { isDomain } from "./domain.js";
import { isDate } from "./is-date.js";
import { describeValue, quote, type MessageIssue, type MessageIssueCode } from "./issues.js";
import { CAIP122_HEADER_SUFFIX, SCHEME_SEPARATOR } from "./layout.js";
import { isNonce } from "./nonce.js";
import { isRequestId } from "./request-id.js";
import { isResource, RESOURCE_LINE_PREFIX } from "./resources.js";
import { exceedsUtf8Bytes, MAX_MESSAGE_BYTES } from "./size.js";
import { statementProblem } from "./statement.js";
import type { SignInMessage, SignInMessageFields } from "./types.js";
import { isScheme, isUri } from "./uri.js";

type FieldName = keyof SignInMessageFields;

class FieldReader {
  readonly issues: MessageIssue[] = [];

  constructor(private readonly fields: Readonly<Record<string, unknown>>) {}

  report(code: MessageIssueCode, message: string): void {
    this.issues.push({ code, line: 0, message });
  }

  /** The value of an optional field; `null` counts as absent (JSON has no undefined). */
  optional(name: FieldName): unknown {
    const value = this.fields[name];
    return value === null ? undefined : value;
  }

  /** A string field checked by `isValid`; reports and answers undefined when it is not one. */
  string(
    name: FieldName,
    required: boolean,
    code: MessageIssueCode,
    isValid: (value: string) => boolean,
    rule: string,
  ): string | undefined {
    const value = this.optional(name);
    if (value === undefined) {
      if (required) this.report("missing_field", `${name} is required.`);
      return undefined;
    }
    if (typeof value !== "string") {
      this.report(code, `${name} must be a string, got ${describeValue(value)}.`);
      return undefined;
    }
    if (!isValid(value)) {
      this.report(code, `${name}: ${quote(value)} is not ${rule}.`);
      return undefined;
    }
    return value;
  }

  /** A time field: an RFC 3339 string kept as written, or a Date written with toISOString(). */
  time(name: "issuedAt" | "expirationTime" | "notBefore", required: boolean, code: MessageIssueCode): string | undefined {
    const value = this.optional(name);
    if (value === undefined) {
      if (required) this.report("missing_field", `${name} is required.`);
      return undefined;
    }
    let text: string;
    if (isDate(value)) {
      if (Number.isNaN(Date.prototype.getTime.call(value))) {
        this.report(code, `${name} is an invalid Date.`);
        return undefined;
      }
      text = Date.prototype.toISOString.call(value);
    } else if (typeof value === "string") {
      text = value;
    } else {
      this.report(code, `${name} must be a string or a Date, got ${describeValue(value)}.`);
      return undefined;
    }
    if (!isDateTime(text)) {
      this.report(
        code,
        `${name}: ${quote(text)} is not an RFC 3339 date-time with a real date, a year from 0000 to 9999 and a zone.`,
      );
      return undefined;
    }
    return text;
  }
}

/**
 * Writes a sign-in message in the canonical layout (the CAIP-122 profile for XRPL): the text a
 * wallet shows and signs. `chainId` is CAIP-2 (`"xrpl:0"`; a bare `"0"` is accepted too) and the
 * message carries the network id; a `Date` is written with `toISOString()`, a time string as
 * given. Optional fields that are `undefined` or `null` are left out. A `SignInMessage` from
 * `parseMessage` is accepted (its `dialect` is ignored: the output is always `caip122`).
 *
 * @throws {MessageFormatError} when a field would give a message that `parseMessage` rejects;
 * `issues` names every bad field (with `line` 0).
 *
 * @example
 * ```ts
 * import { createMessage, generateNonce } from "sign-in-with-xrpl";
 * const message = createMessage({
 *   domain: "example.com",
 *   address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
 *   statement: "Sign in to Example.",
 *   uri: "https://example.com/login",
 *   chainId: "xrpl:0",
 *   nonce: generateNonce(),
 *   issuedAt: new Date(),
 *   expirationTime: new Date(Date.now() + 5 * 60_000),
 * });
 * // example.com wants you to sign in with your XRPL account:
 * // r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt
 * // ...
 * ```
 */
export function createMessage(fields: SignInMessageFields | SignInMessage): string {
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new MessageFormatError([
      { code: "invalid_fields", line: 0, message: `Expected the message fields as an object, got ${describeValue(fields)}.` },
    ]);
  }
  const reader = new FieldReader(fields as unknown as Readonly<Record<string, unknown>>);

  const scheme = reader.string("scheme", false, "invalid_scheme", isScheme, "an RFC 3986 scheme such as \"https\"");
  const domain = reader.string(
    "domain",
    true,
    "invalid_domain",
    isDomain,
    "a domain (DNS name, IPv4, [IPv6] or localhost, optional :port; put a scheme in `scheme`)",
  );
  const address = reader.string(
    "address",
    true,
    "invalid_address",
    isClassicAddress,
    "a classic XRPL address with a valid checksum",
  );
  let statement: string | undefined;
  const statementValue = reader.optional("statement");
  if (typeof statementValue === "string") {
    const problem = statementProblem(statementValue);
    if (problem === undefined) statement = statementValue;
    else reader.report("invalid_statement", `statement: ${problem}`);
  } else if (statementValue !== undefined) {
    reader.report("invalid_statement", `statement must be a string, got ${describeValue(statementValue)}.`);
  }
  const uri = reader.string("uri", true, "invalid_uri", isUri, "an RFC 3986 URI");
  const version = reader.optional("version");
  if (version !== undefined && version !== "1") {
    reader.report("invalid_version", `version must be "1", got ${typeof version === "string" ? quote(version) : describeValue(version)}.`);
  }
  const chainId = reader.string(
    "chainId",
    true,
    "invalid_chain_id",
    (value) => networkIdOf(value) !== undefined,
    'an XRPL chain id ("xrpl:" and a decimal uint32 network id, e.g. "xrpl:0")',
  );
  const nonce = reader.string("nonce", true, "invalid_nonce", isNonce, "a nonce (at least 8 ASCII letters or digits)");
  const issuedAt = reader.time("issuedAt", true, "invalid_issued_at");
  const expirationTime = reader.time("expirationTime", false, "invalid_expiration_time");
  const notBefore = reader.time("notBefore", false, "invalid_not_before");
  const requestId = reader.string(
    "requestId",
    false,
    "invalid_request_id",
    isRequestId,
    "a request id (printable ASCII without spaces)",
  );
  const resourcesValue = reader.optional("resources");
  let resources: readonly string[] | undefined;
  if (Array.isArray(resourcesValue)) {
    resources = resourcesValue as readonly unknown[] as readonly string[];
    (resourcesValue as readonly unknown[]).forEach((resource, index) => {
      if (typeof resource !== "string") {
        reader.report("invalid_resource", `resources[${index}] must be a string, got ${describeValue(resource)}.`);
      } else if (!isResource(resource)) {
        reader.report("invalid_resource", `resources[${index}]: ${quote(resource)} is not an RFC 3986 URI.`);
      }
    });
  } else if (resourcesValue !== undefined) {
    reader.report("invalid_resource", `resources must be an array of URIs, got ${describeValue(resourcesValue)}.`);
  }
  if (reader.issues.length > 0) throw new MessageFormatError(reader.issues);

  let text = `${scheme === undefined ? "" : scheme + SCHEME_SEPARATOR}${domain!}${CAIP122_HEADER_SUFFIX}\n${address!}\n\n`;
  if (statement !== undefined) text += `${statement}\n`;
  text += `\nURI: ${uri!}\nVersion: 1\nChain ID: ${networkIdOf(chainId!)!}\nNonce: ${nonce!}\nIssued At: ${issuedAt!}`;
  if (expirationTime !== undefined) text += `\nExpiration Time: ${expirationTime}`;
  if (notBefore !== undefined) text += `\nNot Before: ${notBefore}`;
  if (requestId !== undefined) text += `\nRequest ID: ${requestId}`;
  if (resources !== undefined) {
    text += "\nResources:";
    for (const resource of resources) text += `\n${RESOURCE_LINE_PREFIX}${resource}`;
  }
  if (exceedsUtf8Bytes(text, MAX_MESSAGE_BYTES)) {
    throw new MessageFormatError([
      { code: "too_large", line: 0, message: `The message would be larger than ${MAX_MESSAGE_BYTES} bytes (UTF-8).` },
    ]);
  }
  return text;
}
