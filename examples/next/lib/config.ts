// The example's settings, read from the environment once per server process. A setting the
// server cannot run with throws ConfigError; instrumentation.ts turns that into a failed start.
import { InvalidOptionsError, resolveSessionSecret } from "sign-in-with-xrpl";

/** A setting the server cannot run with. `message` is meant for the operator, as is. */
export class ConfigError extends Error {
  override name = "ConfigError";
}

export interface ServerConfig {
  production: boolean;
  sessionSecret: string;
  cookieName: string;
  nodeUrl: string | undefined;
  /** APP_DOMAIN, split on commas: the host(s) users sign in on. Required in production. */
  domain: string[] | undefined;
  nonceRateLimit: number;
}

// On globalThis: Next may load this module once per route bundle, and the generated development
// secret must be the same for all of them.
const globalCache = globalThis as typeof globalThis & { __siwxNextConfig?: ServerConfig };

/** The settings, checked. Throws ConfigError (every call, until the environment is fixed). */
export function getServerConfig(): ServerConfig {
  globalCache.__siwxNextConfig ??= readServerConfig(process.env);
  return globalCache.__siwxNextConfig;
}

export function readServerConfig(env: NodeJS.ProcessEnv): ServerConfig {
  const production = env.NODE_ENV === "production";
  // The library's rule (SPEC 5): at least 32 characters; in production (always, under
  // `next start`) a missing or short secret throws, in `next dev` a random one is generated and
  // announced.
  let sessionSecret: string;
  try {
    sessionSecret = resolveSessionSecret({ secret: env.SESSION_SECRET, production, logger: console });
  } catch (error) {
    if (error instanceof InvalidOptionsError) throw new ConfigError(error.message.replace(/^sign-in-with-xrpl: /, ""));
    throw error;
  }
  return {
    production,
    sessionSecret,
    cookieName: readCookieName(env.SESSION_COOKIE_NAME),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    domain: readAppDomain(env.APP_DOMAIN, production),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
  };
}

/**
 * The expected domain is never taken from the request (a Host or X-Forwarded-Host header is
 * written by the sender), so production needs APP_DOMAIN. `npm run example:next` sets it to the
 * loopback hosts for its demo run; `next dev` without it accepts loopback hosts only.
 */
function readAppDomain(value: string | undefined, production: boolean): string[] | undefined {
  const domains = (value ?? "").split(",").map((part) => part.trim()).filter((part) => part !== "");
  if (domains.length > 0) return domains;
  if (production) {
    throw new ConfigError(
      "APP_DOMAIN is not set: in production set it to the host your users sign in on, e.g. APP_DOMAIN=example.com (comma-separate several). It is never taken from the request's Host header.",
    );
  }
  return undefined;
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

function readPositiveInteger(name: string, value: string | undefined, fallback: number): number {
  if (nonEmpty(value) === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got ${JSON.stringify(value)}).`);
  }
  return number;
}

function readCookieName(value: string | undefined): string {
  const name = nonEmpty(value) ?? "siwx_session";
  if (!/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
    throw new ConfigError(`SESSION_COOKIE_NAME must be a cookie name token such as "siwx_session" (got ${JSON.stringify(value)}).`);
  }
  return name;
}
