// One server process of the cross-process race: its own pool, the store module named on the
// command line, and rounds read from stdin as JSON lines: { nonces, ttlMs, now }. For each round
// it consumes every nonce at once and prints { won: [...] }, the nonces it got `true` for.
// Arguments: <store module URL> <database URL> <schema>
import { createInterface } from "node:readline";
import pg from "pg";

const [moduleUrl, databaseUrl, schema] = process.argv.slice(2);
const { createPostgresNonceStore } = await import(moduleUrl);

const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
pool.on("error", () => {});
let clock = 0;
const store = createPostgresNonceStore(pool, { schema, now: () => clock, pruneIntervalMs: Number.POSITIVE_INFINITY });
await store.ready();
// Open every connection now, so the race starts with ten statements in flight at once.
await Promise.all(Array.from({ length: 10 }, () => pool.query("SELECT pg_sleep(0.05)")));
process.stdout.write(`${JSON.stringify({ ready: true })}\n`);

for await (const line of createInterface({ input: process.stdin })) {
  const { nonces, ttlMs, now } = JSON.parse(line);
  clock = now;
  const answers = await Promise.all(nonces.map((nonce) => store.consume(nonce, ttlMs)));
  process.stdout.write(`${JSON.stringify({ won: nonces.filter((_, index) => answers[index] === true) })}\n`);
}
await pool.end();
