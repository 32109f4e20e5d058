import { createVerifier } from "sign-in-with-xrpl";
import { createFetchHandler } from "sign-in-with-xrpl/fetch";

const auth = createFetchHandler({
  verifier: createVerifier(),
  domain: Bun.env.APP_DOMAIN?.split(","),
  sessionSecret: Bun.env.SESSION_SECRET ?? "",
});

const server = Bun.serve({
  port: 3000,
  async fetch(request) {
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
  },
});
console.log(`Listening on http://localhost:${server.port}`);
