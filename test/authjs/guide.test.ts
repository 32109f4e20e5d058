/**
 * docs/authjs.md stays true: every TypeScript block in it is written to the file its first line
 * names (`// auth.ts`), as one Next app, and the whole app is type-checked with `tsc` against
 * this library's sources and the real next-auth, @auth/core and pg types. The blocks that import
 * another block (`@/auth`) are `no-check` for the one-block-at-a-time documentation check
 * (test/docs); here they are checked with the rest.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "../support/example-process.js";
import { extractSnippets } from "../docs/snippets.js";

const GUIDE = join(REPO_ROOT, "docs", "authjs.md");
const APP_DIR = join(REPO_ROOT, "test-artifacts", "authjs-guide");

interface Sample {
  file: string;
  code: string;
}

function samples(markdown: string): Sample[] {
  return extractSnippets("docs/authjs.md", markdown).map((snippet) => {
    const named = /^\/\/ ([\w./@[\]-]+\.tsx?)\n/.exec(snippet.code);
    if (named === null) throw new Error(`docs/authjs.md:${snippet.line}: a TypeScript block does not start with "// <file>.ts"`);
    return { file: named[1]!, code: snippet.code };
  });
}

describe("docs/authjs.md", () => {
  it("has TypeScript samples, each naming its own file", () => {
    const found = samples(readFileSync(GUIDE, "utf8"));
    expect(found.length).toBeGreaterThanOrEqual(8);
    expect(new Set(found.map((sample) => sample.file)).size).toBe(found.length);
  });

  it("type-checks every TypeScript sample as one app", () => {
    rmSync(APP_DIR, { recursive: true, force: true });
    const found = samples(readFileSync(GUIDE, "utf8"));
    for (const sample of found) {
      const path = join(APP_DIR, sample.file);
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, sample.code);
    }
    const source = (entry: string) => [join(REPO_ROOT, "src", entry)];
    writeFileSync(
      join(APP_DIR, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["dom", "dom.iterable", "ES2023"],
          module: "esnext",
          moduleResolution: "bundler",
          jsx: "react-jsx",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: ["node"],
          // As a user's app resolves the package, but from the sources, so no build is needed.
          paths: {
            "@/*": ["./*"],
            "sign-in-with-xrpl": source("index.ts"),
            "sign-in-with-xrpl/authjs": source("authjs/index.ts"),
            "sign-in-with-xrpl/client": source("client/index.ts"),
            "sign-in-with-xrpl/postgres": source("postgres/index.ts"),
            "sign-in-with-xrpl/redis": source("redis/index.ts"),
          },
        },
        include: found.map((sample) => sample.file),
      }),
    );
    const tsc = spawnSync(process.execPath, [join(REPO_ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", APP_DIR], {
      encoding: "utf8",
    });
    expect(`${tsc.stdout}${tsc.stderr}`).toBe("");
    expect(tsc.status).toBe(0);
  }, 120_000);
});
