// Fuzzing the parser: whatever the input, parseMessage answers a message or throws a
// MessageFormatError (never a TypeError, never a hang), and every message it answers
// round-trips through createMessage. 100,000+ runs in all.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { createMessage, parseMessage } from "../../src/message/index.js";
import type { SignInMessage } from "../../src/message/types.js";
import { FIELD_LINE_SAMPLES, fieldsArb, walletKitFieldsArb } from "./arbitraries.js";
import { FULL, MINIMAL, PROFILE_EXAMPLE, WALLET_KIT, WALLET_KIT_PLAIN } from "./messages.js";

let totalRuns = 0;

/** The fuzz oracle: parse, and check what came out. */
function parseAndCheck(input: unknown): void {
  totalRuns++;
  let message: SignInMessage;
  try {
    message = parseMessage(input);
  } catch (error) {
    if (!(error instanceof MessageFormatError)) throw error;
    expect(error.issues.length).toBeGreaterThan(0);
    return;
  }
  const text = input as string;
  // Only an xrpl-wallet-kit message can lack a chain id.
  if (message.chainId === undefined) expect(message.dialect).toBe("xrpl-wallet-kit");
  const rebuilt = createMessage(message);
  // Every wallet-kit message is rebuilt byte for byte; a caip122 one when its chain id is bare.
  const canonical = message.dialect === "xrpl-wallet-kit" || !/^Chain ID: xrpl:/m.test(text);
  if (canonical) expect(rebuilt).toBe(text);
  expect(parseMessage(rebuilt)).toEqual(message);
}

const SEEDS = [FULL, MINIMAL, PROFILE_EXAMPLE, WALLET_KIT, WALLET_KIT_PLAIN];
const seedArb = fc.oneof(
  fc.constantFrom(...SEEDS),
  fieldsArb.map((fields) => createMessage(fields)),
  walletKitFieldsArb.map((fields) => createMessage(fields)),
);

const nastyCharArb = fc.constantFrom(
  "\r",
  "\n",
  "\u0000",
  "\u202e",
  "\u202d",
  "\u2066",
  "\u2069",
  "\u200b",
  "\ufeff",
  "\u2028",
  "\u2029",
  "\ud800",
  "\udfff",
  "\u0085",
  "\t",
  " ",
  ":",
  "-",
  "[",
  "%",
  "é",
  "🔐",
);

type Mutation = (text: string) => string;

const mutationArb: fc.Arbitrary<Mutation> = fc.oneof(
  // Replace one character (a "byte flip" on the UTF-16 text).
  fc
    .tuple(fc.nat(), fc.oneof(nastyCharArb, fc.string({ unit: "binary", minLength: 1, maxLength: 1 })))
    .map(([position, char]): Mutation => (text) => {
      const at = position % Math.max(text.length, 1);
      return text.slice(0, at) + char + text.slice(at + 1);
    }),
  // Insert a CR, NUL, bidi or separator character.
  fc.tuple(fc.nat(), nastyCharArb).map(([position, char]): Mutation => (text) => {
    const at = position % (text.length + 1);
    return text.slice(0, at) + char + text.slice(at);
  }),
  // Swap two lines.
  fc.tuple(fc.nat(), fc.nat()).map(([a, b]): Mutation => (text) => {
    const lines = text.split("\n");
    const i = a % lines.length;
    const j = b % lines.length;
    [lines[i], lines[j]] = [lines[j]!, lines[i]!];
    return lines.join("\n");
  }),
  // Duplicate a line.
  fc.nat().map((a): Mutation => (text) => {
    const lines = text.split("\n");
    const i = a % lines.length;
    lines.splice(i, 0, lines[i]!);
    return lines.join("\n");
  }),
  // Delete a line.
  fc.nat().map((a): Mutation => (text) => {
    const lines = text.split("\n");
    lines.splice(a % lines.length, 1);
    return lines.join("\n");
  }),
  // Truncate, or append text.
  fc.nat().map(
    (a): Mutation =>
      (text) =>
        text.slice(0, a % (text.length + 1)),
  ),
  fc.string({ maxLength: 20 }).map(
    (tail): Mutation =>
      (text) =>
        text + tail,
  ),
  // Grow a line to a huge size, around and beyond 8 KiB.
  fc
    .tuple(fc.nat(), fc.integer({ min: 7_000, max: 9_000 }), fc.constantFrom("a", "é", "%41", "::", "[", "- a:\n"))
    .map(([a, size, unit]): Mutation => (text) => {
      const lines = text.split("\n");
      const i = a % lines.length;
      lines[i] = lines[i]! + unit.repeat(Math.ceil(size / unit.length));
      return lines.join("\n").slice(0, size + text.length);
    }),
);

describe("parseMessage fuzz", () => {
  it("survives 25,000 random strings (any unit)", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 300 }),
          fc.string({ unit: "binary", maxLength: 300 }),
          fc.string({ unit: "grapheme", maxLength: 100 }),
          fc.string({ unit: fc.constantFrom("\n", "\r", ":", " ", "a", "1", "-", "U", "R", "I"), maxLength: 200 }),
        ),
        (text) => parseAndCheck(text),
      ),
      { numRuns: 25_000 },
    );
  });

  it("survives 50,000 mutated valid messages (1 to 4 mutations each)", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(seedArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (seed, mutations) => {
        parseAndCheck(mutations.reduce((text, mutate) => mutate(text), seed));
      }),
      { numRuns: 50_000 },
    );
  });

  it("survives 15,000 line soups made of real field labels and values", { timeout: 120_000 }, () => {
    const lineArb = fc.oneof(
      fc.constantFrom(
        "",
        "example.com wants you to sign in with your XRPL account:",
        "example.com wants you to sign in with your wallet:",
        "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
        "Statement.",
        ...FIELD_LINE_SAMPLES,
        "- ",
        "-",
      ),
      fc.string({ maxLength: 30 }),
    );
    fc.assert(
      fc.property(fc.array(lineArb, { maxLength: 20 }), (lines) => parseAndCheck(lines.join("\n"))),
      { numRuns: 15_000 },
    );
  });

  it("survives 10,000 values that are not strings", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withDate: true, withMap: true, withSet: true, withTypedArray: true }), (value) => {
        fc.pre(typeof value !== "string");
        totalRuns++;
        expect(() => parseMessage(value)).toThrow(MessageFormatError);
      }),
      { numRuns: 10_000 },
    );
  });

  it("survives 2,000 messages of 7 to 9 KiB", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(seedArb, fc.integer({ min: 7_168, max: 9_216 }), fc.constantFrom("a", "é", "🔐", " ", "\u202e"), (seed, size, unit) => {
        const lines = seed.split("\n");
        lines.splice(3, 1, unit.repeat(Math.max(1, Math.floor((size - seed.length) / unit.length))));
        parseAndCheck(lines.join("\n"));
      }),
      { numRuns: 2_000 },
    );
  });

  it("ran at least 100,000 inputs in all", () => {
    expect(totalRuns).toBeGreaterThanOrEqual(100_000);
  });
});
