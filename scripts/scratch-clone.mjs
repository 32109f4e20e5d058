// A copy of the working tree as a clean clone has it (every file git tracks, plus new files not
// ignored yet), with the built dist/ beside it, for the package checks that must not touch the
// repository: packing rewrites package.json for a moment, and a release run rewrites the version
// and deletes the changesets. Modification times are kept, so dist/ stays newer than src/ and the
// pack step does not build again.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, symlinkSync } from "node:fs";
import { dirname, join } from "node:path";

/** Copies `root`'s working tree (and dist/, when built) to `destination`, which must not exist yet. */
export function copyWorkingTree(root, destination, { withNodeModules = false } = {}) {
  const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
    cwd: root,
    maxBuffer: 64 * 1024 * 1024,
  });
  mkdirSync(destination, { recursive: false });
  for (const file of listed.toString("utf8").split("\0")) {
    if (file === "" || !existsSync(join(root, file))) continue; // deleted but not yet committed
    mkdirSync(dirname(join(destination, file)), { recursive: true });
    cpSync(join(root, file), join(destination, file), { preserveTimestamps: true, verbatimSymlinks: true });
  }
  if (existsSync(join(root, "dist"))) cpSync(join(root, "dist"), join(destination, "dist"), { recursive: true, preserveTimestamps: true });
  // The tools (changesets, tsup) come from the repository's own install.
  if (withNodeModules) symlinkSync(join(root, "node_modules"), join(destination, "node_modules"), "dir");
}
