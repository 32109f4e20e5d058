// The Next example's settings, read from the environment and checked in one place. server.mjs
// checks them before Next loads, the launcher (start.mjs) before it builds, and the app reads
// them through lib/config.ts. A setting the server cannot run with throws ConfigError, whose
// message names the setting and how to fix it: the start stops with that one line.
//
// Where the library (or node-redis, or proxy-addr) owns a rule, the setting goes through the
// call that owns it and its refusal is re-worded to name the setting, so no rule is written twice.
import { createClient } from "redis";
import { InvalidOptionsError, resolveSessionSecret, sessionCookieOptions } from "sign-in-with-xrpl";
import { compileTrustProxy } from "./client-address.mjs";

/** A setting the server cannot start with. `message` is meant for the operator, as is. */
export class ConfigError extends Error {
  name = "ConfigError";
}

/**
 * Runs a library call that checks `setting` and turns its refusal (InvalidOptionsError) into a
 * ConfigError naming the setting, with the library's own reason and fix.
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
 * @param {{ warn(message: string): void }} [logger] told when a development secret is generated or a weak one kept
 * @returns {import("./settings.d.mts").Settings}
 */
export function readSettings(env, logger = console) {
  const production = env.NODE_ENV === "production";
  return {
    production,
    port: readPort(env.PORT),
    host: nonEmpty(env.HOST),
    // In production a missing, short or weak secret stops the start; in development a random one
    // is generated (or a weak one kept) and `logger` says so.
    sessionSecret: checkedByLibrary("SESSION_SECRET", undefined, () =>
      resolveSessionSecret({ secret: env.SESSION_SECRET, production, logger }),
    ),
    cookieName: readCookieName(env.SESSION_COOKIE_NAME),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    domain: readAppDomain(env.APP_DOMAIN, production),
    redisUrl: readRedisUrl(env.REDIS_URL),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    // How long a sign-in lasts at most, however active the session: 24 hours unless set.
    sessionMaxAgeSeconds: readPositiveInteger("SESSION_MAX_AGE_SECONDS", env.SESSION_MAX_AGE_SECONDS, 86_400),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
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
  if (name === undefined) return sessionCookieOptions({ sessionKind: "sealed-cookie" }).cookieName;
  return checkedByLibrary("SESSION_COOKIE_NAME", value, () => sessionCookieOptions({ sessionKind: "sealed-cookie", name }).cookieName);
}

/**
 * APP_DOMAIN, split on commas: the host(s) users sign in on. The expected domain is never taken
 * from the request (a Host or X-Forwarded-Host header is written by the sender), so production
 * needs it. Each host's form is checked by the library when lib/auth.ts creates the handlers.
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

/** node-redis' own URL rule (createClient parses the URL and connects only on connect()). */
function readRedisUrl(value) {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  try {
    createClient({ url });
  } catch (error) {
    // The value is not echoed: it may hold a password.
    throw new ConfigError(
      `REDIS_URL is not a Redis URL (${error instanceof Error ? error.message : String(error)}): use redis://[user:password@]host[:port][/database], or rediss:// for TLS.`,
    );
  }
  return url;
}

/** Express's `trust proxy` values, checked by proxy-addr (see client-address.mjs). */
function readTrustProxy(value) {
  const setting = nonEmpty(value);
  if (setting === undefined) return undefined;
  try {
    compileTrustProxy(setting);
  } catch (error) {
    throw new ConfigError(
      `TRUST_PROXY ${JSON.stringify(value)} is not a proxy setting (${error instanceof Error ? error.message : String(error)}): use loopback, a number of proxies such as 1, or addresses and CIDR ranges such as 10.0.0.0/8, comma-separated (Express "trust proxy" values).`,
    );
  }
  return setting;
}
