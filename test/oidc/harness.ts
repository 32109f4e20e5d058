/**
 * A real oidc-provider with `createXrplOidc` on a node:http server on 127.0.0.1, and what a
 * browser plus a wallet do against it: follow the authorization redirects with a cookie jar,
 * read the interaction's details, ask for a nonce, sign, post the proof, follow `redirectTo` to
 * the relying party's redirect_uri. The relying party's side is openid-client's (see rp.ts).
 */
import { createServer, type Server } from "node:http";
import Provider from "oidc-provider";
import { createMessage } from "../../src/index.js";
import { createXrplOidc, type XrplOidc, type XrplOidcOptions } from "../../src/oidc/index.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { freePort } from "../support/example-process.js";
import { newKeyAccount, signatureProof, signedTxProof, type KeyAccount } from "../examples/flow.js";
import type { Wallet } from "xrpl";

export interface TestProvider {
  url: string;
  issuer: string;
  xrpl: XrplOidc;
  provider: Provider;
  server: Server;
  stop(): Promise<void>;
}

/** Starts a provider at `http://127.0.0.1:<free port>` (or `issuerPath` under it) with `options` on top of test defaults. */
export async function startTestProvider(
  options: Omit<XrplOidcOptions, "issuer"> & {
    issuerPath?: string;
    /** Another instance's origin: this one serves the same issuer (behind one load balancer). */
    issuerOrigin?: string;
  },
): Promise<TestProvider> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const { issuerPath = "", issuerOrigin = url, ...rest } = options;
  const xrpl = createXrplOidc({
    production: false,
    ...rest,
    issuer: `${issuerOrigin}${issuerPath}`,
  });
  const provider = new Provider(xrpl.issuer, xrpl.configuration);
  const routes = xrpl.routes(provider);
  const callback = provider.callback();
  const server = createServer((req, res) => {
    routes(req, res, () => {
      if (issuerPath !== "" && req.url?.startsWith(issuerPath)) req.url = req.url.slice(issuerPath.length) || "/";
      void callback(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", () => resolve()));
  return {
    url,
    issuer: xrpl.issuer,
    xrpl,
    provider,
    server,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `url` sent to the instance at `origin` instead (what a load balancer decides). */
export function via(origin: string, url: string | URL): URL {
  const target = new URL(url);
  const instance = new URL(origin);
  target.protocol = instance.protocol;
  target.host = instance.host;
  return target;
}

/** A 303/302 answer's Location, resolved against `base`. */
export function locationOf(response: Response, base: string): URL {
  const location = response.headers.get("location");
  if (location === null) throw new Error(`expected a redirect, got ${response.status}`);
  return new URL(location, base);
}

export interface Interaction {
  jar: CookieJar;
  uid: string;
  /** `<issuer origin>/interaction/<uid>` */
  url: string;
  details: Record<string, unknown>;
}

/** Follows an authorization URL (a fresh browser, or `jar`) to its interaction and reads the details. */
export async function openInteraction(authorizationUrl: URL, jar: CookieJar = createCookieJar()): Promise<Interaction> {
  const answer = await jar.fetch(authorizationUrl, { redirect: "manual" });
  const target = locationOf(answer, authorizationUrl.href);
  const match = /\/interaction\/([^/]+)$/u.exec(target.pathname);
  if (match === null) throw new Error(`expected the interaction, was sent to ${target.href}`);
  const url = target.href;
  const details = (await (await jar.fetch(`${url}/details`)).json()) as Record<string, unknown>;
  return { jar, uid: match[1]!, url, details };
}

/** The interaction's nonce route: status and body. */
export async function getInteractionNonce(interaction: Interaction): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await interaction.jar.fetch(`${interaction.url}/nonce`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** POSTs `body` to the interaction's verify route. */
export async function postInteractionVerify(
  interaction: Interaction,
  body: unknown,
  jar: CookieJar = interaction.jar,
): Promise<{ status: number; body: Record<string, unknown>; response: Response }> {
  const response = await jar.fetch(`${interaction.url}/verify`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
}

/** The sign-in message the interaction page builds: the issuer's host and URL, the client's redirect_uri as the one resource. */
export function interactionMessage(
  interaction: Interaction,
  address: string,
  nonce: string,
  overrides: Partial<Parameters<typeof createMessage>[0]> = {},
): string {
  return createMessage({
    domain: String(interaction.details.domain),
    address,
    statement: `Sign in to ${String(interaction.details.clientName)}.`,
    uri: String(interaction.details.uri),
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date(),
    resources: [String(interaction.details.redirectUri)],
    ...overrides,
  });
}

/** Nonce, message, signature (or a signed AccountSet with `wallet`), verify: the verify answer. */
export async function signInteraction(
  interaction: Interaction,
  signer: { account: KeyAccount } | { wallet: Wallet } = { account: newKeyAccount() },
): Promise<{ status: number; body: Record<string, unknown>; address: string; proof: Record<string, string> }> {
  const nonce = await getInteractionNonce(interaction);
  if (nonce.status !== 200) throw new Error(`nonce: ${nonce.status} ${JSON.stringify(nonce.body)}`);
  const address = "account" in signer ? signer.account.address : signer.wallet.classicAddress;
  const message = interactionMessage(interaction, address, String(nonce.body.nonce));
  const proof = "account" in signer ? signatureProof(message, signer.account) : signedTxProof(message, signer.wallet);
  const answer = await postInteractionVerify(interaction, proof);
  return { ...answer, address, proof };
}

/** Follows `redirectTo` (and the provider's own redirects) until it leaves for the relying party: that URL (with `code`). */
export async function followToRedirectUri(jar: CookieJar, redirectTo: string, redirectUri: string): Promise<URL> {
  let next = new URL(redirectTo);
  for (let hop = 0; hop < 10; hop += 1) {
    if (next.href.startsWith(redirectUri)) return next;
    const answer = await jar.fetch(next, { redirect: "manual" });
    if (answer.status < 300 || answer.status >= 400) {
      throw new Error(`expected a redirect from ${next.href}, got ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    }
    next = locationOf(answer, next.href);
  }
  throw new Error("too many redirects");
}
