/**
 * What a browser does to sign in through Auth.js with the XRPL provider, over real HTTP: get
 * Auth.js's CSRF token, get a nonce from the provider's nonce route, have a wallet sign the
 * message, post the proof to the credentials callback (as next-auth's `signIn("xrpl", ...)`
 * does: a form post with `X-Auth-Return-Redirect`), read the session. Shared by the Auth.js tests.
 */
import { createMessage, type SignInMessageFields } from "../../src/index.js";
import type { DevWallet } from "../../src/testing/index.js";
import type { CookieJar } from "../support/cookie-jar.js";

/** The domain the tests' servers are configured with and sign messages for. */
export const AUTHJS_DOMAIN = "localhost";
export const NONCE_PATH = "/api/auth/xrpl-nonce";

export async function getCsrfToken(jar: CookieJar, baseUrl: string): Promise<string> {
  const response = await jar.fetch(`${baseUrl}/api/auth/csrf`);
  const body = (await response.json()) as { csrfToken?: unknown };
  if (response.status !== 200 || typeof body.csrfToken !== "string") throw new Error(`csrf: ${response.status} ${JSON.stringify(body)}`);
  return body.csrfToken;
}

export async function getXrplNonce(jar: CookieJar, baseUrl: string): Promise<string> {
  const response = await jar.fetch(`${baseUrl}${NONCE_PATH}`);
  const body = (await response.json()) as { nonce?: unknown };
  if (response.status !== 200 || typeof body.nonce !== "string") throw new Error(`nonce: ${response.status} ${JSON.stringify(body)}`);
  return body.nonce;
}

/** The sign-in message for `address` and `nonce`, issued now; `overrides` change any field. */
export function authjsMessage(address: string, nonce: string, overrides: Partial<SignInMessageFields> = {}): string {
  return createMessage({
    domain: AUTHJS_DOMAIN,
    address,
    statement: "Sign in to the Auth.js example.",
    uri: `http://${AUTHJS_DOMAIN}`,
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date(),
    ...overrides,
  });
}

/** The credentials a client posts: the message and the wallet's proof. */
export async function signedCredentials(wallet: DevWallet, message: string): Promise<Record<string, string>> {
  const proof = await wallet.sign(message);
  const address = await wallet.getAddress();
  return proof.signatureKind === "signature"
    ? {
        message,
        address,
        signatureKind: "signature",
        signature: proof.signature,
        ...(proof.publicKey === undefined ? {} : { publicKey: proof.publicKey }),
      }
    : { message, address, signatureKind: "signedTx", txBlob: proof.txBlob };
}

export interface CallbackAnswer {
  status: number;
  /** Where Auth.js sends the browser next. */
  url: string;
  /** `error` and `code` of that URL: set when the sign-in was refused. */
  error: string | null;
  code: string | null;
}

/** POSTs `fields` (plus `csrfToken`) to the credentials callback of `providerId`, as next-auth's signIn does. */
export async function postCallback(
  jar: CookieJar,
  baseUrl: string,
  fields: Record<string, string>,
  options: { providerId?: string; headers?: Record<string, string> } = {},
): Promise<CallbackAnswer> {
  const response = await jar.fetch(`${baseUrl}/api/auth/callback/${options.providerId ?? "xrpl"}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "X-Auth-Return-Redirect": "1", ...options.headers },
    body: new URLSearchParams({ callbackUrl: `${baseUrl}/`, ...fields }),
    redirect: "manual",
  });
  const text = await response.text();
  let url: string;
  try {
    url = (JSON.parse(text) as { url: string }).url;
  } catch {
    throw new Error(`callback answered ${response.status} ${response.headers.get("content-type")}: ${text.slice(0, 200)}`);
  }
  const params = new URL(url).searchParams;
  return { status: response.status, url, error: params.get("error"), code: params.get("code") };
}

/** The signed-in address Auth.js's session route reports, or null when not signed in. */
export async function sessionAddress(jar: CookieJar, baseUrl: string): Promise<string | null> {
  const response = await jar.fetch(`${baseUrl}/api/auth/session`);
  const body = (await response.json()) as { user?: { name?: string } } | null;
  return body?.user?.name ?? null;
}

/** CSRF token, nonce, message, signature, callback: the whole sign-in. */
export async function signInWithXrpl(
  jar: CookieJar,
  baseUrl: string,
  wallet: DevWallet,
  overrides: Partial<SignInMessageFields> = {},
): Promise<CallbackAnswer & { fields: Record<string, string>; address: string }> {
  const csrfToken = await getCsrfToken(jar, baseUrl);
  const nonce = await getXrplNonce(jar, baseUrl);
  const address = await wallet.getAddress();
  const fields: Record<string, string> = { ...(await signedCredentials(wallet, authjsMessage(address, nonce, overrides))), csrfToken };
  return { ...(await postCallback(jar, baseUrl, fields)), fields, address };
}
