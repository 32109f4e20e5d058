import { json, methodNotAllowed, readJsonBody, send, withAuth, BODY_LIMIT_BYTES } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/auth/verify: checks the signed sign-in message and, on success, seals the address into the session. */
export async function POST(request: Request): Promise<Response> {
  return withAuth(async ({ handlers }, session) => {
    const read = await readJsonBody(request);
    if (read.kind === "too-large") return json(413, { error: `Request body too large (limit ${BODY_LIMIT_BYTES / 1024}kb).` });
    // An unreadable body goes to the handler as such: a sealed-cookie session answers 500 `Internal server error.`.
    const body = read.kind === "json" ? read.body : undefined;
    return send(await handlers.verify(session, { body, request }));
  });
}

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
