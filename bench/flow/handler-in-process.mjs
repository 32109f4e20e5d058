// The fetch handler's own cost per sign-in flow, without HTTP: the flow of bench/flow.bench.mjs
// (GET nonce, POST verify, GET me, POST sign-out, a new ed25519 account each time) driven
// in-process with `Request` objects, one flow at a time. Prints the handler's time per flow (only
// the `handle` calls are timed: the proof is signed outside; the fastest of 6 batches) and the bytes it allocates per flow
// (young-generation growth around each `handle` call, with a collection between flows so none
// happens inside one). The quickest loop for finding what the handler costs; the figures a
// server sees come from bench/flow.bench.mjs.
//
// Usage: npm run build && node --expose-gc --max-semi-space-size=64 bench/flow/handler-in-process.mjs
// Env: FLOWS (3000, timed), ALLOC_FLOWS (300), FLOW_LEDGER=default to ask a local ledger node
// (the mock rippled, in this process: its work is then counted too); STALL_MS (60000): a run in
// which no flow finishes for that long stops, says what it was doing, and exits with 1.
import { getHeapStatistics } from "node:v8";
import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
import { startLocalLedger } from "../local-ledger.mjs";
import { DOMAIN, newAccount, proofBody, signInMessage } from "./client.mjs";

const FLOWS = Number(process.env.FLOWS ?? 3000);
const ALLOC_FLOWS = Number(process.env.ALLOC_FLOWS ?? 300);
const ledgerDefault = process.env.FLOW_LEDGER === "default";
const STALL_MS = Number(process.env.STALL_MS ?? 60_000);
if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc --max-semi-space-size=64");

// A run never waits forever: with no flow finished for STALL_MS, it says where it was and stops.
let stage = ledgerDefault ? "starting the local ledger node (compiled with esbuild on first use)" : "starting";
let flowsDone = 0;
/** The local ledger node (FLOW_LEDGER=default), once started. */
let ledger;
let lastProgressAt = performance.now();
const progress = (what) => {
  lastProgressAt = performance.now();
  if (what !== undefined) stage = what;
};
const watchdog = setInterval(() => {
  const stalledMs = performance.now() - lastProgressAt;
  if (stalledMs < STALL_MS) return;
  console.error(
    `handler-in-process: no progress for ${Math.round(stalledMs / 1000)} s during: ${stage} (${flowsDone} flows done${ledgerDefault ? `, the ledger node received ${ledger?.requestCount() ?? 0} requests` : ""}). Stopping.`,
  );
  process.exit(1);
}, 1000);
watchdog.unref();

ledger = ledgerDefault ? await startLocalLedger() : undefined;
const verifier = ledgerDefault
  ? createVerifier({ nodeUrl: ledger.url })
  : createVerifier({ strategies: [compactSignature({ ledger: "never" }), signedTransaction()] });
const auth = createFetchHandler({ verifier, domain: DOMAIN, sessionSecret: "x".repeat(16) + "0123456789abcdef0123", production: false });
const origin = `http://${DOMAIN}:3000`;

let timeMs = 0;
let bytes = 0;
let measureBytes = false;

async function call(method, path, cookie, body) {
  const headers = {};
  if (cookie !== undefined) headers.cookie = cookie;
  let payload;
  if (body !== undefined) {
    payload = JSON.stringify(body);
    headers["content-type"] = "application/json";
    headers["content-length"] = String(Buffer.byteLength(payload));
  }
  const request = new Request(`${origin}${path}`, { method, headers, body: payload });
  const before = measureBytes ? getHeapStatistics().used_heap_size : 0;
  const t0 = performance.now();
  const response = await auth.handle(request);
  timeMs += performance.now() - t0;
  if (measureBytes) bytes += getHeapStatistics().used_heap_size - before;
  const setCookie = response.headers.get("set-cookie");
  return { status: response.status, body: await response.json(), cookie: setCookie === null ? undefined : setCookie.split(";")[0] };
}

async function flow() {
  const account = newAccount("ed25519");
  const nonce = await call("GET", "/api/auth/nonce");
  if (nonce.status !== 200) throw new Error(`nonce ${nonce.status}`);
  const verified = await call(
    "POST",
    "/api/auth/verify",
    nonce.cookie,
    proofBody("signature", account, signInMessage(account.address, nonce.body.nonce)),
  );
  if (verified.status !== 200) throw new Error(`verify ${verified.status} ${JSON.stringify(verified.body)}`);
  const me = await call("GET", "/api/auth/me", verified.cookie);
  if (me.status !== 200) throw new Error(`me ${me.status}`);
  const out = await call("POST", "/api/auth/signout", verified.cookie);
  if (out.status !== 200) throw new Error(`signout ${out.status}`);
  flowsDone += 1;
  progress();
}

progress("warm-up flows");
for (let i = 0; i < 2000; i += 1) await flow(); // warm-up: every function compiled
// Batches, the fastest one counted: a shared machine's other work lands on some batches, not on all.
const BATCHES = 6;
const perBatch = Math.ceil(FLOWS / BATCHES);
let perFlowUs = Number.POSITIVE_INFINITY;
for (let batch = 0; batch < BATCHES; batch += 1) {
  progress(`timed batch ${batch + 1} of ${BATCHES}`);
  timeMs = 0;
  for (let i = 0; i < perBatch; i += 1) await flow();
  perFlowUs = Math.min(perFlowUs, (timeMs * 1000) / perBatch);
}
progress("allocation flows");
measureBytes = true;
for (let i = 0; i < ALLOC_FLOWS; i += 1) {
  globalThis.gc();
  await flow();
}
console.log(
  `fetch handler in-process, ${ledgerDefault ? "default verifier (local ledger)" : 'ledger: "never"'}: ${perFlowUs.toFixed(1)} µs per flow (fastest of ${BATCHES} batches of ${perBatch} flows), ${(bytes / ALLOC_FLOWS / 1024).toFixed(1)} kB allocated per flow (${ALLOC_FLOWS} flows)`,
);
progress("closing the verifier and the ledger node");
await verifier.close?.();
await ledger?.stop();
clearInterval(watchdog);
