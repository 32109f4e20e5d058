import { createDevWallet } from "../client/dev-wallet.js";
import type { Wallet } from "../client/types.js";
import { InvalidOptionsError } from "../errors.js";
import { createMessage } from "../message/create.js";

/**
 * A server as the test client reaches it: the base URL of a running server, or a fetch-style
 * handler called in-process (`auth.handle` of `createFetchHandler`, Hono's `app.fetch`, a
 * Worker's `fetch`...).
 *
 * @example
 * ```ts
 * const overHttp: TestServer = "http://127.0.0.1:3000";
 * const inProcess: TestServer = (request) => app.fetch(request);
 * ```
 */
export type TestServer =
  string | URL | ((request: Request) => Response | Promise<Response>) | { handle(request: Request): Promise<Response> };

/**
 * The route paths `signIn` calls. Defaults match the examples and `createFetchHandler`.
 *
 * @example
 * ```ts
 * const routes: TestRoutes = { nonce: "/auth/nonce", verify: "/auth/verify" };
 * ```
 */
export interface TestRoutes {
  /** Route answering `{ nonce }`. Default `"/api/auth/nonce"` (GET); `"/api/auth/xrpl/nonce"` (POST) via better-auth; `"/api/auth/xrpl-nonce"` (GET) via Auth.js. */
  nonce?: string | undefined;
  /** POST route taking the proof. Default `"/api/auth/verify"`; `"/api/auth/xrpl/verify"` via better-auth; `"/api/auth/callback/xrpl"` via Auth.js (the credentials callback of the provider's id). */
  verify?: string | undefined;
  /** Via Auth.js: the route answering `{ csrfToken }`. Default `"/api/auth/csrf"`. */
  csrf?: string | undefined;
}

/**
 * How the test client signs in:
 * - `"routes"` (default): the library's own routes (`createAuthHandlers`, `createFetchHandler`,
 *   the framework glue): `GET /nonce`, then the proof as JSON to `POST /verify`.
 * - `"better-auth"`: the better-auth plugin: `POST /api/auth/xrpl/nonce`, then the proof as JSON
 *   to `POST /api/auth/xrpl/verify`, every request with the `Origin` header a browser sends.
 * - `"authjs"`: the Auth.js provider: Auth.js's CSRF token, the provider's nonce route, then the
 *   proof as a form to the credentials callback, as next-auth's `signIn("xrpl", ...)` posts it.
 *
 * @example
 * ```ts
 * const client = createTestClient("http://127.0.0.1:3000", { via: "better-auth" });
 * ```
 */
export type TestSignInVia = "routes" | "better-auth" | "authjs";

/**
 * Options of `createTestClient`. All optional.
 *
 * @example
 * ```ts
 * const options: TestClientOptions = { via: "authjs", routes: { nonce: "/api/auth/xrpl-nonce" } };
 * ```
 */
export interface TestClientOptions {
  /** Which server side to sign in through. Default `"routes"`. */
  via?: TestSignInVia | undefined;
  /** The routes of every `signIn` (each call may still give its own). Defaults depend on `via`. */
  routes?: TestRoutes | undefined;
}

/**
 * Options of `TestClient.signIn`. All optional.
 *
 * @example
 * ```ts
 * const options: TestSignInOptions = { wallet: createDevWallet({ algorithm: "ecdsa-secp256k1" }), chainId: "xrpl:1" };
 * ```
 */
export interface TestSignInOptions {
  /** Signs the message. Default: a new `createDevWallet()` (ed25519, message signature). Any `Wallet` fits. */
  wallet?: Wallet | undefined;
  routes?: TestRoutes | undefined;
  /** Message domain. Default: the host of the base URL (`localhost` for an in-process handler). */
  domain?: string | undefined;
  /** Message URI. Default: the origin of the base URL. */
  uri?: string | undefined;
  /** CAIP-2 chain id. Default `"xrpl:0"`. */
  chainId?: string | undefined;
  /** Default `"Sign in for a test."`. */
  statement?: string | undefined;
  /** Message issue time. Default: now. */
  issuedAt?: Date | undefined;
}

/**
 * What a test sign-in did: the verify answer, and what was signed.
 *
 * @example
 * ```ts
 * const result: TestSignInResult = await client.signIn();
 * if (!result.ok) throw new Error(`${result.status} ${JSON.stringify(result.body)}`);
 * ```
 */
export interface TestSignInResult {
  /** The sign-in succeeded: the verify route answered 2xx (via Auth.js: the callback sent the browser on without an `error`). */
  ok: boolean;
  status: number;
  /** The verify route's JSON answer (`undefined` when it was not JSON); via Auth.js `{ url }`, where Auth.js sends the browser next. */
  body: unknown;
  /** The account that signed. */
  address: string;
  /** The exact message text that was signed. */
  message: string;
  /** The fields posted to the verify route (as JSON, or via Auth.js as a form with the CSRF token). */
  proof: Record<string, unknown>;
}

/**
 * A client with a cookie jar, for integration tests of a server built on this library: it keeps
 * the session cookie between requests as a browser would (one origin; `Secure` cookies are kept
 * even over plain HTTP so a production-mode server can be tested).
 *
 * @example
 * ```ts
 * const client = createTestClient("http://127.0.0.1:3000");
 * const { address } = await client.signIn();
 * const me = await client.fetch("/api/me"); // sends the session cookie
 * ```
 */
export interface TestClient {
  /** Sends a request to the server with the jar's cookies and keeps the cookies it sets. `path` is relative to the base URL. */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** Nonce, message, signature, verify: one full sign-in with a dev wallet (or the given wallet). */
  signIn(options?: TestSignInOptions): Promise<TestSignInResult>;
  /** The current value of a cookie. */
  cookie(name: string): string | undefined;
  /** The `Cookie` header the client sends now (empty when it has none). */
  cookieHeader(): string;
  /** A second client holding a copy of this one's cookies now (a replayed or stolen cookie). */
  clone(): TestClient;
}

const IN_PROCESS_ORIGIN = "http://localhost";
const DEFAULT_ROUTES: Readonly<Record<TestSignInVia, Required<{ [K in keyof TestRoutes]: string }>>> = {
  routes: { nonce: "/api/auth/nonce", verify: "/api/auth/verify", csrf: "/api/auth/csrf" },
  "better-auth": { nonce: "/api/auth/xrpl/nonce", verify: "/api/auth/xrpl/verify", csrf: "/api/auth/csrf" },
  authjs: { nonce: "/api/auth/xrpl-nonce", verify: "/api/auth/callback/xrpl", csrf: "/api/auth/csrf" },
};
const VIAS: readonly string[] = Object.keys(DEFAULT_ROUTES);

/**
 * Creates a `TestClient` for a running server (base URL) or a fetch-style handler. Use it in
 * your own integration tests: `signIn()` runs the whole flow with a development wallet, then
 * `fetch()` reaches your protected routes with the session cookie.
 *
 * @example
 * ```ts
 * import { createFetchHandler } from "sign-in-with-xrpl/fetch";
 * import { createTestClient } from "sign-in-with-xrpl/testing";
 *
 * const auth = createFetchHandler({ verifier, domain: "localhost", sessionSecret });
 * const client = createTestClient(auth);
 * const result = await client.signIn();
 * expect(result.ok).toBe(true);
 * expect(await (await client.fetch("/api/auth/me")).json()).toEqual({ address: result.address });
 * ```
 *
 * @example
 * ```ts
 * // Through the better-auth plugin, or the Auth.js provider
 * const viaBetterAuth = createTestClient("http://127.0.0.1:3000", { via: "better-auth" });
 * await viaBetterAuth.signIn();
 * const session = await (await viaBetterAuth.fetch("/api/auth/get-session")).json();
 *
 * const viaAuthjs = createTestClient("http://127.0.0.1:3000", { via: "authjs" });
 * const { ok } = await viaAuthjs.signIn({ wallet: createDevWallet({ proof: "signedTx" }) });
 * ```
 */
export function createTestClient(server: TestServer, options: TestClientOptions = {}): TestClient {
  const { origin, send } = resolveServer(server);
  const via = options.via ?? "routes";
  if (!VIAS.includes(via)) {
    throw new InvalidOptionsError(
      `sign-in-with-xrpl: createTestClient: \`via\` is "routes", "better-auth" or "authjs" (got ${JSON.stringify(via)}); omit it for the library's own routes.`,
    );
  }
  return makeClient(origin, send, new Map(), { via, routes: { ...DEFAULT_ROUTES[via], ...definedOnly(options.routes ?? {}) } });
}

interface ClientSetup {
  via: TestSignInVia;
  routes: Required<{ [K in keyof TestRoutes]: string }>;
}

type Send = (request: Request) => Promise<Response>;

function resolveServer(server: TestServer): { origin: string; send: Send } {
  if (typeof server === "string" || server instanceof URL) {
    let url: URL;
    try {
      url = new URL(String(server));
    } catch {
      throw new InvalidOptionsError(
        `sign-in-with-xrpl: createTestClient needs a base URL such as "http://127.0.0.1:3000"; got ${JSON.stringify(String(server))}.`,
      );
    }
    return { origin: url.origin, send: (request) => fetch(request, { redirect: "manual" }) };
  }
  if (typeof server === "function") return { origin: IN_PROCESS_ORIGIN, send: async (request) => server(request) };
  if (typeof server === "object" && server !== null && typeof server.handle === "function") {
    return { origin: IN_PROCESS_ORIGIN, send: (request) => server.handle(request) };
  }
  throw new InvalidOptionsError(
    "sign-in-with-xrpl: createTestClient takes a base URL, a (request) => Response function, or an object with handle(request) (createFetchHandler).",
  );
}

function makeClient(origin: string, send: Send, cookies: Map<string, string>, setup: ClientSetup): TestClient {
  const cookieHeader = (): string => [...cookies].map(([name, value]) => `${name}=${value}`).join("; ");
  const { via } = setup;

  const clientFetch = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const header = cookieHeader();
    if (header !== "") headers.set("cookie", header);
    // better-auth and Auth.js check the Origin a browser sends with every request that changes state.
    if (via !== "routes" && !headers.has("origin") && (init.method ?? "GET").toUpperCase() !== "GET") headers.set("origin", origin);
    const response = await send(new Request(new URL(path, origin), { ...init, headers }));
    for (const raw of response.headers.getSetCookie()) storeSetCookie(cookies, raw);
    return response;
  };

  const client: TestClient = {
    fetch: clientFetch,
    async signIn(options = {}) {
      const wallet = options.wallet ?? createDevWallet();
      const routes = { ...setup.routes, ...definedOnly(options.routes ?? {}) };
      const csrfToken = via === "authjs" ? await readField(clientFetch, routes.csrf, "GET", "csrfToken") : undefined;
      const nonce = await readField(clientFetch, routes.nonce, via === "better-auth" ? "POST" : "GET", "nonce");
      const address = await wallet.getAddress();
      const message = createMessage({
        domain: options.domain ?? new URL(origin).host,
        address,
        statement: options.statement ?? "Sign in for a test.",
        uri: options.uri ?? origin,
        chainId: options.chainId ?? "xrpl:0",
        nonce,
        issuedAt: options.issuedAt ?? new Date(),
      });
      const signed = await wallet.sign(message);
      const proof: Record<string, unknown> = { message, address, ...signed };
      if (csrfToken !== undefined) {
        // As next-auth's signIn("xrpl", ...) posts it: a form, and the answer as JSON { url }.
        const form = new URLSearchParams({ callbackUrl: `${origin}/`, csrfToken });
        for (const [name, value] of Object.entries(proof)) if (typeof value === "string") form.set(name, value);
        const response = await clientFetch(routes.verify, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", "x-auth-return-redirect": "1" },
          body: form,
          redirect: "manual",
        });
        const body = await readJson(response);
        const next = isRecord(body) && typeof body["url"] === "string" ? body["url"] : undefined;
        const refused = next === undefined || new URL(next, origin).searchParams.has("error");
        return { ok: response.ok && !refused, status: response.status, body, address, message, proof: { ...proof, csrfToken } };
      }
      const response = await clientFetch(routes.verify, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(proof),
      });
      return { ok: response.ok, status: response.status, body: await readJson(response), address, message, proof };
    },
    cookie: (name) => cookies.get(name),
    cookieHeader,
    clone: () => makeClient(origin, send, new Map(cookies), setup),
  };
  return client;
}

function storeSetCookie(cookies: Map<string, string>, raw: string): void {
  const [pair = "", ...attributes] = raw.split(";");
  const equals = pair.indexOf("=");
  if (equals <= 0) return;
  const name = pair.slice(0, equals).trim();
  const value = pair.slice(equals + 1).trim();
  let expired = false;
  for (const attribute of attributes) {
    const [key = "", attributeValue = ""] = attribute.split("=");
    const lower = key.trim().toLowerCase();
    if (lower === "max-age" && Number(attributeValue.trim()) <= 0) expired = true;
    if (lower === "expires" && Date.parse(attributeValue.trim()) <= Date.now()) expired = true;
  }
  if (expired) cookies.delete(name);
  else cookies.set(name, value);
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function definedOnly(routes: TestRoutes): { nonce?: string; verify?: string; csrf?: string } {
  const picked: { nonce?: string; verify?: string; csrf?: string } = {};
  if (routes.nonce !== undefined) picked.nonce = routes.nonce;
  if (routes.verify !== undefined) picked.verify = routes.verify;
  if (routes.csrf !== undefined) picked.csrf = routes.csrf;
  return picked;
}

/** One string field of a route's JSON answer (the nonce, Auth.js's CSRF token), or an error saying what came instead. */
async function readField(
  clientFetch: (path: string, init?: RequestInit) => Promise<Response>,
  path: string,
  method: "GET" | "POST",
  field: string,
): Promise<string> {
  const response = await clientFetch(path, { method });
  const body = await readJson(response);
  const value = isRecord(body) ? body[field] : undefined;
  if (!response.ok || typeof value !== "string") {
    throw new Error(
      `sign-in-with-xrpl: test sign-in: ${method} ${path} answered ${response.status} ${JSON.stringify(body)}, not { ${field} }.`,
    );
  }
  return value;
}
