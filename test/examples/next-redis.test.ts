/**
 * The Next example with REDIS_URL: two server processes with the same SESSION_SECRET (one
 * deployment behind a load balancer) share the Redis nonce store, so a nonce is single-use across
 * both, and a sign-out on one ends copies of the cookie on the other (revoked ids live there too). Without REDIS_URL each process remembers only its own used nonces, which is why the
 * example's README calls that setup single-instance only; the last test shows it.
 * Needs a real Redis at REDIS_URL (default redis://127.0.0.1:6379): with CI set, a missing Redis
 * fails the run.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCookieJar } from "../support/cookie-jar.js";
import { buildNextExample, startNextExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { REDIS_URL, redisAnswers } from "../redis/connect-redis.js";
import {
  APP_DOMAIN,
  getMe,
  getNonce,
  newKeyAccount,
  postSignOut,
  postVerify,
  routesOf,
  signatureProof,
  signInBySignature,
  signInMessage,
} from "./flow.js";

const available = await redisAnswers();
if (!available && process.env.CI === undefined) {
  console.warn(`Redis does not answer at ${REDIS_URL}: skipping the Next + Redis tests (with CI set they fail).`);
}

/** A proof for a nonce issued by `issuer`, signed in on `first`, then replayed with the pre-sign-in cookie on `second`. */
async function replayAcross(issuer: ExampleProcess, first: ExampleProcess, second: ExampleProcess) {
  const jar = createCookieJar();
  const account = newKeyAccount();
  const nonce = await getNonce(jar, routesOf(issuer.url, "sealed-cookie"));
  const beforeSignIn = jar.clone();
  const body = signatureProof(signInMessage(account.address, nonce), account);
  const signedIn = await postVerify(jar, routesOf(first.url, "sealed-cookie"), body);
  const replay = await postVerify(beforeSignIn, routesOf(second.url, "sealed-cookie"), body);
  return { signedIn, replay, replayMe: await getMe(beforeSignIn, routesOf(second.url, "sealed-cookie")), address: account.address };
}

/**
 * Two instances of one deployment (same SESSION_SECRET, `env` on top) and a mock ledger node,
 * started before and stopped after the enclosing describe's tests.
 */
function twoInstances(env: Record<string, string>, checkFirst: () => void = () => {}) {
  const started: { node?: MockRippled; a?: ExampleProcess; b?: ExampleProcess } = {};
  beforeAll(async () => {
    checkFirst();
    await buildNextExample();
    started.node = await startMockRippled();
    const shared = { XRPL_NODE_URL: started.node.url, APP_DOMAIN, SESSION_SECRET: randomBytes(32).toString("hex"), ...env };
    [started.a, started.b] = await Promise.all([startNextExample({ env: shared }), startNextExample({ env: shared })]);
  }, 600_000);
  afterAll(async () => {
    await Promise.all([started.a?.stop(), started.b?.stop()]);
    await started.node?.stop();
  });
  return { serverA: () => started.a!, serverB: () => started.b! };
}

describe.skipIf(!available && process.env.CI === undefined)("Next example with REDIS_URL: two instances, one Redis", () => {
  const { serverA, serverB } = twoInstances({ REDIS_URL }, () => {
    if (!available) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
  });

  it("announces the Redis nonce store", () => {
    expect(serverA().output()).toMatch(/listening on http:\/\/127\.0\.0\.1:\d+ \(nonces in Redis\)/);
  });

  it("refuses a proof and its pre-sign-in cookie replayed on the other instance: 400 Nonce has already been used.", async () => {
    const { signedIn, replay, replayMe, address } = await replayAcross(serverA(), serverA(), serverB());
    expect(signedIn).toMatchObject({ status: 200, body: { ok: true, address } });
    expect(replay).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
    expect(replayMe).toMatchObject({ status: 401, body: { error: "Not authenticated." } });
  });

  it("signs in on one instance with a nonce the other issued (the sealed cookie travels, the used nonce is shared)", async () => {
    const { signedIn, replay } = await replayAcross(serverB(), serverA(), serverA());
    expect(signedIn.status).toBe(200);
    expect(replay).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
  });

  it("ends a cookie copied from instance A on instance B when it signs out on A: 200 before, 401 after", async () => {
    const jar = createCookieJar();
    await signInBySignature(jar, routesOf(serverA().url, "sealed-cookie"));
    const copy = jar.clone();
    expect((await getMe(copy, routesOf(serverB().url, "sealed-cookie"))).status).toBe(200);
    expect((await postSignOut(jar, routesOf(serverA().url, "sealed-cookie"))).status).toBe(200);
    expect(await getMe(copy, routesOf(serverB().url, "sealed-cookie"))).toMatchObject({
      status: 401,
      body: { error: "Not authenticated." },
    });
    expect((await getMe(copy, routesOf(serverA().url, "sealed-cookie"))).status).toBe(401);
  });

  it("accepts exactly one of 20 verify requests racing the same proof across both instances", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    const nonce = await getNonce(jar, routesOf(serverA().url, "sealed-cookie"));
    const body = signatureProof(signInMessage(account.address, nonce), account);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        postVerify(jar.clone(), routesOf((index % 2 === 0 ? serverA() : serverB()).url, "sealed-cookie"), body),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    // Every loser carries the same sealed nonce: the shared store is what refuses it, the four
    // others judged as used, the fifteen past the shared attempt count as spent.
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === "Nonce has already been used.")).toHaveLength(4);
    expect(answers.filter((answer) => answer.status === 400 && answer.body.error === "No pending nonce.")).toHaveLength(15);
  });
});

describe("Next example without REDIS_URL: single instance only", () => {
  const { serverA, serverB } = twoInstances({});

  it("says so when it starts", () => {
    expect(serverA().output()).toMatch(/\(nonces in this process's memory: one instance only\)/);
  });

  it("ends a copied cookie on sign-out only on the instance that signed out; the other still reads it (what REDIS_URL prevents)", async () => {
    const jar = createCookieJar();
    await signInBySignature(jar, routesOf(serverA().url, "sealed-cookie"));
    const copy = jar.clone();
    expect((await postSignOut(jar, routesOf(serverA().url, "sealed-cookie"))).status).toBe(200);
    // B first: A's 401 also tells this browser to drop the cookie.
    expect((await getMe(copy.clone(), routesOf(serverB().url, "sealed-cookie"))).status).toBe(200);
    expect((await getMe(copy, routesOf(serverA().url, "sealed-cookie"))).status).toBe(401);
  });

  it("refuses the replay on the same instance, but a second instance with the same secret signs it in (what REDIS_URL prevents)", async () => {
    const sameInstance = await replayAcross(serverA(), serverA(), serverA());
    expect(sameInstance.replay).toMatchObject({ status: 400, body: { error: "Nonce has already been used." } });
    const otherInstance = await replayAcross(serverA(), serverA(), serverB());
    expect(otherInstance.signedIn.status).toBe(200);
    expect(otherInstance.replay).toMatchObject({ status: 200, body: { ok: true, address: otherInstance.address } });
  });
});
