// Every TypeScript block of README.md, CONTRIBUTING.md and docs/ compiles against the library as
// it is now (see test/docs/snippets.ts for the markers). A failure names the markdown file and line.
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/example-process.js";
import { checkSnippets, documentationSnippets, extractSnippets, type SnippetProblem } from "./snippets.js";

const snippets = documentationSnippets(REPO_ROOT);
const files = [...new Set(snippets.map((snippet) => snippet.file))];
let problems: SnippetProblem[] | undefined;
const problemsIn = (file: string): string[] => {
  problems ??= checkSnippets(REPO_ROOT, snippets);
  return problems.filter((problem) => problem.where.startsWith(`${file}:`)).map((problem) => `${problem.where} ${problem.message}`);
};

describe("documentation code blocks type-check", () => {
  it("finds the guides' TypeScript blocks", () => {
    expect(files).toContain("docs/getting-started.md");
    expect(snippets.filter((snippet) => !snippet.noCheck).length).toBeGreaterThan(40);
  });

  for (const file of files) {
    it(file, { timeout: 120_000 }, () => {
      expect(problemsIn(file)).toEqual([]);
    });
  }
});

describe("the snippet checker", () => {
  const markdown = [
    "# Guide",
    "",
    "<!-- snippet-context",
    "declare const request: Request;",
    "-->",
    "```ts",
    'import { createVerifier } from "sign-in-with-xrpl";',
    "const verifier = createVerifier({ nodeUrl: 42 });",
    "const url: number = request.url;",
    "```",
    "",
    "```ts no-check",
    "this is not TypeScript",
    "```",
    "",
    "```ts",
    'import { createFetchHandler } from "sign-in-with-xrpl/fetch";',
    "const handler = createFetchHandler;",
    "```",
  ].join("\n");

  it("reports each error at its markdown line and column, and skips no-check blocks", () => {
    const found = extractSnippets("docs/example.md", markdown);
    expect(found.map(({ line, noCheck }) => ({ line, noCheck }))).toEqual([
      { line: 7, noCheck: false },
      { line: 13, noCheck: true },
      { line: 17, noCheck: false },
    ]);
    const reported = checkSnippets(REPO_ROOT, found);
    expect(reported.map((problem) => problem.where)).toEqual(["docs/example.md:8:35", "docs/example.md:9:7"]);
    expect(reported[0]!.message).toMatch(/^TS2322: /);
  });

  it("reports an error in a snippet-context comment on the comment's line", () => {
    const found = extractSnippets(
      "docs/context.md",
      ["<!-- snippet-context", "declare const n: number = 1;", "-->", "```ts", "n;", "```"].join("\n"),
    );
    expect(checkSnippets(REPO_ROOT, found).map((problem) => problem.where)).toEqual(["docs/context.md:2:27"]);
  });

  it("refuses an unknown flag and an unclosed block", () => {
    expect(() => extractSnippets("docs/x.md", "```ts nocheck\n1;\n```")).toThrow("docs/x.md:1: unknown code block flag(s) nocheck");
    expect(() => extractSnippets("docs/x.md", "```ts\n1;\n")).toThrow("docs/x.md:1: a code block is never closed");
  });
});
