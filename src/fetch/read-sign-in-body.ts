import { errorBodies, type ErrorResponseCode } from "../server/error-responses.js";
import { readJsonBody } from "./request-body.js";

/**
 * What `readSignInBody` found in a request: the parsed JSON, a body that is not JSON (wrong
 * content type, bad UTF-8, bad syntax), or a body over the size limit, with the 413 answer to send.
 *
 * @example
 * ```ts
 * const read: SignInBodyRead = await readSignInBody(request);
 * if (read.kind === "too-large") return Response.json(read.body, { status: read.status });
 * ```
 */
export type SignInBodyRead =
  | { kind: "json"; body: unknown }
  | { kind: "unreadable" }
  | { kind: "too-large"; status: 413; body: { error: string; code?: ErrorResponseCode } };

/**
 * Reads the JSON body of a sign-in `POST` from a web `Request`, by the same rules as
 * `createFetchHandler`: a JSON content type, strict UTF-8, at most 16 KiB (a sign-in message is at
 * most 8 KiB; a signed transaction adds a few hundred bytes), found too large from `Content-Length`
 * or while reading, so a huge body is never held in memory. For routes you write yourself around
 * `handlers.verify` (Next.js route handlers, SvelteKit, React Router, any `Request`-based
 * framework), where `request.json()` would read a body of any size.
 *
 * A body over the limit comes with the answer to send: 413 `Request body too large (limit 16kb).`
 * (with `code: "body_too_large"` when `errorCodes` is set, as on your handlers). Pass an
 * unreadable body to `handlers.verify` as `undefined`: it answers it as the handlers do.
 *
 * @example
 * ```ts
 * import { readSignInBody } from "sign-in-with-xrpl/fetch";
 *
 * export async function POST(request: Request) {
 *   const read = await readSignInBody(request);
 *   if (read.kind === "too-large") return Response.json(read.body, { status: read.status });
 *   const body = read.kind === "json" ? read.body : undefined;
 *   const { status, body: answer } = await handlers.verify(await sessionStore(), { body, request });
 *   return Response.json(answer, { status, headers: { "Cache-Control": "no-store" } });
 * }
 * ```
 */
export async function readSignInBody(request: Request, options: { errorCodes?: boolean } = {}): Promise<SignInBodyRead> {
  const read = await readJsonBody(request);
  if (read.kind !== "too-large") return read;
  return { kind: "too-large", status: 413, body: errorBodies(options.errorCodes === true).http("tooLarge") };
}
