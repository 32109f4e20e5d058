// The package.json that npm packs is the one users install, and it carries only what they need.
// npm runs this script around every `npm pack` and `npm publish` (the `prepack` and `postpack`
// lifecycle scripts), so a pack from a clean clone gets the same manifest as a release:
//
//   node scripts/pack-manifest.mjs prepack    build if dist/ is missing or older than the
//                                             sources, keep the repository's package.json
//                                             aside, write the published one in its place
//   node scripts/pack-manifest.mjs postpack   put the repository's package.json back
//
// The published manifest drops the fields that only mean something in this repository: the
// scripts (npm would offer to run `npm test` in node_modules), the development dependencies,
// the workspaces and the overrides. Everything else (exports, typesVersions, bin, the
// dependencies and peers, files, engines) is kept as written.
//
// A pack that fails between the two steps leaves the published manifest in place; the next
// prepack (or `node scripts/pack-manifest.mjs postpack`) puts the repository's one back first.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync, copyFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** Fields of package.json that are for working on the repository, never for users. */
export const REPOSITORY_ONLY_FIELDS = ["scripts", "devDependencies", "workspaces", "overrides"];

/** Where prepack keeps the repository's package.json until postpack (gitignored, never packed). */
export const SAVED_MANIFEST = ".package.json.repository";

/** Files whose change means dist/ must be built again. */
const BUILD_INPUTS = ["src", "tsup.config.ts", "tsconfig.json"];

/** The manifest users install: `manifest` without the repository-only fields. */
export function publishedManifest(manifest) {
  const published = { ...manifest };
  for (const field of REPOSITORY_ONLY_FIELDS) delete published[field];
  return published;
}

/** Every file of the build that package.json points at (entries, types, bin). */
export function builtFiles(manifest) {
  const files = new Set();
  const collect = (value) => {
    if (typeof value === "string") {
      if (value.startsWith("./dist/") || value.startsWith("dist/")) files.add(value.replace(/^\.\//u, ""));
    } else if (Array.isArray(value)) value.forEach(collect);
    else if (value !== null && typeof value === "object") Object.values(value).forEach(collect);
  };
  collect([manifest.main, manifest.module, manifest.types, manifest.bin, manifest.exports, manifest.typesVersions]);
  return [...files].sort();
}

function newestMtimeMs(path) {
  if (!existsSync(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtimeMs(join(path, name))));
}

/** Why dist/ must be built again, or undefined when it is up to date. */
export function staleBuildReason(root, manifest) {
  const built = builtFiles(manifest);
  const missing = built.filter((file) => !existsSync(join(root, file)));
  if (missing.length > 0) return `${missing[0]} is missing`;
  const oldestBuiltMs = Math.min(...built.map((file) => statSync(join(root, file)).mtimeMs));
  const newer = BUILD_INPUTS.find((input) => newestMtimeMs(join(root, input)) > oldestBuiltMs);
  return newer === undefined ? undefined : `${newer} changed after the last build`;
}

function writeAtomically(file, text) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, file);
}

/** Puts the repository's package.json back, when a prepack set it aside. Answers whether it did. */
export function restore(root) {
  const saved = join(root, SAVED_MANIFEST);
  if (!existsSync(saved)) return false;
  renameSync(saved, join(root, "package.json"));
  return true;
}

export function prepack(root) {
  if (restore(root)) console.error(`pack-manifest: ${SAVED_MANIFEST} was left by a pack that failed; restored it first`);
  const text = readFileSync(join(root, "package.json"), "utf8");
  const manifest = JSON.parse(text);
  const reason = staleBuildReason(root, manifest);
  if (reason !== undefined) {
    console.error(`pack-manifest: building first (${reason})`);
    const build = spawnSync("npm", ["run", "build"], { cwd: root, stdio: ["ignore", process.stderr, "inherit"] });
    if (build.status !== 0) throw new Error("pack-manifest: `npm run build` failed; nothing was packed");
    const still = staleBuildReason(root, manifest);
    if (still !== undefined) throw new Error(`pack-manifest: the build did not produce what package.json points at: ${still}`);
  }
  copyFileSync(join(root, "package.json"), join(root, SAVED_MANIFEST));
  writeAtomically(join(root, "package.json"), JSON.stringify(publishedManifest(manifest), null, 2) + "\n");
}

const invoked = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (invoked) {
  const root = fileURLToPath(new URL("..", import.meta.url));
  const step = process.argv[2];
  try {
    if (step === "prepack") prepack(root);
    else if (step === "postpack") restore(root);
    else throw new Error(`pack-manifest: unknown step ${JSON.stringify(step)}; use prepack or postpack`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exitCode = 1;
  }
}
