import { serve } from "@hono/node-server";
import { createPlainCookieRoutes } from "./plain-cookie-routes.mjs";
const route = await createPlainCookieRoutes();
const fetch = async (request) => {
  const { pathname } = new URL(request.url);
  const text = request.method === "POST" ? await request.text() : "";
  const { status, body, setCookie } = route(request.method, pathname, request.headers.get("cookie"), text);
  const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  if (setCookie !== undefined) headers["Set-Cookie"] = setCookie;
  return new Response(JSON.stringify(body), { status, headers });
};
serve({ fetch, port: 0, hostname: "127.0.0.1" }, (info) => console.log(`tmp listening on http://127.0.0.1:${info.port}`));
