import type { IncomingMessage } from "node:http";
import { InvalidOptionsError } from "../errors.js";
import type { OnSignIn } from "../server/hooks.js";
import {
  DEFAULT_MAX_SESSION_AGE_SECONDS,
  normalizeAuthOptions,
  type AuthHandlersOptions,
  type NormalizedAuthOptions,
} from "../server/options.js";
import { MIN_SESSION_SECRET_LENGTH, sessionSecretProblem } from "../server/session-secret.js";
import { describeValue } from "../shared/describe-value.js";
import { randomHex } from "../shared/random-hex.js";
import type { OidcAdapterFactory } from "./provider-types.js";
import { generateDevelopmentJwks, readSigningKeys, type OidcJwks, type OidcSigningAlgorithm } from "./signing-keys.js";

/** The name setup errors start with. */
export const CALLER = "createXrplOidc";

/**
 * A relying party registered with the provider (OpenID Connect Dynamic Client Registration
 * metadata, as oidc-provider takes it): its `client_id`, the `client_secret` of a confidential
 * client, where it may be sent back (`redirect_uris`, `post_logout_redirect_uris`) and how it
 * authenticates at the token endpoint (`token_endpoint_auth_method`: `"client_secret_basic"` by
 * default, `"none"` for a public client, which must then use PKCE). Other metadata oidc-provider
 * knows pass through as they are.
 *
 * @example
 * ```ts
 * const client: OidcClientMetadata = {
 *   client_id: "grafana",
 *   client_secret: process.env.GRAFANA_CLIENT_SECRET!,
 *   redirect_uris: ["https://grafana.example.com/login/generic_oauth"],
 * };
 * ```
 */
export interface OidcClientMetadata {
  client_id: string;
  client_secret?: string | undefined;
  redirect_uris?: readonly string[] | undefined;
  post_logout_redirect_uris?: readonly string[] | undefined;
  token_endpoint_auth_method?: OidcClientAuthMethod | undefined;
  client_name?: string | undefined;
  [metadata: string]: unknown;
}

/**
 * How a client authenticates at the token endpoint (oidc-provider's names): with its secret
 * (`client_secret_basic`, `client_secret_post`, `client_secret_jwt`), a key of its own
 * (`private_key_jwt`), mutual TLS, or not at all (`none`: a public client, which must use PKCE).
 *
 * @example
 * ```ts
 * const method: OidcClientAuthMethod = "client_secret_basic";
 * ```
 */
export type OidcClientAuthMethod =
  | "client_secret_basic"
  | "client_secret_post"
  | "client_secret_jwt"
  | "private_key_jwt"
  | "tls_client_auth"
  | "self_signed_tls_client_auth"
  | "attest_jwt_client_auth"
  | "none";

/**
 * What an `onSignIn` hook of the provider receives as `request`: the HTTP request of the verify
 * route, and the authorization it completes (which client, where the user goes back, which
 * scopes), so a hook can refuse an account for one client only.
 *
 * @example
 * ```ts
 * const onSignIn: OnSignIn<unknown, OidcSignInRequest> = ({ address, request }) => {
 *   if (request.clientId === "admin-console" && !admins.has(address)) return { refuse: { status: 403, message: "Not an administrator." } };
 * };
 * ```
 */
export interface OidcSignInRequest {
  /** The `POST .../verify` request. */
  request: IncomingMessage;
  /** The interaction (one authorization in progress) this sign-in completes. */
  interactionUid: string;
  /** The relying party's `client_id`. */
  clientId: string;
  /** Where the relying party gets the user back. */
  redirectUri: string;
  /** The scopes it asked for. */
  scopes: readonly string[];
}

/**
 * Options of `createXrplOidc`: the sign-in rules of `createAuthHandlers` (verifier, chain,
 * message age, nonce store...) plus what an OpenID Provider needs (its issuer URL, signing keys,
 * cookie keys, clients, storage).
 *
 * @example
 * ```ts
 * const options: XrplOidcOptions = {
 *   issuer: "https://id.example.com",
 *   verifier: createVerifier(),
 *   jwks: JSON.parse(process.env.OIDC_JWKS!),
 *   cookieKeys: process.env.OIDC_COOKIE_KEYS!.split(","),
 *   clients: JSON.parse(process.env.OIDC_CLIENTS!),
 * };
 * ```
 */
export interface XrplOidcOptions extends Pick<
  AuthHandlersOptions,
  | "verifier"
  | "production"
  | "chainId"
  | "maxMessageAgeSeconds"
  | "clockSkewSeconds"
  | "nonceTtlSeconds"
  | "nonceStore"
  | "allowedOrigins"
  | "errorCodes"
  | "claims"
  | "requireClaims"
  | "logger"
  | "now"
> {
  /**
   * The provider's public URL (its OpenID issuer identifier), e.g. `"https://id.example.com"`:
   * `https:` in production, no query or fragment. Relying parties discover the provider at
   * `<issuer>/.well-known/openid-configuration`. It is also the sign-in message's expected
   * domain (its host) and `URI` (the issuer itself), never taken from a request header.
   */
  issuer: string;
  /**
   * The private keys that sign id_tokens (a JSON Web Key Set). The first signing key signs;
   * keep an old key after it for a while when you rotate. Required in production; in
   * development a P-256 key is generated for the process (and the logger says so).
   */
  jwks?: OidcJwks | undefined;
  /**
   * Keys that sign the provider's cookies, newest first (older ones still verify, for rotation):
   * each at least 32 random characters. Required in production; generated for a development
   * process.
   */
  cookieKeys?: readonly string[] | undefined;
  /** The relying parties registered at start. Default: none. */
  clients?: readonly OidcClientMetadata[] | undefined;
  /**
   * Where the provider keeps its state (sessions, grants, codes, tokens) and the sign-in record
   * each grant keeps: `createRedisAdapter(redis)` for several instances. Default: this process's
   * memory (one instance only, lost on restart).
   */
  adapter?: OidcAdapterFactory | undefined;
  /**
   * `"open"` turns on OpenID Connect Dynamic Client Registration: anyone may register a client.
   * Default `"closed"`: only `clients` exist.
   */
  registration?: "closed" | "open" | undefined;
  /**
   * Origins (e.g. `"https://app.example.com"`) whose browser code may call the token, userinfo
   * and revocation endpoints (a single-page app). Default: none, no cross-origin access.
   */
  corsOrigins?: readonly string[] | undefined;
  /**
   * How long the provider's own session lasts from the sign-in, in seconds: within it, another
   * authorization from the same browser needs no new signature. Default 86400 (24 hours).
   */
  maxSessionAgeSeconds?: number | undefined;
  /**
   * With `claims`: once this many seconds have passed since the claims of a sign-in were read,
   * they are read again when a relying party uses one of its tokens (code exchange, refresh,
   * userinfo). A required claim that no longer holds ends the sign-in: its grant's tokens are
   * refused from then on (userinfo answers 401 `invalid_token`, a refresh `invalid_grant`);
   * other claims are updated in place. A ledger node that cannot answer keeps the sign-in on its
   * last reading. Default: off (the claims read at sign-in stand for the grant's lifetime).
   */
  revalidateAfterSeconds?: number | undefined;
  /** How long an authorization in progress waits for its sign-in, in seconds. Default 600. */
  interactionTtlSeconds?: number | undefined;
  /**
   * Awaited once per sign-in, after the proof holds and its nonce is used up, before the
   * authorization continues: return `{ refuse: { status, message } }` to stop it (the page shows
   * the message), or nothing. `request` says which client asked (`OidcSignInRequest`).
   */
  onSignIn?: OnSignIn<unknown, OidcSignInRequest> | undefined;
}

/** @internal The options after defaults and checks. */
export interface NormalizedOidcOptions {
  /** The issuer identifier: origin and path, without a trailing slash. */
  issuer: string;
  issuerUrl: URL;
  /** Path of the interaction routes: the issuer's path plus `/interaction`. */
  interactionBasePath: string;
  auth: NormalizedAuthOptions;
  jwks: OidcJwks;
  idTokenAlgorithm: OidcSigningAlgorithm;
  cookieKeys: string[];
  clients: OidcClientMetadata[];
  adapter: OidcAdapterFactory | undefined;
  registration: "closed" | "open";
  corsOrigins: readonly string[];
  maxSessionAgeSeconds: number;
  interactionTtlSeconds: number;
  /** How often the claims of a sign-in are read again; `undefined`: never after the sign-in. */
  claimsRevalidateAfterMs: number | undefined;
}

const DEFAULT_INTERACTION_TTL_SECONDS = 600;

function fail(message: string): never {
  throw new InvalidOptionsError(`sign-in-with-xrpl: ${CALLER}: ${message}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * Applies defaults once and rejects options the provider cannot work with, each with how to fix it.
 *
 * @internal
 */
export function normalizeOidcOptions(options: XrplOidcOptions): NormalizedOidcOptions {
  if (!isObject(options)) {
    fail('pass an options object, e.g. createXrplOidc({ issuer: "https://id.example.com", verifier: createVerifier() }).');
  }
  const issuerUrl = checkIssuer(options.issuer);
  const issuer = issuerUrl.href.replace(/\/$/u, "");
  const interactionBasePath = `${issuerUrl.pathname.replace(/\/$/u, "")}/interaction`;
  // The sign-in rules of a server-side session (the interaction's state lives in the provider's
  // storage): its answers (400 for a body that is not a proof, "Request /nonce first.", 500
  // "Verification service unavailable.") suit a JSON route any wallet may call. The domain is
  // the issuer's host, from the configuration only.
  const auth = normalizeAuthOptions(
    {
      verifier: options.verifier,
      sessionKind: "server-store",
      domain: issuerUrl.host,
      production: options.production,
      chainId: options.chainId,
      maxMessageAgeSeconds: options.maxMessageAgeSeconds,
      clockSkewSeconds: options.clockSkewSeconds,
      nonceTtlSeconds: options.nonceTtlSeconds,
      nonceStore: options.nonceStore,
      allowedOrigins: options.allowedOrigins,
      errorCodes: options.errorCodes,
      claims: options.claims,
      requireClaims: options.requireClaims,
      logger: options.logger,
      now: options.now,
      onSignIn: options.onSignIn,
    },
    CALLER,
  );
  const { production, logger } = auth;
  if (production && issuerUrl.protocol !== "https:") {
    fail(
      `\`issuer\` ${JSON.stringify(options.issuer)} must be an https: URL in production: relying parties and browsers reach the provider over TLS.`,
    );
  }
  let claimsRevalidateAfterMs: number | undefined;
  if (options.revalidateAfterSeconds !== undefined) {
    const seconds: unknown = options.revalidateAfterSeconds;
    if (typeof seconds !== "number" || !Number.isFinite(seconds) || seconds <= 0) {
      fail(
        `\`revalidateAfterSeconds\` must be a positive number of seconds such as 300 (got ${describeValue(seconds)}); omit it to read claims at sign-in only.`,
      );
    }
    if (auth.claims === undefined) {
      fail(
        "`revalidateAfterSeconds` reads the sign-in's `claims` again, and none are set: add `claims` (and `requireClaims`), or omit it.",
      );
    }
    claimsRevalidateAfterMs = seconds * 1000;
  }
  const interactionTtlSeconds = wholeSeconds("interactionTtlSeconds", options.interactionTtlSeconds, DEFAULT_INTERACTION_TTL_SECONDS);
  const maxSessionAgeSeconds = wholeSeconds("maxSessionAgeSeconds", options.maxSessionAgeSeconds, DEFAULT_MAX_SESSION_AGE_SECONDS);

  let jwks: OidcJwks;
  let idTokenAlgorithm: OidcSigningAlgorithm;
  if (options.jwks === undefined) {
    if (production) {
      fail(
        "`jwks` is required in production: pass the private signing keys as a JSON Web Key Set, the same on every instance (docs/oidc.md says how to make one).",
      );
    }
    jwks = generateDevelopmentJwks();
    idTokenAlgorithm = "ES256";
    logger.warn(
      `sign-in-with-xrpl: ${CALLER}: no \`jwks\` given, so a P-256 signing key was generated for this development process; tokens it signs stop validating when it restarts.`,
    );
  } else {
    const keys = readSigningKeys(options.jwks);
    if ("problem" in keys) fail(`\`jwks\` ${keys.problem}.`);
    ({ jwks, idTokenAlgorithm } = keys);
  }

  const cookieKeys = checkCookieKeys(options.cookieKeys, production, logger);
  const clients = checkClients(options.clients);
  const { adapter } = options;
  if (adapter !== undefined && typeof adapter !== "function") {
    fail("`adapter` must be an oidc-provider adapter factory, e.g. createRedisAdapter(redis); omit it to keep the state in memory.");
  }
  const registration = options.registration ?? "closed";
  if (registration !== "closed" && registration !== "open") {
    fail(`\`registration\` must be "closed" or "open" (got ${describeValue(registration)}); omit it for "closed".`);
  }
  const corsOrigins = checkCorsOrigins(options.corsOrigins);

  return {
    issuer,
    issuerUrl,
    interactionBasePath,
    auth,
    jwks,
    idTokenAlgorithm,
    cookieKeys,
    clients,
    adapter,
    registration,
    corsOrigins,
    maxSessionAgeSeconds,
    interactionTtlSeconds,
    claimsRevalidateAfterMs,
  };
}

function checkIssuer(issuer: unknown): URL {
  if (typeof issuer !== "string" || issuer.trim() === "") {
    fail('`issuer` is required: the provider\'s public URL, e.g. { issuer: "https://id.example.com" }.');
  }
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    fail(`\`issuer\` ${JSON.stringify(issuer)} is not a URL: use the provider's public URL, e.g. "https://id.example.com".`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    fail(`\`issuer\` ${JSON.stringify(issuer)} must be an https: URL (http: for local development only).`);
  }
  if (url.search !== "" || url.hash !== "" || issuer.includes("?") || issuer.includes("#")) {
    fail(`\`issuer\` ${JSON.stringify(issuer)} must not have a query or a fragment.`);
  }
  if (url.username !== "" || url.password !== "") fail("`issuer` must not carry a user name or password.");
  return url;
}

function wholeSeconds(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value <= 0) {
    fail(`\`${name}\` must be a positive whole number of seconds (got ${describeValue(value)}); omit it for the default ${fallback}.`);
  }
  return value;
}

function checkCookieKeys(value: unknown, production: boolean, logger: NormalizedAuthOptions["logger"]): string[] {
  const howToFix = `pass keys of at least ${MIN_SESSION_SECRET_LENGTH} random characters, newest first, e.g. cookieKeys: ["$(openssl rand -hex 32)"], the same on every instance`;
  if (value === undefined) {
    if (production) fail(`\`cookieKeys\` is required in production: ${howToFix}.`);
    logger.warn(
      `sign-in-with-xrpl: ${CALLER}: no \`cookieKeys\` given, so a random key signs the provider's cookies in this development process; they stop working when it restarts.`,
    );
    return [randomHex(32)];
  }
  if (!Array.isArray(value) || value.length === 0) fail(`\`cookieKeys\` must be a non-empty array of strings: ${howToFix}.`);
  return (value as unknown[]).map((key, index) => {
    if (typeof key !== "string") fail(`\`cookieKeys[${index}]\` must be a string (got ${describeValue(key)}).`);
    const problem = sessionSecretProblem(key, `\`cookieKeys[${index}]\``);
    if (problem !== undefined) {
      if (problem.kind === "missing" || production) fail(`${problem.text}: ${howToFix}.`);
      logger.warn(`sign-in-with-xrpl: ${CALLER}: ${problem.text}: kept for development, but production refuses it; ${howToFix}.`);
    }
    return key;
  });
}

function checkClients(value: unknown): OidcClientMetadata[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) {
    fail(
      '`clients` must be an array of client metadata, e.g. [{ client_id: "app", client_secret: "...", redirect_uris: ["https://app.example.com/callback"] }].',
    );
  }
  const seen = new Set<string>();
  return (value as unknown[]).map((client, index) => {
    if (!isObject(client) || Array.isArray(client)) fail(`\`clients[${index}]\` must be an object of client metadata.`);
    const id = client.client_id;
    if (typeof id !== "string" || id === "") fail(`\`clients[${index}]\` needs a \`client_id\` (a non-empty string).`);
    if (seen.has(id)) fail(`\`clients\` lists client_id ${JSON.stringify(id)} twice.`);
    seen.add(id);
    return { ...client } as OidcClientMetadata;
  });
}

function checkCorsOrigins(value: unknown): readonly string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value)) fail('`corsOrigins` must be an array of origins such as ["https://app.example.com"]; omit it for none.');
  return (value as unknown[]).map((origin) => {
    let parsed: URL | undefined;
    try {
      parsed = typeof origin === "string" ? new URL(origin) : undefined;
    } catch {
      parsed = undefined;
    }
    if (parsed === undefined || parsed.origin === "null" || parsed.origin !== origin) {
      fail(
        `\`corsOrigins\` entry ${describeValue(origin)} is not an origin: write scheme, host and port only, e.g. "https://app.example.com".`,
      );
    }
    return origin;
  });
}
