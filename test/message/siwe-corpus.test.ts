import { describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { createMessage, parseMessage } from "../../src/message/index.js";
import { isStatement } from "../../src/message/statement.js";
import {
  isFragment,
  isIPvFuture,
  isPctEncoded,
  isRegName,
  isScheme,
  isSegmentNz,
  isUserinfo,
  parseUri,
  type UriComponents,
} from "../../src/message/uri.js";
import { adaptFields, adaptMessage, ADDRESS_MAP, loadFixture, type SiweFields } from "./siwe-corpus.js";

/** Cases where our contract answers differently from SIWE (fixture README, "5, none dropped"). */
const CONTRACT_DIFFERENCES = {
  "v4/parsing_positive:domain is RFC 3986 authority with userinfo":
    "no userinfo in the domain: a wallet would show a user:password@ prefix the user cannot judge",
  "v4/parsing_positive:domain is RFC 3986 authority with userinfo and port":
    "no userinfo in the domain: a wallet would show a user:password@ prefix the user cannot judge",
  "v4/valid_specification:statement empty":
    "a present statement may not be empty: one layout per message, so the signed text is unambiguous",
  "v4/parsing_negative_objects:missing version": 'version is optional in SignInMessageFields: it can only be "1"',
  "v3beta-rtlo/parsing_negative_objects:missing version": 'version is optional in SignInMessageFields: it can only be "1"',
} as const;

const differencesSeen = new Set<string>();
function differs(file: string, name: string): boolean {
  const key = `${file}:${name}`;
  if (key in CONTRACT_DIFFERENCES) {
    differencesSeen.add(key);
    return true;
  }
  return false;
}

function parseFails(text: string): MessageFormatError {
  let caught: unknown;
  try {
    parseMessage(text);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MessageFormatError);
  expect((caught as MessageFormatError).issues.length).toBeGreaterThan(0);
  return caught as MessageFormatError;
}

function createFails(fields: unknown): MessageFormatError {
  let caught: unknown;
  try {
    createMessage(fields as never);
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(MessageFormatError);
  return caught as MessageFormatError;
}

type Positive = Record<string, { message: string; fields: SiweFields }>;
type Negative = Record<string, string>;
type NegativeObjects = Record<string, SiweFields>;
type MessageObjects = Record<string, { msg: SiweFields; error: string }>;
type RuleCases = Record<string, { rule: string; input: string; answer: boolean }>;
type Resources = Record<string, { msg: string; resources: string[] }>;
type Specification = Record<string, { msg: string; items: Record<string, unknown> }>;
type Uris = Record<string, { msg: string; uri: Record<string, string | number | null> }>;

describe("SIWE corpus, adapted to XRPL", () => {
  const positive = loadFixture<Positive>("v4/parsing_positive.json");
  it.each(Object.entries(positive))("parsing_positive: %s", (name, { message, fields }) => {
    const text = adaptMessage(message);
    if (differs("v4/parsing_positive", name)) {
      expect(parseFails(text).issues.map((issue) => issue.code)).toContain("invalid_domain");
      return;
    }
    const parsed = parseMessage(text);
    expect(parsed).toEqual({ dialect: "caip122", version: "1", ...adaptFields(fields) });
    expect(createMessage(parsed)).toBe(text);
  });

  const negativeFiles = ["v4/parsing_negative.json", "v3beta-rtlo/parsing_negative.json"];
  for (const file of negativeFiles) {
    const cases = loadFixture<Negative>(file);
    it.each(Object.entries(cases))(`${file}: %s fails to parse`, (_name, message) => {
      parseFails(message.includes(" wants you to sign in with your Ethereum account:") ? adaptMessage(message) : message);
      // The untouched Ethereum text must fail too (wrong header, not a classic address).
      parseFails(message);
    });
  }

  it("keeps the v3beta right-to-left-override cases failing on the bidi character itself", () => {
    const cases = loadFixture<Negative>("v3beta-rtlo/parsing_negative.json");
    const rtlo = Object.entries(cases).filter(([, message]) => message.includes("\u202e"));
    expect(rtlo).toHaveLength(3);
    for (const [, message] of rtlo) {
      const codes = parseFails(adaptMessage(message)).issues.map((issue) => issue.code);
      expect(codes.some((code) => ["invalid_domain", "invalid_uri", "invalid_resource"].includes(code))).toBe(true);
    }
  });

  const objectFiles = ["v4/parsing_negative_objects.json", "v3beta-rtlo/parsing_negative_objects.json"];
  for (const file of objectFiles) {
    const cases = loadFixture<NegativeObjects>(file);
    const short = file.replace(".json", "");
    it.each(Object.entries(cases))(`${file}: createMessage refuses %s`, (name, fields) => {
      const adapted = adaptFields(fields);
      if (differs(short, name)) {
        const text = createMessage(adapted);
        expect(text).toContain("\nVersion: 1\n");
        expect(parseMessage(text).version).toBe("1");
        return;
      }
      createFails(adapted);
    });
  }

  const messageObjects = loadFixture<MessageObjects>("v4/message_objects.json");
  it.each(Object.entries(messageObjects))("message_objects: %s", (_name, { msg, error }) => {
    const fields = adaptFields(msg);
    if (error !== "none") {
      createFails(fields);
      return;
    }
    const text = createMessage(fields);
    expect(parseMessage(text)).toEqual({ dialect: "caip122", ...fields });
  });

  const invalidMessageFiles = ["v4/invalid_uris.json", "v4/invalid_resources.json"];
  for (const file of invalidMessageFiles) {
    const cases = loadFixture<Negative>(file);
    it.each(Object.entries(cases))(`${file}: %s fails to parse`, (_name, message) => {
      const codes = parseFails(adaptMessage(message)).issues.map((issue) => issue.code);
      expect(codes).toEqual([file.includes("uris") ? "invalid_uri" : "invalid_resource"]);
    });
  }

  const validResources = loadFixture<Resources>("v4/valid_resources.json");
  it.each(Object.entries(validResources))("valid_resources: %s", (_name, { msg, resources }) => {
    const text = adaptMessage(msg);
    expect(parseMessage(text).resources).toEqual(resources);
    expect(createMessage(parseMessage(text))).toBe(text);
  });

  const specification = loadFixture<Specification>("v4/valid_specification.json");
  it.each(Object.entries(specification))("valid_specification: %s", (name, { msg, items }) => {
    const text = adaptMessage(msg);
    if (differs("v4/valid_specification", name)) {
      expect(parseFails(text).issues.map((issue) => issue.code)).toContain("invalid_statement");
      return;
    }
    const parsed = parseMessage(text);
    for (const [key, value] of Object.entries(items)) {
      expect(parsed[key as keyof typeof parsed]).toEqual(value === null ? undefined : value);
    }
    expect(createMessage(parsed)).toBe(text);
  });

  const validUris = loadFixture<Uris>("v4/valid_uris.json");
  it.each(Object.entries(validUris))("valid_uris: %s", (_name, { msg, uri }) => {
    const parsed = parseMessage(adaptMessage(msg));
    const components = parseUri(parsed.uri);
    expect(components).toBeDefined();
    for (const [key, value] of Object.entries(uri)) {
      const actual = components![key as keyof UriComponents];
      expect(actual).toBe(value === null ? undefined : String(value));
    }
  });

  const ruleFunctions: Record<string, (input: string) => boolean> = {
    scheme: isScheme,
    statement: isStatement,
    "pct-encoded": isPctEncoded,
    userinfo: isUserinfo,
    IPvFuture: isIPvFuture,
    "reg-name": isRegName,
    "segment-nz": isSegmentNz,
    fragment: isFragment,
  };
  /** Where a valid rule input sits in a whole message. */
  const embed: Record<string, (input: string) => { uri?: string; statement?: string }> = {
    scheme: (input) => ({ uri: `${input}:` }),
    statement: (input) => ({ statement: input }),
    "pct-encoded": (input) => ({ uri: `uri:${input}` }),
    userinfo: (input) => ({ uri: `uri://${input}@example.com` }),
    IPvFuture: (input) => ({ uri: `uri://[${input}]` }),
    "reg-name": (input) => ({ uri: `uri://${input}` }),
    "segment-nz": (input) => ({ uri: `uri:${input}` }),
    fragment: (input) => ({ uri: `uri:#${input}` }),
  };
  const base = {
    domain: "service.org",
    address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
    uri: "uri:",
    chainId: "xrpl:1",
    nonce: "32891757",
    issuedAt: "2021-09-30T16:25:24.000Z",
  };
  for (const file of ["v4/valid_chars.json", "v4/invalid_chars.json"]) {
    const cases = loadFixture<RuleCases>(file);
    it.each(Object.entries(cases))(`${file}: %s`, (name, { rule, input, answer }) => {
      const check = ruleFunctions[rule];
      expect(check, `no rule function for ${rule}`).toBeDefined();
      const expected = differs(file.replace(".json", ""), name) ? !answer : answer;
      expect(check!(input)).toBe(expected);
      if (answer) {
        const text = createMessage({ ...base, ...embed[rule]!(input) });
        expect(createMessage(parseMessage(text))).toBe(text);
      }
    });
  }

  it("maps every corpus address, valid ones to valid classic addresses and broken ones to broken ones", () => {
    const valid = Object.entries(ADDRESS_MAP).filter(([, xrpl]) => {
      try {
        createMessage({ ...base, address: xrpl });
        return true;
      } catch {
        return false;
      }
    });
    expect(valid.map(([ethereum]) => ethereum)).toEqual([
      "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
      "0xe5A12547fe4E872D192E3eCecb76F2Ce1aeA4946",
      "0xc95EB884FE852e241D409234bfC7045CB9E31BD7",
    ]);
  });

  it("meets every documented contract difference exactly once (5 cases, none dropped)", () => {
    expect(Object.keys(CONTRACT_DIFFERENCES)).toHaveLength(5);
    expect([...differencesSeen].sort()).toEqual(Object.keys(CONTRACT_DIFFERENCES).sort());
  });
});
