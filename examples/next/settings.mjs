// The Next example's settings, read from the environment and checked in one place. server.mjs
// checks them before Next loads, the launcher (start.mjs) before it builds, and the app reads
// them through lib/config.ts. A setting the server cannot run with throws ConfigError, whose
// message names the setting and how to fix it: the start stops with that one line.
//
// Where the library (or node-redis, or proxy-addr) owns a rule, the setting goes through the
// call that owns it and its refusal is re-worded to name the setting, so no rule is written twice.
import { createClient } from "redis";
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
} from "../express/settings-rules.mjs";
import { compileTrustProxy } from "./client-address.mjs";

export { ConfigError, checkedByLibrary, redactUrl, uriSchemesFor } from "../express/settings-rules.mjs";

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
    chainId: readChainId(env.XRPL_CHAIN_ID),
    allowedOrigins: readAllowedOrigins(env.ALLOWED_ORIGINS),
    redisUrl: readRedisUrl(env.REDIS_URL, () => createClient),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    // How long a sign-in lasts at most, however active the session: 24 hours unless set.
    sessionMaxAgeSeconds: readPositiveInteger("SESSION_MAX_AGE_SECONDS", env.SESSION_MAX_AGE_SECONDS, 86_400),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

/** The library's cookie-name rule, through the call that sets the cookie up. */
function readCookieName(value) {
  const name = nonEmpty(value);
  if (name === undefined) return sessionCookieOptions({ sessionKind: "sealed-cookie" }).cookieName;
  return checkedByLibrary("SESSION_COOKIE_NAME", value, () => sessionCookieOptions({ sessionKind: "sealed-cookie", name }).cookieName);
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
