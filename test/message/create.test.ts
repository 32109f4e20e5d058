import { describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { createMessage, parseMessage } from "../../src/message/index.js";
import type { SignInMessageFields } from "../../src/message/types.js";
import { BASE_FIELDS, FULL, FULL_FIELDS, MINIMAL, WALLET_KIT, WALLET_KIT_PLAIN } from "./messages.js";

function refusal(fields: unknown): { code: string; line: number }[] {
  try {
    createMessage(fields as SignInMessageFields);
  } catch (error) {
    expect(error).toBeInstanceOf(MessageFormatError);
    return (error as MessageFormatError).issues.map(({ code, line }) => ({ code, line }));
  }
  throw new Error("createMessage accepted the fields");
}

describe("createMessage", () => {
  it("writes the minimal caip122 layout: two blank lines without a statement", () => {
    expect(createMessage(BASE_FIELDS)).toBe(MINIMAL);
  });

  it("writes every optional line in order", () => {
    const text = createMessage({ ...FULL_FIELDS, resources: [...FULL_FIELDS.resources] });
    expect(text).toBe(FULL);
  });

  it("writes Dates with toISOString()", () => {
    const issuedAt = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
    const text = createMessage({ ...BASE_FIELDS, issuedAt, expirationTime: new Date(issuedAt.getTime() + 300_000) });
    const message = parseMessage(text);
    expect(message.issuedAt).toBe("2024-01-02T03:04:05.006Z");
    expect(message.expirationTime).toBe("2024-01-02T03:09:05.006Z");
  });

  it("writes the chain id as the bare network id, from CAIP-2 or bare input", () => {
    expect(createMessage({ ...BASE_FIELDS, chainId: "xrpl:21337" })).toContain("\nChain ID: 21337\n");
    expect(createMessage({ ...BASE_FIELDS, chainId: "2" })).toContain("\nChain ID: 2\n");
  });

  it("leaves out optional fields that are undefined or null", () => {
    const fields = { ...BASE_FIELDS, statement: undefined, requestId: null, resources: null, scheme: undefined };
    expect(createMessage(fields as never)).toBe(MINIMAL);
  });

  it("writes an empty resources list as a bare Resources line", () => {
    expect(createMessage({ ...BASE_FIELDS, resources: [] })).toBe(`${MINIMAL}\nResources:`);
  });

  it("ignores chainIdForm: the caip122 line is always the bare network id", () => {
    expect(createMessage({ ...BASE_FIELDS, chainIdForm: "caip2" })).toBe(MINIMAL);
  });

  it.each([
    ["domain", { domain: "https://example.com" }, "invalid_domain"],
    ["domain with userinfo", { domain: "me@example.com" }, "invalid_domain"],
    ["domain as a number", { domain: 42 }, "invalid_domain"],
    ["scheme", { scheme: "ht tp" }, "invalid_scheme"],
    ["address", { address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzu" }, "invalid_address"],
    ["empty statement", { statement: "" }, "invalid_statement"],
    ["statement with LF", { statement: "a\nb" }, "invalid_statement"],
    ["statement with RTLO", { statement: "a\u202eb" }, "invalid_statement"],
    ["statement as a number", { statement: 1 }, "invalid_statement"],
    ["uri", { uri: "not a uri" }, "invalid_uri"],
    ["version", { version: "2" }, "invalid_version"],
    ["version as a number", { version: 1 }, "invalid_version"],
    ["chain id in another namespace", { chainId: "eip155:1" }, "invalid_chain_id"],
    ["chain id as a number", { chainId: 0 }, "invalid_chain_id"],
    ["chain id too large", { chainId: "xrpl:4294967296" }, "invalid_chain_id"],
    ["nonce", { nonce: "1234567" }, "invalid_nonce"],
    ["issuedAt string", { issuedAt: "2023-02-29T00:00:00Z" }, "invalid_issued_at"],
    ["issuedAt invalid Date", { issuedAt: new Date(Number.NaN) }, "invalid_issued_at"],
    ["issuedAt Date past year 9999", { issuedAt: new Date(Date.UTC(10000, 0, 1)) }, "invalid_issued_at"],
    ["issuedAt number", { issuedAt: 1_700_000_000_000 }, "invalid_issued_at"],
    ["expirationTime", { expirationTime: "tomorrow" }, "invalid_expiration_time"],
    ["notBefore", { notBefore: "2021-02-31T00:00:00Z" }, "invalid_not_before"],
    ["requestId", { requestId: "a b" }, "invalid_request_id"],
    ["resources not a list", { resources: "https://example.com" }, "invalid_resource"],
    ["resource not a URI", { resources: ["https://example.com", "sample.org"] }, "invalid_resource"],
    ["resource not a string", { resources: [42] }, "invalid_resource"],
  ])("refuses a bad %s", (_name, patch, code) => {
    expect(refusal({ ...BASE_FIELDS, ...patch })).toEqual([{ code, line: 0 }]);
  });

  it.each(["domain", "address", "uri", "chainId", "nonce", "issuedAt"] as const)("refuses a missing %s", (name) => {
    const fields: Record<string, unknown> = { ...BASE_FIELDS };
    delete fields[name];
    expect(refusal(fields)).toEqual([{ code: "missing_field", line: 0 }]);
  });

  it("reports every bad field at once", () => {
    expect(refusal({ domain: "", address: "x", uri: "y", chainId: "z", nonce: "n", issuedAt: "t" }).map((i) => i.code)).toEqual([
      "invalid_domain",
      "invalid_address",
      "invalid_uri",
      "invalid_chain_id",
      "invalid_nonce",
      "invalid_issued_at",
    ]);
  });

  it.each([null, undefined, "text", 42, []])("refuses %j as fields", (fields) => {
    expect(refusal(fields)).toEqual([{ code: "invalid_fields", line: 0 }]);
  });

  it("refuses fields that would make a message over 8 KiB", () => {
    expect(refusal({ ...BASE_FIELDS, statement: "a".repeat(8100) })).toEqual([{ code: "too_large", line: 0 }]);
  });

  it("names the field in the issue text", () => {
    try {
      createMessage({ ...BASE_FIELDS, nonce: "abc" });
    } catch (error) {
      expect((error as MessageFormatError).issues[0]!.message).toBe('nonce: "abc" is not a nonce (at least 8 ASCII letters or digits).');
    }
  });
});

describe("createMessage in the xrpl-wallet-kit layout", () => {
  const WALLET_KIT_FIELDS: SignInMessageFields = { ...BASE_FIELDS, nonce: "12345678abc", dialect: "xrpl-wallet-kit" };

  it("writes a parsed wallet-kit message back in its own layout, byte for byte", () => {
    expect(createMessage(parseMessage(WALLET_KIT))).toBe(WALLET_KIT);
    expect(createMessage(parseMessage(WALLET_KIT_PLAIN))).toBe(WALLET_KIT_PLAIN);
    const withoutChain = WALLET_KIT.replace("\nChain ID: xrpl:0", "");
    expect(createMessage(parseMessage(withoutChain))).toBe(withoutChain);
  });

  it("writes one blank line without a statement; the statement and a blank line with one", () => {
    const plain = createMessage(WALLET_KIT_FIELDS);
    expect(plain).toBe(
      [
        "example.com wants you to sign in with your wallet:",
        BASE_FIELDS.address,
        "",
        "URI: https://example.com",
        "Version: 1",
        "Nonce: 12345678abc",
        "Issued At: 2024-01-01T00:00:00Z",
        "Chain ID: xrpl:0",
      ].join("\n"),
    );
    expect(
      createMessage({ ...WALLET_KIT_FIELDS, statement: "Hi." })
        .split("\n")
        .slice(2, 6),
    ).toEqual(["", "Hi.", "", "URI: https://example.com"]);
  });

  it("writes the chain id as given, or in the form chainIdForm names", () => {
    expect(createMessage({ ...WALLET_KIT_FIELDS, chainId: "2" })).toMatch(/\nChain ID: 2$/);
    expect(createMessage({ ...WALLET_KIT_FIELDS, chainId: "xrpl:2" })).toMatch(/\nChain ID: xrpl:2$/);
    expect(createMessage({ ...WALLET_KIT_FIELDS, chainId: "xrpl:2", chainIdForm: "bare" })).toMatch(/\nChain ID: 2$/);
    expect(createMessage({ ...WALLET_KIT_FIELDS, chainId: "2", chainIdForm: "caip2" })).toMatch(/\nChain ID: xrpl:2$/);
  });

  it("writes Chain ID and Expiration Time after Issued At, each only when given", () => {
    const { chainId: _chainId, ...withoutChain } = WALLET_KIT_FIELDS;
    const text = createMessage({ ...(withoutChain as SignInMessageFields), expirationTime: "2024-01-01T00:05:00Z" });
    expect(text).toMatch(/\nIssued At: 2024-01-01T00:00:00Z\nExpiration Time: 2024-01-01T00:05:00Z$/);
    expect(text).not.toContain("Chain ID");
  });

  it.each([
    ["scheme", { scheme: "https" }],
    ["notBefore", { notBefore: "2024-01-01T00:00:00Z" }],
    ["requestId", { requestId: "r1" }],
    ["resources", { resources: [] }],
    ["an invalid notBefore (its value is not checked)", { notBefore: "never" }],
  ])("refuses %s, which the layout has no line for", (_name, patch) => {
    expect(refusal({ ...WALLET_KIT_FIELDS, ...patch })).toEqual([{ code: "unsupported_field", line: 0 }]);
  });

  it("says which field and what to do", () => {
    try {
      createMessage({ ...WALLET_KIT_FIELDS, requestId: "r1" });
      expect.unreachable();
    } catch (error) {
      expect((error as MessageFormatError).issues[0]!.message).toBe(
        'requestId: the xrpl-wallet-kit layout has no place for it; leave it out, or write the caip122 layout (dialect "caip122").',
      );
    }
  });

  it("accepts null for the fields it has no line for, as for any absent optional field", () => {
    const fields = { ...WALLET_KIT_FIELDS, scheme: null, notBefore: null, requestId: null, resources: null };
    expect(createMessage(fields as never)).toBe(createMessage(WALLET_KIT_FIELDS));
  });

  it.each([
    ["an unknown dialect", { dialect: "siwe" }, "invalid_dialect"],
    ["a dialect that is not a string", { dialect: 1 }, "invalid_dialect"],
    ["an unknown chain id form", { chainIdForm: "caip-2" }, "invalid_chain_id"],
    ["a chain id form without a chain id", { chainId: undefined, chainIdForm: "bare" }, "missing_field"],
  ])("refuses %s", (_name, patch, code) => {
    expect(refusal({ ...WALLET_KIT_FIELDS, ...patch })).toEqual([{ code, line: 0 }]);
  });
});

describe("createMessage with Dates from elsewhere", () => {
  it("accepts a Date from another realm and refuses a look-alike", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign = runInNewContext("new Date(Date.UTC(2024, 0, 1))") as Date;
    expect(foreign instanceof Date).toBe(false);
    expect(parseMessage(createMessage({ ...BASE_FIELDS, issuedAt: foreign })).issuedAt).toBe("2024-01-01T00:00:00.000Z");
    const lookAlike = { [Symbol.toStringTag]: "Date", toISOString: () => "2024-01-01T00:00:00.000Z" };
    expect(refusal({ ...BASE_FIELDS, issuedAt: lookAlike })).toEqual([{ code: "invalid_issued_at", line: 0 }]);
  });
});
