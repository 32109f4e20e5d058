import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { FetchHandler } from "sign-in-with-xrpl/fetch";

export function createApp(auth: FetchHandler): Hono {
  const app = new Hono();

  // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me.
  app.all("/api/auth/*", (c) => auth.handle(c.req.raw));

  // Your own routes: a middleware that lets signed-in users through, with their address.
  const signedIn = createMiddleware<{ Variables: { address: string } }>(async (c, next) => {
    const session = await auth.getSession(c.req.raw);
    if (session === null) return c.json({ error: "Not authenticated." }, 401);
    c.set("address", session.address);
    await next();
  });

  app.get("/api/profile", signedIn, (c) => c.json({ address: c.var.address }));

  return app;
}
