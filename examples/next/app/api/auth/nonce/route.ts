import { clientAddressOf } from "@/client-address.mjs";
import { json, methodNotAllowed, withAuth } from "@/lib/http";

export const dynamic = "force-dynamic";
export const runtime = "nodejs";

/** GET /api/auth/nonce: a new single-use nonce, stored in the sealed session cookie. Rate limited per client address (see client-address.mjs). */
export async function GET(request: Request): Promise<Response> {
  return withAuth(async ({ handlers, nonceLimiter, config }, session) => {
    const { allowed, remaining, resetSeconds } = nonceLimiter.hit(clientAddressOf(request.headers));
    const rateHeaders = {
      "RateLimit-Policy": `${config.nonceRateLimit};w=60`,
      RateLimit: `limit=${config.nonceRateLimit}, remaining=${remaining}, reset=${resetSeconds}`,
    };
    if (!allowed) {
      return json(
        429,
        { error: "Too many nonce requests. Try again in a minute." },
        { ...rateHeaders, "Retry-After": String(resetSeconds) },
      );
    }
    // The request's Origin and Sec-Fetch-Site tell a page of another site (403); its Host, the
    // host a live sign-in is kept on.
    const result = await handlers.nonce(session, { request });
    return json(result.status, result.body, rateHeaders);
  });
}

export const POST = methodNotAllowed("GET");
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
