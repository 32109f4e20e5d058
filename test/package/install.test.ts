// The package as users get it: `npm pack` run the way a release runs it (in a scratch copy of the
// working tree, prepack and postpack included), the tarball installed with npm into a project
// outside the repository, and then, from that install:
//
// - three TypeScript projects (test/package/fixtures/): CommonJS with `moduleResolution: "node10"`,
//   ES modules with `node16`, and `bundler`. Each imports every subpath of `exports` with its
//   types (an untyped or unresolved subpath fails the compile) and compiles usage.ts, whose
//   `@ts-expect-error` lines prove the types are real. The node10 and node16 builds then run, so
//   every subpath also loads under require() and import; the node10 project also mounts Fastify
//   and signs in by signed transaction against the shipped mock ledger (node10-cjs/ledger.ts);
// - the installed package.json (no repository fields), no source maps, the guides' links on the
//   installed layout, and the `sign-in-with-xrpl` command (`--version`, a bare call).
//
// One tarball and one install serve every check. The dependencies come from npm's cache (the
// repository's own install filled it); the optional peers the typings name (better-auth, Auth.js,
// redis, pg, fastify, hono) and the compiler are linked from the repository's node_modules, as a
// user would have installed them.
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkMarkdownLinks, filesUnder } from "../../scripts/doc-links.mjs";
import { REPOSITORY_ONLY_FIELDS, staleBuildReason, type Manifest } from "../../scripts/pack-manifest.mjs";
import { copyWorkingTree } from "../../scripts/scratch-clone.mjs";
import { readPackJson, type PackResult } from "../support/packed-files.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const FIXTURES = fileURLToPath(new URL("./fixtures/", import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest & { name: string; version: string };

/** Packages a user installs beside this one for the typings and entries they use. */
const LINKED_FROM_REPOSITORY = [
  "typescript",
  "@types/node",
  "better-auth",
  "@auth/core",
  "next-auth",
  "redis",
  "pg",
  "@types/pg",
  "fastify",
  "hono",
];

/** The subpaths of `exports` users import, "sign-in-with-xrpl" first. */
const SPECIFIERS = Object.keys(manifest["exports"] as object)
  .filter((key) => key !== "./package.json")
  .map((key) => (key === "." ? manifest.name : `${manifest.name}/${key.slice(2)}`));

/** A module importing every entry, whose build prints how many exports each one has. */
function subpathsModule(): string {
  const imports = SPECIFIERS.map((specifier, index) => `import * as entry${index} from "${specifier}";`);
  const entries = SPECIFIERS.map(
    (specifier, index) => `  ${JSON.stringify(specifier)}: entry${index} satisfies Typed<typeof entry${index}>,`,
  );
  return [
    ...imports,
    "",
    "// `any` (a module without types) is assignable to everything but never.",
    "type Typed<T> = 0 extends 1 & T ? never : T;",
    "export const entries: Record<string, object> = {",
    ...entries,
    "};",
    "console.log(JSON.stringify(Object.fromEntries(Object.entries(entries).map(([name, entry]) => [name, Object.keys(entry).length]))));",
    "",
  ].join("\n");
}

let scratch: string;
let project: string;
let tarball: PackResult & { filename: string };
let installed: string;

beforeAll(async () => {
  const stale = staleBuildReason(ROOT, manifest);
  if (stale !== undefined) throw new Error(`dist/ is not current (${stale}): run \`npm run build\` first.`);
  scratch = mkdtempSync(join(tmpdir(), "siwx-install-"));
  const clone = join(scratch, "clone");
  copyWorkingTree(ROOT, clone);
  const packed = await run("npm", ["pack", "--json", "--pack-destination", scratch], { cwd: clone, maxBuffer: 16 * 1024 * 1024 });
  tarball = readPackJson(packed.stdout.slice(packed.stdout.indexOf("["))) as PackResult & { filename: string };

  project = join(scratch, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "siwx-install-check", private: true, dependencies: { [manifest.name]: `file:../${tarball.filename}` } }),
  );
  await run("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"], {
    cwd: project,
    maxBuffer: 16 * 1024 * 1024,
  });
  for (const name of LINKED_FROM_REPOSITORY) {
    const link = join(project, "node_modules", name);
    mkdirSync(join(link, ".."), { recursive: true });
    if (!existsSync(link)) symlinkSync(join(ROOT, "node_modules", name), link, "dir");
  }
  installed = join(project, "node_modules", manifest.name);
  for (const fixture of ["node10-cjs", "node16-esm", "bundler"]) {
    cpSync(join(FIXTURES, fixture), join(project, fixture), { recursive: true });
    cpSync(join(FIXTURES, "usage.ts"), join(project, fixture, "usage.ts"));
    writeFileSync(join(project, fixture, "subpaths.ts"), subpathsModule());
  }
}, 180_000);

afterAll(() => {
  if (scratch !== undefined) rmSync(scratch, { recursive: true, force: true });
});

/** tsc of a fixture project; resolves with its output, rejects with the compiler's errors. */
async function compile(fixture: string): Promise<void> {
  const tsc = join(project, "node_modules", "typescript", "bin", "tsc");
  try {
    await run(process.execPath, [tsc, "-p", join(project, fixture)], { cwd: join(project, fixture), maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const { stdout = "", stderr = "" } = error as { stdout?: string; stderr?: string };
    throw new Error(`tsc -p ${fixture} failed:\n${stdout}${stderr}`, { cause: error });
  }
}

async function exportCounts(fixture: string): Promise<Record<string, number>> {
  const { stdout } = await run(process.execPath, [join(project, fixture, "out", "subpaths.js")], { cwd: join(project, fixture) });
  return JSON.parse(stdout) as Record<string, number>;
}

describe("the packed tarball, installed", () => {
  it("compiles every subpath with its types under node10 (CommonJS), node16 (ES modules) and bundler resolution", async () => {
    expect(SPECIFIERS.length).toBeGreaterThan(5);
    await Promise.all(["node10-cjs", "node16-esm", "bundler"].map(compile));
  }, 120_000);

  it("loads every subpath under require() and under import", async () => {
    for (const fixture of ["node10-cjs", "node16-esm"]) {
      const counts = await exportCounts(fixture);
      expect(Object.keys(counts)).toEqual(SPECIFIERS);
      for (const [specifier, count] of Object.entries(counts)) expect(count, `${fixture}: ${specifier}`).toBeGreaterThan(0);
    }
  });

  it("mounts Fastify and signs in by signed transaction against the shipped mock ledger, under node10 and require()", async () => {
    const { stdout } = await run(process.execPath, [join(project, "node10-cjs", "out", "ledger.js")], {
      cwd: join(project, "node10-cjs"),
      timeout: 60_000,
    });
    const answer = JSON.parse(stdout.trim().split("\n").at(-1) ?? "") as Record<string, unknown>;
    expect(answer).toMatchObject({ signedIn: true, profile: true, refused: 401 });
    expect(answer["lookups"]).toEqual(expect.any(Number));
    expect(answer["lookups"] as number).toBeGreaterThan(1);
  }, 90_000);

  it("installs a package.json without the repository's fields, and no source map", () => {
    const installedManifest = JSON.parse(readFileSync(join(installed, "package.json"), "utf8")) as Manifest;
    for (const field of REPOSITORY_ONLY_FIELDS) expect(installedManifest).not.toHaveProperty(field);
    expect(installedManifest["exports"]).toEqual(manifest["exports"]);
    expect(installedManifest["typesVersions"]).toEqual(manifest["typesVersions"]);
    expect(filesUnder(installed).filter((file) => file.endsWith(".map"))).toEqual([]);
    // The scratch copy got its package.json back after packing.
    expect(JSON.parse(readFileSync(join(scratch, "clone", "package.json"), "utf8"))).toEqual(manifest);
  });

  it("ships README.md and the guides with every relative link resolving in the installed package", () => {
    const files = filesUnder(installed);
    const markdown = files.filter((file) => file.endsWith(".md"));
    expect(markdown).toContain("README.md");
    expect(markdown).toContain("docs/getting-started.md");
    expect(checkMarkdownLinks(installed, markdown, new Set(files))).toEqual([]);
  });

  it("installs the command: --version prints the package's version, a bare call its help", async () => {
    const bin = join(project, "node_modules", ".bin", "sign-in-with-xrpl");
    const version = await run(bin, ["--version"]);
    expect(version.stdout).toBe(`${manifest.version}\n`);
    const help = await run(bin, []);
    expect(help.stdout).toMatch(/^Usage: sign-in-with-xrpl explain/u);
  });

  it("reports its size, for the record", () => {
    expect(tarball.files.length).toBe(filesUnder(installed).length);
    console.log(`tarball: ${tarball.size} bytes packed, ${tarball.unpackedSize} unpacked, ${tarball.files.length} files`);
  });
});
