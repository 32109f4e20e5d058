/* global Bun */
// Run by bench/bun-verify.bench.mjs inside Bun (or any runtime): ed25519 verifies per second of
// the library's verifier (compact signature, master key, no ledger) and of the runtime's own
// node:crypto `verify` on the same signatures, alternating in rounds. Prints one JSON line.
import { createPublicKey, verify } from "node:crypto";
import { compactSignature, createVerifier, signatureBackends } from "sign-in-with-xrpl";
import { newAccount, proofBody, signInMessage } from "./flow/client.mjs";

const KEYS = 64;
const ROUNDS = Number(process.env.BENCH_VERIFY_ROUNDS ?? 15);
const ROUND_MS = Number(process.env.BENCH_VERIFY_ROUND_MS ?? 500);
const verifier = createVerifier({ strategies: [compactSignature({ ledger: "never" })] });

// Repeated keys: the library keeps imported keys; the runtime's verify gets them imported beforehand.
const accounts = Array.from({ length: KEYS }, () => newAccount("ed25519"));
const proofs = accounts.map((account) =>
  proofBody("signature", account, signInMessage(account.address, "0123456789abcdef0123456789abcdef")),
);
const native = proofs.map((proof, index) => ({
  data: Buffer.from(proof.message, "utf8"),
  signature: Buffer.from(proof.signature, "hex"),
  key: createPublicKey(accounts[index].privateKey),
}));
for (const proof of proofs) if ((await verifier.verify(proof)) !== true) throw new Error("a valid proof did not verify");

async function timeOurs() {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ROUND_MS) {
    for (const proof of proofs) if ((await verifier.verify(proof)) !== true) throw new Error("refused");
    count += proofs.length;
  }
  return (performance.now() - started) / count;
}
function timeNative() {
  let count = 0;
  const started = performance.now();
  while (performance.now() - started < ROUND_MS) {
    for (const item of native) if (!verify(null, item.data, item.key, item.signature)) throw new Error("refused");
    count += native.length;
  }
  return (performance.now() - started) / count;
}

const ratios = [];
const ours = [];
const theirs = [];
await timeOurs();
timeNative();
for (let round = 0; round < ROUNDS; round += 1) {
  // Paired, in alternating order.
  let a;
  let b;
  if (round % 2 === 0) {
    a = await timeOurs();
    b = timeNative();
  } else {
    b = timeNative();
    a = await timeOurs();
  }
  ours.push(a * 1000);
  theirs.push(b * 1000);
  ratios.push(a / b);
}
console.log(
  JSON.stringify({
    runtime: typeof Bun === "undefined" ? `node ${process.version}` : `bun ${Bun.version}`,
    backends: await signatureBackends(),
    oursUs: ours,
    nativeUs: theirs,
    ratios,
  }),
);
await verifier.close();
