// Full sign-in flows per second through the Express example, next to two baselines on the same
// Express + express-session stack, all measured in one run.
//
// A flow is what a browser does: GET /api/auth/nonce, sign (ed25519, in this process), POST
// /api/auth/verify, GET /api/me, POST /api/auth/signout: four HTTP requests and one signature
// check on the server. Baselines, served by bench/trivial-server.mjs:
// - trivial: one route that reads and writes an existing session. The issue's literal measure
//   compares a flow with four of these plus one signature check (timed in-process with the
//   library's verifier): `RATIO flow vs trivial`.
// - bare flow: the same four requests with the same bodies, driven by the same client loop, on
//   routes that do exactly the express-session work a sign-in causes (create a session, parse
//   the body, regenerate, read, destroy) and nothing of the library. A flow costs more than four
//   trivial requests because of that session work alone, so
//   `RATIO flow vs express-session flow + signature check` isolates what the library adds.
// 1.00 in either ratio means the library adds nothing beyond its signature check.
//
// Cost per flow is 1 / throughput under CONCURRENCY clients. The machine is shared and small, so
// phases alternate in rotating order over several rounds and the best round of each phase is
// kept (foreign load only ever slows a phase down). The servers' CPU time per flow, read from
// /proc where it exists, is printed as a cross-check that does not depend on throughput.
//
// Everything runs on 127.0.0.1; the load is bounded in count and time (under a minute in all).
// Usage: npm run build && node bench/flow.bench.mjs
// FLOW_BENCH_CPU_PROF=<dir> runs both servers under `node --cpu-prof` writing into <dir> (the
// numbers of such a run are slowed by the profiler; use it to see where the time goes).
import { spawn } from "node:child_process";
import { createPrivateKey, randomBytes, sign as cryptoSign } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { resolve as resolvePath } from "node:path";
import { fileURLToPath } from "node:url";
import { deriveAddress, deriveKeypair, generateSeed, sign as keypairsSign } from "ripple-keypairs";
import { createMessage, createVerifier } from "sign-in-with-xrpl";
import { startLocalLedger } from "./local-ledger.mjs";

const CONCURRENCY = 16;
const FLOWS = 1000;
const TRIVIAL_REQUESTS = 4000;
const MIN_ROUNDS = 3;
const MAX_ROUNDS = 8;
// No new round starts after this much measuring time; with the per-phase limit below the whole
// run stays under a minute even on a badly loaded machine.
const MEASURE_BUDGET_MS = 30_000;
const PHASE_TIME_LIMIT_MS = 4_000;
const VERIFY_ITERATIONS = 1500;
const DOMAIN = "localhost";
const CPU_PROFILE_DIR = process.env.FLOW_BENCH_CPU_PROF;

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// ---------- processes ----------

function startServer(script, cwd, env) {
  const nodeArguments = CPU_PROFILE_DIR === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${resolvePath(CPU_PROFILE_DIR)}`];
  const child = spawn(process.execPath, [...nodeArguments, script], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  child.stderr.setEncoding("utf8").on("data", (chunk) => (output += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`${script} did not start:\n${output}`));
    }, 20_000);
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
      resolve({
        port: Number(match[1]),
        cpuNs: () => processCpuNs(child.pid),
        stop: () =>
          new Promise((done) => {
            stopping = true;
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
            setTimeout(() => child.kill("SIGKILL"), 5000).unref();
          }),
      });
    }, 20);
  });
}

/**
 * CPU time of a process, all threads (JS, GC helpers, libuv pool), in nanoseconds, from
 * /proc/<pid>/task/<tid>/schedstat. `undefined` where /proc does not exist (not Linux).
 */
function processCpuNs(pid) {
  let tasks;
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return undefined;
  }
  let total = 0;
  for (const task of tasks) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return total;
}

// ---------- HTTP client (keep-alive, cookie per client) ----------

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });

function call(port, method, path, options = {}) {
  // A kept-alive socket the server closed while idle (between phases) resets the first request
  // sent on it; Node's documentation says to retry such a request once, on a new socket.
  return callOnce(port, method, path, options).catch((error) =>
    error?.reusedSocket === true && error.code === "ECONNRESET" ? callOnce(port, method, path, options) : Promise.reject(error),
  );
}

function callOnce(port, method, path, { cookie, body } = {}) {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const headers = {};
    if (cookie) headers.cookie = cookie;
    if (payload !== undefined) {
      headers["content-type"] = "application/json";
      headers["content-length"] = Buffer.byteLength(payload);
    }
    const req = request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        const setCookie = res.headers["set-cookie"]?.[0];
        let parsed;
        try {
          parsed = text === "" ? {} : JSON.parse(text);
        } catch {
          // Rejected, not thrown: a throw here would end the bench and leave its servers running.
          reject(new Error(`${method} ${path}: answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
          return;
        }
        resolve({ status: res.statusCode, body: parsed, cookie: setCookie?.split(";")[0] });
      });
    });
    req.on("error", (error) => {
      error.reusedSocket = req.reusedSocket;
      reject(error);
    });
    req.setTimeout(10_000, () => req.destroy(new Error(`${method} ${path}: no answer in 10 s`)));
    req.end(payload);
  });
}

// ---------- signing (client side, node:crypto for speed) ----------

function newClientKey() {
  const { publicKey, privateKey } = deriveKeypair(generateSeed({ algorithm: "ed25519" }));
  // ripple-keypairs: "ED" + 32 bytes. PKCS#8 wrapping of a raw Ed25519 seed for node:crypto.
  const keyObject = createPrivateKey({
    key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.from(privateKey.slice(2), "hex")]),
    format: "der",
    type: "pkcs8",
  });
  return {
    address: deriveAddress(publicKey),
    publicKey,
    privateKey,
    sign: (message) => cryptoSign(null, Buffer.from(message, "utf8"), keyObject).toString("hex").toUpperCase(),
  };
}

function signInMessage(address, nonce) {
  return createMessage({
    domain: DOMAIN,
    address,
    uri: `http://${DOMAIN}`,
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date(),
    statement: "Benchmark sign-in.",
  });
}

// ---------- load ----------

function percentile(sorted, fraction) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

function median(values) {
  const sorted = values.filter((value) => value !== undefined).sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/**
 * Runs `total` jobs over `concurrency` workers, stopping early at the time limit. `server`'s CPU
 * time and this process's (the client's) are read around the load.
 */
async function runLoad(total, concurrency, makeWorker, server) {
  const latencies = [];
  let started = 0;
  const serverCpuBefore = server?.cpuNs();
  const clientCpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const deadline = startedAt + PHASE_TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      const job = makeWorker();
      while (started < total && performance.now() < deadline) {
        started += 1;
        const t0 = performance.now();
        await job();
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const elapsedMs = performance.now() - startedAt;
  const serverCpuAfter = server?.cpuNs();
  const clientCpu = process.cpuUsage(clientCpuBefore);
  latencies.sort((a, b) => a - b);
  const count = latencies.length;
  return {
    count,
    elapsedMs,
    perSecond: (count * 1000) / elapsedMs,
    costUs: (elapsedMs * 1000) / count,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    serverCpuUs:
      serverCpuBefore === undefined || serverCpuAfter === undefined ? undefined : (serverCpuAfter - serverCpuBefore) / 1000 / count,
    clientCpuUs: (clientCpu.user + clientCpu.system) / count,
  };
}

/** One full sign-in per job over `paths`: the example's routes, or the bare baseline's. */
function flowWorker(port, paths) {
  const key = newClientKey();
  return async () => {
    const nonce = await call(port, "GET", paths.nonce);
    if (nonce.status !== 200) throw new Error(`nonce: ${nonce.status} ${JSON.stringify(nonce.body)}`);
    const message = signInMessage(key.address, nonce.body.nonce);
    const proof = { message, signatureKind: "signature", signature: key.sign(message), publicKey: key.publicKey, address: key.address };
    const verified = await call(port, "POST", paths.verify, { cookie: nonce.cookie, body: proof });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
    const me = await call(port, "GET", paths.me, { cookie: verified.cookie });
    if (me.status !== 200 || me.body.address !== key.address) throw new Error(`me: ${me.status} ${JSON.stringify(me.body)}`);
    const out = await call(port, "POST", paths.signout, { cookie: verified.cookie });
    if (out.status !== 200) throw new Error(`signout: ${out.status}`);
  };
}

const EXAMPLE_PATHS = { nonce: "/api/auth/nonce", verify: "/api/auth/verify", me: "/api/me", signout: "/api/auth/signout" };
const BARE_PATHS = { nonce: "/api/bare/nonce", verify: "/api/bare/verify", me: "/api/bare/me", signout: "/api/bare/signout" };

function trivialWorker(port) {
  let cookie;
  return async () => {
    const answer = await call(port, "GET", "/api/ping", { cookie });
    if (answer.status !== 200) throw new Error(`ping: ${answer.status}`);
    cookie = answer.cookie ?? cookie;
  };
}

/** The signature check the server does once per flow, timed in this process (µs per check). */
async function createVerifyTimer(nodeUrl) {
  const verifier = createVerifier({ nodeUrl });
  const { publicKey, privateKey } = deriveKeypair(generateSeed({ algorithm: "ed25519" }));
  const address = deriveAddress(publicKey);
  const message = signInMessage(address, randomBytes(16).toString("hex"));
  const proof = {
    message,
    signatureKind: "signature",
    signature: keypairsSign(Buffer.from(message).toString("hex"), privateKey),
    publicKey,
    address,
  };
  for (let index = 0; index < 200; index += 1) await verifier.verify(proof);
  return {
    async timeUs() {
      const t0 = performance.now();
      for (let index = 0; index < VERIFY_ITERATIONS; index += 1) {
        if ((await verifier.verify(proof)) !== true) throw new Error("the reference signature did not verify");
      }
      return ((performance.now() - t0) * 1000) / VERIFY_ITERATIONS;
    },
    close: () => verifier.close(),
  };
}

// ---------- run ----------

// A master key's sign-in asks the ledger whether the account disabled the key (each client's
// address once, then the answer is reused for 30 s): the mock rippled answers on 127.0.0.1.
const ledger = await startLocalLedger();
const secret = randomBytes(32).toString("hex");
const example = await startServer("server.mjs", here("../examples/express/"), {
  PORT: "0",
  HOST: "127.0.0.1",
  SESSION_SECRET: secret,
  XRPL_NODE_URL: ledger.url,
  APP_DOMAIN: DOMAIN,
  NONCE_RATE_LIMIT: String(1_000_000),
  NODE_ENV: "development",
});
const trivial = await startServer("trivial-server.mjs", here("./"), {
  PORT: "0",
  SESSION_SECRET: secret,
  NONCE_RATE_LIMIT: String(1_000_000),
  NODE_ENV: "development",
}).catch(async (error) => {
  // Leave no example server behind.
  await example.stop();
  await ledger.stop();
  throw error;
});

const phases = [
  {
    key: "trivial",
    label: "trivial request (session r/w)",
    unit: "req/s",
    total: TRIVIAL_REQUESTS,
    server: trivial,
    worker: () => trivialWorker(trivial.port),
  },
  {
    key: "bare",
    label: "bare flow (express-session only)",
    unit: "flows/s",
    total: FLOWS,
    server: trivial,
    worker: () => flowWorker(trivial.port, BARE_PATHS),
  },
  {
    key: "flow",
    label: "sign-in flow (example + library)",
    unit: "flows/s",
    total: FLOWS,
    server: example,
    worker: () => flowWorker(example.port, EXAMPLE_PATHS),
  },
];

let failed = false;
let verifyTimer;
try {
  verifyTimer = await createVerifyTimer(ledger.url);
  // Warm-up: JIT, sockets, session stores, rate limiter.
  for (const phase of phases) await runLoad(phase.key === "trivial" ? 400 : 150, CONCURRENCY, phase.worker, phase.server);

  const rounds = [];
  const measureStartedAt = performance.now();
  while (rounds.length < MAX_ROUNDS && (rounds.length < MIN_ROUNDS || performance.now() - measureStartedAt < MEASURE_BUDGET_MS)) {
    // Rotating order, so no phase always runs right after the same other one.
    const round = {};
    for (let index = 0; index < phases.length; index += 1) {
      const phase = phases[(index + rounds.length) % phases.length];
      round[phase.key] = await runLoad(phase.total, CONCURRENCY, phase.worker, phase.server);
    }
    round.verifyUs = await verifyTimer.timeUs();
    rounds.push(round);
  }
  const measuredSeconds = (performance.now() - measureStartedAt) / 1000;

  const best = {};
  for (const { key } of phases) best[key] = rounds.map((round) => round[key]).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));
  const verifyUs = Math.min(...rounds.map((round) => round.verifyUs));

  const flowUs = best.flow.costUs;
  const bareUs = best.bare.costUs;
  const trivialUs = best.trivial.costUs;
  const ratioTrivial = flowUs / (4 * trivialUs + verifyUs);
  const ratioBare = flowUs / (bareUs + verifyUs);
  const roundRatios = rounds.map((round) => round.flow.costUs / (round.bare.costUs + round.verifyUs)).sort((a, b) => a - b);

  // Server CPU per flow, median over rounds: a cross-check that ignores idle time and the client.
  const cpu = {};
  for (const { key } of phases) cpu[key] = median(rounds.map((round) => round[key].serverCpuUs));
  const clientCpu = {};
  for (const { key } of phases) clientCpu[key] = median(rounds.map((round) => round[key].clientCpuUs));

  const us = (value) => (value === undefined ? "n/a" : value.toFixed(0));
  const row = (phase, result) =>
    `${phase.label.padEnd(34)} ${result.count.toString().padStart(6)} ${`${result.perSecond.toFixed(0)} ${phase.unit}`.padStart(14)} ${result.p50.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)} ${us(result.costUs).padStart(9)} ${us(cpu[phase.key]).padStart(10)} ${us(clientCpu[phase.key]).padStart(10)}`;
  console.log(
    `Express example, ${CONCURRENCY} concurrent clients, 127.0.0.1, best of ${rounds.length} alternating rounds in ${measuredSeconds.toFixed(1)} s (node ${process.version})`,
  );
  console.log(
    `${"".padEnd(34)} ${"count".padStart(6)} ${"throughput".padStart(14)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"cost us".padStart(9)} ${"server CPU".padStart(10)} ${"client CPU".padStart(10)}`,
  );
  for (const phase of phases) console.log(row(phase, best[phase.key]));
  console.log("(cost us: 1 / throughput; server and client CPU: us per request or flow, median of rounds)");
  console.log("");
  console.log(`signature check (createVerifier, ed25519):        ${verifyUs.toFixed(1)} us (best of ${rounds.length})`);
  console.log(`cost per flow:                                    ${flowUs.toFixed(0)} us`);
  console.log(`4 trivial requests + 1 check:                     ${(4 * trivialUs + verifyUs).toFixed(0)} us`);
  console.log(`bare express-session flow + 1 check:              ${(bareUs + verifyUs).toFixed(0)} us`);
  console.log(`per-round flow / (bare flow + check):             ${roundRatios.map((ratio) => ratio.toFixed(2)).join(" ")}`);
  console.log(
    `library overhead per flow: ${(flowUs - bareUs - verifyUs).toFixed(0)} us = flow ${flowUs.toFixed(0)} - bare flow ${bareUs.toFixed(0)} - signature check ${verifyUs.toFixed(0)} (throughput)` +
      (cpu.flow === undefined || cpu.bare === undefined
        ? ""
        : `; ${(cpu.flow - cpu.bare - verifyUs).toFixed(0)} us = ${cpu.flow.toFixed(0)} - ${cpu.bare.toFixed(0)} - ${verifyUs.toFixed(0)} (server CPU)`),
  );
  console.log(`RATIO flow vs trivial: ${ratioTrivial.toFixed(2)}`);
  console.log(`RATIO flow vs express-session flow + signature check: ${ratioBare.toFixed(2)}`);
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  agent.destroy();
  await verifyTimer?.close();
  await Promise.all([example.stop(), trivial.stop()]);
  await ledger.stop();
}
process.exitCode = failed ? 1 : 0;
