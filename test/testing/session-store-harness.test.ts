import { RedisStore } from "connect-redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SessionStore } from "../../src/server/types.js";
import { createMemorySessionStore, sessionStoreContract, type ContractCheck, type SessionStoreHarness } from "../../src/testing/index.js";
import { connectTestRedis } from "../redis/connect-redis.js";
import { serveExpressSessions, serveIronSessions, type ServedSessions } from "../support/session-harness.js";

function check(checks: ContractCheck[], namePart: string): ContractCheck {
  const found = checks.find((each) => each.name.includes(namePart));
  if (found === undefined) throw new Error(`no check named like ${namePart}`);
  return found;
}

describe("sessionStoreContract over express-session (MemoryStore), through real requests", () => {
  let served: ServedSessions;
  beforeAll(async () => {
    served = await serveExpressSessions();
  });
  afterAll(() => served.close());
  // newClient is called when a check runs, once the server has started.
  for (const each of sessionStoreContract({ kind: "server-store", newClient: () => served.harness.newClient() })) it(each.name, each.run);
});

const redisConnection = await connectTestRedis();
if ("reason" in redisConnection && process.env.CI) {
  describe("sessionStoreContract over express-session with connect-redis", () => {
    it("needs a Redis server under CI", () => {
      throw new Error(redisConnection.reason);
    });
  });
} else if ("reason" in redisConnection) {
  describe.skip(`sessionStoreContract over connect-redis (skipped: ${redisConnection.reason}; set CI to make this a failure)`, () => {});
} else {
  const redis = redisConnection.client;
  describe("sessionStoreContract over express-session with connect-redis, through real requests", () => {
    let served: ServedSessions;
    beforeAll(async () => {
      served = await serveExpressSessions({ store: new RedisStore({ client: redis, prefix: `siwx-contract-${Date.now()}:` }) });
    });
    afterAll(async () => {
      await served?.close();
      redis.destroy();
    });
    // newClient is called when a check runs, once the server has started.
    for (const each of sessionStoreContract({ kind: "server-store", newClient: () => served.harness.newClient() })) it(each.name, each.run);
  });
}

describe("sessionStoreContract over iron-session's sealed cookie, through real requests", () => {
  let served: ServedSessions;
  beforeAll(async () => {
    served = await serveIronSessions({
      cookieName: "siwx_contract",
      password: "a test password of at least 32 characters!!",
      cookieOptions: { secure: false },
    });
  });
  afterAll(() => served.close());
  // newClient is called when a check runs, once the server has started.
  for (const each of sessionStoreContract({ kind: "sealed-cookie", newClient: () => served.harness.newClient() })) it(each.name, each.run);
});

describe("sessionStoreContract catches the bugs that only show across requests", () => {
  it("fails a store that keeps nothing for the next request", async () => {
    const forgetful: SessionStoreHarness = {
      kind: "sealed-cookie",
      newClient: () => ({
        request: (use) => use(createMemorySessionStore()),
        clone() {
          return this;
        },
      }),
    };
    const checks = sessionStoreContract(forgetful);
    await expect(check(checks, "the next request sees").run()).rejects.toThrow(
      /next request after set\(full record\): get\(\)\.pendingNonce is undefined/,
    );
    // The within-one-request checks cannot see it: they pass.
    await expect(check(checks, "set persists every field").run()).resolves.toBeUndefined();
  });

  it("fails a store shared by every client", async () => {
    const shared = createMemorySessionStore();
    const leaky: SessionStoreHarness = {
      kind: "sealed-cookie",
      newClient: () => ({
        request: (use) => use(shared),
        clone() {
          return this;
        },
      }),
    };
    await expect(check(sessionStoreContract(leaky), "two clients never see").run()).rejects.toThrow(/another client's first request/);
  });

  describe("over real express-session", () => {
    const broken: { name: string; wrap: (store: SessionStore) => SessionStore; check: string; error: RegExp }[] = [
      {
        name: "a regenerate that empties the record but keeps the session id",
        wrap: (store) => ({ ...store, get: store.get, set: store.set, destroy: store.destroy, regenerate: () => store.set({}) }),
        check: "regenerate retires the old session id",
        error:
          /a copy of the cookie taken before regenerate\(\): get\(\)\.address is "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh", expected undefined/,
      },
      {
        name: "a destroy that does nothing",
        wrap: (store) => ({ get: store.get, set: store.set, destroy: () => {}, regenerate: store.regenerate!.bind(store) }),
        check: "destroy ends the session: the next request",
        error: /next request after destroy\(\)/,
      },
      {
        name: "a server-side store without regenerate",
        wrap: (store) => ({ get: store.get, set: store.set, destroy: store.destroy }),
        check: "regenerate retires the old session id",
        error: /needs regenerate\(\)/,
      },
    ];
    for (const { name, wrap, check: checkName, error } of broken) {
      it(`fails ${name}`, async () => {
        const served = await serveExpressSessions({ wrap });
        try {
          await expect(check(sessionStoreContract(served.harness), checkName).run()).rejects.toThrow(error);
        } finally {
          await served.close();
        }
      });
    }
  });

  it("refuses a harness without newClient or with an unknown kind", () => {
    expect(() => sessionStoreContract({} as SessionStoreHarness)).toThrow(/takes a harness \{ kind, newClient\(\) \}/);
    expect(() => sessionStoreContract({ kind: "cookie", newClient: () => ({}) } as unknown as SessionStoreHarness)).toThrow(
      /"server-store" or "sealed-cookie"/,
    );
  });
});
