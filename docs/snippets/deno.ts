import { createVerifier } from "npm:sign-in-with-xrpl";
import { createFetchHandler } from "npm:sign-in-with-xrpl/fetch";

const auth = createFetchHandler({
  verifier: createVerifier(),
  domain: Deno.env.get("APP_DOMAIN")?.split(","),
  sessionSecret: Deno.env.get("SESSION_SECRET") ?? "",
});

Deno.serve(async (request) => {
  const { pathname } = new URL(request.url);
  // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me.
  if (pathname.startsWith("/api/auth/")) return auth.handle(request);

  // Your own protected route.
  if (pathname === "/api/profile") {
    const signedIn = await auth.getSession(request);
    if (signedIn === null) return Response.json({ error: "Not authenticated." }, { status: 401 });
    return Response.json({ address: signedIn.address });
  }
  return new Response("Not found", { status: 404 });
});
