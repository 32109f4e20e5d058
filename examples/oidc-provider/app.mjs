// The provider's Express application: the rate limits of the interaction's nonce (and start)
// and verify routes, the library's routes (security headers, issuer pinning, the interaction's
// JSON routes), the interaction page, then oidc-provider itself for everything else.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import express from "express";
import { rateLimit } from "express-rate-limit";
import { NONCE_RATE_LIMITED, VERIFY_RATE_LIMITED } from "./config.mjs";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
/** The Express example's stylesheet and icon, served as the interaction page's. */
const SHARED_ASSETS = { "/assets/styles.css": here("../express/public/styles.css"), "/favicon.svg": here("../express/public/favicon.svg") };

/**
 * A per-client-address limit of `perMinute` requests a minute, answering 429 JSON `{ error: text }`.
 *
 * @param {number} perMinute
 * @param {string} text
 */
export function perMinuteLimit(perMinute, text) {
  return rateLimit({
    windowMs: 60_000,
    limit: perMinute,
    standardHeaders: "draft-7",
    legacyHeaders: false,
    handler: (_req, res) => res.status(429).json({ error: text }),
  });
}

/**
 * @param {{
 *   xrpl: import("sign-in-with-xrpl/oidc").XrplOidc,
 *   provider: import("oidc-provider").default,
 *   production: boolean,
 *   nonceRateLimit: number,
 *   verifyRateLimit: number,
 *   trustProxy?: boolean | number | string,
 *   devWallet: boolean,
 * }} options
 */
export async function createApp({ xrpl, provider, production, nonceRateLimit, verifyRateLimit, trustProxy, devWallet }) {
  const interactionBase = `${new URL(xrpl.issuer).pathname.replace(/\/$/, "")}/interaction`;
  // The page tells its script whether to offer the dev wallet (development only).
  const page = (await readFile(here("./public/interaction.html"), "utf8")).replace("{{DEV_WALLET}}", devWallet ? "on" : "off");

  const app = express();
  app.disable("x-powered-by");
  // Without TRUST_PROXY the rate limits count by the socket address; behind a reverse proxy,
  // TRUST_PROXY makes req.ip the client's address that proxy forwarded.
  if (trustProxy !== undefined) app.set("trust proxy", trustProxy);

  // `start` issues a nonce as `nonce` does (with the details): one limit counts both.
  app.get([`${interactionBase}/:uid/nonce`, `${interactionBase}/:uid/start`], perMinuteLimit(nonceRateLimit, NONCE_RATE_LIMITED));
  app.post(`${interactionBase}/:uid/verify`, perMinuteLimit(verifyRateLimit, VERIFY_RATE_LIMITED));

  // Security headers on every answer, the issuer's host and protocol for the provider, and the
  // interaction's JSON routes (details, nonce, start, verify, abort).
  app.use(xrpl.routes(provider));

  app.get(`${interactionBase}/:uid`, (_req, res) => {
    res.set("Cache-Control", "no-store").type("html").send(page);
  });
  app.get("/assets/client.js", (_req, res) => res.sendFile(here("./public/client.js")));
  if (!production) app.get("/assets/client.js.map", (_req, res) => res.sendFile(here("./public/client.js.map")));
  for (const [path, file] of Object.entries(SHARED_ASSETS)) app.get(path, (_req, res) => res.sendFile(file));

  // Discovery, authorization, token, userinfo, JWKS, logout...: oidc-provider.
  app.use(provider.callback());
  return app;
}
