// Small pieces every route uses: JSON answers that are never cached, and one place that turns a
// setup failure into a JSON 500.
import type { HandlerResult, SessionStore } from "sign-in-with-xrpl";
import { getAuth, type Auth } from "./auth";
import { ConfigError } from "./config";
import { getSessionStore } from "./session";

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

/** A route handler answering 405 JSON, for the methods a route does not serve. */
export function methodNotAllowed(allow: string): () => Response {
  return () => json(405, { error: "Method not allowed." }, { Allow: allow });
}
