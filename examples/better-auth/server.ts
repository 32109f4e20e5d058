// The HTTP side: better-auth answers under /api/auth/ (the XRPL routes are /api/auth/xrpl/nonce
// and /api/auth/xrpl/verify), and the app's own routes read the session from better-auth.
import type { IncomingMessage, ServerResponse } from "node:http";
import { fromNodeHeaders, toNodeHandler } from "better-auth/node";

/** What the app needs of its better-auth instance (`createAuth(env).auth` fits). */
export interface AppAuth {
  handler: (request: Request) => Promise<Response>;
  api: {
    getSession(context: { headers: Headers }): Promise<{
      user: { id: string; name: string };
      session: { xrplAddress?: string | null | undefined };
    } | null>;
  };
}

/** The app's request handler, for `http.createServer` (or `app.use` in Express). */
export function createRequestListener(auth: AppAuth) {
  const handleAuth = toNodeHandler(auth);

  const handle = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const path = new URL(request.url ?? "/", "http://localhost").pathname;
    if (path.startsWith("/api/auth/")) return handleAuth(request, response);

    if (path === "/api/profile" && request.method === "GET") {
      const signedIn = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
      if (signedIn === null) return send(response, 401, { error: "Not authenticated." });
      // `xrplAddress` says which XRPL account signed this session in (null for other methods).
      return send(response, 200, { userId: signedIn.user.id, name: signedIn.user.name, address: signedIn.session.xrplAddress });
    }
    send(response, 404, { error: "Not found." });
  };

  return (request: IncomingMessage, response: ServerResponse): void => {
    handle(request, response).catch((error: unknown) => {
      console.error("request failed", error);
      if (!response.headersSent) send(response, 500, { error: "Internal server error." });
      else response.destroy();
    });
  };
}

function send(response: ServerResponse, status: number, body: Record<string, unknown>): void {
  response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
  response.end(JSON.stringify(body));
}
