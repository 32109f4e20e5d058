// Ceiling of the sealed-cookie flows on Node: node:http serving plain-cookie-routes.mjs (plain
// cookies, one raw signature check). Prints "listening on http://127.0.0.1:<port>".
import { createServer } from "node:http";
import { BODY_LIMIT_BYTES, createPlainCookieRoutes } from "./plain-cookie-routes.mjs";

const route = await createPlainCookieRoutes();

const server = createServer((req, res) => {
  const send = ({ status, body, setCookie }) => {
    const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
    if (setCookie !== undefined) headers["Set-Cookie"] = setCookie;
    res.writeHead(status, headers).end(JSON.stringify(body));
  };
  if (req.method !== "POST") {
    send(route(req.method, req.url, req.headers.cookie, ""));
    return;
  }
  let text = "";
  req.setEncoding("utf8");
  req.on("data", (chunk) => {
    text += chunk;
    if (text.length > BODY_LIMIT_BYTES) req.destroy();
  });
  req.on("end", () => send(route(req.method, req.url, req.headers.cookie, text)));
});
server.listen(Number(process.env.PORT ?? 0), "127.0.0.1", () => {
  console.log(`Ceiling (node:http) listening on http://127.0.0.1:${server.address().port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
