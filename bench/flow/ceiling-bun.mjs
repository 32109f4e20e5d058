/* global Bun */
// Ceiling of the fetch handler on Bun: Bun.serve serving plain-cookie-routes.mjs (plain cookies,
// one raw signature check). Prints "listening on http://127.0.0.1:<port>".
import { BODY_LIMIT_BYTES, createPlainCookieFetch } from "./plain-cookie-routes.mjs";

const fetch = await createPlainCookieFetch();

const server = Bun.serve({ port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1", maxRequestBodySize: BODY_LIMIT_BYTES, fetch });
console.log(`Ceiling (Bun.serve) listening on http://127.0.0.1:${server.port}`);
