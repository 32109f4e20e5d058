import { auth } from "@/lib/auth";

// GET /api/auth/nonce and /api/auth/me, POST /api/auth/verify and /api/auth/signout.
export const GET = (request: Request) => auth.handle(request);
export const POST = (request: Request) => auth.handle(request);
