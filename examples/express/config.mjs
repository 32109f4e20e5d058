// Reads the example's environment once, at start. Everything the server needs comes from here,
// so a bad setting stops the start with one clear line instead of failing on the first request.
//
// Where the library (or Express, or node-redis) owns a rule, the setting goes through the call
// that owns it and its refusal is re-worded to name the setting, so no rule is written twice.
import { createRequire } from "node:module";
import express from "express";
import { InvalidOptionsError, resolveSessionSecret, sessionCookieOptions } from "sign-in-with-xrpl";

/** A setting the server cannot start with. `message` is meant for the operator, as is. */
export class ConfigError extends Error {
  name = "ConfigError";
}

/**
 * Runs a library call that checks `setting` and turns its refusal (InvalidOptionsError) into a
 * ConfigError naming the setting, with the library's own reason and fix. server.mjs and app.mjs
 * create the verifier (XRPL_NODE_URL) and the handlers (APP_DOMAIN) through it.
 *
 * @template T
 * @param {string} setting the environment variable, e.g. "XRPL_NODE_URL"
 * @param {string | undefined} value what it was set to
 * @param {() => T} run
 * @returns {T}
 */
export function checkedByLibrary(setting, value, run) {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof InvalidOptionsError)) throw error;
    const reason = error.message.replace(/^sign-in-with-xrpl: /, "");
    throw new ConfigError(reason.startsWith(setting) ? reason : `${setting} ${JSON.stringify(value)} is not usable: ${reason}`);
  }
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ warn(message: string): void }} [logger] told when a development secret is generated
 * @returns {{
 *   port: number, host: string | undefined, production: boolean, sessionSecret: string,
 *   cookieName: string, nodeUrl: string | undefined, domain: string[] | undefined,
 *   redisUrl: string | undefined, nonceRateLimit: number, trustProxy: boolean | number | string | undefined,
 * }}
 */
export function loadConfig(env, logger = console) {
  const production = env.NODE_ENV === "production";

  // In production a missing, short or weak secret stops the start; in development a random one is
  // generated (or a weak one kept) and `logger` says so.
  const sessionSecret = checkedByLibrary("SESSION_SECRET", undefined, () =>
    resolveSessionSecret({ secret: env.SESSION_SECRET, production, logger }),
  );

  return {
    port: readPort(env.PORT),
    host: nonEmpty(env.HOST),
    production,
    sessionSecret,
    cookieName: readCookieName(env.SESSION_COOKIE_NAME),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    domain: readAppDomain(env.APP_DOMAIN, production),
    redisUrl: readRedisUrl(env.REDIS_URL),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

/**
 * APP_DOMAIN: the host(s) users sign in on, comma-separated ("example.com,www.example.com").
 * The expected domain is never taken from the request, so production needs it; without it
 * (development) the library accepts loopback hosts only.
 */
function readAppDomain(value, production) {
  const domains = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (domains.length > 0) return domains;
  if (production) {
    throw new ConfigError(
      "APP_DOMAIN is not set: in production set it to the host your users sign in on, e.g. APP_DOMAIN=example.com (comma-separate several). It is never taken from the request's Host header.",
    );
  }
  return undefined;
}

function nonEmpty(value) {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function readPort(value) {
  if (nonEmpty(value) === undefined) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number from 0 to 65535 (got ${JSON.stringify(value)}).`);
  }
  return port;
}

function readPositiveInteger(name, value, fallback) {
  if (nonEmpty(value) === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got ${JSON.stringify(value)}).`);
  }
  return number;
}

/** The library's cookie-name rule, through the call that sets the cookie up. */
function readCookieName(value) {
  const name = nonEmpty(value);
  if (name === undefined) return sessionCookieOptions({ sessionKind: "server-store" }).name;
  return checkedByLibrary("SESSION_COOKIE_NAME", value, () => sessionCookieOptions({ sessionKind: "server-store", name }).name);
}

/**
 * node-redis' own URL rule: createClient parses the URL and connects only on connect(). Loaded
 * only when REDIS_URL is set, so the default setup needs no Redis packages at all.
 */
function readRedisUrl(value) {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  try {
    createRequire(import.meta.url)("redis").createClient({ url });
  } catch (error) {
    // The value is not echoed: it may hold a password.
    throw new ConfigError(
      `REDIS_URL is not a Redis URL (${error?.message ?? error}): use redis://[user:password@]host[:port][/database], or rediss:// for TLS.`,
    );
  }
  return url;
}

/**
 * TRUST_PROXY, as Express's `trust proxy` setting: `true`, `false`, a number of hops, or a
 * comma-separated list of addresses, CIDR ranges and the names `loopback`, `linklocal`,
 * `uniquelocal`. Express compiles it (through proxy-addr) when it is set; setting it on a
 * throwaway app here makes a bad entry stop the start with one line.
 */
function readTrustProxy(value) {
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

/** The URL without its password, for messages. */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "an unreadable URL";
  }
}
