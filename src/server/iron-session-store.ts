import { InvalidOptionsError } from "../errors.js";
import { pickSessionRecord, writeSessionRecord } from "./session-record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/**
 * The part of an iron-session `IronSession` the adapter uses. Structural, so this library never
 * imports iron-session.
 *
 * @example
 * ```ts
 * const session: IronSessionLike = await getIronSession<SessionRecord>(await cookies(), options);
 * ```
 */
export interface IronSessionLike {
  save(): Promise<void>;
  destroy(): void;
}

/**
 * A `SessionStore` over an iron-session session (from `getIronSession`): the record's fields
 * live on the session object, `set` assigns them, deletes absent ones and re-seals the cookie
 * (`session.save()`), `destroy` calls `session.destroy()`. A sealed cookie has no session id, so
 * there is no `regenerate`: the cookie is re-sealed on every sign-in anyway. Create one per
 * request.
 *
 * @example
 * ```ts
 * import { cookies } from "next/headers";
 * import { getIronSession } from "iron-session";
 * import { ironSessionStore } from "sign-in-with-xrpl";
 *
 * export async function GET(request: Request) {
 *   const session = await getIronSession(await cookies(), { cookieName: "siwx_session", password });
 *   const { status, body } = await handlers.me(ironSessionStore(session), { request });
 *   return Response.json(body, { status });
 * }
 * ```
 */
export function ironSessionStore(session: IronSessionLike): SessionStore {
  if (typeof session !== "object" || session === null || typeof session.save !== "function" || typeof session.destroy !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: ironSessionStore(session) needs the session returned by iron-session's getIronSession(cookies, options).",
    );
  }
  const fields = session as unknown as Record<string, unknown>;
  return {
    get(): SessionRecord {
      return pickSessionRecord(fields);
    },
    async set(record: SessionRecord): Promise<void> {
      writeSessionRecord(fields, record);
      await session.save();
    },
    async destroy(): Promise<void> {
      // iron-session clears the cookie synchronously; nothing to wait for.
      session.destroy();
    },
  };
}
