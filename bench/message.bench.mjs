// Parse + validate throughput of the message core against the SIWE reference parser
// (@signinwithethereum/siwe v4, `new SiweMessage(text)`) on the same-shaped message: the
// CAIP-122 profile example, and the same text with the Ethereum header for SIWE.
// The ratio is the median of per-round ratios: each round times both sides back to back, so a
// slow moment of the shared machine (or a GC pause in SIWE) lands on one round, not the answer.
import { readFileSync } from "node:fs";
import { parseMessage, validateMessage } from "sign-in-with-xrpl";
import { SiweMessage } from "@signinwithethereum/siwe";

// The CAIP-122 XRPL profile example, from the test fixture that pins its SHA-512Half.
const { message: XRPL_MESSAGE } = JSON.parse(
  readFileSync(new URL("../test/fixtures/siwe/caip122-xrpl-profile-example.json", import.meta.url), "utf8"),
);

const SIWE_MESSAGE = XRPL_MESSAGE.replace(
  "wants you to sign in with your XRPL account:\nr4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
  "wants you to sign in with your Ethereum account:\n0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
).replace("Chain ID: 0", "Chain ID: 1");

const VALIDATE_OPTIONS = {
  domain: "service.org",
  nonce: "32891757",
  address: "r4FTvnahbUfhe1WK2EK5Jz4cNvdFvT8Dzt",
  chainId: "xrpl:0",
  now: Date.parse("2021-09-30T16:26:00.000Z"),
};

// Sanity: both sides must accept their message before we time anything.
if (!validateMessage(parseMessage(XRPL_MESSAGE), VALIDATE_OPTIONS).valid) throw new Error("our message must validate");
if (new SiweMessage(SIWE_MESSAGE).address !== "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2") {
  throw new Error("SIWE must parse its message");
}

let sink = 0;
const cases = {
  "sign-in-with-xrpl parse+validate": () => {
    const message = parseMessage(XRPL_MESSAGE);
    if (validateMessage(message, VALIDATE_OPTIONS).valid) sink++;
  },
  "@signinwithethereum/siwe new SiweMessage": () => {
    if (new SiweMessage(SIWE_MESSAGE).nonce.length > 0) sink++;
  },
};

/** Runs `fn` in batches until `durationMs` has passed; answers operations per second. */
function measure(fn, durationMs) {
  for (let index = 0; index < 2_000; index++) fn(); // warm-up
  let operations = 0;
  const start = process.hrtime.bigint();
  const deadline = start + BigInt(Math.round(durationMs * 1e6));
  let now = start;
  let batch = 64;
  while (now < deadline) {
    for (let index = 0; index < batch; index++) fn();
    operations += batch;
    now = process.hrtime.bigint();
    if (batch < 65_536) batch *= 2;
  }
  return operations / (Number(now - start) / 1e9);
}

const durationMs = Number(process.env.BENCH_MS ?? 6000);
const rounds = 7;
const names = Object.keys(cases);
const best = Object.fromEntries(names.map((name) => [name, 0]));
const roundRatios = [];
// Interleave the cases so that a slow moment of the machine hits all of them alike.
for (let round = 0; round < rounds; round++) {
  const thisRound = {};
  for (const name of names) {
    thisRound[name] = measure(cases[name], durationMs / rounds / names.length);
    best[name] = Math.max(best[name], thisRound[name]);
  }
  roundRatios.push(thisRound["sign-in-with-xrpl parse+validate"] / thisRound["@signinwithethereum/siwe new SiweMessage"]);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log("| case | best ops/s | µs/op |");
console.log("|---|---:|---:|");
for (const [name, opsPerSecond] of Object.entries(best)) {
  console.log(`| ${name} | ${Math.round(opsPerSecond).toLocaleString("en-US")} | ${(1e6 / opsPerSecond).toFixed(2)} |`);
}
console.log(`per-round ratios: ${roundRatios.map((ratio) => ratio.toFixed(1)).join(", ")}`);
if (sink === 0) throw new Error("nothing ran");
console.log(`RATIO message parse+validate vs siwe: ${median(roundRatios).toFixed(2)} (target >= 20)`);
