import { json } from "@/lib/http";

export const dynamic = "force-dynamic";

/** Any other path under /api: a JSON 404, like the Express example. */
function notFound(): Response {
  return json(404, { error: "Not found." });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
