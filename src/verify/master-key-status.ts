// Whether an account has disabled its master key, as the default compact strategy asks it: one
// account_info per address, its answer reused for a short time. A sign-in by the master key is
// the common case (every browser wallet signs with it), so reading the ledger each time would put
// a network round trip on nearly every sign-in; reusing the answer briefly keeps a burst of
// sign-ins to one look-up while a disabled master key still stops working within the window.
import { LruCache } from "./lru-cache.js";
import type { AccountAuthority, LedgerReader } from "./types.js";

/**
 * How long the answer to "has this account disabled its master key?" is reused, per address, in
 * ms. A master key disabled on the ledger stops signing in within this time of the validated
 * ledger that carries the change (for a verifier that asked about that account just before).
 */
export const MASTER_KEY_STATUS_TTL_MS = 30_000;

/** Addresses remembered at most; the least recently used is forgotten first. */
export const MASTER_KEY_STATUS_MAX_ADDRESSES = 10_000;

interface Entry {
  /** The answer is reused until then (counted from when its look-up was sent). */
  expiresAtMs: number;
  /** `true` when the master key may not sign; a promise while the look-up runs. */
  masterDisabled: boolean | Promise<boolean>;
}

/**
 * Per-address answers of whether the master key is disabled, over one ledger reader. An account
 * not on the ledger has only its master key, so it counts as not disabled. Concurrent questions
 * about one address share one look-up; a look-up that fails (the ledger is unavailable) is not
 * remembered, so the next sign-in asks again.
 */
export class MasterKeyStatusCache {
  readonly #entries: LruCache<string, Entry>;
  readonly #ttlMs: number;
  readonly #now: () => number;

  constructor(ttlMs = MASTER_KEY_STATUS_TTL_MS, maxAddresses = MASTER_KEY_STATUS_MAX_ADDRESSES, now: () => number = Date.now) {
    this.#entries = new LruCache(maxAddresses);
    this.#ttlMs = ttlMs;
    this.#now = now;
  }

  /**
   * Whether `address` has disabled its master key: a boolean at once while a fresh answer is
   * known (no turn of the event loop), else a promise of the ledger's answer. Rejects as
   * `ledger.getAccountAuthority` does.
   */
  masterDisabled(address: string, ledger: LedgerReader): boolean | Promise<boolean> {
    const nowMs = this.#now();
    const known = this.#entries.get(address);
    if (known !== undefined && nowMs < known.expiresAtMs) return known.masterDisabled;
    const entry: Entry = { expiresAtMs: nowMs + this.#ttlMs, masterDisabled: false };
    let answer: Promise<AccountAuthority>;
    try {
      // The reader's own promise, followed directly: wrapping it in a new promise cost two more
      // turns of the microtask queue on every look-up.
      answer = Promise.resolve(ledger.getAccountAuthority(address));
    } catch (error) {
      // A reader that throws instead of rejecting is answered the same way, with what it threw.
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- passed on as the reader threw it
      answer = Promise.reject(error);
    }
    const lookUp = answer.then(
      (authority) => {
        const disabled = authority.exists && authority.masterDisabled;
        // A later look-up may have replaced this entry; only the current one is settled.
        if (this.#entries.peek(address) === entry) entry.masterDisabled = disabled;
        return disabled;
      },
      (error: unknown) => {
        if (this.#entries.peek(address) === entry) this.#entries.delete(address);
        throw error;
      },
    );
    entry.masterDisabled = lookUp;
    this.#entries.set(address, entry);
    return lookUp;
  }

  /** Addresses remembered now (expired ones included until they are asked about or pushed out). */
  get size(): number {
    return this.#entries.size;
  }
}
