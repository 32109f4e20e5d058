// Runs every benchmark of the project, one after the other (so they do not compete for the
// two cores), and repeats the RATIO, SIZE, TARGET and LATENCY lines at the end as a summary.
// Usage: npm run bench [-- <name> ...]   (names: message, verify, import, flow, bun-verify, store-growth, oidc, stores, claims, client-size, worker-size)
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const all = ["message", "verify", "import", "flow", "bun-verify", "store-growth", "oidc", "stores", "claims", "client-size", "worker-size"];
/** Size measurements are scripts of their own name; the others are `<name>.bench.mjs`. */
const SIZE_SCRIPTS = new Set(["client-size", "worker-size"]);
const wanted = process.argv.slice(2).length > 0 ? process.argv.slice(2) : all;
const summary = [];
let failed = false;

for (const name of wanted) {
  const file = join(here, SIZE_SCRIPTS.has(name) ? `${name}.mjs` : `${name}.bench.mjs`);
  if (!existsSync(file)) {
    console.error(`bench: no benchmark named "${name}" (${file}); known: ${all.join(", ")}`);
    failed = true;
    continue;
  }
  console.log(`\n### ${name}\n`);
  const run = spawnSync(process.execPath, [file], { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" });
  process.stdout.write(run.stdout ?? "");
  if (run.status !== 0) {
    console.error(`bench: ${name} exited with ${run.status ?? run.signal}`);
    failed = true;
  }
  for (const line of (run.stdout ?? "").split("\n")) {
    if (/^(RATIO|SIZE|TARGET|LATENCY)\b/.test(line)) summary.push(`${name}: ${line}`);
  }
}

console.log("\n### summary\n");
for (const line of summary) console.log(line);
process.exitCode = failed ? 1 : 0;
