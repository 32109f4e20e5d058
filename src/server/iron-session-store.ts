import { InvalidOptionsError } from "../errors.js";
import { keyedSessionStore, resolveKeyedSessionOptions } from "./keyed-session-store.js";
import type { SessionStore } from "./types.js";

/**
 * The part of an iron-session `IronSession` the adapter uses. Structural, so this library never
 * imports iron-session.
 *
 * @example
 * ```ts
 * const session: IronSessionLike = await getIronSession<{ xrpl?: SessionRecord }>(await cookies(), options);
 * ```
 */
export interface IronSessionLike {
  save(): Promise<void>;
  destroy(): void;
}

/**
 * Options of `ironSessionStore`.
 *
 * @example
 * ```ts
 * const store = ironSessionStore(session, { key: "wallet" });
 * ```
 */
export interface IronSessionStoreOptions {
  /** The key of the session that holds the whole sign-in record. Default `"xrpl"`. No other key is read, written or deleted. */
  key?: string | undefined;
}

/**
 * A `SessionStore` over an iron-session session (from `getIronSession`) that keeps the whole
 * sign-in record under one key, `session.xrpl` (or `options.key`), and never reads, writes or
 * deletes any other key of the cookie: data your app keeps in the same session stays. `set`
 * writes the key and re-seals the cookie (`session.save()`); a sign-in found ended on a read is
 * removed from its key only; sign-out calls `session.destroy()`, which ends the whole cookie. A
 * sealed cookie has no session id, so there is no `regenerate`: the cookie is re-sealed on every
 * sign-in anyway. Create one per request.
 *
 * @example
 * ```ts
 * import { cookies } from "next/headers";
 * import { getIronSession } from "iron-session";
 * import { ironSessionStore, type SessionRecord } from "sign-in-with-xrpl";
 *
 * export async function GET(request: Request) {
 *   const session = await getIronSession<{ xrpl?: SessionRecord }>(await cookies(), { cookieName: "siwx_session", password });
 *   const { status, body } = await handlers.me(ironSessionStore(session), { request });
 *   return Response.json(body, { status });
 * }
 * ```
 */
export function ironSessionStore(session: IronSessionLike, options?: IronSessionStoreOptions): SessionStore {
  if (typeof session !== "object" || session === null || typeof session.save !== "function" || typeof session.destroy !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: ironSessionStore(session) needs the session returned by iron-session's getIronSession(cookies, options).",
    );
  }
  const { key } = resolveKeyedSessionOptions("ironSessionStore", options);
  return keyedSessionStore(
    {
      current: () => session,
      save: () => session.save(),
      // iron-session clears the cookie synchronously; nothing to wait for.
      destroy: () => session.destroy(),
    },
    { key },
  );
}
