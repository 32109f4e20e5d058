// The source layout is the architecture: the message format at the bottom, verification on top
// of it, the session handlers and the fetch core above, stores and integrations at the top, and
// the browser client apart. A module may import (at run time) only from its own layer or those
// below, so the bottom stays small enough for browsers and Workers and nothing can form a cycle
// across layers. Type-only imports are free: they vanish from the JavaScript.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

/** For each top-level folder of src/ (or root file), the folders it may import at run time. */
const BELOW = ["shared", "errors.ts"];
const ALLOWED: Record<string, readonly string[]> = {
  shared: BELOW,
  "errors.ts": BELOW,
  message: [...BELOW, "message"],
  verify: [...BELOW, "message", "verify"],
  server: [...BELOW, "message", "verify", "server"],
  fetch: [...BELOW, "message", "verify", "server", "fetch"],
  redis: [...BELOW, "message", "verify", "server", "redis"],
  postgres: [...BELOW, "message", "verify", "server", "postgres"],
  cloudflare: [...BELOW, "message", "verify", "server", "cloudflare"],
  "deno-kv": [...BELOW, "message", "verify", "server", "deno-kv"],
  client: [...BELOW, "message", "client"],
  xaman: [...BELOW, "message", "verify", "server", "xaman"],
};
/** Integrations and the entry points sit at the top: they may import any layer but each other's. */
const TOP = ["index.ts", "testing", "better-auth", "authjs", "oidc", "cli", "cli.ts", "fastify", "koa", "express", "hono"];

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith(".ts") ? [path] : [];
  });
}

/** The first path segment under src/ of a file or of a relative import resolved from one. */
function layerOf(pathUnderSrc: string): string {
  const first = pathUnderSrc.split(sep)[0] ?? pathUnderSrc;
  return first.replace(/\.js$/u, ".ts");
}

const IMPORT = /^\s*(import|export)\s+(type\s+)?[^"';]*?from\s+"(\.[^"]+)"|^\s*import\s+"(\.[^"]+)"|import\(\s*"(\.[^"]+)"\s*\)/gmu;

function runtimeImports(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const found: string[] = [];
  for (const match of text.matchAll(IMPORT)) {
    const typeOnly = match[2] !== undefined;
    const target = match[3] ?? match[4] ?? match[5];
    if (target !== undefined && !typeOnly) found.push(target);
  }
  return found;
}

describe("the source layout", () => {
  const files = sourceFiles(SRC);

  it("finds the layers it checks", () => {
    const layers = new Set(files.map((file) => layerOf(relative(SRC, file))));
    for (const layer of ["shared", "message", "verify", "server", "fetch", "client"]) expect(layers).toContain(layer);
  });

  it("never imports an upper layer from a lower one at run time", () => {
    const violations: string[] = [];
    for (const file of files) {
      const from = relative(SRC, file);
      const layer = layerOf(from);
      if (TOP.includes(layer)) continue;
      const allowed = ALLOWED[layer];
      if (allowed === undefined) {
        violations.push(`${from}: src/${layer} has no place in the layer list of test/architecture.test.ts; add it`);
        continue;
      }
      for (const target of runtimeImports(file)) {
        const resolved = relative(SRC, join(file, "..", target));
        const targetLayer = layerOf(resolved);
        if (!allowed.includes(targetLayer)) violations.push(`${from} imports ${resolved} (src/${layer} may import ${allowed.join(", ")})`);
      }
    }
    expect(violations).toEqual([]);
  });

  it("catches a violation when one is there", () => {
    const sample =
      'import { x } from "../server/handlers.js";\nimport type { Y } from "../server/types.js";\nconst m = import("../verify/x.js");';
    const matches = [...sample.matchAll(IMPORT)].filter((match) => match[2] === undefined).map((match) => match[3] ?? match[4] ?? match[5]);
    expect(matches).toEqual(["../server/handlers.js", "../verify/x.js"]);
  });
});
