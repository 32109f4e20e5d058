import Fastify, { type FastifyInstance } from "fastify";
import type { FetchHandler } from "sign-in-with-xrpl/fetch";
import { signInRoutes, toRequest } from "./sign-in-routes.js";

export async function buildServer(auth: FetchHandler): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(signInRoutes, { auth });

  // Your own protected route.
  app.get("/api/profile", async (request, reply) => {
    const signedIn = await auth.getSession(toRequest(request));
    if (signedIn === null) return reply.code(401).send({ error: "Not authenticated." });
    return { address: signedIn.address };
  });

  return app;
}
