import { Hono } from "hono";
import { createMiddleware } from "hono/factory";
import type { FetchHandler } from "sign-in-with-xrpl/fetch";

export function createApp(auth: FetchHandler): Hono {
  const app = new Hono();

  // GET /api/auth/nonce, POST /api/auth/verify, POST /api/auth/signout, GET /api/auth/me.
  app.all("/api/auth/*", (c) => auth.handle(c.req.raw));

  // Your own routes: a middleware that lets signed-in users through, with their address.
  const requireSignIn = createMiddleware<{ Variables: { address: string } }>(async (c, next) => {
    const signedIn = await auth.getSession(c.req.raw);
    if (signedIn === null) return c.json({ error: "Not authenticated." }, 401);
    c.set("address", signedIn.address);
    await next();
  });

  app.get("/api/profile", requireSignIn, (c) => c.json({ address: c.var.address }));

  return app;
}
