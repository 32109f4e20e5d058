import { describe, expect, it } from "vitest";
import { isClassicAddress } from "../../src/message/address.js";
import { isNetworkIdText, networkIdOf, normalizeChainId } from "../../src/message/chain-id.js";
import { isDateTime, parseDateTime } from "../../src/message/date-time.js";
import { isDomain, parseDomain } from "../../src/message/domain.js";
import { isNonce } from "../../src/message/nonce.js";
import { isRequestId } from "../../src/message/request-id.js";
import { exceedsUtf8Bytes, MAX_MESSAGE_BYTES } from "../../src/message/size.js";
import { FORMAT_CHARACTER_RANGES, isFormatCharacter, isStatement, statementProblem } from "../../src/message/statement.js";
import { isIPv4Address, isIPv6Address, isUri, parseUri } from "../../src/message/uri.js";
import { ADDRESS } from "./messages.js";

describe("domain rule", () => {
  it.each([
    "example.com",
    "EXAMPLE.com",
    "a.b-c.example",
    "xn--bcher-kva.example",
    "localhost",
    "localhost:3000",
    "intranet",
    "127.0.0.1",
    "127.0.0.1:8080",
    "[::1]",
    "[::1]:8443",
    "[2001:db8::7]",
    "example.com:65535",
    "a".repeat(63) + ".com",
  ])("accepts %s", (domain) => {
    expect(isDomain(domain)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["userinfo", "user@example.com"],
    ["userinfo with port", "test@127.0.0.1:8080"],
    ["scheme", "https://example.com"],
    ["path", "example.com/login"],
    ["trailing dot", "example.com."],
    ["empty label", "example..com"],
    ["leading hyphen", "-example.com"],
    ["trailing hyphen", "example-.com"],
    ["underscore", "my_host.example"],
    ["non-ASCII (not punycode)", "bücher.example"],
    ["RTLO", "\u202eservice.org#moc.live"],
    ["label of 64", "a".repeat(64) + ".com"],
    ["name over 253", ("a".repeat(60) + ".").repeat(4) + "abcdefghijklmnop"],
    ["IPv4 octet over 255", "256.0.0.1"],
    ["IPv4 leading zero", "010.0.0.1"],
    ["IPv4 with three parts", "1.2.3"],
    ["numeric last label", "example.123"],
    ["empty port", "example.com:"],
    ["port 0", "example.com:0"],
    ["port leading zero", "example.com:080"],
    ["port over 65535", "example.com:65536"],
    ["two ports", "example.com:80:80"],
    ["bad IPv6", "[::g]"],
    ["IPv6 without brackets", "::1"],
    ["IPvFuture", "[v1.x]"],
    ["unclosed bracket", "[::1"],
    ["text after bracket", "[::1]x"],
    ["space", "example .com"],
    ["fragment", "#notrfc4501"],
  ])("refuses %s", (_name, domain) => {
    expect(isDomain(domain)).toBe(false);
  });

  it("splits host and port, keeping IPv6 brackets", () => {
    expect(parseDomain("[::1]:8080")).toEqual({ host: "[::1]", port: "8080" });
    expect(parseDomain("Example.com")).toEqual({ host: "Example.com", port: undefined });
  });
});

describe("URI rule (RFC 3986)", () => {
  it.each([
    "https://service.org/login",
    "uri:",
    "uri:#",
    "uri:?",
    "uri://",
    "uri://@:",
    "urn:isbn:0451450523",
    "mailto:a@example.com",
    "https://[::cafe]",
    "https://127.0.0.1:4361/?query=one#begin",
    "https://example.com/%20%ff",
    "ipfs://Qme7ss3ARVgxv6rXqVPiikMJ8u2NLgmgszg13pYrDKEoiu",
    "uri://[v7.abc:def]",
    "a+b-c.d:x",
  ])("accepts %s", (uri) => {
    expect(isUri(uri)).toBe(true);
  });

  it.each([
    "",
    "example.com",
    "/relative/path",
    "//host/path",
    "1http://x",
    ":no-scheme",
    "https://exa mple.com",
    "https://example.com/\u00e9",
    "https://example.com/%zz",
    "https://example.com/%2",
    "https://example.com/a#b#c",
    "https://ex[ample.com",
    "https://[::1",
    "https://[::1]x",
    "https://example.com:8a",
    "https://a@b@c",
    "https://example.com/<>",
    "https://example.com/\n",
    "https://[v.x]",
    "https://[vg.x]",
    "https://[v1.]",
  ])("refuses %j", (uri) => {
    expect(isUri(uri)).toBe(false);
  });

  it("splits a full URI into its components", () => {
    expect(parseUri("uri://user:pass@example.com:123/one/two.three?q1=a1&q2=a2#body")).toEqual({
      scheme: "uri",
      userinfo: "user:pass",
      host: "example.com",
      port: "123",
      path: "/one/two.three",
      query: "q1=a1&q2=a2",
      fragment: "body",
    });
  });

  it.each(["::", "::1", "1::", "1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::", "::ffff:1.2.3.4", "1::2:3.4.5.6", "::000.000.010.001"])(
    "accepts the IPv6 address %s",
    (address) => {
      expect(isIPv6Address(address)).toBe(true);
    },
  );

  it.each([
    "",
    ":",
    ":1",
    "1:",
    "1:::2",
    "1::2::3",
    "12345::",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7:8:9",
    "::1.2.3",
    "::1.2.3.4.5",
    "::1.2.3.4:1",
    "g::",
  ])("refuses the IPv6 address %j", (address) => {
    expect(isIPv6Address(address)).toBe(false);
  });

  it("reads a standalone IPv4 address strictly (no leading zeros)", () => {
    expect(isIPv4Address("192.168.0.1")).toBe(true);
    expect(isIPv4Address("192.168.00.1")).toBe(false);
    expect(isIPv4Address("192.168.0")).toBe(false);
  });
});

/** Date.UTC maps years 0..99 to 1900..1999; setUTCFullYear does not. */
function utcYearMs(year: number, monthIndex: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  return date.getTime();
}

describe("date-time rule (RFC 3339)", () => {
  it.each([
    ["2021-09-30T16:25:24.000Z", Date.UTC(2021, 8, 30, 16, 25, 24)],
    ["2021-09-30T16:25:24Z", Date.UTC(2021, 8, 30, 16, 25, 24)],
    ["2021-09-30T16:25:24-02:00", Date.UTC(2021, 8, 30, 18, 25, 24)],
    ["2021-09-30T16:25:24+05:30", Date.UTC(2021, 8, 30, 10, 55, 24)],
    ["2021-09-30T16:25:24-00:00", Date.UTC(2021, 8, 30, 16, 25, 24)],
    ["2021-09-30T16:25:24.123456789Z", Date.UTC(2021, 8, 30, 16, 25, 24, 123)],
    ["2021-09-30T16:25:24.5Z", Date.UTC(2021, 8, 30, 16, 25, 24, 500)],
    ["2024-02-29T00:00:00Z", Date.UTC(2024, 1, 29)],
    ["2000-02-29T00:00:00Z", Date.UTC(2000, 1, 29)],
    ["1970-01-01T00:00:00Z", 0],
    ["9999-12-31T23:59:59.999Z", Date.UTC(9999, 11, 31, 23, 59, 59, 999)],
    ["0000-01-01T00:00:00Z", utcYearMs(0, 0, 1)],
    ["0004-02-29T00:00:00Z", utcYearMs(4, 1, 29)],
    ["0099-12-31T23:59:59Z", utcYearMs(99, 11, 31) + 86_399_000],
  ])("reads %s", (text, ms) => {
    expect(parseDateTime(text)).toBe(ms);
  });

  it("agrees with Date.parse on the instant of ordinary times", () => {
    for (const text of ["2021-09-30T16:25:24.000Z", "2100-01-07T14:31:43.952Z", "1999-12-31T23:59:59+01:00"]) {
      expect(parseDateTime(text)).toBe(Date.parse(text));
    }
  });

  it.each([
    ["Feb 31", "2021-02-31T00:00:00Z"],
    ["Feb 30 of a leap year", "2024-02-30T00:00:00Z"],
    ["Feb 29 of a non-leap year", "2023-02-29T00:00:00Z"],
    ["Feb 29 of 1900", "1900-02-29T00:00:00Z"],
    ["Apr 31", "2021-04-31T00:00:00Z"],
    ["month 13", "2022-13-17T12:45:13.610Z"],
    ["month 00", "2022-00-17T12:45:13.610Z"],
    ["day 00", "2022-01-00T12:45:13.610Z"],
    ["day 32", "2023-03-32T12:45:13.610Z"],
    ["hour 24", "2023-03-17T24:00:00Z"],
    ["hour 25", "2023-03-17T25:45:13.610Z"],
    ["minute 60", "2023-03-17T12:60:00Z"],
    ["leap second", "2016-12-31T23:59:60Z"],
    ["no zone", "2021-09-30T16:25:24"],
    ["no zone with fraction", "2021-09-30T16:25:24.000"],
    ["lower-case t", "2021-09-30t16:25:24Z"],
    ["lower-case z", "2021-09-30T16:25:24z"],
    ["space separator", "2021-09-30 16:25:24Z"],
    ["empty fraction", "2021-09-30T16:25:24.Z"],
    ["offset without colon", "2021-09-30T16:25:24+0200"],
    ["offset hour 24", "2021-09-30T16:25:24+24:00"],
    ["offset minute 60", "2021-09-30T16:25:24+01:60"],
    ["trailing text", "2021-09-30T16:25:24Zx"],
    ["date only", "2021-09-30"],
    ["five-digit year", "10000-01-01T00:00:00Z"],
    ["signed year", "+002021-09-30T16:25:24Z"],
    ["garbage", "garbage"],
    ["JS date string", "Wed Oct 05 2011 16:48:00 GMT+0200 (CEST)"],
    ["full-width digits", "２０２１-09-30T16:25:24Z"],
  ])("refuses %s", (_name, text) => {
    expect(isDateTime(text)).toBe(false);
  });

  it("knows every leap year rule across four centuries", () => {
    for (let year = 1600; year < 2400; year++) {
      const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      expect(isDateTime(`${year}-02-29T00:00:00Z`)).toBe(leap);
      expect(isDateTime(`${year}-02-28T00:00:00Z`)).toBe(true);
    }
  });
});

describe("address rule", () => {
  it("accepts classic addresses with a valid checksum", () => {
    expect(isClassicAddress(ADDRESS)).toBe(true);
    expect(isClassicAddress("rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh")).toBe(true);
    expect(isClassicAddress("rrrrrrrrrrrrrrrrrrrrrhoLvTp")).toBe(true);
  });

  it.each([
    ["a broken checksum", "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzu"],
    ["a changed letter case", "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8DzT"],
    ["an X-address", "XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi"],
    ["a character outside base58 (0)", "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dz0"],
    ["an Ethereum address", "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2"],
    ["a leading space", " r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt"],
    ["a trailing tag", "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt:12"],
    ["too short", "r4FT"],
    ["empty", ""],
    ["a node public key prefix", "n9KAa2zVWjPHgfzsE3iZ8HAbzJtPrhHNDjcHvWt7Sjz4bTCxomBc"],
  ])("refuses %s", (_name, address) => {
    expect(isClassicAddress(address)).toBe(false);
  });
});

describe("statement rule", () => {
  it.each([
    "I accept the ServiceOrg Terms of Service: https://service.org/tos",
    "Connectez-vous à Exemple ✓",
    "ログイン 🔐",
    ":/?#[]@!$&'()*+,;= -._~ (the whole EIP-4361 ASCII set)",
    " leading and trailing spaces ",
    "\u00a0non-breaking space",
  ])("accepts %j", (statement) => {
    expect(isStatement(statement)).toBe(true);
  });

  it.each([
    ["empty", ""],
    ["LF", "a\nb"],
    ["CR", "a\rb"],
    ["TAB", "a\tb"],
    ["NUL", "a\u0000b"],
    ["DEL", "a\u007fb"],
    ["C1 control (NEL)", "a\u0085b"],
    ["RTLO U+202E", "\u202eservice.org"],
    ["LRI U+2066", "a\u2066b"],
    ["zero-width space U+200B", "a\u200bb"],
    ["zero-width joiner U+200D", "a\u200db"],
    ["BOM U+FEFF", "\ufeffa"],
    ["soft hyphen U+00AD", "a\u00adb"],
    ["Arabic letter mark U+061C", "a\u061cb"],
    ["tag character U+E0041", "a\u{e0041}b"],
    ["line separator U+2028", "a\u2028b"],
    ["paragraph separator U+2029", "a\u2029b"],
    ["markup <b> (outside the EIP-4361 grammar)", "<b>bold</b>"],
    ...['"', "%", "\\", "^", "`", "{", "|", "}"].map(
      (character) => [`ASCII ${character} (outside the EIP-4361 grammar)`, `a${character}b`] as [string, string],
    ),
    ["lone high surrogate", "a\ud800b"],
    ["lone low surrogate", "a\udc00b"],
    ["high surrogate at the end", "a\ud83d"],
  ])("refuses %s", (_name, statement) => {
    expect(statementProblem(statement)).toBeTypeOf("string");
  });

  it("pins exactly the engine's \\p{Cf} set (Unicode 17.0 here)", () => {
    const engineCf = /^\p{Cf}$/u;
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      const expected = engineCf.test(String.fromCodePoint(codePoint));
      if (isFormatCharacter(codePoint) !== expected) {
        throw new Error(`U+${codePoint.toString(16)}: table says ${!expected}, engine says ${expected}`);
      }
    }
    expect(FORMAT_CHARACTER_RANGES.length).toBe(21);
  });
});

describe("chain id rule", () => {
  it.each(["0", "1", "2", "21337", "4294967295"])("accepts the network id %s", (text) => {
    expect(isNetworkIdText(text)).toBe(true);
  });

  it.each(["", "01", "00", "-1", "+1", "1.0", "4294967296", "99999999999", "?", " 1", "１"])("refuses the network id %j", (text) => {
    expect(isNetworkIdText(text)).toBe(false);
  });

  it("reads bare and CAIP-2 forms and normalises to xrpl:N", () => {
    expect(networkIdOf("xrpl:0")).toBe("0");
    expect(networkIdOf("7")).toBe("7");
    expect(normalizeChainId("1")).toBe("xrpl:1");
    expect(normalizeChainId("xrpl:2")).toBe("xrpl:2");
    expect(normalizeChainId("eip155:1")).toBeUndefined();
    expect(normalizeChainId("XRPL:0")).toBeUndefined();
    expect(normalizeChainId("xrpl:")).toBeUndefined();
  });
});

describe("nonce rule", () => {
  it("accepts 8 or more ASCII letters and digits", () => {
    expect(isNonce("12345678")).toBe(true);
    expect(isNonce("abcdEFGH1234")).toBe(true);
    expect(isNonce("a".repeat(500))).toBe(true);
  });

  it.each(["", "1234567", "1234-5678", "12345678 ", "abcdefgé", "abc_defgh", "１２３４５６７８"])("refuses %j", (nonce) => {
    expect(isNonce(nonce)).toBe(false);
  });
});

describe("request id rule", () => {
  it("accepts printable ASCII without spaces, and the empty string", () => {
    expect(isRequestId("request-id-123")).toBe(true);
    expect(isRequestId("!~{}<>\"'")).toBe(true);
    expect(isRequestId("")).toBe(true);
  });

  it.each(["a b", "a\tb", "é", "a\u007f", "a\u202e"])("refuses %j", (requestId) => {
    expect(isRequestId(requestId)).toBe(false);
  });
});

describe("size rule", () => {
  it("counts UTF-8 bytes, not UTF-16 code units", () => {
    expect(MAX_MESSAGE_BYTES).toBe(8192);
    expect(exceedsUtf8Bytes("a".repeat(8192), 8192)).toBe(false);
    expect(exceedsUtf8Bytes("a".repeat(8193), 8192)).toBe(true);
    expect(exceedsUtf8Bytes("é".repeat(4096), 8192)).toBe(false);
    expect(exceedsUtf8Bytes("é".repeat(4097), 8192)).toBe(true);
    expect(exceedsUtf8Bytes("€".repeat(2731), 8192)).toBe(true); // 8193 bytes
    expect(exceedsUtf8Bytes("€".repeat(2730), 8192)).toBe(false); // 8190 bytes
    expect(exceedsUtf8Bytes("🔐".repeat(2048), 8192)).toBe(false); // 4 bytes each
    expect(exceedsUtf8Bytes("🔐".repeat(2048) + "a", 8192)).toBe(true);
    expect(exceedsUtf8Bytes("\ud800".repeat(2731), 8192)).toBe(true); // lone surrogates: 3 bytes each
  });
});
