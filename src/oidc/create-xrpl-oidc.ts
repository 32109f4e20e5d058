import { buildAuthHandlers } from "../server/handlers.js";
import { buildProviderConfiguration, type XrplOidcConfiguration } from "./configuration.js";
import { createInteractionRoutes, type NodeMiddleware } from "./interaction-routes.js";
import { normalizeOidcOptions, type XrplOidcOptions } from "./options.js";
import type { OidcProviderLike } from "./provider-types.js";
import { createSignInRecordStore } from "./sign-in-records.js";

/**
 * An OpenID Provider whose login is Sign in with XRPL, made by `createXrplOidc`: the issuer,
 * the oidc-provider configuration, and the routes of the sign-in step.
 *
 * @example
 * ```ts
 * const xrpl: XrplOidc = createXrplOidc({ issuer, verifier });
 * const provider = new Provider(xrpl.issuer, xrpl.configuration);
 * app.use(xrpl.routes(provider));
 * ```
 */
export interface XrplOidc {
  /** The issuer identifier (the `issuer` option, without a trailing slash): pass it to `new Provider`. */
  readonly issuer: string;
  /** The oidc-provider configuration: pass it to `new Provider(xrpl.issuer, xrpl.configuration)`. */
  readonly configuration: XrplOidcConfiguration;
  /**
   * The sign-in routes of the provider's interactions, as a connect-style middleware to mount
   * before `provider.callback()` (and before any body parser): under `<issuer path>/interaction/:uid`
   * it answers `GET /details`, `GET /nonce`, `GET /start` (the details and a nonce in one answer:
   * the one call a sign-in page makes before its user signs), `POST /verify` and `POST /abort`
   * (JSON), and passes every other request on. On every request it also sets the security headers
   * (Content-Security-Policy, `frame-ancestors 'none'`, HSTS in production) and writes the host and
   * protocol the provider sees from the issuer, never from the request. Call it once per provider.
   */
  routes(provider: OidcProviderLike): NodeMiddleware;
}

/**
 * Everything an `oidc-provider` deployment needs to log users in with XRPL, so any application
 * that speaks OpenID Connect (a Python or Go backend, Grafana, a forum, Keycloak as a broker)
 * can use Sign in with XRPL. `oidc-provider` (OpenID Certified) does the protocol; this gives it:
 *
 * - `configuration`: the account finder (`sub` is the classic address), the claims of each
 *   scope (`openid`, `profile`, `xrpl`, `xrpl_proof`), one grant per sign-in, and hardened
 *   defaults: the code flow only with PKCE required of public clients, refresh tokens only
 *   for `offline_access`, no development views, dynamic registration and CORS off unless
 *   asked for, pages without inline code;
 * - `routes(provider)`: the interaction's JSON routes, run by the library's own handlers (message
 *   rules, verifier, nonce store, error texts, attempt limit, `onSignIn`). The message's domain
 *   is the issuer's host and its `URI` the issuer; when it lists resources, the client's
 *   redirect_uri must be one. A proof is single-use wherever the nonce store is shared.
 *
 * The entry never loads `oidc-provider` itself (a peer dependency you install, ES modules only:
 * from CommonJS load it with `await import("oidc-provider")`). Options are checked here: a bad one
 * throws `InvalidOptionsError` saying how to fix it.
 *
 * @example
 * ```ts
 * import express from "express";
 * import Provider from "oidc-provider";
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { createXrplOidc } from "sign-in-with-xrpl/oidc";
 *
 * const xrpl = createXrplOidc({
 *   issuer: "https://id.example.com",
 *   verifier: createVerifier(),
 *   jwks: JSON.parse(process.env.OIDC_JWKS!),
 *   cookieKeys: process.env.OIDC_COOKIE_KEYS!.split(","),
 *   clients: [{ client_id: "app", client_secret: process.env.APP_CLIENT_SECRET!, redirect_uris: ["https://app.example.com/callback"] }],
 * });
 * const provider = new Provider(xrpl.issuer, xrpl.configuration);
 * const app = express();
 * app.use(xrpl.routes(provider));
 * app.get("/interaction/:uid", (_req, res) => res.sendFile("/srv/sign-in.html")); // your sign-in page
 * app.use(provider.callback());
 * app.listen(3000);
 * ```
 */
export function createXrplOidc(options: XrplOidcOptions): XrplOidc {
  const config = normalizeOidcOptions(options);
  const handlers = buildAuthHandlers(config.auth);
  const records = createSignInRecordStore(config.adapter, config.auth.now);
  const configuration = buildProviderConfiguration(config, records);
  return {
    issuer: config.issuer,
    configuration,
    routes: (provider) => createInteractionRoutes(config, handlers, provider),
  };
}
