/**
 * The Express example with REDIS_URL: sessions through connect-redis and nonces through
 * createRedisNonceStore, shared by two server processes. Needs a real Redis at REDIS_URL
 * (default redis://127.0.0.1:6379): with CI set, a missing Redis fails the run.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import { startExpressExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { REDIS_URL, redisAnswers } from "../redis/connect-redis.js";
import { APP_DOMAIN, getNonce, newKeyAccount, postVerify, routesOf, signatureProof, signInMessage } from "./flow.js";
import { itSharesSessionsAndNoncesAcrossTwoProcesses } from "./two-processes.js";

const available = await redisAnswers();
if (!available && process.env.CI === undefined) {
  console.warn(`Redis does not answer at ${REDIS_URL}: skipping the Express + Redis tests (with CI set they fail).`);
}

describe.skipIf(!available && process.env.CI === undefined)("Express example with REDIS_URL: two processes, one Redis", () => {
  let node: MockRippled;
  let serverA: ExampleProcess;
  let serverB: ExampleProcess;
  let redis: ReturnType<typeof createClient>;

  beforeAll(async () => {
    if (!available) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
    redis = createClient({ url: REDIS_URL });
    await redis.connect();
    node = await startMockRippled();
    // Same secret: the two processes are one deployment behind a load balancer.
    const env = {
      XRPL_NODE_URL: node.url,
      APP_DOMAIN,
      REDIS_URL,
      SESSION_SECRET: "b".repeat(16) + Math.random().toString(36).slice(2).padEnd(24, "0"),
    };
    [serverA, serverB] = await Promise.all([startExpressExample({ env }), startExpressExample({ env })]);
  });

  afterAll(async () => {
    await Promise.all([serverA?.stop(), serverB?.stop()]);
    await node?.stop();
    if (redis?.isOpen) await redis.close();
  });

  it("announces the Redis stores", () => {
    expect(serverA.output()).toMatch(/sessions and nonces in Redis/);
  });

  itSharesSessionsAndNoncesAcrossTwoProcesses(() => ({ serverA, serverB, node }));

  it("clears a pending nonce older than 5 minutes: 400 Nonce expired., then No pending nonce.", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(serverA.url, "server-store"));
    // Age the stored session by hand: the server's clock is real.
    const signedId = decodeURIComponent(jar.get("siwx_session") ?? "");
    const sessionId = signedId.slice(2, signedId.lastIndexOf("."));
    const key = `siwx:sess:${sessionId}`;
    // The sign-in record lives under its own key of the session (`xrpl`).
    const stored = JSON.parse((await redis.get(key)) ?? "null") as { xrpl: { nonceIssuedAt: number; pendingNonce: string } };
    expect(stored.xrpl.pendingNonce).toBe(nonce);
    stored.xrpl.nonceIssuedAt -= 6 * 60_000;
    await redis.set(key, JSON.stringify(stored), { KEEPTTL: true });

    const body = signatureProof(signInMessage(account.address, nonce), account);
    expect(await postVerify(jar, routesOf(serverB.url, "server-store"), body)).toMatchObject({
      status: 400,
      body: { error: "Nonce expired." },
    });
    expect(await postVerify(jar, routesOf(serverA.url, "server-store"), body)).toMatchObject({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });
  });
});
