/**
 * An OpenID Provider whose login is Sign in with XRPL, on `oidc-provider`: its configuration,
 * the sign-in routes of its interactions, and a Redis adapter for its storage.
 *
 * @module sign-in-with-xrpl/oidc
 */
// Entry `sign-in-with-xrpl/oidc`. Node only (oidc-provider is); it never imports oidc-provider,
// so it loads from CommonJS and ES modules alike.
export { createXrplOidc } from "./create-xrpl-oidc.js";
export type { XrplOidc } from "./create-xrpl-oidc.js";
export type { OidcClientAuthMethod, OidcClientMetadata, OidcSignInRequest, XrplOidcOptions } from "./options.js";
export { XRPL_OIDC_SCOPE_CLAIMS } from "./configuration.js";
export type { XrplAccount, XrplAccountClaims, XrplOidcConfiguration } from "./configuration.js";
export type { NodeMiddleware } from "./interaction-routes.js";
export type { XrplProofClaim } from "./sign-in-records.js";
export type { OidcJwks, OidcSigningAlgorithm, OidcSigningJwk } from "./signing-keys.js";
export type {
  OidcAdapter,
  OidcAdapterFactory,
  OidcAdapterPayload,
  OidcClientLike,
  OidcErrorOut,
  OidcGrantLike,
  OidcInteractionLike,
  OidcProviderLike,
  OidcRequestContext,
  OidcTokenLike,
} from "./provider-types.js";
export { createRedisAdapter } from "./redis-adapter.js";
export type { RedisAdapterClient, RedisAdapterOptions } from "./redis-adapter.js";
