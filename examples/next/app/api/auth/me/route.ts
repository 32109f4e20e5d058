import { methodNotAllowed, send, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/auth/me: the signed-in address, or 401 `Not authenticated.`. */
export async function GET(): Promise<Response> {
  return withAuth(async ({ handlers }, session) => send(await handlers.me(session)));
}

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
