/**
 * The Redis adapter on a real Redis (REDIS_URL, default redis://127.0.0.1:6379; with CI set a
 * missing Redis fails the run): what oidc-provider's adapter interface promises, entry by entry,
 * and the single use of codes under a race. Every test writes under its own key prefix.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisAdapter, type OidcAdapterFactory } from "../../src/oidc/index.js";
import { connectTestRedis, REDIS_URL, type TestRedisClient } from "../redis/connect-redis.js";

const connected = await connectTestRedis();
const available = !("reason" in connected);
if (!available && process.env.CI === undefined)
  console.warn(`${connected.reason}: skipping the Redis adapter tests (with CI set they fail).`);

describe.skipIf(!available && process.env.CI === undefined)("createRedisAdapter on a real Redis", () => {
  let redis: TestRedisClient;
  let prefix: string;
  let adapter: OidcAdapterFactory;

  beforeAll(() => {
    if ("reason" in connected) throw new Error(`Redis does not answer at ${REDIS_URL} (CI is set: Redis is required).`);
    redis = connected.client;
    prefix = `test:oidc:${randomBytes(6).toString("hex")}:`;
    adapter = createRedisAdapter(redis, { prefix });
  });
  afterAll(async () => {
    if (redis === undefined) return;
    for await (const keys of redis.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) if (keys.length > 0) await redis.del(keys);
    await redis.close();
  });

  it("stores a payload for its lifetime, finds it as it was (empty arrays and nested objects included), and forgets it after", async () => {
    const payload = { jti: "a1", kind: "Grant", openid: { scope: "openid xrpl", claims: [] }, rejected: {}, exp: 1 };
    await adapter("Grant").upsert("a1", payload, 1);
    expect(await adapter("Grant").find("a1")).toEqual(payload);
    expect(await adapter("Session").find("a1")).toBeUndefined();
    expect(await redis.ttl(`${prefix}Grant:a1`)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    expect(await adapter("Grant").find("a1")).toBeUndefined();
  });

  it("replaces an entry on upsert and removes it on destroy", async () => {
    await adapter("Interaction").upsert("i1", { jti: "i1", step: 1 }, 60);
    await adapter("Interaction").upsert("i1", { jti: "i1", step: 2 }, 60);
    expect(await adapter("Interaction").find("i1")).toEqual({ jti: "i1", step: 2 });
    await adapter("Interaction").destroy("i1");
    expect(await adapter("Interaction").find("i1")).toBeUndefined();
  });

  it("finds a session by its uid and a device code by its user code", async () => {
    await adapter("Session").upsert("s1", { jti: "s1", uid: "uid-1", accountId: "rAccount" }, 60);
    expect(await adapter("Session").findByUid("uid-1")).toEqual({ jti: "s1", uid: "uid-1", accountId: "rAccount" });
    expect(await adapter("Session").findByUid("uid-2")).toBeUndefined();
    await adapter("DeviceCode").upsert("d1", { jti: "d1", userCode: "ABCD-EFGH" }, 60);
    expect(await adapter("DeviceCode").findByUserCode("ABCD-EFGH")).toEqual({ jti: "d1", userCode: "ABCD-EFGH" });
  });

  it("marks an entry consumed once; a second consume answers invalid_grant and revokes every token of its grant", async () => {
    await adapter("AuthorizationCode").upsert("c1", { jti: "c1", grantId: "g1" }, 60);
    await adapter("AccessToken").upsert("t1", { jti: "t1", grantId: "g1" }, 3600);
    await adapter("RefreshToken").upsert("r1", { jti: "r1", grantId: "g1" }, 86_400);
    await adapter("AuthorizationCode").consume("c1");
    const consumed = await adapter("AuthorizationCode").find("c1");
    expect(consumed).toMatchObject({ jti: "c1", grantId: "g1", consumed: expect.any(Number) });
    await expect(adapter("AuthorizationCode").consume("c1")).rejects.toMatchObject({
      message: "invalid_grant",
      expose: true,
      statusCode: 400,
      error_description: "grant request is invalid",
    });
    expect(await adapter("AccessToken").find("t1")).toBeUndefined();
    expect(await adapter("RefreshToken").find("r1")).toBeUndefined();
  });

  it("of 20 racing consumes of one code, exactly one succeeds", async () => {
    await adapter("AuthorizationCode").upsert("c2", { jti: "c2", grantId: "g2" }, 60);
    const outcomes = await Promise.allSettled(Array.from({ length: 20 }, () => adapter("AuthorizationCode").consume("c2")));
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
  });

  it("revokes a grant: its codes and tokens go, other grants' stay, and the index lives as long as its longest member", async () => {
    await adapter("AccessToken").upsert("t3", { jti: "t3", grantId: "g3" }, 60);
    await adapter("RefreshToken").upsert("r3", { jti: "r3", grantId: "g3" }, 86_400);
    await adapter("AccessToken").upsert("t4", { jti: "t4", grantId: "g4" }, 60);
    const indexTtl = await redis.ttl(`${prefix}grant:g3`);
    expect(indexTtl).toBeGreaterThan(86_000);
    await adapter("AccessToken").revokeByGrantId("g3");
    expect(await adapter("AccessToken").find("t3")).toBeUndefined();
    expect(await adapter("RefreshToken").find("r3")).toBeUndefined();
    expect(await adapter("AccessToken").find("t4")).toEqual({ jti: "t4", grantId: "g4" });
  });

  it("refuses a client that is not node-redis, and an empty prefix", () => {
    expect(() => createRedisAdapter({} as never)).toThrow(/^sign-in-with-xrpl: createRedisAdapter needs a connected node-redis v5 client/u);
    expect(() => createRedisAdapter(redis, { prefix: "" })).toThrow(/`prefix` must be a non-empty string/u);
  });
});
