// docs/better-auth.md shows the example app's files whole: each TypeScript block marked with a
// file must be that file, byte for byte, so what the guide teaches is what better-auth.test.ts
// runs, and every file of the app is shown. Shorter blocks without a marker (an option, a client
// call) are compiled by test/docs like every guide's.
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
  it("shows files of the example app exactly as they are", () => {
    const blocks = tsBlocks().filter((block) => block.file !== undefined);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) {
      expect(block.file).toMatch(new RegExp(`^${EXAMPLE}/`, "u"));
      expect(block.code, `${block.file} in the guide differs from the file`).toBe(readFileSync(join(REPO_ROOT, block.file ?? ""), "utf8"));
    }
  });

  it("shows every file of the example app", () => {
    const shown = tsBlocks()
      .map((block) => block.file)
      .filter((file) => file !== undefined);
    const files = readdirSync(join(REPO_ROOT, EXAMPLE))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => `${EXAMPLE}/${name}`);
    expect(shown.sort()).toEqual(files.sort());
  });
});
