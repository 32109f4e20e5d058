// The sign-in message formatter. It writes the canonical `caip122` layout, or the
// `xrpl-wallet-kit` layout when asked, and refuses any field the parser would reject (or the
// layout has no line for), so `parseMessage(createMessage(fields))` always succeeds.
import { MessageFormatError } from "../errors.js";
import { isClassicAddress } from "./address.js";
import { chainIdFormOf, networkIdOf, XRPL_NAMESPACE_PREFIX } from "./chain-id.js";
import { isDateTime } from "./date-time.js";
import { isDomain } from "./domain.js";
import { isDate } from "./is-date.js";
import { describeValue, quote, showValue, type MessageIssue, type MessageIssueCode } from "./issues.js";
import { FIELD_LINES, FIELDS_WITHOUT_LINE, HEADER_SUFFIXES, SCHEME_SEPARATOR } from "./layout.js";
import { isNonce } from "./nonce.js";
import { isRequestId } from "./request-id.js";
import { isResource, RESOURCE_LINE_PREFIX } from "./resources.js";
import { exceedsUtf8Bytes, MAX_MESSAGE_BYTES } from "./size.js";
import { statementProblem } from "./statement.js";
import type { ChainIdForm, MessageDialect, SignInMessage, SignInMessageFields } from "./types.js";
import { isScheme, isUri } from "./uri.js";

type FieldName = keyof SignInMessageFields;

class FieldReader {
  readonly issues: MessageIssue[] = [];
  /** Fields the chosen layout has no line for: reported once, then read as absent. */
  private readonly unsupported = new Set<FieldName>();

  constructor(private readonly fields: Readonly<Record<string, unknown>>) {}

  report(code: MessageIssueCode, message: string): void {
    this.issues.push({ code, line: 0, message });
  }

  /** Refuses each of `names` that is present, as a field `dialect` cannot write. */
  refuseUnsupported(names: readonly FieldName[], dialect: MessageDialect): void {
    for (const name of names) {
      if (this.optional(name) === undefined) continue;
      this.report(
        "unsupported_field",
        `${name}: the ${dialect} layout has no place for it; leave it out, or write the caip122 layout (dialect "caip122").`,
      );
      this.unsupported.add(name);
    }
  }

  /** The value of an optional field; `null` counts as absent (JSON has no undefined). */
  optional(name: FieldName): unknown {
    if (this.unsupported.has(name)) return undefined;
    const value = this.fields[name];
    return value === null ? undefined : value;
  }

  /** The layout to write: `caip122` unless `dialect` names the other one. */
  dialect(): MessageDialect {
    const value = this.optional("dialect");
    if (value === undefined || value === "caip122" || value === "xrpl-wallet-kit") return value ?? "caip122";
    this.report("invalid_dialect", `dialect must be "caip122" or "xrpl-wallet-kit", got ${showValue(value)}.`);
    return "caip122";
  }

  /** How the caller asked the Chain ID line to be written, if at all. */
  chainIdForm(): ChainIdForm | undefined {
    const value = this.optional("chainIdForm");
    if (value === undefined || value === "caip2" || value === "bare") return value;
    this.report("invalid_chain_id", `chainIdForm must be "caip2" (Chain ID: xrpl:0) or "bare" (Chain ID: 0), got ${showValue(value)}.`);
    return undefined;
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
      this.report(code, `${name}: ${quote(text)} is not an RFC 3339 date-time with a real date, a year from 0000 to 9999 and a zone.`);
      return undefined;
    }
    return text;
  }
}

/** Fields checked against every rule, ready to be written. */
interface CheckedFields {
  scheme: string | undefined;
  domain: string;
  address: string;
  statement: string | undefined;
  uri: string;
  /** The network id, bare (`"0"`). */
  networkId: string | undefined;
  chainIdForm: ChainIdForm;
  nonce: string;
  issuedAt: string;
  expirationTime: string | undefined;
  notBefore: string | undefined;
  requestId: string | undefined;
  resources: readonly string[] | undefined;
}

/** The CAIP-122 profile: two blank lines without a statement, the bare network id, every optional line. */
function writeCaip122(fields: CheckedFields): string {
  const { scheme, domain, address, statement, uri, networkId, nonce, issuedAt } = fields;
  let text = `${scheme === undefined ? "" : scheme + SCHEME_SEPARATOR}${domain}${HEADER_SUFFIXES.caip122}\n${address}\n\n`;
  if (statement !== undefined) text += `${statement}\n`;
  text += `\nURI: ${uri}\nVersion: 1\nChain ID: ${networkId!}\nNonce: ${nonce}\nIssued At: ${issuedAt}`;
  if (fields.expirationTime !== undefined) text += `\nExpiration Time: ${fields.expirationTime}`;
  if (fields.notBefore !== undefined) text += `\nNot Before: ${fields.notBefore}`;
  if (fields.requestId !== undefined) text += `\nRequest ID: ${fields.requestId}`;
  if (fields.resources !== undefined) {
    text += "\nResources:";
    for (const resource of fields.resources) text += `\n${RESOURCE_LINE_PREFIX}${resource}`;
  }
  return text;
}

/**
 * The `@xrpl-wallet-kit/auth` layout: one blank line, then the statement and a blank line only when
 * there is a statement; Chain ID after Issued At, written as the app gave it.
 */
function writeWalletKit(fields: CheckedFields): string {
  const { domain, address, statement, uri, networkId, nonce, issuedAt, expirationTime } = fields;
  let text = `${domain}${HEADER_SUFFIXES["xrpl-wallet-kit"]}\n${address}\n\n`;
  if (statement !== undefined) text += `${statement}\n\n`;
  text += `URI: ${uri}\nVersion: 1\nNonce: ${nonce}\nIssued At: ${issuedAt}`;
  if (networkId !== undefined) {
    text += `\nChain ID: ${fields.chainIdForm === "caip2" ? XRPL_NAMESPACE_PREFIX : ""}${networkId}`;
  }
  if (expirationTime !== undefined) text += `\nExpiration Time: ${expirationTime}`;
  return text;
}

const WRITERS: Readonly<Record<MessageDialect, (fields: CheckedFields) => string>> = {
  caip122: writeCaip122,
  "xrpl-wallet-kit": writeWalletKit,
};

/**
 * Writes a sign-in message: the text a wallet shows and signs. By default in the canonical layout
 * (the CAIP-122 profile for XRPL); with `dialect: "xrpl-wallet-kit"` in the layout of
 * `@xrpl-wallet-kit/auth` front ends, which has no scheme, Not Before, Request ID or Resources
 * (those fields are refused there) and an optional chain id. `chainId` is CAIP-2 (`"xrpl:0"`; a
 * bare `"0"` is accepted too); the caip122 line carries the bare network id, the wallet-kit line
 * the form `chainIdForm` names (default: as given). A `Date` is written with `toISOString()`, a
 * time string as given. Optional fields that are `undefined` or `null` are left out.
 *
 * A `SignInMessage` from `parseMessage` is accepted and written in its own `dialect`, so
 * `createMessage(parseMessage(s)) === s` for every wallet-kit message and every caip122 message
 * with a bare Chain ID line. Spread it with `dialect: "caip122"` to rewrite a wallet-kit message
 * in the canonical layout (a different text: verify the text you received, never a re-creation).
 *
 * @throws {MessageFormatError} when a field would give a message that `parseMessage` rejects,
 * or the layout has no place for it; `issues` names every bad field (with `line` 0).
 *
 * @example
 * ```ts
 * import { createMessage, generateNonce } from "sign-in-with-xrpl";
 * const fields = {
 *   domain: "example.com",
 *   address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
 *   statement: "Sign in to Example.",
 *   uri: "https://example.com/login",
 *   chainId: "xrpl:0",
 *   nonce: generateNonce(),
 *   issuedAt: new Date(),
 *   expirationTime: new Date(Date.now() + 5 * 60_000),
 * };
 * const message = createMessage(fields);
 * // example.com wants you to sign in with your XRPL account:
 * // r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt
 * // ...
 *
 * // The same fields as an @xrpl-wallet-kit/auth front end writes them:
 * createMessage({ ...fields, dialect: "xrpl-wallet-kit" });
 * // example.com wants you to sign in with your wallet:
 * ```
 */
export function createMessage(fields: SignInMessageFields | SignInMessage): string {
  if (fields === null || typeof fields !== "object" || Array.isArray(fields)) {
    throw new MessageFormatError([
      { code: "invalid_fields", line: 0, message: `Expected the message fields as an object, got ${describeValue(fields)}.` },
    ]);
  }
  const reader = new FieldReader(fields as unknown as Readonly<Record<string, unknown>>);
  const dialect = reader.dialect();
  reader.refuseUnsupported(FIELDS_WITHOUT_LINE[dialect], dialect);

  const scheme = reader.string("scheme", false, "invalid_scheme", isScheme, 'an RFC 3986 scheme such as "https"');
  const domain = reader.string(
    "domain",
    true,
    "invalid_domain",
    isDomain,
    "a domain (DNS name, IPv4, [IPv6] or localhost, optional :port; put a scheme in `scheme`)",
  );
  const address = reader.string("address", true, "invalid_address", isClassicAddress, "a classic XRPL address with a valid checksum");
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
    reader.report("invalid_version", `version must be "1", got ${showValue(version)}.`);
  }
  const chainId = reader.string(
    "chainId",
    FIELD_LINES[dialect].some((field) => field.key === "chainId" && field.required),
    "invalid_chain_id",
    (value) => networkIdOf(value) !== undefined,
    'an XRPL chain id ("xrpl:" and a decimal uint32 network id, e.g. "xrpl:0")',
  );
  const chainIdForm = reader.chainIdForm();
  if (chainIdForm !== undefined && dialect === "xrpl-wallet-kit" && reader.optional("chainId") === undefined) {
    reader.report("missing_field", "chainIdForm is given but chainId is missing; give chainId, or leave chainIdForm out.");
  }
  const nonce = reader.string("nonce", true, "invalid_nonce", isNonce, "a nonce (at least 8 ASCII letters or digits)");
  const issuedAt = reader.time("issuedAt", true, "invalid_issued_at");
  const expirationTime = reader.time("expirationTime", false, "invalid_expiration_time");
  const notBefore = reader.time("notBefore", false, "invalid_not_before");
  const requestId = reader.string("requestId", false, "invalid_request_id", isRequestId, "a request id (printable ASCII without spaces)");
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

  const text = WRITERS[dialect]({
    scheme,
    domain: domain!,
    address: address!,
    statement,
    uri: uri!,
    networkId: chainId === undefined ? undefined : networkIdOf(chainId),
    chainIdForm: chainIdForm ?? (chainId === undefined ? "bare" : chainIdFormOf(chainId)),
    nonce: nonce!,
    issuedAt: issuedAt!,
    expirationTime,
    notBefore,
    requestId,
    resources,
  });
  if (exceedsUtf8Bytes(text, MAX_MESSAGE_BYTES)) {
    throw new MessageFormatError([
      { code: "too_large", line: 0, message: `The message would be larger than ${MAX_MESSAGE_BYTES} bytes (UTF-8).` },
    ]);
  }
  return text;
}
