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
// (the mock rippled, in this process: its work is then counted too).
import { getHeapStatistics } from "node:v8";
import { compactSignature, createVerifier, signedTransaction } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";
import { startLocalLedger } from "../local-ledger.mjs";
import { DOMAIN, newAccount, proofBody, signInMessage } from "./client.mjs";

const FLOWS = Number(process.env.FLOWS ?? 3000);
const ALLOC_FLOWS = Number(process.env.ALLOC_FLOWS ?? 300);
const ledgerDefault = process.env.FLOW_LEDGER === "default";
if (typeof globalThis.gc !== "function") throw new Error("run with node --expose-gc --max-semi-space-size=64");

const ledger = ledgerDefault ? await startLocalLedger() : undefined;
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
}

for (let i = 0; i < 2000; i += 1) await flow(); // warm-up: every function compiled
// Batches, the fastest one counted: a shared machine's other work lands on some batches, not on all.
const BATCHES = 6;
const perBatch = Math.ceil(FLOWS / BATCHES);
let perFlowUs = Number.POSITIVE_INFINITY;
for (let batch = 0; batch < BATCHES; batch += 1) {
  timeMs = 0;
  for (let i = 0; i < perBatch; i += 1) await flow();
  perFlowUs = Math.min(perFlowUs, (timeMs * 1000) / perBatch);
}
measureBytes = true;
for (let i = 0; i < ALLOC_FLOWS; i += 1) {
  globalThis.gc();
  await flow();
}
console.log(
  `fetch handler in-process, ${ledgerDefault ? "default verifier (local ledger)" : 'ledger: "never"'}: ${perFlowUs.toFixed(1)} µs per flow (fastest of ${BATCHES} batches of ${perBatch} flows), ${(bytes / ALLOC_FLOWS / 1024).toFixed(1)} kB allocated per flow (${ALLOC_FLOWS} flows)`,
);
await verifier.close?.();
await ledger?.stop();
