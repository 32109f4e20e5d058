/**
 * Runs a script in a fresh Node process, the way a user's server would load the library: the
 * script is bundled with esbuild (so it can import the TypeScript sources), written to a temporary
 * directory and run with `node`. For tests that need a process of their own: whether it exits by
 * itself, which runtime features it uses.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";

export interface ScriptRun {
  /** null when the process was killed after `timeoutMs`. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Bundles `source` (ESM TypeScript; `SRC` in it is replaced by the absolute path of src/) and runs
 * it with `args`. `nodeOptions` go before the script; `external` packages are left out of the
 * bundle. The process is killed after `timeoutMs`.
 *
 * @example
 * ```ts
 * const run = await runBundledScript(`import { createVerifier } from "SRC/index.ts"; console.log(1);`);
 * ```
 */
export async function runBundledScript(
  source: string,
  options: { args?: string[]; nodeOptions?: string[]; external?: string[]; timeoutMs?: number } = {},
): Promise<ScriptRun> {
  const directory = await mkdtemp(join(tmpdir(), "siwx-script-"));
  try {
    const entry = join(directory, "entry.ts");
    await writeFile(entry, source.replaceAll("SRC/", `${resolve("src")}/`));
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      outfile: join(directory, "entry.mjs"),
      logLevel: "silent",
      nodePaths: [resolve("node_modules")],
      external: options.external ?? [],
      banner: { js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);" },
    });
    const child = spawn(process.execPath, [...(options.nodeOptions ?? []), join(directory, "entry.mjs"), ...(options.args ?? [])], {
      cwd: directory,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    const exitCode = await new Promise<number | null>((resolveExit) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolveExit(null);
      }, options.timeoutMs ?? 10_000);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolveExit(code);
      });
    });
    return { exitCode, stdout, stderr };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
