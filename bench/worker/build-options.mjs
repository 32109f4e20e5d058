// How a Worker build bundles compact-only.js: esbuild, ESM, the conditions a Worker build
// resolves with (workerd, worker, browser), every dependency inside, platform "browser" so that
// any Node built-in fails the build. The size benchmark (bench/worker-size.mjs) and the bundle
// test (test/fetch/worker-bundle.test.ts) both build from here, so the test keeps building the
// Worker the benchmark measures.
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** The Worker: `createFetchHandler` with compact signatures by master keys only. */
export const WORKER_ENTRY = fileURLToPath(new URL("compact-only.js", import.meta.url));

/** esbuild's options for the Worker, in memory with a metafile; `minify` as `wrangler deploy --minify` does. */
export function workerBuildOptions(minify) {
  return {
    entryPoints: [WORKER_ENTRY],
    absWorkingDir: ROOT,
    bundle: true,
    platform: "browser",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["browser", "module", "main"],
    format: "esm",
    target: "es2022",
    minify,
    write: false,
    metafile: true,
    logLevel: "silent",
    legalComments: "none",
  };
}

/**
 * The bundle's inputs a Worker must not carry: an XRPL codec (the library reads transactions
 * itself), ripple-keypairs (the noble curves are called directly), and any of `ws` but the stub
 * it ships for browsers (a Worker has the WebSocket global).
 */
export function unwantedWorkerInputs(inputs) {
  return inputs.filter(
    (path) =>
      /node_modules\/(ripple-binary-codec|ripple-address-codec|ripple-keypairs|xrpl|bignumber\.js)\//u.test(path) ||
      (/node_modules\/ws\//u.test(path) && !path.endsWith("node_modules/ws/browser.js")),
  );
}
