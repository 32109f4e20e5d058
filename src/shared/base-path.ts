// The path the sign-in routes live under, as the server (the fetch handler, a framework adapter)
// and the browser client (createHttpAdapter) both take it: one rule and one default, so the two
// sides can always be given the same value.

/**
 * Where the sign-in routes live unless told otherwise: `GET /api/auth/nonce`,
 * `POST /api/auth/verify`, `POST /api/auth/signout`, `GET /api/auth/me`.
 *
 * @example
 * ```ts
 * import { DEFAULT_BASE_PATH } from "sign-in-with-xrpl";
 * app.use(DEFAULT_BASE_PATH, signInRoutes); // "/api/auth"
 * ```
 */
export const DEFAULT_BASE_PATH = "/api/auth";

/**
 * The routes under a base path, by name: the same names on the server and in the client.
 *
 * @internal
 */
export const ROUTE_NAMES = ["nonce", "verify", "signout", "me"] as const;

/** Characters that make a route pattern in some framework (`*`, `:id`, `(a|b)`, `{x}`, `[x]`, `+`, `!`), never a plain path. */
const PATTERN_CHARACTERS = /[*:()[\]{}+!|]/u;

/**
 * Why `value` is not a base path, as the end of a sentence naming the option, or `undefined`
 * when it is one: a plain path starting with `/`, without a query, a fragment, spaces,
 * percent-escapes, `//` or the characters frameworks read as patterns.
 *
 * @internal
 */
export function basePathProblem(value: unknown): string | undefined {
  if (typeof value === "string" && PATTERN_CHARACTERS.test(value)) {
    const plain = plainPrefix(value);
    return (
      `is the plain path the routes live under, not a route pattern (got ${JSON.stringify(value)}): ` +
      `give ${JSON.stringify(plain)} here, and the pattern to your framework when you mount the handler ` +
      `(for example app.all("${plain === "/" ? "" : plain}/*", ...) in Hono)`
    );
  }
  if (typeof value !== "string" || !value.startsWith("/")) {
    return `must be a path starting with "/", such as "${DEFAULT_BASE_PATH}" (got ${describe(value)}); omit it for "${DEFAULT_BASE_PATH}"`;
  }
  if (/[?#\s%]/u.test(value) || value.includes("//")) {
    return `must be a plain path such as "${DEFAULT_BASE_PATH}", without query, fragment, spaces, percent-escapes or "//" (got ${JSON.stringify(value)})`;
  }
  return undefined;
}

/**
 * A checked base path without its trailing slashes (`""` for the root).
 *
 * @internal
 */
export function normalizeBasePath(value: string): string {
  return value.replace(/\/+$/u, "");
}

/** The part of a pattern before its first pattern segment: "/auth/*" -> "/auth". */
function plainPrefix(pattern: string): string {
  const segments: string[] = [];
  for (const segment of pattern.split("/").filter((part) => part !== "")) {
    if (PATTERN_CHARACTERS.test(segment)) break;
    segments.push(segment);
  }
  const plain = normalizeBasePath(`/${segments.join("/")}`);
  return plain === "" ? "/" : plain;
}

function describe(value: unknown): string {
  if (typeof value === "string") return JSON.stringify(value);
  if (value === null) return "null";
  return typeof value;
}
