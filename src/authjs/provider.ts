import Credentials, { type CredentialsConfig } from "@auth/core/providers/credentials";
import type { User } from "@auth/core/types";
import { MessageFormatError } from "../errors.js";
import { parseMessage, validateMessage } from "../message/index.js";
import type { SignInMessage } from "../message/types.js";
import { TEXT } from "../server/handlers.js";
import { readVerifyBody } from "../server/verify-body.js";
import type { CheckResult, VerifyRequest } from "../verify/types.js";
import { createNonceCookie } from "./nonce-cookie.js";
import { normalizeProviderOptions, type NormalizedProviderOptions, type XrplProviderOptions } from "./options.js";
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
   * method answers 405. Never rejects.
   */
  handleNonceRequest(request: Request): Promise<Response>;
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
 * The nonce cookie is sealed with `secret` (default `AUTH_SECRET`). Web-standard only, so it runs
 * wherever Auth.js runs. Auth.js keeps the session: a JWT session, as for every Credentials provider.
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
 * export const { handlers, auth, signIn, signOut } = NextAuth({ providers: [xrpl] });
 *
 * // app/api/auth/xrpl-nonce/route.ts
 * export const GET = (request: Request) => xrpl.handleNonceRequest(request);
 * ```
 */
export function XrplProvider(options: XrplProviderOptions): XrplCredentialsProvider {
  const config = normalizeProviderOptions(options);
  const nonceCookie = createNonceCookie(config);
  const { logger } = config.auth;

  const handleNonceRequest = async (request: Request): Promise<Response> => {
    try {
      if (request.method !== "GET") return json(405, { error: "Method not allowed." }, { Allow: "GET" });
      const { nonce, setCookie } = await nonceCookie.issue(request);
      return json(200, { nonce }, { "Set-Cookie": setCookie });
    } catch (cause) {
      logger.error("sign-in-with-xrpl: XrplProvider could not issue a nonce", cause);
      return json(500, { error: TEXT.internal });
    }
  };

  const authorize = async (credentials: Partial<Record<keyof XrplCredentialInputs, unknown>>, request: Request): Promise<User> => {
    const outcome = await runAuthorize(config, nonceCookie, credentials, request);
    if (outcome.ok) return { id: outcome.address, name: outcome.address };
    logger.warn(`sign-in-with-xrpl: XrplProvider refused a sign-in: ${outcome.code}: ${outcome.detail}`);
    throw new XrplSignInError(outcome.code, outcome.detail);
  };

  const credentials: XrplCredentialInputs = {
    message: { label: "Sign-in message", type: "text" },
    address: { label: "Address", type: "text" },
    signatureKind: { label: "Proof kind", type: "text" },
    signature: { label: "Signature", type: "text" },
    publicKey: { label: "Public key", type: "text" },
    txBlob: { label: "Signed transaction", type: "text" },
  };
  const fields = { id: config.id, name: config.name, credentials, authorize };
  // Credentials() keeps the settings under `options`, which Auth.js reads; they go on top as well,
  // so `xrpl.id` says what the callback route is. Its answer is typed without the inputs.
  const provider = Credentials<XrplCredentialInputs>(fields) as CredentialsConfig<XrplCredentialInputs>;
  return Object.assign(provider, fields, { handleNonceRequest });
}

type Outcome = { ok: true; address: string } | { ok: false; code: XrplSignInCode; detail: string };

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
  const validation = validateMessage(message, {
    domain: auth.domain,
    address: proof.address,
    nonce: pending.nonce,
    maxAgeSeconds: auth.maxMessageAgeSeconds,
    clockSkewSeconds: auth.clockSkewSeconds,
    now: requestedAt,
    ...(auth.chainId === undefined ? {} : { chainId: auth.chainId }),
  });
  if (!validation.valid) return refuse(validation.code, validation.reason);

  // 5. The proof. A verifier that rejects (ledger node unreachable) is a service failure.
  let result: CheckResult;
  try {
    result = await auth.verifier.check(proof);
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

  return { ok: true, address: result.address };
}
