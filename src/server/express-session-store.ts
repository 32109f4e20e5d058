import { InvalidOptionsError } from "../errors.js";
import {
  keyedSessionStoreResolved,
  resolveKeyedSessionOptions,
  type FrameworkSession,
  type KeyedSessionOptions,
} from "./keyed-session-store.js";
import type { SessionStore } from "./types.js";

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

/** The key express-session keeps on every session for the cookie's settings. */
const isExpressSessionKey = (name: string): boolean => name === "cookie";

/** The express-session methods the adapter calls, each with a Node-style callback. */
type CallbackMethod = "save" | "destroy" | "regenerate";

function call(session: ExpressSessionLike, method: CallbackMethod): Promise<void> {
  return new Promise((resolve, reject) => {
    // The session store's own error, passed on as it is, is what the handlers log.
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- express-session's callback error may be any value; wrapping it would change what callers see
    session[method]((error) => (error ? reject(error) : resolve()));
  });
}

/**
 * express-session's `req.session` as `keyedSessionStore` drives it. A class, not an object of
 * closures: an adapter is made on every request, and its methods are shared by all of them. It
 * never leaves this module (the store handed to the handlers is `keyedSessionStoreResolved`'s).
 */
class ExpressFrameworkSession implements FrameworkSession {
  readonly #req: ExpressRequestLike;
  #destroyed = false;

  constructor(req: ExpressRequestLike) {
    this.#req = req;
  }

  // Read req.session on every call: regenerate() replaces the object and destroy() deletes it.
  #session(action: string): ExpressSessionLike {
    const session = this.#req.session;
    if (typeof session === "object" && session !== null && typeof session.save === "function") return session;
    if (this.#destroyed) {
      throw new InvalidOptionsError(
        `sign-in-with-xrpl: expressSessionStore: cannot ${action} a destroyed session; the next request gets a new one.`,
      );
    }
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: expressSessionStore found no req.session: install express-session before the routes (app.use(session({ ... }))).",
    );
  }

  current(): ExpressSessionLike | undefined {
    return this.#destroyed && this.#req.session === undefined ? undefined : this.#session("read");
  }

  save(): Promise<void> {
    return call(this.#session("write"), "save");
  }

  async destroy(): Promise<void> {
    if (this.#destroyed && this.#req.session === undefined) return;
    await call(this.#session("destroy"), "destroy");
    this.#destroyed = true;
  }

  regenerate(): Promise<void> {
    return call(this.#session("regenerate"), "regenerate");
  }

  isFrameworkKey(name: string): boolean {
    return isExpressSessionKey(name);
  }
}

/**
 * A `SessionStore` over express-session's `req.session` that keeps the whole sign-in record
 * under one key, `req.session.xrpl` (or `options.key`), and never reads, writes or deletes any
 * other key: your `userId`, `cart`, even an `address` or `data` of your own, stay yours through
 * nonce requests, failed sign-ins and sign-in.
 *
 * `set` writes the key and saves at once (`req.session.save`). At sign-in, `regenerate` gives the
 * session a new id (`req.session.regenerate`: an id fixed before sign-in is worthless after it)
 * and carries your keys into the new session; `keepAppData: false` starts the new session with
 * the sign-in only. Sign-out calls `req.session.destroy`: the whole session ends, your keys with
 * it. A sign-in found ended on a read is removed from its key only. Create one per request, with
 * the same options on every route.
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
 *
 * @example
 * ```ts
 * // Another key, and a fresh session at sign-in without the keys set before it
 * const store = expressSessionStore(req, { key: "wallet", keepAppData: false });
 * ```
 */
export function expressSessionStore(req: ExpressRequestLike, options?: KeyedSessionOptions): SessionStore {
  if (typeof req !== "object" || req === null) {
    throw new InvalidOptionsError("sign-in-with-xrpl: expressSessionStore(req) needs the Express request object.");
  }
  // Checked here, so the message names this function, and only here.
  const resolved = resolveKeyedSessionOptions("expressSessionStore", options, isExpressSessionKey);
  return keyedSessionStoreResolved(new ExpressFrameworkSession(req), resolved);
}
