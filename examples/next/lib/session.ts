import { getIronSession } from "iron-session";
import { cookies } from "next/headers";
import { ironSessionStore, sessionCookieOptions, type SessionRecord, type SessionStore } from "sign-in-with-xrpl";
import type { ServerConfig } from "./config";

/**
 * The caller's sealed-cookie session (iron-session) as the handlers' SessionStore. Cookie
 * name and attributes come from the library's `sessionCookieOptions`: httpOnly, secure in
 * production, 30 minutes for both the cookie and the sealed data.
 */
export async function getSessionStore(config: ServerConfig): Promise<SessionStore> {
  const { cookieName, ttl, cookieOptions } = sessionCookieOptions({
    sessionKind: "sealed-cookie",
    production: config.production,
    name: config.cookieName,
  });
  // The sign-in record lives under `xrpl` (ironSessionStore's default key); the rest of the cookie is the app's.
  const session = await getIronSession<{ xrpl?: SessionRecord }>(await cookies(), {
    password: config.sessionSecret,
    cookieName,
    ttl,
    cookieOptions,
  });
  return ironSessionStore(session);
}
