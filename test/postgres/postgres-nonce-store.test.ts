/**
 * createPostgresNonceStore on a real PostgreSQL (DATABASE_URL, default the local server), in a
 * schema created for this run and dropped at the end. With CI set, a missing server fails the run.
 */
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { InvalidOptionsError, StoreUnavailableError } from "../../src/errors.js";
import { createPostgresNonceStore, postgresNonceStoreMigration } from "../../src/postgres/index.js";
import { nonceStoreContract, revocationStoreContract } from "../../src/testing/index.js";
import { raceVerifiesAcrossTwoServers } from "../server/support.js";
import { freePort } from "../support/example-process.js";
import { REPO_ROOT, startRaceProcesses, type RaceProcesses } from "../support/race-processes.js";
import { connectTestPostgres, DATABASE_URL, testPool, uniqueName } from "./connect-postgres.js";
import { startSilentServer, startTcpProxy } from "./tcp-proxy.js";

const database = await connectTestPostgres();
const MINUTE_MS = 60_000;

function urlWithPort(port: number): string {
  const url = new URL(DATABASE_URL);
  url.hostname = "127.0.0.1";
  url.port = String(port);
  return url.toString();
}

/** One connection: its statements run in the order they are sent, which makes background work observable. */
async function connectClient(): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  client.on("error", () => {});
  await client.connect();
  return client;
}

async function rowCount(client: pg.Pool | pg.Client, table: string): Promise<number> {
  const { rows } = await client.query<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`);
  return rows[0]!.count;
}

if ("reason" in database) {
  if (process.env.CI) {
    describe("createPostgresNonceStore (real PostgreSQL)", () => {
      it("needs a PostgreSQL server under CI", () => {
        throw new Error(`${database.reason}. Start PostgreSQL or set DATABASE_URL.`);
      });
    });
  } else {
    console.warn(`test/postgres skipped: ${database.reason} (set CI to make a missing PostgreSQL a failure)`);
    describe.skip(`createPostgresNonceStore (skipped: ${database.reason}; set CI to make this a failure)`, () => {
      it("runs the contracts against PostgreSQL", () => {});
    });
  }
} else {
  const { pool, schema } = database;
  const nonces = `"${schema}"."siwx_nonces"`;
  const revocations = `"${schema}"."siwx_revocations"`;
  afterAll(async () => {
    await database.drop();
  });

  /** Table names of their own in the run's schema, so a check sees only its own rows. */
  function ownTables(name: string): { schema: string; table: string; revocationTable: string; attemptTable: string } {
    const table = uniqueName(name);
    return { schema, table, revocationTable: `${table}_r`, attemptTable: `${table}_a` };
  }

  describe("createPostgresNonceStore: NonceStore contract on a real PostgreSQL", () => {
    for (const check of nonceStoreContract(() => createPostgresNonceStore(pool, { schema }), {
      parallelCalls: 100,
      requireCountAttempt: true,
    })) {
      it(check.name, check.run);
    }
  });

  describe("createPostgresNonceStore: RevocationStore contract on a real PostgreSQL", () => {
    for (const check of revocationStoreContract(() => createPostgresNonceStore(pool, { schema }))) it(check.name, check.run);
  });

  describe("createPostgresNonceStore: two server processes, one database", () => {
    let races: RaceProcesses;

    beforeAll(async () => {
      // The children run the store from the source of this checkout, bundled once.
      races = await startRaceProcesses("src/postgres/index.ts");
    });

    afterAll(async () => {
      await races.stop();
    });

    interface RaceProcess {
      round(nonces: string[], ttlMs: number, now: number): Promise<string[]>;
    }

    async function startRaceProcess(moduleUrl: string, raceSchema: string): Promise<RaceProcess> {
      const child = await races.spawn("test/postgres/race-child.mjs", [moduleUrl, DATABASE_URL, raceSchema]);
      return {
        async round(roundNonces, ttlMs, now) {
          return (await child.round({ nonces: roundNonces, ttlMs, now })).won as string[];
        },
      };
    }

    /** Per nonce, how many of the processes got `true`. */
    async function race(processes: RaceProcess[], roundNonces: string[], ttlMs: number, now: number): Promise<Map<string, number>> {
      const results = await Promise.all(processes.map((each) => each.round(roundNonces, ttlMs, now)));
      const wins = new Map(roundNonces.map((nonce) => [nonce, 0]));
      for (const won of results) for (const nonce of won) wins.set(nonce, (wins.get(nonce) ?? 0) + 1);
      return wins;
    }

    it("gives exactly one winner per nonce across two processes, first use and again after expiry", async () => {
      // A schema of its own, so both processes also race to create the tables.
      const raceSchema = uniqueName("siwx_race");
      await pool.query(`CREATE SCHEMA "${raceSchema}"`);
      try {
        const processes = await Promise.all([
          startRaceProcess(races.storeModuleUrl, raceSchema),
          startRaceProcess(races.storeModuleUrl, raceSchema),
        ]);
        const raceNonces = Array.from({ length: 300 }, (_, index) => `race${index}n${process.pid}`);
        const start = 1_800_000_000_000;

        const first = await race(processes, raceNonces, MINUTE_MS, start);
        expect([...first.values()].filter((wins) => wins !== 1)).toEqual([]);

        // Still within the TTL: nobody wins.
        const replay = await race(processes, raceNonces, MINUTE_MS, start + MINUTE_MS - 1);
        expect([...replay.values()].filter((wins) => wins !== 0)).toEqual([]);

        // Past it: each expired row is taken over by exactly one of the racers.
        const again = await race(processes, raceNonces, MINUTE_MS, start + MINUTE_MS);
        expect([...again.values()].filter((wins) => wins !== 1)).toEqual([]);
      } finally {
        await pool.query(`DROP SCHEMA "${raceSchema}" CASCADE`);
      }
    });

    it("tells a broken store from a correct one: two statements (read, then write) give several winners", async () => {
      const raceSchema = uniqueName("siwx_broken");
      await pool.query(`CREATE SCHEMA "${raceSchema}"`);
      await pool.query(`CREATE TABLE "${raceSchema}"."broken_nonces" (nonce text PRIMARY KEY, expires_at bigint NOT NULL)`);
      try {
        const brokenUrl = pathToFileURL(join(REPO_ROOT, "test/postgres/check-then-insert-store.mjs")).href;
        const processes = await Promise.all([startRaceProcess(brokenUrl, raceSchema), startRaceProcess(brokenUrl, raceSchema)]);
        const raceNonces = Array.from({ length: 100 }, (_, index) => `broken${index}n${process.pid}`);
        const wins = await race(processes, raceNonces, MINUTE_MS, Date.now());
        expect([...wins.values()].filter((count) => count > 1).length).toBeGreaterThan(0);
      } finally {
        await pool.query(`DROP SCHEMA "${raceSchema}" CASCADE`);
      }
    });
  });

  describe("createPostgresNonceStore", () => {
    it("refuses a nonce until exactly its TTL has passed, by the injected clock", async () => {
      let now = 1_700_000_000_000;
      const store = createPostgresNonceStore(pool, { schema, now: () => now });
      expect(await store.consume("clocknonce01", 1000)).toBe(true);
      now += 999;
      expect(await store.consume("clocknonce01", 1000)).toBe(false);
      now += 1;
      expect(await store.consume("clocknonce01", 1000)).toBe(true);
      expect(await store.consume("clocknonce01", 1000)).toBe(false);
    });

    it("keeps an id revoked until exactly its TTL has passed, extended and never shortened", async () => {
      let now = 1_700_000_000_000;
      const store = createPostgresNonceStore(pool, { schema, now: () => now });
      await store.revoke("clocksession", 1000);
      await store.revoke("clocksession", 5000);
      await store.revoke("clocksession", 10);
      now += 4999;
      expect(await store.isRevoked("clocksession")).toBe(true);
      now += 1;
      expect(await store.isRevoked("clocksession")).toBe(false);
    });

    it("keeps nonces and revoked ids in their own tables", async () => {
      const store = createPostgresNonceStore(pool, { schema });
      expect(await store.consume("tablenonce01", MINUTE_MS)).toBe(true);
      await store.revoke("tablesession", MINUTE_MS);
      const { rows: nonceRows } = await pool.query(`SELECT nonce FROM ${nonces} WHERE nonce IN ('tablenonce01', 'tablesession')`);
      const { rows: idRows } = await pool.query(`SELECT id FROM ${revocations} WHERE id IN ('tablenonce01', 'tablesession')`);
      expect(nonceRows).toEqual([{ nonce: "tablenonce01" }]);
      expect(idRows).toEqual([{ id: "tablesession" }]);
    });

    it("prunes expired rows in the background, at most once per interval, keeping live ones", async () => {
      const names = ownTables("prune");
      const { table } = names;
      // The count below runs after the pruning the consume before it started.
      const client = await connectClient();
      try {
        let now = 1_700_000_000_000;
        const store = createPostgresNonceStore(client, { ...names, now: () => now, pruneIntervalMs: 1000 });
        for (const nonce of ["old1", "old2", "old3"]) expect(await store.consume(nonce, 100)).toBe(true);
        await store.revoke("oldsession", 100);
        now += 500;
        expect(await store.consume("live1", 10 * MINUTE_MS)).toBe(true);
        // Within the interval since the first call's pruning: nothing deleted yet.
        expect(await rowCount(client, `"${schema}"."${table}"`)).toBe(4);
        now += 500;
        expect(await store.consume("live2", 10 * MINUTE_MS)).toBe(true);
        expect(await rowCount(client, `"${schema}"."${table}"`)).toBe(2);
        expect(await rowCount(client, `"${schema}"."${table}_r"`)).toBe(0);
        expect(await store.consume("live1", 10 * MINUTE_MS)).toBe(false);
      } finally {
        await client.end();
      }
    });

    it("prunes again on the next call when a pruning deleted a full batch", async () => {
      const names = ownTables("batch");
      const { table } = names;
      const client = await connectClient();
      try {
        const now = 1_700_000_000_000;
        const store = createPostgresNonceStore(client, {
          ...names,
          now: () => now,
          pruneIntervalMs: MINUTE_MS,
          pruneBatchSize: 2,
        });
        await store.ready();
        for (let index = 0; index < 5; index += 1)
          await client.query(`INSERT INTO "${schema}"."${table}" VALUES ($1, to_timestamp(0))`, [`stale${index}`]);
        expect(await store.consume("fresh1", MINUTE_MS)).toBe(true); // prunes 2 of 5: a full batch
        expect(await rowCount(client, `"${schema}"."${table}"`)).toBe(4);
        expect(await store.consume("fresh2", MINUTE_MS)).toBe(true); // full batch before: prunes 2 more
        expect(await rowCount(client, `"${schema}"."${table}"`)).toBe(3);
        expect(await store.consume("fresh3", MINUTE_MS)).toBe(true); // prunes the last 1: not a full batch
        expect(await store.consume("fresh4", MINUTE_MS)).toBe(true); // within the interval: no pruning
        await client.query(`INSERT INTO "${schema}"."${table}" VALUES ('stale9', to_timestamp(0))`);
        expect(await store.consume("fresh5", MINUTE_MS)).toBe(true);
        expect(await rowCount(client, `"${schema}"."${table}"`)).toBe(6);
        expect(await store.prune()).toBe(1);
      } finally {
        await client.end();
      }
    });

    it("prune() deletes in batches and returns how many rows it deleted", async () => {
      const names = ownTables("manual");
      const { table } = names;
      let now = 1_700_000_000_000;
      const store = createPostgresNonceStore(pool, {
        ...names,
        now: () => now,
        pruneIntervalMs: Number.POSITIVE_INFINITY,
        pruneBatchSize: 3,
      });
      for (let index = 0; index < 4; index += 1) await store.consume(`manual${index}`, 100);
      await store.revoke("manualsession", 100);
      await store.consume("manuallive", MINUTE_MS);
      expect(await store.prune()).toBe(0);
      now += 100;
      // With pruneIntervalMs: Infinity, calls never prune on their own.
      expect(await store.consume("manuallate", MINUTE_MS)).toBe(true);
      expect(await rowCount(pool, `"${schema}"."${table}"`)).toBe(6);
      expect(await store.prune()).toBe(4); // 3 nonces + 1 revocation
      expect(await store.prune()).toBe(1);
      expect(await store.prune()).toBe(0);
      expect(await rowCount(pool, `"${schema}"."${table}"`)).toBe(2);
    });

    it("never prunes a row consumed again while the pruning runs: exactly one winner, and the nonce stays used", async () => {
      let now = 1_700_000_000_000;
      const store = createPostgresNonceStore(pool, {
        ...ownTables("overlap"),
        now: () => now,
        pruneIntervalMs: Number.POSITIVE_INFINITY,
        pruneBatchSize: 10_000,
      });
      const overlapNonces = Array.from({ length: 200 }, (_, index) => `overlap${index}`);
      for (const nonce of overlapNonces) await store.consume(nonce, 100);
      now += 1000;
      const [, ...answers] = await Promise.all([
        store.prune(),
        ...overlapNonces.flatMap((nonce) => [store.consume(nonce, MINUTE_MS), store.consume(nonce, MINUTE_MS)]),
      ]);
      expect(answers.filter((answer) => answer === true)).toHaveLength(overlapNonces.length);
      for (const nonce of overlapNonces) expect(await store.consume(nonce, MINUTE_MS)).toBe(false);
    });

    it("creates its tables once when many processes start at the same moment", async () => {
      const names = ownTables("first");
      const clients = await Promise.all(Array.from({ length: 8 }, connectClient));
      try {
        const stores = clients.map((client) => createPostgresNonceStore(client, names));
        const answers = await Promise.all(stores.map((store) => store.consume("firstuse", MINUTE_MS)));
        expect(answers.filter((answer) => answer === true)).toHaveLength(1);
      } finally {
        await Promise.all(clients.map((client) => client.end()));
      }
    });

    it("creates its tables again when they were dropped under a running store", async () => {
      const names = ownTables("dropped");
      const { table } = names;
      const store = createPostgresNonceStore(pool, { ...names, pruneIntervalMs: Number.POSITIVE_INFINITY });
      expect(await store.consume("dropped1", MINUTE_MS)).toBe(true);
      await pool.query(`DROP TABLE "${schema}"."${table}"`);
      await expect(store.consume("dropped2", MINUTE_MS)).rejects.toThrow(/the next call creates it again/);
      expect(await store.consume("dropped2", MINUTE_MS)).toBe(true);
    });

    it("creates the attempt-count table of a database set up by an older version (two tables only) on first use", async () => {
      const names = ownTables("upgraded");
      await pool.query(`CREATE TABLE "${schema}"."${names.table}" (nonce text COLLATE "C" PRIMARY KEY, expires_at timestamptz NOT NULL)`);
      await pool.query(
        `CREATE TABLE "${schema}"."${names.revocationTable}" (id text COLLATE "C" PRIMARY KEY, expires_at timestamptz NOT NULL)`,
      );
      const store = createPostgresNonceStore(pool, names);
      expect(await store.countAttempt("upgraded1", MINUTE_MS)).toBe(1);
      expect(await rowCount(pool, `"${schema}"."${names.attemptTable}"`)).toBe(1);
    });

    it("counts the attempts of 100 concurrent calls from two pools (separate connections) 1 to 100, each once", async () => {
      const other = testPool({ connectionString: DATABASE_URL });
      try {
        const names = ownTables("counted");
        const stores = [createPostgresNonceStore(pool, names), createPostgresNonceStore(other, names)];
        await stores[0]!.ready();
        const counts = await Promise.all(Array.from({ length: 100 }, (_, index) => stores[index % 2]!.countAttempt("shared", MINUTE_MS)));
        expect([...counts].sort((a, b) => a - b)).toEqual(Array.from({ length: 100 }, (_, index) => index + 1));
      } finally {
        await other.end();
      }
    });

    it("with createTables: false, says to run the migration until it is run, then works", async () => {
      const names = ownTables("migrated");
      const store = createPostgresNonceStore(pool, { ...names, createTables: false });
      await expect(store.ready()).rejects.toThrow(StoreUnavailableError);
      await expect(store.ready()).rejects.toThrow(/postgresNonceStoreMigration\(\)/);
      const failure = await store.consume("migrated1", MINUTE_MS).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(StoreUnavailableError);
      expect((failure as StoreUnavailableError).code).toBe("store_unavailable");
      expect((failure as Error).message).toMatch(/does not exist.*postgresNonceStoreMigration\(\)/s);

      const migration = postgresNonceStoreMigration(names);
      await pool.query(migration);
      await pool.query(migration); // safe to run again
      await store.ready();
      expect(await store.consume("migrated1", MINUTE_MS)).toBe(true);
      expect(await store.consume("migrated1", MINUTE_MS)).toBe(false);
    });

    it("works for a database user that may not create tables once the tables exist", async () => {
      const role = uniqueName("siwx_app");
      const names = ownTables("granted");
      const { table } = names;
      await pool.query(postgresNonceStoreMigration(names));
      await pool.query(`CREATE ROLE "${role}" LOGIN`);
      const url = new URL(DATABASE_URL);
      url.username = role;
      const limited = testPool({ connectionString: url.toString() });
      try {
        await pool.query(`GRANT USAGE ON SCHEMA "${schema}" TO "${role}"`);
        await pool.query(
          `GRANT SELECT, INSERT, UPDATE, DELETE ON "${schema}"."${table}", "${schema}"."${table}_r", "${schema}"."${table}_a" TO "${role}"`,
        );
        const store = createPostgresNonceStore(limited, names);
        await store.ready();
        expect(await store.consume("limited1", MINUTE_MS)).toBe(true);
        expect(await store.countAttempt("limited1", MINUTE_MS)).toBe(1);
        await store.revoke("limitedsession", MINUTE_MS);
        expect(await store.prune()).toBe(0);

        const refused = createPostgresNonceStore(limited, ownTables("forbidden"));
        await expect(refused.consume("limited2", MINUTE_MS)).rejects.toThrow(/permission denied.*createTables: false/s);
      } finally {
        await limited.end();
        await pool.query(`DROP OWNED BY "${role}"`);
        await pool.query(`DROP ROLE "${role}"`);
      }
    });

    it("says to create a missing schema", async () => {
      const store = createPostgresNonceStore(pool, { schema: uniqueName("nowhere") });
      await expect(store.consume("noschema1", MINUTE_MS)).rejects.toThrow(
        /does not exist\. Create the schema first \(CREATE SCHEMA nowhere_\w+\)/,
      );
    });

    it("rejects clearly and never resolves true when the server is unreachable", async () => {
      const unreachable = testPool({ connectionString: urlWithPort(await freePort()) });
      try {
        const store = createPostgresNonceStore(unreachable, { schema });
        const failure = await store.consume("unreachable", MINUTE_MS).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(StoreUnavailableError);
        expect((failure as Error).message).toMatch(/could not create its tables: .*ECONNREFUSED.*Check that PostgreSQL is running/);
        await expect(store.isRevoked("unreachable")).rejects.toThrow(StoreUnavailableError);
        await expect(store.revoke("unreachable", MINUTE_MS)).rejects.toThrow(StoreUnavailableError);
        await expect(store.ready()).rejects.toThrow(StoreUnavailableError);
      } finally {
        await unreachable.end();
      }
    });

    it("rejects after timeoutMs when the server accepts the connection and never answers", async () => {
      const silent = await startSilentServer();
      const hung = testPool({ connectionString: urlWithPort(silent.port), connectionTimeoutMillis: 0 });
      try {
        const store = createPostgresNonceStore(hung, { schema, timeoutMs: 200, createTables: false });
        const failure = await store.consume("hungserver", MINUTE_MS).catch((error: unknown) => error);
        expect(failure).toBeInstanceOf(StoreUnavailableError);
        expect((failure as Error).message).toMatch(/no answer within 200 ms.*connectionTimeoutMillis.*query_timeout/);
      } finally {
        await silent.close();
        await hung.end().catch(() => {});
      }
    });

    it("rejects when the connection is cut while its statement runs", async () => {
      const target = new URL(DATABASE_URL);
      const proxy = await startTcpProxy(target.hostname, Number(target.port || 5432));
      const proxied = testPool({ connectionString: urlWithPort(proxy.port) });
      try {
        const store = createPostgresNonceStore(proxied, { schema, pruneIntervalMs: Number.POSITIVE_INFINITY });
        expect(await store.consume("beforecut", MINUTE_MS)).toBe(true);
        const held = proxy.holdAnswers();
        const answer = store.consume("duringcut", MINUTE_MS);
        await held;
        proxy.cutAll();
        await expect(answer).rejects.toThrow(StoreUnavailableError);
        await expect(answer).rejects.toThrow(
          /could not consume the nonce \(it was not accepted\): (Connection terminated|read ECONNRESET)/,
        );
        // The pool drops the cut connection and opens a new one: the store answers again.
        expect(await store.consume("aftercut", MINUTE_MS)).toBe(true);
      } finally {
        await proxy.close();
        await proxied.end().catch(() => {});
      }
    });

    it("lets exactly one of 20 racing verifies through two handler sets (two servers) sharing PostgreSQL", async () => {
      const otherPool = testPool();
      try {
        const results = await raceVerifiesAcrossTwoServers([
          createPostgresNonceStore(pool, { schema }),
          createPostgresNonceStore(otherPool, { schema }),
        ]);
        expect(results.filter((result) => result.status === 200)).toHaveLength(1);
        // One count shared by both servers: five judged in all, the other fifteen found the nonce spent.
        expect(results.filter((result) => result.body.error === "Nonce has already been used.")).toHaveLength(4);
        expect(results.filter((result) => result.body.error === "No pending nonce.")).toHaveLength(15);
      } finally {
        await otherPool.end();
      }
    });
  });
}

describe("createPostgresNonceStore options", () => {
  const fakePool = { query: async () => ({ rows: [] }) };

  it("refuses something that is not a node-postgres pool or client, saying how to make one", () => {
    expect(() => createPostgresNonceStore({} as never)).toThrow(InvalidOptionsError);
    expect(() => createPostgresNonceStore(undefined as never)).toThrow(/new pg\.Pool/);
  });

  it.each([
    ["a quote and a statement", { table: 'x"; DROP TABLE users; --' }],
    ["upper case (quoted and unquoted SQL would disagree)", { table: "Nonces" }],
    ["a leading digit", { schema: "1auth" }],
    ["a dot", { schema: "auth.prod" }],
    ["an empty name", { revocationTable: "" }],
    ["a table name too long for its index name", { table: "n".repeat(52) }],
    ["a schema name over 63 characters", { schema: "s".repeat(64) }],
    ["a name that is not a string", { table: 42 as never }],
  ])("refuses an unsafe or unclear name: %s", (_, names) => {
    expect(() => createPostgresNonceStore(fakePool, names)).toThrow(/must be a lowercase SQL name/);
    expect(() => postgresNonceStoreMigration(names)).toThrow(InvalidOptionsError);
  });

  it("accepts the longest names that fit", () => {
    expect(() =>
      createPostgresNonceStore(fakePool, { schema: "s".repeat(63), table: "n".repeat(51), revocationTable: "r".repeat(51) }),
    ).not.toThrow();
  });

  it("refuses one table for both nonces and revoked ids", () => {
    expect(() => createPostgresNonceStore(fakePool, { table: "siwx_revocations" })).toThrow(/must differ/);
  });

  it.each([
    ["timeoutMs", { timeoutMs: 0 }],
    ["timeoutMs", { timeoutMs: Number.POSITIVE_INFINITY }],
    ["pruneIntervalMs", { pruneIntervalMs: -1 }],
    ["pruneBatchSize", { pruneBatchSize: 2.5 }],
    ["createTables", { createTables: "no" as never }],
    ["now", { now: 5 as never }],
    ["logger", { logger: {} as never }],
  ])("refuses a bad %s", (name, options) => {
    expect(() => createPostgresNonceStore(fakePool, options)).toThrow(new RegExp(`\`${name}\``));
  });

  it("rejects bad input before any statement is sent", async () => {
    const sent: string[] = [];
    const store = createPostgresNonceStore({ query: async (text: string) => (sent.push(text), { rows: [] }) });
    await expect(store.consume("", MINUTE_MS)).rejects.toThrow(InvalidOptionsError);
    await expect(store.revoke("session", 0)).rejects.toThrow(/positive number of milliseconds/);
    await expect(store.isRevoked(undefined as never)).rejects.toThrow(/isRevoked needs the id/);
    await expect(store.countAttempt("nonce", Number.NaN)).rejects.toThrow(/countAttempt needs ttlMs/);
    expect(sent).toEqual([]);
  });

  it("writes a migration with quoted names, the three tables and their expiry indexes", () => {
    const sql = postgresNonceStoreMigration({ schema: "auth" });
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS "auth"."siwx_nonces"');
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS "auth"."siwx_revocations"');
    expect(sql).toContain('CREATE TABLE IF NOT EXISTS "auth"."siwx_attempts"');
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS "siwx_attempts_expires_idx" ON "auth"."siwx_attempts" (expires_at)');
    expect(sql).toContain('CREATE INDEX IF NOT EXISTS "siwx_nonces_expires_idx" ON "auth"."siwx_nonces" (expires_at)');
    expect(postgresNonceStoreMigration()).toContain('CREATE TABLE IF NOT EXISTS "siwx_nonces"');
  });
});
