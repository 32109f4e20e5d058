/* global Bun */
// Ceiling of the fetch handler on Bun: Bun.serve serving plain-cookie-routes.mjs (plain cookies,
// one raw signature check). Prints "listening on http://127.0.0.1:<port>".
import { BODY_LIMIT_BYTES, createPlainCookieRoutes } from "./plain-cookie-routes.mjs";

const route = await createPlainCookieRoutes();

const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  maxRequestBodySize: BODY_LIMIT_BYTES,
  async fetch(request) {
    const { pathname } = new URL(request.url);
    const text = request.method === "POST" ? await request.text() : "";
    const { status, body, setCookie } = route(request.method, pathname, request.headers.get("cookie"), text);
    const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
    if (setCookie !== undefined) headers["Set-Cookie"] = setCookie;
    return new Response(JSON.stringify(body), { status, headers });
  },
});
console.log(`Ceiling (Bun.serve) listening on http://127.0.0.1:${server.port}`);
