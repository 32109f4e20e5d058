// Users and contributors read src/ (and the .d.ts built from it), the README, docs/, examples/,
// these tests and their fixtures (whose READMEs and provenance notes say where each vector comes
// from). None of them may send the reader to a document they cannot see, such as an internal
// specification by section number, a design note by its code name or a path on the team's
// machines: the text names the behaviour and its reason instead.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SCANNED = ["src", "docs", "examples", "test", "bench", "README.md", "CONTRIBUTING.md"];
const SKIPPED_DIRECTORIES = new Set(["node_modules", ".next", ".next-tests", "public", "dist"]);
const TEXT_FILE = /\.(ts|tsx|mts|mjs|js|md|json)$/u;

// Built from pieces so that this file does not match itself.
const FORBIDDEN: [RegExp, string][] = [
  [new RegExp(["\\bSP", "EC\\b"].join(""), "u"), "an internal specification"],
  [new RegExp(["\\bse", "ed (\\d|variant|'s)"].join(""), "iu"), "the original service description"],
  [new RegExp(["\\bvari", "ant [AB]\\b"].join(""), "u"), "a session kind by its code letter (say sealed-cookie or server-store)"],
  [new RegExp(["CONVEN", "TIONS\\.md"].join(""), "u"), "a conventions file that does not exist"],
  // A public standard's sections ("RFC 3986 section 3") are fine: anyone can read those.
  [new RegExp(["(?<!RFC \\d+,? )\\bsect", "ion \\d+(\\.\\d+)*\\b"].join(""), "iu"), "a section number"],
  [new RegExp(["/wo", "rk/(shared|main|wt)\\b"].join(""), "u"), "a path on the team's machines"],
];

function filesUnder(path: string): string[] {
  const absolute = join(ROOT, path);
  if (!statSync(absolute, { throwIfNoEntry: false })) return [];
  if (!statSync(absolute).isDirectory()) return [absolute];
  return readdirSync(absolute).flatMap((name) =>
    SKIPPED_DIRECTORIES.has(name) || name.startsWith(".") ? [] : filesUnder(join(path, name)),
  );
}

export function internalReferences(text: string): string[] {
  const found: string[] = [];
  text.split("\n").forEach((line, index) => {
    for (const [pattern, what] of FORBIDDEN)
      if (pattern.test(line)) found.push(`line ${index + 1}: cites ${what}: ${line.trim().slice(0, 100)}`);
  });
  return found;
}

function scannedFiles(): string[] {
  return SCANNED.flatMap(filesUnder).filter((file) => TEXT_FILE.test(file));
}

describe("text users and contributors read", () => {
  it("cites no internal document", () => {
    const offenders: string[] = [];
    for (const file of scannedFiles()) {
      for (const problem of internalReferences(readFileSync(file, "utf8"))) offenders.push(`${relative(ROOT, file)} ${problem}`);
    }
    expect(offenders).toEqual([]);
  });

  it("finds each kind of reference it forbids", () => {
    const samples = [
      ["S", "PEC 5"],
      ["se", "ed 2.2"],
      ["vari", "ant B"],
      ["CONVEN", "TIONS.md"],
      ["sect", "ion 4.1"],
    ].map((parts) => parts.join(""));
    for (const sample of samples) expect(internalReferences(`see ${sample} for why`), sample).toHaveLength(1);
    expect(internalReferences("the dev wallet's seed, a sealed-cookie session, RFC 3986 section 3")).toEqual([]);
  });

  it("reads the fixtures too, and finds a citation in a fixture's README or provenance note", () => {
    const scanned = scannedFiles().map((file) => relative(ROOT, file));
    for (const fixture of [
      "test/fixtures/siwe/README.md",
      "test/fixtures/siwe/caip122-xrpl-profile-example.json",
      "test/fixtures/siwe/v4/parsing_positive.json",
      "test/fixtures/wallet-kit/README.md",
      "test/fixtures/ripple-keypairs/README.md",
    ]) {
      expect(scanned).toContain(fixture);
    }
    // Citations as the fixtures' notes once made them.
    const citations = [
      ["the CAIP-122 XRPL profile example as S", "PEC.md 3.1 states it"],
      ['"provenance": "... as the project contract (S', "PEC.md sect", 'ion 3.1) describes it"'],
      ["| domain with userinfo | valid | invalid | S", "PEC 3.1: the domain is an authority without userinfo |"],
      ["copied verbatim, via the team's `/wo", "rk/shared/vectors/siwe-v4/`"],
    ].map((parts) => parts.join(""));
    for (const citation of citations) expect(internalReferences(citation), citation).not.toEqual([]);
  });
});
