import { methodNotAllowed, send, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/auth/me: the signed-in address, or 401 `Not authenticated.`. The request says which host the session is read on. */
export async function GET(request: Request): Promise<Response> {
  return withAuth(async ({ handlers }, session) => send(await handlers.me(session, { request })));
}

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
