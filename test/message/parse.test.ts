import { describe, expect, it } from "vitest";
import { InvalidOptionsError, MessageFormatError, SignInError } from "../../src/errors.js";
import { createMessage, parseMessage } from "../../src/message/index.js";
import type { ParseOptions } from "../../src/message/types.js";
import {
  ADDRESS,
  FULL,
  FULL_FIELDS,
  FULL_LINES,
  MINIMAL,
  MINIMAL_LINES,
  WALLET_KIT,
  WALLET_KIT_LINES,
  WALLET_KIT_PLAIN,
  WALLET_KIT_PLAIN_LINES,
  withLine,
} from "./messages.js";

function issuesOf(text: unknown, options?: ParseOptions): { code: string; line: number }[] {
  try {
    parseMessage(text, options);
  } catch (error) {
    expect(error).toBeInstanceOf(MessageFormatError);
    expect((error as MessageFormatError).code).toBe("message_format");
    return (error as MessageFormatError).issues.map(({ code, line, message }) => {
      expect(message.length).toBeGreaterThan(0);
      return { code, line };
    });
  }
  throw new Error("parseMessage accepted the text");
}

describe("parseMessage: the caip122 layout", () => {
  it("reads every field of a full message", () => {
    expect(parseMessage(FULL)).toEqual({ dialect: "caip122", ...FULL_FIELDS });
  });

  it("reads a message without statement or optional lines, leaving their keys out", () => {
    const message = parseMessage(MINIMAL);
    expect(message).toEqual({
      dialect: "caip122",
      domain: "example.com",
      address: ADDRESS,
      uri: "https://example.com",
      version: "1",
      chainId: "xrpl:0",
      nonce: "12345678",
      issuedAt: "2024-01-01T00:00:00Z",
    });
    expect(Object.keys(message)).not.toContain("statement");
  });

  it("keeps the times' exact text", () => {
    const text = withLine(MINIMAL_LINES, 9, "Issued At: 2024-01-01T01:00:00.123456+01:00");
    expect(parseMessage(text).issuedAt).toBe("2024-01-01T01:00:00.123456+01:00");
  });

  it("accepts Chain ID in CAIP-2 form and normalises it (not canonical: createMessage writes the number)", () => {
    const text = withLine(MINIMAL_LINES, 7, "Chain ID: xrpl:21337");
    const message = parseMessage(text);
    expect(message.chainId).toBe("xrpl:21337");
    expect(createMessage(message)).toBe(withLine(MINIMAL_LINES, 7, "Chain ID: 21337"));
  });

  it("accepts an empty Resources list and an empty Request ID", () => {
    const text = [...MINIMAL_LINES, "Request ID: ", "Resources:"].join("\n");
    const message = parseMessage(text);
    expect(message.requestId).toBe("");
    expect(message.resources).toEqual([]);
    expect(createMessage(message)).toBe(text);
  });

  it("accepts a message of exactly 8192 UTF-8 bytes and refuses one byte more", () => {
    const head = [...MINIMAL_LINES, "Resources:"].join("\n");
    const room = 8192 - Buffer.byteLength(head, "utf8") - "\n- https://e.com/".length;
    const fits = `${head}\n- https://e.com/${"a".repeat(room)}`;
    expect(Buffer.byteLength(fits, "utf8")).toBe(8192);
    expect(parseMessage(fits).resources).toHaveLength(1);
    expect(issuesOf(fits + "a")).toEqual([{ code: "too_large", line: 0 }]);
  });

  it("counts the size in UTF-8 bytes: a 4 KiB-character statement of 2-byte letters is too large", () => {
    const text = withLine(FULL_LINES, 4, "é".repeat(4000));
    expect(text.length).toBeLessThan(8192);
    expect(issuesOf(text)).toEqual([{ code: "too_large", line: 0 }]);
  });

  it("checks the size before anything else", () => {
    const text = `garbage\r\n${"x".repeat(9000)}`;
    expect(issuesOf(text)).toEqual([{ code: "too_large", line: 0 }]);
  });
});

describe("parseMessage: the xrpl-wallet-kit layout", () => {
  it("is accepted by default", () => {
    expect(parseMessage(WALLET_KIT)).toEqual({
      dialect: "xrpl-wallet-kit",
      domain: "example.com",
      address: ADDRESS,
      statement: "Sign in with your wallet.",
      uri: "https://example.com",
      version: "1",
      nonce: "12345678abc",
      issuedAt: "2024-01-01T00:00:00.000Z",
      chainId: "xrpl:0",
      chainIdForm: "caip2",
      expirationTime: "2024-01-01T00:05:00.000Z",
    });
  });

  /** The fields of WALLET_KIT_PLAIN's first seven lines: no statement, chain id or expiration. */
  const SMALLEST = {
    dialect: "xrpl-wallet-kit",
    domain: "localhost:5173",
    address: ADDRESS,
    uri: "http://localhost:5173",
    version: "1",
    nonce: "0123456789abcdef",
    issuedAt: "2024-01-01T00:00:00.000Z",
  };

  it("reads a message without a statement: ONE blank line after the address, then URI", () => {
    expect(parseMessage(WALLET_KIT_PLAIN)).toEqual({
      ...SMALLEST,
      chainId: "xrpl:1",
      chainIdForm: "bare",
      expirationTime: "2024-01-01T01:00:00.000Z",
    });
    expect(Object.keys(parseMessage(WALLET_KIT_PLAIN))).not.toContain("statement");
  });

  it("accepts a bare chain id, or none at all, and records how the line wrote it", () => {
    const bare = parseMessage(withLine(WALLET_KIT_LINES, 10, "Chain ID: 1"));
    expect([bare.chainId, bare.chainIdForm]).toEqual(["xrpl:1", "bare"]);
    const withoutChain = WALLET_KIT_LINES.filter((line) => !line.startsWith("Chain ID"));
    const message = parseMessage(withoutChain.join("\n"));
    expect(message.chainId).toBeUndefined();
    expect(Object.keys(message)).not.toContain("chainIdForm");
    expect(message.expirationTime).toBe("2024-01-01T00:05:00.000Z");
  });

  it("reads the smallest message: no statement, no chain id, no expiration", () => {
    const text = WALLET_KIT_PLAIN_LINES.slice(0, 7).join("\n");
    expect(parseMessage(text)).toEqual(SMALLEST);
    expect(createMessage(parseMessage(text))).toBe(text);
  });

  it("tells a statement that reads like a field line from the field line by the blank line after it", () => {
    const lines = [...WALLET_KIT_LINES];
    lines[3] = "URI: https://example.com/statement";
    const message = parseMessage(lines.join("\n"));
    expect(message.statement).toBe("URI: https://example.com/statement");
    expect(message.uri).toBe("https://example.com");
    expect(createMessage(message)).toBe(lines.join("\n"));
  });

  it("refuses two blank lines without a statement (the caip122 spacing), naming the stray line", () => {
    const lines = [...WALLET_KIT_PLAIN_LINES];
    lines.splice(3, 0, "");
    expect(issuesOf(lines.join("\n"))).toEqual([{ code: "unexpected_line", line: 4 }]);
    try {
      parseMessage(lines.join("\n"));
    } catch (error) {
      expect((error as MessageFormatError).issues[0]!.message).toBe(
        "Unexpected blank line: without a statement, the xrpl-wallet-kit layout has one blank line between the address and the URI line.",
      );
    }
  });

  it("wants a blank line after the statement, and no empty statement", () => {
    const noBlankAfter = WALLET_KIT_LINES.filter((_line, index) => index !== 4);
    expect(issuesOf(noBlankAfter.join("\n"))).toEqual([{ code: "expected_blank_line", line: 5 }]);
    const twoLines = [...WALLET_KIT_LINES];
    twoLines.splice(4, 0, "a second statement line");
    expect(issuesOf(twoLines.join("\n"))).toEqual([
      { code: "expected_blank_line", line: 5 },
      { code: "unexpected_line", line: 5 },
      { code: "unexpected_line", line: 6 },
    ]);
    expect(issuesOf(withLine(WALLET_KIT_LINES, 4, ""))).toEqual([{ code: "invalid_statement", line: 4 }]);
  });

  it("wants the blank line after the address", () => {
    const noBlank = WALLET_KIT_PLAIN_LINES.filter((_line, index) => index !== 2);
    // As in caip122, line 3 stands where the blank line belongs, so URI counts as missing too.
    expect(issuesOf(noBlank.join("\n"))).toEqual([
      { code: "expected_blank_line", line: 3 },
      { code: "missing_field", line: 4 },
    ]);
  });

  it("is refused when only caip122 is accepted, and caip122 when only it is accepted", () => {
    expect(issuesOf(WALLET_KIT, { dialects: ["caip122"] })).toEqual([{ code: "dialect_not_accepted", line: 1 }]);
    expect(issuesOf(MINIMAL, { dialects: ["xrpl-wallet-kit"] })).toEqual([{ code: "dialect_not_accepted", line: 1 }]);
    expect(parseMessage(WALLET_KIT, { dialects: ["xrpl-wallet-kit"] }).dialect).toBe("xrpl-wallet-kit");
  });

  it("has no caip122-only lines and no scheme", () => {
    expect(issuesOf([...WALLET_KIT_LINES, "Not Before: 2024-01-01T00:00:00Z"].join("\n"))).toEqual([{ code: "unexpected_line", line: 12 }]);
    expect(issuesOf(withLine(WALLET_KIT_LINES, 1, "https://example.com wants you to sign in with your wallet:"))).toEqual([
      { code: "invalid_scheme", line: 1 },
    ]);
  });

  it("wants Chain ID after Issued At", () => {
    const lines = [...WALLET_KIT_LINES];
    const chain = lines.splice(9, 1)[0]!;
    lines.splice(7, 0, chain); // between Version and Nonce
    expect(issuesOf(lines.join("\n"))).toEqual([
      { code: "missing_field", line: 8 },
      { code: "missing_field", line: 8 },
      { code: "out_of_order_field", line: 9 },
      { code: "out_of_order_field", line: 10 },
    ]);
  });

  it("is written back byte for byte by createMessage, and in the caip122 layout when asked", () => {
    expect(createMessage(parseMessage(WALLET_KIT))).toBe(WALLET_KIT);
    expect(createMessage(parseMessage(WALLET_KIT_PLAIN))).toBe(WALLET_KIT_PLAIN);
    const { chainIdForm: _form, ...fields } = parseMessage(WALLET_KIT);
    const text = createMessage({ ...fields, dialect: "caip122" });
    expect(parseMessage(text, { dialects: ["caip122"] })).toEqual({ ...fields, dialect: "caip122" });
  });
});

describe("parseMessage: one blank line then URI, in each dialect", () => {
  it("is the wallet-kit layout without a statement, and a missing blank line in caip122", () => {
    const caip122 = MINIMAL_LINES.filter((_line, index) => index !== 3).join("\n");
    expect(issuesOf(caip122)).toEqual([{ code: "expected_blank_line", line: 4 }]);
    try {
      parseMessage(caip122);
    } catch (error) {
      expect((error as MessageFormatError).issues[0]!.message).toBe(
        "Expected a blank line before the URI line (without a statement, two blank lines follow the address).",
      );
    }
    expect(parseMessage(WALLET_KIT_PLAIN).dialect).toBe("xrpl-wallet-kit");
  });

  it("is refused with the wallet-kit header when only caip122 is accepted", () => {
    expect(issuesOf(WALLET_KIT_PLAIN, { dialects: ["caip122"] })).toEqual([{ code: "dialect_not_accepted", line: 1 }]);
  });
});

describe("parseMessage: issues, with 1-based lines", () => {
  it.each([
    ["a number", 42],
    ["null", null],
    ["undefined", undefined],
    ["an object", { message: MINIMAL }],
    ["a String object", new String(MINIMAL)],
    ["a Buffer", Buffer.from(MINIMAL)],
  ])("not_a_string for %s", (_name, value) => {
    expect(issuesOf(value)).toEqual([{ code: "not_a_string", line: 0 }]);
  });

  it("too_large", () => {
    expect(issuesOf("a".repeat(8193))).toEqual([{ code: "too_large", line: 0 }]);
  });

  it("carriage_return, once per line holding one, CRLF or bare", () => {
    expect(issuesOf(MINIMAL.replace(/\n/g, "\r\n"))).toEqual(
      MINIMAL_LINES.slice(0, -1).map((_line, index) => ({ code: "carriage_return", line: index + 1 })),
    );
    expect(issuesOf(withLine(MINIMAL_LINES, 5, "URI: https://exa\rmple.com"))).toEqual([
      { code: "carriage_return", line: 5 },
      { code: "invalid_uri", line: 5 },
    ]);
    expect(issuesOf(MINIMAL + "\r")).toEqual([{ code: "carriage_return", line: 9 }]);
  });

  it("trailing_newline", () => {
    expect(issuesOf(MINIMAL + "\n")).toEqual([{ code: "trailing_newline", line: 10 }]);
    expect(issuesOf(MINIMAL + "\n\n")).toEqual([
      { code: "unexpected_line", line: 10 },
      { code: "trailing_newline", line: 11 },
    ]);
  });

  it("invalid_header", () => {
    expect(issuesOf(withLine(MINIMAL_LINES, 1, "example.com wants you to sign in with your Ethereum account:"))).toEqual([
      { code: "invalid_header", line: 1 },
    ]);
    expect(issuesOf(withLine(MINIMAL_LINES, 1, "example.com wants you to sign in with your XRPL account: "))).toEqual([
      { code: "invalid_header", line: 1 },
    ]);
    expect(issuesOf("")).toEqual([
      { code: "invalid_header", line: 1 },
      { code: "missing_field", line: 2 },
    ]);
  });

  it("invalid_scheme", () => {
    expect(issuesOf(withLine(MINIMAL_LINES, 1, "1https://example.com wants you to sign in with your XRPL account:"))).toEqual([
      { code: "invalid_scheme", line: 1 },
    ]);
    expect(issuesOf(withLine(MINIMAL_LINES, 1, "://example.com wants you to sign in with your XRPL account:"))).toEqual([
      { code: "invalid_scheme", line: 1 },
    ]);
  });

  it.each([
    ["an empty domain", " wants you to sign in with your XRPL account:"],
    ["userinfo", "test@127.0.0.1 wants you to sign in with your XRPL account:"],
    ["a path", "example.com/x wants you to sign in with your XRPL account:"],
    ["a RTLO", "\u202eservice.org#moc.live wants you to sign in with your XRPL account:"],
    ["two spaces", "example.com  wants you to sign in with your XRPL account:"],
  ])("invalid_domain for %s", (_name, header) => {
    expect(issuesOf(withLine(MINIMAL_LINES, 1, header))).toEqual([{ code: "invalid_domain", line: 1 }]);
  });

  it("invalid_address", () => {
    expect(issuesOf(withLine(MINIMAL_LINES, 2, "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzu"))).toEqual([{ code: "invalid_address", line: 2 }]);
    expect(issuesOf(withLine(MINIMAL_LINES, 2, ""))).toEqual([{ code: "invalid_address", line: 2 }]);
  });

  it("expected_blank_line after the address, after the statement, and before URI", () => {
    expect(issuesOf(withLine(MINIMAL_LINES, 3, "x"))).toEqual([{ code: "expected_blank_line", line: 3 }]);
    expect(issuesOf(withLine(FULL_LINES, 5, "second statement line"))).toEqual([
      { code: "expected_blank_line", line: 5 },
      { code: "unexpected_line", line: 5 },
    ]);
    const oneBlank = MINIMAL_LINES.filter((_line, index) => index !== 3).join("\n");
    expect(issuesOf(oneBlank)).toEqual([{ code: "expected_blank_line", line: 4 }]);
  });

  it.each([
    ["a LF split (two lines)", "I accept the ServiceOrg Terms of Service: \nhttps://service.org/tos"],
    ["a RTLO", "Sign in \u202e"],
    ["a zero-width space", "Sign\u200b in"],
    ["a U+2028", "Sign\u2028in"],
    ["a NUL", "Sign\u0000in"],
    ["a TAB", "Sign\tin"],
  ])("invalid_statement (or a broken layout) for %s", (_name, statement) => {
    const issues = issuesOf(withLine(FULL_LINES, 4, statement));
    expect(issues.length).toBeGreaterThan(0);
    expect(issues[0]!.line).toBe(statement.includes("\n") ? 5 : 4);
    if (!statement.includes("\n")) expect(issues).toEqual([{ code: "invalid_statement", line: 4 }]);
  });

  it("invalid_statement for an empty statement between the blank lines", () => {
    const lines = [...MINIMAL_LINES];
    lines.splice(3, 0, "");
    expect(issuesOf(lines.join("\n"))).toEqual([{ code: "invalid_statement", line: 4 }]);
  });

  it("invalid_field_syntax", () => {
    expect(issuesOf(withLine(MINIMAL_LINES, 5, "URI:https://example.com"))).toEqual([{ code: "invalid_field_syntax", line: 5 }]);
    expect(issuesOf([...MINIMAL_LINES, "Resources: x"].join("\n"))).toEqual([{ code: "invalid_field_syntax", line: 10 }]);
  });

  it.each([
    [5, "URI: not a uri", "invalid_uri"],
    [5, "URI: ", "invalid_uri"],
    [6, "Version: 2", "invalid_version"],
    [6, "Version: 1 ", "invalid_version"],
    [7, "Chain ID: ?", "invalid_chain_id"],
    [7, "Chain ID: 01", "invalid_chain_id"],
    [7, "Chain ID: 4294967296", "invalid_chain_id"],
    [7, "Chain ID: eip155:1", "invalid_chain_id"],
    [8, "Nonce: 1234567", "invalid_nonce"],
    [8, "Nonce: 1234567!", "invalid_nonce"],
    [9, "Issued At: 2023-02-29T00:00:00Z", "invalid_issued_at"],
    [9, "Issued At: 2023-02-28T00:00:00", "invalid_issued_at"],
  ])("line %i %j: %s", (line, text, code) => {
    expect(issuesOf(withLine(MINIMAL_LINES, line, text))).toEqual([{ code, line }]);
  });

  it.each([
    [11, "Expiration Time: 2024-02-31T12:05:00Z", "invalid_expiration_time"],
    [12, "Not Before: garbage", "invalid_not_before"],
    [13, "Request ID: has space", "invalid_request_id"],
    [15, "- not a uri", "invalid_resource"],
    [15, "-https://example.com/a", "invalid_resource"],
    [16, "- \u202ehttps://service.org/login#moc.live//:sptth\u202d", "invalid_resource"],
  ])("line %i %j: %s", (line, text, code) => {
    expect(issuesOf(withLine(FULL_LINES, line, text))).toEqual([{ code, line }]);
  });

  it("missing_field, where the field was expected", () => {
    const withoutNonce = MINIMAL_LINES.filter((line) => !line.startsWith("Nonce"));
    expect(issuesOf(withoutNonce.join("\n"))).toEqual([{ code: "missing_field", line: 8 }]);
    const withoutIssuedAt = MINIMAL_LINES.slice(0, -1);
    expect(issuesOf(withoutIssuedAt.join("\n"))).toEqual([{ code: "missing_field", line: 9 }]);
    expect(issuesOf(MINIMAL_LINES.slice(0, 1).join("\n"))).toEqual([{ code: "missing_field", line: 2 }]);
    // "header\naddress\n\n": the last LF is a trailing newline, and every field is missing.
    expect(issuesOf(MINIMAL_LINES.slice(0, 4).join("\n"))).toEqual([
      { code: "trailing_newline", line: 4 },
      ...["URI", "Version", "Chain ID", "Nonce", "Issued At"].map(() => ({ code: "missing_field", line: 4 })),
    ]);
  });

  it("duplicate_field", () => {
    const lines = [...MINIMAL_LINES, "Nonce: 87654321"];
    expect(issuesOf(lines.join("\n"))).toEqual([{ code: "duplicate_field", line: 10 }]);
    const resources = [...MINIMAL_LINES, "Resources:", "- a:", "Resources:"];
    expect(issuesOf(resources.join("\n"))).toEqual([{ code: "duplicate_field", line: 12 }]);
  });

  it("out_of_order_field (and the field missing where it belonged)", () => {
    const lines = [...MINIMAL_LINES];
    [lines[4], lines[5]] = [lines[5]!, lines[4]!]; // Version before URI
    expect(issuesOf(lines.join("\n"))).toEqual([
      { code: "missing_field", line: 5 },
      { code: "out_of_order_field", line: 6 },
    ]);
    const late = [...FULL_LINES];
    late.push(late.splice(11, 1)[0]!); // Not Before after the resources
    expect(issuesOf(late.join("\n"))).toEqual([{ code: "out_of_order_field", line: 16 }]);
  });

  it("unexpected_line for unknown lines, stray blanks and text after the message", () => {
    expect(issuesOf([...MINIMAL_LINES, "Hello: world"].join("\n"))).toEqual([{ code: "unexpected_line", line: 10 }]);
    expect(issuesOf([...MINIMAL_LINES, "", "Request ID: x"].join("\n"))).toEqual([{ code: "unexpected_line", line: 10 }]);
    expect(issuesOf([...MINIMAL_LINES, "- https://example.com"].join("\n"))).toEqual([{ code: "unexpected_line", line: 10 }]);
    expect(issuesOf(withLine(MINIMAL_LINES, 6, "version: 1"))).toEqual([
      { code: "unexpected_line", line: 6 },
      { code: "missing_field", line: 7 },
    ]);
  });

  it("reports every problem of a badly broken message, in line order", () => {
    const text = [
      "https://exa_mple.com wants you to sign in with your XRPL account:",
      "rBadAddress",
      "",
      "Statement with \u202e",
      "",
      "URI: no uri",
      "Version: 2",
      "Chain ID: x",
      "Nonce: short",
      "Issued At: 2023-02-29T00:00:00Z",
      "Expiration Time: never",
      "Bogus: line",
      "Request ID: a b",
      "Resources:",
      "- nope",
      "Nonce: 12345678",
    ].join("\r\n");
    expect(issuesOf(text).map(({ code, line }) => `${line}:${code}`)).toEqual([
      "1:carriage_return",
      "1:invalid_domain",
      "2:carriage_return",
      "2:invalid_address",
      "3:carriage_return",
      "4:carriage_return",
      "4:invalid_statement",
      "5:carriage_return",
      "6:carriage_return",
      "6:invalid_uri",
      "7:carriage_return",
      "7:invalid_version",
      "8:carriage_return",
      "8:invalid_chain_id",
      "9:carriage_return",
      "9:invalid_nonce",
      "10:carriage_return",
      "10:invalid_issued_at",
      "11:carriage_return",
      "11:invalid_expiration_time",
      "12:carriage_return",
      "12:unexpected_line",
      "13:carriage_return",
      "13:invalid_request_id",
      "14:carriage_return",
      "15:carriage_return",
      "15:invalid_resource",
      "16:duplicate_field",
    ]);
  });

  it("says what is wrong in the error message, with the line", () => {
    try {
      parseMessage(withLine(MINIMAL_LINES, 8, "Nonce: 123"));
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(SignInError);
      expect((error as Error).message).toBe('Invalid sign-in message: "123" is not a nonce (at least 8 ASCII letters or digits). (line 8)');
    }
  });

  it("escapes control and bidi characters when it quotes the input", () => {
    try {
      parseMessage(withLine(MINIMAL_LINES, 5, "URI: \u202eevil\u0000"));
      expect.unreachable();
    } catch (error) {
      const issue = (error as MessageFormatError).issues[0]!;
      expect(issue.message).toContain("\\u202eevil\\u0000");
      expect(issue.message).not.toContain("\u202e");
    }
  });
});

describe("parseMessage options", () => {
  it.each([
    ["null options", null],
    ["a string", "caip122"],
    ["an empty dialect list", { dialects: [] }],
    ["an unknown dialect", { dialects: ["siwe"] }],
    ["a dialect string instead of a list", { dialects: "caip122" }],
  ])("throws InvalidOptionsError for %s", (_name, options) => {
    expect(() => parseMessage(MINIMAL, options as never)).toThrow(InvalidOptionsError);
    expect(() => parseMessage(MINIMAL, options as never)).toThrow(/^sign-in-with-xrpl: /);
  });

  it("accepts an explicit undefined dialect list as the default", () => {
    expect(parseMessage(WALLET_KIT, {}).dialect).toBe("xrpl-wallet-kit");
  });
});
