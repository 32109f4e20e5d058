import Credentials, { type CredentialsConfig } from "@auth/core/providers/credentials";
import type { User } from "@auth/core/types";
import type { JWT } from "@auth/core/jwt";
import { InvalidOptionsError, MessageFormatError } from "../errors.js";
import { parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage } from "../message/types.js";
import { readSignInClaims, TEXT } from "../server/handlers.js";
import { missingClaims, type SessionClaims } from "../server/session-claims.js";
import { messageExpectations } from "../server/options.js";
import { checkProof } from "../server/check-proof.js";
import { readVerifyBody } from "../server/verify-body.js";
import type { CheckResult, VerifyRequest } from "../verify/types.js";
import { createNonceCookie } from "./nonce-cookie.js";
import {
  checkOptionsButEnvironment,
  normalizeProviderOptions,
  type NormalizedProviderOptions,
  type XrplProviderOptions,
} from "./options.js";
import { createTokenRules, signedInClaims, type XrplJwtParams, type XrplJwtRequest, type XrplSessionClaims } from "./session-token.js";
import { XrplSignInError, type XrplSignInCode } from "./sign-in-error.js";

/**
 * The fields the client posts to `/api/auth/callback/xrpl` (next-auth: `signIn("xrpl", fields)`):
 * the proof as this library's clients build it. Auth.js also renders them on its built-in
 * sign-in page, which is of no use here: a wallet signs, not a form.
 *
 * @example
 * ```ts
 * const fields: Record<keyof XrplCredentialInputs, string> = {
 *   message, address, signatureKind: "signature", signature, publicKey, txBlob: "",
 * };
 * ```
 */
export interface XrplCredentialInputs extends Record<string, { label: string; type: string }> {
  /** The exact sign-in message text that was signed. */
  message: { label: string; type: string };
  /** The classic address of the account signing in. */
  address: { label: string; type: string };
  /** `"signature"` or `"signedTx"`. */
  signatureKind: { label: string; type: string };
  /** Hex signature, for `"signature"`. */
  signature: { label: string; type: string };
  /** Hex public key, when the wallet gives it (optional). */
  publicKey: { label: string; type: string };
  /** Hex signed transaction, for `"signedTx"`. */
  txBlob: { label: string; type: string };
}

/**
 * The Auth.js provider `XrplProvider` returns: a Credentials provider to put in `providers`,
 * plus `handleNonceRequest`, the route that hands out nonces.
 *
 * @example
 * ```ts
 * const xrpl: XrplCredentialsProvider = XrplProvider({ verifier: createVerifier(), domain: "example.com" });
 * export const { handlers, auth } = NextAuth({ providers: [xrpl] });
 * ```
 */
export type XrplCredentialsProvider = CredentialsConfig<XrplCredentialInputs> & {
  /**
   * The nonce route (GET): answers `{ "nonce": "..." }` as JSON, never cached, and sets the
   * `siwx_nonce` cookie that binds the nonce to this browser for `nonceTtlSeconds`. Another
   * method answers 405. It touches no session. Never rejects: a provider whose settings are
   * incomplete (see `checkSettings`) answers 500 and logs which one.
   */
  handleNonceRequest(request: Request): Promise<Response>;
  /**
   * Your Auth.js `jwt` callback, or its first line: `jwt: (params) => xrpl.handleJwt(params, {
   * host })`. At sign-in it keeps the XRPL claims in the token (`token.xrpl`: when, what signed,
   * for which domain); on every later read it applies the library's session rules to a token of
   * this provider and answers `null` (Auth.js then signs the browser out) when the sign-in is
   * older than `maxSessionAgeSeconds`, was signed out (revoked by `handleSignOut`), lost its
   * authority on the ledger (`revalidateAfterSeconds`), or, with several domains, is used on
   * another host than the one it signed in for (`host` is then required). Other tokens pass
   * through untouched. Without it, an XRPL session lives as long as Auth.js's `session.maxAge`.
   */
  handleJwt(params: XrplJwtParams, request?: XrplJwtRequest): Promise<JWT | null>;
  /**
   * Your Auth.js `events.signOut`: `events: { signOut: (message) => xrpl.handleSignOut(message) }`.
   * Revokes the sign-in's id in the revocation store (default: the nonce store), so a copy of the
   * JWT taken before sign-out reads as signed out through `handleJwt` on every instance that
   * shares the store. Never rejects.
   */
  handleSignOut(message: { token?: unknown } | { session?: unknown }): Promise<void>;
  /**
   * Throws `InvalidOptionsError` naming a setting the provider could not read when it was
   * created: `domain` in production, or the secret (`AUTH_SECRET`). Those come from the
   * server's environment, which `next build` does not have, so the provider checks them on its
   * first use rather than at creation; call this at server start to fail there instead.
   */
  checkSettings(): void;
};

const CREDENTIAL_FIELDS = ["message", "address", "signatureKind", "signature", "publicKey", "txBlob"] as const;

/** Optional proof fields a form post sends as empty strings when the client had no value. */
const OPTIONAL_FIELDS = new Set<string>(["signature", "publicKey", "txBlob"]);

function json(status: number, body: Record<string, unknown>, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "Cache-Control": "no-store", ...headers },
  });
}

/**
 * Sign-in with XRPL as an Auth.js provider (`@auth/core`, next-auth v5): a Credentials provider
 * (id `"xrpl"`) whose `authorize` checks the signed sign-in message and its proof with this
 * library, and signs the account in as the user `{ id: address, name: address }`.
 *
 * The flow: the client GETs the nonce route (`handleNonceRequest`, mounted by you, e.g. at
 * `/api/auth/xrpl-nonce`), builds the message with that nonce, has the wallet sign it, and posts
 * the proof to Auth.js's credentials callback (`signIn("xrpl", { message, address, signatureKind,
 * signature, publicKey })`). `authorize` then checks, in order: the fields; the nonce cookie (this
 * server sealed it, it is younger than `nonceTtlSeconds`); the message (its domain is one of
 * `domain` — never the request's `Host` —, its address the posted one, its nonce the cookie's, its
 * chain `chainId` when set, its times); the proof, with `verifier.check()`; and last, single use:
 * the nonce store accepts each nonce once, so a replayed message is refused even within its
 * lifetime, on every instance that shares the store. The nonce is consumed only after the proof
 * holds, so a forged attempt cannot burn the user's nonce.
 *
 * A refusal throws `XrplSignInError` (a `CredentialsSignin`): Auth.js answers with its usual error
 * redirect, with the reason as `code` (see `XrplSignInCode`), and the detail goes to `logger.warn`.
 * A ledger node or nonce store that fails is `verification_unavailable`, with the cause at
 * `logger.error`.
 *
 * Options are checked here: a bad one throws `InvalidOptionsError` saying how to fix it. Without
 * `domain`, only loopback hosts are accepted (development); in production `domain` is required.
 * The nonce cookie is sealed with `secret` (default `AUTH_SECRET`). Those two come from the
 * server's environment, which a build (`next build`) does not have: when one is missing, the
 * provider is still created, and its first use (the nonce route, a sign-in) fails with the
 * setting named in the log; `checkSettings()` throws it at server start. Web-standard only, so it
 * runs wherever Auth.js runs.
 *
 * Auth.js keeps the session: a JWT, as for every Credentials provider. Wire `handleJwt` into its
 * `jwt` callback and `handleSignOut` into `events.signOut`, and the session follows the library's
 * rules: it ends `maxSessionAgeSeconds` (24 hours) after the proof however often Auth.js
 * refreshes the cookie, at sign-out on every instance sharing the revocation store, and, with
 * `revalidateAfterSeconds`, once the key that signed lost its authority on the ledger.
 *
 * @example
 * ```ts
 * // auth.ts
 * import NextAuth from "next-auth";
 * import { createVerifier } from "sign-in-with-xrpl";
 * import { XrplProvider } from "sign-in-with-xrpl/authjs";
 *
 * export const xrpl = XrplProvider({
 *   verifier: createVerifier(),
 *   domain: process.env.APP_DOMAIN, // "example.com"
 * });
 * export const { handlers, auth, signIn, signOut } = NextAuth({
 *   providers: [xrpl],
 *   callbacks: { jwt: (params) => xrpl.handleJwt(params) },
 *   events: { signOut: (message) => xrpl.handleSignOut(message) },
 * });
 *
 * // app/api/auth/xrpl-nonce/route.ts
 * export const GET = (request: Request) => xrpl.handleNonceRequest(request);
 * ```
 */
export function XrplProvider(options: XrplProviderOptions): XrplCredentialsProvider {
  const settings = readSettings(options);
  const fallbackLogger = options?.logger;

  const handleNonceRequest = async (request: Request): Promise<Response> => {
    let config: ProviderParts;
    try {
      config = settings();
    } catch (cause) {
      fallbackLogger?.error(`sign-in-with-xrpl: XrplProvider cannot issue nonces: ${(cause as Error).message}`, cause);
      return json(500, { error: PROVIDER_TEXT.notConfigured });
    }
    const { logger } = config.options.auth;
    try {
      if (request.method !== "GET") return json(405, { error: "Method not allowed." }, { Allow: "GET" });
      const { nonce, setCookie } = await config.nonceCookie.issue(request);
      return json(200, { nonce }, { "Set-Cookie": setCookie });
    } catch (cause) {
      logger.error("sign-in-with-xrpl: XrplProvider could not issue a nonce", cause);
      return json(500, { error: TEXT.internal });
    }
  };

  const authorize = async (credentials: Partial<Record<keyof XrplCredentialInputs, unknown>>, request: Request): Promise<User> => {
    // Incomplete settings throw InvalidOptionsError: Auth.js logs it and answers its `Configuration` error.
    const config = settings();
    const outcome = await runAuthorize(config.options, config.nonceCookie, credentials, request);
    if (outcome.ok) return { id: outcome.address, name: outcome.address, xrpl: outcome.claims } as User;
    config.options.auth.logger.warn(`sign-in-with-xrpl: XrplProvider refused a sign-in: ${outcome.code}: ${outcome.detail}`);
    throw new XrplSignInError(outcome.code, outcome.detail);
  };

  const handleJwt = async (params: XrplJwtParams, request?: XrplJwtRequest): Promise<JWT | null> => {
    // A token this provider never wrote needs none of its settings.
    const written = params.token.xrpl !== undefined || params.account?.provider === idOf(options);
    if (!written) return params.token;
    return settings().tokens.jwt(params, request);
  };

  const handleSignOut = async (message: { token?: unknown } | { session?: unknown }): Promise<void> => {
    if (!("token" in message)) return;
    let config: ProviderParts;
    try {
      config = settings();
    } catch {
      return;
    }
    await config.tokens.signOut(message);
  };

  const credentials: XrplCredentialInputs = {
    message: { label: "Sign-in message", type: "text" },
    address: { label: "Address", type: "text" },
    signatureKind: { label: "Proof kind", type: "text" },
    signature: { label: "Signature", type: "text" },
    publicKey: { label: "Public key", type: "text" },
    txBlob: { label: "Signed transaction", type: "text" },
  };
  const fields = { id: idOf(options), name: nameOf(options), credentials, authorize };
  // Credentials() keeps the settings under `options`, which Auth.js reads; they go on top as well,
  // so `xrpl.id` says what the callback route is. Its answer is typed without the inputs.
  const provider = Credentials<XrplCredentialInputs>(fields) as CredentialsConfig<XrplCredentialInputs>;
  return Object.assign(provider, fields, {
    handleNonceRequest,
    handleJwt,
    handleSignOut,
    checkSettings: () => void settings(),
  });
}

/** The texts only the provider answers with. */
const PROVIDER_TEXT = {
  notConfigured: "Sign-in with XRPL is not configured on this server: its log names the missing setting.",
} as const;

/** Everything a provider works with once its settings are read. */
interface ProviderParts {
  options: NormalizedProviderOptions;
  nonceCookie: ReturnType<typeof createNonceCookie>;
  tokens: ReturnType<typeof createTokenRules>;
}

function partsOf(options: NormalizedProviderOptions): ProviderParts {
  return { options, nonceCookie: createNonceCookie(options), tokens: createTokenRules(options) };
}

/**
 * The provider's settings, read now when they can be, else on first use. Options that are wrong
 * throw here, at creation; a `domain` (in production) or secret missing from the environment
 * is read again on each use until it is there, and each use without it throws the setting's
 * `InvalidOptionsError`.
 */
function readSettings(options: XrplProviderOptions): () => ProviderParts {
  let parts: ProviderParts | undefined;
  try {
    parts = partsOf(normalizeProviderOptions(options));
  } catch (error) {
    if (!(error instanceof InvalidOptionsError)) throw error;
    // Throws for anything but the environment's settings.
    checkOptionsButEnvironment(options);
  }
  return () => (parts ??= partsOf(normalizeProviderOptions(options)));
}

/** The provider id before the options are read (checked with them). */
function idOf(options: XrplProviderOptions): string {
  return typeof options?.id === "string" ? options.id : "xrpl";
}

function nameOf(options: XrplProviderOptions): string {
  return typeof options?.name === "string" ? options.name : "XRPL";
}

type Outcome = { ok: true; address: string; claims: XrplSessionClaims } | { ok: false; code: XrplSignInCode; detail: string };

function refuse(code: XrplSignInCode, detail: string): Outcome {
  return { ok: false, code, detail };
}

/** The proof fields of the posted credentials, with the empty optional ones a form post sends left out. */
function proofFields(credentials: unknown): Record<string, unknown> | undefined {
  if (typeof credentials !== "object" || credentials === null) return undefined;
  const source = credentials as Record<string, unknown>;
  const fields: Record<string, unknown> = {};
  for (const name of CREDENTIAL_FIELDS) {
    const value = source[name];
    if (value === undefined || (value === "" && OPTIONAL_FIELDS.has(name))) continue;
    fields[name] = value;
  }
  return fields;
}

/** The checks of `authorize`, in the order of the sign-in routes of `createAuthHandlers`. A refusal is an answer, not a throw. */
async function runAuthorize(
  config: NormalizedProviderOptions,
  nonceCookie: ReturnType<typeof createNonceCookie>,
  credentials: unknown,
  request: Request,
): Promise<Outcome> {
  const { auth } = config;
  const requestedAt = auth.now();

  // 1. The posted fields.
  const proof: VerifyRequest | undefined = readVerifyBody(proofFields(credentials));
  if (proof === undefined) {
    return refuse("malformed_request", "The credentials need message, address, signatureKind and its signature or txBlob, as strings.");
  }

  // 2. The pending nonce, sealed in this browser's cookie by the nonce route.
  let pending;
  try {
    pending = await nonceCookie.read(request);
  } catch (cause) {
    auth.logger.error("sign-in-with-xrpl: XrplProvider could not read the nonce cookie", cause);
    return refuse("nonce_missing", "The nonce cookie could not be read.");
  }
  if (pending.kind === "missing") {
    return refuse("nonce_missing", "No nonce cookie sealed by this server came with the request; get a nonce from the nonce route first.");
  }
  if (pending.kind === "expired") {
    return refuse("nonce_expired", `The nonce is older than ${Math.round(auth.nonceTtlMs / 1000)} seconds; get a new one.`);
  }

  // 3. Parse.
  let message: SignInMessage;
  try {
    message = parseMessage(proof.message);
  } catch (cause) {
    if (cause instanceof MessageFormatError) return refuse("invalid_message", cause.message);
    throw cause;
  }

  // 4. Validate: the domain from the options only, never from the request; the posted address;
  // the cookie's nonce; the chain; the time rules.
  const validation = validateMessage(message, messageExpectations(auth, { address: proof.address, nonce: pending.nonce, requestedAt }));
  if (!validation.valid) return refuse(validation.code, validation.reason);

  // 5. The proof. A verifier that rejects (ledger node unreachable) is a service failure.
  let result: CheckResult;
  try {
    result = await checkProof(auth.verifier, proof);
  } catch (cause) {
    auth.logger.error("sign-in-with-xrpl: XrplProvider: the verifier failed", cause);
    return refuse("verification_unavailable", "The ledger node could not be reached to check the proof.");
  }
  if (!result.ok) return refuse(result.code, result.detail);

  // 6. Single use, decided only now that the proof holds.
  let first: boolean;
  try {
    first = await auth.nonceStore.consume(message.nonce, auth.consumedNonceTtlMs);
  } catch (cause) {
    auth.logger.error("sign-in-with-xrpl: XrplProvider: the nonce store failed", cause);
    return refuse("verification_unavailable", "The nonce store could not be reached.");
  }
  if (first !== true) return refuse("nonce_used", `The nonce of this message was already used to sign in ${result.address}.`);

  // 7. The ledger claims, read now that the proof holds and its nonce is used up.
  let ledgerClaims: { claims: SessionClaims; readAt: number } | undefined;
  if (auth.claims !== undefined) {
    const read = await readSignInClaims(auth.claims, result.address);
    if (read.kind !== "read") {
      auth.logger.error(
        read.kind === "unavailable"
          ? "sign-in-with-xrpl: XrplProvider: the ledger could not answer the claims"
          : `sign-in-with-xrpl: XrplProvider: reading the claims of ${result.address} failed (a custom claim that threw?)`,
        read.cause,
      );
      return refuse("verification_unavailable", "The claims could not be read.");
    }
    const missing = missingClaims(auth.claims, read.claims);
    if (missing.length > 0) {
      return refuse("requirements_not_met", `${TEXT.requirementsNotMet} Missing for ${result.address}: ${missing.join(", ")}.`);
    }
    ledgerClaims = { claims: read.claims, readAt: auth.now() };
  }

  // What the session rules read on every later request: when, what signed, for which domain, and the claims.
  return { ok: true, address: result.address, claims: signedInClaims(result, auth.now(), message.domain, ledgerClaims) };
}
