import { InvalidOptionsError } from "../errors.js";
import { pickSessionRecord, writeSessionRecord } from "./session-record.js";
import type { SessionRecord, SessionStore } from "./types.js";

type Callback = (error?: unknown) => void;

/**
 * The part of an express-session `req.session` the adapter uses. Structural, so this library
 * never imports express-session.
 *
 * @example
 * ```ts
 * const session: ExpressSessionLike = req.session; // express-session's Session fits
 * ```
 */
export interface ExpressSessionLike {
  save(callback: (error?: unknown) => void): unknown;
  destroy(callback: (error?: unknown) => void): unknown;
  regenerate(callback: (error?: unknown) => void): unknown;
}

/**
 * The part of an Express request the adapter uses: `req.session`, set by express-session.
 *
 * @example
 * ```ts
 * const request: ExpressRequestLike = req; // an Express request behind session(...)
 * ```
 */
export interface ExpressRequestLike {
  session?: ExpressSessionLike | undefined;
}

function promisify(call: (callback: Callback) => unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    // The session store's own error, passed on as it is, is what the handlers log.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- express-session's callback error may be any value; wrapping it would change what callers see
    call((error) => (error ? reject(error) : resolve()));
  });
}

/**
 * A `SessionStore` over express-session's `req.session`: the record's fields live on the
 * session object, `set` replaces them and saves at once (`req.session.save`), `destroy` calls
 * `req.session.destroy`, `regenerate` calls `req.session.regenerate` (a new session id on
 * sign-in). Other fields of the session are left alone. Create one per request.
 *
 * @example
 * ```ts
 * import session from "express-session";
 * import { expressSessionStore } from "sign-in-with-xrpl";
 *
 * app.use(session({ secret, resave: false, saveUninitialized: false }));
 * app.get("/api/me", async (req, res) => {
 *   const { status, body } = await handlers.me(expressSessionStore(req), { request: req });
 *   res.status(status).json(body);
 * });
 * ```
 */
export function expressSessionStore(req: ExpressRequestLike): SessionStore {
  if (typeof req !== "object" || req === null) {
    throw new InvalidOptionsError("sign-in-with-xrpl: expressSessionStore(req) needs the Express request object.");
  }
  let destroyed = false;

  // Read req.session on every call: regenerate() replaces the object and destroy() deletes it.
  const current = (action: string): ExpressSessionLike => {
    const session = req.session;
    if (typeof session === "object" && session !== null && typeof session.save === "function") return session;
    if (destroyed) {
      throw new InvalidOptionsError(
        `sign-in-with-xrpl: expressSessionStore: cannot ${action} a destroyed session; the next request gets a new one.`,
      );
    }
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: expressSessionStore found no req.session: install express-session before the routes (app.use(session({ ... }))).",
    );
  };

  return {
    get(): SessionRecord {
      if (destroyed && req.session === undefined) return {};
      return pickSessionRecord(current("read") as unknown as Record<string, unknown>);
    },
    async set(record: SessionRecord): Promise<void> {
      const session = current("write");
      writeSessionRecord(session as unknown as Record<string, unknown>, record);
      await promisify((callback) => session.save(callback));
    },
    async destroy(): Promise<void> {
      if (destroyed && req.session === undefined) return;
      const session = current("destroy");
      await promisify((callback) => session.destroy(callback));
      destroyed = true;
    },
    async regenerate(): Promise<void> {
      const session = current("regenerate");
      await promisify((callback) => session.regenerate(callback));
    },
  };
}
