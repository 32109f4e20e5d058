// The plain-cookie routes (plain-cookie-routes.mjs) as a fetch function served by
// @hono/node-server, as createFetchHandler is served on Node: the node:http ceiling on the same
// stack as ours. Not a target's ceiling (the targets are against node:http itself); the flow
// benchmark measures it beside them to show what the fetch adapter costs and what the library
// costs on top of it. Prints "listening on http://127.0.0.1:<port>".
import { serve } from "@hono/node-server";
import { createPlainCookieFetch } from "./plain-cookie-routes.mjs";

const fetch = await createPlainCookieFetch();
const server = serve({ fetch, port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" }, (info) => {
  console.log(`Plain-cookie routes on @hono/node-server listening on http://127.0.0.1:${info.port}`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
