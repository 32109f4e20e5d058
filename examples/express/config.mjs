// Reads the example's environment once, at start. Everything the server needs comes from here,
// so a bad setting stops the start with one clear line instead of failing on the first request.
import { InvalidOptionsError, resolveSessionSecret } from "sign-in-with-xrpl";

/** A setting the server cannot start with. `message` is meant for the operator, as is. */
export class ConfigError extends Error {
  name = "ConfigError";
}

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {{ warn(message: string): void }} [logger] told when a development secret is generated
 * @returns {{
 *   port: number, host: string | undefined, production: boolean, sessionSecret: string,
 *   cookieName: string, nodeUrl: string | undefined, domain: string[] | undefined,
 *   redisUrl: string | undefined, nonceRateLimit: number, trustProxy: string | undefined,
 * }}
 */
export function loadConfig(env, logger = console) {
  const production = env.NODE_ENV === "production";

  // The library's rule (SPEC 5): at least 32 characters; in production a missing or short secret
  // throws, in development a random one is generated and announced through `logger`.
  let sessionSecret;
  try {
    sessionSecret = resolveSessionSecret({ secret: env.SESSION_SECRET, production, logger });
  } catch (error) {
    if (error instanceof InvalidOptionsError) throw new ConfigError(error.message.replace(/^sign-in-with-xrpl: /, ""));
    throw error;
  }

  return {
    port: readPort(env.PORT),
    host: nonEmpty(env.HOST),
    production,
    sessionSecret,
    cookieName: readCookieName(env.SESSION_COOKIE_NAME),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    domain: readAppDomain(env.APP_DOMAIN, production),
    redisUrl: nonEmpty(env.REDIS_URL),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    trustProxy: nonEmpty(env.TRUST_PROXY),
  };
}

/**
 * APP_DOMAIN: the host(s) users sign in on, comma-separated ("example.com,www.example.com").
 * The expected domain is never taken from the request, so production needs it; without it
 * (development) the library accepts loopback hosts only.
 */
function readAppDomain(value, production) {
  const domains = (value ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "");
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

function readCookieName(value) {
  const name = nonEmpty(value) ?? "siwx_session";
  // RFC 6265 cookie-name is an HTTP token.
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    throw new ConfigError(`SESSION_COOKIE_NAME must be a cookie name token such as "siwx_session" (got ${JSON.stringify(value)}).`);
  }
  return name;
}
