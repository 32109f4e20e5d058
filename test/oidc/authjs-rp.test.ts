/**
 * Auth.js (@auth/core, not ours) as the relying party, with its generic OpenID Connect provider
 * (`type: "oidc"`: discovery, PKCE, state, the code exchange and id_token check are Auth.js's):
 * a user signs in to an Auth.js app through the XRPL OpenID Provider, end to end over HTTP on
 * loopback, and the app's session carries the XRPL address.
 */
import { createServer } from "node:http";
import { Auth, type AuthConfig } from "@auth/core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { listenOnLoopback, sendWebResponse, toWebRequest } from "../support/node-http.js";
import { newKeyAccount } from "../examples/flow.js";
import { locationOf, openInteraction, signInteraction, startTestProvider, type TestProvider } from "./harness.js";

const CLIENT_SECRET = "authjs-client-secret-0123456789abcdef";

describe("Auth.js signs a user in through the XRPL OpenID Provider", () => {
  let verifier: Verifier;
  // A master key's sign-in asks the ledger whether the account disabled the key.
  let ledger: MockRippled | undefined;
  let op: TestProvider;
  let app: { url: string; stop(): Promise<void> };
  let authConfig: AuthConfig | undefined;

  beforeAll(async () => {
    verifier = createVerifier({ nodeUrl: (ledger = await startMockRippled()).url });
    // The Auth.js app first (its callback URL is the client's redirect_uri), configured once the provider runs.
    const server = createServer((incoming, outgoing) => {
      void (async () => {
        try {
          await sendWebResponse(await Auth(await toWebRequest(incoming), authConfig!), outgoing);
        } catch (error) {
          outgoing.writeHead(500, { "content-type": "text/plain" });
          outgoing.end(String(error));
        }
      })();
    });
    const url = await listenOnLoopback(server);
    app = {
      url,
      stop: () =>
        new Promise<void>((resolve) => {
          server.closeAllConnections();
          server.close(() => resolve());
        }),
    };
    op = await startTestProvider({
      verifier,
      clients: [{ client_id: "authjs-app", client_secret: CLIENT_SECRET, redirect_uris: [`${url}/api/auth/callback/xrpl`] }],
    });
    authConfig = {
      secret: "authjs-secret-0123456789abcdef0123456789",
      trustHost: true,
      basePath: "/api/auth",
      logger: { error() {}, warn() {}, debug() {} },
      providers: [
        {
          id: "xrpl",
          name: "XRPL",
          type: "oidc",
          issuer: op.issuer,
          clientId: "authjs-app",
          clientSecret: CLIENT_SECRET,
          authorization: { params: { scope: "openid profile xrpl" } },
        },
      ],
      callbacks: {
        jwt({ token, profile }) {
          if (profile !== undefined) token.xrplAddress = profile.xrpl_address;
          return token;
        },
        session({ session, token }) {
          return { ...session, user: { ...session.user, address: token.xrplAddress } };
        },
      },
    };
  });
  afterAll(async () => {
    await app?.stop();
    await op?.stop();
    await verifier?.close();
    await ledger?.stop();
  });

  async function session(jar: CookieJar): Promise<Record<string, unknown> | null> {
    return (await (await jar.fetch(`${app.url}/api/auth/session`)).json()) as Record<string, unknown> | null;
  }

  it("Sign in with XRPL: Auth.js → provider → wallet signature → Auth.js callback → the app's session has the address", async () => {
    const jar = createCookieJar();
    expect(await session(jar)).toBeNull();
    const { csrfToken } = (await (await jar.fetch(`${app.url}/api/auth/csrf`)).json()) as { csrfToken: string };
    const start = await jar.fetch(`${app.url}/api/auth/signin/xrpl`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrfToken, callbackUrl: `${app.url}/profile` }),
      redirect: "manual",
    });
    const authorization = locationOf(start, app.url);
    expect(authorization.origin + authorization.pathname).toBe(`${op.issuer}/auth`);
    expect(authorization.searchParams.get("code_challenge_method")).toBe("S256");

    const interaction = await openInteraction(authorization, jar);
    expect(interaction.details).toMatchObject({ clientId: "authjs-app", scopes: ["openid", "profile", "xrpl"] });
    const account = newKeyAccount();
    const verified = await signInteraction(interaction, { account });
    expect(verified.status).toBe(200);

    // The provider sends the browser back to Auth.js's callback, which exchanges the code itself.
    let next = new URL(String(verified.body.redirectTo));
    for (let hop = 0; hop < 6 && next.origin !== app.url; hop += 1)
      next = locationOf(await jar.fetch(next, { redirect: "manual" }), next.href);
    expect(next.pathname).toBe("/api/auth/callback/xrpl");
    const done = await jar.fetch(next, { redirect: "manual" });
    expect(locationOf(done, app.url).href).toBe(`${app.url}/profile`);

    // `name` from the profile scope, `address` from the xrpl scope's xrpl_address (the app's jwt callback keeps it).
    expect(await session(jar)).toMatchObject({ user: { name: account.address, address: account.address } });
  });
});
