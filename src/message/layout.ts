// The two message layouts: header texts and the ordered field lines of each dialect.
import type { MessageDialect } from "./types.js";
import type { MessageIssueCode } from "./issues.js";

/** Header suffix of the canonical CAIP-122 XRPL profile. */
export const CAIP122_HEADER_SUFFIX = " wants you to sign in with your XRPL account:";
/** Header suffix of the `@xrpl-wallet-kit/auth` layout. */
export const WALLET_KIT_HEADER_SUFFIX = " wants you to sign in with your wallet:";
/** Written between an optional scheme and the domain in the header. */
export const SCHEME_SEPARATOR = "://";

/** Keys of the field lines that follow the statement. */
export type FieldKey = "uri" | "version" | "chainId" | "nonce" | "issuedAt" | "expirationTime" | "notBefore" | "requestId" | "resources";

export interface FieldLine {
  key: FieldKey;
  /** The line starts with `${label}:`; the value follows after one space (Resources: none). */
  label: string;
  required: boolean;
  /** Issue code for a bad value. */
  invalid: MessageIssueCode;
}

const URI: FieldLine = { key: "uri", label: "URI", required: true, invalid: "invalid_uri" };
const VERSION: FieldLine = { key: "version", label: "Version", required: true, invalid: "invalid_version" };
const NONCE: FieldLine = { key: "nonce", label: "Nonce", required: true, invalid: "invalid_nonce" };
const ISSUED_AT: FieldLine = { key: "issuedAt", label: "Issued At", required: true, invalid: "invalid_issued_at" };
const EXPIRATION: FieldLine = {
  key: "expirationTime",
  label: "Expiration Time",
  required: false,
  invalid: "invalid_expiration_time",
};
const NOT_BEFORE: FieldLine = { key: "notBefore", label: "Not Before", required: false, invalid: "invalid_not_before" };
const REQUEST_ID: FieldLine = { key: "requestId", label: "Request ID", required: false, invalid: "invalid_request_id" };
const RESOURCES: FieldLine = { key: "resources", label: "Resources", required: false, invalid: "invalid_resource" };

/** Field lines in the order each dialect requires. */
export const FIELD_LINES: Readonly<Record<MessageDialect, readonly FieldLine[]>> = {
  caip122: [
    URI,
    VERSION,
    { key: "chainId", label: "Chain ID", required: true, invalid: "invalid_chain_id" },
    NONCE,
    ISSUED_AT,
    EXPIRATION,
    NOT_BEFORE,
    REQUEST_ID,
    RESOURCES,
  ],
  "xrpl-wallet-kit": [
    URI,
    VERSION,
    NONCE,
    ISSUED_AT,
    { key: "chainId", label: "Chain ID", required: false, invalid: "invalid_chain_id" },
    EXPIRATION,
  ],
};

/** The header suffix of each dialect. */
export const HEADER_SUFFIXES: Readonly<Record<MessageDialect, string>> = {
  caip122: CAIP122_HEADER_SUFFIX,
  "xrpl-wallet-kit": WALLET_KIT_HEADER_SUFFIX,
};

/** Only the caip122 header may carry a scheme (`https://example.com wants you...`). */
export function hasScheme(dialect: MessageDialect): boolean {
  return dialect === "caip122";
}

/**
 * The optional fields a dialect has no place for: the scheme where the header has none, and every
 * field line of the fullest layout (caip122) that the dialect lacks.
 */
export const FIELDS_WITHOUT_LINE: Readonly<Record<MessageDialect, readonly ("scheme" | FieldKey)[]>> = {
  caip122: withoutLine("caip122"),
  "xrpl-wallet-kit": withoutLine("xrpl-wallet-kit"),
};

function withoutLine(dialect: MessageDialect): ("scheme" | FieldKey)[] {
  const keys = new Set(FIELD_LINES[dialect].map((field) => field.key));
  const missing: ("scheme" | FieldKey)[] = hasScheme(dialect) ? [] : ["scheme"];
  for (const field of FIELD_LINES.caip122) if (!keys.has(field.key)) missing.push(field.key);
  return missing;
}

/** Every dialect, in the order they are tried when none is named. */
export const ALL_DIALECTS: readonly MessageDialect[] = ["caip122", "xrpl-wallet-kit"];
