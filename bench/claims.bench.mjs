// Reading claims: verifier.readClaims against the same reads written with xrpl.js Client.request
// in a loop, on one mock ledger node on 127.0.0.1 (createMockLedger of the testing entry, in a
// worker thread: bench/claims-node.mjs), same account, same run. The account owns 1,000 NFTs (3 pages of 400) and has 200 trust lines; the
// three claims are an NFT of a taxon that only the last NFT has (every page is read), a balance
// of at least 10 USD from one issuer (account_lines with `peer`), and a KYC credential with an
// expiration (ledger_entry, then the validated ledger's close time). Both sides answer the same
// three booleans and keep one connection open. Round trips are counted by the node
// (requestCount), per reading. Imports the BUILT package (npm run build first).
import { Worker } from "node:worker_threads";
import { createVerifier, hasCredential, holdsNft, holdsToken } from "sign-in-with-xrpl";
import { Client, convertStringToHex, encodeAccountID } from "xrpl";

const ROUNDS = Number(process.env.BENCH_CLAIMS_ROUNDS ?? 10);
const READS_PER_ROUND = Number(process.env.BENCH_CLAIMS_READS ?? 20);

const account = (byte) => encodeAccountID(new Uint8Array(20).fill(byte));
const HOLDER = account(1);
const ISSUER = account(2);

const node = new Worker(new URL("./claims-node.mjs", import.meta.url), {
  workerData: {
    holder: HOLDER,
    issuer: ISSUER,
    others: Array.from({ length: 200 }, (_, index) => account(10 + index)),
    expirationMs: Date.now() + 86_400_000,
  },
});
const nextMessage = () =>
  new Promise((resolve, reject) => {
    node.once("message", resolve);
    node.once("error", reject);
  });
const { url } = await nextMessage();
const ledger = {
  url,
  async requestCount() {
    node.postMessage("count");
    return (await nextMessage()).count;
  },
};

const claims = {
  member: holdsNft({ issuer: ISSUER, taxon: 7 }),
  usd: holdsToken({ currency: "USD", issuer: ISSUER, minBalance: "10" }),
  kyc: hasCredential({ issuer: ISSUER, type: "KYC" }),
};
const EXPECTED = JSON.stringify({ member: true, usd: true, kyc: true });

const verifier = createVerifier({ nodeUrl: ledger.url });
const ours = () => verifier.readClaims(HOLDER, claims);

const client = new Client(ledger.url);
await client.connect();
const KYC_HEX = convertStringToHex("KYC");

/** The same three answers as an application writes them with xrpl.js: one request after another. */
async function peer() {
  let member = false;
  let marker;
  let ledgerIndex = "validated";
  do {
    const page = await client.request({ command: "account_nfts", account: HOLDER, ledger_index: ledgerIndex, limit: 400, marker });
    member ||= page.result.account_nfts.some((nft) => nft.Issuer === ISSUER && nft.NFTokenTaxon === 7);
    marker = member ? undefined : page.result.marker;
    ledgerIndex = page.result.ledger_index;
  } while (marker !== undefined);

  let usd = false;
  marker = undefined;
  ledgerIndex = "validated";
  do {
    const page = await client.request({
      command: "account_lines",
      account: HOLDER,
      peer: ISSUER,
      ledger_index: ledgerIndex,
      limit: 400,
      marker,
    });
    const line = page.result.lines.find((entry) => entry.currency === "USD" && entry.account === ISSUER);
    if (line !== undefined) usd = !line.freeze_peer && Number(line.balance) >= 10;
    marker = line === undefined ? page.result.marker : undefined;
    ledgerIndex = page.result.ledger_index;
  } while (marker !== undefined);

  let kyc = false;
  try {
    const entry = await client.request({
      command: "ledger_entry",
      credential: { subject: HOLDER, issuer: ISSUER, credential_type: KYC_HEX },
      ledger_index: "validated",
    });
    const node = entry.result.node;
    if ((node.Flags & 0x00010000) !== 0) {
      if (node.Expiration === undefined) kyc = true;
      else {
        const header = await client.request({ command: "ledger", ledger_index: entry.result.ledger_index });
        kyc = header.result.ledger.close_time <= node.Expiration;
      }
    }
  } catch (error) {
    if (error?.data?.error !== "entryNotFound") throw error;
  }
  return { member, usd, kyc };
}

async function timed(read) {
  const before = await ledger.requestCount();
  const started = performance.now();
  for (let index = 0; index < READS_PER_ROUND; index += 1) {
    const answer = JSON.stringify(await read());
    if (answer !== EXPECTED) throw new Error(`wrong answer: ${answer}`);
  }
  const ms = performance.now() - started;
  return { ms, trips: ((await ledger.requestCount()) - before) / READS_PER_ROUND };
}

async function setLatency(latencyMs) {
  node.postMessage({ latencyMs });
  await nextMessage();
}

/** Paired rounds at one node latency: ratios of the loop's time to ours, per-reading medians, round trips. */
async function measure(latencyMs) {
  await setLatency(latencyMs);
  // Warm both: the verifier's connection and code, xrpl.js's connection.
  await timed(ours);
  await timed(peer);
  const ratios = [];
  const perRead = { ours: [], peer: [] };
  let trips;
  for (let round = 0; round < ROUNDS; round += 1) {
    // Alternate which side goes first, so neither always runs on a warmer machine.
    const order = round % 2 === 0 ? ["ours", "peer"] : ["peer", "ours"];
    const result = {};
    for (const side of order) result[side] = await timed(side === "ours" ? ours : peer);
    ratios.push(result.peer.ms / result.ours.ms);
    perRead.ours.push(result.ours.ms / READS_PER_ROUND);
    perRead.peer.push(result.peer.ms / READS_PER_ROUND);
    trips = { ours: result.ours.trips, peer: result.peer.trips };
  }
  return { ratios, perRead, trips };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
console.log(
  "account: 1,000 NFTs (3 pages of 400), 200 trust lines; claims: NFT of taxon 7 (last NFT), >= 10 USD from one issuer, KYC credential with expiration",
);
// Loopback answers in microseconds, so both sides are bound by the CPU (parsing pages); a node
// over a network (even 2 ms away, in the same data center) is where sending the look-ups at once counts.
for (const [latencyMs, where] of [
  [0, "loopback"],
  [2, "a node 2 ms away"],
]) {
  const { ratios, perRead, trips } = await measure(latencyMs);
  const ratio = median(ratios);
  console.log(`${where}: round trips per reading: readClaims ${trips.ours}, xrpl.js loop ${trips.peer}`);
  console.log(
    `${where}: per reading, median of ${ROUNDS} rounds of ${READS_PER_ROUND}: readClaims ${median(perRead.ours).toFixed(2)} ms, xrpl.js loop ${median(perRead.peer).toFixed(2)} ms`,
  );
  console.log(
    `RATIO readClaims speed vs xrpl.js Client.request loop (${where}), higher is better: ${ratio.toFixed(2)} [${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}] (target > 1)`,
  );
  console.log(
    `TARGET readClaims (${where}): round trips <= the loop's (${trips.ours} vs ${trips.peer}) and faster (${ratio.toFixed(2)}x): ${trips.ours <= trips.peer && ratio > 1 ? "met" : "NOT MET"}`,
  );
}

await verifier.close();
await client.disconnect();
node.postMessage("stop");
