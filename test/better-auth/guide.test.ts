// docs/better-auth.md shows the example app's files whole: each TypeScript block in the guide must
// be one of them, byte for byte, so what the guide teaches is what better-auth.test.ts runs and
// the type check compiles.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/example-process.js";

const guide = readFileSync(join(REPO_ROOT, "docs", "better-auth.md"), "utf8");
const EXAMPLE = "examples/better-auth";

/** Every ```ts block of the guide, with the file its marker line names (or none). */
function tsBlocks(): { file: string | undefined; code: string }[] {
  const blocks: { file: string | undefined; code: string }[] = [];
  const pattern = /(?:<!-- file: (\S+) -->\n)?```ts\n([\s\S]*?)```/gu;
  for (const match of guide.matchAll(pattern)) blocks.push({ file: match[1], code: match[2] ?? "" });
  return blocks;
}

describe("docs/better-auth.md", () => {
  it("shows only files of the example app as TypeScript, each exactly as it is", () => {
    const blocks = tsBlocks();
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block.file, `a TypeScript block without a file marker:\n${block.code}`).toMatch(new RegExp(`^${EXAMPLE}/`, "u"));
      expect(block.code, `${block.file} in the guide differs from the file`).toBe(readFileSync(join(REPO_ROOT, block.file ?? ""), "utf8"));
    }
  });

  it("shows every file of the example app", () => {
    const shown = tsBlocks().map((block) => block.file);
    const files = readdirSync(join(REPO_ROOT, EXAMPLE))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `${EXAMPLE}/${name}`);
    expect(shown.sort()).toEqual(files.sort());
  });
});
