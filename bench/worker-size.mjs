// Size of a Cloudflare Worker that signs users in with `createFetchHandler` and compact
// signatures only (`compactSignature({ ledger: "never" })`: master keys, no ledger look-up; the
// Worker is bench/worker/compact-only.js, which test/fetch/worker-bundle.test.ts also builds), built
// from the BUILT package (run `npm run build` first) the way a Worker build resolves it: esbuild,
// ESM, conditions workerd/worker/browser, every dependency bundled. Prints raw and gzip bytes,
// minified (what `wrangler deploy --minify` uploads) and not, the packages that weigh most, and
// the goal: at most 100 kB gzip, minified.
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { bytesByPackage } from "./bundle-inputs.mjs";
import { unwantedWorkerInputs, workerBuildOptions } from "./worker/build-options.mjs";

// kB = 1,000 bytes, as in the rest of the documentation.
const GOAL_GZIP_BYTES = 100_000;

const bundle = (minify) => build(workerBuildOptions(minify));

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

const minified = await bundle(true);
const plain = await bundle(false);
const minBytes = minified.outputFiles[0].contents;
const plainBytes = plain.outputFiles[0].contents;
const minGzip = gzipSync(minBytes, { level: 9 }).length;
const plainGzip = gzipSync(plainBytes, { level: 9 }).length;

console.log(`Worker (createFetchHandler + compactSignature({ ledger: "never" })):`);
console.log(`  minified:     ${kb(minBytes.length)} raw, ${kb(minGzip)} gzip`);
console.log(`  not minified: ${kb(plainBytes.length)} raw, ${kb(plainGzip)} gzip`);

// Each package's share of the minified output, and what gzip makes of that share alone (an
// estimate: gzip of the whole file shares a dictionary across packages).
const shares = bytesByPackage(minified.metafile);
const total = shares.reduce((sum, [, bytes]) => sum + bytes, 0);
console.table(
  shares.map(([input, bytes]) => ({
    input,
    "bytes (min)": bytes,
    share: `${((bytes / total) * 100).toFixed(1)}%`,
    "est. gzip": Math.round((bytes / total) * minGzip),
  })),
);

// The packages the Worker must not carry (see worker/build-options.mjs for why).
const unwanted = unwantedWorkerInputs(Object.keys(minified.metafile.inputs));
console.log(`Packages the Worker must not carry: ${unwanted.length === 0 ? "none" : unwanted.join(", ")}`);
if (unwanted.length > 0) process.exitCode = 1;

console.log(`SIZE worker (fetch handler, compact signatures only) min: ${minBytes.length} gz: ${minGzip}`);
console.log(`SIZE worker (fetch handler, compact signatures only, not minified) raw: ${plainBytes.length} gz: ${plainGzip}`);
console.log(
  `TARGET worker gzip <= ${kb(GOAL_GZIP_BYTES)}: ${kb(minGzip)} (${minGzip <= GOAL_GZIP_BYTES ? "met" : `not met, ${kb(minGzip - GOAL_GZIP_BYTES)} over`})`,
);
