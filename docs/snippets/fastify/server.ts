import Fastify, { type FastifyInstance } from "fastify";
import { requireSignIn, signInWithXrpl } from "sign-in-with-xrpl/fastify";
import type { FetchHandler } from "sign-in-with-xrpl/fetch";

export async function buildServer(auth: FetchHandler): Promise<FastifyInstance> {
  const app = Fastify();
  // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me.
  await app.register(signInWithXrpl, { auth });

  // Your own protected route: 401 unless signed in, then the sign-in is in request.xrpl.signedIn.
  app.get("/api/profile", { preHandler: requireSignIn }, async (request) => ({ address: request.xrpl.signedIn?.address }));

  // A route that shows something else to a signed-in user.
  app.get("/api/greeting", async (request) => {
    const signedIn = await request.xrpl.getSession();
    return { greeting: signedIn === null ? "Hello" : `Hello ${signedIn.address}` };
  });

  return app;
}
