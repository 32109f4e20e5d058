import type { FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { FetchHandler } from "sign-in-with-xrpl/fetch";

/** The request as the fetch handler reads it: method, URL, headers and the body Fastify parsed. */
export function toRequest(request: FastifyRequest, body?: BodyInit): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (Array.isArray(value)) for (const item of value) headers.append(name, item);
  }
  // The body is sent again from what Fastify read, so its old length no longer applies.
  headers.delete("content-length");
  const url = new URL(request.url, `${request.protocol}://${request.host}`);
  return new Request(url, { method: request.method, headers, ...(body === undefined ? {} : { body }) });
}

/** Fastify's parsed body, back to what the client sent: JSON for JSON, text as it was. */
function bodyOf(request: FastifyRequest): string | undefined {
  if (request.body === undefined || request.body === null) return undefined;
  return typeof request.body === "string" ? request.body : JSON.stringify(request.body);
}

/** Sends the fetch handler's answer: status, headers (each Set-Cookie on its own) and body. */
async function send(reply: FastifyReply, response: Response): Promise<FastifyReply> {
  reply.code(response.status);
  response.headers.forEach((value, name) => {
    if (name !== "set-cookie") reply.header(name, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply.send(await response.text());
}

/**
 * A stand-in for a body Fastify refused before the route ran (not valid JSON, empty, an unknown
 * content type, too large), so that the library answers it with its own status and text:
 * 400 `Invalid request body.`, or 413 for a body over its 16 kB limit.
 */
function refusedBody(request: FastifyRequest, error: FastifyError): Request {
  const tooLarge = error.code === "FST_ERR_CTP_BODY_TOO_LARGE";
  const standIn = toRequest(request, tooLarge ? "x".repeat(BODY_LIMIT + 1) : "");
  standIn.headers.set("content-type", tooLarge ? "application/json" : "text/plain");
  return standIn;
}

/** The library reads at most 16 kB; Fastify need not buffer more for these routes. */
const BODY_LIMIT = 16 * 1024;

/** The sign-in routes under /api/auth, answered by the fetch handler. */
export const signInRoutes: FastifyPluginAsync<{ auth: FetchHandler }> = async (app, { auth }) => {
  // Only this plugin's routes: Fastify's own body errors become the library's answers.
  app.setErrorHandler(async (error: FastifyError, request, reply) => {
    if (error.code?.startsWith("FST_ERR_CTP_")) return send(reply, await auth.handle(refusedBody(request, error)));
    throw error;
  });

  app.all("/api/auth/*", { bodyLimit: BODY_LIMIT }, async (request, reply) =>
    send(reply, await auth.handle(toRequest(request, bodyOf(request)))),
  );
};
