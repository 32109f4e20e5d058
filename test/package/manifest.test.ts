// package.json as npm and TypeScript read it. Projects on `moduleResolution: "node10"` (older
// CommonJS set-ups, NestJS) ignore `exports` and find a subpath's types only through
// `typesVersions`, so every subpath needs an entry there, pointing at the same declarations the
// CommonJS condition names. The manifest users install drops the repository's fields, and the
// tarball carries no source maps.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { builtFiles, publishedManifest, REPOSITORY_ONLY_FIELDS, type Manifest } from "../../scripts/pack-manifest.mjs";
import tsupConfig from "../../tsup.config.js";
import { packedFiles, type PackResult } from "../support/packed-files.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as Manifest;

type Conditions = { import?: { types?: string }; require?: { types?: string } };

/**
 * What is wrong with `typesVersions` for node10 resolution: a subpath of `exports` without an
 * entry, an entry that is not the subpath's CommonJS declarations, or an entry for no subpath.
 */
export function typesVersionsProblems(pkg: Manifest): string[] {
  const exportsField = (pkg["exports"] ?? {}) as Record<string, Conditions | string>;
  const mapped = (pkg["typesVersions"] as Record<string, Record<string, string[]>> | undefined)?.["*"] ?? {};
  const problems: string[] = [];
  const subpaths = new Set<string>();
  for (const [key, target] of Object.entries(exportsField)) {
    if (key === "." || typeof target === "string") continue; // the root has "types"; ./package.json has none
    const subpath = key.replace(/^\.\//u, "");
    subpaths.add(subpath);
    const types = target.require?.types ?? target.import?.types;
    if (types === undefined) problems.push(`exports["${key}"] names no types`);
    else if (mapped[subpath] === undefined) problems.push(`typesVersions["*"]["${subpath}"] is missing: add ["${types}"]`);
    else if (mapped[subpath].length !== 1 || mapped[subpath][0] !== types)
      problems.push(`typesVersions["*"]["${subpath}"] is ${JSON.stringify(mapped[subpath])}, not ["${types}"]`);
  }
  for (const subpath of Object.keys(mapped))
    if (!subpaths.has(subpath)) problems.push(`typesVersions["*"]["${subpath}"] maps a subpath that exports does not have`);
  return problems;
}

describe("typesVersions, for node10 resolution", () => {
  it("maps every subpath of exports to its CommonJS declarations", () => {
    expect(Object.keys(manifest["exports"] as object).length).toBeGreaterThan(5);
    expect(typesVersionsProblems(manifest)).toEqual([]);
  });

  it("the check fails on a missing entry, a wrong one and a stray one", () => {
    const entry = (name: string) => ({
      import: { types: `./dist/${name}.d.ts`, default: `./dist/${name}.js` },
      require: { types: `./dist/${name}.d.cts`, default: `./dist/${name}.cjs` },
    });
    const exportsField = {
      ".": entry("index"),
      "./client": entry("client"),
      "./redis": entry("redis"),
      "./cloudflare": entry("cloudflare"),
      "./package.json": "./package.json",
    };
    const typesVersions = { "*": { redis: ["./dist/redis.d.ts"], cloudflare: ["./dist/cloudflare.d.cts"], gone: ["./dist/gone.d.cts"] } };
    expect(typesVersionsProblems({ exports: exportsField, typesVersions })).toEqual([
      'typesVersions["*"]["client"] is missing: add ["./dist/client.d.cts"]',
      'typesVersions["*"]["redis"] is ["./dist/redis.d.ts"], not ["./dist/redis.d.cts"]',
      'typesVersions["*"]["gone"] maps a subpath that exports does not have',
    ]);
    expect(
      typesVersionsProblems({
        exports: exportsField,
        typesVersions: { "*": { client: ["./dist/client.d.cts"], redis: ["./dist/redis.d.cts"], cloudflare: ["./dist/cloudflare.d.cts"] } },
      }),
    ).toEqual([]);
  });
});

describe("the manifest users install", () => {
  it("has none of the repository's fields and everything else as written", () => {
    const published = publishedManifest(manifest);
    for (const field of ["scripts", "devDependencies", "workspaces", "overrides"]) {
      expect(REPOSITORY_ONLY_FIELDS).toContain(field);
      expect(published).not.toHaveProperty(field);
    }
    const { scripts: _s, devDependencies: _d, workspaces: _w, overrides: _o, ...kept } = manifest;
    expect(published).toEqual(kept);
  });

  it("runs through npm's own pack steps (prepack writes it, postpack puts the repository's back)", () => {
    const scripts = manifest["scripts"] as Record<string, string>;
    expect(scripts["prepack"]).toBe("node scripts/pack-manifest.mjs prepack");
    expect(scripts["postpack"]).toBe("node scripts/pack-manifest.mjs postpack");
  });

  it("names its command the way npm writes bin paths, so npm publish corrects nothing", () => {
    expect(manifest["bin"]).toEqual({ "sign-in-with-xrpl": "dist/cli.js" });
  });
});

describe("the files npm packs", () => {
  let packed: PackResult;
  beforeAll(async () => {
    packed = await packedFiles(ROOT);
  });

  it("every file package.json points at, the guides, README, LICENSE; no source map", () => {
    const paths = new Set(packed.files.map((file) => file.path));
    for (const file of [...builtFiles(manifest), "README.md", "LICENSE", "package.json", "docs/README.md"]) expect(paths).toContain(file);
    expect([...paths].filter((path) => path.endsWith(".map"))).toEqual([]);
    expect([...paths].filter((path) => !/^(dist|docs)\//u.test(path)).sort()).toEqual(
      ["CHANGELOG.md", "LICENSE", "README.md", "package.json"].filter((path) => paths.has(path)),
    );
  });

  it("ships the changelog once a release has written it", () => {
    expect(manifest["files"]).toContain("CHANGELOG.md");
  });
});

describe("the API reference", () => {
  it("documents every entry of exports (TypeDoc's entry points are the built entries' sources)", () => {
    const builds = (Array.isArray(tsupConfig) ? tsupConfig : [tsupConfig]) as { entry?: Record<string, string> }[];
    const sources: Record<string, string> = Object.assign({}, ...builds.map((build) => build.entry ?? {}));
    const typedoc = JSON.parse(readFileSync(join(ROOT, "typedoc.json"), "utf8")) as { entryPoints: string[] };
    const missing: string[] = [];
    for (const [key, target] of Object.entries(manifest["exports"] as Record<string, Conditions | string>)) {
      if (typeof target === "string") continue;
      const built = /^\.\/dist\/(.+)\.d\.ts$/u.exec(target.import?.types ?? "")?.[1];
      const source = built === undefined ? undefined : sources[built];
      if (source === undefined || !typedoc.entryPoints.includes(source)) missing.push(`${key} (${source ?? "no tsup entry"})`);
    }
    expect(missing).toEqual([]);
  });
});
