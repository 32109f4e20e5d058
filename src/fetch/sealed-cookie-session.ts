import { sealData, unsealData } from "iron-session";
import { pickSessionRecord } from "../server/session-record.js";
import type { SessionRecord, SessionStore } from "../server/types.js";
import { cookieIsSecure, readCookie, serializeCookie } from "./cookie-header.js";
import type { NormalizedFetchOptions } from "./options.js";

/** What the cookie holds once unsealed: the session record and when it stops counting. */
interface SealedPayload extends SessionRecord {
  /** Milliseconds since the Unix epoch, from the handler's clock. */
  expiresAt: number;
}

/** One request's session, as the handlers' `SessionStore`, and the cookie to answer with. */
export interface RequestSession {
  store: SessionStore;
  /** The `Set-Cookie` value the answer carries, when the session was written or ended. */
  setCookie(): string | undefined;
}

/**
 * The sealed-cookie sessions of one fetch handler. The three places a session is touched live
 * here, so rules about sessions (revocation, an absolute lifetime) have one home:
 * `read` (every read, `getSession` included), `write` (a new nonce, a sign-in) and `end` (sign-out).
 * Nothing is kept between requests: any instance with the same secret reads the same sessions.
 *
 * @internal
 */
export interface SealedCookieSessions {
  read(request: Request): Promise<SessionRecord>;
  open(request: Request): RequestSession;
}

/** @internal */
export function createSealedCookieSessions(config: NormalizedFetchOptions): SealedCookieSessions {
  const { cookie, sessionSecret: password } = config;
  const { now, production } = config.auth;
  const ttl = cookie.maxAgeSeconds;

  const read = async (request: Request): Promise<SessionRecord> => {
    const sealed = readCookie(request.headers.get("cookie"), cookie.name);
    if (sealed === undefined || sealed === "") return {};
    let payload: unknown;
    try {
      payload = await unsealData<SealedPayload>(sealed, { password, ttl });
    } catch {
      // A cookie that does not unseal (tampered, truncated, sealed with another secret) is no session.
      return {};
    }
    if (typeof payload !== "object" || payload === null) return {};
    const { expiresAt } = payload as Partial<SealedPayload>;
    // The seal carries its own expiry by the wall clock; this one follows the handler's clock
    // (`now`), so the lifetime holds exactly as configured and can be tested.
    if (typeof expiresAt !== "number" || !(now() < expiresAt)) return {};
    return pickSessionRecord(payload as Record<string, unknown>);
  };

  const open = (request: Request): RequestSession => {
    const secure = cookieIsSecure(cookie, production, request.url);
    let current: Promise<SessionRecord> | undefined;
    let header: string | undefined;
    const store: SessionStore = {
      get: () => (current ??= read(request)),
      async set(record) {
        const payload: SealedPayload = { ...pickSessionRecord(record as Record<string, unknown>), expiresAt: now() + ttl * 1000 };
        const sealed = await sealData(payload, { password, ttl });
        header = serializeCookie(cookie, sealed, ttl, secure);
        current = Promise.resolve(pickSessionRecord(payload as unknown as Record<string, unknown>));
      },
      destroy() {
        header = serializeCookie(cookie, "", 0, secure);
        current = Promise.resolve({});
      },
    };
    return { store, setCookie: () => header };
  };

  return { read, open };
}
