import { STORE_OPERATIONS, type StoreAnswer, type StoreCall } from "./protocol.js";

/**
 * The part of a Durable Object's SQL storage (`ctx.storage.sql`) that `NonceStoreObject` uses.
 * Structural, so this entry needs neither `cloudflare:workers` nor Cloudflare's type package.
 *
 * @example
 * ```ts
 * const sql: NonceStoreSqlStorage = ctx.storage.sql;
 * sql.exec("SELECT 1 AS one").toArray(); // [{ one: 1 }]
 * ```
 */
export interface NonceStoreSqlStorage {
  exec(query: string, ...bindings: (string | number)[]): { toArray(): Record<string, unknown>[] };
}

/**
 * The part of a Durable Object's storage (`ctx.storage`) that `NonceStoreObject` uses: SQL for
 * the entries, the alarm to delete expired ones. `sql` is there only for a class on the SQLite
 * storage backend (`storage = "sqlite"` or `new_sqlite_classes`).
 *
 * @example
 * ```ts
 * const storage: NonceStoreObjectStorage = ctx.storage;
 * await storage.getAlarm(); // null, or when the next sweep runs
 * ```
 */
export interface NonceStoreObjectStorage {
  readonly sql?: NonceStoreSqlStorage | undefined;
  getAlarm(): Promise<number | null>;
  setAlarm(scheduledTimeMs: number): Promise<void>;
}

/**
 * What workerd hands a Durable Object's constructor (`DurableObjectState`), as far as
 * `NonceStoreObject` uses it.
 *
 * @example
 * ```ts
 * const state: NonceStoreObjectState = ctx; // the first argument of a Durable Object constructor
 * ```
 */
export interface NonceStoreObjectState {
  readonly storage: NonceStoreObjectStorage;
}

// Expired rows are deleted by the alarm at most this often, so a busy object does not wake up for
// every entry; an expired row is never answered as live in the meantime (every read checks the
// time). Storage therefore holds at most the entries of the last TTL plus this interval.
const MIN_SWEEP_INTERVAL_MS = 30_000;
// Rows deleted per table by one statement, and statements per alarm: a backlog is worked off in
// short steps, and the alarm comes back a second later for the rest.
const SWEEP_BATCH_ROWS = 1000;
const SWEEP_BATCHES_PER_ALARM = 10;
const SWEEP_BACKLOG_DELAY_MS = 1000;

const TABLES = [
  { table: "siwx_used_nonces", key: "nonce" },
  { table: "siwx_revoked_ids", key: "id" },
  { table: "siwx_attempt_counts", key: "nonce" },
] as const;

const SCHEMA = [
  "CREATE TABLE IF NOT EXISTS siwx_used_nonces (nonce TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS siwx_revoked_ids (id TEXT PRIMARY KEY, expires_at INTEGER NOT NULL)",
  "CREATE TABLE IF NOT EXISTS siwx_attempt_counts (nonce TEXT PRIMARY KEY, count INTEGER NOT NULL, expires_at INTEGER NOT NULL)",
  ...TABLES.map(({ table }) => `CREATE INDEX IF NOT EXISTS ${table}_expiry ON ${table} (expires_at)`),
];

// Each operation is one statement; SQL calls are synchronous in a Durable Object, so nothing else
// runs on the object between reading a row and writing it. Times are milliseconds since the epoch.
const CONSUME =
  "INSERT INTO siwx_used_nonces (nonce, expires_at) VALUES (?, ?) " +
  // A known nonce is taken over only once its row has expired (the alarm may not have run yet).
  "ON CONFLICT (nonce) DO UPDATE SET expires_at = excluded.expires_at WHERE siwx_used_nonces.expires_at <= ? " +
  "RETURNING 1 AS won";
const COUNT_ATTEMPT =
  "INSERT INTO siwx_attempt_counts (nonce, count, expires_at) VALUES (?, 1, ?) " +
  "ON CONFLICT (nonce) DO UPDATE SET " +
  // Both right-hand sides read the row as it was: an expired count starts again at 1 with the new
  // expiry; a live one goes up by 1 and keeps the later of both expiries (never shortened).
  "count = CASE WHEN siwx_attempt_counts.expires_at <= ? THEN 1 ELSE siwx_attempt_counts.count + 1 END, " +
  "expires_at = CASE WHEN siwx_attempt_counts.expires_at <= ? THEN excluded.expires_at " +
  "ELSE max(siwx_attempt_counts.expires_at, excluded.expires_at) END " +
  "RETURNING count";
const REVOKE =
  "INSERT INTO siwx_revoked_ids (id, expires_at) VALUES (?, ?) " +
  "ON CONFLICT (id) DO UPDATE SET expires_at = max(siwx_revoked_ids.expires_at, excluded.expires_at)";
const IS_REVOKED = "SELECT 1 AS revoked FROM siwx_revoked_ids WHERE id = ? AND expires_at > ? LIMIT 1";
const NEXT_EXPIRY = `SELECT min(next) AS next FROM (${TABLES.map(({ table }) => `SELECT min(expires_at) AS next FROM ${table}`).join(" UNION ALL ")})`;

const SQLITE_BACKEND_FIX =
  'NonceStoreObject needs the SQLite storage backend: declare the class in wrangler.toml with [exports.NonceStoreObject] type = "durable-object" storage = "sqlite", or, in a Worker configured with [[migrations]], under new_sqlite_classes. A class first deployed on the key-value backend (new_classes) keeps it: export NonceStoreObject under a new name and declare that one.';

class BadCall extends Error {}

function json(answer: StoreAnswer, status = 200): Response {
  return new Response(JSON.stringify(answer), { status, headers: { "content-type": "application/json" } });
}

function readCall(body: unknown): StoreCall {
  const call = (typeof body === "object" && body !== null ? body : {}) as Partial<Record<keyof StoreCall, unknown>>;
  const { op, key, ttlMs } = call;
  if (typeof op !== "string" || !(STORE_OPERATIONS as readonly string[]).includes(op)) {
    throw new BadCall(`NonceStoreObject: unknown operation ${JSON.stringify(op)}; expected one of ${STORE_OPERATIONS.join(", ")}.`);
  }
  if (typeof key !== "string" || key === "") throw new BadCall("NonceStoreObject: `key` must be a non-empty string.");
  if (op === "isRevoked") return { op, key };
  if (typeof ttlMs !== "number" || !Number.isFinite(ttlMs) || ttlMs <= 0) {
    throw new BadCall("NonceStoreObject: `ttlMs` must be a positive number of milliseconds.");
  }
  return { op: op as StoreCall["op"], key, ttlMs };
}

/**
 * The Durable Object behind `createDurableObjectNonceStore`: it keeps used nonces, revoked ids
 * and signature-attempt counts in its SQLite storage, one statement per call, so every Worker
 * isolate that reaches it through the same namespace sees one single-use answer. Export it from
 * your Worker and declare it in `wrangler.toml` on the SQLite backend. Expired entries are
 * deleted by the object's alarm (never read as live before that), so storage stays bounded.
 * It needs no `nodejs_compat`.
 *
 * ```toml
 * [[durable_objects.bindings]]
 * name = "NONCES"
 * class_name = "NonceStoreObject"
 *
 * [exports.NonceStoreObject]
 * type = "durable-object"
 * storage = "sqlite"   # or, with [[migrations]]: new_sqlite_classes = ["NonceStoreObject"]
 * ```
 *
 * @example
 * ```ts
 * // worker.ts: workerd creates the objects of the class it finds among the Worker's exports.
 * export { NonceStoreObject } from "sign-in-with-xrpl/cloudflare";
 * ```
 */
export class NonceStoreObject {
  readonly #storage: NonceStoreObjectStorage;
  #sql: NonceStoreSqlStorage | undefined;
  /** When the alarm is set for (`null`: none); `undefined` until read from storage. */
  #alarmAt: number | null | undefined;

  constructor(state: NonceStoreObjectState) {
    this.#storage = state.storage;
  }

  /** Answers one store call (a JSON `POST` from `createDurableObjectNonceStore`). */
  async fetch(request: Request): Promise<Response> {
    let call: StoreCall;
    try {
      if (request.method !== "POST")
        throw new BadCall(`NonceStoreObject: expected a POST from createDurableObjectNonceStore, got ${request.method}.`);
      call = readCall(await request.json().catch(() => undefined));
    } catch (error) {
      return json({ error: error instanceof Error ? error.message : String(error) }, 400);
    }
    try {
      return json({ value: await this.#run(call) });
    } catch (error) {
      return json({ error: error instanceof Error ? error.message : String(error) }, 500);
    }
  }

  /** Deletes expired entries, then sets the alarm again for the next one to expire, if any. */
  async alarm(): Promise<void> {
    // The alarm that is running is spent: getAlarm() answers null until one is set again.
    this.#alarmAt = null;
    const sql = this.#database();
    const now = Date.now();
    let backlog = false;
    for (const { table, key } of TABLES) {
      for (let batch = 0; ; batch += 1) {
        const deleted = sql
          .exec(
            `DELETE FROM ${table} WHERE ${key} IN (SELECT ${key} FROM ${table} WHERE expires_at <= ? LIMIT ?) RETURNING 1`,
            now,
            SWEEP_BATCH_ROWS,
          )
          .toArray().length;
        if (deleted < SWEEP_BATCH_ROWS) break;
        if (batch + 1 >= SWEEP_BATCHES_PER_ALARM) {
          backlog = true;
          break;
        }
      }
    }
    const next = sql.exec(NEXT_EXPIRY).toArray()[0]?.next;
    if (backlog) await this.#setAlarm(now + SWEEP_BACKLOG_DELAY_MS);
    else if (typeof next === "number") await this.#setAlarm(Math.max(next, now + MIN_SWEEP_INTERVAL_MS));
  }

  async #run(call: StoreCall): Promise<boolean | number> {
    const sql = this.#database();
    const now = Date.now();
    // Whole milliseconds; rounding up never shortens the promised time.
    const expiresAt = now + Math.ceil(call.ttlMs ?? 0);
    switch (call.op) {
      case "isRevoked":
        return sql.exec(IS_REVOKED, call.key, now).toArray().length > 0;
      case "consume": {
        const won = sql.exec(CONSUME, call.key, expiresAt, now).toArray().length > 0;
        if (won) await this.#sweepBy(expiresAt, now);
        return won;
      }
      case "revoke":
        sql.exec(REVOKE, call.key, expiresAt).toArray();
        await this.#sweepBy(expiresAt, now);
        return true;
      case "countAttempt": {
        const count = sql.exec(COUNT_ATTEMPT, call.key, expiresAt, now, now).toArray()[0]?.count;
        if (typeof count !== "number") throw new Error(`NonceStoreObject: SQLite answered ${String(count)} as an attempt count.`);
        await this.#sweepBy(expiresAt, now);
        return count;
      }
    }
  }

  /** The SQL storage with the tables created, or an error that says how to get it. */
  #database(): NonceStoreSqlStorage {
    if (this.#sql !== undefined) return this.#sql;
    const { sql } = this.#storage;
    if (sql === undefined || typeof sql.exec !== "function") throw new Error(SQLITE_BACKEND_FIX);
    try {
      for (const statement of SCHEMA) sql.exec(statement);
    } catch (error) {
      // workerd answers a class on the key-value backend with "SQL is not enabled for this Durable Object class".
      throw new Error(
        `NonceStoreObject could not create its tables: ${error instanceof Error ? error.message : String(error)} ${SQLITE_BACKEND_FIX}`,
        { cause: error },
      );
    }
    this.#sql = sql;
    return sql;
  }

  /** Makes sure the alarm runs soon enough after `expiresAt` to delete the entry just written. */
  async #sweepBy(expiresAt: number, now: number): Promise<void> {
    const wanted = Math.max(expiresAt, now + MIN_SWEEP_INTERVAL_MS);
    this.#alarmAt ??= await this.#storage.getAlarm();
    if (this.#alarmAt !== null && this.#alarmAt <= wanted) return;
    await this.#setAlarm(wanted);
  }

  async #setAlarm(at: number): Promise<void> {
    await this.#storage.setAlarm(at);
    this.#alarmAt = at;
  }
}
