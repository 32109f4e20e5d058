// GET /api/auth/xrpl-nonce: a fresh nonce for the sign-in message, bound to this browser by a
// sealed cookie. A static route, so it wins over Auth.js's catch-all next to it.
import { xrpl } from "@/auth";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return xrpl.handleNonceRequest(request);
}
