// Fastify glue over the fetch handler: a plugin that answers the sign-in routes (with Fastify's
// own body errors in the library's words), puts a session reader on every request
// (`request.xrpl`), and a `requireSignIn` preHandler for your own routes. Types come from
// fastify; nothing of it is imported at run time.
import type { FastifyError, FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { InvalidOptionsError } from "../errors.js";
import type { FetchHandler } from "../fetch/create-fetch-handler.js";
import { BODY_LIMIT_BYTES, isJsonContentType } from "../fetch/request-body.js";
import { TEXT } from "../server/error-responses.js";
import type { SignedInSession } from "../server/get-signed-in.js";
import { resolveBasePath } from "../server/node-routes.js";

/**
 * What `request.xrpl` holds on every request of an app that registered `signInWithXrpl`.
 *
 * @example
 * ```ts
 * app.get("/api/whoami", async (request) => {
 *   const signedIn = await request.xrpl.getSession();
 *   return { address: signedIn?.address ?? null };
 * });
 * ```
 */
export interface XrplFastifyRequest {
  /**
   * The request's sign-in (`{ address, authenticatedAt, data }`) or `null`, by the rules of the
   * me route (`auth.getSession`). Read once per request; `maxAgeSeconds` asks for a fresher
   * sign-in on this read only.
   */
  getSession(options?: { maxAgeSeconds?: number | undefined }): Promise<SignedInSession | null>;
  /** The sign-in `requireSignIn` let through (`undefined` before it ran, or on routes without it). */
  signedIn: SignedInSession | undefined;
}

declare module "fastify" {
  interface FastifyRequest {
    /** The sign-in reader of sign-in-with-xrpl (`signInWithXrpl` plugin). */
    xrpl: XrplFastifyRequest;
  }
}

/**
 * Options of the `signInWithXrpl` plugin.
 *
 * @example
 * ```ts
 * await app.register(signInWithXrpl, { auth, basePath: "/api/auth" });
 * ```
 */
export interface SignInWithXrplOptions {
  /** The fetch handler (`createFetchHandler` of `sign-in-with-xrpl/fetch`). */
  auth: FetchHandler;
  /** The `basePath` the handler was created with. Default `"/api/auth"`. */
  basePath?: string | undefined;
}

/**
 * A Fastify request as a web `Request`: method, URL (scheme from Fastify, which honours
 * `trustProxy`), headers, and `body` when given.
 *
 * @example
 * ```ts
 * const signedIn = await auth.getSession(toRequest(request));
 * ```
 */
export function toRequest(request: FastifyRequest, body?: string): Request {
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

/**
 * Fastify's parsed body, back to what the client sent: JSON re-serialized for a JSON content type
 * (a JSON string or `null` included), any other text as it was.
 */
function bodyOf(request: FastifyRequest): string | undefined {
  if (request.body === undefined) return undefined;
  const contentType = request.headers["content-type"];
  if (isJsonContentType(typeof contentType === "string" ? contentType : undefined)) return JSON.stringify(request.body);
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
 * content type, too large), so that the library answers it with its own status and text.
 */
function refusedBody(request: FastifyRequest, error: FastifyError): Request {
  const tooLarge = error.code === "FST_ERR_CTP_BODY_TOO_LARGE";
  const standIn = toRequest(request, tooLarge ? "x".repeat(BODY_LIMIT_BYTES + 1) : "");
  standIn.headers.set("content-type", tooLarge ? "application/json" : "text/plain");
  return standIn;
}

const readers = new WeakMap<FastifyRequest, XrplFastifyRequest>();

function createReader(handler: FetchHandler, request: FastifyRequest): XrplFastifyRequest {
  let read: Promise<SignedInSession | null> | undefined;
  return {
    getSession(readOptions) {
      if (readOptions !== undefined) return handler.getSession(toRequest(request), readOptions);
      read ??= handler.getSession(toRequest(request));
      return read;
    },
    signedIn: undefined,
  };
}

/**
 * The Fastify plugin: the sign-in routes under `basePath` (`GET /nonce`, `POST /verify`,
 * `POST /signout`, `GET /me`, answered by the fetch handler), Fastify's own body errors
 * (malformed or empty JSON, an unknown content type, over 16 kB) answered as every other runtime
 * answers them (400 `Invalid request body.`, 413), and `request.xrpl` on every request of the app.
 * The body error handler covers the plugin's routes only: your routes keep Fastify's answers.
 *
 * @example
 * ```ts
 * import Fastify from "fastify";
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createFetchHandler } from "sign-in-with-xrpl/fetch";
 * import { requireSignIn, signInWithXrpl } from "sign-in-with-xrpl/fastify";
 *
 * const auth = createFetchHandler({ verifier: createVerifier(), sessionSecret: process.env.SESSION_SECRET ?? "" });
 * const app = Fastify();
 * await app.register(signInWithXrpl, { auth });
 * app.get("/api/profile", { preHandler: requireSignIn }, async (request) => ({ address: request.xrpl.signedIn!.address }));
 * ```
 */
export const signInWithXrpl: FastifyPluginAsync<SignInWithXrplOptions> = async (app: FastifyInstance, options: SignInWithXrplOptions) => {
  const auth: unknown = options?.auth;
  if (typeof auth !== "object" || auth === null || typeof (auth as FetchHandler).handle !== "function") {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: signInWithXrpl needs { auth }: the handler of createFetchHandler({ verifier, sessionSecret, ... }).",
    );
  }
  const handler = auth as FetchHandler;
  const basePath = resolveBasePath("signInWithXrpl", options.basePath);

  // A getter: the reader is made on first use, one per request, and no hook runs on requests
  // that never read it.
  app.decorateRequest("xrpl", {
    getter(this: FastifyRequest): XrplFastifyRequest {
      let reader = readers.get(this);
      if (reader === undefined) {
        reader = createReader(handler, this);
        readers.set(this, reader);
      }
      return reader;
    },
  });

  // A child context: the error handler belongs to these routes only.
  await app.register(async (routes) => {
    routes.setErrorHandler(async (error: FastifyError, request, reply) => {
      if (error.code?.startsWith("FST_ERR_CTP_")) return send(reply, await handler.handle(refusedBody(request, error)));
      throw error;
    });
    routes.all(`${basePath}/*`, { bodyLimit: BODY_LIMIT_BYTES }, async (request, reply) =>
      send(reply, await handler.handle(toRequest(request, bodyOf(request)))),
    );
  });
};
// What fastify-plugin sets: the decorator and the hook reach the app that registers the plugin,
// not only a child context of it. Written out so the entry needs no package at run time.
Object.defineProperty(signInWithXrpl, Symbol.for("skip-override"), { value: true });
Object.defineProperty(signInWithXrpl, Symbol.for("fastify.display-name"), { value: "sign-in-with-xrpl" });

/**
 * A `preHandler` for your own routes: lets a signed-in request through with its sign-in in
 * `request.xrpl.signedIn`, and answers any other request 401 `{ "error": "Not authenticated." }`.
 * Needs the `signInWithXrpl` plugin registered on the app.
 *
 * @example
 * ```ts
 * app.get("/api/profile", { preHandler: requireSignIn }, async (request) => ({ address: request.xrpl.signedIn!.address }));
 * ```
 */
export async function requireSignIn(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> {
  const reader = (request as { xrpl?: XrplFastifyRequest | null }).xrpl;
  if (reader === undefined || reader === null) {
    throw new InvalidOptionsError(
      "sign-in-with-xrpl: requireSignIn needs the signInWithXrpl plugin: await app.register(signInWithXrpl, { auth }).",
    );
  }
  const signedIn = await reader.getSession();
  if (signedIn === null) {
    // Returning the reply tells Fastify the hook answered: the route does not run.
    return reply.code(401).header("cache-control", "no-store").send({ error: TEXT.notAuthenticated });
  }
  reader.signedIn = signedIn;
  return undefined;
}
