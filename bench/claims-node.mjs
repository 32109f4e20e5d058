// The ledger node of the claims benchmark, in a worker thread of its own (a node is another
// machine: its work must not share the benchmark's event loop, or reading concurrently could not
// show). The mock ledger of the testing entry, with the account the benchmark reads; answers
// { url } once listening, then { count } for each "count" message, sets the latency of its answers
// on { latencyMs }, and stops on "stop".
import { parentPort, workerData } from "node:worker_threads";
import { createMockLedger } from "sign-in-with-xrpl/testing";

const { holder, issuer, others, expirationMs } = workerData;
const ledger = await createMockLedger();
ledger.setAccount(holder, {
  nfts: Array.from({ length: 1000 }, (_, index) => ({ issuer, taxon: index === 999 ? 7 : 1 })),
  trustLines: others.map((peer, index) =>
    index === 150 ? { peer: issuer, currency: "USD", balance: "12.5" } : { peer, currency: "USD", balance: "1" },
  ),
});
ledger.setCredential({ subject: holder, issuer, type: "KYC", expiration: new Date(expirationMs) });
parentPort.on("message", async (message) => {
  if (message === "count") parentPort.postMessage({ count: ledger.requestCount() });
  if (typeof message === "object" && message.latencyMs !== undefined) {
    ledger.setLatency(message.latencyMs);
    parentPort.postMessage({ latencyMs: message.latencyMs });
  }
  if (message === "stop") {
    await ledger.stop();
    parentPort.close();
  }
});
parentPort.postMessage({ url: ledger.url });
