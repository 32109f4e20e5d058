// The parts of oidc-provider (v9) this entry calls, typed structurally: the entry never imports
// oidc-provider itself, so it loads in CommonJS and ES modules alike and adds nothing to an app
// that does not use it. Each shape is the subset the code reads, checked against the real
// Provider by the tests (and, for TypeScript users, by assigning `configuration` to
// `new Provider(issuer, configuration)` in test/oidc/provider-types.test.ts).
import type { IncomingMessage, ServerResponse } from "node:http";

/**
 * An oidc-provider storage adapter: `upsert`, `find`, `destroy` (and the other methods of
 * oidc-provider's adapter interface) for one model. `createRedisAdapter` returns a factory of
 * these.
 *
 * @example
 * ```ts
 * const adapter: OidcAdapter = createRedisAdapter(redis)("Session");
 * await adapter.upsert("id", { jti: "id", kind: "Session" }, 3600);
 * ```
 */
export interface OidcAdapter {
  upsert(id: string, payload: OidcAdapterPayload, expiresIn: number | undefined): Promise<void>;
  find(id: string): Promise<OidcAdapterPayload | undefined | void>;
  findByUid(uid: string): Promise<OidcAdapterPayload | undefined | void>;
  findByUserCode(userCode: string): Promise<OidcAdapterPayload | undefined | void>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * What oidc-provider stores through an adapter: a JSON object (its fields depend on the model).
 *
 * @example
 * ```ts
 * const payload: OidcAdapterPayload = { jti: "abc", kind: "Grant", accountId: "r...", clientId: "app" };
 * ```
 */
export type OidcAdapterPayload = Record<string, unknown>;

/**
 * The `adapter` option of oidc-provider: a function (not a class) that gives the adapter of one
 * model by its name ("Session", "Grant", "AuthorizationCode"...).
 *
 * @example
 * ```ts
 * const adapter: OidcAdapterFactory = createRedisAdapter(redis);
 * ```
 */
export type OidcAdapterFactory = (model: string) => OidcAdapter;

/**
 * What `provider.interactionDetails` gives: the interaction's id, why it was asked for
 * (`prompt`), the authorization request's parameters, and the provider session, if any.
 *
 * @example
 * ```ts
 * const interaction: OidcInteractionLike = await provider.interactionDetails(req, res);
 * interaction.params.client_id;
 * ```
 */
export interface OidcInteractionLike {
  uid: string;
  prompt: { name: string; reasons?: string[] | undefined; details?: Record<string, unknown> | undefined };
  params: Record<string, unknown>;
  session?: { accountId?: string | undefined; uid?: string | undefined } | undefined;
  /** What the interaction has resolved so far; stored with it. */
  result?: Record<string, unknown> | undefined;
  /** Where the browser resumes the authorization once the interaction has its result. */
  returnTo: string;
  /** Stores the interaction again for the rest of its lifetime. */
  persist(): Promise<unknown>;
}

/**
 * A registered client as `provider.Client.find` gives it (the fields read here).
 *
 * @example
 * ```ts
 * const client: OidcClientLike | undefined = await provider.Client.find("app");
 * ```
 */
export interface OidcClientLike {
  clientId: string;
  clientName?: string | undefined;
  redirectUris?: readonly string[] | undefined;
}

/**
 * The parts of an oidc-provider `Provider` instance the interaction routes use: the
 * interaction of a request, its result, the stored interactions and browser sessions (read again
 * when a sign-in is written), a client's metadata, and `proxy` (set to `true`, since the routes
 * write the forwarded protocol from the issuer themselves).
 *
 * @example
 * ```ts
 * import Provider from "oidc-provider";
 * const provider: OidcProviderLike = new Provider(xrpl.issuer, xrpl.configuration);
 * ```
 */
export interface OidcProviderLike {
  proxy: boolean;
  /**
   * The cookie signing keys (`cookies.keys`, newest first), as oidc-provider keeps them: the
   * routes check the interaction cookie's signature with the newest themselves and leave every
   * other case (an older key, a bad signature, no cookie) to `interactionDetails`.
   */
  keys?: unknown;
  /** The name of one of the provider's cookies (`"interaction"`: `_interaction` by default). */
  cookieName?(type: "interaction"): string;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteractionLike>;
  interactionResult(
    req: IncomingMessage,
    res: ServerResponse,
    result: Record<string, unknown>,
    options?: { mergeWithLastSubmission?: boolean },
  ): Promise<string>;
  Client: { find(clientId: string): Promise<OidcClientLike | undefined> };
  /** The stored interactions, by uid: a sign-in writes its result to the interaction as stored now. */
  Interaction: { find(uid: string): Promise<OidcInteractionLike | undefined> };
  /** The provider's browser sessions, by uid: an interaction begun in one is finished only while it lasts. */
  Session: { findByUid(uid: string): Promise<{ accountId?: string | undefined } | undefined> };
}

/**
 * An oidc-provider `Grant` (what one authorization allows a client), as `loadExistingGrant`
 * builds one.
 *
 * @example
 * ```ts
 * const grant: OidcGrantLike = new ctx.oidc.provider.Grant({ accountId, clientId });
 * grant.addOIDCScope("openid xrpl");
 * ```
 */
export interface OidcGrantLike {
  jti?: string | undefined;
  accountId?: string | undefined;
  clientId?: string | undefined;
  addOIDCScope(scope: string): unknown;
  addOIDCClaims(claims: string[]): unknown;
  save(): Promise<string>;
}

/**
 * The request context oidc-provider hands its configuration functions (`findAccount`,
 * `loadExistingGrant`, the page renderers): the fields they read.
 *
 * @example
 * ```ts
 * const findAccount = (ctx: OidcRequestContext, sub: string) => ctx.oidc.client?.clientId;
 * ```
 */
export interface OidcRequestContext {
  oidc: {
    provider: {
      Grant: {
        new (properties: { accountId: string; clientId: string }): OidcGrantLike;
        find(id: string): Promise<OidcGrantLike | undefined>;
      };
    };
    client?: { clientId: string } | undefined;
    session?: { accountId?: string | undefined; grantIdFor(clientId: string): string | undefined } | undefined;
    result?: Record<string, unknown> | undefined;
    requestParamOIDCScopes?: ReadonlySet<string> | undefined;
    requestParamClaims?: ReadonlySet<string> | undefined;
    entities?: { Grant?: { jti?: string | undefined } | undefined } | undefined;
  };
  host?: string | undefined;
  type?: string | undefined;
  body?: unknown;
}

/**
 * The code, access token or refresh token oidc-provider passes to `findAccount`: the grant it
 * belongs to.
 *
 * @example
 * ```ts
 * const token: OidcTokenLike = { grantId: "abc" };
 * ```
 */
export interface OidcTokenLike {
  grantId?: string | undefined;
}

/**
 * The error oidc-provider asks `renderError` to show: its OAuth `error` code and description.
 *
 * @example
 * ```ts
 * const out: OidcErrorOut = { error: "invalid_request", error_description: "missing required parameter 'client_id'" };
 * ```
 */
export interface OidcErrorOut {
  error?: string | undefined;
  error_description?: string | undefined;
}
