// Verify throughput: sign-in-with-xrpl's verifier against ripple-keypairs and xrpl.js, same inputs,
// same run. Imports the BUILT package (npm run build first). Throughput without a network: compact
// proofs use ledger "never" (master keys), signed transactions read an in-memory LedgerReader
// given through createVerifier's `ledgerReader` option. Then the latency of a master-key sign-in
// with a ledger node on 127.0.0.1 (the mock rippled): what the default's look-up of the account's
// flags costs, cold and warm, against ledger "never".
import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
import { startLocalLedger } from "./local-ledger.mjs";
import { deriveAddress, deriveKeypair, generateSeed, sign, verify } from "ripple-keypairs";
import { Wallet, verifySignature } from "xrpl";
import { createPublicKey, verify as opensslVerify } from "node:crypto";

const RUN_MS = Number(process.env.BENCH_RUN_MS ?? 1500);
const FRESH_KEYS = Number(process.env.BENCH_FRESH_KEYS ?? 1200);

function message(address, index) {
  return [
    "example.com wants you to sign in with your XRPL account:",
    address,
    "",
    "Sign in to Example.",
    "",
    "URI: https://example.com/login",
    "Version: 1",
    "Chain ID: 0",
    `Nonce: n${String(index).padStart(10, "0")}`,
    "Issued At: 2026-11-21T09:00:00.000Z",
  ].join("\n");
}

function compactRequests(algorithm, count) {
  const requests = [];
  for (let index = 0; index < count; index += 1) {
    const pair = deriveKeypair(generateSeed({ algorithm }));
    const address = deriveAddress(pair.publicKey);
    const text = message(address, index);
    const signature = sign(Buffer.from(text, "utf8").toString("hex"), pair.privateKey);
    requests.push({ message: text, signatureKind: "signature", signature, publicKey: pair.publicKey, address });
  }
  return requests;
}

/** What an application does with ripple-keypairs alone: verify, then check the key's address. */
function peerCompact(request) {
  const ok = verify(Buffer.from(request.message, "utf8").toString("hex"), request.signature, request.publicKey);
  return ok && deriveAddress(request.publicKey) === request.address;
}

/**
 * The floor: OpenSSL's signature check alone, through node:crypto, with every key imported
 * beforehand and the message bytes ready. No parsing, no canonical checks, no address. What the
 * key cache should bring repeated keys close to.
 */
function opensslAlone(requests) {
  const prepared = new Map();
  for (const request of requests) {
    const publicKey = Buffer.from(request.publicKey, "hex");
    const isEd25519 = publicKey[0] === 0xed;
    const key = isEd25519
      ? createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: publicKey.subarray(1).toString("base64url") }, format: "jwk" })
      : createPublicKey({
          key: Buffer.concat([Buffer.from("3036301006072a8648ce3d020106052b8104000a032200", "hex"), publicKey]),
          format: "der",
          type: "spki",
        });
    prepared.set(request, {
      key,
      algorithm: isEd25519 ? null : "sha512",
      data: Buffer.from(request.message, "utf8"),
      signature: Buffer.from(request.signature, "hex"),
    });
  }
  return (request) => {
    const { key, algorithm, data, signature } = prepared.get(request);
    return opensslVerify(algorithm, data, key, signature);
  };
}

/**
 * Runs ours and the peer in alternating slices over the same inputs, so both see the same machine
 * load; answers ops/s for each. With `once`, the inputs are split into chunks and each chunk is
 * run once by each side (every key fresh for both).
 */
async function interleaved(inputs, ours, peer, { once = false, rounds = 8, sliceMs = RUN_MS / 8 } = {}) {
  const totals = { ours: { operations: 0, ms: 0 }, peer: { operations: 0, ms: 0 } };
  const roundRatios = [];
  const before = { ours: { operations: 0, ms: 0 }, peer: { operations: 0, ms: 0 } };
  const noteRound = () => {
    const oursRate = (totals.ours.operations - before.ours.operations) / (totals.ours.ms - before.ours.ms);
    const peerRate = (totals.peer.operations - before.peer.operations) / (totals.peer.ms - before.peer.ms);
    roundRatios.push(oursRate / peerRate);
    before.ours = { ...totals.ours };
    before.peer = { ...totals.peer };
  };
  const check = (answer) => {
    if (answer !== true) throw new Error("a valid proof failed");
  };
  for (let round = 0; round < rounds; round += 1) {
    if (once) {
      const size = Math.ceil(inputs.length / rounds);
      const chunk = inputs.slice(round * size, (round + 1) * size);
      let started = performance.now();
      for (const input of chunk) check(await ours(input));
      totals.ours.ms += performance.now() - started;
      totals.ours.operations += chunk.length;
      started = performance.now();
      for (const input of chunk) check(peer(input));
      totals.peer.ms += performance.now() - started;
      totals.peer.operations += chunk.length;
      noteRound();
      continue;
    }
    let index = 0;
    let started = performance.now();
    while (performance.now() - started < sliceMs) check(await ours(inputs[index++ % inputs.length]));
    totals.ours.ms += performance.now() - started;
    totals.ours.operations += index;
    index = 0;
    started = performance.now();
    while (performance.now() - started < sliceMs) check(peer(inputs[index++ % inputs.length]));
    totals.peer.ms += performance.now() - started;
    totals.peer.operations += index;
    noteRound();
  }
  return {
    ours: totals.ours.operations / (totals.ours.ms / 1000),
    peer: totals.peer.operations / (totals.peer.ms / 1000),
    medianRatio: [...roundRatios].sort((a, b) => a - b)[Math.floor(roundRatios.length / 2)],
  };
}

const rows = [];
const ratios = [];
function record(name, ours, peer, peerName) {
  rows.push({
    workload: name,
    "sign-in-with-xrpl ops/s": Math.round(ours),
    [`peer ops/s`]: Math.round(peer),
    peer: peerName,
    ratio: (ours / peer).toFixed(2),
  });
  return ours / peer;
}

const memoryLedger = {
  getAccountAuthority: (address) => Promise.resolve({ account: address, exists: true, masterDisabled: false }),
  getNetworkId: () => Promise.resolve(0),
};
const compactVerifier = createVerifier({ ledgerReader: memoryLedger, strategies: [compactSignature({ ledger: "never" })] });

for (const [algorithm, label] of [
  ["ed25519", "ed25519"],
  ["ecdsa-secp256k1", "secp256k1"],
]) {
  // Repeated keys: 64 users signing in again and again (the imported key is cached).
  const repeated = compactRequests(algorithm, 64);
  await interleaved(repeated, (request) => compactVerifier.verify(request), peerCompact, { rounds: 2, sliceMs: 200 }); // warm-up
  const cached = await interleaved(repeated, (request) => compactVerifier.verify(request), peerCompact);
  const cachedRatio = record(`compact ${label}, 64 repeated keys`, cached.ours, cached.peer, "ripple-keypairs verify+deriveAddress");
  const floor = await interleaved(repeated, (request) => compactVerifier.verify(request), opensslAlone(repeated));
  const floorRatio = record(`compact ${label}, 64 repeated keys`, floor.ours, floor.peer, "OpenSSL alone (node:crypto, keys pre-imported)");

  // Fresh keys: every proof from a key this process has never seen (no cache help).
  const fresh = compactRequests(algorithm, FRESH_KEYS);
  const first = await interleaved(fresh, (request) => compactVerifier.verify(request), peerCompact, { once: true });
  const freshRatio = record(`compact ${label}, ${FRESH_KEYS} fresh keys`, first.ours, first.peer, "ripple-keypairs verify+deriveAddress");
  ratios.push([`compact ${label} vs ripple-keypairs`, Math.min(cachedRatio, freshRatio)]);
  ratios.push([`compact ${label} repeated keys vs ripple-keypairs`, cachedRatio]);
  ratios.push([`compact ${label} fresh keys vs ripple-keypairs`, freshRatio]);
  ratios.push([`compact ${label} repeated keys vs OpenSSL alone (1.00 = no overhead)`, floorRatio]);
}

// Signed transactions: the sign-in AccountSet, signed by xrpl.js Wallet.sign, one run per curve.
// The peer checks the signature only; ours also checks the blob's form and harmlessness, the
// memo, and the key's authority (from the in-memory ledger).
const txVerifier = createVerifier({ ledgerReader: memoryLedger, strategies: [signedTransaction({ networkId: 0 })] });
const txPeer = (request) => verifySignature(request.txBlob);
for (const [algorithm, label] of [
  ["ed25519", "ed25519"],
  ["ecdsa-secp256k1", "secp256k1"],
]) {
  const txRequests = [];
  for (let index = 0; index < 64; index += 1) {
    const wallet = Wallet.generate(algorithm);
    const text = message(wallet.classicAddress, index);
    const { tx_blob: txBlob } = wallet.sign({
      TransactionType: "AccountSet",
      Account: wallet.classicAddress,
      Fee: "0",
      Sequence: 0,
      Memos: [{ Memo: { MemoData: Buffer.from(text, "utf8").toString("hex").toUpperCase() } }],
    });
    txRequests.push({ message: text, signatureKind: "signedTx", txBlob, address: wallet.classicAddress });
  }
  await interleaved(txRequests, (request) => txVerifier.verify(request), txPeer, { rounds: 2, sliceMs: 200 }); // warm-up
  const tx = await interleaved(txRequests, (request) => txVerifier.verify(request), txPeer);
  record(`signedTx ${label} (in-memory LedgerReader)`, tx.ours, tx.peer, "xrpl.verifySignature (signature only)");
  ratios.push([`signedTx ${label} vs xrpl.verifySignature (median of rounds; target >= 3)`, tx.medianRatio]);
}

await compactVerifier.close();
await txVerifier.close();

// ---------- sign-in latency with a local node ----------
// One verify at a time (latency, not throughput), each timed alone. Every key is imported by a
// throwaway check first, so "cold" means only that the ledger's answer for the address is not
// known yet: the default strategy then sends one account_info (is the master key disabled?) and
// reuses the answer for 30 s, which "warm" measures. `ledger: "always"` asks every time.
const LATENCY_KEYS = Number(process.env.BENCH_LATENCY_KEYS ?? 300);
const node = await startLocalLedger();
const latencyRows = [];
const latencyLines = [];
try {
  const byDefault = createVerifier({ nodeUrl: node.url });
  const always = createVerifier({ nodeUrl: node.url, strategies: [compactSignature({ ledger: "always" })] });
  const never = createVerifier({ nodeUrl: node.url, strategies: [compactSignature({ ledger: "never" })] });
  const proofs = compactRequests("ed25519", LATENCY_KEYS);
  const opening = compactRequests("ed25519", 1)[0];
  for (const verifier of [byDefault, always]) await verifier.verify(opening); // open the connection
  for (const proof of proofs) await never.verify(proof); // import every key
  const samples = { never: [], cold: [], warm: [], always: [] };
  const timed = async (verifier, proof, into) => {
    const started = performance.now();
    if ((await verifier.verify(proof)) !== true) throw new Error("a valid proof failed");
    into.push((performance.now() - started) * 1000);
  };
  const lookUpsBefore = node.requestCount("account_info");
  for (const proof of proofs) {
    await timed(never, proof, samples.never);
    await timed(byDefault, proof, samples.cold);
  }
  const coldLookUps = node.requestCount("account_info") - lookUpsBefore;
  for (const proof of proofs) {
    await timed(byDefault, proof, samples.warm);
    await timed(always, proof, samples.always);
  }
  const warmLookUps = node.requestCount("account_info") - lookUpsBefore - coldLookUps - proofs.length;
  if (coldLookUps !== proofs.length || warmLookUps !== 0) {
    throw new Error(`expected one look-up per address cold and none warm, got ${coldLookUps} and ${warmLookUps}`);
  }
  const stats = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    return {
      p50: sorted[Math.floor(sorted.length / 2)],
      p99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))],
      mean: sorted.reduce((sum, value) => sum + value, 0) / sorted.length,
    };
  };
  const results = {
    never: ['ledger "never" (no look-up)', stats(samples.never)],
    cold: ["default, cold cache (one account_info)", stats(samples.cold)],
    warm: ["default, warm cache (answer reused)", stats(samples.warm)],
    always: ['ledger "always" (account_info every time)', stats(samples.always)],
  };
  for (const [label, { p50, p99, mean }] of Object.values(results)) {
    latencyRows.push({
      "master-key compact ed25519 verify": label,
      "p50 us": p50.toFixed(0),
      "p99 us": p99.toFixed(0),
      "mean us": mean.toFixed(0),
    });
    latencyLines.push(
      `LATENCY master-key compact verify, local node, ${label}: p50 ${p50.toFixed(0)} us, p99 ${p99.toFixed(0)} us, mean ${mean.toFixed(0)} us`,
    );
  }
  const base = results.never[1].p50;
  for (const key of ["cold", "warm", "always"]) {
    latencyLines.push(
      `RATIO master-key verify p50 latency, ${results[key][0]} / ledger "never" (lower is better, 1.00 = free): ${(results[key][1].p50 / base).toFixed(2)}`,
    );
  }
  await Promise.all([byDefault.close(), always.close(), never.close()]);
} finally {
  await node.stop();
}

console.log("verify throughput (ops/s, higher is better); ledger look-ups answered from memory, no network");
console.table(rows);
for (const [name, ratio] of ratios) console.log(`RATIO ${name}: ${ratio.toFixed(2)}`);
console.log(`\nsign-in latency, one verify at a time, ledger node on 127.0.0.1 (mock rippled), ${LATENCY_KEYS} addresses`);
console.table(latencyRows);
for (const line of latencyLines) console.log(line);
