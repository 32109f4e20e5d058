/**
 * The real PostgreSQL the tests use (DATABASE_URL, default the local server), and a schema of
 * their own per run so parallel runs and other users of the server never see each other's rows.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";

export const DATABASE_URL = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export interface TestDatabase {
  pool: pg.Pool;
  /** A schema created for this run; `drop()` removes it and everything in it. */
  schema: string;
  drop(): Promise<void>;
}

/** A pool that fails fast when the server is missing, and whose idle-connection errors do not crash the test process. */
export function testPool(options: pg.PoolConfig = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: DATABASE_URL, connectionTimeoutMillis: 3000, ...options });
  pool.on("error", () => {});
  return pool;
}

/** A name no other run uses: lowercase, so it is a valid store option as is. */
export function uniqueName(prefix: string): string {
  return `${prefix}_${process.pid}_${randomBytes(4).toString("hex")}`;
}

/**
 * A pool and a fresh schema, or the reason PostgreSQL is unavailable. Under CI the caller must
 * fail on a reason; elsewhere it may skip, saying why.
 */
export async function connectTestPostgres(): Promise<TestDatabase | { reason: string }> {
  const pool = testPool();
  const schema = uniqueName("siwx_test");
  try {
    await pool.query(`CREATE SCHEMA "${schema}"`);
  } catch (error) {
    await pool.end().catch(() => {});
    return {
      reason: `PostgreSQL unavailable at ${DATABASE_URL}: ${error instanceof Error ? error.message || String(error) : String(error)}`,
    };
  }
  return {
    pool,
    schema,
    async drop() {
      await pool.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
      await pool.end();
    },
  };
}
