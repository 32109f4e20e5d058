// Reads the example's environment once, at start. Everything the server needs comes from here,
// so a bad setting stops the start with one clear line instead of failing on the first request.
//
// Where the library (or Express, or node-redis) owns a rule, the setting goes through the call
// that owns it and its refusal is re-worded to name the setting, so no rule is written twice.
import { createRequire } from "node:module";
import express from "express";
import { resolveSessionSecret, sessionCookieOptions } from "sign-in-with-xrpl";
import {
  ConfigError,
  checkedByLibrary,
  nonEmpty,
  readAllowedOrigins,
  readAppDomain,
  readChainId,
  readPort,
  readPositiveInteger,
  readRedisUrl,
  readRequireClaims,
  readSignInClaims,
} from "./settings-rules.mjs";

// Loaded only when REDIS_URL is set, so the default setup needs no Redis packages at all.
const loadRedisCreateClient = () => createRequire(import.meta.url)("redis").createClient;

export { ConfigError, checkedByLibrary, redactUrl } from "./settings-rules.mjs";

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ warn(message: string): void }} [logger] told when a development secret is generated
 * @returns {{
 *   port: number, host: string | undefined, production: boolean, sessionSecret: string,
 *   cookieName: string, nodeUrl: string | undefined, domain: string[] | undefined,
 *   chainId: string, allowedOrigins: string[] | undefined,
 *   redisUrl: string | undefined, nonceRateLimit: number, trustProxy: boolean | number | string | undefined,
 *   claims: import("sign-in-with-xrpl").ClaimSet | undefined, requireClaims: string[] | undefined,
 *   revalidateAfterSeconds: number | undefined,
 *   xaman: { apiKey: string, apiSecret: string, endpoint: string | undefined } | undefined,
 * }}
 */
export function loadConfig(env, logger = console) {
  const production = env.NODE_ENV === "production";

  // In production a missing, short or weak secret stops the start; in development a random one is
  // generated (or a weak one kept) and `logger` says so.
  const sessionSecret = checkedByLibrary("SESSION_SECRET", undefined, () =>
    resolveSessionSecret({ secret: env.SESSION_SECRET, production, logger }),
  );

  const claims = readSignInClaims(env.SIGN_IN_CLAIMS);
  return {
    port: readPort(env.PORT),
    host: nonEmpty(env.HOST),
    production,
    sessionSecret,
    cookieName: readCookieName(env.SESSION_COOKIE_NAME),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    domain: readAppDomain(env.APP_DOMAIN, production),
    chainId: readChainId(env.XRPL_CHAIN_ID),
    allowedOrigins: readAllowedOrigins(env.ALLOWED_ORIGINS),
    redisUrl: readRedisUrl(env.REDIS_URL, loadRedisCreateClient),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    claims,
    requireClaims: readRequireClaims(env.REQUIRE_CLAIMS, claims),
    // Re-check the key's authority and the claims on the ledger this often (unset: never).
    revalidateAfterSeconds:
      nonEmpty(env.REVALIDATE_AFTER_SECONDS) === undefined
        ? undefined
        : readPositiveInteger("REVALIDATE_AFTER_SECONDS", env.REVALIDATE_AFTER_SECONDS, 1),
    xaman: readXaman(env),
  };
}

/**
 * XAMAN_API_KEY and XAMAN_API_SECRET (both or neither): the page then offers "Sign in with Xaman".
 * XAMAN_ENDPOINT points the Xaman SDK at another platform address (a proxy, or a test double).
 * The library checks the values, so a wrong one stops the start naming the setting.
 */
function readXaman(env) {
  const apiKey = nonEmpty(env.XAMAN_API_KEY);
  const apiSecret = nonEmpty(env.XAMAN_API_SECRET);
  const endpoint = nonEmpty(env.XAMAN_ENDPOINT);
  if (apiKey === undefined && apiSecret === undefined) {
    if (endpoint !== undefined)
      throw new ConfigError("XAMAN_ENDPOINT is set without XAMAN_API_KEY and XAMAN_API_SECRET: set all three, or none.");
    return undefined;
  }
  if (apiKey === undefined || apiSecret === undefined) {
    throw new ConfigError(
      `${apiKey === undefined ? "XAMAN_API_KEY" : "XAMAN_API_SECRET"} is missing: set both XAMAN_API_KEY and XAMAN_API_SECRET (Xaman Developer Console), or neither.`,
    );
  }
  return { apiKey, apiSecret, endpoint };
}

/** The library's cookie-name rule, through the call that sets the cookie up. */
function readCookieName(value) {
  const name = nonEmpty(value);
  if (name === undefined) return sessionCookieOptions({ sessionKind: "server-store" }).name;
  return checkedByLibrary("SESSION_COOKIE_NAME", value, () => sessionCookieOptions({ sessionKind: "server-store", name }).name);
}

/**
 * TRUST_PROXY, as Express's `trust proxy` setting: `true`, `false`, a number of hops, or a
 * comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal`. Express compiles it (through proxy-addr) when it is set; setting it on a
 * throwaway app here makes a bad entry stop the start with one line.
 */
export function readTrustProxy(value) {
  const setting = nonEmpty(value);
  if (setting === undefined) return undefined;
  const trustProxy = setting === "true" ? true : setting === "false" ? false : /^\d+$/.test(setting) ? Number(setting) : setting;
  try {
    express().set("trust proxy", trustProxy);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY ${JSON.stringify(value)} is not a proxy setting (${error?.message ?? error}): use loopback, a number of proxies such as 1, or addresses and CIDR ranges such as 10.0.0.0/8, comma-separated (Express "trust proxy" values).`,
    );
  }
  return trustProxy;
}

/**
 * TRUST_PROXY (as loadConfig returns it) compiled by Express itself: the `(address, hop) =>
 * boolean` function that `req.ip` hands to proxy-addr. The Hono example keys its nonce rate
 * limit with `proxyaddr(request, trustProxyFunction(config.trustProxy))`, so both examples pick
 * the client address by the same code. Unset trusts no proxy: the socket address counts.
 *
 * @param {boolean | number | string | undefined} trustProxy
 * @returns {(address: string, hop: number) => boolean}
 */
export function trustProxyFunction(trustProxy) {
  return express()
    .set("trust proxy", trustProxy ?? false)
    .get("trust proxy fn");
}

/** The 429 answer's text when a client asks for more nonces than NONCE_RATE_LIMIT a minute. */
export const NONCE_RATE_LIMITED = "Too many nonce requests. Try again in a minute.";
