/* global Bun */
// Run by bench/bun-verify.bench.mjs inside Bun (or any runtime): the CPU time per ed25519 verify
// of the library's verifier (compact signature, master key, no ledger) and of the runtime's own
// node:crypto `verify` doing the same job, on the same proofs, in many short paired rounds of
// alternating order. Prints one JSON line.
//
// Both sides do what checking a verify request takes and nothing more: they start from the
// request's fields (hex signature and key, the message text), decode them, find the key in a cache
// of imported keys (importing it on the first use: both keep 64 keys, so after the warm-up both
// find every key in their cache), and verify. The library adds what makes it a verifier: the
// request's shape checks, the canonical-signature rules, the address the key derives (cached) and
// its comparison with the claimed address. Time is the process's CPU time (process.cpuUsage), not
// the wall clock, so other work on a shared machine that takes the core away is not counted.
import { createPublicKey, verify } from "node:crypto";
import { compactSignature, createVerifier, signatureBackends } from "sign-in-with-xrpl";
import { newAccount, proofBody, signInMessage } from "./flow/client.mjs";

const KEYS = 64;
const ROUNDS = Number(process.env.BENCH_VERIFY_ROUNDS ?? 41);
/** Verifies per side per round: each side's share of a round is a few milliseconds of CPU. */
const PER_ROUND = Number(process.env.BENCH_VERIFY_PER_ROUND ?? 8 * KEYS);
const verifier = createVerifier({ strategies: [compactSignature({ ledger: "never" })] });

const accounts = Array.from({ length: KEYS }, () => newAccount("ed25519"));
const proofs = accounts.map((account) =>
  proofBody("signature", account, signInMessage(account.address, "0123456789abcdef0123456789abcdef")),
);
for (const proof of proofs) if ((await verifier.verify(proof)) !== true) throw new Error("a valid proof did not verify");

/** The runtime's node:crypto on the same request fields, with a cache of imported keys as the library keeps. */
const nativeKeys = new Map();
function nativeVerify(proof) {
  let key = nativeKeys.get(proof.publicKey);
  if (key === undefined) {
    key = createPublicKey({
      key: { kty: "OKP", crv: "Ed25519", x: Buffer.from(proof.publicKey.slice(2), "hex").toString("base64url") },
      format: "jwk",
    });
    nativeKeys.set(proof.publicKey, key);
  }
  return verify(null, Buffer.from(proof.message, "utf8"), key, Buffer.from(proof.signature, "hex"));
}
for (const proof of proofs) if (!nativeVerify(proof)) throw new Error("node:crypto refused a valid proof");

const cpuUs = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

async function timeOurs() {
  const started = cpuUs();
  for (let index = 0; index < PER_ROUND; index += 1) {
    if ((await verifier.verify(proofs[index % KEYS])) !== true) throw new Error("refused");
  }
  return (cpuUs() - started) / PER_ROUND;
}
function timeNative() {
  const started = cpuUs();
  for (let index = 0; index < PER_ROUND; index += 1) if (!nativeVerify(proofs[index % KEYS])) throw new Error("refused");
  return (cpuUs() - started) / PER_ROUND;
}

// Warm-up: both sides compiled and their caches full.
for (let index = 0; index < 5; index += 1) {
  await timeOurs();
  timeNative();
}
const ratios = [];
const ours = [];
const theirs = [];
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
  ours.push(a);
  theirs.push(b);
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
