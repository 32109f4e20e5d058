import { InvalidOptionsError } from "../errors.js";
import { describeValue } from "../shared/describe-value.js";
import type { RequestContext } from "./request-context.js";
import type { SignedInState } from "./session-read.js";
import type { AuthHandlers, SessionStore } from "./types.js";

/**
 * A signed-in session as your own routes read it: the address, when it signed in (milliseconds
 * since the Unix epoch), the data your `onSignIn` hook stored (`undefined` when it stored
 * none, as for sessions signed in before you added the hook) and, when the handlers read
 * `claims`, the session's claims (as last read: at sign-in, or at the last revalidation).
 *
 * @example
 * ```ts
 * const session: SignedInSession<{ userId: string }> | null = await handlers.getSignedIn(expressSessionStore(req), { request: req });
 * if (session !== null) console.log(`${session.address} (user ${session.data?.userId}) since ${new Date(session.authenticatedAt).toISOString()}`);
 * ```
 */
export interface SignedInSession<TData = unknown> {
  address: string;
  authenticatedAt: number;
  data: TData | undefined;
  /** The ledger claims by name (`{ kyc: true }`); absent when the handlers read no `claims`. */
  claims?: Readonly<Record<string, boolean>> | undefined;
}

/**
 * Options of `getSignedIn` (and of `handlers.getSignedIn`, which takes all but `handlers`).
 *
 * @example
 * ```ts
 * const options: GetSignedInOptions = { handlers, request: req, maxAgeSeconds: 3600 }; // signed in within the hour
 * ```
 */
export interface GetSignedInOptions<TData = unknown> extends RequestContext {
  /**
   * The handlers that sign users in: their session rules (the absolute lifetime
   * `maxSessionAgeSeconds`, sign-out revocation, `revalidateAfterSeconds`) decide whether the
   * session still counts, exactly as for their `me`.
   */
  handlers: AuthHandlers<never, TData>;
  /**
   * Stricter than the session's lifetime, for one route: a sign-in older than this many seconds
   * reads as `null` here (and is not ended: other routes still see it). For "confirm it's you"
   * before a sensitive action. Default: no extra limit.
   */
  maxAgeSeconds?: number | undefined;
}

/**
 * The sign-in of a request's session, for your own routes: `{ address, authenticatedAt, data }`,
 * or `null` when the session holds none (never signed in, signed out, past its lifetime, its key's
 * authority gone when revalidation is on, older than `maxAgeSeconds`, or, with several domains,
 * signed in on another host than the request's). The same as
 * `handlers.getSignedIn(store, { request, maxAgeSeconds })`, and answers the data type of the
 * handlers' `onSignIn` (or the one you name). Pass `request` (or `headers`, or
 * `host`) when `domain` lists several hosts: without it such a read answers `null`. Works over any `SessionStore`
 * (`expressSessionStore(req)`, `ironSessionStore(session)` or your own). Rejects when the session
 * or revocation store cannot answer, so a route never serves a session it could not check, and
 * with `InvalidOptionsError` for bad options. With the fetch handler, use `auth.getSession(request)`.
 *
 * @example
 * ```ts
 * import { expressSessionStore, getSignedIn } from "sign-in-with-xrpl";
 *
 * app.get("/api/orders", async (req, res) => {
 *   const session = await getSignedIn<{ userId: string }>(expressSessionStore(req), { handlers, request: req });
 *   if (session === null) return res.status(401).json({ error: "Not authenticated." });
 *   res.json(await orders.list(session.data?.userId ?? session.address));
 * });
 * ```
 */
export async function getSignedIn<TData = unknown>(
  store: SessionStore,
  options: GetSignedInOptions<TData>,
): Promise<SignedInSession<TData> | null> {
  if (typeof store !== "object" || store === null || typeof store.get !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: getSignedIn(store, { handlers }) needs a SessionStore, e.g. getSignedIn(expressSessionStore(req), { handlers }).",
    );
  }
  const handlers = (options as Partial<GetSignedInOptions> | undefined)?.handlers;
  if (typeof handlers !== "object" || handlers === null || typeof handlers.getSignedIn !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: getSignedIn(store, { handlers }) needs the handlers from createAuthHandlers, whose lifetime and sign-out rules decide whether the session still counts.",
    );
  }
  const { request, headers, host, maxAgeSeconds } = options;
  return handlers.getSignedIn<TData>(store, { maxAgeSeconds, request, headers, host });
}

/**
 * Checks the per-read options once: `maxAgeSeconds` in milliseconds, or `undefined`.
 *
 * @internal
 */
export function getSignedInOptions(options: unknown, caller: string): { maxAgeMs: number | undefined } {
  if (options === undefined) return { maxAgeMs: undefined };
  if (typeof options !== "object" || options === null) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: options must be an object such as { maxAgeSeconds: 3600 }; omit them for no extra limit.`,
    );
  }
  const { maxAgeSeconds } = options as { maxAgeSeconds?: unknown };
  if (maxAgeSeconds === undefined) return { maxAgeMs: undefined };
  if (typeof maxAgeSeconds !== "number" || !Number.isFinite(maxAgeSeconds) || maxAgeSeconds <= 0) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: ${caller}: \`maxAgeSeconds\` must be a positive number of seconds (got ${describeValue(maxAgeSeconds)}); omit it for no extra limit.`,
    );
  }
  return { maxAgeMs: maxAgeSeconds * 1000 };
}

/**
 * What a read that passed every check hands to your routes.
 *
 * @internal
 */
export function signedInSession<TData = unknown>(state: SignedInState): SignedInSession<TData> {
  // The data was checked as JSON when `onSignIn` returned it; its type is the one the app's hook declares.
  const session: SignedInSession<TData> = {
    address: state.address,
    authenticatedAt: state.authenticatedAt,
    data: state.record.data as TData | undefined,
  };
  if (state.claims !== undefined) session.claims = { ...state.claims };
  return session;
}
