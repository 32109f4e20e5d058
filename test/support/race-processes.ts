/**
 * Store races between real processes: a store module bundled once from this checkout's source,
 * and child processes that each run a race script (one JSON line in on stdin, one JSON line out
 * on stdout per round). Two processes sharing one database or one cluster is what a deployment
 * with two servers does; a race inside one process would not show a store that is only atomic
 * per connection.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));

/**
 * Race children and the bundled store they import, removed together by `stop()`.
 *
 * @example
 * ```ts
 * const races = await startRaceProcesses("src/postgres/index.ts");
 * const child = await races.spawn("test/postgres/race-child.mjs", [races.storeModuleUrl, DATABASE_URL, schema]);
 * const { won } = await child.round({ nonces, ttlMs: 60_000, now: Date.now() });
 * await races.stop();
 * ```
 */
export interface RaceProcesses {
  /** The store's module, bundled from `src/` once, as a file URL the children import. */
  storeModuleUrl: string;
  /** Starts a child running `script` (relative to the repository) and waits for its first line (`{ ready: true }`). */
  spawn(script: string, args: string[]): Promise<RaceChild>;
  /** Kills every child and removes the bundle. */
  stop(): Promise<void>;
}

export interface RaceChild {
  /** Writes `input` as one JSON line and resolves the child's next line, parsed. */
  round(input: Record<string, unknown>): Promise<Record<string, unknown>>;
}

export async function startRaceProcesses(storeEntry: string): Promise<RaceProcesses> {
  const bundleDir = await mkdtemp(join(tmpdir(), "siwx-race-"));
  const outfile = join(bundleDir, "store.mjs");
  await build({
    entryPoints: [join(REPO_ROOT, storeEntry)],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "silent",
  });
  const children: ChildProcess[] = [];
  return {
    storeModuleUrl: pathToFileURL(outfile).href,
    async spawn(script, args) {
      const child = spawn(process.execPath, [join(REPO_ROOT, script), ...args], { cwd: REPO_ROOT, stdio: ["pipe", "pipe", "pipe"] });
      children.push(child);
      let errors = "";
      child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors += chunk));
      const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
      const next = async (): Promise<Record<string, unknown>> => {
        const { value, done } = await lines.next();
        if (done === true) throw new Error(`the race process ended early:\n${errors}`);
        return JSON.parse(value) as Record<string, unknown>;
      };
      await next(); // { ready: true }
      return {
        async round(input) {
          child.stdin.write(`${JSON.stringify(input)}\n`);
          return next();
        },
      };
    },
    async stop() {
      for (const child of children) child.kill();
      await rm(bundleDir, { recursive: true, force: true });
    },
  };
}
