// The interaction routes: where an authorization in progress gets its user. The page of
// `GET <issuer>/interaction/:uid` is the app's; these routes are what any wallet's page calls:
// the sign-in details, a nonce, the proof, and a way out. They run the library's handlers (one
// set of message rules, verifier, nonce store, error texts, attempt limit and hooks) over a
// session sealed in a cookie bound to the interaction, then hand the sign-in to oidc-provider.
import { createHmac } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { HTTP_TEXT } from "../fetch/create-fetch-handler.js";
import { BODY_LIMIT_BYTES, readJsonBody } from "../fetch/request-body.js";
import { createSealedCookieSessions } from "../fetch/sealed-cookie-session.js";
import { normalizeChainId } from "../message/chain-id.js";
import type { SignInMessage } from "../message/types.js";
import { VALIDATION_REASONS } from "../message/validate.js";
import { TEXT, type InternalAuthHandlers } from "../server/handlers.js";
import type { HandlerResult, SessionStore } from "../server/types.js";
import { readVerifyBody, UNREADABLE_BODY } from "../server/verify-body.js";
import type { NormalizedOidcOptions, OidcSignInRequest } from "./options.js";
import type { OidcInteractionLike, OidcProviderLike } from "./provider-types.js";
import { securityHeaders } from "./security-headers.js";
import type { SignInRecord, XrplProofClaim } from "./sign-in-records.js";

/**
 * The answers of the interaction routes that are theirs alone; every other text is the
 * handlers' own.
 *
 * @internal
 */
export const OIDC_TEXT = {
  interactionNotFound: "This sign-in request has expired or is unknown. Go back to the application and sign in again.",
  resourcesMismatch: "Resources do not match.",
} as const;

/** Where the interaction result carries the sign-in, next to `login`, for `loadExistingGrant`. */
export const SIGN_IN_RESULT_KEY = "xrplSignIn";

/**
 * Authentication methods (RFC 8176) a sign-in reports in `amr`: proof of possession of a key.
 *
 * @internal
 */
export const SIGN_IN_AMR: readonly string[] = ["pop"];

type Action = "details" | "nonce" | "verify" | "abort";
const ACTION_METHODS: Readonly<Record<Action, "GET" | "POST">> = { details: "GET", nonce: "GET", verify: "POST", abort: "POST" };
/** oidc-provider's interaction ids: base64url. */
const UID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/u;

/**
 * A connect-style middleware (Express `app.use`, or any `(req, res, next)` stack).
 *
 * @example
 * ```ts
 * const middleware: NodeMiddleware = xrpl.routes(provider);
 * app.use(middleware);
 * ```
 */
export type NodeMiddleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

/** @internal */
export function createInteractionRoutes(
  config: NormalizedOidcOptions,
  handlers: InternalAuthHandlers,
  provider: OidcProviderLike,
): NodeMiddleware {
  const { logger } = config.auth;
  const issuerHost = config.issuerUrl.host;
  const issuerProtocol = config.issuerUrl.protocol.slice(0, -1);
  const headers = securityHeaders(config);
  // The routes below write the forwarded protocol and host from the issuer themselves (and drop
  // the client's own), so the provider may read them: every URL it writes then comes from the
  // issuer, and its cookies are Secure behind a proxy that ends TLS.
  provider.proxy = true;

  const send = (res: ServerResponse, status: number, body: Record<string, unknown>, extra: Record<string, string> = {}): void => {
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.end(JSON.stringify(body));
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, uid: string, action: Action): Promise<void> => {
    let interaction: OidcInteractionLike;
    try {
      interaction = await provider.interactionDetails(req, res);
    } catch (cause) {
      // No interaction cookie, an expired or unknown interaction, a provider session that ended
      // meanwhile: oidc-provider's SessionNotFound. Anything else is a fault of the server.
      if (isSessionNotFound(cause)) return send(res, 400, { error: OIDC_TEXT.interactionNotFound });
      throw cause;
    }
    // The cookie names the interaction; the path must name the same one.
    if (interaction.uid !== uid) return send(res, 400, { error: OIDC_TEXT.interactionNotFound });
    const params = readParams(interaction);

    if (action === "details") {
      const client = await provider.Client.find(params.clientId);
      return send(res, 200, {
        clientId: params.clientId,
        clientName: client?.clientName ?? params.clientId,
        redirectUri: params.redirectUri,
        scopes: params.scopes,
        prompt: interaction.prompt.name,
        domain: issuerHost,
        uri: config.issuer,
        resources: [params.redirectUri],
        chainId: config.auth.chainId ?? null,
        signedInAs: interaction.session?.accountId ?? null,
      });
    }
    if (action === "abort") {
      const redirectTo = await provider.interactionResult(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled the sign-in." },
        { mergeWithLastSubmission: false },
      );
      return send(res, 200, { ok: true, redirectTo });
    }

    const session = interactionSession(config, uid, req);
    if (action === "nonce") {
      const result = await handlers.nonce(session.store);
      return sendResult(res, result, session.setCookie());
    }

    const read = await readNodeJsonBody(req, config.issuer);
    if (read.kind === "too-large") return send(res, 413, { error: HTTP_TEXT.tooLarge }, { Connection: "close" });
    const body = read.kind === "json" ? read.body : UNREADABLE_BODY;
    let signedMessage: SignInMessage | undefined;
    const signInRequest: OidcSignInRequest = {
      request: req,
      interactionUid: uid,
      clientId: params.clientId,
      redirectUri: params.redirectUri,
      scopes: params.scopes,
    };
    const result = await handlers.verify(session.store, {
      body,
      request: signInRequest,
      messageRules: (message) => {
        signedMessage = message;
        return interactionMessageRefusal(message, config.issuer, params.redirectUri);
      },
    });
    if (result.status !== 200 || signedMessage === undefined) return sendResult(res, result, session.setCookie());

    const record = signInRecord(signedMessage, body, (await session.store.get()) as { claims?: unknown });
    const authenticatedAt = Math.floor(config.auth.now() / 1000);
    const redirectTo = await provider.interactionResult(
      req,
      res,
      {
        login: { accountId: record.address, amr: [...SIGN_IN_AMR], ts: authenticatedAt, remember: true },
        // Signing is the consent: it resolves a `prompt=consent` too (which `offline_access` needs).
        consent: {},
        [SIGN_IN_RESULT_KEY]: record,
      },
      { mergeWithLastSubmission: false },
    );
    // The sign-in now lives in the provider's session: the sealed one has done its work.
    await session.store.destroy();
    return sendResult(res, { status: 200, body: { ok: true, address: record.address, redirectTo } }, session.setCookie());
  };

  const sendResult = (res: ServerResponse, result: HandlerResult, cookie: string | undefined): void =>
    send(res, result.status, result.body, cookie === undefined ? {} : { "Set-Cookie": cookie });

  return (req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    req.headers.host = issuerHost;
    req.headers["x-forwarded-proto"] = issuerProtocol;
    delete req.headers["x-forwarded-host"];

    const route = routeOf(req, config.interactionBasePath);
    if (route === undefined) {
      next();
      return;
    }
    const allowed = ACTION_METHODS[route.action];
    if (req.method !== allowed) {
      send(res, 405, { error: HTTP_TEXT.methodNotAllowed }, { Allow: allowed });
      return;
    }
    answer(req, res, route.uid, route.action).catch((cause: unknown) => {
      logger.error("sign-in-with-xrpl: the interaction route could not answer", cause);
      if (!res.headersSent) send(res, 500, { error: TEXT.internal });
      else res.end();
    });
  };
}

/**
 * The interaction's own rules on a posted message, after the common ones (domain, address,
 * chain, nonce, times): its URI is the issuer, and when it lists resources the relying party's
 * redirect_uri is among them and every entry is that redirect_uri or the issuer, so a message
 * signed for one relying party cannot complete another's authorization.
 *
 * @internal
 */
export function interactionMessageRefusal(message: SignInMessage, issuer: string, redirectUri: string): string | undefined {
  if (message.uri !== issuer) return VALIDATION_REASONS.uri_mismatch;
  const resources = message.resources;
  if (resources === undefined || resources.length === 0) return undefined;
  if (!resources.includes(redirectUri)) return OIDC_TEXT.resourcesMismatch;
  if (resources.some((resource) => resource !== redirectUri && resource !== issuer)) return OIDC_TEXT.resourcesMismatch;
  return undefined;
}

/** The sealed sign-in session of one interaction: its cookie's path is the interaction's, and its key is derived from the interaction id, so one interaction's cookie never opens another's. */
function interactionSession(
  config: NormalizedOidcOptions,
  uid: string,
  req: IncomingMessage,
): { store: SessionStore; setCookie(): string | undefined } {
  const path = `${config.interactionBasePath}/${uid}`;
  const sessions = createSealedCookieSessions({
    ...config.sealing,
    sessionSecret: createHmac("sha256", config.sealing.sessionSecret).update(`sign-in-with-xrpl interaction ${uid}`).digest("hex"),
    cookie: { ...config.sealing.cookie, path },
  });
  const cookie = req.headers.cookie;
  return sessions.open(new Request(new URL(path, config.issuerUrl), { headers: cookie === undefined ? {} : { cookie } }));
}

interface InteractionParams {
  clientId: string;
  redirectUri: string;
  scopes: string[];
}

function readParams(interaction: OidcInteractionLike): InteractionParams {
  const { client_id: clientId, redirect_uri: redirectUri, scope } = interaction.params;
  return {
    clientId: typeof clientId === "string" ? clientId : "",
    redirectUri: typeof redirectUri === "string" ? redirectUri : "",
    scopes: typeof scope === "string" ? scope.split(" ").filter((name) => name !== "") : [],
  };
}

/** What the grant keeps of a sign-in the handlers accepted: the body was a proof (the handlers read it with the same rule). */
function signInRecord(message: SignInMessage, body: unknown, session: { claims?: unknown }): SignInRecord {
  const proof = readVerifyBody(body)!;
  const claim: XrplProofClaim = {
    message: proof.message,
    signatureKind: proof.signatureKind,
    ...(proof.signatureKind === "signature" ? { signature: proof.signature } : { txBlob: proof.txBlob }),
    ...(proof.publicKey === undefined ? {} : { publicKey: proof.publicKey }),
  };
  const chainId = message.chainId === undefined ? undefined : normalizeChainId(message.chainId);
  const claims = readClaims(session.claims);
  return {
    address: proof.address,
    ...(chainId === undefined ? {} : { chainId }),
    ...(claims === undefined ? {} : { claims }),
    proof: claim,
  };
}

/**
 * The ledger claims a sign-in read, as the session keeps them once the handlers read claims
 * (`claims` / `requireClaims`); `undefined` while none are configured.
 */
function readClaims(value: unknown): Record<string, boolean> | undefined {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return undefined;
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, boolean] => typeof entry[1] === "boolean"));
}

function isSessionNotFound(cause: unknown): boolean {
  return typeof cause === "object" && cause !== null && (cause as { name?: unknown }).name === "SessionNotFound";
}

function routeOf(req: IncomingMessage, basePath: string): { uid: string; action: Action } | undefined {
  const raw = (req as { originalUrl?: string }).originalUrl ?? req.url ?? "/";
  const queryAt = raw.indexOf("?");
  const pathname = queryAt === -1 ? raw : raw.slice(0, queryAt);
  if (!pathname.startsWith(`${basePath}/`)) return undefined;
  const [uid, action, ...rest] = pathname.slice(basePath.length + 1).split("/");
  if (uid === undefined || action === undefined || rest.length > 0 || !UID_PATTERN.test(uid)) return undefined;
  return Object.prototype.hasOwnProperty.call(ACTION_METHODS, action) ? { uid, action: action as Action } : undefined;
}

type NodeBodyRead = { kind: "json"; body: unknown } | { kind: "unreadable" } | { kind: "too-large" };

/**
 * The JSON body of a node:http request, by the fetch core's rules (`readJsonBody`: content type,
 * UTF-8, JSON), read up to `BODY_LIMIT_BYTES` and no further.
 */
async function readNodeJsonBody(req: IncomingMessage, base: string): Promise<NodeBodyRead> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return { kind: "too-large" };
  const chunks: Uint8Array[] = [];
  let size = 0;
  // Not destroyed when the reading stops early: the 413 answer still goes out on this socket.
  for await (const chunk of req.iterator({ destroyOnReturn: false })) {
    const bytes = typeof chunk === "string" ? new TextEncoder().encode(chunk) : (chunk as Uint8Array);
    size += bytes.byteLength;
    if (size > BODY_LIMIT_BYTES) return { kind: "too-large" };
    chunks.push(bytes);
  }
  const contentType = req.headers["content-type"];
  return readJsonBody(
    new Request(base, {
      method: "POST",
      headers: contentType === undefined ? {} : { "content-type": contentType },
      body: Buffer.concat(chunks),
    }),
  );
}
