/**
 * Some guides show whole files of an app (several files that import each other, Bun's and Deno's
 * globals) from docs/snippets/, which `npm run typecheck` compiles as a project and test/docs runs
 * where it can. Each such sample sits in a guide after a `<!-- docs/snippets/... -->` line, as a
 * `ts no-check` block (the per-block check of snippets.test.ts cannot follow its imports), and
 * must be that file exactly, so the code a reader copies is the code that is checked.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/example-process.js";

const DOCS = join(REPO_ROOT, "docs");
const SNIPPETS = join(DOCS, "snippets");

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** Every `<!-- docs/snippets/... -->` marker of the guides with the fenced block right after it. */
function shownSamples(): { guide: string; path: string; code: string }[] {
  const samples: { guide: string; path: string; code: string }[] = [];
  for (const guide of readdirSync(DOCS).filter((name) => name.endsWith(".md"))) {
    const text = readFileSync(join(DOCS, guide), "utf8");
    for (const match of text.matchAll(/<!-- (docs\/snippets\/[^ ]+) -->\n```ts no-check\n([\s\S]*?)```\n/g)) {
      samples.push({ guide, path: match[1]!, code: match[2]! });
    }
  }
  return samples;
}

describe("guide code samples", () => {
  const samples = shownSamples();

  it("shows each sample exactly as the checked file holds it", () => {
    expect(samples.length).toBeGreaterThan(0);
    for (const { guide, path, code } of samples) {
      expect({ guide, path, code }).toEqual({ guide, path, code: readFileSync(join(REPO_ROOT, path), "utf8") });
    }
  });

  it("shows every sample file in some guide", () => {
    const shown = new Set(samples.map((sample) => sample.path));
    const files = filesUnder(SNIPPETS)
      .map((file) => relative(REPO_ROOT, file))
      .filter((file) => file.endsWith(".ts") && !file.endsWith(".d.ts"));
    expect(files.filter((file) => !shown.has(file))).toEqual([]);
  });
});
