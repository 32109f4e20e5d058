import { methodNotAllowed, send, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/auth/signout: destroys the session (iron-session expires the cookie): 200, or 403 for a page of another site. */
export async function POST(request: Request): Promise<Response> {
  return withAuth(async ({ handlers }, session) => send(await handlers.signOut(session, { request })));
}

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
