// The better-auth plugin keeps the library's contract: the message's URI must be on one of the
// app's origins (never a request header), `onSignIn` can refuse a sign-in, and a user already
// signed in who proves an address gets it linked (never another user), with endpoints to list
// and unlink addresses. Real better-auth on PostgreSQL over loopback HTTP, the mock rippled.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xrpl, XRPL_PROVIDER_ID, type XrplPluginOptions, type XrplSignInContext } from "../../src/better-auth/index.js";
import { createMessage } from "../../src/message/create.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createVerifier } from "../../src/verify/create-verifier.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { betterAuthApp, browser, dropSchemas, postWithHost, startApp, verifyByHand, whoIs, type App, type Tab } from "./harness.js";

let ledger: MockRippled;
beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
});
afterAll(async () => {
  await ledger?.stop();
  await dropSchemas();
});

/** better-auth with email and password next to the XRPL plugin. */
async function startAppWith(plugin: Partial<XrplPluginOptions> = {}, options: Parameters<typeof betterAuthApp>[2] = {}): Promise<App> {
  const verifier = createVerifier({ nodeUrl: ledger.url });
  return startApp((env) =>
    betterAuthApp(env, [xrpl({ verifier, ...plugin })], { emailAndPassword: { enabled: true }, ...options }, () => verifier.close()),
  );
}

async function signUpWithEmail(app: App, tab: Tab, email: string): Promise<string> {
  const response = await tab.fetch(`${app.baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "a-long-enough-password", name: email }),
  });
  expect(response.status).toBe(200);
  const user = await whoIs(app, tab);
  if (user === null) throw new Error("not signed in after sign-up");
  return user.id;
}

const tokenOf = (tab: Tab) => tab.jar.get("better-auth.session_token");

describe("better-auth plugin: the message's URI", () => {
  let app: App;
  beforeAll(async () => {
    app = await startAppWith();
  });
  afterAll(() => app?.close());

  it("refuses a message whose URI is on another origin than better-auth's baseURL (uri_mismatch)", async () => {
    const tab = browser(app);
    const answer = await verifyByHand(tab, createDevWallet(), { uri: "https://other.example" });
    expect(answer.error).toMatchObject({ status: 400, code: "uri_mismatch", message: "URI does not match." });
    expect(tokenOf(tab)).toBeUndefined();
    // Any path on the app's own origin is fine.
    expect((await verifyByHand(browser(app), createDevWallet(), { uri: `${app.baseUrl}/sign-in?next=%2F` })).error).toBeNull();
  });

  it("checks against the `uri` option when it is given", async () => {
    const own = await startAppWith({ uri: ["https://app.example", "https://www.app.example"] });
    try {
      expect((await verifyByHand(browser(own), createDevWallet(), { uri: "https://www.app.example/login" })).error).toBeNull();
      expect((await verifyByHand(browser(own), createDevWallet(), { uri: own.baseUrl })).error).toMatchObject({ code: "uri_mismatch" });
    } finally {
      await own.close();
    }
  });

  it("without a configured origin, never takes one from the request's Host: loopback URIs only in development", async () => {
    const verifier = createVerifier({ nodeUrl: ledger.url });
    const saved = process.env.BETTER_AUTH_URL;
    delete process.env.BETTER_AUTH_URL;
    const bare = await startApp((env) =>
      betterAuthApp({ ...env, BETTER_AUTH_URL: "" }, [xrpl({ verifier, domain: "evil.example" })], { baseURL: undefined }, () =>
        verifier.close(),
      ),
    );
    try {
      const { port } = new URL(bare.baseUrl);
      const evil = `evil.example:${port}`;
      const nonce = ((await postWithHost(`${bare.baseUrl}/api/auth/xrpl/nonce`, evil, {})).body as { nonce: string }).nonce;
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      const message = createMessage({
        domain: evil,
        address,
        uri: `http://${evil}`,
        version: "1",
        chainId: "xrpl:0",
        nonce,
        issuedAt: new Date(),
      });
      // better-auth takes its origin from this request's Host; the plugin does not.
      const answer = await postWithHost(`${bare.baseUrl}/api/auth/xrpl/verify`, evil, {
        message,
        address,
        ...(await wallet.sign(message)),
      });
      expect(answer).toMatchObject({ status: 400, body: { code: "uri_mismatch" } });
    } finally {
      if (saved !== undefined) process.env.BETTER_AUTH_URL = saved;
      await bare.close();
    }
  });

  it("refuses to start in production without an origin to check against", async () => {
    const verifier = createVerifier({ nodeUrl: ledger.url });
    const saved = process.env.BETTER_AUTH_URL;
    delete process.env.BETTER_AUTH_URL;
    try {
      const { auth, close } = betterAuthApp(
        { DATABASE_URL: "postgres://127.0.0.1:9/none", BETTER_AUTH_URL: "" },
        [xrpl({ verifier, domain: "example.com", production: true })],
        { baseURL: undefined },
        () => verifier.close(),
      );
      await expect(auth.$context).rejects.toThrow(
        /no origin to check the message's URI against: set better-auth's baseURL \(or BETTER_AUTH_URL\), or the plugin's `uri`/u,
      );
      await close();
    } finally {
      if (saved !== undefined) process.env.BETTER_AUTH_URL = saved;
    }
  });
});

describe("better-auth plugin: onSignIn", () => {
  it("refuses with the hook's status and message, creating, linking and signing in nothing", async () => {
    const seen: XrplSignInContext[] = [];
    const refused = createDevWallet();
    const refusedAddress = await refused.getAddress();
    const app = await startAppWith({
      onSignIn: (context) => {
        seen.push(context);
        if (context.address === refusedAddress) return { refuse: { status: 403, message: "This account is suspended." } };
      },
    });
    try {
      const tab = browser(app);
      const answer = await verifyByHand(tab, refused);
      expect(answer.error).toMatchObject({ status: 403, code: "sign_in_refused", message: "This account is suspended." });
      expect(tokenOf(tab)).toBeUndefined();
      const context = await app.auth.$context;
      expect(await context.internalAdapter.findAccountOwnerByKey({ providerId: XRPL_PROVIDER_ID, accountId: refusedAddress })).toBeNull();

      // The hook hears what is about to happen, and who it concerns.
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      expect((await verifyByHand(browser(app), wallet)).error).toBeNull();
      expect((await verifyByHand(browser(app), wallet)).error).toBeNull();
      const signedUp = seen.find((one) => one.address === address && one.action === "sign-up");
      expect(signedUp).toMatchObject({ user: null, chainId: "xrpl:0", check: { ok: true, address, authority: "master" } });
      expect(signedUp?.request).toBeInstanceOf(Request);
      const signedIn = seen.find((one) => one.address === address && one.action === "sign-in");
      expect(signedIn?.user?.name).toBe(address);
      // A link by a signed-in user is refused alike.
      const emailTab = browser(app);
      const userId = await signUpWithEmail(app, emailTab, "gina@corp.test");
      const link = await verifyByHand(emailTab, refused);
      expect(link.error).toMatchObject({ status: 403, code: "sign_in_refused" });
      expect(seen.at(-1)).toMatchObject({ action: "link", user: { id: userId, email: "gina@corp.test" } });
      expect((await emailTab.client.xrpl.listAddresses()).data?.addresses).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it("answers 500 and signs nothing in when the hook throws or answers nonsense", async () => {
    const errors: string[] = [];
    const throwing = await startAppWith({
      onSignIn: () => {
        throw new Error("directory down");
      },
      logger: { warn() {}, error: (message) => errors.push(message) },
    });
    try {
      const tab = browser(throwing);
      expect((await verifyByHand(tab, createDevWallet())).error).toMatchObject({ status: 500, code: "internal_error" });
      expect(tokenOf(tab)).toBeUndefined();
      expect(errors.join("\n")).toMatch(/onSignIn threw; nothing was signed in/u);
    } finally {
      await throwing.close();
    }
    const keeping = await startAppWith({
      onSignIn: () => ({ data: { plan: "gold" } }) as never,
      logger: { warn() {}, error: (message) => errors.push(message) },
    });
    try {
      const tab = browser(keeping);
      expect((await verifyByHand(tab, createDevWallet())).error).toMatchObject({ status: 500, code: "internal_error" });
      expect(tokenOf(tab)).toBeUndefined();
      expect(errors.join("\n")).toMatch(/onSignIn returned `data`, which the better-auth plugin does not keep/u);
    } finally {
      await keeping.close();
    }
  });
});

describe("better-auth plugin: a signed-in user who proves an address", () => {
  let app: App;
  beforeAll(async () => {
    app = await startAppWith();
  });
  afterAll(() => app?.close());

  it("links it to their user and keeps their session; the address then signs in as that user", async () => {
    const tab = browser(app);
    const userId = await signUpWithEmail(app, tab, "hana@corp.test");
    const session = tokenOf(tab);
    const wallet = createDevWallet();
    const address = await wallet.getAddress();

    const linked = await verifyByHand(tab, wallet);
    expect(linked.error).toBeNull();
    expect(linked.data).toMatchObject({ success: true, action: "link", user: { id: userId, address } });
    // The same session, still the email sign-in.
    expect(tokenOf(tab)).toBe(session);
    expect(await whoIs(app, tab)).toMatchObject({ id: userId, email: "hana@corp.test", address: null });
    const listed = (await tab.client.xrpl.listAddresses()).data?.addresses ?? [];
    expect(listed.map((one) => one.address)).toEqual([address]);
    expect(Math.abs(new Date(listed[0]?.linkedAt ?? 0).getTime() - Date.now())).toBeLessThan(60_000);

    const elsewhere = browser(app);
    expect((await verifyByHand(elsewhere, wallet)).data).toMatchObject({ action: "sign-in", user: { id: userId } });
    expect(await whoIs(app, elsewhere)).toMatchObject({ id: userId, address });
  });

  it("refuses an address another user has (409), and leaves the signed-in user as they were", async () => {
    const owner = createDevWallet();
    const ownerTab = browser(app);
    expect((await verifyByHand(ownerTab, owner)).error).toBeNull();
    const ownerId = (await whoIs(app, ownerTab))?.id;

    const tab = browser(app);
    const userId = await signUpWithEmail(app, tab, "ivan@corp.test");
    const session = tokenOf(tab);
    const answer = await verifyByHand(tab, owner);
    expect(answer.error).toMatchObject({
      status: 409,
      code: "address_linked_to_another_user",
      message: "This XRPL account is already linked to another user.",
    });
    expect(tokenOf(tab)).toBe(session);
    expect((await whoIs(app, tab))?.id).toBe(userId);
    expect((await whoIs(app, ownerTab))?.id).toBe(ownerId);
  });

  it("signs a user in again with an address already theirs, as the same user", async () => {
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    const tab = browser(app);
    expect((await verifyByHand(tab, wallet)).error).toBeNull();
    const userId = (await whoIs(app, tab))?.id;
    const again = await verifyByHand(tab, wallet);
    expect(again.data).toMatchObject({ action: "sign-in", user: { id: userId } });
    expect((await whoIs(app, tab))?.id).toBe(userId);
  });

  it("with linkAccount: false, refuses an address not theirs (link_disabled)", async () => {
    const strict = await startAppWith({ linkAccount: false });
    try {
      const tab = browser(strict);
      const userId = await signUpWithEmail(strict, tab, "jade@corp.test");
      const answer = await verifyByHand(tab, createDevWallet());
      expect(answer.error).toMatchObject({ status: 403, code: "link_disabled" });
      expect((await whoIs(strict, tab))?.id).toBe(userId);
    } finally {
      await strict.close();
    }
  });

  it("refuses a cross-site request carrying the session cookie, before anything is linked (better-auth's origin check)", async () => {
    const checked = await startAppWith({}, { advanced: { disableOriginCheck: false } });
    try {
      const tab = browser(checked);
      await signUpWithEmail(checked, tab, "kim@corp.test");
      const nonce = (await tab.client.xrpl.nonce()).data?.nonce ?? "";
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      const message = createMessage({
        domain: tab.page.domain,
        address,
        uri: tab.page.uri,
        version: "1",
        chainId: "xrpl:0",
        nonce,
        issuedAt: new Date(),
      });
      const response = await tab.jar.fetch(`${checked.baseUrl}/api/auth/xrpl/verify`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: "https://evil.example" },
        body: JSON.stringify({ message, address, ...(await wallet.sign(message)) }),
      });
      expect(response.status).toBe(403);
      expect((await tab.client.xrpl.listAddresses()).data?.addresses).toEqual([]);
    } finally {
      await checked.close();
    }
  });
});

describe("better-auth plugin: listing and unlinking addresses", () => {
  let app: App;
  beforeAll(async () => {
    app = await startAppWith();
  });
  afterAll(() => app?.close());

  it("unlinks an address: it is gone from the list, its sessions end, and it no longer signs in as that user", async () => {
    const tab = browser(app);
    const userId = await signUpWithEmail(app, tab, "lena@corp.test");
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    expect((await verifyByHand(tab, wallet)).data?.action).toBe("link");
    const xrplTab = browser(app);
    expect((await verifyByHand(xrplTab, wallet)).error).toBeNull();
    expect((await whoIs(app, xrplTab))?.id).toBe(userId);

    const unlinked = await tab.client.xrpl.unlink({ address });
    expect(unlinked.error).toBeNull();
    expect(unlinked.data).toEqual({ success: true, address });
    expect((await tab.client.xrpl.listAddresses()).data?.addresses).toEqual([]);
    // The session the address signed in has ended; the email session goes on.
    expect(await whoIs(app, xrplTab)).toBeNull();
    expect((await whoIs(app, tab))?.id).toBe(userId);
    // The address is free again: it signs up as a new user.
    const fresh = browser(app);
    expect((await verifyByHand(fresh, wallet)).data?.action).toBe("sign-up");
    expect((await whoIs(app, fresh))?.id).not.toBe(userId);
  });

  it("refuses to unlink the last way to sign in, an address not linked, and a caller not signed in", async () => {
    const tab = browser(app);
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    expect((await verifyByHand(tab, wallet)).error).toBeNull();
    expect((await tab.client.xrpl.unlink({ address })).error).toMatchObject({ status: 400, code: "last_account" });
    const other = await createDevWallet().getAddress();
    expect((await tab.client.xrpl.unlink({ address: other })).error).toMatchObject({ status: 404, code: "not_linked" });
    expect((await tab.client.xrpl.listAddresses()).data?.addresses.map((one) => one.address)).toEqual([address]);

    const stranger = browser(app);
    expect((await stranger.client.xrpl.unlink({ address })).error).toMatchObject({ status: 401, code: "not_signed_in" });
    expect((await stranger.client.xrpl.listAddresses()).error).toMatchObject({ status: 401, code: "not_signed_in" });
    const malformed = await tab.fetch(`${app.baseUrl}/api/auth/xrpl/unlink`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ address: "not an address" }),
    });
    expect(malformed.status).toBe(400);
  });
});
