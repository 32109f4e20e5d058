// The README and the guides ship in the package, so they speak to someone who installed it: that
// reader has no test/ folder to open and cannot run this repository's npm scripts. A test file is
// named by what it shows, never by its path; a repository script (`npm run bench`, `npm start` of
// an example) appears only in a section that says it is for contributors or in the repository.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { packedFiles } from "../support/packed-files.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** A section that says this: its commands are not for the package's users. */
const FOR_CONTRIBUTORS = /\bcontributors?\b|\brepository\b/iu;

/** A path into the repository's tests, which the package does not contain. */
const TEST_PATH = /(?:^|[^\w/.-])((?:\.\.\/)*test\/[\w.[\]-]+(?:\/[\w.[\]-]+)*)/gu;

/** `npm run <script>`, `npm start`, `npm test` and the like. */
const NPM_SCRIPT = /\bnpm (?:run(?:-script)? ([\w:.-]+)|(start|test|stop|restart)\b)/gu;

interface Section {
  heading: string;
  lines: { text: string; line: number }[];
}

/** The markdown cut at its headings (outside fenced code), each section with its lines. */
function sections(markdown: string): Section[] {
  const result: Section[] = [{ heading: "", lines: [] }];
  let inFence = false;
  markdown.split("\n").forEach((text, index) => {
    if (/^\s*(```|~~~)/u.test(text)) inFence = !inFence;
    if (!inFence && /^#{1,6}\s/u.test(text)) result.push({ heading: text, lines: [] });
    result.at(-1)!.lines.push({ text, line: index + 1 });
  });
  return result;
}

/**
 * What a package user could not follow in `markdown`: test paths anywhere, and repository
 * scripts (names in `repositoryScripts`) in a section that does not say it is for contributors.
 */
export function packageUserProblems(markdown: string, repositoryScripts: ReadonlySet<string>): string[] {
  const problems: string[] = [];
  for (const section of sections(markdown)) {
    const marked = FOR_CONTRIBUTORS.test(section.lines.map((line) => line.text).join("\n"));
    for (const { text, line } of section.lines) {
      for (const match of text.matchAll(TEST_PATH))
        problems.push(`line ${line}: names the repository's test file ${match[1]!.replace(/\.$/u, "")}`);
      if (marked) continue;
      for (const match of text.matchAll(NPM_SCRIPT)) {
        const script = match[1] ?? match[2]!;
        if (repositoryScripts.has(script))
          problems.push(`line ${line}: \`${match[0]}\` is a repository script; say the section is for contributors`);
      }
    }
  }
  return problems;
}

function scriptsOf(manifestPath: string): string[] {
  const manifest = JSON.parse(readFileSync(join(ROOT, manifestPath), "utf8")) as { scripts?: Record<string, string> };
  return Object.keys(manifest.scripts ?? {});
}

let shippedMarkdown: string[];
let repositoryScripts: Set<string>;
beforeAll(async () => {
  shippedMarkdown = (await packedFiles(ROOT)).files.map((file) => file.path).filter((path) => path.endsWith(".md"));
  const workspaces = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { workspaces?: string[] }).workspaces ?? [];
  repositoryScripts = new Set(
    ["package.json", ...workspaces.filter((folder) => folder !== ".").map((folder) => `${folder}/package.json`)].flatMap(scriptsOf),
  );
});

describe("the shipped documentation speaks to package users", () => {
  it("the repository's scripts are known, so the check has something to find", () => {
    for (const script of ["test", "start", "bench", "docs", "example:next"]) expect(repositoryScripts).toContain(script);
    expect(shippedMarkdown.length).toBeGreaterThan(10);
  });

  it("no shipped file names a test path or a repository script outside a contributors' section", () => {
    const problems = shippedMarkdown.flatMap((file) =>
      packageUserProblems(readFileSync(join(ROOT, file), "utf8"), repositoryScripts).map((problem) => `${file}:${problem}`),
    );
    expect(problems).toEqual([]);
  });
});

describe("the wording check", () => {
  const scripts = new Set(["test", "start", "bench", "example:next", "build"]);

  it("finds test paths, even in a contributors' section", () => {
    const text =
      "# Guide\nSee `test/support/session-harness.ts` or ../test/fixtures/x.json.\n## For contributors\nThe repository's test/e2e/demo-flow.ts.\n";
    expect(packageUserProblems(text, scripts)).toEqual([
      "line 2: names the repository's test file test/support/session-harness.ts",
      "line 2: names the repository's test file ../test/fixtures/x.json",
      "line 4: names the repository's test file test/e2e/demo-flow.ts",
    ]);
  });

  it("finds repository scripts in a section that does not say it is for contributors", () => {
    const text = [
      "# Benchmarks",
      "Run `npm run bench -- verify`, then `npm start`.",
      "```sh",
      "npm test",
      "npm run docs:unknown-to-us",
      "```",
      "## Reproducing them (contributors)",
      "npm run bench",
      "## In a clone",
      "From the repository root: `npm run example:next`.",
    ].join("\n");
    expect(packageUserProblems(text, scripts)).toEqual([
      "line 2: `npm run bench` is a repository script; say the section is for contributors",
      "line 2: `npm start` is a repository script; say the section is for contributors",
      "line 4: `npm test` is a repository script; say the section is for contributors",
    ]);
  });

  it("leaves alone what users run: npm install, npx, a test/ that is not a path", () => {
    const text = "npm install sign-in-with-xrpl\nnpx sign-in-with-xrpl explain\nA latest/test/ URL segment, a contest/ folder.\n";
    expect(packageUserProblems(text, scripts)).toEqual([]);
  });
});
