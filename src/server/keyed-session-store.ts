// The rule every session adapter of this library follows: the sign-in record lives under one key
// of the framework's session object (default "xrpl"), and no other key is read, written or
// deleted. The app's own keys (`userId`, `cart`, even an `address` or a `data` of its own) are the
// app's. A sign-in rotates the session id where the framework has ids and carries the app's keys
// into the new session; sign-out ends the whole session. Express, Koa, Fastify... adapters are
// thin shells over `keyedSessionStore`.
import { InvalidOptionsError } from "../errors.js";
import { pickSessionRecord, writeSessionRecord } from "./session-record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/**
 * The key of the session object the sign-in record lives under when no `key` is given.
 *
 * @example
 * ```ts
 * import { DEFAULT_SESSION_KEY } from "sign-in-with-xrpl";
 * req.session[DEFAULT_SESSION_KEY]; // { address, authenticatedAt, ... } once signed in
 * ```
 */
export const DEFAULT_SESSION_KEY = "xrpl";

/**
 * How an adapter keeps the sign-in record in a framework's session.
 *
 * @example
 * ```ts
 * const options: KeyedSessionOptions = { key: "wallet", keepAppData: true };
 * const store = expressSessionStore(req, options);
 * ```
 */
export interface KeyedSessionOptions {
  /**
   * The key of the session object that holds the whole sign-in record. Default `"xrpl"`. No
   * other key of the session is read, written or deleted. Use the same key on every route.
   */
  key?: string | undefined;
  /**
   * At sign-in the session id is rotated (so an id fixed before sign-in is worthless after it):
   * `true` carries the app's own keys into the new session, `false` starts it with the sign-in
   * record only. Default `true`.
   */
  keepAppData?: boolean | undefined;
}

/**
 * A framework's session as {@link keyedSessionStore} drives it: the session object of the
 * current request and the framework's operations on it, each awaited.
 *
 * @example
 * ```ts
 * // Koa with koa-session
 * const session: FrameworkSession = {
 *   current: () => ctx.session ?? undefined,
 *   save: () => ctx.session!.save(),
 *   destroy: () => { ctx.session = null; },
 *   regenerate: () => ctx.session!.regenerate(),
 *   isFrameworkKey: (name) => name === "isNew" || name.startsWith("_"),
 * };
 * ```
 */
export interface FrameworkSession {
  /**
   * The session object now, read on every call (a regenerate may replace it), or `undefined`
   * when the request has none. Throw an `InvalidOptionsError` saying which middleware is missing
   * when that is a setup mistake.
   */
  current(): object | undefined;
  /** Persists the session object as it is now. */
  save(): unknown;
  /** Ends the whole session (sign-out): the app's keys go with it, as any sign-out would. */
  destroy(): unknown;
  /**
   * Gives the session a new id, where the framework has ids. It may keep the object's keys
   * (koa-session) or start an empty object (express-session): the app's keys are put back, or
   * removed, as `keepAppData` says, either way.
   */
  regenerate?(): unknown;
  /** Keys the framework keeps on the session object for itself (express-session's `cookie`): never carried, never touched. */
  isFrameworkKey?(name: string): boolean;
}

const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(["__proto__", "constructor", "prototype"]);

/**
 * Options as {@link resolveKeyedSessionOptions} checked them.
 *
 * @internal
 */
export interface ResolvedKeyedSessionOptions {
  readonly key: string;
  readonly keepAppData: boolean;
}

const DEFAULT_OPTIONS: ResolvedKeyedSessionOptions = Object.freeze({ key: DEFAULT_SESSION_KEY, keepAppData: true });

/**
 * Checks the options of a keyed adapter once: the record's key and whether app data is kept.
 *
 * @internal
 */
export function resolveKeyedSessionOptions(
  caller: string,
  options: unknown,
  isFrameworkKey: (name: string) => boolean = () => false,
): ResolvedKeyedSessionOptions {
  // The defaults, the options of nearly every call (an adapter is made per request): one frozen object.
  if (options === undefined) return DEFAULT_OPTIONS;
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: the options must be an object such as { key: "xrpl" }; omit them for the defaults.`,
    );
  }
  const { key = DEFAULT_SESSION_KEY, keepAppData = true } = options as KeyedSessionOptions;
  if (typeof key !== "string" || key === "" || FORBIDDEN_KEYS.has(key) || isFrameworkKey(key)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: \`key\` must name a key of the session that only the sign-in uses, such as "${DEFAULT_SESSION_KEY}" (got ${JSON.stringify(key)}${typeof key === "string" && isFrameworkKey(key) ? ", which the session framework uses itself" : ""}).`,
    );
  }
  if (typeof keepAppData !== "boolean") {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: \`keepAppData\` must be true (the app's own session keys survive sign-in) or false; omit it for true.`,
    );
  }
  return { key, keepAppData };
}

/**
 * The sign-in record under `key` of a session object, checked field by field (`{}` when the key
 * holds nothing, or something that is not a record).
 *
 * @internal
 */
export function readRecordUnder(session: object, key: string): SessionRecord {
  const stored: unknown = Object.prototype.hasOwnProperty.call(session, key) ? (session as Record<string, unknown>)[key] : undefined;
  if (typeof stored !== "object" || stored === null || Array.isArray(stored)) return {};
  return pickSessionRecord(stored as Record<string, unknown>);
}

/**
 * Puts `record` under `key` as a new plain object, or deletes the key for an empty record (a
 * session that holds nothing of the sign-in has no trace of it). No other key is touched.
 *
 * @internal
 */
export function writeRecordUnder(session: object, key: string, record: SessionRecord): void {
  const stored: Record<string, unknown> = {};
  writeSessionRecord(stored, record);
  const target = session as Record<string, unknown>;
  if (Object.keys(stored).length === 0) delete target[key];
  else target[key] = stored;
}

/** The app's own keys of a session object: every own enumerable key but the record's and the framework's. */
function appEntries(session: object, key: string, isFrameworkKey: (name: string) => boolean): [string, unknown][] {
  return Object.entries(session).filter(([name, value]) => name !== key && !isFrameworkKey(name) && typeof value !== "function");
}

/**
 * A `SessionStore` over any framework's session object that keeps the whole sign-in record under
 * one key (`options.key`, default `"xrpl"`) and never reads, writes or deletes another key:
 * `get` reads that key, `set` writes it and saves, `clear` removes it (a sign-in that has
 * ended), `destroy` ends the session (sign-out), `regenerate` rotates the session id and carries
 * the app's own keys into the new session (`keepAppData: false` drops them). The adapters of
 * this library (`expressSessionStore`, `ironSessionStore`) are built on it; build yours for Koa,
 * Fastify or any session middleware the same way. Create one per request.
 *
 * A session written by an earlier version of this library kept the record's fields flat on the
 * session object; those keys are not read (such a session reads as signed out: one new sign-in)
 * and not deleted, since an app may own keys of the same names.
 *
 * @example
 * ```ts
 * import { keyedSessionStore } from "sign-in-with-xrpl";
 *
 * // Koa + koa-session
 * const store = keyedSessionStore({
 *   current: () => ctx.session ?? undefined,
 *   save: () => ctx.session!.save(),
 *   destroy: () => { ctx.session = null; },
 *   regenerate: () => ctx.session!.regenerate(),
 *   isFrameworkKey: (name) => name === "isNew" || name.startsWith("_"),
 * });
 * const { status, body } = await handlers.nonce(store, { request: ctx.req });
 * ```
 */
export function keyedSessionStore(session: FrameworkSession, options?: KeyedSessionOptions): SessionStore {
  if (typeof session !== "object" || session === null || typeof session.current !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: keyedSessionStore(session) needs { current, save, destroy } over your framework's session (see FrameworkSession).",
    );
  }
  const isFrameworkKey = (name: string): boolean => session.isFrameworkKey?.(name) === true;
  return keyedSessionStoreResolved(session, resolveKeyedSessionOptions("keyedSessionStore", options, isFrameworkKey));
}

/**
 * `keyedSessionStore` over options an adapter has already checked (with the same
 * `isFrameworkKey`), so an adapter made per request checks its options once, not twice.
 *
 * @internal
 */
export function keyedSessionStoreResolved(session: FrameworkSession, { key, keepAppData }: ResolvedKeyedSessionOptions): SessionStore {
  // Made on every request: the closures below are the store's own methods, nothing more.
  const write = async (record: SessionRecord): Promise<void> => {
    writeRecordUnder(existingSession(session, "write"), key, record);
    await session.save();
  };
  const store: SessionStore = {
    get(): SessionRecord {
      const current = session.current();
      return typeof current === "object" && current !== null ? readRecordUnder(current, key) : {};
    },
    set: write,
    clear: () => write({}),
    async destroy(): Promise<void> {
      await session.destroy();
    },
  };
  if (typeof session.regenerate === "function") {
    store.regenerate = async (): Promise<void> => {
      const isFrameworkKey = (name: string): boolean => session.isFrameworkKey?.(name) === true;
      const before = appEntries(existingSession(session, "regenerate"), key, isFrameworkKey);
      await session.regenerate!();
      const after = existingSession(session, "regenerate");
      const target = after as Record<string, unknown>;
      // The new session holds the app's keys exactly as chosen, whatever the framework kept.
      for (const [name] of appEntries(after, key, isFrameworkKey)) delete target[name];
      delete target[key];
      if (keepAppData) for (const [name, value] of before) target[name] = value;
    };
  }
  return store;
}

/** The framework's session object now; an `InvalidOptionsError` naming the missing middleware when there is none. */
function existingSession(session: FrameworkSession, action: string): object {
  const current = session.current();
  if (typeof current !== "object" || current === null) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: keyedSessionStore: the request has no session to ${action}; is the session middleware mounted before the sign-in routes?`,
    );
  }
  return current;
}
