import { createVerifier } from "npm:sign-in-with-xrpl";
import { createDenoKvNonceStore } from "npm:sign-in-with-xrpl/deno-kv";
import { createFetchHandler } from "npm:sign-in-with-xrpl/fetch";

// Used nonces and signed-out sessions, shared by every process that opens the same database:
// on Deno Deploy, every isolate of the app. KV_PATH unset: Deno's own database for this script.
const kv = await Deno.openKv(Deno.env.get("KV_PATH"));

const auth = createFetchHandler({
  verifier: createVerifier({ nodeUrl: Deno.env.get("XRPL_NODE_URL") }),
  domain: Deno.env.get("APP_DOMAIN")?.split(","),
  sessionSecret: Deno.env.get("SESSION_SECRET") ?? "",
  nonceStore: createDenoKvNonceStore(kv),
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
