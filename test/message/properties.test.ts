import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { normalizeChainId } from "../../src/message/chain-id.js";
import { createMessage, parseMessage } from "../../src/message/index.js";
import type { SignInMessageFields } from "../../src/message/types.js";
import { formatWalletKitMessage } from "../fixtures/wallet-kit/format.js";
import {
  badAddressArb,
  badChainIdArb,
  badDateTimeArb,
  badDomainArb,
  badNonceArb,
  badRequestIdArb,
  badStatementArb,
  badUriArb,
  fieldsArb,
  walletKitFieldsArb,
} from "./arbitraries.js";

const RUNS = 3_000;

/** What parseMessage must answer for fields that createMessage accepted. */
function expectedMessage(fields: SignInMessageFields): Record<string, unknown> {
  const expected: Record<string, unknown> = { dialect: "caip122", version: "1" };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value instanceof Date) expected[key] = value.toISOString();
    else if (key === "chainId") expected[key] = normalizeChainId(value as string);
    else expected[key] = value;
  }
  // Only a wallet-kit Chain ID line has a choice of form; when none was given, the form is the given text's.
  if (expected.dialect === "xrpl-wallet-kit" && fields.chainId !== undefined) {
    expected.chainIdForm = fields.chainIdForm ?? (fields.chainId.startsWith("xrpl:") ? "caip2" : "bare");
  } else delete expected.chainIdForm;
  return expected;
}

/** The parameters a wallet-kit front end would give its formatter to write the same message. */
function walletKitParams(fields: SignInMessageFields) {
  const text = (time: string | Date | undefined) => (time instanceof Date ? time.toISOString() : time);
  const networkId = fields.chainId?.replace(/^xrpl:/, "");
  const chainIdForm = fields.chainIdForm ?? (fields.chainId?.startsWith("xrpl:") === true ? "caip2" : "bare");
  return {
    domain: fields.domain,
    address: fields.address,
    statement: fields.statement,
    uri: fields.uri,
    version: "1",
    chainId: networkId === undefined ? undefined : chainIdForm === "caip2" ? `xrpl:${networkId}` : networkId,
    nonce: fields.nonce,
    issuedAt: text(fields.issuedAt)!,
    expirationTime: text(fields.expirationTime),
  };
}

function codesOfCreate(fields: unknown): string[] {
  try {
    createMessage(fields as SignInMessageFields);
  } catch (error) {
    expect(error).toBeInstanceOf(MessageFormatError);
    return (error as MessageFormatError).issues.map((issue) => issue.code);
  }
  return [];
}

function parserRejects(text: string): boolean {
  try {
    parseMessage(text);
    return false;
  } catch (error) {
    expect(error).toBeInstanceOf(MessageFormatError);
    return true;
  }
}

const DIALECTS = [
  {
    dialect: "caip122",
    arb: fieldsArb,
    optional: ["scheme", "statement", "expirationTime", "notBefore", "requestId", "resources"],
  },
  { dialect: "xrpl-wallet-kit", arb: walletKitFieldsArb, optional: ["statement", "chainId", "expirationTime"] },
] as const;

describe.each(DIALECTS)("round trip over generated $dialect messages", ({ dialect, arb, optional }) => {
  it("createMessage(parseMessage(s)) === s, and the parsed fields are the given ones", () => {
    fc.assert(
      fc.property(arb, (fields) => {
        const text = createMessage(fields);
        const parsed = parseMessage(text, { dialects: [dialect] });
        expect(parsed).toEqual(expectedMessage(fields));
        expect(createMessage(parsed)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it("holds for messages with and without each optional line", () => {
    fc.assert(
      fc.property(arb, fc.subarray([...optional]), (fields, drop) => {
        const trimmed: Record<string, unknown> = { ...fields };
        for (const key of drop) delete trimmed[key];
        if (trimmed.chainId === undefined) delete trimmed.chainIdForm; // a written form needs a chain id
        const text = createMessage(trimmed as unknown as SignInMessageFields);
        expect(createMessage(parseMessage(text))).toBe(text);
        for (const key of drop) expect(parseMessage(text)[key]).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });
});

describe("createMessage in the xrpl-wallet-kit layout", () => {
  it("is the text wallet-kit's own formatter writes for the same parameters", () => {
    fc.assert(
      fc.property(walletKitFieldsArb, (fields) => {
        const written = formatWalletKitMessage(walletKitParams(fields));
        expect(createMessage(fields)).toBe(written);
        expect(parseMessage(written)).toEqual(expectedMessage(fields));
      }),
      { numRuns: RUNS },
    );
  });

  it("refuses each field the layout has no line for, once each, and nothing else", () => {
    const withoutLine = ["scheme", "notBefore", "requestId", "resources"] as const;
    fc.assert(
      fc.property(fieldsArb, (fields) => {
        const present = withoutLine.filter((key) => fields[key] !== undefined);
        const codes = codesOfCreate({ ...fields, dialect: "xrpl-wallet-kit" });
        expect(codes).toEqual(present.map(() => "unsupported_field"));
      }),
      { numRuns: 1_000 },
    );
  });
});

/** Each bad field: the createMessage code, the arbitrary, and how the value sits in the text. */
const BAD_FIELDS = [
  { field: "domain", code: "invalid_domain", arb: badDomainArb },
  { field: "address", code: "invalid_address", arb: badAddressArb },
  { field: "statement", code: "invalid_statement", arb: badStatementArb },
  { field: "uri", code: "invalid_uri", arb: badUriArb },
  { field: "chainId", code: "invalid_chain_id", arb: badChainIdArb },
  { field: "nonce", code: "invalid_nonce", arb: badNonceArb },
  { field: "issuedAt", code: "invalid_issued_at", arb: badDateTimeArb },
  { field: "expirationTime", code: "invalid_expiration_time", arb: badDateTimeArb },
  { field: "notBefore", code: "invalid_not_before", arb: badDateTimeArb },
  { field: "requestId", code: "invalid_request_id", arb: badRequestIdArb },
  { field: "resources", code: "invalid_resource", arb: badUriArb.map((uri) => [uri]) },
] as const;

/** The message text with one field's value replaced by raw text, bypassing createMessage. */
function textWith(fields: SignInMessageFields, field: string, value: unknown): string {
  const placeholder = "PLACEHOLDER0000X";
  const withPlaceholder = { ...fields } as Record<string, unknown>;
  const placeholders: Record<string, unknown> = {
    domain: "placeholder0000x.example",
    address: undefined,
    statement: placeholder,
    uri: `urn:${placeholder}`,
    chainId: "xrpl:4294967295",
    nonce: placeholder,
    issuedAt: "1111-11-11T11:11:11.111Z",
    expirationTime: "1111-11-11T11:11:11.112Z",
    notBefore: "1111-11-11T11:11:11.113Z",
    requestId: placeholder,
    resources: [`urn:${placeholder}`],
  };
  if (field === "address") {
    const text = createMessage(fields);
    const lines = text.split("\n");
    lines[1] = value as string;
    return lines.join("\n");
  }
  withPlaceholder[field] = placeholders[field];
  const text = createMessage(withPlaceholder as unknown as SignInMessageFields);
  const marker = {
    domain: "placeholder0000x.example",
    statement: placeholder,
    uri: `URI: urn:${placeholder}`,
    chainId: "Chain ID: 4294967295",
    nonce: `Nonce: ${placeholder}`,
    issuedAt: "1111-11-11T11:11:11.111Z",
    expirationTime: "1111-11-11T11:11:11.112Z",
    notBefore: "1111-11-11T11:11:11.113Z",
    requestId: `Request ID: ${placeholder}`,
    resources: `- urn:${placeholder}`,
  }[field]!;
  const raw = (): string => value as string;
  const replacement = {
    domain: raw,
    statement: raw,
    uri: () => `URI: ${raw()}`,
    chainId: () => `Chain ID: ${raw().replace(/^xrpl:(?=\d+$)/, "")}`,
    nonce: () => `Nonce: ${raw()}`,
    issuedAt: raw,
    expirationTime: raw,
    notBefore: raw,
    requestId: () => `Request ID: ${raw()}`,
    resources: () => `- ${(value as string[])[0]!}`,
  }[field]!();
  expect(text.split(marker)).toHaveLength(2);
  return text.replace(marker, () => replacement);
}

describe("createMessage refuses every field the parser rejects", () => {
  it.each(BAD_FIELDS.map((entry) => [entry.field, entry] as const))("bad %s", (_field, { field, code, arb }) => {
    fc.assert(
      fc.property(fieldsArb, arb as fc.Arbitrary<unknown>, (fields, bad) => {
        expect(codesOfCreate({ ...fields, [field]: bad })).toEqual([code]);
        // The same value written straight into the text: the parser rejects it too.
        if (field === "statement" && bad === "") return; // an absent statement is valid; "" is covered in parse tests
        // "https://host" as a domain is refused by createMessage (use `scheme`), but in the text it
        // reads as scheme + domain: a stricter formatter, never a looser one.
        if (field === "domain" && (bad as string).includes("://")) return;
        expect(parserRejects(textWith(fields, field, bad))).toBe(true);
      }),
      { numRuns: 600 },
    );
  });
});
