// Nonce store throughput: consumes per second of each store, one after the other in one run, as
// ratios to the memory store. Every consume is of a fresh nonce (a sign-in), BENCH_STORE_CONCURRENCY
// (default 16) in flight at once, for BENCH_RUN_MS (default 1500) after a short warm-up.
// - memory, Redis (REDIS_URL), Redis Cluster (three masters started here on loopback, as the
//   tests start them), PostgreSQL (DATABASE_URL, a schema of its own, dropped after): the store
//   called from this Node process.
// - Durable Object: a Worker in workerd (Miniflare) calls `createDurableObjectNonceStore` over a
//   `NonceStoreObject` on the SQLite backend; Deno KV: a Deno process calls
//   `createDenoKvNonceStore` on a local KV file. Both run test/runtimes/shared-store-app.ts
//   (built as the runtime tests build it) and are timed from here, batches of BATCH consumes
//   per request, so the HTTP hop is spread over the batch; each runtime's own memory store is
//   timed the same way, for scale.
// A store whose service or runtime is missing is reported as not measured, with the reason.
// Imports the BUILT package (npm run build first); the runtimes come from `npm ci --prefix test/runtimes`.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { get } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { createClient } from "redis";
import { createMemoryNonceStore, DEFAULT_MEMORY_STORE_MAX_ENTRIES } from "sign-in-with-xrpl";
import { createPostgresNonceStore } from "sign-in-with-xrpl/postgres";
import { createRedisNonceStore } from "sign-in-with-xrpl/redis";
import { startTestRedisCluster } from "../test/support/redis-cluster.mjs";
import { bundleServer, REPO_ROOT, RUNTIMES_DIR } from "../test/runtimes/build.mjs";

const RUN_MS = Number(process.env.BENCH_RUN_MS ?? 1500);
const CONCURRENCY = Number(process.env.BENCH_STORE_CONCURRENCY ?? 16);
const BATCH = 500;
const WARMUP_MS = 300;
const TTL_MS = 60_000;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const RUN_ID = `${process.pid}${Date.now().toString(36)}`;
const bin = (...parts) => join(RUNTIMES_DIR, "node_modules", ...parts);

// Every nonce of the run is new: warm-up and measurement count on from one number.
let nextNonce = 0;

/** Consumes of fresh nonces for `ms`, CONCURRENCY at once; answers consumes per second. */
async function timeStore(store, ms) {
  let calls = 0;
  let wins = 0;
  const deadline = performance.now() + ms;
  const started = performance.now();
  const lane = async () => {
    while (performance.now() < deadline) {
      calls += 1;
      if (await store.consume(`bench${RUN_ID}n${nextNonce++}`, TTL_MS)) wins += 1;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  if (wins !== calls) throw new Error(`${calls - wins} of ${calls} fresh nonces were refused`);
  return calls / ((performance.now() - started) / 1000);
}

async function measureInProcess(store) {
  await timeStore(store, WARMUP_MS);
  return timeStore(store, RUN_MS);
}

/** GET on a connection of its own: workerd closes a kept-alive connection that a reused one would race. */
function getJson(url) {
  return new Promise((resolve, reject) => {
    get(url, { agent: false }, (response) => {
      let text = "";
      response.setEncoding("utf8").on("data", (chunk) => (text += chunk));
      response.on("end", () => {
        try {
          resolve(JSON.parse(text));
        } catch {
          reject(new Error(`${response.statusCode}: ${text.slice(0, 200)}`));
        }
      });
    }).on("error", reject);
  });
}

/** Batches of BATCH consumes through the app's /bench/consume route, timed from here. */
async function measureOverHttp(url, storeName) {
  const batch = async () => {
    const body = await getJson(`${url}/bench/consume?count=${BATCH}&concurrency=${CONCURRENCY}&store=${storeName}`);
    if (body.wins !== BATCH) throw new Error(`${storeName}: ${JSON.stringify(body)}`);
  };
  const warmupEnd = performance.now() + WARMUP_MS;
  while (performance.now() < warmupEnd) await batch();
  let done = 0;
  const started = performance.now();
  while (performance.now() - started < RUN_MS) {
    await batch();
    done += BATCH;
  }
  return done / ((performance.now() - started) / 1000);
}

/** Starts a server process and waits for its `LISTENING <url>` line (the first, or the one of `name`). */
async function startServer(command, args, env, name) {
  if (!existsSync(command)) throw new Error(`${command} is missing; install the runtimes with \`npm ci --prefix test/runtimes\``);
  const child = spawn(command, args, { cwd: REPO_ROOT, env: { ...process.env, ...env, NO_COLOR: "1" }, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const pattern = name === undefined ? /LISTENING (http:\/\/\S+)/ : new RegExp(`LISTENING ${name} (http://\\S+)`);
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no LISTENING line within 60 s:\n${output}`)), 60_000);
    const read = (chunk) => {
      output += chunk;
      const match = pattern.exec(output);
      if (match !== null) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    child.on("exit", (code) => reject(new Error(`exited with ${code}:\n${output}`)));
  });
  return {
    url,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill("SIGTERM")))),
  };
}

const results = [];
const notMeasured = [];

async function measure(name, run) {
  try {
    const perSecond = await run();
    results.push({ name, perSecond });
    console.log(`${name}: ${Math.round(perSecond).toLocaleString("en-US")} consumes/s`);
  } catch (error) {
    notMeasured.push({ name, reason: error instanceof Error ? error.message.split("\n")[0] : String(error) });
    console.log(`${name}: not measured (${notMeasured.at(-1).reason})`);
  }
}

// Every consumed nonce is kept for TTL_MS, as in the other stores: at this rate the default cap
// (500,000) fills within the run, and a full memory store refuses new nonces (it fails closed).
await measure("memory", () => measureInProcess(createMemoryNonceStore({ maxEntries: DEFAULT_MEMORY_STORE_MAX_ENTRIES * 8 })));

await measure("Redis", async () => {
  const client = await createClient({ url: REDIS_URL, socket: { connectTimeout: 2000, reconnectStrategy: false } })
    .on("error", () => {})
    .connect();
  try {
    return await measureInProcess(createRedisNonceStore(client, { prefix: `siwx-bench:${RUN_ID}:` }));
  } finally {
    client.destroy();
  }
});

await measure("Redis Cluster (3 masters)", async () => {
  const cluster = await startTestRedisCluster();
  if ("reason" in cluster) throw new Error(cluster.reason);
  try {
    return await measureInProcess(createRedisNonceStore(await cluster.connect(), { prefix: `siwx-bench:${RUN_ID}:` }));
  } finally {
    await cluster.stop();
  }
});

await measure("PostgreSQL", async () => {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000, max: CONCURRENCY });
  pool.on("error", () => {});
  const schema = `siwx_bench_${RUN_ID}`;
  try {
    await pool.query(`CREATE SCHEMA "${schema}"`);
    const store = createPostgresNonceStore(pool, { schema });
    await store.ready();
    return await measureInProcess(store);
  } finally {
    await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`).catch(() => {});
    await pool.end();
  }
});

const folder = await mkdtemp(join(tmpdir(), "siwx-store-bench-"));
try {
  let workerd;
  try {
    workerd = await (async () => {
      const scriptPath = await bundleServer("shared-store-worker");
      const config = join(folder, "workers.json");
      const worker = {
        name: "bench",
        scriptPath,
        bindings: { SESSION_SECRET: "x".repeat(32) },
        durableObjects: { NONCES: { className: "NonceStoreObject", useSQLite: true } },
      };
      await writeFile(config, JSON.stringify({ workers: [worker] }));
      return startServer(bin("node22", "bin", "node"), [join(RUNTIMES_DIR, "servers", "miniflare-workers.mjs"), config], {}, "bench");
    })();
  } catch (error) {
    notMeasured.push({ name: "Durable Object (workerd)", reason: error.message.split("\n")[0] });
  }
  if (workerd !== undefined) {
    await measure("Durable Object (workerd, Miniflare)", () => measureOverHttp(workerd.url, "shared"));
    await measure("memory, in the Worker (for scale)", () => measureOverHttp(workerd.url, "memory"));
    await workerd.stop();
  }

  let deno;
  try {
    const script = await bundleServer("shared-store-deno");
    deno = await startServer(
      bin(".bin", "deno"),
      ["run", "--unstable-kv", "--allow-net", "--allow-env", "--allow-read", "--allow-write", "--allow-sys", script],
      { KV_PATH: join(folder, "kv.sqlite"), SESSION_SECRET: "x".repeat(32) },
    );
  } catch (error) {
    notMeasured.push({ name: "Deno KV", reason: error.message.split("\n")[0] });
  }
  if (deno !== undefined) {
    await measure("Deno KV (local file)", () => measureOverHttp(deno.url, "shared"));
    await measure("memory, in Deno (for scale)", () => measureOverHttp(deno.url, "memory"));
    await deno.stop();
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}

const memory = results.find((result) => result.name === "memory")?.perSecond;
console.log(`\n${CONCURRENCY} consumes in flight, ${RUN_MS} ms per store, fresh nonces, TTL ${TTL_MS / 1000} s\n`);
console.log("| store | consumes/s | vs memory |\n|---|---:|---:|");
for (const { name, perSecond } of results) {
  console.log(
    `| ${name} | ${Math.round(perSecond).toLocaleString("en-US")} | ${memory === undefined ? "" : (perSecond / memory).toFixed(4)} |`,
  );
}
for (const { name, reason } of notMeasured) console.log(`| ${name} | not measured: ${reason} | |`);
console.log("");
if (memory !== undefined) {
  for (const { name, perSecond } of results) {
    if (name !== "memory") console.log(`RATIO ${name} consumes/s vs memory store: ${(perSecond / memory).toFixed(4)}`);
  }
}
