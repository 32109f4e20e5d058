// The version `sign-in-with-xrpl --version` prints: read from the package's own package.json at
// run time, so a release that bumps the version (the changesets step) never needs a rebuild to
// report it. The file is found by walking up from this module: dist/cli.js in the installed
// package, src/cli/version.ts in the repository.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "sign-in-with-xrpl";

/** The `version` of the nearest package.json named sign-in-with-xrpl above `moduleUrl`. */
export function packageVersion(moduleUrl: string = import.meta.url): string {
  let folder = dirname(fileURLToPath(moduleUrl));
  for (;;) {
    const version = versionIn(join(folder, "package.json"));
    if (version !== undefined) return version;
    const parent = dirname(folder);
    if (parent === folder) throw new Error(`no package.json of ${PACKAGE_NAME} above ${fileURLToPath(moduleUrl)}`);
    folder = parent;
  }
}

function versionIn(file: string): string | undefined {
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return undefined; // no file here, or not JSON: keep walking up
  }
  if (typeof manifest !== "object" || manifest === null) return undefined;
  const { name, version } = manifest as { name?: unknown; version?: unknown };
  return name === PACKAGE_NAME && typeof version === "string" ? version : undefined;
}
