/**
 * A minimal cookie jar over the global `fetch`, for tests that talk to one origin over plain
 * HTTP on 127.0.0.1. It keeps what a browser would send back (name and value), honours deletion
 * (`Max-Age=0` or an `Expires` in the past) and remembers the attributes of the last
 * `Set-Cookie` per name so tests can check them. Domain and path scoping are ignored on purpose
 * (one origin, path `/`); `Secure` cookies are kept even over HTTP so a production-mode server
 * can be driven in tests.
 *
 * @example
 * ```ts
 * const jar = createCookieJar();
 * const nonce = await (await jar.fetch(`${url}/api/auth/nonce`)).json();
 * const replay = jar.clone(); // the cookie as it was after the nonce step
 * ```
 */

/**
 * The fetch handler's sealed session cookie: `v1.<key id>.<iv>.<ciphertext and tag>`, base64url
 * parts (a 6-byte key id, a 12-byte IV, at least the 16-byte tag).
 */
export const SEALED_COOKIE_FORMAT = /^v1\.[A-Za-z0-9_-]{8}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{22,}$/;

/** One `Set-Cookie` as the server sent it. */
export interface SetCookie {
  name: string;
  value: string;
  /** Lower-cased attribute names (`httponly`, `secure`, `samesite`, `max-age`, `path`, `expires`); flags map to `true`. */
  attributes: Record<string, string | true>;
  raw: string;
}

export interface CookieJar {
  /** `fetch` that sends the jar's cookies and stores the answer's `Set-Cookie` headers. */
  fetch(input: string | URL, init?: RequestInit): Promise<Response>;
  /** The current value of a cookie, or undefined. */
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  delete(name: string): void;
  /** The `Cookie` header the jar would send (empty string when empty). */
  header(): string;
  /** The last `Set-Cookie` received for `name`, with its attributes. */
  lastSetCookie(name: string): SetCookie | undefined;
  /** An independent copy (same cookies now, separate afterwards). */
  clone(): CookieJar;
}

/** Parses one `Set-Cookie` header value. */
export function parseSetCookie(raw: string): SetCookie {
  const [pair = "", ...parts] = raw.split(";");
  const equals = pair.indexOf("=");
  const name = (equals === -1 ? pair : pair.slice(0, equals)).trim();
  const value = equals === -1 ? "" : pair.slice(equals + 1).trim();
  const attributes: Record<string, string | true> = {};
  for (const part of parts) {
    const index = part.indexOf("=");
    if (index === -1) attributes[part.trim().toLowerCase()] = true;
    else attributes[part.slice(0, index).trim().toLowerCase()] = part.slice(index + 1).trim();
  }
  return { name, value, attributes, raw };
}

/** True when the `Set-Cookie` tells the browser to drop the cookie. */
export function isDeletion(cookie: SetCookie): boolean {
  const maxAge = cookie.attributes["max-age"];
  if (typeof maxAge === "string" && Number(maxAge) <= 0) return true;
  const expires = cookie.attributes.expires;
  return typeof expires === "string" && Date.parse(expires) <= Date.now();
}

export function createCookieJar(initial: Iterable<[string, string]> = []): CookieJar {
  const cookies = new Map<string, string>(initial);
  const lastSet = new Map<string, SetCookie>();

  const jar: CookieJar = {
    async fetch(input, init = {}) {
      const headers = new Headers(init.headers);
      const cookieHeader = jar.header();
      if (cookieHeader !== "") headers.set("cookie", cookieHeader);
      const response = await fetch(input, { ...init, headers, redirect: "manual" });
      for (const raw of response.headers.getSetCookie()) {
        const cookie = parseSetCookie(raw);
        lastSet.set(cookie.name, cookie);
        if (isDeletion(cookie)) cookies.delete(cookie.name);
        else cookies.set(cookie.name, cookie.value);
      }
      return response;
    },
    get: (name) => cookies.get(name),
    set: (name, value) => void cookies.set(name, value),
    delete: (name) => void cookies.delete(name),
    header: () => [...cookies].map(([name, value]) => `${name}=${value}`).join("; "),
    lastSetCookie: (name) => lastSet.get(name),
    clone: () => createCookieJar(cookies),
  };
  return jar;
}
