// Reads the provider's environment once, at start. A bad setting stops the start with one line
// naming it (ConfigError); where the library or oidc-provider owns a rule, the setting goes
// through the call that owns it and its refusal is re-worded to name the setting.
import { createRequire } from "node:module";
import { InvalidOptionsError } from "sign-in-with-xrpl";
import { NONCE_RATE_LIMITED, readTrustProxy } from "../express/config.mjs";
import {
  ConfigError,
  nonEmpty,
  readAllowedOrigins,
  readChainId,
  readPort,
  readPositiveInteger,
  readRedisUrl,
} from "../express/settings-rules.mjs";

export { ConfigError, redactUrl } from "../express/settings-rules.mjs";

// Loaded only when REDIS_URL is set.
const loadRedisCreateClient = () => createRequire(import.meta.url)("redis").createClient;

/** The 429 answers of the rate-limited interaction routes (the nonce one is the other examples'). */
export { NONCE_RATE_LIMITED };
export const VERIFY_RATE_LIMITED = "Too many sign-in attempts. Try again in a minute.";

/** Which environment setting each option of createXrplOidc comes from, to name it in a refusal. */
const SETTING_OF_OPTION = {
  issuer: "OIDC_ISSUER",
  jwks: "OIDC_JWKS",
  cookieKeys: "OIDC_COOKIE_KEYS",
  clients: "OIDC_CLIENTS",
  registration: "OIDC_REGISTRATION",
  corsOrigins: "OIDC_CORS_ORIGINS",
};

/** @param {NodeJS.ProcessEnv} env */
export function loadConfig(env) {
  const production = env.NODE_ENV === "production";
  const port = readPort(env.PORT);
  const registration = readRegistration(env.OIDC_REGISTRATION);
  return {
    production,
    port,
    host: nonEmpty(env.HOST),
    issuer: readIssuer(env.OIDC_ISSUER, production, port),
    jwks: readJwks(env.OIDC_JWKS, production),
    cookieKeys: readCookieKeys(env.OIDC_COOKIE_KEYS, production),
    clients: readClients(env.OIDC_CLIENTS, production, registration),
    nodeUrl: nonEmpty(env.XRPL_NODE_URL),
    // Only messages for this network (mainnet unless set) sign anyone in.
    chainId: readChainId(env.XRPL_CHAIN_ID),
    // Pages of other sites get 403 from the interaction's nonce, verify and abort routes, except these origins.
    allowedOrigins: readAllowedOrigins(env.ALLOWED_ORIGINS),
    redisUrl: readRedisUrl(env.REDIS_URL, loadRedisCreateClient),
    redisKeyPrefix: readKeyPrefix(env.REDIS_KEY_PREFIX),
    registration,
    corsOrigins: readList(env.OIDC_CORS_ORIGINS),
    nonceRateLimit: readPositiveInteger("NONCE_RATE_LIMIT", env.NONCE_RATE_LIMIT, 60),
    verifyRateLimit: readPositiveInteger("VERIFY_RATE_LIMIT", env.VERIFY_RATE_LIMIT, 30),
    trustProxy: readTrustProxy(env.TRUST_PROXY),
  };
}

/**
 * Runs a call that checks the provider's options (createXrplOidc) and turns its refusal into a
 * ConfigError naming the environment setting the option came from.
 *
 * @template T
 * @param {() => T} run
 * @returns {T}
 */
export function checkedProviderOptions(run) {
  try {
    return run();
  } catch (error) {
    if (!(error instanceof InvalidOptionsError)) throw error;
    const reason = error.message.replace(/^sign-in-with-xrpl: (createXrplOidc: )?/, "");
    const option = /`(\w+)/.exec(reason)?.[1];
    const setting = SETTING_OF_OPTION[option] ?? "The provider's settings";
    throw new ConfigError(`${setting}: ${reason}`);
  }
}

/**
 * oidc-provider's own checks, re-worded to name the setting: `new Provider` checks the keys
 * (OIDC_JWKS), and each client's metadata is checked when the client is first looked up, which
 * `checkClients` does at start so a bad OIDC_CLIENTS entry stops the start instead of failing
 * its first sign-in.
 *
 * @param {string} setting
 * @param {() => T | Promise<T>} run
 * @returns {Promise<T>}
 * @template T
 */
export async function checkedByProvider(setting, run) {
  try {
    return await run();
  } catch (error) {
    const text = [error?.message, error?.error_description].filter((part) => typeof part === "string" && part !== "").join(": ");
    throw new ConfigError(`${setting} is not usable: oidc-provider says: ${text.split("\n")[0] || String(error)}`);
  }
}

/**
 * Looks every configured client up once, so oidc-provider checks its metadata now.
 *
 * @param {import("oidc-provider").default} provider
 * @param {{ client_id: string }[]} clients
 */
export async function checkClients(provider, clients) {
  for (const { client_id: clientId } of clients) {
    await checkedByProvider(`OIDC_CLIENTS (client ${JSON.stringify(clientId)})`, () => provider.Client.find(clientId));
  }
}

/** OIDC_ISSUER: the provider's public URL. Development: this process's own loopback URL. */
function readIssuer(value, production, port) {
  const issuer = nonEmpty(value);
  if (issuer !== undefined) return issuer;
  if (production) {
    throw new ConfigError(
      "OIDC_ISSUER is not set: in production set it to the provider's public https URL, e.g. OIDC_ISSUER=https://id.example.com. Relying parties discover the provider there, and sign-in messages must name its host (never taken from the request).",
    );
  }
  return `http://localhost:${port}`;
}

/** OIDC_JWKS: the private signing keys as a JSON Web Key Set (its content is the library's to check). */
function readJwks(value, production) {
  const text = nonEmpty(value);
  if (text === undefined) {
    if (production) {
      throw new ConfigError(
        'OIDC_JWKS is not set: in production set it to the private signing keys as a JSON Web Key Set, {"keys":[...]}, the same on every instance (the guide says how to make one).',
      );
    }
    return undefined;
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    // The value is not echoed: it holds private keys.
    throw new ConfigError(`OIDC_JWKS is not JSON (${error.message}): give the JSON Web Key Set, {"keys":[...]}.`);
  }
}

/** OIDC_COOKIE_KEYS: comma-separated, newest first (the library checks each one). */
function readCookieKeys(value, production) {
  const keys = readList(value);
  if (keys === undefined && production) {
    throw new ConfigError(
      'OIDC_COOKIE_KEYS is not set: in production set it to one or more keys of at least 32 random characters, comma-separated, newest first, e.g. OIDC_COOKIE_KEYS="$(openssl rand -hex 32)", the same on every instance.',
    );
  }
  return keys;
}

/** OIDC_CLIENTS: a JSON array of client metadata. */
function readClients(value, production, registration) {
  const text = nonEmpty(value);
  if (text === undefined) {
    if (production && registration !== "open") {
      throw new ConfigError(
        'OIDC_CLIENTS is not set: in production list the relying parties as a JSON array, e.g. OIDC_CLIENTS=\'[{"client_id":"app","client_secret":"...","redirect_uris":["https://app.example.com/callback"]}]\' (or set OIDC_REGISTRATION=open).',
      );
    }
    return [];
  }
  let clients;
  try {
    clients = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`OIDC_CLIENTS is not JSON (${error.message}): give a JSON array of client metadata.`);
  }
  if (!Array.isArray(clients))
    throw new ConfigError('OIDC_CLIENTS must be a JSON array of client metadata, e.g. [{"client_id":"app",...}].');
  return clients;
}

/** REDIS_KEY_PREFIX: every key the provider writes starts with it (several apps may share one Redis). */
function readKeyPrefix(value) {
  const prefix = nonEmpty(value) ?? "siwx:oidc:";
  if (!/^[\x21-\x7e]{1,64}$/.test(prefix)) {
    throw new ConfigError(
      `REDIS_KEY_PREFIX must be 1 to 64 printable characters without spaces, such as "myapp:oidc:" (got ${JSON.stringify(value)}).`,
    );
  }
  return prefix;
}

function readRegistration(value) {
  const mode = nonEmpty(value) ?? "closed";
  if (mode !== "open" && mode !== "closed") {
    throw new ConfigError(`OIDC_REGISTRATION must be "open" or "closed" (got ${JSON.stringify(value)}); leave it unset for closed.`);
  }
  return mode;
}

function readList(value) {
  const entries = (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
  return entries.length === 0 ? undefined : entries;
}
