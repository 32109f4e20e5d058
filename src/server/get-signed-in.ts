import { InvalidOptionsError } from "../errors.js";
import type { SessionRecord, SessionStore } from "./types.js";

/**
 * A signed-in session as your own routes read it: the address, when it signed in (milliseconds
 * since the Unix epoch) and the data your `onSignIn` hook stored (`undefined` when it stored
 * none, as for sessions signed in before you added the hook).
 *
 * @example
 * ```ts
 * const session: SignedInSession<{ userId: string }> | null = await getSignedIn(expressSessionStore(req));
 * if (session !== null) console.log(`${session.address} (user ${session.data?.userId}) since ${new Date(session.authenticatedAt).toISOString()}`);
 * ```
 */
export interface SignedInSession<TData = unknown> {
  address: string;
  authenticatedAt: number;
  data: TData | undefined;
}

/**
 * Options of `getSignedIn`.
 *
 * @example
 * ```ts
 * const options: GetSignedInOptions = { maxAgeSeconds: 3600 }; // sign in again after an hour
 * ```
 */
export interface GetSignedInOptions {
  /**
   * A session signed in longer ago than this many seconds reads as not signed in (and is not
   * ended: the handlers' `me` and a sign-out still see it). Default: no limit beyond the
   * session's own lifetime.
   */
  maxAgeSeconds?: number | undefined;
  /** Clock in milliseconds since the Unix epoch. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * The rules every read of a sign-in applies: `me`, the fetch handler's `getSession` and
 * `getSignedIn` all go through `readSignedIn`, so a rule added here holds for each of them.
 *
 * @internal
 */
export interface SignedInRules {
  /** Milliseconds; `undefined` for no limit. */
  maxAgeMs: number | undefined;
  now: () => number;
}

/**
 * The sign-in a session record holds, or `null`: no address, no sign-in time, or older than the
 * rules allow.
 *
 * @internal
 */
export function readSignedIn<TData = unknown>(record: SessionRecord, rules: SignedInRules): SignedInSession<TData> | null {
  const { address, authenticatedAt } = record;
  if (typeof address !== "string" || address === "") return null;
  if (typeof authenticatedAt !== "number" || !Number.isFinite(authenticatedAt)) return null;
  if (rules.maxAgeMs !== undefined && rules.now() - authenticatedAt > rules.maxAgeMs) return null;
  // The data was checked as JSON when `onSignIn` returned it; its type is the one the app's hook declares.
  return { address, authenticatedAt, data: record.data as TData | undefined };
}

/**
 * The sign-in of a request's session, for your own routes: `{ address, authenticatedAt, data }`,
 * or `null` when the session holds none (never signed in, signed out, or signed in longer ago than
 * `maxAgeSeconds`). Works over any `SessionStore`: `expressSessionStore(req)`,
 * `ironSessionStore(session)` or your own. Rejects only when the store itself fails to read, or
 * with `InvalidOptionsError` for a bad option. With the fetch handler, use `auth.getSession(request)`.
 *
 * @example
 * ```ts
 * import { expressSessionStore, getSignedIn } from "sign-in-with-xrpl";
 *
 * app.get("/api/orders", async (req, res) => {
 *   const session = await getSignedIn<{ userId: string }>(expressSessionStore(req), { maxAgeSeconds: 8 * 3600 });
 *   if (session === null) return res.status(401).json({ error: "Not authenticated." });
 *   res.json(await orders.list(session.data?.userId ?? session.address));
 * });
 * ```
 */
export async function getSignedIn<TData = unknown>(store: SessionStore, options: GetSignedInOptions = {}): Promise<SignedInSession<TData> | null> {
  if (typeof store !== "object" || store === null || typeof store.get !== "function") {
    throw new InvalidOptionsError("sign-in-with-xrpl: getSignedIn(store) needs a SessionStore, e.g. getSignedIn(expressSessionStore(req)).");
  }
  const rules = signedInRules(options, "getSignedIn");
  return readSignedIn<TData>(await store.get(), rules);
}

/**
 * Checks `getSignedIn`'s options once.
 *
 * @internal
 */
export function signedInRules(options: GetSignedInOptions, caller: string): SignedInRules {
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: options must be an object such as { maxAgeSeconds: 3600 }; omit them for no limit.`);
  }
  const { maxAgeSeconds, now } = options;
  if (maxAgeSeconds !== undefined && (typeof maxAgeSeconds !== "number" || !Number.isFinite(maxAgeSeconds) || maxAgeSeconds <= 0)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: \`maxAgeSeconds\` must be a positive number of seconds (got ${String(maxAgeSeconds)}); omit it for no limit.`,
    );
  }
  if (now !== undefined && typeof now !== "function") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: \`now\` must be a function returning milliseconds since the Unix epoch, e.g. () => Date.now().`);
  }
  return { maxAgeMs: maxAgeSeconds === undefined ? undefined : maxAgeSeconds * 1000, now: now ?? Date.now };
}
