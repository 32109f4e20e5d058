// `npm run release:check`: rehearses the next release in a scratch copy of the working tree and
// fails if any step of it would go wrong. The repository is never changed.
//
// 1. `changeset version` turns the pending changesets into the new version and CHANGELOG.md:
//    the version must be the one the changesets ask for (the first release is 0.1.0), every
//    changeset must be in the changelog, and the example apps (private) must not be versioned.
// 2. `npm pack` of that copy: the tarball has CHANGELOG.md, README.md, LICENSE, the guides and
//    every built file package.json points at, no source map and no snippet set-up; its
//    package.json has the new version and none of the repository's fields (scripts,
//    devDependencies, workspaces, overrides).
// 3. `npm publish --dry-run` of that copy prints no warning (a bin path npm corrects, a file it
//    drops, an exports problem), except the two that say nothing about the package: a user
//    config key npm does not know, and that a dry run is not logged in.
//
// `--keep` leaves the scratch copy in place and prints where it is.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { builtFiles, REPOSITORY_ONLY_FIELDS } from "./pack-manifest.mjs";
import { copyWorkingTree } from "./scratch-clone.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const FIRST_RELEASE = "0.1.0";
const BUMPS = ["patch", "minor", "major"];

/** npm warnings that do not concern the package. */
const HARMLESS_WARNINGS = [/Unknown (?:user|project|env|global|builtin) config/u, /requires you to be logged in .*\(dry-run\)/u];

const problems = [];
const fail = (problem) => problems.push(problem);
const readJson = (path) => JSON.parse(readFileSync(path, "utf8"));

/** The pending changesets: name, the bump they ask of this package, and their first line. */
function pendingChangesets(folder, packageName) {
  return readdirSync(folder)
    .filter((file) => file.endsWith(".md") && file !== "README.md")
    .map((file) => {
      const text = readFileSync(join(folder, file), "utf8");
      const front = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/u.exec(text);
      const bump = front?.[1]
        .split("\n")
        .find((line) => line.includes(`"${packageName}"`))
        ?.split(":")[1]
        ?.trim();
      return { file, bump, summary: front?.[2].trim() ?? "" };
    });
}

function bumped(version, bump) {
  const [major, minor, patch] = version.split(".").map(Number);
  if (bump === "major") return `${major + 1}.0.0`;
  if (bump === "minor") return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

function run(command, args, cwd) {
  const result = spawnSync(command, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status, output: `${result.stdout}${result.stderr}`, stdout: result.stdout };
}

const keep = process.argv.includes("--keep");
let summary = "";
const scratch = join(mkdtempSync(join(tmpdir(), "siwx-release-")), "sign-in-with-xrpl");
try {
  copyWorkingTree(ROOT, scratch, { withNodeModules: true });
  const before = readJson(join(scratch, "package.json"));
  const examplesBefore = before.workspaces
    .filter((folder) => folder !== ".")
    .map((folder) => [folder, readJson(join(scratch, folder, "package.json")).version]);

  // 1. changeset version
  const changesets = pendingChangesets(join(scratch, ".changeset"), before.name);
  for (const changeset of changesets)
    if (!BUMPS.includes(changeset.bump)) fail(`.changeset/${changeset.file}: no patch, minor or major bump for "${before.name}"`);
  const highest = BUMPS.filter((bump) => changesets.some((changeset) => changeset.bump === bump)).at(-1);
  const expected = highest === undefined ? before.version : before.version === "0.0.0" ? FIRST_RELEASE : bumped(before.version, highest);
  const version = run(process.execPath, [join(scratch, "node_modules/@changesets/cli/bin.js"), "version"], scratch);
  if (version.status !== 0) fail(`changeset version failed:\n${version.output}`);
  const after = readJson(join(scratch, "package.json"));
  if (after.version !== expected) {
    const majors = changesets.filter((changeset) => changeset.bump === "major").map((changeset) => changeset.file);
    fail(
      `changeset version made ${after.version}, expected ${expected}` +
        (before.version === "0.0.0" && majors.length > 0
          ? ` (the first release is ${FIRST_RELEASE}: make these minor: ${majors.join(", ")})`
          : ""),
    );
  }
  const changelogPath = join(scratch, "CHANGELOG.md");
  const changelog = existsSync(changelogPath) ? readFileSync(changelogPath, "utf8") : "";
  if (changelog === "") fail("changeset version wrote no CHANGELOG.md");
  else {
    if (!changelog.startsWith(`# ${before.name}\n`)) fail(`CHANGELOG.md does not start with "# ${before.name}"`);
    if (!changelog.includes(`\n## ${after.version}\n`)) fail(`CHANGELOG.md has no "## ${after.version}" section`);
    const flat = changelog.replace(/\s+/gu, " ");
    for (const changeset of changesets) {
      const opening = changeset.summary.split("\n")[0].replace(/\s+/gu, " ").slice(0, 80);
      if (!flat.includes(opening)) fail(`CHANGELOG.md lacks .changeset/${changeset.file} ("${opening}")`);
    }
  }
  const leftOver = pendingChangesets(join(scratch, ".changeset"), before.name);
  if (leftOver.length > 0) fail(`changeset version left ${leftOver.map((changeset) => changeset.file).join(", ")}`);
  for (const [folder, exampleVersion] of examplesBefore) {
    const now = readJson(join(scratch, folder, "package.json")).version;
    if (now !== exampleVersion) fail(`${folder} (a private example) was versioned ${exampleVersion} -> ${now}`);
  }

  // 2. npm pack
  const packed = run("npm", ["pack", "--json", "--pack-destination", join(scratch, "..")], scratch);
  if (packed.status !== 0) throw new Error(`npm pack failed:\n${packed.output}`);
  const [tarball] = JSON.parse(packed.stdout.slice(packed.stdout.indexOf("[")));
  const files = new Set(tarball.files.map((file) => file.path));
  for (const required of ["package.json", "README.md", "LICENSE", "CHANGELOG.md", "docs/README.md", ...builtFiles(after)])
    if (!files.has(required)) fail(`the tarball lacks ${required}`);
  for (const file of files) {
    if (file.endsWith(".map")) fail(`the tarball has a source map: ${file}`);
    if (file.startsWith("docs/snippets/")) fail(`the tarball has the snippets' set-up: ${file}`);
  }
  const published = JSON.parse(
    execFileSync("tar", ["-xzOf", join(scratch, "..", tarball.filename), "package/package.json"], { encoding: "utf8" }),
  );
  if (published.version !== after.version) fail(`the packed package.json says ${published.version}, not ${after.version}`);
  for (const field of REPOSITORY_ONLY_FIELDS) if (field in published) fail(`the packed package.json still has "${field}"`);
  if (readJson(join(scratch, "package.json")).scripts === undefined) fail("postpack did not put the repository's package.json back");

  // 3. npm publish --dry-run
  const publish = run("npm", ["publish", "--dry-run"], scratch);
  if (publish.status !== 0) fail(`npm publish --dry-run failed:\n${publish.output}`);
  const warnings = publish.output
    .split("\n")
    .filter((line) => /^npm warn/iu.test(line) && !HARMLESS_WARNINGS.some((harmless) => harmless.test(line)));
  if (warnings.length > 0) fail(`npm publish --dry-run warned:\n${warnings.join("\n")}`);

  const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
  summary =
    `release-check: ${changesets.length} changesets -> ${before.name}@${after.version}, CHANGELOG.md ${kB(changelog.length)}; ` +
    `tarball ${kB(tarball.size)} packed, ${kB(tarball.unpackedSize)} unpacked, ${tarball.entryCount} files; npm publish --dry-run clean`;
} catch (error) {
  fail(error instanceof Error ? error.message : String(error));
} finally {
  if (keep) console.log(`release-check: scratch copy kept in ${scratch}`);
  else rmSync(join(scratch, ".."), { recursive: true, force: true });
}
if (problems.length === 0) console.log(summary);
else {
  console.error(`release-check: ${problems.length} problem(s):\n- ${problems.join("\n- ")}`);
  process.exitCode = 1;
}
