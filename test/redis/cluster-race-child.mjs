// One server process of the Redis Cluster race: its own cluster client (node-redis createCluster),
// the store module named on the command line, and rounds read from stdin as JSON lines:
// { nonces, ttlMs, startAt }. For each round it waits until `startAt` (ms since the epoch, the
// same for both processes), consumes every nonce at once, in an order of its own, and prints
// { won: [...] }, the nonces it got `true` for.
// Arguments: <store module URL> <JSON array of node URLs> <key prefix>
import { createInterface } from "node:readline";
import { createCluster } from "redis";

const [moduleUrl, nodeUrls, prefix] = process.argv.slice(2);
const { createRedisNonceStore } = await import(moduleUrl);

const cluster = await createCluster({ rootNodes: JSON.parse(nodeUrls).map((url) => ({ url })) })
  .on("error", () => {})
  .connect();
const store = createRedisNonceStore(cluster, { prefix });
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const { nonces: given, ttlMs, startAt } = JSON.parse(line);
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, startAt - Date.now())));
  const nonces = [...given].sort(() => Math.random() - 0.5);
  const answers = await Promise.all(nonces.map((nonce) => store.consume(nonce, ttlMs)));
  process.stdout.write(`${JSON.stringify({ won: nonces.filter((_, index) => answers[index] === true) })}\n`);
}
await cluster.close();
