import { LOOPBACK_DOMAINS } from "../server/expected-domain.js";
import type { NormalizedSessionCookie } from "./options.js";

/**
 * The value of cookie `name` in a request's `Cookie` header, or `undefined`. The first one wins
 * when a browser sends the name twice (a cookie set for a parent path or domain comes later).
 *
 * @internal
 */
export function readCookie(header: string | null, name: string): string | undefined {
  if (header === null) return undefined;
  // Walked pair by pair in place: no array of every pair, no copy of a pair that is not the one.
  for (let start = 0; start < header.length;) {
    let end = header.indexOf(";", start);
    if (end === -1) end = header.length;
    const equals = header.indexOf("=", start);
    if (equals !== -1 && equals < end && header.slice(start, equals).trim() === name) {
      let value = header.slice(equals + 1, end).trim();
      if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
      // Only an escaped value needs decoding (a sealed session is cookie-safe text, never escaped).
      if (!value.includes("%")) return value;
      try {
        return decodeURIComponent(value);
      } catch {
        return undefined;
      }
    }
    start = end + 1;
  }
  return undefined;
}

/**
 * Whether the `Secure` attribute goes on the cookie of this request. Set unless the settings
 * say otherwise, or the request is local development: not production, plain `http:`, a loopback
 * host. This rule needs no `NODE_ENV`, so it holds on Workers, Deno and Bun alike: a deployed
 * site is reached over HTTPS (Secure), `wrangler dev` or `localhost:3000` over HTTP (not Secure,
 * or the browser would drop the cookie there).
 *
 * @internal
 */
export function cookieIsSecure(cookie: NormalizedSessionCookie, production: boolean, requestUrl: string | URL): boolean {
  if (cookie.secure !== undefined) return cookie.secure;
  if (production) return true;
  let url: URL;
  try {
    url = typeof requestUrl === "string" ? new URL(requestUrl) : requestUrl;
  } catch {
    return true;
  }
  return !(url.protocol === "http:" && LOOPBACK_DOMAINS.includes(url.hostname));
}

/** Characters `encodeURIComponent` leaves as they are, and that a cookie value may hold: a sealed session is made of them. */
const COOKIE_SAFE = /^[A-Za-z0-9._~!*'()-]*$/u;

/**
 * One `Set-Cookie` header value: the session cookie with `value` for `maxAgeSeconds` (0 expires it).
 * `safe`: the caller knows `value` is made of cookie-safe characters only (a value it sealed), so
 * it is not checked again.
 *
 * @internal
 */
export function serializeCookie(
  cookie: NormalizedSessionCookie,
  value: string,
  maxAgeSeconds: number,
  secure: boolean,
  safe = false,
): string {
  let header = `${cookie.name}=${safe || COOKIE_SAFE.test(value) ? value : encodeURIComponent(value)}; Path=${cookie.path}; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=${cookie.sameSite}`;
  if (cookie.domain !== undefined) header += `; Domain=${cookie.domain}`;
  if (secure) header += "; Secure";
  return header;
}
