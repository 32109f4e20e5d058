/**
 * Two provider instances behind one issuer URL, sharing one real Redis (the adapter and the
 * nonce store), the same keys and the same session secret: each request of an authorization
 * goes to either instance, as a load balancer may send it. With CI set a missing Redis fails.
 */
import { randomBytes } from "node:crypto";
import * as client from "openid-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { newPrivateJwk } from "../support/private-jwk.mjs";
import { createVerifier, MAX_FAILED_VERIFY_ATTEMPTS, type Verifier } from "../../src/index.js";
import { createRedisAdapter, type OidcJwks } from "../../src/oidc/index.js";
import { createRedisNonceStore } from "../../src/redis/index.js";
import { connectTestRedis, REDIS_URL, type TestRedisClient } from "../redis/connect-redis.js";
import { newKeyAccount, signatureProof } from "../examples/flow.js";
import {
  followToRedirectUri,
  getInteractionNonce,
  interactionMessage,
  locationOf,
  postInteractionVerify,
  signInteraction,
  startTestProvider,
  via,
  type Interaction,
  type TestProvider,
} from "./harness.js";
import { discoverProvider, exchangeCode, REDIRECT_URI, startAuthorization, type RelyingParty } from "./rp.js";
import { createCookieJar } from "../support/cookie-jar.js";

const connected = await connectTestRedis();
const available = !("reason" in connected);
if (!available && process.env.CI === undefined)
  console.warn(`${connected.reason}: skipping the two-instance provider tests (with CI set they fail).`);

const CLIENT = { client_id: "web-app", client_secret: "relying-party-secret-0123456789abcdef", redirect_uris: [REDIRECT_URI] };

function testJwks(): OidcJwks {
  return { keys: [{ ...(newPrivateJwk("ed25519") as { kty: string }), kid: "test-ed25519", use: "sig" }] };
}

describe.skipIf(!available && process.env.CI === undefined)("two provider instances on one Redis", () => {
  let redis: TestRedisClient;
  let prefix: string;
  let verifier: Verifier;
  // A master key's sign-in asks the ledger whether the account disabled the key.
  let ledger: MockRippled | undefined;
  let a: TestProvider;
  let b: TestProvider;
  let rp: RelyingParty;
  let instanceOf: (url: string) => string;

  beforeAll(async () => {
    if ("reason" in connected) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
    redis = connected.client;
    prefix = `test:oidc2:${randomBytes(6).toString("hex")}:`;
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
    const shared = {
      verifier,
      clients: [CLIENT],
      jwks: testJwks(),
      cookieKeys: [randomBytes(32).toString("hex")],
      adapter: createRedisAdapter(redis, { prefix }),
      nonceStore: createRedisNonceStore(redis, {
        prefix: `${prefix}nonce:`,
        revocationPrefix: `${prefix}revoked:`,
        attemptPrefix: `${prefix}attempts:`,
      }),
    };
    a = await startTestProvider(shared);
    b = await startTestProvider({ ...shared, issuerOrigin: a.url });
    rp = await discoverProvider(a.issuer, CLIENT.client_id, CLIENT.client_secret);
    // The relying party's calls (token, userinfo) go to either instance, turn by turn.
    let turn = 0;
    instanceOf = () => ((turn += 1) % 2 === 0 ? a.url : b.url);
    rp.config[client.customFetch] = (url, options) => fetch(via(instanceOf(url), url), options as RequestInit);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await verifier?.close();
    await ledger?.stop();
    if (redis === undefined) return;
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });

  /** The authorization request goes to A, the interaction's details to B. */
  const beginOnA = async (scope = "openid xrpl", extra: Record<string, string> = {}) => {
    const start = await startAuthorization(rp, scope, extra);
    const jar = createCookieJar();
    const answer = await jar.fetch(via(a.url, start.url), { redirect: "manual" });
    const target = locationOf(answer, a.issuer);
    const uid = /\/interaction\/([^/]+)$/u.exec(target.pathname)![1]!;
    const details = (await (await jar.fetch(via(b.url, `${target.href}/details`))).json()) as Record<string, unknown>;
    const interaction: Interaction = { jar, uid, url: target.href, details };
    return { start, interaction };
  };

  it("an authorization begun on one instance finishes on the other: nonce on A, proof on B, resume on A, tokens and userinfo on either", async () => {
    const { start, interaction } = await beginOnA();
    expect(interaction.details.clientId).toBe("web-app");
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce({ ...interaction, url: via(a.url, interaction.url).href })).body.nonce);
    const body = signatureProof(interactionMessage(interaction, account.address, nonce), account);
    const verified = await postInteractionVerify({ ...interaction, url: via(b.url, interaction.url).href }, body);
    expect(verified).toMatchObject({ status: 200, body: { ok: true, address: account.address } });

    const callback = await followToRedirectUri(interaction.jar, via(a.url, String(verified.body.redirectTo)).href, REDIRECT_URI);
    const tokens = await exchangeCode(rp, start, callback);
    expect(tokens.claims()).toMatchObject({ sub: account.address, xrpl_address: account.address, xrpl_chain_id: "xrpl:0" });
    for (let call = 0; call < 2; call += 1) {
      expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({ xrpl_address: account.address });
    }
  });

  it("a grant whose sign-in record is gone from the shared storage names no account: its tokens stop, and signing in again works", async () => {
    const { start, interaction } = await beginOnA("openid xrpl offline_access", { prompt: "consent" });
    const account = newKeyAccount();
    const verified = await signInteraction(interaction, { account });
    const callback = await followToRedirectUri(interaction.jar, String(verified.body.redirectTo), REDIRECT_URI);
    const tokens = await exchangeCode(rp, start, callback);
    expect(tokens.refresh_token).toBeDefined();
    expect(await client.fetchUserInfo(rp.config, tokens.access_token, account.address)).toMatchObject({ xrpl_address: account.address });

    // The storage loses the sign-in's record (evicted, flushed): nothing that record carries is checked any more, so nothing is served.
    const recordKeys: string[] = [];
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}XrplSignIn:*`, COUNT: 500 })) recordKeys.push(...keys);
    expect(recordKeys.length).toBeGreaterThan(0);
    await redis.del(recordKeys);
    await expect(client.fetchUserInfo(rp.config, tokens.access_token, account.address)).rejects.toMatchObject({ status: 401 });
    await expect(client.refreshTokenGrant(rp.config, tokens.refresh_token!)).rejects.toMatchObject({ error: "invalid_grant" });

    // The same browser signs in again, and its new grant works.
    const again = await startAuthorization(rp, "openid xrpl");
    const answer = await interaction.jar.fetch(via(a.url, again.url), { redirect: "manual" });
    const target = locationOf(answer, a.issuer);
    expect(target.pathname).toMatch(/^\/interaction\//u);
    const next: Interaction = {
      jar: interaction.jar,
      uid: target.pathname.split("/").at(-1)!,
      url: target.href,
      details: interaction.details,
    };
    const second = await signInteraction(next, { account });
    expect(second).toMatchObject({ status: 200 });
    const secondTokens = await exchangeCode(
      rp,
      again,
      await followToRedirectUri(interaction.jar, String(second.body.redirectTo), REDIRECT_URI),
    );
    expect(await client.fetchUserInfo(rp.config, secondTokens.access_token, account.address)).toMatchObject({
      xrpl_address: account.address,
    });
  });

  it("a proof is accepted once, however many copies race to both instances, and refused on either after", async () => {
    const { interaction } = await beginOnA();
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(interaction)).body.nonce);
    const body = signatureProof(interactionMessage(interaction, account.address, nonce), account);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        postInteractionVerify(
          { ...interaction, url: via(index % 2 === 0 ? a.url : b.url, interaction.url).href },
          body,
          interaction.jar.clone(),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(["Nonce has already been used.", "No pending nonce. Request /nonce first."]).toContain(answer.body.error);
    }
    for (const origin of [a.url, b.url]) {
      const again = await postInteractionVerify({ ...interaction, url: via(origin, interaction.url).href }, body);
      expect(again).toMatchObject({ status: 400, body: { error: "No pending nonce. Request /nonce first." } });
    }
  });

  it("a nonce issued on one instance is the interaction's on both: its failed signatures add up across them, and a copy of its cookie is refused on either after the sign-in", async () => {
    const { interaction } = await beginOnA();
    const onA = { ...interaction, url: via(a.url, interaction.url).href };
    const onB = { ...interaction, url: via(b.url, interaction.url).href };
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(onA)).body.nonce);
    // Nothing was written for the nonce: the interaction in Redis has no result yet.
    expect((await b.provider.Interaction.find(interaction.uid))?.result).toBeUndefined();
    const body = signatureProof(interactionMessage(interaction, account.address, nonce), account);
    const copy = interaction.jar.clone();
    const forged = { ...body, signature: signatureProof("other text", account).signature };
    // One attempt short of the limit, spread over both instances.
    for (let attempt = 1; attempt < MAX_FAILED_VERIFY_ATTEMPTS; attempt += 1) {
      expect((await postInteractionVerify(attempt % 2 === 0 ? onA : onB, forged, copy.clone())).status).toBe(401);
    }
    expect(await postInteractionVerify(onB, body)).toMatchObject({ status: 200, body: { ok: true, address: account.address } });
    for (const target of [onA, onB]) {
      expect(await postInteractionVerify(target, body, copy.clone())).toMatchObject({
        status: 400,
        body: { error: "No pending nonce. Request /nonce first." },
      });
    }
  });

  it("a nonce's failed signatures on both instances spend it for every copy of its cookie", async () => {
    const { interaction } = await beginOnA();
    const onA = { ...interaction, url: via(a.url, interaction.url).href };
    const onB = { ...interaction, url: via(b.url, interaction.url).href };
    const account = newKeyAccount();
    const nonce = String((await getInteractionNonce(onB)).body.nonce);
    const body = signatureProof(interactionMessage(interaction, account.address, nonce), account);
    const copy = interaction.jar.clone();
    const forged = { ...body, signature: signatureProof("other text", account).signature };
    for (let attempt = 1; attempt <= MAX_FAILED_VERIFY_ATTEMPTS; attempt += 1) {
      expect((await postInteractionVerify(attempt % 2 === 0 ? onA : onB, forged, copy.clone())).status).toBe(401);
    }
    for (const target of [onA, onB]) {
      expect(await postInteractionVerify(target, body, copy.clone())).toMatchObject({
        status: 400,
        body: { error: "No pending nonce. Request /nonce first." },
      });
    }
  });

  it("an authorization code sent to both instances at once is exchanged once: the other gets invalid_grant", async () => {
    const { start, interaction } = await beginOnA("openid");
    const verified = await signInteraction(interaction);
    const callback = await followToRedirectUri(interaction.jar, String(verified.body.redirectTo), REDIRECT_URI);
    const code = callback.searchParams.get("code")!;
    const exchange = (origin: string) =>
      fetch(`${origin}/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          authorization: `Basic ${Buffer.from(`${CLIENT.client_id}:${CLIENT.client_secret}`).toString("base64")}`,
        },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: REDIRECT_URI,
          code_verifier: start.codeVerifier,
        }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
    const answers = await Promise.all([exchange(a.url), exchange(b.url), exchange(a.url), exchange(b.url)]);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((candidate) => candidate.status !== 200)) {
      expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    }
  });
});
