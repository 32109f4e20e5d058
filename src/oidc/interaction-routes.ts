// The interaction routes: where an authorization in progress gets its user. The page of
// `GET <issuer>/interaction/:uid` is the app's; these routes are what any wallet's page calls:
// the sign-in details, a nonce (or both at once, the one call a page makes before its user
// signs), the proof, and a way out. They run the library's handlers (one set of message rules,
// verifier, nonce store, error texts, attempt limit and hooks) over a session bound to the
// interaction (its pending nonce in a sealed cookie of its own, see pending-sign-in.ts), then hand
// the sign-in to oidc-provider.
import type { IncomingMessage, ServerResponse } from "node:http";
import { BODY_LIMIT_BYTES, isJsonContentType, parseJsonBytes, type BodyRead } from "../fetch/request-body.js";
import { normalizeChainId } from "../message/chain-id.js";
import type { SignInMessage } from "../message/types.js";
import { VALIDATION_REASONS } from "../message/validate.js";
import { errorBodies, type ErrorBody } from "../server/error-responses.js";
import type { InternalAuthHandlers } from "../server/handlers.js";
import { isCrossSiteRequest } from "../server/request-context.js";
import type { HandlerResult, SessionRecord } from "../server/types.js";
import { readVerifyBody, UNREADABLE_BODY } from "../server/verify-body.js";
import { interactionReader } from "./interaction-cookie.js";
import type { NormalizedOidcOptions, OidcSignInRequest } from "./options.js";
import { pendingSignIns } from "./pending-sign-in.js";
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

type Action = "details" | "nonce" | "start" | "verify" | "abort";
const ACTION_METHODS: Readonly<Record<Action, "GET" | "POST">> = {
  details: "GET",
  nonce: "GET",
  start: "GET",
  verify: "POST",
  abort: "POST",
};
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
  // Error bodies as the handlers write them: `{ error }`, with `code` when `errorCodes` is set.
  const bodies = errorBodies(config.auth.errorCodes);
  const notFound = (): ErrorBody => bodies.coded(OIDC_TEXT.interactionNotFound, "interaction_not_found");
  // The routes below write the forwarded protocol and host from the issuer themselves (and drop
  // the client's own), so the provider may read them: every URL it writes then comes from the
  // issuer, and its cookies are Secure behind a proxy that ends TLS.
  provider.proxy = true;
  const readInteraction = interactionReader(provider);
  const pending = pendingSignIns(config);

  const send = (res: ServerResponse, status: number, body: Record<string, unknown>, extra: Record<string, string> = {}): void => {
    res.statusCode = status;
    res.setHeader("Content-Type", "application/json");
    res.setHeader("Cache-Control", "no-store");
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.end(JSON.stringify(body));
  };

  /** What a page puts in the message and shows its user: the answer of `details`, and `start`'s with its nonce. */
  const details = async (interaction: OidcInteractionLike, params: InteractionParams): Promise<Record<string, unknown>> => {
    const client = await provider.Client.find(params.clientId);
    return {
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
    };
  };

  const answer = async (req: IncomingMessage, res: ServerResponse, uid: string, action: Action): Promise<void> => {
    let interaction: OidcInteractionLike;
    try {
      interaction = await readInteraction(req, res);
    } catch (cause) {
      // No interaction cookie, an expired or unknown interaction, a provider session that ended
      // meanwhile: oidc-provider's SessionNotFound. Anything else is a fault of the server.
      if (isSessionNotFound(cause)) return send(res, 400, notFound());
      throw cause;
    }
    // The cookie names the interaction; the path must name the same one.
    if (interaction.uid !== uid) return send(res, 400, notFound());
    const params = readParams(interaction);

    if (action === "details") return send(res, 200, await details(interaction, params));
    if (action === "abort") {
      // Another site's page must not end someone's authorization (the handlers refuse it on nonce and verify alike).
      if (isCrossSiteRequest(config.auth, { headers: req.headers })) return send(res, 403, bodies.text("crossSite"));
      const redirectTo = await provider.interactionResult(
        req,
        res,
        { error: "access_denied", error_description: "The user cancelled the sign-in." },
        { mergeWithLastSubmission: false },
      );
      return send(res, 200, { ok: true, redirectTo });
    }

    const session = pending.session(req, interaction);
    if (action === "nonce" || action === "start") {
      // `start` issues its nonce through the very call `nonce` makes: the same cross-site
      // refusal, the same texts and statuses, the pending nonce sealed in the interaction's
      // cookie. Its answer adds the details, so a page asks once before its user signs. The
      // interaction itself is not written.
      const result = await handlers.nonce(session.store, { headers: req.headers });
      session.save(res);
      if (action === "nonce" || result.status !== 200) return sendResult(res, result);
      return send(res, 200, { ...(await details(interaction, params)), ...result.body });
    }

    const read = await readNodeJsonBody(req);
    if (read.kind === "too-large") return send(res, 413, bodies.http("tooLarge"), { Connection: "close" });
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
      headers: req.headers,
      messageRules: (message) => {
        signedMessage = message;
        return interactionMessageRefusal(message, config.issuer, params.redirectUri);
      },
    });
    if (result.status !== 200 || signedMessage === undefined) {
      // A refusal may have cleared the pending nonce (expired, or its last attempt used).
      session.save(res);
      return sendResult(res, result);
    }

    const record = signInRecord(signedMessage, body, await session.store.get());
    const authenticatedAt = Math.floor(config.auth.now() / 1000);
    const redirectTo = await finishInteraction(provider, interaction, {
      login: { accountId: record.address, amr: [...SIGN_IN_AMR], ts: authenticatedAt, remember: true },
      // Signing is the consent: it resolves a `prompt=consent` too (which `offline_access` needs).
      consent: {},
      [SIGN_IN_RESULT_KEY]: record,
    });
    // The interaction ended or its provider session changed while the proof was checked: the
    // nonce is spent, and the user starts again from the application.
    if (redirectTo === undefined) return send(res, 400, notFound());
    // The result written above voids the pending sign-in on every copy of the cookie; this
    // answer also expires the browser's.
    session.save(res);
    return sendResult(res, { status: 200, body: { ok: true, address: record.address, redirectTo } });
  };

  const sendResult = (res: ServerResponse, result: HandlerResult): void => send(res, result.status, result.body);

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
      send(res, 405, bodies.http("methodNotAllowed"), { Allow: allowed });
      return;
    }
    answer(req, res, route.uid, route.action).catch((cause: unknown) => {
      logger.error("sign-in-with-xrpl: the interaction route could not answer", cause);
      if (!res.headersSent) send(res, 500, bodies.text("internal"));
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
export function interactionMessageRefusal(
  message: SignInMessage,
  issuer: string,
  redirectUri: string,
): { reason: string; code: "uri_mismatch" | "resources_mismatch" } | undefined {
  if (message.uri !== issuer) return { reason: VALIDATION_REASONS.uri_mismatch, code: "uri_mismatch" };
  const resources = message.resources;
  if (resources === undefined || resources.length === 0) return undefined;
  const refused = { reason: OIDC_TEXT.resourcesMismatch, code: "resources_mismatch" } as const;
  if (!resources.includes(redirectUri)) return refused;
  if (resources.some((resource) => resource !== redirectUri && resource !== issuer)) return refused;
  return undefined;
}

/**
 * oidc-provider's `interactionResult` (without merging the last submission) for an interaction
 * this request has already read through its cookie: the interaction is read again from storage,
 * so one that ended meanwhile (resumed, expired) is not brought back, and its provider session,
 * if it has one, must still be there with the same account. What it skips is reading the cookie
 * again (a new request context and the cookie's signature checked once more), which the same
 * request did moments ago. `undefined` when the interaction or its session is gone.
 */
async function finishInteraction(
  provider: OidcProviderLike,
  read: OidcInteractionLike,
  result: Record<string, unknown>,
): Promise<string | undefined> {
  const interaction = await provider.Interaction.find(read.uid);
  if (interaction === undefined) return undefined;
  const sessionUid = interaction.session?.uid;
  if (typeof sessionUid === "string" && sessionUid !== "") {
    const session = await provider.Session.findByUid(sessionUid);
    if (session === undefined || session.accountId !== interaction.session?.accountId) return undefined;
  }
  interaction.result = result;
  await interaction.persist();
  return interaction.returnTo;
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
function signInRecord(message: SignInMessage, body: unknown, session: SessionRecord): SignInRecord {
  const proof = readVerifyBody(body)!;
  const claim: XrplProofClaim = {
    message: proof.message,
    signatureKind: proof.signatureKind,
    ...(proof.signature === undefined ? {} : { signature: proof.signature }),
    ...(proof.txBlob === undefined ? {} : { txBlob: proof.txBlob }),
    ...(proof.publicKey === undefined ? {} : { publicKey: proof.publicKey }),
  };
  const chainId = message.chainId === undefined ? undefined : normalizeChainId(message.chainId);
  // The ledger claims the handlers read for this sign-in (`claims` / `requireClaims`), when any are configured.
  const { claims, claimsReadAt } = session;
  return {
    address: proof.address,
    ...(chainId === undefined ? {} : { chainId }),
    ...(claims === undefined ? {} : { claims: { ...claims } }),
    ...(claimsReadAt === undefined ? {} : { claimsReadAt }),
    proof: claim,
  };
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

/**
 * The JSON body of a node:http request, by the fetch core's rules (a JSON content type, strict
 * UTF-8, JSON), read up to `BODY_LIMIT_BYTES` and no further. Read with the stream's own events
 * rather than its async iterator: the iterator costs an async generator and a promise per chunk
 * on every sign-in, for a body that is one small chunk.
 */
function readNodeJsonBody(req: IncomingMessage): Promise<BodyRead> {
  const declared = Number(req.headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > BODY_LIMIT_BYTES) return Promise.resolve({ kind: "too-large" });
  const finish = (chunks: Uint8Array[], size: number): BodyRead =>
    isJsonContentType(req.headers["content-type"]) ? parseJsonBytes(Buffer.concat(chunks, size)) : { kind: "unreadable" };
  // A body something else read already: nothing is left of it.
  if (req.readableEnded) return Promise.resolve(finish([], 0));
  return new Promise((resolve, reject) => {
    const chunks: Uint8Array[] = [];
    let size = 0;
    const stop = (): void => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("close", onClose);
    };
    const onData = (chunk: unknown): void => {
      const bytes = typeof chunk === "string" ? Buffer.from(chunk, "utf8") : (chunk as Uint8Array);
      size += bytes.byteLength;
      if (size > BODY_LIMIT_BYTES) {
        // Not destroyed: the 413 answer still goes out on this socket (with `Connection: close`).
        stop();
        req.pause();
        resolve({ kind: "too-large" });
        return;
      }
      chunks.push(bytes);
    };
    const onEnd = (): void => {
      stop();
      resolve(finish(chunks, size));
    };
    const onError = (cause: Error): void => {
      stop();
      reject(cause);
    };
    // The client went away before the body ended.
    const onClose = (): void => {
      stop();
      reject(new Error("sign-in-with-xrpl: the request closed before its body ended"));
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("close", onClose);
  });
}
