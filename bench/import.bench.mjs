// Cold start: how long `import("sign-in-with-xrpl")` takes in a fresh Node process, against
// `import("xrpl")` in a fresh process too, in alternating rounds so both see the same machine
// load; the ratio is the median of the per-round ratios. Also reports the first compact-signature
// check after the import (the verifier loads nothing more for it). Imports the BUILT package
// (npm run build first).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { deriveAddress, deriveKeypair, generateSeed, sign } from "ripple-keypairs";

const here = dirname(fileURLToPath(import.meta.url));
const ROUNDS = Number(process.env.BENCH_IMPORT_ROUNDS ?? 25);
const probe = join(here, "import-probe.mjs");

const pair = deriveKeypair(generateSeed({ algorithm: "ed25519" }));
const address = deriveAddress(pair.publicKey);
const message = `example.com wants you to sign in with your XRPL account:\n${address}\n\nURI: https://example.com\nVersion: 1\nChain ID: 0\nNonce: abcdefgh12345678\nIssued At: 2026-11-21T09:00:00.000Z`;
const request = JSON.stringify({
  message,
  signatureKind: "signature",
  signature: sign(Buffer.from(message, "utf8").toString("hex"), pair.privateKey),
  publicKey: pair.publicKey,
  address,
});

function run(specifier, ...extra) {
  const child = spawnSync(process.execPath, [probe, specifier, ...extra], { cwd: here, encoding: "utf8" });
  if (child.status !== 0) throw new Error(`probe of ${specifier} failed: ${child.stderr}`);
  return JSON.parse(child.stdout);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const ours = [];
const peer = [];
const ratios = [];
const firstChecks = [];
for (let round = 0; round < ROUNDS; round += 1) {
  // Alternate which goes first, so neither always meets a warmer file cache.
  const [a, b] = round % 2 === 0 ? ["sign-in-with-xrpl", "xrpl"] : ["xrpl", "sign-in-with-xrpl"];
  const first = run(a, ...(a === "xrpl" ? [] : ["--first-check", request]));
  const second = run(b, ...(b === "xrpl" ? [] : ["--first-check", request]));
  const mine = a === "xrpl" ? second : first;
  const theirs = a === "xrpl" ? first : second;
  ours.push(mine.importMs);
  peer.push(theirs.importMs);
  firstChecks.push(mine.firstCheckMs);
  ratios.push(mine.importMs / theirs.importMs);
}

console.log(`cold start, ${ROUNDS} rounds of fresh processes (median ms):`);
console.table([
  { module: "sign-in-with-xrpl", "import ms": median(ours).toFixed(1) },
  { module: "xrpl", "import ms": median(peer).toFixed(1) },
  { module: "sign-in-with-xrpl: first compact check after import", "import ms": median(firstChecks).toFixed(2) },
]);
console.log(`per-round ratios: ${ratios.map((ratio) => ratio.toFixed(2)).join(", ")}`);
console.log(`RATIO import("sign-in-with-xrpl") / import("xrpl"), lower is better: ${median(ratios).toFixed(2)} (target <= 0.25)`);
