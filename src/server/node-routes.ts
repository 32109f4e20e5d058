// The four sign-in routes as the Node frameworks' glue (Express, Koa) mounts them over
// `createAuthHandlers`: which route a path names under the base path, the 404 and 405 answers of
// the fetch handler, and the verify body read from the request stream when no body parser ran,
// with the same limit and the same answers as every other runtime (400 `Invalid request body.`,
// 413 over 16 kB). One place, so the glue entries answer alike.
import { InvalidOptionsError } from "../errors.js";
import { basePathProblem, DEFAULT_BASE_PATH, normalizeBasePath, ROUTE_NAMES } from "../shared/base-path.js";
import { errorBodies } from "./error-responses.js";
import type { RequestContext } from "./request-context.js";
import type { AuthHandlers, HandlerResult, SessionStore } from "./types.js";
import { BODY_LIMIT_BYTES, isJsonContentType, parseJsonBytes, UNREADABLE_BODY, type BodyRead } from "./verify-body.js";

/** @internal */
export type RouteName = (typeof ROUTE_NAMES)[number];

/** @internal */
export const ROUTE_METHODS: Readonly<Record<RouteName, "GET" | "POST">> = { nonce: "GET", verify: "POST", signout: "POST", me: "GET" };

/**
 * What a request's path and method mean under `basePath`: not ours (`undefined`), one of the four
 * routes, or the JSON answer of the fetch handler for another path (404) or method (405, `Allow`).
 *
 * @internal
 */
export type RouteMatch =
  | { kind: "route"; route: RouteName }
  | { kind: "answer"; status: number; body: Record<string, unknown>; headers?: Record<string, string> }
  | undefined;

const BODIES = errorBodies(false);

/** @internal */
export function matchRoute(method: string | undefined, pathname: string, basePath: string): RouteMatch {
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const name = pathname.slice(basePath.length + 1);
  if (!(ROUTE_NAMES as readonly string[]).includes(name)) return { kind: "answer", status: 404, body: BODIES.http("notFound") };
  const route = name as RouteName;
  const allowed = ROUTE_METHODS[route];
  if ((method ?? "GET").toUpperCase() !== allowed) {
    return { kind: "answer", status: 405, body: BODIES.http("methodNotAllowed"), headers: { Allow: allowed } };
  }
  return { kind: "route", route };
}

/** @internal The 413 answer of a body over the limit. */
export const TOO_LARGE_ANSWER: HandlerResult = { status: 413, body: BODIES.http("tooLarge") };

/** @internal The 400 answer of a body no JSON parser could read. */
export const INVALID_BODY_ANSWER: HandlerResult = { status: 400, body: BODIES.text("invalidBody") };

/**
 * Reads a Node request stream as a JSON body of at most 16 kB (`Content-Length` checked first,
 * so a huge body is never held). A body that is not JSON (content type, syntax) is `unreadable`.
 *
 * @internal
 */
export async function readStreamJson(
  stream: AsyncIterable<unknown>,
  headers: { readonly [name: string]: string | readonly string[] | undefined },
): Promise<BodyRead> {
  const declared = Number(headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return { kind: "too-large" };
  const contentType = headers["content-type"];
  const json = isJsonContentType(typeof contentType === "string" ? contentType : undefined);
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.byteLength;
    // Read to the end even past the limit or for another type: an unread body would stall a
    // keep-alive connection. Past the limit nothing more is kept.
    if (size <= BODY_LIMIT_BYTES && json) chunks.push(bytes);
  }
  if (size > BODY_LIMIT_BYTES) return { kind: "too-large" };
  if (!json) return { kind: "unreadable" };
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return parseJsonBytes(joined);
}

/**
 * Runs one route's handler. `body` is the verify body: a parsed value, or the result of
 * `readStreamJson` (`unreadable` and `too-large` answered here).
 *
 * @internal
 */
export async function runRoute(
  handlers: AuthHandlers,
  route: RouteName,
  session: SessionStore,
  context: { request?: RequestContext["request"] },
  body: BodyRead,
): Promise<HandlerResult> {
  const request = context.request;
  switch (route) {
    case "nonce":
      return handlers.nonce(session, { request });
    case "me":
      return handlers.me(session, { request });
    case "signout":
      return handlers.signOut(session, { request });
    case "verify":
      if (body.kind === "too-large") return TOO_LARGE_ANSWER;
      return handlers.verify(session, { body: body.kind === "json" ? body.body : UNREADABLE_BODY, request });
  }
}

/** @internal The checked `basePath` option of a glue entry. */
export function resolveBasePath(caller: string, basePath: unknown): string {
  if (basePath === undefined) return DEFAULT_BASE_PATH;
  const problem = basePathProblem(basePath);
  if (problem !== undefined) throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller}: \`basePath\` ${problem}.`);
  return normalizeBasePath(basePath as string);
}

/** @internal */
export function checkHandlers(caller: string, handlers: unknown): asserts handlers is AuthHandlers {
  if (typeof handlers !== "object" || handlers === null || typeof (handlers as AuthHandlers).getSignedIn !== "function") {
    throw new InvalidOptionsError(`sign-in-with-xrpl: ${caller} needs the handlers of createAuthHandlers({ verifier, sessionKind, ... }).`);
  }
}
