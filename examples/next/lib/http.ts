// Small pieces every route uses: JSON answers that are never cached, a bounded body reader, and
// one place that turns a setup failure into a JSON 500.
import type { HandlerResult, SessionStore } from "sign-in-with-xrpl";
import { getAuth, type Auth } from "./auth";
import { ConfigError } from "./config";
import { getSessionStore } from "./session";

/** Largest JSON body the API reads. A sign-in message is at most 8 KiB; a signed transaction adds a few hundred bytes. */
export const BODY_LIMIT_BYTES = 16 * 1024;

export function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

export function send(result: HandlerResult): Response {
  return json(result.status, result.body);
}

/**
 * Runs a route with the process's auth setup and the caller's session. A bad environment or a
 * failure outside the handlers answers JSON 500 instead of an HTML error page.
 */
export async function withAuth(run: (auth: Auth, session: SessionStore) => Promise<Response>): Promise<Response> {
  let auth: Auth;
  let session: SessionStore;
  try {
    auth = await getAuth();
    session = await getSessionStore(auth.config);
  } catch (error) {
    console.error(error instanceof ConfigError ? `Configuration: ${error.message}` : error);
    return json(500, { error: "Internal server error." });
  }
  try {
    return await run(auth, session);
  } catch (error) {
    console.error("example: request failed", error);
    return json(500, { error: "Internal server error." });
  }
}

export type BodyRead = { kind: "json"; body: unknown } | { kind: "unreadable" } | { kind: "too-large" };

/**
 * Reads a JSON body of at most BODY_LIMIT_BYTES. `unreadable`: not JSON (content type or
 * syntax); `too-large`: over the limit, found from Content-Length or while reading.
 */
export async function readJsonBody(request: Request): Promise<BodyRead> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return { kind: "too-large" };
  const type = (request.headers.get("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json" && !type.endsWith("+json")) return { kind: "unreadable" };
  if (request.body === null) return { kind: "unreadable" };

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > BODY_LIMIT_BYTES) {
      await reader.cancel().catch(() => {});
      return { kind: "too-large" };
    }
    chunks.push(value);
  }
  try {
    const text = new TextDecoder("utf-8", { fatal: true }).decode(Buffer.concat(chunks));
    return { kind: "json", body: JSON.parse(text) as unknown };
  } catch {
    return { kind: "unreadable" };
  }
}

/** A route handler answering 405 JSON, for the methods a route does not serve. */
export function methodNotAllowed(allow: string): () => Response {
  return () => json(405, { error: "Method not allowed." }, { Allow: allow });
}
