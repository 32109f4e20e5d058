// The settings rules every example shares: the one-line refusal (ConfigError), the re-wording of
// a library refusal to name the setting, and the settings whose rule is the same everywhere
// (PORT, whole numbers, APP_DOMAIN, REDIS_URL, hiding a URL's password). It imports neither
// Express nor node-redis, so the Next example's server and bundle can use it too.
import { InvalidOptionsError } from "sign-in-with-xrpl";

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

/** @param {string | undefined} value @returns {string | undefined} the trimmed value, or undefined when unset or blank */
export function nonEmpty(value) {
  return value === undefined || value.trim() === "" ? undefined : value.trim();
}

/** @param {string | undefined} value @returns {number} PORT, 3000 unless set */
export function readPort(value) {
  if (nonEmpty(value) === undefined) return 3000;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT must be a port number from 0 to 65535 (got ${JSON.stringify(value)}).`);
  }
  return port;
}

/** @param {string} name @param {string | undefined} value @param {number} fallback @returns {number} */
export function readPositiveInteger(name, value, fallback) {
  if (nonEmpty(value) === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    throw new ConfigError(`${name} must be a whole number of at least 1 (got ${JSON.stringify(value)}).`);
  }
  return number;
}

/**
 * APP_DOMAIN, split on commas: the host(s) users sign in on ("example.com,www.example.com"). The
 * expected domain is never taken from the request (a Host or X-Forwarded-Host header is written by
 * the sender), so production needs it; without it (development) the library accepts loopback
 * hosts only. Each host's form is checked by the library when the handlers are created.
 *
 * @param {string | undefined} value @param {boolean} production @returns {string[] | undefined}
 */
export function readAppDomain(value, production) {
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

/**
 * REDIS_URL, by node-redis' own URL rule: `createClient` (given by the caller, so an example
 * without Redis loads no Redis package) parses the URL and connects only on connect().
 *
 * @param {string | undefined} value
 * @param {() => (options: { url: string }) => unknown} loadCreateClient
 * @returns {string | undefined}
 */
export function readRedisUrl(value, loadCreateClient) {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  try {
    loadCreateClient()({ url });
  } catch (error) {
    // The value is not echoed: it may hold a password.
    throw new ConfigError(
      `REDIS_URL is not a Redis URL (${error instanceof Error ? error.message : String(error)}): use redis://[user:password@]host[:port][/database], or rediss:// for TLS.`,
    );
  }
  return url;
}

/** @param {string} url @returns {string} the URL without its password, for messages */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password !== "") parsed.password = "***";
    return parsed.toString();
  } catch {
    return "an unreadable URL";
  }
}
