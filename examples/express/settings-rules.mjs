// The settings rules every example shares: the one-line refusal (ConfigError), the re-wording of
// a library refusal to name the setting, and the settings whose rule is the same everywhere
// (PORT, whole numbers, APP_DOMAIN, REDIS_URL, hiding a URL's password). It imports neither
// Express nor node-redis, so the Next example's server and bundle can use it too.
import { claimsFromJson, createAuthHandlers, InvalidOptionsError, LOOPBACK_DOMAINS } from "sign-in-with-xrpl";

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

/** The network sign-in messages must name unless XRPL_CHAIN_ID says another: the XRP Ledger mainnet. */
export const DEFAULT_CHAIN_ID = "xrpl:0";

/**
 * Runs the library's own check of one handler option (the rule lives in createAuthHandlers), on
 * throwaway handlers that never see a request.
 *
 * @param {Partial<import("sign-in-with-xrpl").AuthHandlersOptions>} options
 */
function checkHandlerOption(options) {
  createAuthHandlers({ verifier: { verify: async () => false }, sessionKind: "server-store", domain: "localhost", ...options });
}

/**
 * XRPL_CHAIN_ID: the network whose sign-in messages are accepted, as a CAIP-2 id ("xrpl:0"
 * mainnet, "xrpl:1" testnet, "xrpl:21338" Xahau...). Mainnet unless set, so a message signed for
 * a test network never signs anyone in. Checked by the library's `chainId` rule.
 *
 * @param {string | undefined} value @returns {string}
 */
export function readChainId(value) {
  const chainId = nonEmpty(value) ?? DEFAULT_CHAIN_ID;
  checkedByLibrary("XRPL_CHAIN_ID", value, () => checkHandlerOption({ chainId }));
  return chainId;
}

/**
 * ALLOWED_ORIGINS, split on commas: the origins besides APP_DOMAIN's hosts whose pages may call
 * the sign-in routes ("https://wallet.example.com"). Unset: none, so a page of any other site
 * gets 403. Each entry is checked by the library's `allowedOrigins` rule.
 *
 * @param {string | undefined} value @returns {string[] | undefined}
 */
export function readAllowedOrigins(value) {
  const origins = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (origins.length === 0) return undefined;
  checkedByLibrary("ALLOWED_ORIGINS", value, () => checkHandlerOption({ allowedOrigins: origins }));
  return origins;
}

/**
 * The schemes a sign-in message's URI may use: in production only `https`, so a message made
 * for a plain-HTTP page (a downgraded or look-alike site) is refused. Any in development, and in
 * a production build served on this machine only (APP_DOMAIN naming loopback hosts alone, as the
 * demo commands do), whose page is plain `http://localhost`.
 *
 * @param {boolean} production @param {string[] | undefined} domain APP_DOMAIN, split
 * @returns {string[] | undefined}
 */
export function uriSchemesFor(production, domain) {
  if (!production) return undefined;
  const loopbackOnly = domain !== undefined && domain.every((host) => LOOPBACK_DOMAINS.includes(hostWithoutPort(host).toLowerCase()));
  return loopbackOnly ? undefined : ["https"];
}

/** What SIGN_IN_CLAIMS looks like, for the fix of a bad value. */
const SIGN_IN_CLAIMS_EXAMPLE = `{"kyc":{"credential":{"issuer":"r...","type":"KYC"}}}`;

/**
 * SIGN_IN_CLAIMS: the ledger claims read for every account that signs in, as a JSON record of
 * named claims, e.g. {"kyc":{"credential":{"issuer":"r...","type":"KYC"}}}. The session keeps
 * them and the me route answers them. Unset: none. Read by the library's `claimsFromJson`, whose
 * refusal names the setting and the path (SIGN_IN_CLAIMS.kyc.credential.issuer: ...).
 *
 * @param {string | undefined} value
 * @returns {import("sign-in-with-xrpl").ClaimSet | undefined}
 */
export function readSignInClaims(value) {
  const text = nonEmpty(value);
  if (text === undefined) return undefined;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      `SIGN_IN_CLAIMS is not JSON (${error?.message ?? error}): set it to a record of named claims, e.g. SIGN_IN_CLAIMS='${SIGN_IN_CLAIMS_EXAMPLE}'.`,
    );
  }
  return checkedByLibrary("SIGN_IN_CLAIMS", text, () => claimsFromJson(parsed, "SIGN_IN_CLAIMS"));
}

/**
 * REQUIRE_CLAIMS, split on commas: the names of SIGN_IN_CLAIMS an account must hold to sign in
 * and to stay signed in ("kyc"). A name SIGN_IN_CLAIMS does not define stops the start. Unset: none.
 *
 * @param {string | undefined} value
 * @param {import("sign-in-with-xrpl").ClaimSet | undefined} claims SIGN_IN_CLAIMS, read
 * @returns {string[] | undefined}
 */
export function readRequireClaims(value, claims) {
  const names = (value ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
  if (names.length === 0) return undefined;
  if (claims === undefined) {
    throw new ConfigError(
      `REQUIRE_CLAIMS=${names.join(",")} needs SIGN_IN_CLAIMS to define those claims, e.g. SIGN_IN_CLAIMS='${SIGN_IN_CLAIMS_EXAMPLE}' REQUIRE_CLAIMS=kyc.`,
    );
  }
  const defined = Object.keys(claims);
  const unknown = names.filter((name) => !defined.includes(name));
  if (unknown.length > 0) {
    throw new ConfigError(
      `REQUIRE_CLAIMS names ${unknown.join(", ")}, which SIGN_IN_CLAIMS does not define (it defines ${defined.join(", ") || "none"}): require only names of SIGN_IN_CLAIMS.`,
    );
  }
  return names;
}

/** "example.com:8443" -> "example.com", "[::1]:3000" -> "[::1]". */
function hostWithoutPort(host) {
  return host.startsWith("[") ? host.slice(0, host.indexOf("]") + 1) : host.split(":")[0];
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
