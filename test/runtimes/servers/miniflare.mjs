// Starts workerd through Miniflare with the bundled Worker (no compatibility flags, so no
// nodejs_compat) and prints `LISTENING <url>`; stops it on SIGTERM. Runs on Node 22+ (Miniflare 4).
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";

const [scriptPath] = process.argv.slice(2);
const mf = new Miniflare({
  modules: true,
  script: readFileSync(scriptPath, "utf8"),
  compatibilityDate: "2025-09-01",
  compatibilityFlags: [],
  bindings: {
    RUNTIME_SESSION_SECRET: process.env.RUNTIME_SESSION_SECRET,
    RUNTIME_XRPL_NODE_URL: process.env.RUNTIME_XRPL_NODE_URL,
  },
  host: "127.0.0.1",
  port: 0,
});
const url = await mf.ready;
console.log(`LISTENING ${url.origin}`);
const stop = () => mf.dispose().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
