import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InvalidOptionsError, SignInError } from "../../src/errors.js";
import { createMessage, parseMessage, validateMessage } from "../../src/message/index.js";
import type { SignInMessage, SignInMessageFields, ValidateOptions } from "../../src/message/types.js";
import { evaluateRules } from "../../src/message/validate.js";
import { ADDRESS, BASE_FIELDS, OTHER_ADDRESS, WALLET_KIT } from "./messages.js";

const ISSUED_MS = Date.UTC(2024, 0, 1, 12, 0, 0);
const SKEW_MS = 60_000;
const MAX_AGE_MS = 300_000;

function message(patch: Partial<SignInMessageFields> = {}): SignInMessage {
  return parseMessage(createMessage({ ...BASE_FIELDS, issuedAt: new Date(ISSUED_MS), ...patch }));
}

function check(patch: Partial<SignInMessageFields>, options: Partial<ValidateOptions> = {}) {
  return validateMessage(message(patch), { domain: "example.com", now: ISSUED_MS, ...options });
}

const REASONS = {
  domain_mismatch: "Domain does not match.",
  address_mismatch: "Address does not match.",
  uri_mismatch: "URI does not match.",
  chain_mismatch: "Chain ID does not match.",
  nonce_mismatch: "Nonce does not match.",
  issued_in_future: "Message is issued in the future.",
  too_old: "Message is too old.",
  expired: "Message has expired.",
  not_yet_valid: "Message is not yet valid.",
} as const;

function failure(code: keyof typeof REASONS) {
  return { valid: false, code, reason: REASONS[code] };
}

describe("validateMessage: each rule, code and exact reason", () => {
  it("accepts a message that meets every rule", () => {
    expect(
      check(
        { expirationTime: new Date(ISSUED_MS + 60_000), notBefore: new Date(ISSUED_MS) },
        { nonce: "12345678", address: ADDRESS, uri: "https://example.com", chainId: "xrpl:0" },
      ),
    ).toEqual({ valid: true });
  });

  it("domain_mismatch", () => {
    expect(check({}, { domain: "example.org" })).toEqual(failure("domain_mismatch"));
    expect(check({ domain: "evil-example.com" })).toEqual(failure("domain_mismatch"));
    expect(check({ domain: "example.com.evil.org" })).toEqual(failure("domain_mismatch"));
  });

  it("address_mismatch", () => {
    expect(check({}, { address: OTHER_ADDRESS })).toEqual(failure("address_mismatch"));
    expect(check({}, { address: ADDRESS.toLowerCase() })).toEqual(failure("address_mismatch"));
  });

  it("uri_mismatch", () => {
    expect(check({}, { uri: "https://example.com/" })).toEqual(failure("uri_mismatch"));
  });

  it("uri_mismatch for a URI whose scheme uriSchemes does not list (schemes compare case-insensitively)", () => {
    expect(check({ uri: "http://example.com" }, { uriSchemes: ["https"] })).toEqual(failure("uri_mismatch"));
    expect(check({ uri: "https://example.com" }, { uriSchemes: ["https"] })).toEqual({ valid: true });
    expect(check({ uri: "HTTPS://example.com" }, { uriSchemes: ["HTTPS"] })).toEqual({ valid: true });
    expect(check({ uri: "did:key:z6Mk" }, { uriSchemes: ["https", "did"] })).toEqual({ valid: true });
    // Both given: both must hold.
    expect(check({ uri: "https://example.com" }, { uri: "https://example.com", uriSchemes: ["http"] })).toEqual(failure("uri_mismatch"));
  });

  it.each([[[]], ["https"], [["https://"]], [["https:"]], [[42]]])("refuses uriSchemes %j, saying how to write it", (uriSchemes) => {
    expect(() => check({}, { uriSchemes: uriSchemes as string[] })).toThrow(/validateMessage option "uriSchemes"/);
  });

  it("chain_mismatch, including a message without a chain id", () => {
    expect(check({}, { chainId: "xrpl:1" })).toEqual(failure("chain_mismatch"));
    expect(check({}, { chainId: "0" })).toEqual({ valid: true });
    const withoutChain = parseMessage(WALLET_KIT.replace("\nChain ID: xrpl:0", ""));
    expect(validateMessage(withoutChain, { domain: "example.com", chainId: "xrpl:0", now: Date.parse(withoutChain.issuedAt) })).toEqual(
      failure("chain_mismatch"),
    );
    expect(validateMessage(withoutChain, { domain: "example.com", now: Date.parse(withoutChain.issuedAt) })).toEqual({
      valid: true,
    });
  });

  it("nonce_mismatch", () => {
    expect(check({}, { nonce: "87654321" })).toEqual(failure("nonce_mismatch"));
    expect(check({}, { nonce: "" })).toEqual(failure("nonce_mismatch"));
  });

  it("issued_in_future, at the skew boundary", () => {
    expect(check({}, { now: ISSUED_MS - SKEW_MS })).toEqual({ valid: true });
    expect(check({}, { now: ISSUED_MS - SKEW_MS - 1 })).toEqual(failure("issued_in_future"));
  });

  it("too_old, at max age + skew", () => {
    expect(check({}, { now: ISSUED_MS + MAX_AGE_MS + SKEW_MS })).toEqual({ valid: true });
    expect(check({}, { now: ISSUED_MS + MAX_AGE_MS + SKEW_MS + 1 })).toEqual(failure("too_old"));
    expect(check({}, { now: ISSUED_MS + 10_000 + 1, maxAgeSeconds: 10, clockSkewSeconds: 0 })).toEqual(failure("too_old"));
    expect(check({}, { now: ISSUED_MS + 10_000, maxAgeSeconds: 10, clockSkewSeconds: 0 })).toEqual({ valid: true });
  });

  it("expired, when the expiration is at or before now - skew", () => {
    const expirationTime = new Date(ISSUED_MS + 30_000);
    expect(check({ expirationTime }, { now: ISSUED_MS + 30_000 + SKEW_MS - 1 })).toEqual({ valid: true });
    expect(check({ expirationTime }, { now: ISSUED_MS + 30_000 + SKEW_MS })).toEqual(failure("expired"));
    expect(check({ expirationTime }, { now: ISSUED_MS + 30_000, clockSkewSeconds: 0 })).toEqual(failure("expired"));
  });

  it("not_yet_valid, when not before is after now + skew", () => {
    const notBefore = new Date(ISSUED_MS + 120_000);
    expect(check({ notBefore }, { now: ISSUED_MS + 120_000 - SKEW_MS })).toEqual({ valid: true });
    expect(check({ notBefore }, { now: ISSUED_MS + 120_000 - SKEW_MS - 1 })).toEqual(failure("not_yet_valid"));
  });

  it("reads time zones: an issue time with an offset is the same instant", () => {
    const text = createMessage({ ...BASE_FIELDS, issuedAt: "2024-01-01T13:00:00+01:00" });
    const now = ISSUED_MS + MAX_AGE_MS + SKEW_MS;
    expect(validateMessage(parseMessage(text), { domain: "example.com", now })).toEqual({ valid: true });
    expect(validateMessage(parseMessage(text), { domain: "example.com", now: now + 1 })).toEqual(failure("too_old"));
  });

  it("accepts now as a Date or as epoch milliseconds", () => {
    expect(check({}, { now: new Date(ISSUED_MS) })).toEqual({ valid: true });
    expect(check({}, { now: new Date(ISSUED_MS + 3_600_000) })).toEqual(failure("too_old"));
  });

  it("uses the current time when now is left out", () => {
    const fresh = parseMessage(createMessage({ ...BASE_FIELDS, issuedAt: new Date() }));
    expect(validateMessage(fresh, { domain: "example.com" })).toEqual({ valid: true });
    expect(check({}, { now: undefined } as never)).toEqual(failure("too_old"));
  });
});

describe("validateMessage: order of the checks", () => {
  it("reports the first failure in the documented order", () => {
    const all = {
      domain: "example.org",
      address: OTHER_ADDRESS,
      uri: "https://other.example",
      chainId: "xrpl:9",
      nonce: "nope12345",
    };
    const expiredAndLate = { expirationTime: new Date(ISSUED_MS + 1000), notBefore: new Date(ISSUED_MS + 10_000_000) };
    const now = ISSUED_MS + 100_000_000; // too old as well
    const order: (keyof typeof all)[] = ["domain", "address", "uri", "chainId", "nonce"];
    const codes = ["domain_mismatch", "address_mismatch", "uri_mismatch", "chain_mismatch", "nonce_mismatch"] as const;
    for (let index = 0; index < order.length; index++) {
      const options: Partial<ValidateOptions> = { now };
      for (const key of order.slice(index)) (options as Record<string, unknown>)[key] = all[key];
      expect(check(expiredAndLate, options)).toEqual(failure(codes[index]!));
    }
    expect(check(expiredAndLate, { now })).toEqual(failure("too_old"));
    expect(check(expiredAndLate, { now: ISSUED_MS - 10_000_000 })).toEqual(failure("issued_in_future"));
    expect(check(expiredAndLate, { now: ISSUED_MS + 100_000 })).toEqual(failure("expired"));
    expect(check({ notBefore: new Date(ISSUED_MS + 10_000_000) }, { now: ISSUED_MS })).toEqual(failure("not_yet_valid"));
  });
});

describe("validateMessage: the expected domain", () => {
  it("compares hosts case-insensitively", () => {
    expect(check({ domain: "Example.COM" }, { domain: "example.com" })).toEqual({ valid: true });
    expect(check({ domain: "example.com" }, { domain: "EXAMPLE.com" })).toEqual({ valid: true });
  });

  it("matches any port when the expected domain has none", () => {
    expect(check({ domain: "example.com:8443" }, { domain: "example.com" })).toEqual({ valid: true });
    expect(check({ domain: "localhost:3000" }, { domain: "localhost" })).toEqual({ valid: true });
    expect(check({ domain: "[::1]:3000" }, { domain: "[::1]" })).toEqual({ valid: true });
  });

  it("needs exactly that port when the expected domain has one", () => {
    expect(check({ domain: "localhost:3000" }, { domain: "localhost:3000" })).toEqual({ valid: true });
    expect(check({ domain: "localhost:3001" }, { domain: "localhost:3000" })).toEqual(failure("domain_mismatch"));
    expect(check({ domain: "localhost" }, { domain: "localhost:3000" })).toEqual(failure("domain_mismatch"));
    expect(check({ domain: "[::1]:80" }, { domain: "[::1]:8080" })).toEqual(failure("domain_mismatch"));
  });

  it("accepts a list of expected domains", () => {
    const domain = ["example.com:443", "localhost:3000", "app.example.org"];
    expect(check({ domain: "localhost:3000" }, { domain })).toEqual({ valid: true });
    expect(check({ domain: "app.example.org:9999" }, { domain })).toEqual({ valid: true });
    expect(check({ domain: "example.com:443" }, { domain })).toEqual({ valid: true });
    expect(check({ domain: "example.com" }, { domain })).toEqual(failure("domain_mismatch"));
    expect(check({ domain: "localhost:3001" }, { domain })).toEqual(failure("domain_mismatch"));
  });

  it("does not compare the scheme", () => {
    expect(check({ scheme: "http", domain: "example.com" }, { domain: "example.com" })).toEqual({ valid: true });
  });

  it("asks a domain function with the message's domain as written, port included", () => {
    const asked: string[] = [];
    const tenants = (messageDomain: string) => {
      asked.push(messageDomain);
      return messageDomain.toLowerCase().split(":")[0] === "acme.example.com";
    };
    expect(check({ domain: "ACME.example.com:8443" }, { domain: tenants })).toEqual({ valid: true });
    expect(check({ domain: "evil.example.com" }, { domain: tenants })).toEqual(failure("domain_mismatch"));
    expect(asked).toEqual(["ACME.example.com:8443", "evil.example.com"]);
  });

  it("refuses when a domain function answers anything but true", () => {
    for (const answer of [1, "yes", {}, undefined, null, false]) {
      expect(check({}, { domain: (() => answer) as unknown as (domain: string) => boolean })).toEqual(failure("domain_mismatch"));
    }
  });
});

describe("validateMessage: invalid options", () => {
  const parsed = message();
  it.each([
    ["no options", undefined, /domain/],
    ["null options", null, /domain/],
    ["a missing domain", { now: ISSUED_MS }, /"domain" is required/],
    ["an empty domain", { domain: "" }, /non-empty host/],
    ["an empty domain list", { domain: [] }, /empty list/],
    ["a domain list with a bad entry", { domain: ["example.com", 42] }, /non-empty host/],
    ["a URL as domain", { domain: "https://example.com" }, /without scheme or path/],
    ["a domain with a path", { domain: "example.com/login" }, /without scheme or path/],
    ["a negative max age", { domain: "example.com", maxAgeSeconds: -1 }, /"maxAgeSeconds" must be a finite number of seconds >= 0/],
    ["a NaN max age", { domain: "example.com", maxAgeSeconds: Number.NaN }, /maxAgeSeconds/],
    ["an infinite max age", { domain: "example.com", maxAgeSeconds: Number.POSITIVE_INFINITY }, /maxAgeSeconds/],
    ["a string max age", { domain: "example.com", maxAgeSeconds: "300" }, /maxAgeSeconds/],
    ["a negative skew", { domain: "example.com", clockSkewSeconds: -5 }, /clockSkewSeconds/],
    ["a NaN skew", { domain: "example.com", clockSkewSeconds: Number.NaN }, /clockSkewSeconds/],
    ["an invalid Date as now", { domain: "example.com", now: new Date("nope") }, /"now" must be a valid Date/],
    ["NaN as now", { domain: "example.com", now: Number.NaN }, /"now"/],
    ["a string as now", { domain: "example.com", now: "2024-01-01" }, /"now"/],
    ["a chain id in another namespace", { domain: "example.com", chainId: "eip155:1" }, /"chainId" must be a CAIP-2 XRPL chain id/],
    ["a numeric chain id", { domain: "example.com", chainId: 0 }, /chainId/],
    ["a non-string nonce", { domain: "example.com", nonce: 12345678 }, /"nonce" must be a string/],
    ["a null address", { domain: "example.com", address: null }, /"address" must be a string/],
    ["a non-string uri", { domain: "example.com", uri: {} }, /"uri" must be a string/],
  ])("throws InvalidOptionsError for %s", (_name, options, pattern) => {
    let caught: unknown;
    try {
      validateMessage(parsed, options as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(InvalidOptionsError);
    expect(caught).toBeInstanceOf(SignInError);
    expect((caught as InvalidOptionsError).code).toBe("invalid_options");
    expect((caught as Error).message).toMatch(/^sign-in-with-xrpl: validateMessage/);
    expect((caught as Error).message).toMatch(pattern);
  });

  it("accepts zero max age and zero skew", () => {
    expect(check({}, { maxAgeSeconds: 0, clockSkewSeconds: 0 })).toEqual({ valid: true });
    expect(check({}, { maxAgeSeconds: 0, clockSkewSeconds: 0, now: ISSUED_MS + 1 })).toEqual(failure("too_old"));
  });

  it("throws InvalidOptionsError, not TypeError, for something that is not a parsed message", () => {
    for (const bogus of [null, "text", { domain: "example.com" }, { ...parsed, issuedAt: "yesterday" }, { ...parsed, domain: 5 }]) {
      expect(() => validateMessage(bogus as never, { domain: "example.com" })).toThrow(InvalidOptionsError);
    }
  });
});

describe("validateMessage with a Date from another realm", () => {
  it("reads it as now", async () => {
    const { runInNewContext } = await import("node:vm");
    const foreign = runInNewContext(`new Date(${ISSUED_MS})`) as Date;
    expect(check({}, { now: foreign })).toEqual({ valid: true });
    expect(() => check({}, { now: runInNewContext("new Date(NaN)") as Date })).toThrow(InvalidOptionsError);
  });
});

describe("evaluateRules: every rule judged on its own, from the same table as validateMessage", () => {
  const now = ISSUED_MS + 100_000_000;
  const late = { expirationTime: new Date(ISSUED_MS + 1000), notBefore: new Date(ISSUED_MS + 10_000_000) };

  it("reports every failing rule, where validateMessage reports only the first", () => {
    const options: ValidateOptions = {
      domain: "example.org",
      address: OTHER_ADDRESS,
      uri: "https://other.example",
      chainId: "xrpl:9",
      nonce: "nope12345",
      now,
    };
    const outcomes = evaluateRules(message(late), options);
    expect(outcomes.map((rule) => [rule.code, rule.outcome])).toEqual([
      ["domain_mismatch", "fail"],
      ["address_mismatch", "fail"],
      ["uri_mismatch", "fail"],
      ["chain_mismatch", "fail"],
      ["nonce_mismatch", "fail"],
      ["issued_in_future", "pass"],
      ["too_old", "fail"],
      ["expired", "fail"],
      ["not_yet_valid", "pass"],
    ]);
    for (const outcome of outcomes) expect(outcome.reason).toBe(REASONS[outcome.code]);
    expect(validateMessage(message(late), options)).toEqual(failure("domain_mismatch"));
  });

  it("skips the rules whose option (or message field) is absent, and passes the rest", () => {
    expect(evaluateRules(message(), { domain: "example.com", now: ISSUED_MS }).map((rule) => [rule.code, rule.outcome])).toEqual([
      ["domain_mismatch", "pass"],
      ["address_mismatch", "skipped"],
      ["uri_mismatch", "skipped"],
      ["chain_mismatch", "skipped"],
      ["nonce_mismatch", "skipped"],
      ["issued_in_future", "pass"],
      ["too_old", "pass"],
      ["expired", "skipped"],
      ["not_yet_valid", "skipped"],
    ]);
  });

  it("agrees with validateMessage on random messages, options and times", () => {
    const optionsArb = fc.record(
      {
        domain: fc.constantFrom("example.com", "example.org", "localhost:3000"),
        address: fc.constantFrom(ADDRESS, OTHER_ADDRESS),
        uri: fc.constantFrom("https://example.com/login", "https://other.example"),
        chainId: fc.constantFrom("xrpl:0", "xrpl:1"),
        nonce: fc.constantFrom(BASE_FIELDS.nonce, "other1234567"),
        maxAgeSeconds: fc.integer({ min: 0, max: 1000 }),
        clockSkewSeconds: fc.integer({ min: 0, max: 120 }),
        now: fc.integer({ min: ISSUED_MS - 2_000_000, max: ISSUED_MS + 2_000_000 }),
      },
      { requiredKeys: ["domain", "now"] },
    );
    const patchArb = fc.record(
      {
        expirationTime: fc.integer({ min: -2_000_000, max: 2_000_000 }).map((offset) => new Date(ISSUED_MS + offset)),
        notBefore: fc.integer({ min: -2_000_000, max: 2_000_000 }).map((offset) => new Date(ISSUED_MS + offset)),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(patchArb, optionsArb, (patch, options) => {
        const parsed = message(patch);
        const first = evaluateRules(parsed, options).find((rule) => rule.outcome === "fail");
        const result = validateMessage(parsed, options);
        expect(result).toEqual(first === undefined ? { valid: true } : failure(first.code));
      }),
      { numRuns: 300 },
    );
  });

  it("refuses unusable options exactly as validateMessage does", () => {
    const bad = { domain: "example.com", maxAgeSeconds: -1 } as ValidateOptions;
    expect(() => evaluateRules(message(), bad)).toThrow(InvalidOptionsError);
    expect(() => evaluateRules(message(), bad)).toThrow(/maxAgeSeconds/u);
  });
});
