import { InvalidOptionsError } from "../errors.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "../server/nonce-input.js";
import type { NonceStore, RevocationStore } from "../server/types.js";
import { describeValue } from "../shared/describe-value.js";
import type { Logger } from "../shared/logger.js";
import { withTimeout } from "../shared/with-timeout.js";
import { missingTablesFailure, PostgresTimeoutError, storeFailure, type FailureContext } from "./failure.js";
import { tableStatements } from "./migration.js";
import { resolveTables, type PostgresNonceStoreTables, type ResolvedTables } from "./tables.js";

/**
 * What the store needs from node-postgres: `query(text, values)` resolving to `{ rows }`. A
 * `Pool`, a `Client` and a pool client all fit. Structural, so this entry never loads `pg` itself.
 *
 * @example
 * ```ts
 * import pg from "pg";
 * const pool: PostgresQueryable = new pg.Pool({ connectionString: process.env.DATABASE_URL });
 * ```
 */
export interface PostgresQueryable {
  query(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
}

/**
 * Options of `createPostgresNonceStore`.
 *
 * @example
 * ```ts
 * const options: PostgresNonceStoreOptions = { schema: "auth", createTables: false, timeoutMs: 3000, logger: console };
 * ```
 */
export interface PostgresNonceStoreOptions extends PostgresNonceStoreTables {
  /**
   * Create the tables on first use (`CREATE TABLE IF NOT EXISTS`, safe when several processes
   * start at once). Default `true`. Set `false` when a migration creates them
   * (`postgresNonceStoreMigration()`) and the database user may not create tables.
   */
  createTables?: boolean | undefined;
  /**
   * Longest wait for one call, in milliseconds, including the wait for a pooled connection.
   * After it, the call rejects with `StoreUnavailableError`. Default 5000.
   */
  timeoutMs?: number | undefined;
  /**
   * At most one pruning of expired rows per this many milliseconds, started by a `consume` or
   * `revoke` and run in the background. Default 60000. `Infinity` turns it off (call `prune()` yourself).
   */
  pruneIntervalMs?: number | undefined;
  /** Most rows deleted per table by one pruning; a full batch prunes again on the next call. Default 1000. */
  pruneBatchSize?: number | undefined;
  /**
   * Clock in milliseconds since the Unix epoch, for tests. Default: the database's clock, so
   * every process agrees on when a row expires even when their own clocks drift.
   */
  now?: (() => number) | undefined;
  /** Told when a background pruning fails (the store tries again later). Default: silent. */
  logger?: Logger | undefined;
}

/**
 * The store `createPostgresNonceStore` returns: a `NonceStore` and a `RevocationStore`, plus
 * `ready()` to check the database at start and `prune()` to delete expired rows on demand.
 *
 * @example
 * ```ts
 * const store: PostgresNonceStore = createPostgresNonceStore(pool);
 * await store.ready(); // fail at start, not on the first sign-in
 * ```
 */
export interface PostgresNonceStore extends NonceStore, RevocationStore {
  /** Counts one signature check on `nonce` in one atomic statement (see `NonceStore.countAttempt`). */
  countAttempt(nonce: string, ttlMs: number): Promise<number>;
  /**
   * Resolves once the tables exist (created if `createTables` is on): call it at start so a bad
   * connection or a missing migration stops the start. Rejects with `StoreUnavailableError`.
   */
  ready(): Promise<void>;
  /** Deletes up to `pruneBatchSize` expired rows from each table now; resolves how many it deleted. */
  prune(): Promise<number>;
}

const DEFAULT_TIMEOUT_MS = 5000;
const DEFAULT_PRUNE_INTERVAL_MS = 60_000;
const DEFAULT_PRUNE_BATCH_SIZE = 1000;
const CALL = "createPostgresNonceStore()";

/** The statements of one store, built once. `$clock` is the injected clock in ms, or NULL for the database's. */
function statementsFor(tables: ResolvedTables) {
  // statement_timestamp() is one value for the whole statement, unlike clock_timestamp(), and,
  // unlike now(), does not go back to the start of a transaction the caller may have open.
  const clock = (parameter: string): string => `COALESCE(to_timestamp(${parameter}::float8 / 1000), statement_timestamp())`;
  const expired = (table: string, key: string): string =>
    `DELETE FROM ${table} AS expired WHERE expired.${key} IN (` +
    `SELECT ${key} FROM ${table} WHERE expires_at <= ${clock("$1")} LIMIT $2 FOR UPDATE SKIP LOCKED` +
    // Checked again on the row as it is when deleted: a nonce consumed again meanwhile stays.
    `) AND expired.expires_at <= ${clock("$1")} RETURNING 1`;
  return {
    // One statement decides: a new nonce is inserted; a known one is taken over only when it has
    // expired. Racing statements on one nonce wait for each other on its row, and each re-reads
    // the row before its WHERE, so exactly one returns a row.
    consume:
      `INSERT INTO ${tables.nonces} AS used (nonce, expires_at) ` +
      `VALUES ($1, ${clock("$3")} + make_interval(secs => $2::float8 / 1000)) ` +
      `ON CONFLICT (nonce) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE used.expires_at <= ${clock("$3")} ` +
      `RETURNING 1`,
    // One statement counts: a new nonce starts at 1; a live count goes up by one and its expiry
    // only ever grows; an expired row starts over at 1. Racing statements on one nonce wait for
    // each other on its row, so N of them return 1 to N.
    countAttempt:
      `INSERT INTO ${tables.attempts} AS counted (nonce, attempts, expires_at) ` +
      `VALUES ($1, 1, ${clock("$3")} + make_interval(secs => $2::float8 / 1000)) ` +
      `ON CONFLICT (nonce) DO UPDATE SET ` +
      `attempts = CASE WHEN counted.expires_at <= ${clock("$3")} THEN 1 ELSE counted.attempts + 1 END, ` +
      `expires_at = CASE WHEN counted.expires_at <= ${clock("$3")} THEN EXCLUDED.expires_at ` +
      `ELSE GREATEST(counted.expires_at, EXCLUDED.expires_at) END ` +
      `RETURNING attempts`,
    revoke:
      `INSERT INTO ${tables.revocations} AS revoked (id, expires_at) ` +
      `VALUES ($1, ${clock("$3")} + make_interval(secs => $2::float8 / 1000)) ` +
      `ON CONFLICT (id) DO UPDATE SET expires_at = GREATEST(revoked.expires_at, EXCLUDED.expires_at)`,
    isRevoked: `SELECT 1 FROM ${tables.revocations} WHERE id = $1 AND expires_at > ${clock("$2")}`,
    prune:
      `WITH nonces AS (${expired(tables.nonces, "nonce")}), revocations AS (${expired(tables.revocations, "id")}), ` +
      `attempts AS (${expired(tables.attempts, "nonce")}) ` +
      `SELECT (SELECT count(*) FROM nonces)::int AS nonces, (SELECT count(*) FROM revocations)::int AS revocations, ` +
      `(SELECT count(*) FROM attempts)::int AS attempts`,
    // One transaction (a DO block is one statement) holding an advisory lock: CREATE TABLE IF NOT
    // EXISTS alone can fail when two processes run it at the same moment. The lock is taken only
    // when a table is missing, and a database user without the right to create tables passes
    // when they exist.
    createTables:
      `DO $siwx$ BEGIN ` +
      `IF to_regclass('${tables.nonces}') IS NULL OR to_regclass('${tables.revocations}') IS NULL ` +
      `OR to_regclass('${tables.attempts}') IS NULL THEN ` +
      `PERFORM pg_advisory_xact_lock(hashtext('sign-in-with-xrpl: create tables')); ` +
      tableStatements(tables)
        .map((statement) => `${statement}; `)
        .join("") +
      `END IF; END $siwx$`,
    findTables:
      `SELECT to_regclass('${tables.nonces}') IS NOT NULL AND to_regclass('${tables.revocations}') IS NOT NULL ` +
      `AND to_regclass('${tables.attempts}') IS NOT NULL AS found`,
  };
}

function positiveNumber(name: string, value: unknown, fallback: number, allowInfinity: boolean): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || Number.isNaN(value) || value <= 0 || (!allowInfinity && !Number.isFinite(value))) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL}: \`${name}\` must be a positive number${allowInfinity ? " (or Infinity)" : ""}, got ${describeValue(value, { quoteStrings: false })}.`,
    );
  }
  return value;
}

function readCount(row: unknown, column: string): number {
  const value = typeof row === "object" && row !== null ? (row as Record<string, unknown>)[column] : undefined;
  return typeof value === "number" ? value : Number(value ?? 0);
}

/**
 * A `NonceStore` and `RevocationStore` in PostgreSQL, shared by every process that uses the same
 * database. `consume` is one atomic `INSERT ... ON CONFLICT DO UPDATE ... WHERE expired`
 * statement, so of any number of concurrent calls for one nonce, on any number of servers,
 * exactly one resolves `true`, and a nonce can be used again only after its TTL. `countAttempt`
 * is one `INSERT ... ON CONFLICT DO UPDATE ... RETURNING` statement as well. Revoked ids and
 * attempt counts live in tables of their own. Expired rows are deleted in small background batches, with no
 * cron. The tables are created on first use, or by `postgresNonceStoreMigration()`.
 *
 * Every failure (server unreachable, no answer within `timeoutMs`, missing table, no right)
 * rejects with `StoreUnavailableError`, whose message says how to fix it: `consume` never
 * resolves `true` and `isRevoked` never resolves `false` unless the database said so.
 *
 * @example
 * ```ts
 * import pg from "pg";
 * import { createAuthHandlers, createVerifier } from "sign-in-with-xrpl";
 * import { createPostgresNonceStore } from "sign-in-with-xrpl/postgres";
 *
 * const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000, query_timeout: 5000 });
 * const nonceStore = createPostgresNonceStore(pool);
 * await nonceStore.ready();
 * const handlers = createAuthHandlers({ verifier: createVerifier(), sessionKind: "server-store", nonceStore });
 * ```
 */
export function createPostgresNonceStore(pool: PostgresQueryable, options: PostgresNonceStoreOptions = {}): PostgresNonceStore {
  if (typeof pool !== "object" || pool === null || typeof pool.query !== "function") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL} needs a node-postgres Pool or Client: new pg.Pool({ connectionString: process.env.DATABASE_URL }).`,
    );
  }
  const tables = resolveTables(CALL, options);
  const createTables = options.createTables ?? true;
  if (typeof createTables !== "boolean") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: \`createTables\` must be true or false.`);
  }
  const timeoutMs = positiveNumber("timeoutMs", options.timeoutMs, DEFAULT_TIMEOUT_MS, false);
  const pruneIntervalMs = positiveNumber("pruneIntervalMs", options.pruneIntervalMs, DEFAULT_PRUNE_INTERVAL_MS, true);
  const pruneBatchSize = positiveNumber("pruneBatchSize", options.pruneBatchSize, DEFAULT_PRUNE_BATCH_SIZE, false);
  if (!Number.isInteger(pruneBatchSize)) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: \`pruneBatchSize\` must be a whole number, got ${pruneBatchSize}.`);
  }
  const { now, logger } = options;
  if (now !== undefined && typeof now !== "function") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: \`now\` must be a function returning milliseconds.`);
  }
  if (logger !== undefined && (typeof logger !== "object" || logger === null || typeof logger.warn !== "function")) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: \`logger\` must have a warn(message) method, such as console.`);
  }

  const sql = statementsFor(tables);
  const context: FailureContext = { tables, timeoutMs, createTables };
  const clockParameter = (): number | null => (now === undefined ? null : now());
  const localNow = now ?? Date.now;

  let tablesCreated: Promise<void> | undefined;
  const run = async (operation: string, text: string, values: unknown[]): Promise<{ rows: unknown[] }> => {
    try {
      return await withTimeout(Promise.resolve(pool.query(text, values)), timeoutMs, () => new PostgresTimeoutError());
    } catch (cause) {
      // A table dropped under a running store is created again by the next call.
      if (createTables && (cause as { code?: unknown } | null)?.code === "42P01") tablesCreated = undefined;
      throw storeFailure(operation, cause, context);
    }
  };

  const ensureTables = (): Promise<void> => {
    if (!createTables) return Promise.resolve();
    tablesCreated ??= run("create its tables", sql.createTables, []).then(
      () => undefined,
      (error: unknown) => {
        tablesCreated = undefined;
        throw error;
      },
    );
    return tablesCreated;
  };

  // Sends its statement before it returns: a caller holding a single connection (a pg.Client)
  // has it queued ahead of its next own statement.
  const deleteExpired = (): Promise<{ nonces: number; revocations: number; attempts: number }> =>
    run("delete expired rows", sql.prune, [clockParameter(), pruneBatchSize]).then(({ rows }) => ({
      nonces: readCount(rows[0], "nonces"),
      revocations: readCount(rows[0], "revocations"),
      attempts: readCount(rows[0], "attempts"),
    }));

  let lastPruneAt = Number.NEGATIVE_INFINITY;
  let pruning = false;
  // Started once the answer is in (so the tables exist), never awaited: a sign-in does not wait
  // for housekeeping.
  const pruneInBackground = (): void => {
    if (pruning || pruneIntervalMs === Number.POSITIVE_INFINITY) return;
    const at = localNow();
    if (at - lastPruneAt < pruneIntervalMs) return;
    pruning = true;
    lastPruneAt = at;
    deleteExpired().then(
      (deleted) => {
        pruning = false;
        // A full batch means more are waiting: the next call prunes again.
        if (Math.max(deleted.nonces, deleted.revocations, deleted.attempts) >= pruneBatchSize) lastPruneAt = Number.NEGATIVE_INFINITY;
      },
      (error: unknown) => {
        pruning = false;
        logger?.warn("sign-in-with-xrpl: the Postgres nonce store could not delete expired rows; it tries again later.", error);
      },
    );
  };

  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput(CALL, nonce, ttlMs);
      await ensureTables();
      const { rows } = await run("consume the nonce (it was not accepted)", sql.consume, [nonce, ttlMs, clockParameter()]);
      pruneInBackground();
      return rows.length === 1;
    },
    async countAttempt(nonce: string, ttlMs: number): Promise<number> {
      checkCountAttemptInput(CALL, nonce, ttlMs);
      await ensureTables();
      const { rows } = await run("count a signature attempt (it was not judged)", sql.countAttempt, [nonce, ttlMs, clockParameter()]);
      pruneInBackground();
      const count = readCount(rows[0], "attempts");
      if (rows.length !== 1 || !Number.isInteger(count) || count < 1) {
        throw storeFailure(
          "count a signature attempt (it was not judged)",
          new Error(`the database answered ${rows.length} rows`),
          context,
        );
      }
      return count;
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput(CALL, id, ttlMs);
      await ensureTables();
      await run("record the revocation", sql.revoke, [id, ttlMs, clockParameter()]);
      pruneInBackground();
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput(CALL, id);
      await ensureTables();
      const { rows } = await run("check for a revocation", sql.isRevoked, [id, clockParameter()]);
      return rows.length > 0;
    },
    async ready(): Promise<void> {
      await ensureTables();
      if (createTables) return;
      const { rows } = await run("find its tables", sql.findTables, []);
      const found = typeof rows[0] === "object" && rows[0] !== null && (rows[0] as { found?: unknown }).found === true;
      if (!found) throw missingTablesFailure(context);
    },
    async prune(): Promise<number> {
      await ensureTables();
      const deleted = await deleteExpired();
      return deleted.nonces + deleted.revocations + deleted.attempts;
    },
  };
}
