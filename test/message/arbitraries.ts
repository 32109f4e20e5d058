// fast-check arbitraries for sign-in message fields: valid ones for every rule, and bad ones
// the parser must reject.
import fc from "fast-check";
import { encodeAccountID, isValidClassicAddress } from "ripple-address-codec";
import { FORMAT_CHARACTER_RANGES, isStatement } from "../../src/message/statement.js";
import type { SignInMessageFields } from "../../src/message/types.js";

const lowerAlnum = "abcdefghijklmnopqrstuvwxyz0123456789";
const alnum = lowerAlnum + "ABCDEFGHIJKLMNOPQRSTUVWXYZ";

function charsFrom(alphabet: string, minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(fc.constantFrom(...alphabet.split("")), { minLength, maxLength }).map((chars) => chars.join(""));
}

export const portArb = fc.integer({ min: 1, max: 65_535 }).map(String);

export const hostArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.domain() },
  { weight: 1, arbitrary: fc.constant("localhost") },
  { weight: 1, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6().map((address) => `[${address}]`) },
);

export const domainArb: fc.Arbitrary<string> = fc
  .tuple(hostArb, fc.option(portArb, { nil: undefined }))
  .map(([host, port]) => (port === undefined ? host : `${host}:${port}`));

export const schemeArb = fc
  .tuple(fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ".split("")), charsFrom(alnum + "+-.", 0, 8))
  .map(([first, rest]) => first + rest);

export const addressArb: fc.Arbitrary<string> = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => encodeAccountID(bytes));

/** One valid line of each field label (both chain id forms), as statements or fuzz material. */
export const FIELD_LINE_SAMPLES: readonly string[] = [
  "URI: https://example.com",
  "Version: 1",
  "Chain ID: 0",
  "Chain ID: xrpl:1",
  "Nonce: 12345678",
  "Issued At: 2024-01-01T00:00:00Z",
  "Expiration Time: 2024-01-01T00:05:00Z",
  "Not Before: 2024-01-01T00:00:00Z",
  "Request ID: r1",
  "Resources:",
  "- https://example.com",
];

/**
 * Statements that read like a field line. The parsers tell them from one by the blank line that
 * always follows a statement (and never follows a field line).
 */
export const fieldLikeStatementArb: fc.Arbitrary<string> = fc.constantFrom(...FIELD_LINE_SAMPLES);

/** Any text the statement rule accepts: mostly printable, with non-ASCII and astral characters. */
export const statementArb: fc.Arbitrary<string> = fc
  .oneof(
    { weight: 4, arbitrary: fc.string({ minLength: 1, maxLength: 80 }) },
    { weight: 4, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 40 }) },
    { weight: 4, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }) },
    { weight: 1, arbitrary: fieldLikeStatementArb },
  )
  .filter(isStatement);

export const uriArb: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.webUrl({ withQueryParameters: true, withFragments: true }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      "uri:",
      "urn:isbn:0451450523",
      "mailto:user@example.com",
      "ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu",
      "https://[2001:db8::7]:8443/a?b#c",
      "did:key:z6MkhaXgBZDvotDkL5257faiztiGiC2QtKLGpbnnEGta2doK",
    ),
  },
);

export const networkIdArb = fc.oneof(fc.constantFrom(0, 1, 2, 21_337, 4_294_967_295), fc.integer({ min: 0, max: 4_294_967_295 }));
export const chainIdArb = fc
  .tuple(networkIdArb, fc.boolean())
  .map(([networkId, caip2]) => (caip2 ? `xrpl:${networkId}` : String(networkId)));

export const nonceArb = charsFrom(alnum, 8, 40);
export const requestIdArb = fc.array(fc.integer({ min: 0x21, max: 0x7e }), { maxLength: 24 }).map((codes) => String.fromCharCode(...codes));

/** 0000-01-01T00:00:00Z (Date.UTC would read year 0 as 1900). */
const MIN_MS = (() => {
  const date = new Date(0);
  date.setUTCFullYear(0, 0, 1);
  return date.getTime();
})();
const MAX_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function pad(value: number, width: number): string {
  return String(value).padStart(width, "0");
}

/** An RFC 3339 text for `ms` written at `offsetMinutes`, with `fraction` digits of fraction. */
export function formatRfc3339(ms: number, offsetMinutes: number, fraction: string | undefined): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const date = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1, 2)}-${pad(local.getUTCDate(), 2)}`;
  const time = `${pad(local.getUTCHours(), 2)}:${pad(local.getUTCMinutes(), 2)}:${pad(local.getUTCSeconds(), 2)}`;
  const zone =
    offsetMinutes === 0
      ? "Z"
      : `${offsetMinutes < 0 ? "-" : "+"}${pad(Math.floor(Math.abs(offsetMinutes) / 60), 2)}:${pad(Math.abs(offsetMinutes) % 60, 2)}`;
  return `${date}T${time}${fraction === undefined ? "" : "." + fraction}${zone}`;
}

// Two days inside the 4-digit years, so that any offset still writes a 4-digit year.
const instantArb = fc.integer({ min: MIN_MS + 86_400_000 * 2, max: MAX_MS - 86_400_000 * 2 });

/** An RFC 3339 date-time: any year 0000-9999, zones Z or offsets, any fraction length. */
export const dateTimeTextArb: fc.Arbitrary<string> = fc
  .tuple(
    instantArb,
    fc.oneof(fc.constant(0), fc.integer({ min: -(23 * 60 + 59), max: 23 * 60 + 59 })),
    fc.option(charsFrom("0123456789", 1, 9), { nil: undefined }),
  )
  .map(([ms, offset, fraction]) => formatRfc3339(ms, offset, fraction));

/** A time field value as createMessage takes it: text, or a Date inside the 4-digit years. */
export const timeArb: fc.Arbitrary<string | Date> = fc.oneof(
  dateTimeTextArb,
  instantArb.map((ms) => new Date(ms)),
);

/** Valid fields, optional ones present or absent. */
export const fieldsArb: fc.Arbitrary<SignInMessageFields> = fc.record(
  {
    scheme: schemeArb,
    domain: domainArb,
    address: addressArb,
    statement: statementArb,
    uri: uriArb,
    version: fc.constant("1" as const),
    chainId: chainIdArb,
    nonce: nonceArb,
    issuedAt: timeArb,
    expirationTime: timeArb,
    notBefore: timeArb,
    requestId: requestIdArb,
    resources: fc.array(uriArb, { maxLength: 4 }),
  },
  { requiredKeys: ["domain", "address", "uri", "chainId", "nonce", "issuedAt"] },
);

/**
 * Valid fields for the xrpl-wallet-kit layout: those of `fieldsArb` without scheme, Not Before,
 * Request ID or Resources; chain id optional, its written form given or not. (Typed as fields:
 * the layout lets `chainId` be absent, which `SignInMessageFields` only allows through a
 * `SignInMessage`.)
 */
export const walletKitFieldsArb: fc.Arbitrary<SignInMessageFields> = fc
  .tuple(fieldsArb, fc.boolean(), fc.option(fc.constantFrom("caip2" as const, "bare" as const), { nil: undefined }))
  .map(([fields, withChainId, chainIdForm]) => {
    const { scheme: _scheme, notBefore: _notBefore, requestId: _requestId, resources: _resources, chainId, ...rest } = fields;
    const walletKit: Record<string, unknown> = { ...rest, dialect: "xrpl-wallet-kit" };
    if (withChainId) walletKit.chainId = chainId;
    if (withChainId && chainIdForm !== undefined) walletKit.chainIdForm = chainIdForm;
    return walletKit as unknown as SignInMessageFields;
  });

// ---- Bad values ------------------------------------------------------------------------------

function insertAt(text: string, insertion: string, position: number): string {
  const at = Math.min(position, text.length);
  return text.slice(0, at) + insertion + text.slice(at);
}

const formatCharArb = fc
  .constantFrom(...FORMAT_CHARACTER_RANGES)
  .chain(([first, last]) => fc.integer({ min: first, max: last }))
  .map((codePoint) => String.fromCodePoint(codePoint));

/** A character the statement rule refuses: Cc, Cf, U+2028/U+2029, a lone surrogate. */
export const badStatementCharArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0x7f, max: 0x9f }).map((code) => String.fromCharCode(code)),
  formatCharArb,
  fc.constantFrom("\u2028", "\u2029", "\n", "\r", "\u202e", "\u200b", "\ufeff"),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
);

export const badStatementArb: fc.Arbitrary<string> = fc.oneof(
  fc.constant(""),
  fc
    .tuple(statementArb, badStatementCharArb, fc.nat())
    .map(([statement, bad, position]) => insertAt(statement, bad, position))
    // A lone surrogate inserted next to its partner would form a valid pair: keep only real failures.
    .filter((statement) => !isStatement(statement)),
);

export const badAddressArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(
      addressArb,
      fc.integer({ min: 1, max: 24 }),
      fc.constantFrom(..."123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz".split("")),
    )
    .map(([address, position, char]) => address.slice(0, position) + char + address.slice(position + 1))
    .filter((address) => address !== "" && !addressIsValid(address)),
  fc.constantFrom("XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", "", "r"),
  addressArb.map((address) => address + "1"),
  addressArb.map((address) => address.toUpperCase()),
);

function addressIsValid(address: string): boolean {
  try {
    return isValidClassicAddress(address);
  } catch {
    return false;
  }
}

/** RFC 3339 texts with impossible dates or times, or no zone. */
export const badDateTimeArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 0, max: 9999 }).map((year) => `${pad(year, 4)}-02-${year % 4 === 0 ? "30" : "31"}T00:00:00Z`),
  fc
    .integer({ min: 0, max: 9999 })
    .filter((year) => !((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0))
    .map((year) => `${pad(year, 4)}-02-29T12:00:00Z`),
  fc
    .tuple(fc.integer({ min: 1000, max: 9999 }), fc.constantFrom("04", "06", "09", "11"))
    .map(([year, month]) => `${year}-${month}-31T00:00:00Z`),
  fc.tuple(fc.integer({ min: 1000, max: 9999 }), fc.integer({ min: 13, max: 99 })).map(([year, month]) => `${year}-${month}-01T00:00:00Z`),
  fc.integer({ min: 24, max: 99 }).map((hour) => `2024-01-01T${hour}:00:00Z`),
  fc.integer({ min: 60, max: 99 }).map((minute) => `2024-01-01T00:${minute}:00Z`),
  fc.integer({ min: 60, max: 99 }).map((second) => `2024-01-01T00:00:${second}Z`),
  dateTimeTextArb.map((text) => text.replace(/(Z|[+-]\d\d:\d\d)$/, "")),
  dateTimeTextArb.map((text) => text.replace("T", " ")),
  dateTimeTextArb.map((text) => text.toLowerCase()),
  fc.constantFrom("garbage", "", "2024-01-01", "Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)", "1700000000"),
);

const badUriCharArb = fc.constantFrom(" ", "<", ">", '"', "{", "}", "|", "\\", "^", "`", "é", "\u202e", "\n", "%G0", "%z", "[", "]");
export const badUriArb: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.webUrl({ withQueryParameters: true, withFragments: true }), badUriCharArb, fc.nat())
    .map(([uri, bad, position]) => insertAt(uri, bad, Math.max(9, position))),
  fc.webUrl().map((uri) => uri.replace(/^[a-z]+:/, "")),
  fc.webUrl().map((uri) => "1" + uri),
  fc.webUrl().map((uri) => uri + "#a#b"),
  fc.constantFrom("", "example.com", "/path", "://host", ":not_a_rfc3986_valid_uri_", "uri://[::1"),
);

export const badNonceArb: fc.Arbitrary<string> = fc.oneof(
  charsFrom(alnum, 0, 7),
  fc
    .tuple(nonceArb, fc.constantFrom(" ", "-", "_", ".", "é", "\u0000", "\u202e"), fc.nat())
    .map(([nonce, bad, at]) => insertAt(nonce, bad, at)),
);

export const badDomainArb: fc.Arbitrary<string> = fc.oneof(
  domainArb.map((domain) => `user@${domain}`),
  domainArb.map((domain) => `${domain}/path`),
  domainArb.map((domain) => `https://${domain}`),
  fc.domain().map((domain) => domain.replace(".", "_.")),
  fc.domain().map((domain) => `${domain}:0`),
  fc.domain().map((domain) => `${domain}:65536`),
  fc.domain().map((domain) => `${domain}.`),
  fc.constantFrom("", "#notrfc4501", "\u202eservice.org#moc.live", "exa mple.com", "[::1", "256.1.1.1"),
);

export const badChainIdArb: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 4_294_967_296, max: Number.MAX_SAFE_INTEGER }).map((value) => `xrpl:${value}`),
  fc.nat().map((value) => `xrpl:0${value}`),
  fc.nat().map((value) => `eip155:${value}`),
  fc.constantFrom("", "xrpl:", "?", "-1", "1.5", "xrpl:-1", "XRPL:0"),
);

export const badRequestIdArb: fc.Arbitrary<string> = fc
  .tuple(requestIdArb, fc.constantFrom(" ", "\t", "é", "\u007f", "\u202e", "\u0000"), fc.nat())
  .map(([requestId, bad, at]) => insertAt(requestId, bad, at));
