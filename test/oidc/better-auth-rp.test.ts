/**
 * better-auth (not ours) as the relying party, with its generic OAuth plugin configured exactly as
 * the OpenID Provider guide shows it (discovery, PKCE, state, the code exchange and the user info
 * are better-auth's): a user signs in to a better-auth app through the XRPL OpenID Provider, end
 * to end over HTTP on loopback, better-auth's users and accounts in the real PostgreSQL. The
 * app's user is the XRPL address, and the same address signs in as the same user again.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import { betterAuth } from "better-auth";
import { genericOAuth } from "better-auth/plugins/generic-oauth";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrate } from "../../examples/better-auth/migrate.js";
import { createRequestListener } from "../../examples/better-auth/server.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { newKeyAccount, type KeyAccount } from "../examples/flow.js";
import { dropSchemas, freshSchema } from "../better-auth/harness.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { freePort } from "../support/example-process.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { locationOf, openInteraction, signInteraction, startTestProvider, type TestProvider } from "./harness.js";

const CLIENT_SECRET = "better-auth-client-secret-0123456789abcdef";

/** The app of the guide: better-auth with genericOAuth pointed at the provider. */
function createRelyingParty(issuer: string, baseURL: string, pool: pg.Pool) {
  return betterAuth({
    database: pool,
    baseURL,
    secret: "better-auth-relying-party-secret-0123456789",
    logger: { disabled: true },
    plugins: [
      genericOAuth({
        config: [
          {
            providerId: "xrpl",
            discoveryUrl: `${issuer}/.well-known/openid-configuration`,
            clientId: "better-auth-app",
            clientSecret: CLIENT_SECRET,
            scopes: ["openid", "profile", "xrpl"],
            pkce: true,
            mapProfileToUser: (profile) => ({
              name: String(profile.sub),
              email: `${String(profile.sub).toLowerCase()}@xrpl.placeholder.invalid`,
              emailVerified: false,
            }),
          },
        ],
      }),
    ],
  });
}

describe("better-auth signs a user in through the XRPL OpenID Provider (genericOAuth)", () => {
  let verifier: Verifier;
  let ledger: MockRippled;
  let op: TestProvider;
  let pool: pg.Pool;
  let server: Server;
  let appUrl: string;
  let auth: ReturnType<typeof createRelyingParty>;

  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
    // The app's port first: its callback URL is the client's redirect_uri.
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;
    op = await startTestProvider({
      verifier,
      clients: [{ client_id: "better-auth-app", client_secret: CLIENT_SECRET, redirect_uris: [`${appUrl}/api/auth/callback/xrpl`] }],
    });
    pool = new pg.Pool({ connectionString: await freshSchema() });
    auth = createRelyingParty(op.issuer, appUrl, pool);
    await migrate(auth);
    server = createServer(createRequestListener(auth as never));
    server.listen(port, "127.0.0.1");
    await once(server, "listening");
  });
  afterAll(async () => {
    server?.closeAllConnections();
    await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
    await pool?.end();
    await dropSchemas();
    await op?.stop();
    await verifier?.close();
    await ledger?.stop();
  });

  /** The app's sign-in button, the provider's interaction signed by `account`, back to the app's callback: where the app sends the browser last. */
  async function signIn(jar: CookieJar, account: KeyAccount): Promise<URL> {
    const start = await jar.fetch(`${appUrl}/api/auth/sign-in/social`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify({ provider: "xrpl", callbackURL: "/profile" }),
    });
    expect(start.status).toBe(200);
    const authorization = new URL(((await start.json()) as { url: string }).url);
    expect(authorization.origin + authorization.pathname).toBe(`${op.issuer}/auth`);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");

    const interaction = await openInteraction(authorization, jar);
    expect(interaction.details).toMatchObject({ clientId: "better-auth-app", scopes: ["openid", "profile", "xrpl"] });
    const verified = await signInteraction(interaction, { account });
    expect(verified.status).toBe(200);

    // The provider sends the browser back to better-auth's callback, which exchanges the code itself.
    let next = new URL(String(verified.body.redirectTo));
    for (let hop = 0; hop < 6 && next.origin !== appUrl; hop += 1)
      next = locationOf(await jar.fetch(next, { redirect: "manual" }), next.href);
    expect(next.pathname).toBe("/api/auth/callback/xrpl");
    const done = await jar.fetch(next, { redirect: "manual" });
    return locationOf(done, appUrl);
  }

  async function whoIs(jar: CookieJar) {
    const signedIn = await auth.api.getSession({ headers: new Headers({ cookie: jar.header() }) });
    return signedIn === null ? null : { id: signedIn.user.id, name: signedIn.user.name, email: signedIn.user.email };
  }

  it("Sign in with XRPL: better-auth → provider → wallet signature → better-auth callback → a session whose user is the address", async () => {
    const jar = createCookieJar();
    const account = newKeyAccount();
    expect(await whoIs(jar)).toBeNull();
    expect((await signIn(jar, account)).href).toBe(`${appUrl}/profile`);
    const user = await whoIs(jar);
    expect(user).toMatchObject({ name: account.address, email: `${account.address.toLowerCase()}@xrpl.placeholder.invalid` });

    // better-auth's account ties the user to the provider's `sub`: the classic address.
    const accounts = await pool.query<{ accountId: string; userId: string }>(
      `SELECT "accountId", "userId" FROM account WHERE "providerId" = 'xrpl' AND "userId" = $1`,
      [user!.id],
    );
    expect(accounts.rows).toEqual([{ accountId: account.address, userId: user!.id }]);

    // The same address in another browser: the same user.
    const again = createCookieJar();
    await signIn(again, account);
    expect((await whoIs(again))?.id).toBe(user!.id);
    // Another address: another user.
    const other = createCookieJar();
    await signIn(other, newKeyAccount("ecdsa-secp256k1"));
    expect((await whoIs(other))?.id).not.toBe(user!.id);
  });
});
