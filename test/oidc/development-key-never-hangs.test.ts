/**
 * The OpenID Provider's development signing key, generated over and over in a child process that
 * also makes garbage, as a busy start does: every generation returns. On Node 20, exporting the
 * key object a generation returned as a JWK can hang the process for good (a garbage collection
 * during the export frees the generation's job, which waits for the lock the export holds); the
 * earlier implementation hung this child within a few hundred keys.
 */
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import { afterAll, beforeAll, expect, it } from "vitest";
import { REPO_ROOT } from "../support/race-processes.js";

const KEYS = 1_500;
const LIMIT_MS = 60_000;

let bundleDir: string;
let moduleUrl: string;

beforeAll(async () => {
  bundleDir = await mkdtemp(join(tmpdir(), "siwx-dev-key-"));
  const outfile = join(bundleDir, "signing-keys.mjs");
  await build({
    entryPoints: [join(REPO_ROOT, "src/oidc/signing-keys.ts")],
    bundle: true,
    format: "esm",
    platform: "node",
    outfile,
    logLevel: "silent",
  });
  moduleUrl = pathToFileURL(outfile).href;
});
afterAll(async () => {
  await rm(bundleDir, { recursive: true, force: true });
});

it(
  `generates ${KEYS} development signing keys in a row without hanging the process`,
  async () => {
    const script = `
    const { generateDevelopmentJwks } = await import(${JSON.stringify(moduleUrl)});
    let garbage = [];
    for (let i = 0; i < ${KEYS}; i += 1) {
      const { keys } = generateDevelopmentJwks();
      if (typeof keys[0].d !== "string") throw new Error("no private part");
      garbage.push("x".repeat(100));
      if (garbage.length > 1000) garbage = [];
    }
    console.log("done");
  `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const outcome = await new Promise<string>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(`still running after ${LIMIT_MS / 1000} s: hung`);
      }, LIMIT_MS);
      child.on("exit", (code) => {
        clearTimeout(timer);
        resolve(`exited with ${code}`);
      });
    });
    expect({ outcome, output: output.trim() }).toEqual({ outcome: "exited with 0", output: "done" });
  },
  LIMIT_MS + 10_000,
);
