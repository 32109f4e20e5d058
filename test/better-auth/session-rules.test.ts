// A better-auth session signed in with XRPL lives by the rules of the library's HTTP handlers,
// on every endpoint (better-auth's own, the plugin's, the app's auth.api calls): it ends
// `maxSessionAgeSeconds` after the proof however often better-auth refreshes it; with
// `revalidateAfterSeconds` it ends once the key that signed lost its authority on the ledger;
// with several domains it counts only on the host it signed in for; and the nonce route never
// signs anyone out. Real better-auth on PostgreSQL over loopback HTTP, the mock rippled as the ledger.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xrpl, type XrplPluginOptions } from "../../src/better-auth/index.js";
import type { Wallet } from "../../src/client/types.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createVerifier } from "../../src/verify/create-verifier.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { betterAuthApp, browser, dropSchemas, getWithHost, startApp, verifyByHand, type App, type Tab } from "./harness.js";

let ledger: MockRippled;
beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
});
afterAll(async () => {
  await ledger?.stop();
  await dropSchemas();
});

/** An app whose plugin reads `clock` (ms added to the real time), with better-auth refreshing sessions on every read. */
async function startClockedApp(plugin: Partial<XrplPluginOptions>): Promise<{ app: App; advance(seconds: number): void }> {
  let offsetMs = 0;
  const verifier = createVerifier({ nodeUrl: ledger.url });
  const app = await startApp((env) =>
    betterAuthApp(env, [xrpl({ verifier, now: () => Date.now() + offsetMs, ...plugin })], { session: { updateAge: 0 } }, () =>
      verifier.close(),
    ),
  );
  return { app, advance: (seconds) => void (offsetMs += seconds * 1000) };
}

/** What every kind of reader says about the tab: better-auth's session route, the app's route, a better-auth endpoint that needs a session. */
async function readers(app: App, tab: Tab) {
  const session = (await tab.client.getSession()).data;
  const profile = await tab.fetch(`${app.baseUrl}/api/profile`);
  const accounts = await tab.fetch(`${app.baseUrl}/api/auth/list-accounts`);
  return { session: session?.session.xrplAddress ?? null, profile: profile.status, accounts: accounts.status };
}

/** A wallet that signs for `address` with its regular key `regular`. */
function regularKeyWallet(address: string, regular: Wallet): Wallet {
  return { getAddress: () => address, sign: (message) => regular.sign(message) };
}

describe("better-auth plugin: the absolute lifetime of an XRPL sign-in", () => {
  it("ends the session maxSessionAgeSeconds after the proof, though better-auth refreshed it on every read", async () => {
    const { app, advance } = await startClockedApp({ maxSessionAgeSeconds: 60 });
    try {
      const tab = browser(app);
      const wallet = createDevWallet();
      const address = await wallet.getAddress();
      expect((await verifyByHand(tab, wallet)).error).toBeNull();
      const token = (await app.auth.api.getSession({ headers: new Headers({ cookie: tab.jar.header() }) }))?.session.token;
      expect(token).toEqual(expect.any(String));

      advance(30);
      expect(await readers(app, tab)).toEqual({ session: address, profile: 200, accounts: 200 });
      advance(31);
      expect(await readers(app, tab)).toEqual({ session: null, profile: 401, accounts: 401 });
      // Ended for good: the row is gone, and the browser was told to drop the cookie.
      const context = await app.auth.$context;
      expect(await context.internalAdapter.findSession(token ?? "")).toBeNull();
      expect(tab.jar.get("better-auth.session_token")).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});

describe("better-auth plugin: revalidation on the ledger", () => {
  it("ends the session at the next revalidation once the regular key that signed is rotated away", async () => {
    const { app, advance } = await startClockedApp({ revalidateAfterSeconds: 60 });
    const account = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    const address = await account.getAddress();
    const regular = createDevWallet();
    ledger.setAccount(address, { regularKey: await regular.getAddress() });
    try {
      const tab = browser(app);
      expect((await verifyByHand(tab, regularKeyWallet(address, regular))).error).toBeNull();
      advance(61);
      // Checked again, and the ledger still says yes.
      expect(await readers(app, tab)).toEqual({ session: address, profile: 200, accounts: 200 });

      ledger.setAccount(address, { regularKey: await createDevWallet().getAddress() });
      // Within the interval nothing is asked.
      expect((await readers(app, tab)).session).toBe(address);
      advance(61);
      expect(await readers(app, tab)).toEqual({ session: null, profile: 401, accounts: 401 });
      // The owner, with the new key, signs in again as the same user.
      const again = browser(app);
      expect((await verifyByHand(again, account)).error).toBeNull();
    } finally {
      ledger.removeAccount(address);
      await app.close();
    }
  });
});

describe("better-auth plugin: the nonce route", () => {
  it("keeps the session of a user who asks for a nonce (a second tab, a cancelled wallet prompt)", async () => {
    const { app } = await startClockedApp({});
    try {
      const tab = browser(app);
      const wallet = createDevWallet();
      expect((await verifyByHand(tab, wallet)).error).toBeNull();
      const token = tab.jar.get("better-auth.session_token");
      expect((await tab.client.xrpl.nonce()).data?.nonce).toMatch(/^[0-9a-f]{32}$/u);
      expect((await tab.client.xrpl.nonce()).error).toBeNull();
      expect(await readers(app, tab)).toEqual({ session: await wallet.getAddress(), profile: 200, accounts: 200 });
      expect(tab.jar.get("better-auth.session_token")).toBe(token);
    } finally {
      await app.close();
    }
  });
});

describe("better-auth plugin: several domains", () => {
  it("answers as signed out on a host other than the one the session signed in for, and leaves the session alone", async () => {
    const { app } = await startClockedApp({ domain: ["127.0.0.1", "localhost"] });
    try {
      const tab = browser(app);
      const wallet = createDevWallet();
      expect((await verifyByHand(tab, wallet)).error).toBeNull();
      const { host, port } = new URL(app.baseUrl);
      const other = `localhost:${port}`;

      expect(await getWithHost(tab, `${app.baseUrl}/api/profile`, other)).toMatchObject({ status: 401 });
      expect(await getWithHost(tab, `${app.baseUrl}/api/auth/get-session`, other)).toEqual({ status: 200, body: null });
      expect(await getWithHost(tab, `${app.baseUrl}/api/auth/list-accounts`, other)).toMatchObject({ status: 401 });
      // On its own host the session goes on.
      expect(await getWithHost(tab, `${app.baseUrl}/api/profile`, host)).toMatchObject({
        status: 200,
        body: { address: await wallet.getAddress() },
      });
    } finally {
      await app.close();
    }
  });
});
