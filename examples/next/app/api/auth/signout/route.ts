import { methodNotAllowed, send, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/auth/signout: destroys the session (iron-session expires the cookie). Always 200. */
export async function POST(): Promise<Response> {
  return withAuth(async ({ handlers }, session) => send(await handlers.signOut(session)));
}

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
