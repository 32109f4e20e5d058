// ed25519 verify on Bun: the library's verifier against Bun's own node:crypto `verify`, same
// signatures, same keys (64, imported beforehand for node:crypto; the library keeps imported keys
// too), paired rounds in alternating order (bench/runtime-verify-probe.mjs, run inside Bun). The
// ratio is the median of the per-round ratios (ours / Bun's, time per verify; lower is better).
// Bun comes from test/runtimes (npm ci --prefix test/runtimes). The same probe on this Node is
// printed for comparison. Usage: npm run build && node bench/bun-verify.bench.mjs
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const BUN = here("../test/runtimes/node_modules/.bin/bun");
const PROBE = here("./runtime-verify-probe.mjs");
const GOAL = 1.2;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

function run(command) {
  const result = spawnSync(command, [PROBE], { cwd: here("./"), encoding: "utf8", timeout: 120_000 });
  if (result.status !== 0)
    throw new Error(`${command} ${PROBE} failed (${result.status ?? result.signal}):\n${result.stderr}${result.stdout}`);
  return JSON.parse(result.stdout.trim().split("\n").at(-1));
}

function report(result) {
  const ratio = median(result.ratios);
  console.log(
    `${result.runtime}: backends ${JSON.stringify(result.backends)}; ed25519 verify ${median(result.oursUs).toFixed(1)} us (library) vs ${median(result.nativeUs).toFixed(1)} us (node:crypto verify, key imported); ratio ${ratio.toFixed(2)} [${Math.min(...result.ratios).toFixed(2)}-${Math.max(...result.ratios).toFixed(2)}] over ${result.ratios.length} paired rounds`,
  );
  return ratio;
}

report(run(process.execPath));
if (!existsSync(BUN)) {
  console.log(
    `TARGET ed25519 verify on Bun <= ${GOAL}x Bun's own node:crypto verify: NOT MEASURED (Bun is not installed: npm ci --prefix test/runtimes)`,
  );
} else {
  const bun = run(BUN);
  const ratio = report(bun);
  console.log(
    `TARGET ed25519 verify on Bun <= ${GOAL}x Bun's own node:crypto verify: ${ratio.toFixed(2)}x [${Math.min(...bun.ratios).toFixed(2)}-${Math.max(...bun.ratios).toFixed(2)}] (ed25519 by ${bun.backends.ed25519}) ${ratio <= GOAL ? "met" : "NOT MET"}`,
  );
}
