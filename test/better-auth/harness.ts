/**
 * What the better-auth tests share: better-auth on the real PostgreSQL (a schema of its own per
 * app, dropped after the run), served by the example app's request listener on a loopback HTTP
 * server, and a browser stand-in (cookie jar, the Origin header a browser sends, the better-auth
 * client with the XRPL client plugin).
 */
import { once } from "node:events";
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { betterAuth, type BetterAuthOptions, type BetterAuthPlugin } from "better-auth";
import pg from "pg";
import type { Auth } from "../../examples/better-auth/auth.js";
import { createClient } from "../../examples/better-auth/client.js";
import { migrate } from "../../examples/better-auth/migrate.js";
import { createRequestListener } from "../../examples/better-auth/server.js";
import type { Wallet, WalletProof } from "../../src/client/types.js";
import { createMessage } from "../../src/message/create.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";

export const DATABASE = process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
export const SECRET = "better-auth-example-secret-0123456789abcdef";
export const LSF_DISABLE_MASTER = 0x00100000;

/** One app: its better-auth, its HTTP server, and how to reach it. */
export interface App {
  auth: Auth;
  baseUrl: string;
  close(): Promise<void>;
}

const schemas: string[] = [];

/** A connection string whose tables live in a schema of their own, dropped by {@link dropSchemas}. */
export async function freshSchema(): Promise<string> {
  const schema = `siwx_better_auth_${process.pid}_${Date.now()}_${schemas.length}`;
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  schemas.push(schema);
  return `${DATABASE}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Drops every schema this test file made. */
export async function dropSchemas(): Promise<void> {
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  for (const schema of schemas.splice(0)) await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
}

/** Starts an app on 127.0.0.1 with its tables migrated by better-auth's own migration. */
export async function startApp(
  build: (env: { DATABASE_URL: string; BETTER_AUTH_URL: string }) => { auth: Auth; close(): Promise<void> },
): Promise<App> {
  const server: Server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const built = build({ DATABASE_URL: await freshSchema(), BETTER_AUTH_URL: baseUrl });
  await migrate(built.auth);
  server.on("request", createRequestListener(built.auth));
  return {
    auth: built.auth,
    baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.close();
    },
  };
}

/**
 * better-auth on its own pool with `plugins` and `options` other than the example's, for
 * {@link startApp}. Closing it closes the pool and `close`.
 */
export function betterAuthApp(
  env: { DATABASE_URL: string; BETTER_AUTH_URL: string },
  plugins: BetterAuthPlugin[],
  options: Partial<BetterAuthOptions> = {},
  close: () => Promise<void> = () => Promise.resolve(),
): { auth: Auth; close(): Promise<void> } {
  const pool = new pg.Pool({ connectionString: env.DATABASE_URL });
  const auth = betterAuth({ database: pool, baseURL: env.BETTER_AUTH_URL, secret: SECRET, ...options, plugins }) as unknown as Auth;
  return { auth, close: async () => (await close(), await pool.end()) };
}

/** A browser stand-in: a cookie jar, the Origin header a browser sends, and every verify body kept. */
export function browser(app: App) {
  const jar: CookieJar = createCookieJar();
  const verifyBodies: Record<string, unknown>[] = [];
  const fetchWithCookies = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = input instanceof Request ? input.url : String(input);
    const headers = new Headers(init.headers);
    headers.set("origin", app.baseUrl);
    if (url.endsWith("/xrpl/verify") && typeof init.body === "string") verifyBodies.push(JSON.parse(init.body) as Record<string, unknown>);
    return jar.fetch(url, { ...init, headers });
  };
  const client = createClient({ baseURL: app.baseUrl, fetch: fetchWithCookies });
  const page = { domain: new URL(app.baseUrl).host, uri: app.baseUrl };
  return { jar, client, page, verifyBodies, fetch: fetchWithCookies };
}

export type Tab = ReturnType<typeof browser>;

/** What a test may change in the message the page builds. */
export interface MessageChange {
  domain?: string;
  chainId?: string;
  uri?: string;
}

/** The sign-in message the page builds for `address` and `nonce`, issued now. */
export function pageMessage(tab: Tab, address: string, nonce: string, change: MessageChange = {}): string {
  return createMessage({
    domain: change.domain ?? tab.page.domain,
    address,
    uri: change.uri ?? tab.page.uri,
    version: "1",
    chainId: change.chainId ?? "xrpl:0",
    nonce,
    issuedAt: new Date().toISOString(),
  });
}

/** A sign-in by hand over the client plugin's typed endpoints, so a test can change any part. */
export async function verifyByHand(
  tab: Tab,
  wallet: Wallet,
  change: MessageChange & {
    nonce?: string;
    address?: string;
    email?: string;
    callbackURL?: string;
    proof?: (proof: WalletProof) => WalletProof;
  } = {},
) {
  const nonce = change.nonce ?? (await tab.client.xrpl.nonce()).data?.nonce;
  if (nonce === undefined) throw new Error("no nonce");
  const address = change.address ?? (await wallet.getAddress());
  const message = pageMessage(tab, address, nonce, change);
  const signed = await wallet.sign(message);
  const proof = change.proof === undefined ? signed : change.proof(signed);
  const body = {
    message,
    address,
    ...proof,
    ...(change.email === undefined ? {} : { email: change.email }),
    ...(change.callbackURL === undefined ? {} : { callbackURL: change.callbackURL }),
  };
  const answer = await tab.client.xrpl.verify(body);
  return { ...answer, body, nonce };
}

/** Who better-auth says the tab is signed in as (user id, email, and the XRPL address of the session), or null. */
export async function whoIs(app: App, tab: Tab) {
  const signedIn = await app.auth.api.getSession({ headers: new Headers({ cookie: tab.jar.header() }) });
  if (signedIn === null) return null;
  const user = signedIn.user as { id: string; email: string; emailVerified: boolean };
  return { id: user.id, email: user.email, emailVerified: user.emailVerified, address: signedIn.session.xrplAddress ?? null };
}

/**
 * A GET with the tab's cookies and a `Host` header of the test's choosing (a browser on another
 * host name of the same server), over node:http since `fetch` does not let a caller set `Host`.
 */
export function getWithHost(tab: Tab, url: string, host: string): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, { method: "GET", headers: { host, cookie: tab.jar.header() } }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text === "" ? null : (JSON.parse(text) as unknown) }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** A JSON POST with a `Host` header of the test's choosing and no cookies, over node:http. */
export function postWithHost(url: string, host: string, body: unknown): Promise<{ status: number; body: unknown }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const request = httpRequest(
      url,
      { method: "POST", headers: { host, "content-type": "application/json", "content-length": Buffer.byteLength(payload) } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text === "" ? null : (JSON.parse(text) as unknown) }));
      },
    );
    request.on("error", reject);
    request.end(payload);
  });
}
