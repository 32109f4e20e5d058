// Revocation state after 200,000 sign-ins, every second one signing out, through the library's
// handlers in this process (createAuthHandlers, each session kind), with a clock that moves
// 864 ms per sign-in: two days, so the first day's sign-outs have outlived their sessions by the
// end. The verifier here accepts every proof: what is measured is the state the handlers leave in
// the nonce store, not signatures. The store is the library's memory store, seen through a
// RevocationStore that counts, per revoked id, until when it must stay revoked; the heap the
// store holds is read after a full garbage collection.
// Usage: npm run build && node bench/store-growth.bench.mjs   (BENCH_SIGN_INS=200000)
import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import { createAuthHandlers, createMemoryNonceStore, createMessage } from "sign-in-with-xrpl";
import { createMemorySessionStore } from "sign-in-with-xrpl/testing";

setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 200_000);
const DAY_MS = 86_400_000;
const CLOCK_SKEW_MS = 60_000;
const STEP_MS = (2 * DAY_MS) / SIGN_INS;
const START = Date.parse("2026-03-01T00:00:00.000Z");
const ADDRESS = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const PUBLIC_KEY = `ED${"0".repeat(64)}`;
const accepting = {
  async verify() {
    return true;
  },
  async check(request) {
    return {
      ok: true,
      address: request.address,
      signatureKind: "signature",
      authority: "master",
      publicKey: PUBLIC_KEY,
      algorithm: "ed25519",
    };
  },
  async close() {},
};

async function run(sessionKind) {
  const clock = { now: START };
  const memory = createMemoryNonceStore({ now: () => clock.now, maxEntries: 10_000_000 });
  /** id -> until when it must stay revoked, as the handlers asked. */
  const revokedUntil = new Map();
  const nonceStore = {
    consume: (nonce, ttlMs) => memory.consume(nonce, ttlMs),
    revoke(id, ttlMs) {
      revokedUntil.set(id, clock.now + ttlMs);
      return memory.revoke(id, ttlMs);
    },
    isRevoked: (id) => memory.isRevoked(id),
  };
  const handlers = createAuthHandlers({ verifier: accepting, sessionKind, domain: "example.com", now: () => clock.now, nonceStore });
  const template = createMessage({
    domain: "example.com",
    address: ADDRESS,
    uri: "https://example.com/login",
    chainId: "xrpl:0",
    nonce: "0123456789abcdef0123456789abcdef",
    issuedAt: new Date(START),
    statement: "Sign in.",
  });
  const templateTime = new Date(START).toISOString();
  gc();
  const heapBefore = process.memoryUsage().heapUsed;
  const started = performance.now();
  const signedOutLifetimesEnd = [];
  for (let index = 0; index < SIGN_INS; index += 1) {
    clock.now += STEP_MS;
    const session = createMemorySessionStore();
    const { body } = await handlers.nonce(session);
    const message = template
      .replace("0123456789abcdef0123456789abcdef", body.nonce)
      .replace(templateTime, new Date(clock.now).toISOString());
    const answer = await handlers.verify(session, {
      body: { message, signatureKind: "signature", signature: "00", publicKey: PUBLIC_KEY, address: ADDRESS },
    });
    if (answer.status !== 200) throw new Error(`sign-in ${index}: ${JSON.stringify(answer)}`);
    if (index % 2 === 1) {
      const { authenticatedAt } = await session.get();
      await handlers.signOut(session);
      // The absolute lifetime, plus the clock skew the handlers allow (60 s by default): an
      // instance whose clock runs that much behind still reads the session as inside it.
      signedOutLifetimesEnd.push(authenticatedAt + DAY_MS + CLOCK_SKEW_MS);
    }
  }
  await memory.isRevoked("a-last-read-that-drops-what-has-expired");
  const seconds = (performance.now() - started) / 1000;
  gc();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  const live = [...revokedUntil.values()].filter((until) => until > clock.now).length;
  const stillInLifetime = signedOutLifetimesEnd.filter((end) => end > clock.now).length;
  return { sessionKind, revokes: revokedUntil.size, live, stillInLifetime, heapMb, seconds, keep: memory };
}

console.log(
  `${SIGN_INS.toLocaleString("en")} sign-ins over two days (a clock moving ${STEP_MS.toFixed(0)} ms each), every second one signing out`,
);
for (const sessionKind of ["server-store", "sealed-cookie"]) {
  const result = await run(sessionKind);
  console.log(
    `${sessionKind}: ${result.revokes} revocations written, ${result.live} still held at the end; ${result.stillInLifetime} signed-out sessions still inside their lifetime (plus the 60 s clock skew); store and sessions ${result.heapMb.toFixed(1)} MB of heap; ${result.seconds.toFixed(1)} s`,
  );
  if (sessionKind === "server-store") {
    console.log(
      `TARGET revocation entries after ${SIGN_INS} sign-ins, half signing out, server-store: 0: ${result.live} ${result.live === 0 ? "met" : "NOT MET"}`,
    );
  } else {
    console.log(
      `TARGET revocation entries after ${SIGN_INS} sign-ins, half signing out, sealed-cookie: at most the ${result.stillInLifetime} sessions still inside their lifetime: ${result.live} ${result.live <= result.stillInLifetime ? "met" : "NOT MET"}`,
    );
  }
}
