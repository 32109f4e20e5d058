/**
 * Paths both sides agree on: the shipped client (controller + `createHttpAdapter({ basePath })` +
 * dev wallet) signs in against a fetch handler mounted on `/auth` and against an Express server
 * whose routes live under `/v1/sign-in`, each over real HTTP on 127.0.0.1 with the real verifier.
 * With `errorCodes: true` on the server, a refusal reaches the page with its `code`.
 */
import { createServer, type Server } from "node:http";
import express from "express";
import session from "express-session";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuthController } from "../../src/client/controller.js";
import { createDevWallet } from "../../src/client/dev-wallet.js";
import { ServerRejectedError } from "../../src/client/errors.js";
import { createHttpAdapter, type FetchFunction } from "../../src/client/http-adapter.js";
import { InvalidOptionsError } from "../../src/errors.js";
import { createFetchHandler } from "../../src/fetch/index.js";
import { createAuthHandlers, expressSessionStore, type HandlerResult } from "../../src/server/index.js";
import { createVerifier } from "../../src/verify/index.js";
import type { LedgerReader, Verifier } from "../../src/verify/types.js";
import { listenOnLoopback, sendWebResponse, toWebRequest } from "../support/node-http.js";

const SECRET = "a base-path test secret of at least 32 characters";
/** The ledger as a node answers for any funded account whose master key is enabled. */
const ledger: LedgerReader = { getAccountAuthority: async (account: string) => ({ account, exists: true, masterDisabled: false }) };
let verifier: Verifier;
const servers: Server[] = [];
let fetchOrigin: string;
let expressOrigin: string;

beforeAll(async () => {
  verifier = createVerifier({ ledgerReader: ledger });
  const auth = createFetchHandler({ verifier, domain: "127.0.0.1", sessionSecret: SECRET, basePath: "/auth", errorCodes: true });
  const fetchServer = createServer((incoming, outgoing) => {
    void toWebRequest(incoming).then(async (request) => sendWebResponse(await auth.handle(request), outgoing));
  });
  servers.push(fetchServer);
  fetchOrigin = await listenOnLoopback(fetchServer);

  const handlers = createAuthHandlers({ verifier, sessionKind: "server-store", domain: "127.0.0.1", errorCodes: true });
  const send = (res: express.Response, { status, body }: HandlerResult) => res.status(status).json(body);
  const routes = express.Router();
  routes.get("/nonce", async (req, res) => send(res, await handlers.nonce(expressSessionStore(req), { request: req })));
  routes.post("/verify", async (req, res) =>
    send(res, await handlers.verify(expressSessionStore(req), { body: req.body as unknown, request: req })),
  );
  routes.post("/signout", async (req, res) => send(res, await handlers.signOut(expressSessionStore(req), { request: req })));
  routes.get("/me", async (req, res) => send(res, await handlers.me(expressSessionStore(req), { request: req })));
  const app = express();
  app.use(express.json(), session({ secret: SECRET, resave: false, saveUninitialized: false }));
  app.use("/v1/sign-in", routes);
  const expressServer = createServer(app);
  servers.push(expressServer);
  expressOrigin = await listenOnLoopback(expressServer);
});

afterAll(async () => {
  for (const server of servers) await new Promise((resolve) => server.close(resolve));
  await verifier.close();
});

/** A browser tab's cookie jar over the real fetch, recording the paths it asked for. */
function browserFetch(paths: string[]): FetchFunction {
  let cookie: string | undefined;
  return async (input, init) => {
    paths.push(`${init.method ?? "GET"} ${new URL(input).pathname}`);
    const headers = new Headers(init.headers);
    if (cookie !== undefined && init.credentials === "include") headers.set("Cookie", cookie);
    const response = await fetch(input, { ...init, headers });
    const set = response.headers.get("set-cookie");
    if (set !== null) cookie = set.split(";")[0];
    return response;
  };
}

function page(origin: string, basePath: string | undefined, fetchImpl: FetchFunction, domain = new URL(origin).host) {
  const wallet = createDevWallet();
  const controller = createAuthController({
    wallet,
    adapter: createHttpAdapter({ baseUrl: origin, fetch: fetchImpl, ...(basePath === undefined ? {} : { basePath }) }),
    chainId: "xrpl:0",
    domain,
    uri: origin,
  });
  return { wallet, controller };
}

describe.each([
  ["a fetch handler with basePath /auth", () => fetchOrigin, "/auth"],
  ["an Express server with its routes under /v1/sign-in", () => expressOrigin, "/v1/sign-in"],
])("the shipped client against %s", (_name, origin, basePath) => {
  it("signs in, restores from {basePath}/me, and signs out, on the server's paths only", async () => {
    const paths: string[] = [];
    const tab = browserFetch(paths);
    const { wallet, controller } = page(origin(), basePath, tab);
    expect((await controller.restore()).status).toBe("unauthenticated");
    const address = await wallet.getAddress();
    expect(await controller.signIn()).toEqual({ status: "authenticated", address, error: null });
    const reloaded = page(origin(), basePath, tab).controller;
    expect(await reloaded.restore()).toEqual({ status: "authenticated", address, error: null });
    await reloaded.signOut();
    expect((await page(origin(), basePath, tab).controller.restore()).status).toBe("unauthenticated");
    expect(new Set(paths)).toEqual(
      new Set([`GET ${basePath}/me`, `GET ${basePath}/nonce`, `POST ${basePath}/verify`, `POST ${basePath}/signout`]),
    );
  });

  it("hands the page the server's code with a refusal (errorCodes: true)", async () => {
    const { controller } = page(origin(), basePath, browserFetch([]), "phishing.example");
    const failure = await controller.signIn().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerRejectedError);
    expect(failure).toMatchObject({ status: 400, serverError: "Domain does not match.", serverCode: "domain_mismatch", step: "verify" });
  });

  it("a client left on the default /api/auth gets the server's 404, with its code", async () => {
    const { controller } = page(origin(), undefined, browserFetch([]));
    const failure = await controller.signIn().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServerRejectedError);
    expect((failure as ServerRejectedError).status).toBe(404);
  });
});

describe("createHttpAdapter basePath", () => {
  it("refuses a route pattern and a path without a leading slash", () => {
    expect(() => createHttpAdapter({ basePath: "/auth/*" })).toThrow(InvalidOptionsError);
    expect(() => createHttpAdapter({ basePath: "/auth/*" })).toThrow(/give "\/auth" here/);
    expect(() => createHttpAdapter({ basePath: "auth" })).toThrow(/must be a path starting with "\/"/);
  });

  it("takes a trailing slash as the same path", async () => {
    const paths: string[] = [];
    const adapter = createHttpAdapter({ baseUrl: fetchOrigin, basePath: "/auth/", fetch: browserFetch(paths) });
    expect(typeof (await adapter.getNonce())).toBe("string");
    expect(paths).toEqual(["GET /auth/nonce"]);
  });

  it("keeps lastError's code from a verify refusal", async () => {
    const adapter = createHttpAdapter({ baseUrl: fetchOrigin, basePath: "/auth", fetch: browserFetch([]) });
    expect(await adapter.verify({ message: "x", signatureKind: "signature", signature: "00", address: "r" })).toBe(false);
    expect(adapter.lastError).toEqual({ status: 400, error: "No pending nonce.", code: "no_pending_nonce" });
  });
});
