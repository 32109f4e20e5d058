import type { PostgresNonceStoreTables, ResolvedTables } from "./tables.js";
import { resolveTables } from "./tables.js";

/**
 * The statements that create the three tables (used nonces, revoked ids, attempt counts) and
 * their expiry indexes, each safe to run again.
 * `COLLATE "C"`: keys are compared byte for byte, the cheapest exact match.
 *
 * @internal
 */
export function tableStatements(tables: ResolvedTables): string[] {
  return [
    `CREATE TABLE IF NOT EXISTS ${tables.nonces} (\n  nonce text COLLATE "C" PRIMARY KEY,\n  expires_at timestamptz NOT NULL\n)`,
    `CREATE INDEX IF NOT EXISTS ${tables.noncesIndex} ON ${tables.nonces} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${tables.revocations} (\n  id text COLLATE "C" PRIMARY KEY,\n  expires_at timestamptz NOT NULL\n)`,
    `CREATE INDEX IF NOT EXISTS ${tables.revocationsIndex} ON ${tables.revocations} (expires_at)`,
    `CREATE TABLE IF NOT EXISTS ${tables.attempts} (\n  nonce text COLLATE "C" PRIMARY KEY,\n  attempts integer NOT NULL,\n  expires_at timestamptz NOT NULL\n)`,
    `CREATE INDEX IF NOT EXISTS ${tables.attemptsIndex} ON ${tables.attempts} (expires_at)`,
  ];
}

/**
 * The SQL that creates the tables of `createPostgresNonceStore`, for teams that manage their
 * schema with migrations: run it once (it is safe to run again, and creates only what is
 * missing, such as the attempt-count table a store of an older version did not have), then
 * create the store with `createTables: false` so the application's database user needs no right
 * to create tables. Pass the same `schema`, `table`, `revocationTable` and `attemptTable` as to
 * the store. The schema must exist.
 *
 * @example
 * ```ts
 * import { postgresNonceStoreMigration } from "sign-in-with-xrpl/postgres";
 *
 * // In a migration file of your tool (node-pg-migrate, Knex, Drizzle, plain psql...):
 * await db.query(postgresNonceStoreMigration({ schema: "auth" }));
 * // In the application:
 * const nonceStore = createPostgresNonceStore(pool, { schema: "auth", createTables: false });
 * ```
 */
export function postgresNonceStoreMigration(options: PostgresNonceStoreTables = {}): string {
  const tables = resolveTables("postgresNonceStoreMigration", options);
  return (
    "-- Used sign-in nonces, revoked ids and signature-attempt counts of sign-in-with-xrpl. Rows past expires_at are deleted by the store.\n" +
    tableStatements(tables)
      .map((statement) => `${statement};\n`)
      .join("")
  );
}
