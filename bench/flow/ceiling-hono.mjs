// The plain-cookie routes (plain-cookie-routes.mjs) in a Hono app laid out as the Hono example's:
// its nonce rate limit (the example's own, createNonceRateLimiter), the sign-in routes and the
// protected route handed to one fetch function, served by @hono/node-server. The node:http
// ceiling on the same stack as the Hono example. Not a target's ceiling (the target is against
// node:http itself); the flow benchmark measures it beside it, to show what Hono, the rate limit
// and the fetch adapter cost and what the library costs on top of them.
// Prints "listening on http://127.0.0.1:<port>".
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { createNonceRateLimiter } from "../../examples/hono/app.mjs";
import { createPlainCookieFetch } from "./plain-cookie-routes.mjs";

const routes = await createPlainCookieFetch();
const app = new Hono();
app.get("/api/auth/nonce", createNonceRateLimiter({ nonceRateLimit: Number(process.env.NONCE_RATE_LIMIT ?? 1_000_000) }));
app.all("/api/auth/*", (c) => routes(c.req.raw));
app.get("/api/me", (c) => routes(c.req.raw));
const server = serve({ fetch: app.fetch, port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" }, (info) => {
  console.log(`Plain-cookie routes in a Hono app on @hono/node-server listening on http://127.0.0.1:${info.port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
