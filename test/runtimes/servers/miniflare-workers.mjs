// Starts several Workers in one workerd through Miniflare (no compatibility flags, so no
// nodejs_compat), each on its own loopback port, and prints `LISTENING <name> <url>` for each;
// stops on SIGTERM. Each Worker runs in its own isolate. The configuration (a JSON file, the first
// argument) lists them: { workers: [{ name, scriptPath, bindings, durableObjects }] }, with
// Miniflare's own `durableObjects` designators, so several Workers can bind one namespace
// (`scriptName`). Runs on Node 22+ (Miniflare 4).
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";

const [configPath] = process.argv.slice(2);
const config = JSON.parse(readFileSync(configPath, "utf8"));
const mf = new Miniflare({
  workers: config.workers.map((worker) => ({
    name: worker.name,
    modules: true,
    scriptPath: worker.scriptPath,
    compatibilityDate: "2025-09-01",
    compatibilityFlags: [],
    bindings: worker.bindings ?? {},
    durableObjects: worker.durableObjects ?? {},
    unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
  })),
});
await mf.ready;
for (const worker of config.workers) {
  const url = await mf.unsafeGetDirectURL(worker.name);
  console.log(`LISTENING ${worker.name} ${url.origin}`);
}
const stop = () => mf.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
