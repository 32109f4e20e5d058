/**
 * The relying party's side, done by openid-client (panva, not ours): discovery, a PKCE
 * authorization URL, the code exchange with id_token validation, userinfo.
 */
import * as client from "openid-client";
import type { CookieJar } from "../support/cookie-jar.js";
import { followToRedirectUri, openInteraction, signInteraction, type Interaction } from "./harness.js";
import type { KeyAccount } from "../examples/flow.js";
import type { Wallet } from "xrpl";

export const REDIRECT_URI = "http://127.0.0.1:9/callback";

export interface RelyingParty {
  config: client.Configuration;
  clientId: string;
}

/** openid-client's discovery of `issuer` as client `clientId` (secret: client_secret_basic; none: a public client). */
export async function discoverProvider(issuer: string, clientId: string, clientSecret?: string): Promise<RelyingParty> {
  const config = await client.discovery(
    new URL(issuer),
    clientId,
    clientSecret,
    clientSecret === undefined ? client.None() : undefined,
    // Loopback tests speak plain HTTP; production providers are https only.
    { execute: [client.allowInsecureRequests] },
  );
  return { config, clientId };
}

export interface AuthorizationStart {
  url: URL;
  codeVerifier: string;
  nonce: string;
}

/** An authorization URL with PKCE (S256) and a nonce for `scope`. */
export async function startAuthorization(rp: RelyingParty, scope: string, extra: Record<string, string> = {}): Promise<AuthorizationStart> {
  const codeVerifier = client.randomPKCECodeVerifier();
  const nonce = client.randomNonce();
  const url = client.buildAuthorizationUrl(rp.config, {
    redirect_uri: REDIRECT_URI,
    scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    nonce,
    ...extra,
  });
  return { url, codeVerifier, nonce };
}

/** The code exchange: openid-client checks the response, the id_token's signature and claims, and PKCE. */
export async function exchangeCode(
  rp: RelyingParty,
  start: AuthorizationStart,
  callbackUrl: URL,
): Promise<client.TokenEndpointResponse & client.TokenEndpointResponseHelpers> {
  return client.authorizationCodeGrant(rp.config, callbackUrl, {
    pkceCodeVerifier: start.codeVerifier,
    expectedNonce: start.nonce,
    idTokenExpected: true,
  });
}

export interface CompletedSignIn {
  interaction: Interaction;
  address: string;
  proof: Record<string, string>;
  tokens: client.TokenEndpointResponse & client.TokenEndpointResponseHelpers;
  jar: CookieJar;
}

/** The whole authorization: URL, interaction, signature, code, tokens. Fails on any refusal. */
export async function signInThroughProvider(
  rp: RelyingParty,
  scope: string,
  signer?: { account: KeyAccount } | { wallet: Wallet },
  extra: Record<string, string> = {},
): Promise<CompletedSignIn> {
  const start = await startAuthorization(rp, scope, extra);
  const interaction = await openInteraction(start.url);
  const verified = await signInteraction(interaction, signer);
  if (verified.status !== 200) throw new Error(`verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  const callback = await followToRedirectUri(interaction.jar, String(verified.body.redirectTo), REDIRECT_URI);
  const tokens = await exchangeCode(rp, start, callback);
  return { interaction, address: verified.address, proof: verified.proof, tokens, jar: interaction.jar };
}
