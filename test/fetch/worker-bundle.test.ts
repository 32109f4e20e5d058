/**
 * The Worker the size benchmark measures (bench/worker/compact-only.js: `createFetchHandler` with
 * compact signatures by master keys only), built with the benchmark's own options
 * (bench/worker/build-options.mjs), must keep building for Cloudflare Workers: esbuild with the
 * conditions a Worker build uses, every dependency bundled, no Node built-in (platform "browser"
 * fails the build on one). It must carry no XRPL codec, no ripple-keypairs and none of `ws` but
 * the stub `ws` ships for browsers. Its size is a benchmark figure (`npm run bench -- worker-size`),
 * not asserted here.
 */
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";
import { describe, expect, it } from "vitest";
import { unwantedWorkerInputs, workerBuildOptions } from "../../bench/worker/build-options.mjs";

const SOURCE_ENTRIES: Record<string, string> = {
  "sign-in-with-xrpl": fileURLToPath(new URL("../../src/index.ts", import.meta.url)),
  "sign-in-with-xrpl/fetch": fileURLToPath(new URL("../../src/fetch/index.ts", import.meta.url)),
};

/** The package's entries as their sources, so the test needs no build of dist/ first. */
const sourceEntries: Plugin = {
  name: "source-entries",
  setup(builder) {
    builder.onResolve({ filter: /^sign-in-with-xrpl(\/fetch)?$/ }, (args) => ({ path: SOURCE_ENTRIES[args.path]! }));
  },
};

describe("the compact-signature Worker bundle", () => {
  it("builds for workerd with every dependency inside and no XRPL codec, ripple-keypairs or ws", async () => {
    const result = await build({ ...workerBuildOptions(true), plugins: [sourceEntries] });
    expect(result.errors).toEqual([]);
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.endsWith("src/fetch/create-fetch-handler.ts"))).toBe(true);
    expect(inputs.some((path) => path.endsWith("src/verify/compact-signature.ts"))).toBe(true);
    // The curves a Worker without node:crypto verifies with are in it.
    expect(inputs.some((path) => path.includes("node_modules/@noble/curves/"))).toBe(true);
    // No XRPL codec, no ripple-keypairs, none of `ws` but its browser stub.
    expect(unwantedWorkerInputs(inputs)).toEqual([]);
    const externals = Object.values(result.metafile.inputs).flatMap((input) => input.imports.filter((record) => record.external === true));
    expect(externals).toEqual([]);
    expect(result.outputFiles[0]!.contents.length).toBeGreaterThan(0);
  });
});
