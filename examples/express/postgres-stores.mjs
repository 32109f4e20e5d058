// With DATABASE_URL: one node-postgres pool for the nonces (createPostgresNonceStore) and the
// sessions (connect-pg-simple), so every process on the same database shares both. Loaded only
// when DATABASE_URL is set: the default setup needs no PostgreSQL packages.
import connectPgSimple from "connect-pg-simple";
import session from "express-session";
import pg from "pg";
import { createPostgresNonceStore } from "sign-in-with-xrpl/postgres";

const TIMEOUT_MS = 5000;
const SESSION_TABLE = "siwx_sessions";
const SESSION_STORE_ATTEMPTS = 3;

/** DATABASE_URL cannot be used; `message` is meant for the operator, as is, after the setting's name. */
export class DatabaseStartError extends Error {
  name = "DatabaseStartError";
}

/**
 * Connects, creates the tables if they are missing, and fails here rather than on the first
 * request when the database cannot be used.
 *
 * @param {string} databaseUrl
 * @returns {Promise<{
 *   nonceStore: import("sign-in-with-xrpl/postgres").PostgresNonceStore,
 *   sessionStore: import("express-session").Store,
 *   close(): Promise<void>,
 * }>}
 */
export async function openPostgresStores(databaseUrl) {
  let protocol;
  try {
    protocol = new URL(databaseUrl).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== "postgres:" && protocol !== "postgresql:") {
    throw new DatabaseStartError("must be a URL such as postgres://user:password@host:5432/database.");
  }

  // Every wait is bounded: a database that hangs fails a request instead of holding it forever.
  const pool = new pg.Pool({ connectionString: databaseUrl, connectionTimeoutMillis: TIMEOUT_MS, query_timeout: TIMEOUT_MS });
  let lastPoolError = "";
  pool.on("error", (error) => {
    // An idle connection dropped by the server: the pool opens a new one. Say so once per distinct failure.
    const text = describe(error);
    if (text !== lastPoolError) console.error(`PostgreSQL: ${text}`);
    lastPoolError = text;
  });
  pool.on("connect", () => {
    lastPoolError = "";
  });

  try {
    const nonceStore = createPostgresNonceStore(pool, { logger: console });
    await nonceStore.ready();
    const sessionStore = await openSessionStore(pool);
    return {
      nonceStore,
      sessionStore,
      async close() {
        await sessionStore.close();
        await pool.end();
      },
    };
  } catch (error) {
    await pool.end().catch(() => {});
    throw new DatabaseStartError(`PostgreSQL does not answer or refuses the connection: ${describe(error?.cause ?? error)}`);
  }
}

/**
 * connect-pg-simple creates its table on first use and remembers a failed creation for the life
 * of the store. Two processes starting together can both try to create it, and the one that
 * loses would then fail every request: make the first use here, and start over with a new store
 * when it fails.
 */
async function openSessionStore(pool) {
  const PgSession = connectPgSimple(session);
  for (let attempt = 1; ; attempt += 1) {
    const store = new PgSession({ pool, tableName: SESSION_TABLE, createTableIfMissing: true });
    try {
      await new Promise((resolve, reject) => store.get("startup-check", (error) => (error ? reject(error) : resolve())));
      return store;
    } catch (error) {
      await store.close();
      if (attempt === SESSION_STORE_ATTEMPTS) throw error;
    }
  }
}

/** One line for any failure; a connection to several addresses fails with an AggregateError and no message of its own. */
function describe(error) {
  if (error instanceof AggregateError && error.message === "") return error.errors.map(describe).join("; ");
  return String(error?.message || error?.code || error);
}
