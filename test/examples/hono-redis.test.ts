/**
 * The Hono example with REDIS_URL: two server processes with the same SESSION_SECRET (one
 * deployment behind a load balancer) read each other's sealed cookies and share the Redis nonce
 * store, so a nonce is single-use across both.
 * Needs a real Redis at REDIS_URL (default redis://127.0.0.1:6379): with CI set, a missing Redis
 * fails the run.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import { startHonoExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { REDIS_URL, redisAnswers } from "../redis/connect-redis.js";
import { APP_DOMAIN, getMe, getNonce, newKeyAccount, postVerify, routesOf, signatureProof, signInMessage } from "./flow.js";

const available = await redisAnswers();
if (!available && process.env.CI === undefined) {
  console.warn(`Redis does not answer at ${REDIS_URL}: skipping the Hono + Redis tests (with CI set they fail).`);
}

describe.skipIf(!available && process.env.CI === undefined)("Hono example with REDIS_URL: two instances, one Redis", () => {
  let node: MockRippled | undefined;
  let a: ExampleProcess | undefined;
  let b: ExampleProcess | undefined;

  beforeAll(async () => {
    if (!available) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
    node = await startMockRippled();
    const shared = { XRPL_NODE_URL: node.url, APP_DOMAIN, SESSION_SECRET: randomBytes(32).toString("hex"), REDIS_URL };
    [a, b] = await Promise.all([startHonoExample({ env: shared }), startHonoExample({ env: shared })]);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await node?.stop();
  });

  it("announces the Redis nonce store", () => {
    expect(a!.output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(sealed-cookie sessions, nonces in Redis\)/);
  });

  it("signs in on one instance with the other's nonce, and refuses the pre-sign-in cookie replayed there: 400 Nonce has already been used.", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(a!.url, "sealed-cookie"));
    const beforeSignIn = jar.clone();
    const body = signatureProof(signInMessage(account.address, nonce), account);
    expect(await postVerify(jar, routesOf(b!.url, "sealed-cookie"), body)).toMatchObject({
      status: 200,
      body: { ok: true, address: account.address },
    });
    expect(await getMe(jar, routesOf(a!.url, "sealed-cookie"))).toMatchObject({ status: 200, body: { address: account.address } });

    const replay = await postVerify(beforeSignIn, routesOf(a!.url, "sealed-cookie"), body);
    expect(replay).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
    expect(await getMe(beforeSignIn, routesOf(a!.url, "sealed-cookie"))).toMatchObject({
      status: 401,
      body: { error: "Not authenticated." },
    });
  });

  it("accepts exactly one of 20 verify requests racing the same proof across both instances", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(a!.url, "sealed-cookie"));
    const body = signatureProof(signInMessage(account.address, nonce), account);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => postVerify(jar.clone(), routesOf((index % 2 === 0 ? a! : b!).url, "sealed-cookie"), body)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // The attempt count is shared through Redis: five proofs judged in all (one wins, four find the
    // nonce used), the fifteen others find it spent, whichever instance they reached.
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === "Nonce has already been used.")).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === "No pending nonce.")).toHaveLength(15);
  });
});
