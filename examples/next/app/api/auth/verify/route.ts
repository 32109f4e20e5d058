import { readSignInBody } from "sign-in-with-xrpl/fetch";
import { json, methodNotAllowed, send, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** POST /api/auth/verify: checks the signed sign-in message and, on success, seals the address into the session. */
export async function POST(request: Request): Promise<Response> {
  return withAuth(async ({ handlers }, session) => {
    // At most 16 KiB, by the library's own rules; a larger body gets the library's 413 answer.
    const read = await readSignInBody(request);
    if (read.kind === "too-large") return json(read.status, read.body);
    // An unreadable body goes to the handler as such: a sealed-cookie session answers 500 `Internal server error.`.
    const body = read.kind === "json" ? read.body : undefined;
    return send(await handlers.verify(session, { body, request }));
  });
}

export const GET = methodNotAllowed("POST");
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
