// Work grows linearly with the input, shown by counting string operations (never by timing):
// every String.prototype method the parser can call is wrapped with a counter for the length of
// one synchronous parseMessage call.
import { afterEach, describe, expect, it } from "vitest";
import { MessageFormatError } from "../../src/errors.js";
import { parseMessage } from "../../src/message/index.js";
import { MINIMAL_LINES } from "./messages.js";

const COUNTED = [
  "charCodeAt",
  "codePointAt",
  "indexOf",
  "lastIndexOf",
  "includes",
  "startsWith",
  "endsWith",
  "slice",
  "substring",
  "split",
  "toLowerCase",
  "replace",
  "match",
  "at",
] as const;

type Counts = Record<(typeof COUNTED)[number], number>;
const originals = new Map<string, unknown>();

function restore(): void {
  for (const [name, original] of originals) {
    (String.prototype as unknown as Record<string, unknown>)[name] = original;
  }
  originals.clear();
}

/** Counts String.prototype calls made while `parseMessage(text)` runs. */
function countOperations(text: string): Counts {
  const counts = Object.fromEntries(COUNTED.map((name) => [name, 0])) as Counts;
  const prototype = String.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const name of COUNTED) {
    const original = prototype[name]!;
    originals.set(name, original);
    prototype[name] = function (this: string, ...args: unknown[]) {
      counts[name]++;
      return original.apply(this, args);
    };
  }
  try {
    parseMessage(text);
  } catch (error) {
    if (!(error instanceof MessageFormatError)) throw error;
  } finally {
    restore();
  }
  return counts;
}

function total(counts: Counts): number {
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

afterEach(restore);

const head = MINIMAL_LINES.join("\n");

/** Pathological inputs of about `size` bytes (all <= 8192 UTF-8 bytes). */
const FAMILIES: Record<string, (size: number) => string> = {
  "a long statement": (size) => withStatement("a".repeat(size)),
  "a long statement of 2-byte letters": (size) => withStatement("é".repeat(size / 2)),
  "a statement full of bidi overrides": (size) => withStatement("\u202e".repeat(size / 3)),
  "thousands of resource lines": (size) => `${head}\nResources:${"\n- a:".repeat(size / 5)}`,
  "thousands of bad resource lines": (size) => `${head}\nResources:${"\n- :".repeat(size / 4)}`,
  "thousands of unknown lines": (size) => `${head}${"\nx".repeat(size / 2)}`,
  "thousands of duplicate Nonce lines": (size) => `${head}${"\nNonce: 12345678".repeat(size / 16)}`,
  "thousands of blank lines": (size) => `${head}${"\n".repeat(size)}`,
  "thousands of CRs": (size) => `${head}${"\r".repeat(size)}`,
  "CRLF on every short line": (size) => "x\r\n".repeat(size / 3),
  "a URI of percent escapes": (size) => head.replace("URI: https://example.com", `URI: https://example.com/${"%41".repeat(size / 3)}`),
  "a URI of brackets and colons": (size) => head.replace("URI: https://example.com", `URI: uri://[${":".repeat(size)}`),
  "a URI of at signs": (size) => head.replace("URI: https://example.com", `URI: uri://${"@".repeat(size)}`),
  "a long nonce": (size) => head.replace("Nonce: 12345678", `Nonce: ${"a".repeat(size)}`),
  "a long domain of dots": (size) => head.replace("example.com wants", `${"a.".repeat(size / 2)}com wants`),
  "a long header without suffix": (size) => "a".repeat(size),
  "a long address": (size) => head.replace(/^r\w+$/m, "r".repeat(size)),
  "a long issued at": (size) => head.replace("Issued At: 2024-01-01T00:00:00Z", `Issued At: 2024-01-01T00:00:00.${"1".repeat(size)}Z`),
};

function withStatement(statement: string): string {
  const lines = [...MINIMAL_LINES];
  lines.splice(3, 0, statement);
  return lines.join("\n");
}

describe("parseMessage does linear work", () => {
  it.each(Object.keys(FAMILIES))("on %s", (name) => {
    const build = FAMILIES[name]!;
    const sizes = [1024, 2048, 4096, 7680];
    const perByte = sizes.map((size) => {
      const text = build(size);
      expect(Buffer.byteLength(text, "utf8")).toBeLessThanOrEqual(8192);
      return total(countOperations(text)) / text.length;
    });
    // A constant number of operations per character, the same at 1 KiB as at 7.5 KiB.
    for (const cost of perByte) expect(cost).toBeLessThan(12);
    expect(perByte[3]!).toBeLessThanOrEqual(perByte[0]! * 1.25 + 0.05);
  });

  it("counts real work (the counter sees the scanning)", () => {
    const text = withStatement("a".repeat(4096));
    expect(countOperations(text).charCodeAt).toBeGreaterThan(4096);
  });

  it("rejects more than 8 KiB before any scanning", () => {
    for (const text of ["a".repeat(8193), "a".repeat(1_000_000), `${head}\n${"- a:\n".repeat(5000)}`]) {
      const counts = countOperations(text);
      expect(total(counts)).toBe(0);
    }
  });

  it("rejects 8 KiB+ of multi-byte text after one counting pass and before splitting lines", () => {
    const text = withStatement("é".repeat(4200));
    expect(text.length).toBeLessThan(8192);
    const counts = countOperations(text);
    expect(counts.split).toBe(0);
    expect(counts.indexOf).toBe(0);
    expect(counts.charCodeAt).toBeLessThanOrEqual(text.length);
  });
});
