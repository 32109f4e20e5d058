/**
 * The OpenID Provider example with REDIS_URL: two processes behind one issuer (one deployment
 * behind a load balancer) share the provider's state and the nonces in Redis. An authorization
 * begun on one finishes on the other, a proof used on one is refused on the other, and Redis is
 * reached with the credentials of REDIS_URL (a user of its own, allowed only the keys under
 * REDIS_KEY_PREFIX).
 * Needs a real Redis at REDIS_URL (default redis://127.0.0.1:6379): with CI set, a missing Redis
 * fails the run.
 */
import { randomBytes } from "node:crypto";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcExample, runExampleUntilExit, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { connectTestRedis, REDIS_URL, type TestRedisClient } from "../redis/connect-redis.js";
import { createCookieJar } from "../support/cookie-jar.js";
import {
  getInteractionNonce,
  interactionMessage,
  locationOf,
  postInteractionVerify,
  followToRedirectUri,
  via,
  type Interaction,
} from "../oidc/harness.js";
import { discoverProvider, exchangeCode, REDIRECT_URI, startAuthorization, type RelyingParty } from "../oidc/rp.js";
import { newKeyAccount, signatureProof } from "./flow.js";
import { CLIENT_SECRET, jwksSetting, OIDC_CLIENTS } from "./oidc-settings.js";

const connected = await connectTestRedis();
const available = !("reason" in connected);
if (!available && process.env.CI === undefined)
  console.warn(`${connected.reason}: skipping the OpenID Provider + Redis tests (with CI set they fail).`);

describe.skipIf(!available && process.env.CI === undefined)("OpenID Provider example with REDIS_URL: two instances, one Redis", () => {
  let admin: TestRedisClient;
  let node: MockRippled | undefined;
  let a: ExampleProcess | undefined;
  let b: ExampleProcess | undefined;
  let rp: RelyingParty;
  const user = `siwx-oidc-test-${randomBytes(4).toString("hex")}`;
  const password = randomBytes(16).toString("hex");
  // Keys of this run only, removed afterwards: the Redis is shared.
  const prefix = `test:oidc-example:${randomBytes(6).toString("hex")}:`;
  let redisUrl: string;

  beforeAll(async () => {
    if ("reason" in connected) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
    admin = connected.client;
    // A Redis user of its own that may touch the provider's keys only: the example must log in as it.
    await admin.sendCommand(["ACL", "SETUSER", user, "on", `>${password}`, `~${prefix}*`, "+@all"]);
    const url = new URL(REDIS_URL);
    url.username = user;
    url.password = password;
    redisUrl = url.href;
    node = await startMockRippled();
    const shared = {
      XRPL_NODE_URL: node.url,
      OIDC_CLIENTS,
      OIDC_JWKS: jwksSetting("ed25519"),
      OIDC_COOKIE_KEYS: randomBytes(32).toString("hex"),
      REDIS_URL: redisUrl,
      REDIS_KEY_PREFIX: prefix,
      NONCE_RATE_LIMIT: "1000",
      VERIFY_RATE_LIMIT: "1000",
    };
    a = await startOidcExample({ env: shared });
    b = await startOidcExample({ env: { ...shared, OIDC_ISSUER: a.url } });
    rp = await discoverProvider(a.url, "web-app", CLIENT_SECRET);
    // The relying party's own calls go to either instance, turn by turn.
    let turn = 0;
    rp.config[client.customFetch] = (url, options) => fetch(via((turn += 1) % 2 === 0 ? a!.url : b!.url, url), options as RequestInit);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await node?.stop();
    if (admin === undefined) return;
    await admin.sendCommand(["ACL", "DELUSER", user]);
    for await (const keys of admin.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await admin.del(keys);
    await admin.close();
  });

  it("announces Redis, without its password", () => {
    expect(a!.output()).toMatch(/state in Redis at redis:\/\/siwx-oidc-test-[0-9a-f]+:\*\*\*@/u);
    expect(a!.output()).not.toContain(password);
    expect(a!.output()).not.toMatch(/REDIS_URL is not set/u);
  });

  it("finishes on one instance an authorization begun on the other: authorize and nonce on A, proof and resume on B, tokens on both", async () => {
    const start = await startAuthorization(rp, "openid xrpl");
    const jar = createCookieJar();
    const target = locationOf(await jar.fetch(via(a!.url, start.url), { redirect: "manual" }), a!.url);
    const uid = /\/interaction\/([^/]+)$/u.exec(target.pathname)![1]!;
    const details = (await (await jar.fetch(via(b!.url, `${target.href}/details`))).json()) as Record<string, unknown>;
    const onA: Interaction = { jar, uid, url: via(a!.url, target).href, details };
    const onB: Interaction = { ...onA, url: via(b!.url, target).href };

    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(onA)).body.nonce);
    const proof = signatureProof(interactionMessage(onA, account.address, nonce), account);
    const verified = await postInteractionVerify(onB, proof);
    expect(verified).toMatchObject({ status: 200, body: { ok: true, address: account.address } });

    // The same proof again, on the other instance: the nonce it names is used up there too.
    expect(await postInteractionVerify(onA, proof)).toMatchObject({
      status: 400,
      body: { error: "No pending nonce. Request /nonce first." },
    });

    const callback = await followToRedirectUri(jar, via(b!.url, String(verified.body.redirectTo)).href, REDIRECT_URI);
    const tokens = await exchangeCode(rp, start, callback);
    expect(tokens.claims()).toMatchObject({ sub: account.address, xrpl_address: account.address });
    for (let call = 0; call < 2; call += 1) {
      expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({ xrpl_address: account.address });
    }
  });

  it("takes the page's one call on one instance and the proof on the other: start on A, verify on B", async () => {
    const start = await startAuthorization(rp, "openid");
    const jar = createCookieJar();
    const target = locationOf(await jar.fetch(via(b!.url, start.url), { redirect: "manual" }), b!.url);
    const uid = /\/interaction\/([^/]+)$/u.exec(target.pathname)![1]!;
    const started = await jar.fetch(via(a!.url, `${target.href}/start`));
    expect(started.status).toBe(200);
    const { nonce, ...details } = (await started.json()) as Record<string, unknown>;
    const onB: Interaction = { jar, uid, url: via(b!.url, target).href, details };
    const account = newKeyAccount();
    const proof = signatureProof(interactionMessage(onB, account.address, String(nonce)), account);
    expect(await postInteractionVerify(onB, proof)).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
  });

  it("refuses to start when REDIS_URL's password is wrong, without printing it", async () => {
    const wrong = new URL(redisUrl);
    wrong.password = "not-the-password";
    const result = await runExampleUntilExit("oidc", {
      env: { XRPL_NODE_URL: "ws://127.0.0.1:9", OIDC_CLIENTS, REDIS_URL: wrong.href, REDIS_KEY_PREFIX: prefix },
      timeoutMs: 20_000,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(
      /Cannot start the example: Redis does not answer at REDIS_URL \(redis:\/\/siwx-oidc-test-[0-9a-f]+:\*\*\*@/u,
    );
    expect(result.output).not.toContain("not-the-password");
  });
});
