import { randomHex } from "../shared/random-hex.js";
import type { SessionRecord, SessionStore } from "../server/types.js";

/**
 * A `SessionStore` for tests: one session held in memory, with an id that `regenerate` changes
 * and a flag that `destroy` sets, so a test can see what the handlers did.
 *
 * @example
 * ```ts
 * const session: MemorySessionStore = createMemorySessionStore();
 * const before = session.sessionId;
 * await handlers.verify(session, { body, host: "example.com" });
 * session.sessionId !== before; // true after a sign-in
 * ```
 */
export interface MemorySessionStore extends SessionStore {
  regenerate(): Promise<void>;
  /** The current session id; a new random one after each `regenerate`. */
  readonly sessionId: string;
  /** `true` after `destroy` (until the next `regenerate` or `set`). */
  readonly destroyed: boolean;
}

/**
 * An in-memory `SessionStore` for one session, for tests of code built on the handlers. Each
 * `get` returns a copy; `set` replaces the whole record; `regenerate` empties it under a new
 * `sessionId`. Not for production: it holds one caller's session.
 *
 * @example
 * ```ts
 * import { createMemorySessionStore } from "sign-in-with-xrpl/testing";
 *
 * const session = createMemorySessionStore();
 * const { body } = await handlers.nonce(session);
 * (await session.get()).pendingNonce === body.nonce; // true
 * ```
 */
export function createMemorySessionStore(initial: SessionRecord = {}): MemorySessionStore {
  let record: SessionRecord = { ...initial };
  let sessionId = randomHex(12);
  let destroyed = false;
  return {
    get sessionId() {
      return sessionId;
    },
    get destroyed() {
      return destroyed;
    },
    async get() {
      return { ...record };
    },
    async set(next: SessionRecord) {
      record = { ...next };
      destroyed = false;
    },
    async destroy() {
      record = {};
      destroyed = true;
    },
    async regenerate() {
      record = {};
      sessionId = randomHex(12);
      destroyed = false;
    },
  };
}
