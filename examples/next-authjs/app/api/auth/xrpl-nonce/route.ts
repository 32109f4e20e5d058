// GET /api/auth/xrpl-nonce: a fresh nonce for the sign-in message, bound to this browser by a
// sealed cookie. A static route, so it wins over Auth.js's catch-all next to it.
import { getXrplProvider } from "@/lib/xrpl";

export const dynamic = "force-dynamic";

export function GET(request: Request): Promise<Response> {
  return getXrplProvider().handleNonceRequest(request);
}
