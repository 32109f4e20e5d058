// The ceiling of a sealed-cookie sign-in: the same four routes and round trips as the fetch
// handler, with plain cookies (the pending nonce, then the address, as they are) and one raw
// signature check. The routes are written once here; ceiling-node-http.mjs serves them with
// node:http; as a fetch function (`createPlainCookieFetch`), ceiling-bun.mjs serves them with
// Bun.serve, ceiling-fetch-node.mjs with @hono/node-server and ceiling-hono.mjs in a Hono app.
import { randomBytes } from "node:crypto";
import { createRawCheck } from "./raw-check.mjs";

const BODY_LIMIT_BYTES = 16 * 1024;
const NONCE_COOKIE = "siwx_nonce";
const SESSION_COOKIE = "siwx_session";
const ATTRIBUTES = "Path=/; Max-Age=1800; HttpOnly; SameSite=Lax";

export { BODY_LIMIT_BYTES };

function cookieValue(header, name) {
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const equals = pair.indexOf("=");
    if (equals !== -1 && pair.slice(0, equals).trim() === name) return pair.slice(equals + 1).trim();
  }
  return undefined;
}

/** `(method, path, cookieHeader, bodyText) => { status, body, setCookie? }`. */
export async function createPlainCookieRoutes() {
  const rawCheck = await createRawCheck();
  return (method, path, cookieHeader, bodyText) => {
    if (method === "GET" && path === "/api/auth/nonce") {
      const nonce = randomBytes(16).toString("hex");
      return { status: 200, body: { nonce }, setCookie: `${NONCE_COOKIE}=${nonce}; ${ATTRIBUTES}` };
    }
    if (method === "POST" && path === "/api/auth/verify") {
      if (cookieValue(cookieHeader, NONCE_COOKIE) === undefined) return { status: 400, body: { error: "No pending nonce." } };
      let body;
      try {
        body = JSON.parse(bodyText);
      } catch {
        return { status: 400, body: { error: "Invalid request body." } };
      }
      if (!rawCheck(body)) return { status: 401, body: { error: "Signature verification failed." } };
      return { status: 200, body: { ok: true, address: body.address }, setCookie: `${SESSION_COOKIE}=${body.address}; ${ATTRIBUTES}` };
    }
    if (method === "GET" && (path === "/api/auth/me" || path === "/api/me")) {
      const address = cookieValue(cookieHeader, SESSION_COOKIE);
      return address ? { status: 200, body: { address } } : { status: 401, body: { error: "Not authenticated." } };
    }
    if (method === "POST" && path === "/api/auth/signout") {
      return { status: 200, body: { ok: true }, setCookie: `${SESSION_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax` };
    }
    return { status: 404, body: { error: "Not found." } };
  };
}

/**
 * The same routes as a web-standard fetch function, `(request) => Promise<Response>`, reading the
 * body and headers as a fetch handler does (`request.text()`, `request.headers.get`).
 */
export async function createPlainCookieFetch() {
  const route = await createPlainCookieRoutes();
  return async (request) => {
    const { pathname } = new URL(request.url);
    const text = request.method === "POST" ? await request.text() : "";
    const { status, body, setCookie } = route(request.method, pathname, request.headers.get("cookie") ?? undefined, text);
    const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
    if (setCookie !== undefined) headers["Set-Cookie"] = setCookie;
    return new Response(JSON.stringify(body), { status, headers });
  };
}
