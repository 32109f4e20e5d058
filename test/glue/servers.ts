/**
 * Each glue entry mounted on its real framework, listening on a free loopback port, configured
 * from the environment the HTTP contract passes (XRPL_NODE_URL, APP_DOMAIN, ALLOWED_ORIGINS) as the
 * examples read it. Sessions: the fetch handler's sealed cookie (Fastify, Hono), express-session
 * and koa-session with an in-memory store (Express, Koa).
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { koaListener } from "./koa-listener.js";
import { serve } from "@hono/node-server";
import express from "express";
import session from "express-session";
import Fastify from "fastify";
import { Hono } from "hono";
import Koa from "koa";
import koaSession from "koa-session";
import { createAuthHandlers, createVerifier, sessionCookieOptions, type AuthHandlers, type Verifier } from "sign-in-with-xrpl";
import * as expressGlue from "sign-in-with-xrpl/express";
import { requireSignIn as fastifyRequireSignIn, signInWithXrpl } from "sign-in-with-xrpl/fastify";
import { createFetchHandler, type FetchHandler } from "sign-in-with-xrpl/fetch";
import * as honoGlue from "sign-in-with-xrpl/hono";
import * as koaGlue from "sign-in-with-xrpl/koa";
import type { RunningServer } from "../examples/contract.js";

export const SECRET = "glue-test-session-secret-0123456789abcdef";

type Env = Record<string, string | undefined>;

function settings(env: Env) {
  const verifier = createVerifier({ nodeUrl: env["XRPL_NODE_URL"] });
  return {
    verifier,
    domain: env["APP_DOMAIN"]?.split(","),
    allowedOrigins: env["ALLOWED_ORIGINS"]?.split(","),
    // The examples accept mainnet messages only.
    chainId: "xrpl:0",
  };
}

function handlersFor(env: Env): { handlers: AuthHandlers; verifier: Verifier } {
  const { verifier, domain, allowedOrigins, chainId } = settings(env);
  const handlers = createAuthHandlers({
    verifier,
    sessionKind: "server-store",
    chainId,
    ...(domain === undefined ? {} : { domain }),
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    logger: { warn: () => undefined, error: () => undefined },
  });
  return { handlers, verifier };
}

function fetchHandlerFor(env: Env): { auth: FetchHandler; verifier: Verifier } {
  const { verifier, domain, allowedOrigins, chainId } = settings(env);
  const auth = createFetchHandler({
    verifier,
    sessionSecret: SECRET,
    chainId,
    ...(domain === undefined ? {} : { domain }),
    ...(allowedOrigins === undefined ? {} : { allowedOrigins }),
    logger: { warn: () => undefined, error: () => undefined },
  });
  return { auth, verifier };
}

async function listen(server: Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as AddressInfo).port;
}

function running(port: number, close: () => Promise<unknown>): RunningServer {
  return { url: `http://127.0.0.1:${port}`, port, stop: close };
}

function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise((resolve) => server.close(() => resolve()));
}

/** Fastify: `signInWithXrpl` on the fetch handler, and `/api/profile` behind `requireSignIn`. */
export async function startFastifyGlue(env: Env): Promise<RunningServer> {
  const { auth, verifier } = fetchHandlerFor(env);
  const app = Fastify();
  await app.register(signInWithXrpl, { auth });
  app.get("/api/profile", { preHandler: fastifyRequireSignIn }, async (request) => ({ address: request.xrpl.signedIn?.address }));
  app.get("/api/whoami", async (request) => ({ address: (await request.xrpl.getSession())?.address ?? null }));
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return running(port, async () => {
    await app.close();
    await verifier.close();
  });
}

/** Express: express-session, `router(handlers)` and `/api/profile` behind `requireSignIn`. */
export async function startExpressGlue(env: Env, options: { json?: boolean } = {}): Promise<RunningServer> {
  const { handlers, verifier } = handlersFor(env);
  const app = express();
  const cookie = sessionCookieOptions({ sessionKind: "server-store", production: false });
  app.use(session({ ...cookie, secret: SECRET, resave: false, saveUninitialized: false }));
  if (options.json === true) app.use(express.json({ limit: "16kb" }));
  app.use(expressGlue.router(handlers));
  app.get("/api/profile", expressGlue.requireSignIn(handlers), (_req, res) => {
    res.json({ address: (res.locals["xrpl"] as { address: string }).address });
  });
  const server = createServer(app);
  const port = await listen(server);
  return running(port, async () => {
    await closeServer(server);
    await verifier.close();
  });
}

/** An external koa-session store in memory, as a Redis one would be: the cookie holds an id only. */
function memoryKoaStore() {
  const entries = new Map<string, unknown>();
  return {
    get: async (key: string) => entries.get(key),
    set: async (key: string, value: unknown) => void entries.set(key, value),
    destroy: async (key: string) => void entries.delete(key),
  };
}

/** Koa: koa-session (external store), `signInRoutes(handlers)`, `/api/profile` behind `requireSignIn`. */
export async function startKoaGlue(env: Env): Promise<RunningServer> {
  const { handlers, verifier } = handlersFor(env);
  const app = new Koa();
  app.keys = [SECRET];
  app.use(koaSession({ key: "siwx_session", store: memoryKoaStore(), httpOnly: true, sameSite: "lax", maxAge: 30 * 60_000 }, app));
  app.use(koaGlue.signInRoutes(handlers));
  const profile = koaGlue.requireSignIn(handlers);
  app.use(async (ctx, next) => {
    if (ctx.path !== "/api/profile") return next();
    return profile(ctx, async () => {
      ctx.body = { address: (ctx.state["xrpl"] as { address: string }).address };
    });
  });
  const server = createServer(koaListener(app));
  const port = await listen(server);
  return running(port, async () => {
    await closeServer(server);
    await verifier.close();
  });
}

/** Hono on Node: `signInRoutes(auth)`, `/api/profile` behind `requireSignIn`, `/api/whoami` with `xrplSession`. */
export async function startHonoGlue(env: Env): Promise<RunningServer> {
  const { auth, verifier } = fetchHandlerFor(env);
  const app = new Hono();
  app.all("/api/auth/*", honoGlue.signInRoutes(auth));
  app.get("/api/profile", honoGlue.requireSignIn(auth), (c) => c.json({ address: c.var.xrpl.address }));
  app.get("/api/whoami", honoGlue.xrplSession(auth), (c) => c.json({ address: c.var.xrpl?.address ?? null }));
  const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }) as Server;
  await new Promise<void>((resolve) => (server.listening ? resolve() : server.once("listening", () => resolve())));
  const { port } = server.address() as AddressInfo;
  return running(port, async () => {
    await closeServer(server);
    await verifier.close();
  });
}
