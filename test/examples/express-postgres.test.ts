/**
 * The Express example with DATABASE_URL: sessions through connect-pg-simple and nonces through
 * createPostgresNonceStore, shared by two server processes. Needs a real PostgreSQL at
 * DATABASE_URL (default the local server); each run works in a schema of its own, dropped at the
 * end. With CI set, a missing PostgreSQL fails the run.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectTestPostgres, DATABASE_URL, type TestDatabase } from "../postgres/connect-postgres.js";
import { freePort, runExampleUntilExit, startExpressExample, type ExampleProcess } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { APP_DOMAIN } from "./flow.js";
import { itSharesSessionsAndNoncesAcrossTwoProcesses } from "./two-processes.js";

const database = await connectTestPostgres();
if ("reason" in database && process.env.CI === undefined) {
  console.warn(`${database.reason}: skipping the Express + PostgreSQL tests (with CI set they fail).`);
}

/** DATABASE_URL with the run's schema first on the search path, so every unqualified table lands in it. */
function urlForSchema(schema: string): string {
  const url = new URL(DATABASE_URL);
  url.searchParams.set("options", `-c search_path=${schema}`);
  return url.toString();
}

/** Asserts one clean line naming DATABASE_URL and no stack trace. */
function expectCleanRefusal(result: { code: number | null; output: string; timedOut: boolean }, reason: RegExp): void {
  expect(result.timedOut).toBe(false);
  expect(result.code).toBe(1);
  const lines = result.output.trim().split("\n");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Cannot start the example: .*DATABASE_URL/);
  expect(lines[0]).toMatch(reason);
  expect(result.output).not.toMatch(/^\s+at /m);
}

describe.skipIf("reason" in database && process.env.CI === undefined)(
  "Express example with DATABASE_URL: two processes, one database",
  () => {
    let node: MockRippled;
    let serverA: ExampleProcess;
    let serverB: ExampleProcess;
    let db: TestDatabase;

    beforeAll(async () => {
      if ("reason" in database) throw new Error(`${database.reason} (CI is set: PostgreSQL is required).`);
      db = database;
      node = await startMockRippled();
      // Same secret: the two processes are one deployment behind a load balancer. Started together,
      // they also race to create the tables.
      const env = {
        XRPL_NODE_URL: node.url,
        APP_DOMAIN,
        DATABASE_URL: urlForSchema(db.schema),
        SESSION_SECRET: "p".repeat(16) + Math.random().toString(36).slice(2).padEnd(24, "0"),
      };
      [serverA, serverB] = await Promise.all([startExpressExample({ env }), startExpressExample({ env })]);
    });

    afterAll(async () => {
      await Promise.all([serverA?.stop(), serverB?.stop()]);
      await node?.stop();
      await db?.drop();
    });

    it("announces the PostgreSQL stores and created their tables in the database", async () => {
      expect(serverA.output()).toMatch(/sessions and nonces in PostgreSQL/);
      const { rows } = await db.pool.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name",
        [db.schema],
      );
      expect(rows.map((row) => row.table_name)).toEqual(["siwx_attempts", "siwx_nonces", "siwx_revocations", "siwx_sessions"]);
    });

    itSharesSessionsAndNoncesAcrossTwoProcesses(
      () => ({ serverA, serverB, node }),
      async (nonce) => {
        const used = await db.pool.query(`SELECT 1 FROM "${db.schema}"."siwx_nonces" WHERE nonce = $1`, [nonce]);
        expect(used.rows).toHaveLength(1);
      },
    );
  },
);

describe("Express example with a DATABASE_URL it cannot use", () => {
  const env = { XRPL_NODE_URL: "ws://127.0.0.1:9", APP_DOMAIN };

  it("stops with one line when DATABASE_URL is not a postgres:// URL", async () => {
    const result = await runExampleUntilExit("express", { env: { ...env, DATABASE_URL: "mysql://root@127.0.0.1/app" } });
    expectCleanRefusal(result, /must be a URL such as postgres:\/\/user:password@host:5432\/database/);
  });

  it("stops with one line, password hidden, when nothing answers at DATABASE_URL", async () => {
    const port = await freePort();
    const result = await runExampleUntilExit("express", { env: { ...env, DATABASE_URL: `postgres://app:s3cret@127.0.0.1:${port}/app` } });
    expectCleanRefusal(result, /does not answer or refuses the connection: .*ECONNREFUSED/);
    expect(result.output).not.toContain("s3cret");
  });

  it.skipIf("reason" in database && process.env.CI === undefined)("stops with one line when the server refuses the user", async () => {
    const url = new URL(DATABASE_URL);
    url.username = "siwx_no_such_user";
    const result = await runExampleUntilExit("express", { env: { ...env, DATABASE_URL: url.toString() } });
    expectCleanRefusal(result, /role "siwx_no_such_user" does not exist/);
  });

  it("stops with one line when both REDIS_URL and DATABASE_URL are set", async () => {
    const result = await runExampleUntilExit("express", { env: { ...env, DATABASE_URL, REDIS_URL: "redis://127.0.0.1:6379" } });
    expectCleanRefusal(result, /set REDIS_URL or DATABASE_URL, not both/);
  });
});
