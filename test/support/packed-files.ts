// What `npm pack` puts in the tarball, read from npm itself (`npm pack --dry-run --json`), so the
// documentation tests check the files users get and not a list of our own that could drift from
// package.json's `files`. Scripts are skipped: the file list does not depend on them, and the
// prepack step would rewrite package.json while other tests read it.
import { execFile } from "node:child_process";
import { promisify } from "node:util";

export interface PackedFile {
  path: string;
  size: number;
}

export interface PackResult {
  files: PackedFile[];
  /** Bytes of the .tgz. */
  size: number;
  /** Bytes of every file unpacked. */
  unpackedSize: number;
}

/** Parses `npm pack --json` output: one entry per packed package. */
export function readPackJson(stdout: string): PackResult {
  const [result] = JSON.parse(stdout) as PackResult[];
  if (result === undefined) throw new Error(`npm pack --json printed no package: ${stdout.slice(0, 200)}`);
  return result;
}

/** The files npm would pack from `root`, without running any script. */
export async function packedFiles(root: string): Promise<PackResult> {
  const { stdout } = await promisify(execFile)("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], {
    cwd: root,
    maxBuffer: 16 * 1024 * 1024,
  });
  return readPackJson(stdout);
}
