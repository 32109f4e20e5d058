/**
 * A real Redis Cluster of three masters on loopback, started by the tests and the store benchmark
 * and torn down after: three `redis-server --cluster-enabled yes` on free ports (client and
 * cluster-bus ports both picked free), joined with `redis-cli --cluster create ... --cluster-yes`,
 * in a temporary folder that holds their node files. Nothing is saved to disk. Plain JavaScript
 * (types in redis-cluster.d.mts), so bench/stores.bench.mjs starts the same cluster.
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createCluster } from "redis";

const MASTERS = 3;

/** A port nothing listens on right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** A connected node-redis cluster client that gives up at once when a node is gone. */
function connectCluster(nodeUrls) {
  return createCluster({
    rootNodes: nodeUrls.map((url) => ({ url })),
    defaults: { socket: { connectTimeout: 2000, reconnectStrategy: false } },
  })
    .on("error", () => {})
    .connect();
}

/** Whether `command` runs here (it answers `--version`). */
function available(command) {
  return spawnSync(command, ["--version"], { stdio: "ignore" }).status === 0;
}

function run(command, args) {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 30_000 });
  return { status: result.status, output: `${result.stdout ?? ""}${result.stderr ?? ""}` };
}

async function waitFor(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Redis Cluster: ${what} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Starts the cluster, or answers why it cannot (redis-server or redis-cli missing). Under CI the
 * caller must fail on a reason.
 */
export async function startTestRedisCluster() {
  for (const command of ["redis-server", "redis-cli"]) {
    if (!available(command)) return { reason: `${command} is not installed (apt-get install -y redis-server)` };
  }
  const dir = await mkdtemp(join(tmpdir(), "siwx-redis-cluster-"));
  const servers = [];
  const clients = [];
  const stop = async () => {
    await Promise.all(clients.map((client) => client.close().catch(() => {})));
    await Promise.all(
      servers.map(
        (server) =>
          new Promise((resolve) => {
            if (server.exitCode !== null || server.signalCode !== null) return resolve();
            server.once("exit", () => resolve());
            server.kill("SIGKILL");
          }),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  };
  try {
    const ports = [];
    for (let index = 0; index < MASTERS; index += 1) {
      const port = await freePort();
      const busPort = await freePort();
      ports.push(port);
      const options = {
        port,
        "cluster-port": busPort,
        bind: "127.0.0.1",
        "cluster-enabled": "yes",
        "cluster-config-file": join(dir, `nodes-${port}.conf`),
        "cluster-node-timeout": 5000,
        dir,
        save: "",
        appendonly: "no",
      };
      const args = Object.entries(options).flatMap(([name, value]) => [`--${name}`, String(value)]);
      servers.push(spawn("redis-server", args, { stdio: "ignore" }));
    }
    for (const port of ports) {
      await waitFor(
        `port ${port} did not answer PING`,
        () => run("redis-cli", ["-p", String(port), "ping"]).output.includes("PONG"),
        10_000,
      );
    }
    const nodes = ports.map((port) => `127.0.0.1:${port}`);
    const created = run("redis-cli", ["--cluster", "create", ...nodes, "--cluster-replicas", "0", "--cluster-yes"]);
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed:\n${created.output}`);
    for (const port of ports) {
      await waitFor(
        `node ${port} did not report cluster_state:ok`,
        () => run("redis-cli", ["-p", String(port), "cluster", "info"]).output.includes("cluster_state:ok"),
        20_000,
      );
    }
    const nodeUrls = ports.map((port) => `redis://127.0.0.1:${port}`);
    return {
      nodeUrls,
      async connect() {
        const client = await connectCluster(nodeUrls);
        clients.push(client);
        return client;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
