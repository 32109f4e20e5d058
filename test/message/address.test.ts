// The message core's own classic-address check must give exactly the answer of
// ripple-address-codec's isValidClassicAddress, which it replaced to keep that package out of
// browser bundles. Differential: 100,000+ generated strings, near-valid ones weighted heavily,
// the same answer every time. Plus the one-block SHA-256 against node:crypto.
import { createHash } from "node:crypto";
import fc from "fast-check";
import { codec, encodeAccountID, encodeXAddress, isValidClassicAddress } from "ripple-address-codec";
import { describe, expect, it } from "vitest";
import { isClassicAddress } from "../../src/message/address.js";
import { SHA256_ONE_BLOCK_MAX_BYTES, sha256OneBlock } from "../../src/message/sha256.js";

const ALPHABET = "rpshnaf39wBUDNEGHJKLM4PQRST7VWXYZ2bcdeCg65jkm8oFqi1tuvAxyz";
const alphabetChar = fc.constantFrom(...ALPHABET.split(""));
const anyChar = fc.oneof(
  { weight: 3, arbitrary: alphabetChar },
  { weight: 1, arbitrary: fc.constantFrom("0", "O", "I", "l", " ", "\n", "X", "é", "\u0000", "\u{1F600}", "ｒ") },
  { weight: 1, arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }) },
);

function alphabetString(minLength: number, maxLength: number): fc.Arbitrary<string> {
  return fc.array(alphabetChar, { minLength, maxLength }).map((chars) => chars.join(""));
}

/** 20-byte account ids, often starting with zero bytes (each one more leading "r"). */
const accountIdArb = fc
  .tuple(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 20 })))
  .map(([bytes, zeros]) => {
    bytes.fill(0, 0, zeros);
    return bytes;
  });

const validAddressArb = accountIdArb.map((accountId) => encodeAccountID(accountId));

/** One edit of a valid address: the kind of damage a typo, a bad copy or an attacker makes. */
const mutatedAddressArb = fc
  .tuple(validAddressArb, fc.nat(), anyChar, fc.integer({ min: 1, max: 12 }), alphabetString(1, 12))
  .chain(([address, position, char, count, extra]) => {
    const at = position % address.length;
    const flipped = address[at] === address[at]!.toUpperCase() ? address[at].toLowerCase() : address[at]!.toUpperCase();
    return fc.constantFrom(
      address.slice(0, at) + char + address.slice(at + 1), // replace
      address.slice(0, at) + flipped + address.slice(at + 1), // case flip
      address.slice(0, at) + address.slice(at + 1), // delete
      address.slice(0, at) + char + address.slice(at), // insert
      address.slice(0, at) + address[(at + 1) % address.length] + address[at] + address.slice(at + 2), // swap
      address.slice(0, Math.max(0, address.length - count)), // truncate
      address + extra, // extend
      "r".repeat(count) + address, // extra leading zero bytes
      address.replace(/^r+/, ""), // leading zero bytes dropped
      extra + address,
    );
  });

/**
 * Base58check strings that are not addresses but carry a valid checksum: other lengths, other
 * version bytes. Only these can catch a missing length or version check.
 */
const checkedNonAddressArb = fc.oneof(
  fc
    .tuple(fc.integer({ min: 0, max: 255 }), fc.uint8Array({ minLength: 20, maxLength: 20 }))
    .map(([version, id]) => codec.encodeChecked(Uint8Array.from([version, ...id]))),
  fc
    .tuple(fc.integer({ min: 0, max: 3 }), fc.uint8Array({ minLength: 0, maxLength: 40 }))
    .map(([zeros, bytes]) => codec.encodeChecked(Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]))),
  fc.uint8Array({ minLength: 21, maxLength: 21 }).map((bytes) => codec.encodeChecked(bytes)),
);

const xAddressArb = fc
  .tuple(
    fc.uint8Array({ minLength: 20, maxLength: 20 }),
    fc.oneof(fc.constant(false as const), fc.integer({ min: 0, max: 0xffffffff })),
    fc.boolean(),
  )
  .map(([accountId, tag, test]) => encodeXAddress(accountId, tag, test));

const randomStringArb = fc.oneof(
  alphabetString(0, 40),
  alphabetString(20, 36).map((text) => `r${text}`),
  fc.array(anyChar, { minLength: 0, maxLength: 40 }).map((chars) => chars.join("")),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
);

const edgeStringArb = fc.oneof(
  fc.constant(""),
  fc.integer({ min: 0, max: 40 }).map((count) => "r".repeat(count)),
  fc.integer({ min: 0, max: 40 }).map((count) => `r${"z".repeat(count)}`),
  fc.tuple(fc.integer({ min: 0, max: 40 }), alphabetChar).map(([count, char]) => "r".repeat(count) + char),
  fc.integer({ min: 36, max: 5000 }).chain((length) => alphabetString(length, length)),
  fc.tuple(validAddressArb, fc.integer({ min: 1, max: 5000 })).map(([address, count]) => "r".repeat(count) + address),
);

const candidateArb = fc.oneof(
  { weight: 4, arbitrary: validAddressArb },
  { weight: 6, arbitrary: mutatedAddressArb },
  { weight: 2, arbitrary: checkedNonAddressArb },
  { weight: 1, arbitrary: xAddressArb },
  { weight: 3, arbitrary: randomStringArb },
  { weight: 1, arbitrary: edgeStringArb },
);

const DIFFERENTIAL_RUNS = 100_000;

describe("isClassicAddress against ripple-address-codec isValidClassicAddress", () => {
  it(`answers the same on ${DIFFERENTIAL_RUNS.toLocaleString("en-US")} generated strings`, () => {
    let runs = 0;
    let accepted = 0;
    fc.assert(
      fc.property(candidateArb, (text) => {
        runs++;
        const expected = isValidClassicAddress(text);
        if (expected) accepted++;
        expect(isClassicAddress(text), JSON.stringify(text)).toBe(expected);
      }),
      { numRuns: DIFFERENTIAL_RUNS },
    );
    expect(runs).toBeGreaterThanOrEqual(DIFFERENTIAL_RUNS);
    // Both answers must be well represented, or the comparison proves little.
    expect(accepted).toBeGreaterThan(DIFFERENTIAL_RUNS / 10);
    expect(runs - accepted).toBeGreaterThan(DIFFERENTIAL_RUNS / 10);
  }, 120_000);

  it("accepts every address encodeAccountID makes, whatever the leading zero bytes", () => {
    for (let zeros = 0; zeros <= 20; zeros++) {
      for (const fill of [0x01, 0x80, 0xff]) {
        const accountId = new Uint8Array(20).fill(fill).fill(0, 0, zeros);
        expect(isClassicAddress(encodeAccountID(accountId))).toBe(true);
      }
    }
  });

  it.each([
    ["the all-zero account", "rrrrrrrrrrrrrrrrrrrrrhoLvTp", true],
    ["the all-0xff account", encodeAccountID(new Uint8Array(20).fill(0xff)), true],
    ["one leading r too many", "rrrrrrrrrrrrrrrrrrrrrrhoLvTp", false],
    ["25 r's (25 zero bytes)", "r".repeat(25), false],
    ["34 z's after an r (overflow)", `r${"z".repeat(34)}`, false],
    ["a valid address plus 5000 leading r's", `${"r".repeat(5000)}r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt`, false],
    ["a full-width r", "ｒ4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt", false],
  ])("agrees on %s", (_name, text, expected) => {
    expect(isValidClassicAddress(text)).toBe(expected);
    expect(isClassicAddress(text)).toBe(expected);
  });
});

describe("sha256OneBlock", () => {
  it("matches node:crypto SHA-256 for every length it takes", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 0, maxLength: SHA256_ONE_BLOCK_MAX_BYTES }), (input) => {
        const output = new Uint8Array(32);
        sha256OneBlock(input, input.length, output);
        expect(Buffer.from(output).toString("hex")).toBe(createHash("sha256").update(input).digest("hex"));
      }),
      { numRuns: 5_000 },
    );
    for (let length = 0; length <= SHA256_ONE_BLOCK_MAX_BYTES; length++) {
      const input = new Uint8Array(length).fill(0xff);
      const output = new Uint8Array(32);
      sha256OneBlock(input, length, output);
      expect(Buffer.from(output).toString("hex")).toBe(createHash("sha256").update(input).digest("hex"));
    }
  });

  it("gives the FIPS 180-4 digest of abc", () => {
    const output = new Uint8Array(32);
    sha256OneBlock(new TextEncoder().encode("abc"), 3, output);
    expect(Buffer.from(output).toString("hex")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("hashes in place when input and output are the same array", () => {
    const buffer = new Uint8Array(32).fill(7);
    const expected = createHash("sha256").update(buffer).digest("hex");
    sha256OneBlock(buffer, 32, buffer);
    expect(Buffer.from(buffer).toString("hex")).toBe(expected);
  });
});
