// The claim definitions as values: their checks and descriptions, checkClaimSet, the JSON form,
// and the exact decimals behind token balances.
import fc from "fast-check";
import { encodeAccountID } from "ripple-address-codec";
import { describe, expect, it } from "vitest";
import {
  allOf,
  anyOf,
  checkClaimSet,
  claimsFromJson,
  custom,
  hasCredential,
  hasDid,
  holdsMpt,
  holdsNft,
  holdsToken,
  inPermissionedDomain,
  InvalidOptionsError,
  not,
} from "../../../src/index.js";
import { compareDecimals, parseDecimal } from "../../../src/verify/claims/decimal.js";
import { normalizeCurrency } from "../../../src/verify/claims/token.js";

const ISSUER = encodeAccountID(new Uint8Array(20).fill(2));
const OTHER = encodeAccountID(new Uint8Array(20).fill(3));
const ISSUANCE = "00000001A407AF5856CCF3C42619DAA925813FC955C72983";
const DOMAIN = "A738A1E6E8505E1FC77BBB9FEF84FF9A9C609F2739E0F9573CDD6367100A0AA9";

describe("the definitions", () => {
  it("describe themselves in words", () => {
    expect(holdsNft({ issuer: ISSUER }).description).toBe(`holds an NFT of ${ISSUER}`);
    expect(holdsNft({ issuer: ISSUER, taxon: 7, minCount: 3 }).description).toBe(`holds at least 3 NFTs of ${ISSUER}, taxon 7`);
    expect(holdsToken({ currency: "USD", issuer: ISSUER }).description).toBe(`holds USD issued by ${ISSUER} (a balance above 0)`);
    expect(holdsToken({ currency: "USD", issuer: ISSUER, minBalance: "10" }).description).toBe(`holds at least 10 USD issued by ${ISSUER}`);
    expect(holdsMpt({ issuanceId: ISSUANCE, minAmount: "1" }).description).toBe("holds at least 1 of the MPT 00000001…2983");
    expect(hasCredential({ issuer: ISSUER, type: "KYC" }).description).toBe(
      `has the credential KYC from ${ISSUER}, accepted and not expired`,
    );
    expect(hasCredential({ issuer: ISSUER, type: { hex: "00ff" } }).description).toBe(
      `has the credential hex 00FF from ${ISSUER}, accepted and not expired`,
    );
    expect(hasDid().description).toBe("has a DID");
    expect(inPermissionedDomain({ domainId: DOMAIN }).description).toBe("is a member of the permissioned domain A738A1E6…0AA9");
    expect(allOf(hasDid(), not(hasDid())).description).toBe("all of: (has a DID) and (not: has a DID)");
    expect(anyOf(hasDid(), hasDid()).description).toBe("any of: (has a DID) or (has a DID)");
    expect(custom("older than a year", () => Promise.resolve(true)).description).toBe("older than a year");
  });

  it("encode a text credential type as UTF-8 hex", () => {
    expect(hasCredential({ issuer: ISSUER, type: "KYC" }).typeHex).toBe("4B5943");
    expect(hasCredential({ issuer: ISSUER, type: "café" }).typeHex).toBe("636166C3A9");
  });

  it("are frozen values", () => {
    const claim = holdsNft({ issuer: ISSUER });
    expect(Object.isFrozen(claim)).toBe(true);
    expect(Object.isFrozen(allOf(claim).claims)).toBe(true);
  });

  it("refuse bad options with the definition and the field named", () => {
    const cases: [() => unknown, RegExp][] = [
      [() => holdsNft({ issuer: "rBad" }), /^sign-in-with-xrpl: holdsNft\(\{ issuer \}\): issuer must be a classic XRPL address/u],
      [() => holdsNft({ issuer: ISSUER, taxon: -1 }), /holdsNft\(\{ taxon \}\): taxon must be an integer from 0 to 4294967295, got -1/u],
      [() => holdsNft({ issuer: ISSUER, minCount: 1.5 }), /minCount must be a whole number of at least 1, got 1.5/u],
      [() => holdsNft({ issuer: ISSUER, mincount: 2 } as never), /holdsNft\(\{ mincount \}\): mincount is not a field of this claim/u],
      [() => holdsNft(undefined as never), /holdsNft\(options\) must be an object/u],
      [() => holdsToken({ currency: "XRP", issuer: ISSUER }), /currency must be a 3-character currency code/u],
      [() => holdsToken({ currency: "US", issuer: ISSUER }), /currency must be/u],
      [() => holdsToken({ currency: "0".repeat(40), issuer: ISSUER }), /currency must be/u],
      [() => holdsToken({ currency: "USD", issuer: ISSUER, minBalance: "-1" }), /minBalance must be a non-negative decimal number/u],
      [() => holdsToken({ currency: "USD", issuer: ISSUER, minBalance: 10 as never }), /minBalance must be .*, got 10\./u],
      [() => holdsMpt({ issuanceId: "00" }), /issuanceId must be an MPTokenIssuanceID: 48 hex characters/u],
      [() => holdsMpt({ issuanceId: ISSUANCE, minAmount: "1.5" }), /minAmount must be a whole number/u],
      [() => hasCredential({ issuer: ISSUER, type: "" }), /type must be text of 1 to 64 bytes/u],
      [() => hasCredential({ issuer: ISSUER, type: "x".repeat(65) }), /type must be text of 1 to 64 bytes/u],
      [() => hasCredential({ issuer: ISSUER, type: { hex: "ABC" } }), /type\.hex must be 1 to 64 bytes as hex/u],
      [() => hasCredential({ issuer: ISSUER, type: 5 as never }), /type must be text such as "KYC"/u],
      [() => inPermissionedDomain({ domainId: "AB" }), /domainId must be a PermissionedDomain entry id: 64 hex characters/u],
      [() => allOf(), /allOf\(\.\.\.claims\) needs at least one claim/u],
      [() => anyOf(hasDid(), "kyc" as never), /anyOf\(\.\.\.claims\)\[1\] must be a claim/u],
      [() => not(undefined as never), /not\(claim\) must be a claim/u],
      [() => custom("", () => Promise.resolve(true)), /custom\(name, check\): name must be a non-empty text/u],
      [() => custom("x", true as never), /custom\(name, check\): check must be a function/u],
    ];
    for (const [build, message] of cases) {
      expect(build).toThrow(InvalidOptionsError);
      expect(build).toThrow(message);
    }
  });
});

describe("checkClaimSet", () => {
  it("answers the set rebuilt, every claim checked", () => {
    const claims = { kyc: hasCredential({ issuer: ISSUER, type: "KYC" }), both: allOf(hasDid(), not(holdsNft({ issuer: OTHER }))) };
    const checked = checkClaimSet(claims);
    expect(checked).toEqual(claims);
    expect(Object.isFrozen(checked)).toBe(true);
  });

  it("refuses what is not a claim set, naming the option, the claim and the field", () => {
    const cases: [unknown, RegExp][] = [
      [[], /^sign-in-with-xrpl: claims must be an object of named claims/u],
      [{ "bad name": hasDid() }, /claims: the claim name "bad name" is not allowed/u],
      [{ kyc: "KYC" }, /claims\.kyc must be a claim built by holdsNft\(\)/u],
      [{ kyc: { ...hasCredential({ issuer: ISSUER, type: "KYC" }), issuer: "rX" } }, /claims\.kyc\.issuer must be a classic XRPL address/u],
      [
        { kyc: { ...hasCredential({ issuer: ISSUER, type: "KYC" }), typeHex: "00" } },
        /claims\.kyc\.typeHex must be the hex of type \(4B5943\)/u,
      ],
      [{ all: { kind: "allOf", description: "", claims: [] } }, /claims\.all\.claims needs at least one claim/u],
      [
        { neg: { kind: "not", description: "", claim: { kind: "did", uri: "x" } } },
        /claims\.neg\.claim\.uri is not a field of this claim/u,
      ],
      [{ mine: { kind: "custom", description: "x", name: "x", check: "no" } }, /claims\.mine: check must be a function/u],
    ];
    for (const [set, message] of cases) {
      expect(() => checkClaimSet(set)).toThrow(InvalidOptionsError);
      expect(() => checkClaimSet(set)).toThrow(message);
    }
    expect(() => checkClaimSet({ x: { kind: "nft" } }, "createAuthHandlers({ claims })")).toThrow(
      /createAuthHandlers\(\{ claims \}\)\.x\.issuer must be/u,
    );
  });

  it("refuses a cycle instead of looping", () => {
    const loop: { kind: string; description: string; claim?: unknown } = { kind: "not", description: "loop" };
    loop.claim = loop;
    expect(() => checkClaimSet({ loop })).toThrow(/nested more than 16 deep/u);
  });
});

describe("claimsFromJson", () => {
  const json = {
    kyc: { credential: { issuer: ISSUER, type: "KYC" } },
    member: { nft: { issuer: ISSUER, taxon: 7, minCount: 1 } },
    usd: { token: { currency: "USD", issuer: ISSUER, minBalance: "10" } },
    shares: { mpt: { issuanceId: ISSUANCE, minAmount: "1" } },
    did: { did: true },
    trader: { permissionedDomain: { domainId: DOMAIN } },
    both: { allOf: [{ did: true }, { credential: { issuer: ISSUER, type: "KYC" } }] },
    either: { anyOf: [{ did: true }, { nft: { issuer: OTHER } }] },
    notBanned: { not: { credential: { issuer: ISSUER, type: { hex: "42414E" } } } },
  };

  it("builds the same claims as the definitions, from text or from a parsed value", () => {
    const expected = {
      kyc: hasCredential({ issuer: ISSUER, type: "KYC" }),
      member: holdsNft({ issuer: ISSUER, taxon: 7, minCount: 1 }),
      usd: holdsToken({ currency: "USD", issuer: ISSUER, minBalance: "10" }),
      shares: holdsMpt({ issuanceId: ISSUANCE, minAmount: "1" }),
      did: hasDid(),
      trader: inPermissionedDomain({ domainId: DOMAIN }),
      both: allOf(hasDid(), hasCredential({ issuer: ISSUER, type: "KYC" })),
      either: anyOf(hasDid(), holdsNft({ issuer: OTHER })),
      notBanned: not(hasCredential({ issuer: ISSUER, type: { hex: "42414E" } })),
    };
    expect(claimsFromJson(JSON.stringify(json), "SIGN_IN_CLAIMS")).toEqual(expected);
    expect(claimsFromJson(json, "claims.json")).toEqual(expected);
    expect(checkClaimSet(claimsFromJson(json, "claims.json"))).toEqual(expected);
  });

  it("names the setting and the path of what is wrong", () => {
    const cases: [unknown, RegExp][] = [
      ["{", /^sign-in-with-xrpl: SIGN_IN_CLAIMS is not JSON \(/u],
      ["[]", /SIGN_IN_CLAIMS must be a JSON object of named claims/u],
      [{ kyc: { credential: { issuer: "rX", type: "KYC" } } }, /SIGN_IN_CLAIMS\.kyc\.credential\.issuer must be a classic XRPL address/u],
      [{ kyc: { credential: "KYC" } }, /SIGN_IN_CLAIMS\.kyc\.credential must be an object such as/u],
      [
        { kyc: { credentials: {} } },
        /SIGN_IN_CLAIMS\.kyc must be an object with one key, the kind of claim .* got the keys "credentials"/u,
      ],
      [{ kyc: { credential: {}, nft: {} } }, /SIGN_IN_CLAIMS\.kyc must be an object with one key/u],
      [{ did: { did: "yes" } }, /SIGN_IN_CLAIMS\.did\.did must be true/u],
      [{ all: { allOf: {} } }, /SIGN_IN_CLAIMS\.all\.allOf must be a list of claims/u],
      [
        { all: { allOf: [{ did: true }, { nft: { issuer: ISSUER, minCount: 0 } }] } },
        /SIGN_IN_CLAIMS\.all\.allOf\[1\]\.nft\.minCount must be/u,
      ],
      [{ x: { not: { custom: {} } } }, /SIGN_IN_CLAIMS\.x\.not must be an object with one key/u],
      ['{"__proto__":{"did":true}}', /the claim name "__proto__" is not allowed/u],
    ];
    for (const [value, message] of cases) {
      expect(() => claimsFromJson(value, "SIGN_IN_CLAIMS")).toThrow(InvalidOptionsError);
      expect(() => claimsFromJson(value, "SIGN_IN_CLAIMS")).toThrow(message);
    }
  });
});

describe("decimals", () => {
  it("read rippled's notations", () => {
    expect(parseDecimal("12.5")).toEqual({ coefficient: 125n, exponent: -1 });
    expect(parseDecimal("-0.001")).toEqual({ coefficient: -1n, exponent: -3 });
    expect(parseDecimal("1234567890123456e-96")).toEqual({ coefficient: 1234567890123456n, exponent: -96 });
    expect(parseDecimal("5E80")).toEqual({ coefficient: 5n, exponent: 80 });
    for (const bad of ["", "1.", ".5", "1e", "0x10", "1,5", " 1", "NaN", "Infinity", "1e9999", "1".repeat(65)]) {
      expect(parseDecimal(bad)).toBeUndefined();
    }
  });

  it("compare exactly, whatever the notation", () => {
    const decimalText = fc
      .tuple(fc.bigInt({ min: -(10n ** 17n), max: 10n ** 17n }), fc.integer({ min: -96, max: 80 }))
      .map(([coefficient, exponent]) => ({ coefficient, exponent }));
    fc.assert(
      fc.property(decimalText, decimalText, (left, right) => {
        // Reference: both scaled to a common exponent, as integers.
        const shift = (value: { coefficient: bigint; exponent: number }) => value.coefficient * 10n ** BigInt(value.exponent + 96);
        const expected = shift(left) < shift(right) ? -1 : shift(left) > shift(right) ? 1 : 0;
        const leftText = `${left.coefficient}e${left.exponent}`;
        const plain = (value: { coefficient: bigint; exponent: number }): string => {
          if (value.exponent >= 0) return `${value.coefficient}${"0".repeat(value.exponent)}`;
          const digits = (value.coefficient < 0n ? -value.coefficient : value.coefficient).toString().padStart(-value.exponent + 1, "0");
          return `${value.coefficient < 0n ? "-" : ""}${digits.slice(0, value.exponent)}.${digits.slice(value.exponent)}`;
        };
        const rightText = plain(right);
        if (rightText.length > 64) return;
        expect(compareDecimals(parseDecimal(leftText)!, parseDecimal(rightText)!)).toBe(expected);
      }),
    );
  });
});

describe("currency codes", () => {
  it("are written as rippled writes them", () => {
    expect(normalizeCurrency("USD")).toBe("USD");
    expect(normalizeCurrency("0000000000000000000000005553440000000000")).toBe("USD");
    expect(normalizeCurrency("0158415500000000c1f76ff6ecb0bac600000000")).toBe("0158415500000000C1F76FF6ECB0BAC600000000");
    expect(normalizeCurrency("0000000000000000000000005852500000000000")).toBeUndefined(); // XRP
    expect(normalizeCurrency("XRP")).toBeUndefined();
    expect(normalizeCurrency("US D")).toBeUndefined();
  });
});
