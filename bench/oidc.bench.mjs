// Full authorizations per second through the OpenID Provider example, next to oidc-provider alone
// with a password-less stub login on the same Express stack (bench/oidc-stub-server.mjs: the same
// security headers, its login rate limited as the example's verify), all in one run.
//
// An authorization is what a browser and a relying party do for one sign-in. Two shapes, each
// measured on both sides:
// - the JSON flow (what a wallet does against the routes):
//   - XRPL: GET /auth (→ interaction), GET /interaction/:uid/nonce, sign (ed25519, in this
//     process), POST /interaction/:uid/verify, GET /auth/:uid (→ redirect_uri with the code),
//     POST /token (PKCE, client_secret_basic; an ES256 id_token): five requests and one
//     signature check on the server.
//   - stub: GET /auth, POST /interaction/:uid/login (signs a fixed account in, no proof, JSON
//     answer), GET /auth/:uid, POST /token: four requests.
//   - stub + nonce request: the same with a GET /interaction/:uid/nonce first (reads the
//     interaction, answers a fixed nonce): five requests, as many as the XRPL JSON flow makes.
//   - stub, bare: the stub without the headers and the rate limit (how this baseline ran before
//     it was given the example's stack), for comparison with earlier figures.
// - the browser: each side as its page really works.
//   - XRPL: GET /auth, GET /interaction/:uid (the example's static page), GET .../start (the
//     details and a nonce), sign, POST .../verify, GET /auth/:uid, POST /token: six requests.
//   - stub: GET /auth, GET /interaction/:uid (a login form rendered after
//     provider.interactionDetails, as oidc-provider's development interactions render one), POST
//     .../login (the form, answered with oidc-provider's redirect to /auth/:uid), GET /auth/:uid,
//     POST /token: five requests.
//   The pages' static assets (script, stylesheet) are left out on both sides: a browser keeps them.
// Each `RATIO ... vs oidc-provider stub login` is the cost of one XRPL authorization over one stub
// authorization of the same shape: what the sign-in step adds to oidc-provider's own work (target
// at most 1.3, one TARGET line per shape). Cost is measured two ways: the providers' CPU time per
// authorization (read from /proc, the figure foreign load disturbs least) and 1 / throughput;
// each RATIO is the median of the per-round ratios.
//
// Phases: the stubs; the example as one process (state in memory), both shapes; the example as
// two processes sharing one Redis (state and nonces), each request of a JSON authorization sent to
// either instance in turn, as a load balancer may. The machine has 2 shared cores and this process
// (the clients) runs on them too, so two instances cannot double one's throughput here; the phase
// shows the cost of sharing state through Redis. Before the rounds, each phase is warmed up until
// its servers' CPU per authorization stops falling (the steady state). Phases alternate in rotating order over 7
// rounds (always 7: on a loaded machine a time budget used to stop at 5, and a median of 5
// per-round ratios moved by a few hundredths between runs); the table shows the best round of each (foreign load only ever slows a phase down), the
// RATIO lines the median of the per-round ratios.
//
// Everything runs on 127.0.0.1; Redis at REDIS_URL (default redis://127.0.0.1:6379), keys under
// a prefix of this run, removed at the end. Usage: npm run build && node bench/oidc.bench.mjs
// (BENCH_CPU_PROF_DIR=<dir> to have each server write a CPU profile there).
import { spawn } from "node:child_process";
import { createHash, createPrivateKey, randomBytes, sign as cryptoSign } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import { createClient } from "redis";
import { deriveAddress, deriveKeypair, generateSeed } from "ripple-keypairs";
import { createMessage } from "sign-in-with-xrpl";
import { stopChildProcess } from "./child-process.mjs";
import { newPrivateJwk } from "../test/support/private-jwk.mjs";
import { startLocalLedger } from "./local-ledger.mjs";
import { warmUpUntilSteady } from "./steady-state.mjs";

const CONCURRENCY = 8;
const AUTHORIZATIONS = 600;
const ROUNDS = 7;
const PHASE_TIME_LIMIT_MS = 4_000;
const REDIS_URL = process.env.REDIS_URL ?? "redis://127.0.0.1:6379";
const REDIRECT_URI = "http://127.0.0.1:9/callback";
const CLIENT_ID = "bench-app";
const CLIENT_SECRET = randomBytes(24).toString("hex");
const CODE_VERIFIER = randomBytes(32).toString("base64url");
const CODE_CHALLENGE = createHash("sha256").update(CODE_VERIFIER).digest("base64url");

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

// ---------- processes ----------

async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts `node script` in `cwd` on `port` and waits for its "listening on" line. */
function startServer(script, cwd, port, env) {
  // BENCH_CPU_PROF_DIR: each server writes a V8 CPU profile there when it stops (to find costs;
  // the profiler slows the servers, so the figures of such a run are not the benchmark's).
  const profile = process.env.BENCH_CPU_PROF_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, script], {
    cwd,
    env: { ...process.env, NODE_ENV: "development", HOST: "127.0.0.1", ...env, PORT: String(port) },
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
      if (!/listening on http:\/\//.test(output)) return;
      clearInterval(poll);
      clearTimeout(timer);
      child.removeAllListeners("exit");
      let stopping = false;
      child.on("exit", (code, signal) => {
        if (!stopping) console.error(`${script} exited during the run (${code ?? signal}):\n${output}`);
      });
      resolve({
        port,
        cpuNs: () => processCpuNs(child.pid),
        stop: () => {
          stopping = true;
          return stopChildProcess(child);
        },
      });
    }, 20);
  });
}

/**
 * CPU time of a process, all threads, in nanoseconds, from /proc/<pid>/task/<tid>/schedstat;
 * `undefined` where /proc does not exist (not Linux).
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

// ---------- HTTP client (keep-alive, one cookie jar per authorization) ----------

const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });

function call(port, method, path, options = {}) {
  // A kept-alive socket the server closed while idle resets the first request sent on it: retry once.
  return callOnce(port, method, path, options).catch((error) =>
    error?.reusedSocket === true && error.code === "ECONNRESET" ? callOnce(port, method, path, options) : Promise.reject(error),
  );
}

function callOnce(port, method, path, { jar, body, form, authorization } = {}) {
  return new Promise((resolve, reject) => {
    let payload;
    const headers = {};
    if (jar !== undefined && jar.size > 0) headers.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
    if (body !== undefined) {
      payload = JSON.stringify(body);
      headers["content-type"] = "application/json";
    } else if (form !== undefined) {
      payload = new URLSearchParams(form).toString();
      headers["content-type"] = "application/x-www-form-urlencoded";
    }
    if (payload !== undefined) headers["content-length"] = Buffer.byteLength(payload);
    if (authorization !== undefined) headers.authorization = authorization;
    const req = request({ host: "127.0.0.1", port, method, path, headers, agent }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => (text += chunk));
      res.on("end", () => {
        // Every cookie the answer sets, whatever its path: one jar per authorization, as a browser tab.
        for (const line of res.headers["set-cookie"] ?? []) {
          const pair = line.split(";")[0];
          const equals = pair.indexOf("=");
          jar?.set(pair.slice(0, equals), pair.slice(equals + 1));
        }
        let parsed;
        try {
          parsed = text === "" || !res.headers["content-type"]?.includes("json") ? {} : JSON.parse(text);
        } catch {
          reject(new Error(`${method} ${path}: answered ${res.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
          return;
        }
        resolve({ status: res.statusCode, body: parsed, location: res.headers.location });
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

const AUTHORIZE_PATH = `/auth?${new URLSearchParams({
  client_id: CLIENT_ID,
  redirect_uri: REDIRECT_URI,
  response_type: "code",
  scope: "openid xrpl",
  code_challenge: CODE_CHALLENGE,
  code_challenge_method: "S256",
})}`;
const BASIC = `Basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;

/** The parts of an authorization both kinds share: authorize, resume, token. */
async function authorize(port, jar) {
  const answer = await call(port, "GET", AUTHORIZE_PATH, { jar });
  if (answer.status !== 303 || !answer.location?.includes("/interaction/"))
    throw new Error(`authorize: ${answer.status} ${answer.location}`);
  return new URL(answer.location, "http://127.0.0.1").pathname;
}

async function resumeAndToken(ports, jar, redirectTo) {
  const resumed = await call(ports[0], "GET", new URL(redirectTo).pathname, { jar });
  if (resumed.status !== 303 || !resumed.location?.startsWith(REDIRECT_URI))
    throw new Error(`resume: ${resumed.status} ${resumed.location}`);
  const code = new URL(resumed.location).searchParams.get("code");
  const tokens = await call(ports[1], "POST", "/token", {
    authorization: BASIC,
    form: { grant_type: "authorization_code", code, redirect_uri: REDIRECT_URI, code_verifier: CODE_VERIFIER },
  });
  if (tokens.status !== 200 || typeof tokens.body.id_token !== "string")
    throw new Error(`token: ${tokens.status} ${JSON.stringify(tokens.body)}`);
}

function newClientKey() {
  const { publicKey, privateKey } = deriveKeypair(generateSeed({ algorithm: "ed25519" }));
  const keyObject = createPrivateKey({
    key: Buffer.concat([Buffer.from("302e020100300506032b657004220420", "hex"), Buffer.from(privateKey.slice(2), "hex")]),
    format: "der",
    type: "pkcs8",
  });
  return {
    address: deriveAddress(publicKey),
    publicKey,
    sign: (message) => cryptoSign(null, Buffer.from(message, "utf8"), keyObject).toString("hex").toUpperCase(),
  };
}

/**
 * One XRPL authorization per job, each request sent to the next instance of `ports` in turn.
 * `browser`: as the example's page does it (the page, then `start`); otherwise the JSON flow
 * (`nonce`).
 */
function xrplWorker(ports, issuer, { browser = false } = {}) {
  const key = newClientKey();
  const host = new URL(issuer).host;
  let turn = 0;
  const next = () => ports[(turn += 1) % ports.length];
  return async () => {
    const jar = new Map();
    const interaction = await authorize(next(), jar);
    if (browser) {
      const page = await call(next(), "GET", interaction, { jar });
      if (page.status !== 200) throw new Error(`interaction page: ${page.status}`);
    }
    const route = browser ? "start" : "nonce";
    const nonce = await call(next(), "GET", `${interaction}/${route}`, { jar });
    if (nonce.status !== 200 || typeof nonce.body.nonce !== "string")
      throw new Error(`${route}: ${nonce.status} ${JSON.stringify(nonce.body)}`);
    const message = createMessage({
      domain: host,
      address: key.address,
      uri: issuer,
      chainId: "xrpl:0",
      nonce: nonce.body.nonce,
      issuedAt: new Date(),
      statement: "Benchmark sign-in.",
      resources: [REDIRECT_URI],
    });
    const proof = { message, signatureKind: "signature", signature: key.sign(message), publicKey: key.publicKey, address: key.address };
    const verified = await call(next(), "POST", `${interaction}/verify`, { jar, body: proof });
    if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
    await resumeAndToken([next(), next()], jar, verified.body.redirectTo);
  };
}

/** One stub authorization per job: the JSON flow, or `browser`: the login page and its form post. */
function stubWorker(port, { withNonce = false, browser = false } = {}) {
  return async () => {
    const jar = new Map();
    const interaction = await authorize(port, jar);
    if (browser) {
      const page = await call(port, "GET", interaction, { jar });
      if (page.status !== 200) throw new Error(`stub page: ${page.status}`);
      const posted = await call(port, "POST", `${interaction}/login`, {
        jar,
        form: { prompt: "login", login: "someone", password: "a password" },
      });
      if (posted.status !== 303 || posted.location === undefined) throw new Error(`stub form login: ${posted.status}`);
      await resumeAndToken([port, port], jar, new URL(posted.location, `http://127.0.0.1:${port}`).href);
      return;
    }
    if (withNonce) {
      const nonce = await call(port, "GET", `${interaction}/nonce`, { jar });
      if (nonce.status !== 200) throw new Error(`stub nonce: ${nonce.status}`);
    }
    const login = await call(port, "POST", `${interaction}/login`, { jar });
    if (login.status !== 200) throw new Error(`stub login: ${login.status} ${JSON.stringify(login.body)}`);
    await resumeAndToken([port, port], jar, login.body.redirectTo);
  };
}

// ---------- load ----------

function percentile(sorted, fraction) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))];
}

/** Runs up to `total` jobs over CONCURRENCY workers; `servers`' CPU time is read around the load. */
async function runLoad(total, makeWorker, servers = []) {
  const latencies = [];
  let started = 0;
  const cpuBefore = servers.map((server) => server.cpuNs());
  const startedAt = performance.now();
  const deadline = startedAt + PHASE_TIME_LIMIT_MS;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
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
  const cpuAfter = servers.map((server) => server.cpuNs());
  const cpuKnown = servers.length > 0 && [...cpuBefore, ...cpuAfter].every((value) => value !== undefined);
  latencies.sort((a, b) => a - b);
  return {
    serverCpuUs: cpuKnown ? cpuAfter.reduce((sum, value, index) => sum + value - cpuBefore[index], 0) / 1000 / latencies.length : undefined,
    count: latencies.length,
    perSecond: (latencies.length * 1000) / elapsedMs,
    costUs: (elapsedMs * 1000) / latencies.length,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
  };
}

// ---------- run ----------

const jwks = JSON.stringify({ keys: [{ ...newPrivateJwk("ec"), kid: "bench", alg: "ES256", use: "sig" }] });
const clients = JSON.stringify([{ client_id: CLIENT_ID, client_secret: CLIENT_SECRET, redirect_uris: [REDIRECT_URI] }]);
const shared = {
  OIDC_CLIENTS: clients,
  OIDC_JWKS: jwks,
  OIDC_COOKIE_KEYS: randomBytes(32).toString("hex"),
  NONCE_RATE_LIMIT: String(1_000_000),
  VERIFY_RATE_LIMIT: String(1_000_000),
};
const prefix = `bench:oidc:${randomBytes(6).toString("hex")}:`;
// A master key's sign-in asks the ledger whether the account disabled the key: a local mock node answers.
const ledger = await startLocalLedger();
const servers = [];
let failed = false;
try {
  const [stubPort, barePort, onePort, aPort, bPort] = await Promise.all([freePort(), freePort(), freePort(), freePort(), freePort()]);
  const exampleDir = here("../examples/oidc-provider/");
  const stubIssuer = `http://127.0.0.1:${stubPort}`;
  const oneIssuer = `http://127.0.0.1:${onePort}`;
  const sharedIssuer = `http://127.0.0.1:${aPort}`;
  const stub = await startServer("oidc-stub-server.mjs", here("./"), stubPort, { ...shared, OIDC_ISSUER: stubIssuer });
  servers.push(stub);
  const bare = await startServer("oidc-stub-server.mjs", here("./"), barePort, {
    ...shared,
    OIDC_ISSUER: `http://127.0.0.1:${barePort}`,
    STUB_STACK: "bare",
  });
  servers.push(bare);
  const one = await startServer("server.mjs", exampleDir, onePort, { ...shared, OIDC_ISSUER: oneIssuer, XRPL_NODE_URL: ledger.url });
  servers.push(one);
  const redisEnv = { ...shared, OIDC_ISSUER: sharedIssuer, XRPL_NODE_URL: ledger.url, REDIS_URL, REDIS_KEY_PREFIX: prefix };
  const a = await startServer("server.mjs", exampleDir, aPort, redisEnv);
  servers.push(a);
  const b = await startServer("server.mjs", exampleDir, bPort, redisEnv);
  servers.push(b);

  const phases = [
    { key: "stub", label: "stub login (JSON)", worker: () => stubWorker(stubPort), servers: [stub] },
    { key: "stubNonce", label: "stub login + nonce request", worker: () => stubWorker(stubPort, { withNonce: true }), servers: [stub] },
    { key: "stubBare", label: "stub login, bare stack", worker: () => stubWorker(barePort), servers: [bare] },
    { key: "one", label: "XRPL JSON, one process", worker: () => xrplWorker([onePort], oneIssuer), servers: [one] },
    { key: "two", label: "XRPL JSON, two processes (Redis)", worker: () => xrplWorker([aPort, bPort], sharedIssuer), servers: [a, b] },
    { key: "stubBrowser", label: "browser: stub login form", worker: () => stubWorker(stubPort, { browser: true }), servers: [stub] },
    {
      key: "oneBrowser",
      label: "browser: XRPL page, one process",
      worker: () => xrplWorker([onePort], oneIssuer, { browser: true }),
      servers: [one],
    },
  ];
  // Warm-up: JIT, sockets, keys, Redis connections. Each phase runs slices of 300 authorizations
  // until its servers' CPU per authorization stops falling (two slices in a row no better than
  // the best before them; at least 3, at most 20): the steady state, whatever the machine's
  // speed. A fixed warm-up measured the example, which has more code to compile than the stub,
  // while it was still compiling (its first rounds cost more than its later ones).
  for (const phase of phases) {
    const slices = await warmUpUntilSteady(async () => (await runLoad(300, phase.worker, phase.servers)).serverCpuUs, 20);
    console.log(`warm-up, ${phase.label}: server CPU us per authorization per slice of 300, ${slices.join(" ")}`);
  }

  const rounds = [];
  const measureStartedAt = performance.now();
  while (rounds.length < ROUNDS) {
    const round = {};
    for (let index = 0; index < phases.length; index += 1) {
      const phase = phases[(index + rounds.length) % phases.length];
      round[phase.key] = await runLoad(AUTHORIZATIONS, phase.worker, phase.servers);
    }
    rounds.push(round);
  }
  const measuredSeconds = (performance.now() - measureStartedAt) / 1000;
  const best = {};
  for (const { key } of phases) best[key] = rounds.map((round) => round[key]).reduce((a, b) => (b.perSecond > a.perSecond ? b : a));

  console.log(
    `Full authorizations (authorize, sign-in, resume, token), ${CONCURRENCY} concurrent clients, 127.0.0.1, best of ${rounds.length} alternating rounds in ${measuredSeconds.toFixed(1)} s (node ${process.version})`,
  );
  // Server CPU per authorization, the lowest of the rounds: the providers' own work, which
  // foreign load inflates least (throughput also counts every wait for a core).
  const cpu = {};
  for (const { key } of phases) {
    const values = rounds.map((round) => round[key].serverCpuUs).filter((value) => value !== undefined);
    cpu[key] = values.length === 0 ? undefined : Math.min(...values);
  }
  const us = (value) => (value === undefined ? "n/a" : value.toFixed(0));
  console.log(
    `${"".padEnd(34)} ${"count".padStart(6)} ${"authorizations/s".padStart(17)} ${"p50 ms".padStart(8)} ${"p99 ms".padStart(8)} ${"cost us".padStart(9)} ${"server CPU us".padStart(14)}`,
  );
  for (const phase of phases) {
    const result = best[phase.key];
    console.log(
      `${phase.label.padEnd(34)} ${String(result.count).padStart(6)} ${result.perSecond.toFixed(0).padStart(17)} ${result.p50.toFixed(2).padStart(8)} ${result.p99.toFixed(2).padStart(8)} ${us(result.costUs).padStart(9)} ${us(cpu[phase.key]).padStart(14)}`,
    );
  }
  console.log("(cost us: 1 / throughput of the best round; server CPU us: per authorization, all instances, lowest round)");
  // The ratios are medians of the per-round ratios: both sides of a ratio ran in the same round,
  // back to back, so a slow moment of the machine lands on one round rather than on the answer.
  const median = (values) => {
    const sorted = values.filter((value) => Number.isFinite(value)).sort((a, b) => a - b);
    if (sorted.length === 0) return undefined;
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const ratios = (of, to, measure) => rounds.map((round) => round[of][measure] / round[to][measure]);
  const shown = (values) => values.map((value) => (Number.isFinite(value) ? value.toFixed(2) : "n/a")).join(" ");
  const cpuVsStub = ratios("one", "stub", "serverCpuUs");
  const cpuVsStubNonce = ratios("one", "stubNonce", "serverCpuUs");
  const cpuVsBare = ratios("one", "stubBare", "serverCpuUs");
  const costVsStub = ratios("one", "stub", "costUs");
  const costTwoVsOne = ratios("two", "one", "costUs");
  const cpuBrowser = ratios("oneBrowser", "stubBrowser", "serverCpuUs");
  const costBrowser = ratios("oneBrowser", "stubBrowser", "costUs");
  console.log(`per-round JSON: XRPL (one process) / stub, server CPU: ${shown(cpuVsStub)}; throughput: ${shown(costVsStub)}`);
  console.log(`per-round JSON: XRPL (one process) / stub + nonce request, server CPU: ${shown(cpuVsStubNonce)}`);
  console.log(`per-round JSON: XRPL (one process) / stub on a bare stack, server CPU: ${shown(cpuVsBare)}`);
  console.log(`per-round browser: XRPL page / stub login form, server CPU: ${shown(cpuBrowser)}; throughput: ${shown(costBrowser)}`);
  const line = (text, values) => {
    const value = median(values);
    if (value !== undefined) console.log(`${text}: ${value.toFixed(2)}`);
  };
  line("RATIO authorization vs oidc-provider stub login, JSON flow (server CPU)", cpuVsStub);
  line("RATIO authorization vs oidc-provider stub login, JSON flow (throughput)", costVsStub);
  line("RATIO authorization vs stub login with the same nonce request, JSON flow (server CPU)", cpuVsStubNonce);
  line("RATIO authorization vs stub login on a bare stack (no headers, no rate limit), JSON flow (server CPU)", cpuVsBare);
  line("RATIO authorization vs oidc-provider stub login, browser (server CPU)", cpuBrowser);
  line("RATIO authorization vs oidc-provider stub login, browser (throughput)", costBrowser);
  line("RATIO two processes on Redis vs one process, JSON flow (throughput)", costTwoVsOne);
  console.log(
    `TARGET authorization vs oidc-provider stub login at most 1.30, row "JSON flow" (a wallet): server CPU ${median(cpuVsStub)?.toFixed(2) ?? "n/a"}`,
  );
  console.log(
    `TARGET authorization vs oidc-provider stub login at most 1.30, row "browser" (each side's page): server CPU ${median(cpuBrowser)?.toFixed(2) ?? "n/a"}`,
  );
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  agent.destroy();
  await Promise.all(servers.map((server) => server.stop()));
  await ledger.stop();
  // This run's keys only: the Redis may be shared.
  try {
    const redis = await createClient({ url: REDIS_URL }).connect();
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 1000 })) if (keys.length > 0) await redis.del(keys);
    await redis.close();
  } catch (error) {
    console.error(`bench: could not remove the run's Redis keys (${prefix}*):`, error);
  }
}
process.exitCode = failed ? 1 : 0;
