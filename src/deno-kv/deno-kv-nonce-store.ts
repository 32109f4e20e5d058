import { InvalidOptionsError, SignInError, StoreUnavailableError } from "../errors.js";
import { checkCountAttemptInput, checkIsRevokedInput, checkNonceInput, checkRevokeInput } from "../server/nonce-input.js";
import type { NonceStore, RevocationStore } from "../server/types.js";
import { describeValue } from "../shared/describe-value.js";

/**
 * One part of a Deno KV key, as `Deno.KvKeyPart` allows it (symbols aside).
 *
 * @example
 * ```ts
 * const prefix: DenoKvKeyPart[] = ["myapp", "sign-in"];
 * ```
 */
export type DenoKvKeyPart = string | number | bigint | boolean | Uint8Array;

/**
 * What `kv.get(key)` resolves: the value and its versionstamp (`null` for a missing key).
 *
 * @example
 * ```ts
 * const entry: DenoKvEntry = await kv.get(["siwx", "nonce", "9f86d081884c7d65"]);
 * ```
 */
export interface DenoKvEntry {
  readonly value: unknown;
  readonly versionstamp: string | null;
}

/**
 * The part of `kv.atomic()` (`Deno.AtomicOperation`) the store uses: a versionstamp check, a set
 * with `expireIn`, the commit.
 *
 * @example
 * ```ts
 * const operation: DenoKvAtomicOperation = kv.atomic();
 * ```
 */
export interface DenoKvAtomicOperation {
  check(...checks: { key: readonly DenoKvKeyPart[]; versionstamp: string | null }[]): DenoKvAtomicOperation;
  set(key: readonly DenoKvKeyPart[], value: unknown, options?: { expireIn?: number }): DenoKvAtomicOperation;
  commit(): Promise<{ ok: boolean }>;
}

/**
 * The part of a `Deno.Kv` the store uses: `get` and `atomic`. What `Deno.openKv()` resolves fits,
 * on Deno and on Deno Deploy. Structural, so this entry loads nothing of Deno's.
 *
 * @example
 * ```ts
 * const kv: DenoKvDatabase = await Deno.openKv();
 * ```
 */
export interface DenoKvDatabase {
  get(key: readonly DenoKvKeyPart[]): Promise<DenoKvEntry>;
  atomic(): DenoKvAtomicOperation;
}

/**
 * Options of `createDenoKvNonceStore`.
 *
 * @example
 * ```ts
 * const options: DenoKvNonceStoreOptions = { prefix: ["myapp", "siwx"] };
 * ```
 */
export interface DenoKvNonceStoreOptions {
  /**
   * The first parts of every key the store writes: `[...prefix, "nonce", nonce]`,
   * `[...prefix, "revoked", id]`, `[...prefix, "attempts", nonce]`. Default `["siwx"]`.
   */
  prefix?: readonly DenoKvKeyPart[] | undefined;
}

/**
 * The store `createDenoKvNonceStore` returns: a `NonceStore` that counts signature attempts, and
 * a `RevocationStore`.
 *
 * @example
 * ```ts
 * const store: DenoKvNonceStore = createDenoKvNonceStore(await Deno.openKv());
 * await store.countAttempt("9f86d081884c7d65", 420_000); // 1
 * ```
 */
export interface DenoKvNonceStore extends NonceStore, RevocationStore {
  countAttempt(nonce: string, ttlMs: number): Promise<number>;
}

const CALL = "createDenoKvNonceStore()";
// A commit is refused only when another call wrote the same key since it was read (that call
// succeeded, so every round lets one through) or the database file was locked by another
// process; this bound only stops a store that misbehaves.
const MAX_COMMIT_ROUNDS = 1000;

// Longest pause, in milliseconds, before running a round again after SQLite's lock refusal.
const LOCK_RETRY_MAX_DELAY_MS = 8;

/** SQLite's "database is locked" (SQLITE_BUSY), which Deno's local KV backend reports as is. */
function isLockContention(error: unknown): boolean {
  return error instanceof Error && /database is locked|SQLITE_BUSY/i.test(error.message);
}

/** What the store keeps under a key: when it expires (ms since the epoch) and, for attempts, the count. */
interface Stored {
  expiresAt: number;
  count?: number;
}

function checkPrefix(prefix: unknown): readonly DenoKvKeyPart[] {
  if (prefix === undefined) return ["siwx"];
  const isPart = (part: unknown) =>
    typeof part === "string" ||
    typeof part === "number" ||
    typeof part === "bigint" ||
    typeof part === "boolean" ||
    part instanceof Uint8Array;
  if (!Array.isArray(prefix) || !prefix.every(isPart)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL}: \`prefix\` must be an array of key parts (strings, numbers, bigints, booleans, Uint8Arrays) such as ["myapp", "siwx"], got ${describeValue(prefix)}.`,
    );
  }
  return [...(prefix as DenoKvKeyPart[])];
}

/**
 * The stored entry while it is live. Deno KV deletes an expired key some time after `expireIn`,
 * not at once, so the expiry kept in the value decides. A value of another shape counts as live
 * with no count: a nonce stays used and an id revoked rather than the reverse.
 */
function liveEntry(entry: DenoKvEntry, now: number): Stored | undefined {
  if (entry.versionstamp === null) return undefined;
  const value = entry.value as Partial<Stored> | null;
  if (typeof value !== "object" || value === null || typeof value.expiresAt !== "number") return { expiresAt: Number.POSITIVE_INFINITY };
  return value.expiresAt > now
    ? { expiresAt: value.expiresAt, ...(typeof value.count === "number" ? { count: value.count } : {}) }
    : undefined;
}

/**
 * A `NonceStore` and `RevocationStore` on Deno KV, shared by every process that opens the same
 * database: every isolate of a Deno Deploy app, or every Deno process that opens one file with
 * `Deno.openKv(path)`. `consume` reads the key and commits `kv.atomic().check(...).set(...)`,
 * which fails when another call wrote the key in between, so of any number of concurrent calls
 * for one nonce exactly one resolves `true`. `revoke` and `countAttempt` are the same
 * read-check-write, repeated when another call got in first. Every key is set with `expireIn`,
 * so Deno KV deletes it after its TTL, and the expiry kept in its value decides meanwhile.
 * A KV error rejects with `StoreUnavailableError` (never `true` for `consume`, never `false`
 * for `isRevoked`). Deno KV needs `--unstable-kv` on the Deno command line (not on Deno Deploy).
 *
 * @example
 * ```ts
 * import { createFetchHandler } from "npm:sign-in-with-xrpl/fetch";
 * import { createDenoKvNonceStore } from "npm:sign-in-with-xrpl/deno-kv";
 *
 * const kv = await Deno.openKv();
 * const auth = createFetchHandler({ verifier, domain: "example.com", sessionSecret, nonceStore: createDenoKvNonceStore(kv) });
 * ```
 */
export function createDenoKvNonceStore(kv: DenoKvDatabase, options: DenoKvNonceStoreOptions = {}): DenoKvNonceStore {
  if (typeof kv !== "object" || kv === null || typeof kv.get !== "function" || typeof kv.atomic !== "function") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${CALL} needs an open Deno KV database: await Deno.openKv() (run Deno with --unstable-kv), got ${describeValue(kv)}.`,
    );
  }
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALL}: options must be an object such as { prefix: ["myapp", "siwx"] }.`);
  }
  const prefix = checkPrefix(options.prefix);

  /**
   * Reads `key` and hands its live entry to `decide`, which answers the result and, when it
   * writes, the value to store with its expiry; the write commits only if nobody wrote the key
   * since the read. Repeated until a round commits or writes nothing.
   */
  async function update<T>(
    what: string,
    key: readonly DenoKvKeyPart[],
    decide: (live: Stored | undefined, now: number) => { result: T; write?: Stored },
  ): Promise<T> {
    for (let round = 0; round < MAX_COMMIT_ROUNDS; round += 1) {
      try {
        const entry = await kv.get(key);
        const now = Date.now();
        const { result, write } = decide(liveEntry(entry, now), now);
        if (write === undefined) return result;
        const committed = await kv
          .atomic()
          .check({ key, versionstamp: entry.versionstamp })
          .set(key, write, { expireIn: write.expiresAt - now })
          .commit();
        if (committed.ok) return result;
      } catch (cause) {
        if (cause instanceof SignInError) throw cause;
        // A local database file shared by several processes: SQLite refuses a write transaction
        // while another process commits. Nothing was written, so the round is simply run again.
        if (isLockContention(cause)) {
          await new Promise((resolve) => setTimeout(resolve, 1 + Math.random() * LOCK_RETRY_MAX_DELAY_MS));
          continue;
        }
        throw new StoreUnavailableError(
          `sign-in-with-xrpl: the Deno KV nonce store could not ${what}: ${cause instanceof Error ? cause.message : String(cause)}.`,
          { cause },
        );
      }
    }
    throw new StoreUnavailableError(
      `sign-in-with-xrpl: the Deno KV nonce store could not ${what}: ${MAX_COMMIT_ROUNDS} commits in a row were refused because the key kept changing or the database stayed locked.`,
    );
  }

  // Whole milliseconds; rounding up never shortens the promised time.
  const expiry = (now: number, ttlMs: number): number => now + Math.ceil(ttlMs);

  return {
    async consume(nonce: string, ttlMs: number): Promise<boolean> {
      checkNonceInput(CALL, nonce, ttlMs);
      return update("use a nonce", [...prefix, "nonce", nonce], (live, now) =>
        // A commit refused here means another call used the nonce: the next round reads it as live.
        live !== undefined ? { result: false } : { result: true, write: { expiresAt: expiry(now, ttlMs) } },
      );
    },
    async countAttempt(nonce: string, ttlMs: number): Promise<number> {
      checkCountAttemptInput(CALL, nonce, ttlMs);
      return update("count a signature attempt", [...prefix, "attempts", nonce], (live, now) => {
        const count = (live?.count ?? 0) + 1;
        // Never shortened: the later of the kept expiry (a value of another shape has none) and this call's.
        const kept = live !== undefined && Number.isFinite(live.expiresAt) ? live.expiresAt : 0;
        return { result: count, write: { count, expiresAt: Math.max(kept, expiry(now, ttlMs)) } };
      });
    },
    async revoke(id: string, ttlMs: number): Promise<void> {
      checkRevokeInput(CALL, id, ttlMs);
      await update("revoke an id", [...prefix, "revoked", id], (live, now) => {
        const expiresAt = expiry(now, ttlMs);
        // Revoking again extends, never shortens.
        return live !== undefined && live.expiresAt >= expiresAt ? { result: undefined } : { result: undefined, write: { expiresAt } };
      });
    },
    async isRevoked(id: string): Promise<boolean> {
      checkIsRevokedInput(CALL, id);
      return update("look up a revoked id", [...prefix, "revoked", id], (live) => ({ result: live !== undefined }));
    },
  };
}
