// Full sign-in flows against a ceiling, paired: what the library costs a server on top of the
// same HTTP round trips and the one signature check any sign-in needs.
//
// A flow is what a browser does, with a new account every time (a key pair the server has never
// seen): GET nonce, sign (in this process), POST verify, GET me, POST sign-out. Four targets,
// each against the ceiling that does the same four round trips and one raw signature check in
// the server, and nothing else (bench/flow/):
// - the Express example (server-store sessions)   vs Express + express-session (ceiling-express.mjs)
// - the Hono example (sealed cookie)               vs node:http + a plain cookie (ceiling-node-http.mjs)
// - createFetchHandler on Node (@hono/node-server) vs node:http + a plain cookie
// - createFetchHandler on Bun (Bun.serve)          vs Bun.serve + a plain cookie (ceiling-bun.mjs)
// for both curves and both proof kinds (compact signature, signed transaction). Beside the
// targets, the Hono example and the fetch handler on Node also run against the same plain-cookie
// routes on their own stack (ceiling-hono.mjs: a Hono app with the example's rate limit;
// ceiling-fetch-node.mjs: a fetch function; both on @hono/node-server), in the same rounds: what
// that stack costs over node:http, and what the library costs on top of it. Our servers read
// the ledger node the bench starts on 127.0.0.1 (the tests' mock rippled): a master-key sign-in
// asks it whether the account disabled its master key, a signed transaction asks for the
// account's keys; with a new account per flow every sign-in pays that look-up. The ceilings ask
// no ledger.
//
// Method: paired rounds. Each round runs both sides back to back for the same time, ours first in
// one round and the ceiling first in the next (A,B then B,A), so a slow moment of the shared
// machine lands on one round's pair rather than on one side. Per round: the throughput ratio
// (ours / ceiling, higher is better) and the server-CPU ratio (ours / ceiling, per flow, lower is
// better); the answer is the median of the per-round ratios, with their min-max. Server CPU is
// read from the server process itself (/proc/<pid>/stat: user and system time of every thread,
// ended ones included), never from the client. TARGET lines say whether each target is met; nothing here is asserted by a test.
//
// Two configurations of ours, each a row of its own: the default verifier (a master-key sign-in
// asks the ledger whether the key is disabled), and, labelled `ledger: "never"`, a verifier whose
// compact signatures skip that look-up (compactSignature({ ledger: "never" }): for apps that
// accept that a disabled master key still signs in). Signed transactions always read the ledger,
// so the "never" rows are the message-signature variants only.
//
// Usage: npm run build && node bench/flow.bench.mjs
// Env: FLOW_BENCH_TARGETS=express,hono,fetch-node,fetch-bun (default all); FLOW_BENCH_ROUNDS (6);
// FLOW_BENCH_PHASE_MS (1200, per side per round); FLOW_BENCH_WARM_UP_MS (2000: one warm-up slice,
// per side per variant, before any round; slices are repeated until the server's CPU per flow
// stops falling: steady state, every function compiled, whatever the machine's speed; at most
// FLOW_BENCH_WARM_UP_SLICES, 12); FLOW_BENCH_LEDGER=default,never
// (both rows by default); FLOW_BENCH_VARIANTS=all|primary (all);
// FLOW_BENCH_CONCURRENCY=<n> measures every variant at that concurrency only;
// FLOW_BENCH_CPU_PROF=<dir> runs the Node servers under --cpu-prof (slower; to see where time goes);
// FLOW_BENCH_STALL_MS (60000): a run in which no flow finishes for that long stops, says where it
// was and in what state its processes are, and exits with 1 (it never waits forever).
// The ledger node runs in a process of its own (bench/flow/ledger-node.mjs), so whatever holds up
// this client does not hold up the servers' ledger look-ups too.
// Bun comes from test/runtimes (npm ci --prefix test/runtimes); without it the Bun target is not measured.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { stopChildProcess } from "./child-process.mjs";
import { createHttpClient, DOMAIN, runFlow } from "./flow/client.mjs";
import { warmUpUntilSteady } from "./steady-state.mjs";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const ROUNDS = Number(process.env.FLOW_BENCH_ROUNDS ?? 6);
const PHASE_MS = Number(process.env.FLOW_BENCH_PHASE_MS ?? 1200);
const WARM_UP_MS = Number(process.env.FLOW_BENCH_WARM_UP_MS ?? 2000);
const WARM_UP_MAX_SLICES = Number(process.env.FLOW_BENCH_WARM_UP_SLICES ?? 12);
const LEDGER_MODES = (process.env.FLOW_BENCH_LEDGER ?? "default,never").split(",").map((mode) => mode.trim());
for (const mode of LEDGER_MODES)
  if (mode !== "default" && mode !== "never") throw new Error(`FLOW_BENCH_LEDGER: "${mode}" is not default or never`);
const CPU_PROFILE_DIR = process.env.FLOW_BENCH_CPU_PROF;
const STALL_MS = Number(process.env.FLOW_BENCH_STALL_MS ?? 60_000);
const BUN = here("../test/runtimes/node_modules/.bin/bun");
/** USER_HZ: the unit of /proc/<pid>/stat's times (100 on Linux; getconf CLK_TCK). */
const CLOCK_TICKS_PER_SECOND = 100;
/** The concurrency the targets are stated at. */
const TARGET_CONCURRENCY = 8;

const EXPRESS_PATHS = { nonce: "/api/auth/nonce", verify: "/api/auth/verify", me: "/api/me", signout: "/api/auth/signout" };
const FETCH_PATHS = { nonce: "/api/auth/nonce", verify: "/api/auth/verify", me: "/api/auth/me", signout: "/api/auth/signout" };

const secret = randomBytes(32).toString("hex");
const exampleEnv = (ledgerUrl) => ({
  PORT: "0",
  HOST: "127.0.0.1",
  SESSION_SECRET: secret,
  XRPL_NODE_URL: ledgerUrl,
  APP_DOMAIN: DOMAIN,
  NONCE_RATE_LIMIT: String(1_000_000_000),
  NODE_ENV: "development",
});

const TARGETS = [
  {
    key: "express",
    label: "Express example (server-store)",
    ceilingLabel: "Express + express-session",
    ours: { runtime: "node", script: here("../examples/express/server.mjs"), cwd: here("../examples/express/") },
    oursLedgerNever: { runtime: "node", script: here("./flow/example-ledger-never.mjs"), args: ["express"], cwd: here("./flow/") },
    ceiling: { runtime: "node", script: here("./flow/ceiling-express.mjs"), cwd: here("./flow/") },
    oursPaths: EXPRESS_PATHS,
    ceilingPaths: EXPRESS_PATHS,
    goals: { cpu: 1.15 },
  },
  {
    key: "hono",
    label: "Hono example (sealed cookie)",
    ceilingLabel: "node:http + a plain cookie",
    ours: { runtime: "node", script: here("../examples/hono/server.mjs"), cwd: here("../examples/hono/") },
    oursLedgerNever: { runtime: "node", script: here("./flow/example-ledger-never.mjs"), args: ["hono"], cwd: here("./flow/") },
    ceiling: { runtime: "node", script: here("./flow/ceiling-node-http.mjs"), cwd: here("./flow/") },
    stackCeiling: { runtime: "node", script: here("./flow/ceiling-hono.mjs"), cwd: here("./flow/") },
    stackCeilingLabel: "the same routes in a Hono app (the example's rate limit) on @hono/node-server",
    // The example's own protected route reads the session with getSession.
    oursPaths: EXPRESS_PATHS,
    ceilingPaths: EXPRESS_PATHS,
    goals: { cpu: 1.5, throughput: 0.6 },
  },
  {
    key: "fetch-node",
    label: "createFetchHandler on Node",
    ceilingLabel: "node:http + a plain cookie",
    ours: { runtime: "node", script: here("./flow/fetch-handler-server.mjs"), cwd: here("./flow/") },
    oursLedgerNever: {
      runtime: "node",
      script: here("./flow/fetch-handler-server.mjs"),
      env: { FLOW_LEDGER: "never" },
      cwd: here("./flow/"),
    },
    ceiling: { runtime: "node", script: here("./flow/ceiling-node-http.mjs"), cwd: here("./flow/") },
    stackCeiling: { runtime: "node", script: here("./flow/ceiling-fetch-node.mjs"), cwd: here("./flow/") },
    stackCeilingLabel: "the same routes as a fetch function on @hono/node-server",
    oursPaths: FETCH_PATHS,
    ceilingPaths: FETCH_PATHS,
    goals: { cpu: 1.5, throughput: 0.6 },
  },
  {
    key: "fetch-bun",
    label: "createFetchHandler on Bun",
    ceilingLabel: "Bun.serve + a plain cookie",
    ours: { runtime: "bun", script: here("./flow/fetch-handler-server.mjs"), cwd: here("./flow/") },
    oursLedgerNever: {
      runtime: "bun",
      script: here("./flow/fetch-handler-server.mjs"),
      env: { FLOW_LEDGER: "never" },
      cwd: here("./flow/"),
    },
    ceiling: { runtime: "bun", script: here("./flow/ceiling-bun.mjs"), cwd: here("./flow/") },
    oursPaths: FETCH_PATHS,
    ceilingPaths: FETCH_PATHS,
    goals: { cpu: 1.5, throughput: 0.6 },
  },
];

const ALL_VARIANTS = [
  { label: "ed25519 signature", algorithm: "ed25519", kind: "signature", concurrencies: [1, 8, 32] },
  { label: "secp256k1 signature", algorithm: "secp256k1", kind: "signature", concurrencies: [8] },
  { label: "ed25519 signedTx", algorithm: "ed25519", kind: "signedTx", concurrencies: [8] },
  { label: "secp256k1 signedTx", algorithm: "secp256k1", kind: "signedTx", concurrencies: [8] },
];
const ONLY_CONCURRENCY = process.env.FLOW_BENCH_CONCURRENCY === undefined ? undefined : Number(process.env.FLOW_BENCH_CONCURRENCY);
const VARIANTS = (process.env.FLOW_BENCH_VARIANTS === "primary" ? ALL_VARIANTS.slice(0, 1) : ALL_VARIANTS).map((variant) =>
  ONLY_CONCURRENCY === undefined ? variant : { ...variant, concurrencies: [ONLY_CONCURRENCY] },
);
const wantedTargets = process.env.FLOW_BENCH_TARGETS?.split(",").map((name) => name.trim());
const targets = wantedTargets === undefined ? TARGETS : TARGETS.filter((target) => wantedTargets.includes(target.key));

// ---------- processes ----------

function startServer({ runtime, script, cwd, args = [], env: ownEnv = {} }, env) {
  const profile =
    runtime === "node" && CPU_PROFILE_DIR !== undefined
      ? ["--cpu-prof", "--cpu-prof-interval=100", `--cpu-prof-dir=${resolvePath(CPU_PROFILE_DIR)}`]
      : [];
  const command = runtime === "bun" ? BUN : process.execPath;
  const child = spawn(command, [...profile, script, ...args], {
    cwd,
    env: { ...process.env, ...env, ...ownEnv },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  children.add({ child, name: script, output: () => output });
  child.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not start:\n${output}`));
    }, 30_000);
    child.on("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`${script} exited with ${code}:\n${output}`));
    });
    const poll = setInterval(() => {
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match === null) return;
      clearInterval(poll);
      clearTimeout(timer);
      child.removeAllListeners("exit");
      let stopping = false;
      // A server that dies mid-run shows up as ECONNREFUSED in the client: say why it died.
      child.on("exit", (code, signal) => {
        if (!stopping) console.error(`${script} exited during the run (${code ?? signal}):\n${output}`);
      });
      const server = {
        /** Keep-alive clients by concurrency (clientOf), closed when the server stops. */
        clients: new Map(),
        port: Number(match[1]),
        banner: output
          .split("\n")
          .find((line) => /listening on/.test(line))
          ?.trim(),
        cpu: () => processCpuNs(child.pid),
        output: () => output,
        stop: () => {
          stopping = true;
          for (const http of server.clients.values()) http.close();
          return stopChildProcess(child);
        },
      };
      resolve(server);
    }, 20);
  });
}

/**
 * CPU time of a process (every thread, those that have ended included), `{ userNs, systemNs }`,
 * from /proc/<pid>/stat; undefined without /proc. Clock ticks of 10 ms: a phase's reading is
 * within about 2% at the phase lengths used here.
 */
function processCpuNs(pid) {
  let stat;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // Fields after the command name (which may hold spaces), from field 3 on: utime is field 14, stime 15.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { userNs: Number(fields[11]) * (1e9 / CLOCK_TICKS_PER_SECOND), systemNs: Number(fields[12]) * (1e9 / CLOCK_TICKS_PER_SECOND) };
}

// ---------- load ----------

const median = (values) => {
  const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/**
 * The keep-alive client of a server at a concurrency, made once and kept for the whole run, as a
 * server's browsers keep their connections: opening new ones at every phase, and closing them all
 * at its end, made the server's JIT throw away and recompile its connection code after every
 * phase, which is not the steady state of a server (the compiler threads then took more CPU per
 * flow than some of the parts measured here).
 */
function clientOf(server, concurrency) {
  let http = server.clients.get(concurrency);
  if (http === undefined) {
    http = createHttpClient(concurrency);
    server.clients.set(concurrency, http);
  }
  return http;
}

/** Flows by `concurrency` clients for `durationMs`; the server's CPU read around it. */
async function runPhase(server, paths, variant, concurrency, durationMs, what) {
  progress(`${what}, ${variant.label}, c=${concurrency}, against ${server.banner ?? `port ${server.port}`}`);
  const http = clientOf(server, concurrency);
  const latencies = [];
  const cpuBefore = server.cpu();
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < deadline) {
        const t0 = performance.now();
        await runFlow(http, server.port, paths, variant);
        latencies.push(performance.now() - t0);
        progress();
      }
    }),
  );
  const elapsedMs = performance.now() - startedAt;
  const cpuAfter = server.cpu();
  latencies.sort((a, b) => a - b);
  const perFlowUs = (field) =>
    cpuBefore === undefined || cpuAfter === undefined ? NaN : (cpuAfter[field] - cpuBefore[field]) / 1000 / latencies.length;
  return {
    flows: latencies.length,
    perSecond: (latencies.length * 1000) / elapsedMs,
    p50Ms: latencies[latencies.length >> 1],
    serverCpuUs: perFlowUs("userNs") + perFlowUs("systemNs"),
    serverUserUs: perFlowUs("userNs"),
    serverSystemUs: perFlowUs("systemNs"),
  };
}

/** Warm-up slices of WARM_UP_MS until the server's CPU per flow stops falling (steady-state.mjs). */
function warmUp(server, paths, variant, concurrency, side) {
  return warmUpUntilSteady(
    async (slice) => (await runPhase(server, paths, variant, concurrency, WARM_UP_MS, `warm-up slice ${slice}, ${side}`)).serverCpuUs,
    WARM_UP_MAX_SLICES,
  );
}

/** Paired rounds of one variant at one concurrency: per-round ratios, their median and range. */
async function measure(target, servers, variant, concurrency) {
  const rounds = [];
  const sides = sidesOf(servers);
  for (let round = 0; round < ROUNDS; round += 1) {
    const result = {};
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const paths = side === "ours" ? target.oursPaths : target.ceilingPaths;
      result[side] = await runPhase(servers[side], paths, variant, concurrency, PHASE_MS, `round ${round + 1} of ${ROUNDS}, ${side}`);
    }
    rounds.push(result);
  }
  const summary = (values) => ({ median: median(values), min: Math.min(...values), max: Math.max(...values) });
  const ratio = (of, to, field) => summary(rounds.map((round) => round[of][field] / round[to][field]));
  const medians = (side) => ({
    perSecond: median(rounds.map((r) => r[side].perSecond)),
    cpuUs: median(rounds.map((r) => r[side].serverCpuUs)),
    userUs: median(rounds.map((r) => r[side].serverUserUs)),
    systemUs: median(rounds.map((r) => r[side].serverSystemUs)),
    p50Ms: median(rounds.map((r) => r[side].p50Ms)),
  });
  return {
    variant,
    concurrency,
    throughput: ratio("ours", "ceiling", "perSecond"),
    cpu: ratio("ours", "ceiling", "serverCpuUs"),
    ours: medians("ours"),
    ceiling: medians("ceiling"),
    // Beside the target: ours against the ceiling's routes on our stack, and that stack against the ceiling.
    stack:
      servers.stack === undefined
        ? undefined
        : {
            ...medians("stack"),
            oursCpu: ratio("ours", "stack", "serverCpuUs"),
            oursThroughput: ratio("ours", "stack", "perSecond"),
            cpuOfCeiling: ratio("stack", "ceiling", "serverCpuUs"),
          },
  };
}

/** The sides a round runs: ours, the target's ceiling, and the same-stack ceiling where the target has one. */
function sidesOf(servers) {
  return servers.stack === undefined ? ["ours", "ceiling"] : ["ours", "ceiling", "stack"];
}

// ---------- report ----------

const x = (value) => `${value.toFixed(2)}x`;
const range = ({ median: mid, min, max }) => `${x(mid)} [${min.toFixed(2)}-${max.toFixed(2)}]`;

/** How a configuration of ours is named in the tables and TARGET lines. */
const modeLabel = (mode) => (mode === "never" ? ', ledger: "never"' : "");

function printTable(target, mode, results) {
  console.log(
    `\n${target.label}${mode === "never" ? ' with compactSignature({ ledger: "never" })' : " (default verifier)"} vs ${target.ceilingLabel}: ${ROUNDS} paired rounds of ${PHASE_MS} ms per side`,
  );
  const header = [
    "variant".padEnd(20),
    "c".padStart(3),
    "ours flows/s".padStart(13),
    "ceiling".padStart(9),
    "throughput ours/ceiling".padStart(25),
    "server CPU us/flow (user+sys)".padStart(30),
    "ceiling".padStart(16),
    "CPU ours/ceiling".padStart(22),
    "p50 ms".padStart(8),
  ];
  console.log(header.join(" "));
  const cpu = (side) => `${side.cpuUs.toFixed(0)} (${side.userUs.toFixed(0)}+${side.systemUs.toFixed(0)})`;
  for (const result of results) {
    console.log(
      [
        result.variant.label.padEnd(20),
        String(result.concurrency).padStart(3),
        result.ours.perSecond.toFixed(0).padStart(13),
        result.ceiling.perSecond.toFixed(0).padStart(9),
        range(result.throughput).padStart(25),
        cpu(result.ours).padStart(30),
        cpu(result.ceiling).padStart(16),
        range(result.cpu).padStart(22),
        result.ours.p50Ms.toFixed(1).padStart(8),
      ].join(" "),
    );
  }
  console.log(
    "(ratios: median of the per-round ratios [min-max]; server CPU: every thread of the server process, user + system, median of rounds)",
  );
  for (const result of results) {
    const { stack } = result;
    if (stack === undefined) continue;
    console.log(
      `  ${result.variant.label}, c=${result.concurrency}, beside the target: ${target.stackCeilingLabel} ${cpu(stack)} µs/flow, ${range(stack.cpuOfCeiling)} of the ceiling's CPU; ours / it: server CPU ${range(stack.oursCpu)}, throughput ${range(stack.oursThroughput)}`,
    );
  }
}

function printTargets(target, mode, results) {
  for (const result of results) {
    if (result.concurrency === TARGET_CONCURRENCY) {
      const parts = [
        `server CPU per flow <= ${target.goals.cpu}x: ${range(result.cpu)} ${result.cpu.median <= target.goals.cpu ? "met" : "NOT MET"}`,
      ];
      if (target.goals.throughput !== undefined) {
        parts.push(
          `throughput >= ${target.goals.throughput}x: ${range(result.throughput)} ${result.throughput.median >= target.goals.throughput ? "met" : "NOT MET"}`,
        );
      }
      console.log(
        `TARGET ${target.label}${modeLabel(mode)}, ${result.variant.label}, c=${TARGET_CONCURRENCY}, vs ${target.ceilingLabel}: ${parts.join("; ")}`,
      );
    }
  }
  for (const result of results) {
    if (result.variant !== VARIANTS[0]) continue;
    console.log(
      `RATIO ${target.label}${modeLabel(mode)} / ${target.ceilingLabel}, ${result.variant.label}, c=${result.concurrency}: throughput ${result.throughput.median.toFixed(2)}, server CPU per flow ${result.cpu.median.toFixed(2)}`,
    );
    if (result.stack !== undefined && result.concurrency === TARGET_CONCURRENCY) {
      console.log(
        `RATIO ${target.label}${modeLabel(mode)} / ${target.stackCeilingLabel}, ${result.variant.label}, c=${result.concurrency}: server CPU per flow ${result.stack.oursCpu.median.toFixed(2)} (that stack alone: ${result.stack.cpuOfCeiling.median.toFixed(2)} of ${target.ceilingLabel})`,
      );
    }
  }
}

// ---------- watchdog ----------

/** Every process this run started, so a stalled run can say how each one is and stop them all. */
const children = new Set();
let stage = "starting the ledger node";
let lastProgressAt = performance.now();

/** A flow finished (or a new stage began, named by `what`): the run is moving. */
function progress(what) {
  lastProgressAt = performance.now();
  if (what !== undefined) stage = what;
}

/** The state letter of /proc/<pid>/stat: R running, S sleeping, T stopped, Z gone; "?" without /proc. */
function processState(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
  } catch {
    return "?";
  }
}

// Every await of the run ends by itself (each HTTP request has its time limit, each server's
// start too): this catches what none of them does, and says what the run was waiting for.
const watchdog = setInterval(() => {
  const stalledMs = performance.now() - lastProgressAt;
  if (stalledMs < STALL_MS) return;
  clearInterval(watchdog);
  const lines = [`flow bench: no progress for ${Math.round(stalledMs / 1000)} s during: ${stage}. Stopping.`];
  for (const { child, name, output } of children) {
    if (child.exitCode !== null || child.signalCode !== null) continue;
    const state = processState(child.pid);
    lines.push(`  ${name} (pid ${child.pid}): state ${state}${state === "T" ? " (stopped: SIGSTOP, Ctrl-Z or a terminal signal)" : ""}`);
    const tail = output().trim().split("\n").slice(-5).join("\n    ");
    if (tail !== "") lines.push(`    ${tail}`);
  }
  console.error(lines.join("\n"));
  for (const { child } of children) {
    child.kill("SIGCONT");
    child.kill("SIGKILL");
  }
  process.exit(1);
}, 1000);
watchdog.unref();

/** The mock rippled in its own process (bench/flow/ledger-node.mjs): `{ url, stop }`. */
async function startLedgerNode() {
  const script = here("./flow/ledger-node.mjs");
  // stdin stays open while this process lives: the node ends with it, however this run ends.
  const child = spawn(process.execPath, [script], { stdio: ["pipe", "pipe", "pipe"] });
  let output = "";
  children.add({ child, name: script, output: () => output });
  child.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the ledger node did not start within 60 s:\n${output}`)), 60_000);
    const poll = setInterval(() => {
      const match = /listening on (ws:\/\/\S+)/.exec(output);
      if (match === null) return;
      clearInterval(poll);
      clearTimeout(timer);
      resolve(match[1]);
    }, 20);
    child.once("exit", (code) => {
      clearInterval(poll);
      clearTimeout(timer);
      reject(new Error(`the ledger node exited with ${code} before it listened:\n${output}`));
    });
  });
  let stopping = false;
  child.once("exit", (code, signal) => {
    if (!stopping) console.error(`the ledger node exited during the run (${code ?? signal}):\n${output}`);
  });
  return {
    url,
    pid: child.pid,
    stop: () => {
      stopping = true;
      return stopChildProcess(child);
    },
  };
}

// ---------- run ----------

const ledger = await startLedgerNode();
let failed = false;
console.log(
  `Full sign-in flows, a new account per flow, client and servers on 127.0.0.1, ledger node: the mock rippled on 127.0.0.1 in a process of its own (node ${process.version})`,
);
try {
  for (const target of targets) {
    if ((target.ours.runtime === "bun" || target.ceiling.runtime === "bun") && !existsSync(BUN)) {
      console.log(`\n${target.label}: not measured, Bun is not installed (npm ci --prefix test/runtimes)`);
      console.log(`TARGET ${target.label}: NOT MEASURED (Bun is not installed: npm ci --prefix test/runtimes)`);
      continue;
    }
    const env = exampleEnv(ledger.url);
    const servers = {};
    try {
      progress(`starting ${target.ceiling.script}`);
      servers.ceiling = await startServer(target.ceiling, env);
      if (target.stackCeiling !== undefined) {
        progress(`starting ${target.stackCeiling.script}`);
        servers.stack = await startServer(target.stackCeiling, env);
      }
      for (const mode of LEDGER_MODES) {
        // Signed transactions read the ledger whatever the compact strategy's mode.
        const variants = mode === "never" ? VARIANTS.filter((variant) => variant.kind === "signature") : VARIANTS;
        progress(`starting ${(mode === "never" ? target.oursLedgerNever : target.ours).script}`);
        servers.ours = await startServer(mode === "never" ? target.oursLedgerNever : target.ours, env);
        try {
          console.log(
            `\n${servers.ours.banner}\n${servers.ceiling.banner}${servers.stack === undefined ? "" : `\n${servers.stack.banner}`}`,
          );
          // Warm-up: JIT (every function compiled, so rounds measure the steady state), sockets,
          // the verifier's ledger connection, for every variant; every concurrency's clients are
          // opened here, so no round pays for new connections.
          for (const variant of variants) {
            for (const concurrency of variant.concurrencies) {
              const slices = [];
              for (const side of sidesOf(servers)) {
                const paths = side === "ours" ? target.oursPaths : target.ceilingPaths;
                slices.push(`${side} ${(await warmUp(servers[side], paths, variant, concurrency, side)).join(" ")}`);
              }
              console.log(
                `warm-up, ${variant.label}, c=${concurrency}: server CPU us/flow per slice of ${WARM_UP_MS} ms, ${slices.join("; ")}`,
              );
            }
          }
          const results = [];
          for (const variant of variants) {
            for (const concurrency of variant.concurrencies) results.push(await measure(target, servers, variant, concurrency));
          }
          printTable(target, mode, results);
          printTargets(target, mode, results);
        } finally {
          await servers.ours.stop();
          servers.ours = undefined;
        }
      }
    } finally {
      await Promise.all([servers.ours?.stop(), servers.ceiling?.stop(), servers.stack?.stop()]);
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
  // What the processes said last (a server logs why its ledger look-ups failed).
  for (const { name, output } of children) {
    const tail = output().trim().split("\n").slice(-8).join("\n  ");
    if (tail !== "") console.error(`${name}, last output:\n  ${tail}`);
  }
} finally {
  progress("stopping the ledger node");
  await ledger.stop();
  clearInterval(watchdog);
}
process.exitCode = failed ? 1 : 0;
