// The oidc-provider configuration of a provider whose login is Sign in with XRPL: the claims and
// scopes, the account finder, the grant of each sign-in, the pages, and the hardened defaults
// (code flow only, no development views, no registration or CORS unless asked for).
import { isClassicAddress } from "../message/address.js";
import { readSignInClaims } from "../server/handlers.js";
import { missingClaims } from "../server/session-claims.js";
import type { NormalizedOidcOptions, OidcClientMetadata } from "./options.js";
import { logoutPage, renderErrorPage, signedOutPage } from "./pages.js";
import type { OidcAdapterFactory, OidcRequestContext, OidcErrorOut, OidcTokenLike } from "./provider-types.js";
import { SIGN_IN_RESULT_KEY } from "./interaction-routes.js";
import type { SignInRecord, SignInRecordStore, XrplProofClaim } from "./sign-in-records.js";
import type { OidcJwks, OidcSigningAlgorithm } from "./signing-keys.js";

/**
 * Which claims each scope gives. `openid` gives `sub` (the account's classic address);
 * `profile` gives `name` and `preferred_username` (the address too, for applications that show
 * one of those as the user name); `xrpl` gives `xrpl_address`, `xrpl_chain_id` (the signed
 * message's CAIP-2 chain) and `xrpl_claims` (the ledger claims read at sign-in, when the
 * provider reads claims); `xrpl_proof` gives `xrpl_proof`, the signed message and its
 * signature, in the id_token as well, so a relying party can check the sign-in itself.
 *
 * @example
 * ```ts
 * import { XRPL_OIDC_SCOPE_CLAIMS } from "sign-in-with-xrpl/oidc";
 * XRPL_OIDC_SCOPE_CLAIMS.xrpl; // ["xrpl_address", "xrpl_chain_id", "xrpl_claims"]
 * ```
 */
export const XRPL_OIDC_SCOPE_CLAIMS: Readonly<Record<"openid" | "profile" | "xrpl" | "xrpl_proof", readonly string[]>> = Object.freeze({
  openid: Object.freeze(["sub"]),
  profile: Object.freeze(["name", "preferred_username"]),
  xrpl: Object.freeze(["xrpl_address", "xrpl_chain_id", "xrpl_claims"]),
  xrpl_proof: Object.freeze(["xrpl_proof"]),
});

/**
 * The claims the provider can give for an account (see {@link XRPL_OIDC_SCOPE_CLAIMS} for
 * which scope gives which).
 *
 * @example
 * ```ts
 * const claims: XrplAccountClaims = { sub: "r...", xrpl_address: "r...", xrpl_chain_id: "xrpl:0" };
 * ```
 */
export interface XrplAccountClaims {
  sub: string;
  name?: string;
  preferred_username?: string;
  xrpl_address?: string;
  xrpl_chain_id?: string;
  xrpl_claims?: Record<string, boolean>;
  xrpl_proof?: XrplProofClaim;
  [claim: string]: unknown;
}

/**
 * What oidc-provider's `findAccount` answers: the account id (`sub`) and its claims.
 *
 * @example
 * ```ts
 * const account = await xrpl.configuration.findAccount(ctx, "r...", token);
 * const claims = await account?.claims("userinfo", "openid xrpl");
 * ```
 */
export interface XrplAccount {
  accountId: string;
  claims: (use: string, scope: string) => Promise<XrplAccountClaims>;
  [member: string]: unknown;
}

/**
 * The configuration `createXrplOidc` builds for `new Provider(issuer, configuration)`: every
 * oidc-provider option it sets. Spread it to add options of your own; the ones set here carry
 * the sign-in and its hardening, so override them only knowing why.
 *
 * @example
 * ```ts
 * const provider = new Provider(xrpl.issuer, { ...xrpl.configuration, ttl: { ...xrpl.configuration.ttl, AccessToken: 600 } });
 * ```
 */
export interface XrplOidcConfiguration {
  clients: OidcClientMetadata[];
  jwks: OidcJwks;
  cookies: { keys: string[]; long: { httpOnly: true; sameSite: "lax" }; short: { httpOnly: true; sameSite: "lax" } };
  adapter?: OidcAdapterFactory;
  claims: Record<string, string[] | null>;
  scopes: string[];
  responseTypes: "code"[];
  conformIdTokenClaims: boolean;
  clientDefaults: {
    grant_types: string[];
    response_types: "code"[];
    id_token_signed_response_alg: OidcSigningAlgorithm;
    token_endpoint_auth_method: "client_secret_basic";
  };
  enabledJWA: { idTokenSigningAlgValues: OidcSigningAlgorithm[] };
  features: {
    devInteractions: { enabled: boolean };
    registration: { enabled: boolean };
    revocation: { enabled: boolean };
    userinfo: { enabled: boolean };
    rpInitiatedLogout: {
      enabled: boolean;
      logoutSource: (ctx: OidcRequestContext, form: string) => Promise<void>;
      postLogoutSuccessSource: (ctx: OidcRequestContext) => Promise<void>;
    };
  };
  interactions: { url: (ctx: OidcRequestContext, interaction: { uid: string }) => Promise<string> };
  findAccount: (ctx: OidcRequestContext, sub: string, token?: OidcTokenLike) => Promise<XrplAccount | undefined>;
  loadExistingGrant: <Context extends OidcRequestContext>(ctx: Context) => Promise<GrantOf<Context> | undefined>;
  clientBasedCORS: (ctx: OidcRequestContext, origin: string, client: unknown) => boolean;
  renderError: (ctx: OidcRequestContext, out: OidcErrorOut, error: unknown) => Promise<void>;
  ttl: {
    AccessToken: number;
    AuthorizationCode: number;
    IdToken: number;
    Interaction: number;
    Grant: number;
    Session: number;
    RefreshToken: (ctx: unknown, token: unknown, client: unknown) => number;
  };
}

/** The grant class of a request context's provider, so `loadExistingGrant` answers oidc-provider's own `Grant` type. */
type GrantOf<Context extends OidcRequestContext> = InstanceType<Context["oidc"]["provider"]["Grant"]>;

/** How long a grant (and with it the sign-in record and refresh tokens) lasts: 14 days, oidc-provider's own default. */
export const GRANT_TTL_SECONDS = 14 * 24 * 60 * 60;
/** Lifetimes of the tokens, oidc-provider's defaults written out. */
const ACCESS_TOKEN_TTL_SECONDS = 3600;
const ID_TOKEN_TTL_SECONDS = 3600;
const AUTHORIZATION_CODE_TTL_SECONDS = 60;

/** The JWS algorithms the configured keys can sign with (the configured first, then the others). */
function signingAlgorithms(jwks: OidcJwks, first: OidcSigningAlgorithm): OidcSigningAlgorithm[] {
  const algorithms = new Set<OidcSigningAlgorithm>([first]);
  for (const key of jwks.keys) {
    if (key.use === "enc") continue;
    // Every `alg` was checked to be a signing algorithm when the keys were read.
    if (typeof key.alg === "string") algorithms.add(key.alg as OidcSigningAlgorithm);
    else if (key.kty === "EC") algorithms.add(key.crv === "P-384" ? "ES384" : key.crv === "P-521" ? "ES512" : "ES256");
    else if (key.kty === "OKP") algorithms.add("EdDSA").add("Ed25519");
    else if (key.kty === "RSA") algorithms.add("RS256").add("PS256");
  }
  return [...algorithms];
}

/** @internal */
export function buildProviderConfiguration(config: NormalizedOidcOptions, records: SignInRecordStore): XrplOidcConfiguration {
  const claimRules = config.auth.claims;
  const findAccount = async (ctx: OidcRequestContext, sub: string, token?: OidcTokenLike): Promise<XrplAccount | undefined> => {
    if (typeof sub !== "string" || !isClassicAddress(sub)) return undefined;
    // The code, access or refresh token names its grant; the grant keeps the sign-in.
    const grantId = token?.grantId ?? ctx.oidc.entities?.Grant?.jti;
    let record: SignInRecord | undefined;
    if (grantId !== undefined) {
      const loaded = await records.load(grantId);
      // Every grant is created with its sign-in's record (same lifetime). A grant whose record is
      // gone (a memory store that had to forget it, storage that lost it) or names another
      // account names no account: its tokens stop working, and the user signs in again. Serving
      // it without the record would skip the checks the record carries (ended, claims).
      if (loaded === undefined || loaded.address !== sub) return undefined;
      record = loaded;
      // A token of a sign-in whose required claims no longer hold names no account any more.
      if (record.ended === true) return undefined;
      if (claimRules !== undefined && token !== undefined) {
        record = await revalidateClaims(config, records, grantId, record);
        if (record === undefined) return undefined;
      }
    }
    return {
      accountId: sub,
      async claims() {
        return accountClaims(sub, record);
      },
    };
  };

  const loadExistingGrant = async <Context extends OidcRequestContext>(ctx: Context): Promise<GrantOf<Context> | undefined> => {
    const { oidc } = ctx;
    const clientId = oidc.client?.clientId;
    const accountId = oidc.session?.accountId;
    if (clientId === undefined || accountId === undefined) return undefined;
    const signIn = oidc.result?.[SIGN_IN_RESULT_KEY] as SignInRecord | undefined;
    if (signIn !== undefined && signIn.address === accountId) {
      // A signature is the user's consent: the client gets what it asked for, in a new grant
      // that keeps this sign-in for the tokens it issues.
      const grant = new oidc.provider.Grant({ accountId, clientId });
      const scopes = [...(oidc.requestParamOIDCScopes ?? [])];
      if (scopes.length > 0) grant.addOIDCScope(scopes.join(" "));
      const claims = [...(oidc.requestParamClaims ?? [])];
      if (claims.length > 0) grant.addOIDCClaims(claims);
      const grantId = await grant.save();
      await records.save(grantId, signIn, GRANT_TTL_SECONDS);
      return grant as GrantOf<Context>;
    }
    // No new sign-in (the browser's provider session is still signed in): the grant this
    // session gave the client before, if any. Scopes it does not cover send the user back
    // to the interaction, to sign again.
    const grantId = oidc.session?.grantIdFor(clientId);
    if (grantId === undefined) return undefined;
    // Only a grant whose sign-in still stands: its tokens would name no account (findAccount),
    // so without its record, or once the sign-in ended, the user signs again for a new grant.
    const record = await records.load(grantId);
    if (record === undefined || record.address !== accountId || record.ended === true) return undefined;
    return (await oidc.provider.Grant.find(grantId)) as GrantOf<Context> | undefined;
  };

  const algorithms = signingAlgorithms(config.jwks, config.idTokenAlgorithm);
  const { corsOrigins } = config;
  return {
    clients: config.clients.map((client) => ({ ...client })),
    jwks: config.jwks,
    cookies: { keys: [...config.cookieKeys], long: { httpOnly: true, sameSite: "lax" }, short: { httpOnly: true, sameSite: "lax" } },
    ...(config.adapter === undefined ? {} : { adapter: config.adapter }),
    claims: {
      // oidc-provider's own claims of every id_token (`amr` says how the user signed in: "pop").
      acr: null,
      amr: null,
      auth_time: null,
      iss: null,
      sid: null,
      ...Object.fromEntries(Object.entries(XRPL_OIDC_SCOPE_CLAIMS).map(([scope, names]) => [scope, [...names]])),
    },
    scopes: ["openid", "offline_access", ...Object.keys(XRPL_OIDC_SCOPE_CLAIMS).filter((scope) => scope !== "openid")],
    // The authorization code flow only: no token ever travels in a URL.
    responseTypes: ["code"],
    // Claims asked for by scope go in the id_token too (not only userinfo): `xrpl_proof` is
    // meant for the id_token, and relying parties that read only the id_token see the address.
    conformIdTokenClaims: false,
    clientDefaults: {
      // A client may refresh when it asks for `offline_access` (and the provider gives refresh tokens only then).
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      id_token_signed_response_alg: config.idTokenAlgorithm,
      token_endpoint_auth_method: "client_secret_basic",
    },
    enabledJWA: { idTokenSigningAlgValues: algorithms },
    features: {
      devInteractions: { enabled: false },
      registration: { enabled: config.registration === "open" },
      revocation: { enabled: true },
      userinfo: { enabled: true },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx, form) => logoutPage(ctx, form),
        postLogoutSuccessSource: async (ctx) => signedOutPage(ctx),
      },
    },
    interactions: { url: async (_ctx, interaction) => `${config.interactionBasePath}/${interaction.uid}` },
    findAccount,
    loadExistingGrant,
    clientBasedCORS: (_ctx, origin) => corsOrigins.includes(origin),
    renderError: async (ctx, out) => renderErrorPage(ctx, out),
    ttl: {
      AccessToken: ACCESS_TOKEN_TTL_SECONDS,
      AuthorizationCode: AUTHORIZATION_CODE_TTL_SECONDS,
      IdToken: ID_TOKEN_TTL_SECONDS,
      Interaction: config.interactionTtlSeconds,
      Grant: GRANT_TTL_SECONDS,
      Session: config.maxSessionAgeSeconds,
      RefreshToken: refreshTokenTtl,
    },
  };
}

/**
 * oidc-provider's own refresh token lifetime written out: a public browser client's rotated
 * refresh token keeps the time its first one had left (it never lives forever by rotation);
 * any other lasts as long as the grant.
 */
function refreshTokenTtl(ctx: unknown, token: unknown, client: unknown): number {
  const rotated = (ctx as { oidc?: { entities?: { RotatedRefreshToken?: { remainingTTL?: unknown } } } } | undefined)?.oidc?.entities
    ?.RotatedRefreshToken;
  const { applicationType, clientAuthMethod } = (client ?? {}) as { applicationType?: unknown; clientAuthMethod?: unknown };
  const senderConstrained = (token as { isSenderConstrained?: () => boolean } | undefined)?.isSenderConstrained?.() === true;
  if (rotated !== undefined && applicationType === "web" && clientAuthMethod === "none" && !senderConstrained) {
    return typeof rotated.remainingTTL === "number" ? rotated.remainingTTL : 0;
  }
  return GRANT_TTL_SECONDS;
}

/**
 * The sign-in record with its claims read again when `revalidateAfterSeconds` has passed since
 * they were read: `undefined` once a required claim no longer holds (the record is marked ended,
 * so every instance refuses the grant's tokens from then on); the record as it was while the
 * ledger cannot answer.
 */
async function revalidateClaims(
  config: NormalizedOidcOptions,
  records: SignInRecordStore,
  grantId: string,
  record: SignInRecord,
): Promise<SignInRecord | undefined> {
  const rules = config.auth.claims;
  const interval = config.claimsRevalidateAfterMs;
  if (rules === undefined || interval === undefined) return record;
  const now = config.auth.now();
  if (record.claimsReadAt !== undefined && now - record.claimsReadAt < interval) return record;
  const read = await readSignInClaims(rules, record.address);
  const { logger } = config.auth;
  // A claim that fails for another reason is the server's fault: the token's request fails.
  if (read.kind === "failed") throw read.cause;
  if (read.kind === "unavailable") {
    logger.warn(
      `sign-in-with-xrpl: could not read the claims of ${record.address} again (ledger unavailable); its sign-in stands on its last reading until the next check`,
      read.cause,
    );
    return record;
  }
  const missing = missingClaims(rules, read.claims);
  if (missing.length > 0) {
    logger.warn(`sign-in-with-xrpl: ended the sign-in of ${record.address}: required claims no longer hold: ${missing.join(", ")}`);
    await records.save(grantId, { ...record, claims: { ...read.claims }, claimsReadAt: now, ended: true }, GRANT_TTL_SECONDS);
    return undefined;
  }
  const updated: SignInRecord = { ...record, claims: { ...read.claims }, claimsReadAt: now };
  await records.save(grantId, updated, GRANT_TTL_SECONDS);
  return updated;
}

/** The claims of an account: the address always, the rest from the sign-in its grant keeps. */
function accountClaims(address: string, record: SignInRecord | undefined): XrplAccountClaims {
  const claims: XrplAccountClaims = { sub: address, name: address, preferred_username: address, xrpl_address: address };
  if (record?.chainId !== undefined) claims.xrpl_chain_id = record.chainId;
  if (record?.claims !== undefined) claims.xrpl_claims = { ...record.claims };
  if (record !== undefined) claims.xrpl_proof = { ...record.proof };
  return claims;
}
