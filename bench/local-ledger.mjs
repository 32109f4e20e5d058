// A ledger node on 127.0.0.1 for the benchmarks: the tests' mock rippled
// (createMockLedger of the testing entry, re-exported by test/support/mock-rippled.ts; it answers
// server_info and account_info as rippled does),
// compiled with esbuild into test-artifacts/ on first use, so the benchmarks and the tests use one
// stand-in. Loopback only: a look-up costs a real WebSocket round trip and rippled's JSON, not a
// network's latency.
import { mkdir, rename, rm } from "node:fs/promises";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const source = fileURLToPath(new URL("../test/support/mock-rippled.ts", import.meta.url));
// Inside the repository, so the bundle finds ws in its node_modules.
const outDirectory = fileURLToPath(new URL("../test-artifacts/bench/", import.meta.url));
const outFile = `${outDirectory}mock-rippled.mjs`;

let compiled;

/** Starts the mock rippled (options as `startMockRippled`): `{ url, setAccount, requestCount, stop, ... }`. */
export async function startLocalLedger(options = {}) {
  compiled ??= (async () => {
    await mkdir(outDirectory, { recursive: true });
    // Two benchmarks started together both compile: each writes its own file and renames it over
    // the shared name (atomic on one file system), so neither imports the other's half-written
    // bundle, and each imports the file it wrote.
    const ownFile = `${outDirectory}mock-rippled.${process.pid}.mjs`;
    try {
      await build({
        entryPoints: [source],
        outfile: ownFile,
        bundle: true,
        platform: "node",
        format: "esm",
        packages: "external",
        logLevel: "warning",
      });
      const module = await import(pathToFileURL(ownFile).href);
      await rename(ownFile, outFile);
      return module;
    } finally {
      await rm(ownFile, { force: true });
    }
  })();
  const { startMockRippled } = await compiled;
  return startMockRippled(options);
}
