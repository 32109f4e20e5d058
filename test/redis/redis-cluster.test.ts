/**
 * createRedisNonceStore on a real Redis Cluster: three masters started on loopback by the test
 * (test/support/redis-cluster.mjs) and stopped after. The store sends single-key commands only, so a
 * node-redis cluster client (`createCluster`) routes each to the master of its key's slot: the
 * contract suites pass as on one server, the keys land on every master, and two processes racing
 * on the same nonces get exactly one `true` each. With CI set, a missing redis-server fails the run.
 */
import { createClient } from "redis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createRedisNonceStore } from "../../src/redis/index.js";
import { nonceStoreContract, revocationStoreContract } from "../../src/testing/index.js";
import { raceVerifiesAcrossTwoServers } from "../server/support.js";
import { startRaceProcesses, type RaceProcesses } from "../support/race-processes.js";
import { startTestRedisCluster, type TestRedisCluster } from "../support/redis-cluster.mjs";

const started = await startTestRedisCluster();

if ("reason" in started) {
  if (process.env.CI) {
    describe("createRedisNonceStore on Redis Cluster", () => {
      it("needs redis-server and redis-cli under CI", () => {
        throw new Error(`${started.reason}: the Redis Cluster tests start a cluster of their own.`);
      });
    });
  } else {
    console.warn(`test/redis cluster tests skipped: ${started.reason} (set CI to make this a failure)`);
    describe.skip(`createRedisNonceStore on Redis Cluster (skipped: ${started.reason}; set CI to make this a failure)`, () => {
      it("runs the contracts on a three-master cluster", () => {});
    });
  }
} else {
  const cluster: TestRedisCluster = started;
  const prefix = `siwx-cluster:${process.pid}:`;
  let client: Awaited<ReturnType<TestRedisCluster["connect"]>>;

  beforeAll(async () => {
    client = await cluster.connect();
  });
  afterAll(async () => {
    await cluster.stop();
  });

  describe("createRedisNonceStore: NonceStore contract on a three-master Redis Cluster", () => {
    for (const check of nonceStoreContract(() => createRedisNonceStore(client, { prefix: `${prefix}nonce:` }), {
      parallelCalls: 100,
      requireCountAttempt: true,
    })) {
      it(check.name, check.run);
    }
  });

  describe("createRedisNonceStore: RevocationStore contract on a three-master Redis Cluster", () => {
    for (const check of revocationStoreContract(() =>
      createRedisNonceStore(client, { prefix: `${prefix}nonce:`, revocationPrefix: `${prefix}revoked:` }),
    )) {
      it(check.name, check.run);
    }
  });

  describe("createRedisNonceStore on Redis Cluster", () => {
    it("spreads its keys over every master: each single-key command goes to the master of its slot", async () => {
      const store = createRedisNonceStore(client, { prefix: `${prefix}spread:`, revocationPrefix: `${prefix}spread-revoked:` });
      for (let index = 0; index < 60; index += 1) {
        expect(await store.consume(`spread${index}`, 60_000)).toBe(true);
        await store.revoke(`session${index}`, 60_000);
        expect(await store.isRevoked(`session${index}`)).toBe(true);
      }
      const counts = await Promise.all(
        cluster.nodeUrls.map(async (url) => {
          const node = await createClient({ url })
            .on("error", () => {})
            .connect();
          try {
            return (await node.keys(`${prefix}spread*`)).length;
          } finally {
            node.destroy();
          }
        }),
      );
      expect(counts.reduce((sum, count) => sum + count, 0)).toBe(120);
      expect(counts.every((count) => count > 0)).toBe(true);
    });

    it("lets exactly one of 20 racing verifies through two handler sets (two servers), each with its own cluster client", async () => {
      const other = await cluster.connect();
      const results = await raceVerifiesAcrossTwoServers([
        createRedisNonceStore(client, { prefix: `${prefix}nonce:` }),
        createRedisNonceStore(other, { prefix: `${prefix}nonce:` }),
      ]);
      expect(results.filter((result) => result.status === 200)).toHaveLength(1);
      // One attempt count shared by both servers: five judged in all, the other fifteen found the nonce spent.
      expect(results.filter((result) => result.body.error === "Nonce has already been used.")).toHaveLength(4);
      expect(results.filter((result) => result.body.error === "No pending nonce.")).toHaveLength(15);
    });

    describe("two server processes, one cluster", () => {
      let races: RaceProcesses;

      beforeAll(async () => {
        // The children run the store from the source of this checkout, bundled once.
        races = await startRaceProcesses("src/redis/index.ts");
      });
      afterAll(async () => {
        await races.stop();
      });

      async function startRaceProcess(racePrefix: string): Promise<(nonces: string[], startAt: number) => Promise<string[]>> {
        const child = await races.spawn("test/redis/cluster-race-child.mjs", [
          races.storeModuleUrl,
          JSON.stringify(cluster.nodeUrls),
          racePrefix,
        ]);
        return async (nonces, startAt) => (await child.round({ nonces, ttlMs: 60_000, startAt })).won as string[];
      }

      it("gives exactly one winner per nonce across two processes, round after round", async () => {
        const racePrefix = `${prefix}race:`;
        const processes = await Promise.all([startRaceProcess(racePrefix), startRaceProcess(racePrefix)]);
        const winsPerProcess = [0, 0];
        for (let round = 0; round < 5; round += 1) {
          const nonces = Array.from({ length: 200 }, (_, index) => `race${round}n${index}`);
          const startAt = Date.now() + 200;
          const results = await Promise.all(processes.map((race) => race(nonces, startAt)));
          const wins = new Map(nonces.map((nonce) => [nonce, 0]));
          results.forEach((won, index) => {
            winsPerProcess[index]! += won.length;
            for (const nonce of won) wins.set(nonce, wins.get(nonce)! + 1);
          });
          expect([...wins.values()].filter((count) => count !== 1)).toEqual([]);
        }
        // Both processes won some: they really raced.
        expect(winsPerProcess.every((count) => count > 0)).toBe(true);
      });
    });
  });
}
