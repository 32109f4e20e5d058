// The email a first XRPL sign-in claims (`anonymous: false`) is never stored as the user's until
// proven. End to end on better-auth over PostgreSQL with email and password sign-in, better-auth's
// email verification and password reset, the mails caught as the app's mailer would send them:
// the pre-hijack attack (an attacker claims a victim's email with his own XRPL account) fails, and
// an honest claim becomes the user's email once its link is followed, or at once when the app's
// `verifyEmail` proves it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { xrpl, type XrplPluginOptions } from "../../src/better-auth/index.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createVerifier } from "../../src/verify/create-verifier.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { betterAuthApp, browser, dropSchemas, startApp, verifyByHand, whoIs, type App, type Tab } from "./harness.js";

interface Mail {
  to: string;
  kind: "verify-email" | "reset-password" | "claim";
  url: string;
  token: string;
}

let ledger: MockRippled;
beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
});
afterAll(async () => {
  await ledger?.stop();
  await dropSchemas();
});

/** better-auth with email and password, its email verification and password reset, and the XRPL plugin with `anonymous: false`. */
async function startMailingApp(plugin: Partial<XrplPluginOptions> = {}): Promise<{ app: App; mails: Mail[] }> {
  const mails: Mail[] = [];
  const verifier = createVerifier({ nodeUrl: ledger.url });
  const app = await startApp((env) =>
    betterAuthApp(
      env,
      [xrpl({ verifier, anonymous: false, ...plugin })],
      {
        emailAndPassword: {
          enabled: true,
          sendResetPassword: async ({ user, url, token }) => void mails.push({ to: user.email, kind: "reset-password", url, token }),
        },
        emailVerification: {
          sendVerificationEmail: async ({ user, url, token }) => void mails.push({ to: user.email, kind: "verify-email", url, token }),
        },
      },
      () => verifier.close(),
    ),
  );
  return { app, mails };
}

const mailsTo = (mails: Mail[], to: string) => mails.filter((mail) => mail.to === to);

async function postJson(tab: Tab, app: App, path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await tab.fetch(`${app.baseUrl}/api/auth${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Follows a mailed link the way a mail client does: a plain GET, no cookies, redirects not followed. */
async function follow(url: string): Promise<Response> {
  return fetch(url, { redirect: "manual" });
}

describe("better-auth plugin: a claimed email is not the user's until proven", () => {
  let app: App;
  let mails: Mail[];
  beforeAll(async () => {
    ({ app, mails } = await startMailingApp());
  });
  afterAll(() => app?.close());

  it("refuses the pre-hijack: the victim signs up, resets her password and stays apart from the attacker", async () => {
    const victim = "victim@corp.test";
    // The attacker signs in with his own XRPL account, claiming the victim's email.
    const attackerTab = browser(app);
    const attackerWallet = createDevWallet();
    const attackerAddress = await attackerWallet.getAddress();
    const attack = await verifyByHand(attackerTab, attackerWallet, { email: victim });
    expect(attack.error).toBeNull();
    expect(attack.data?.action).toBe("sign-up");
    const attacker = await whoIs(app, attackerTab);
    expect(attacker).toMatchObject({ email: `${attackerAddress.toLowerCase()}@xrpl.placeholder.invalid`, emailVerified: false });
    // Nobody has her email: the only trace is a link mailed to her own mailbox.
    const context = await app.auth.$context;
    expect(await context.internalAdapter.findUserByEmail(victim)).toBeNull();
    expect(mailsTo(mails, victim).map((mail) => mail.kind)).toEqual(["verify-email"]);

    // Her own sign-up works: no "already exists".
    const victimTab = browser(app);
    const signUp = await postJson(victimTab, app, "/sign-up/email", { email: victim, password: "her-first-password-123", name: "Victim" });
    expect(signUp.status).toBe(200);
    const her = await whoIs(app, victimTab);
    expect(her?.id).toBeDefined();
    expect(her?.id).not.toBe(attacker?.id);

    // Her password reset reaches her own user, and signs her into it.
    expect((await postJson(browser(app), app, "/request-password-reset", { email: victim })).status).toBe(200);
    const reset = mailsTo(mails, victim).find((mail) => mail.kind === "reset-password");
    expect(reset).toBeDefined();
    expect(
      (await postJson(browser(app), app, "/reset-password", { token: reset?.token, newPassword: "her-new-password-456" })).status,
    ).toBe(200);
    const afterReset = browser(app);
    expect((await postJson(afterReset, app, "/sign-in/email", { email: victim, password: "her-new-password-456" })).status).toBe(200);
    expect((await whoIs(app, afterReset))?.id).toBe(her?.id);

    // The attacker's XRPL sign-in still leads to his own user, which never got her email.
    const again = browser(app);
    expect((await verifyByHand(again, attackerWallet)).error).toBeNull();
    expect(await whoIs(app, again)).toMatchObject({ id: attacker?.id, email: attacker?.email, emailVerified: false });

    // Even if she now follows the link she never asked for, her email is not moved to him.
    const claimLink = mailsTo(mails, victim).find((mail) => mail.kind === "verify-email");
    const followed = await follow(claimLink?.url ?? "");
    // As better-auth answers a link that fails: back to the link's callbackURL, with the reason.
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/?error=email_taken");
    expect(await context.internalAdapter.findUserById(attacker?.id ?? "")).toMatchObject({ email: attacker?.email });
    expect((await context.internalAdapter.findUserByEmail(victim))?.user.id).toBe(her?.id);
  });

  it("stores an honest claim, verified, once the mailed link is followed (better-auth's own /verify-email)", async () => {
    const email = "alice@wallets.test";
    const tab = browser(app);
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    expect((await verifyByHand(tab, wallet, { email: "Alice@Wallets.test", callbackURL: "/welcome" })).error).toBeNull();
    const before = await whoIs(app, tab);
    expect(before?.email).not.toBe(email);

    const link = mailsTo(mails, email).find((mail) => mail.kind === "verify-email");
    expect(link?.url).toMatch(new RegExp(`^${app.baseUrl}/api/auth/verify-email\\?token=.+&callbackURL=%2Fwelcome$`, "u"));
    const followed = await follow(link?.url ?? "");
    expect(followed.status).toBe(302);
    expect(followed.headers.get("location")).toBe("/welcome");
    expect(await whoIs(app, tab)).toMatchObject({ id: before?.id, email, emailVerified: true });
  });

  it("asks for the email only at an address's first sign-in, and keeps the nonce when it is missing", async () => {
    const tab = browser(app);
    const wallet = createDevWallet();
    const missing = await verifyByHand(tab, wallet);
    expect(missing.error).toMatchObject({ status: 400, code: "email_required" });
    // The same proof, now with an email: its nonce was not used up.
    const withEmail = await tab.client.xrpl.verify({ ...missing.body, email: "bob@wallets.test" });
    expect(withEmail.error).toBeNull();
    // A later sign-in of the same address needs none, and an email sent then is ignored.
    const later = browser(app);
    expect((await verifyByHand(later, wallet)).error).toBeNull();
    const ignored = browser(app);
    expect((await verifyByHand(ignored, wallet, { email: "someone-else@wallets.test" })).error).toBeNull();
    expect(mailsTo(mails, "someone-else@wallets.test")).toEqual([]);
    expect((await whoIs(app, ignored))?.id).toBe((await whoIs(app, later))?.id);
  });

  it("never mails, nor stores, an email another user already has", async () => {
    const owner = browser(app);
    expect(
      (await postJson(owner, app, "/sign-up/email", { email: "carol@corp.test", password: "carols-password-123", name: "Carol" })).status,
    ).toBe(200);
    const sent = mails.length;
    const tab = browser(app);
    const answer = await verifyByHand(tab, createDevWallet(), { email: "carol@corp.test" });
    expect(answer.error).toBeNull();
    expect((await whoIs(app, tab))?.email).toMatch(/@xrpl\.placeholder\.invalid$/u);
    expect(mails.slice(sent).filter((mail) => mail.to === "carol@corp.test" && mail.kind === "verify-email")).toEqual([]);
  });

  it("refuses a callbackURL outside better-auth's trusted origins", async () => {
    const answer = await verifyByHand(browser(app), createDevWallet(), {
      email: "dave@wallets.test",
      callbackURL: "https://evil.example/",
    });
    expect(answer.error).toMatchObject({ status: 403, code: "invalid_callback_url" });
  });
});

describe("better-auth plugin: the app's verifyEmail and sendEmailClaimLink", () => {
  it("stores an email verifyEmail proves, verified, at once; sends the plugin's own link for one it does not", async () => {
    const known = new Map<string, string>();
    const links: { email: string; address: string; url: string }[] = [];
    const { app, mails } = await startMailingApp({
      verifyEmail: ({ email, address }) => known.get(address) === email,
      sendEmailClaimLink: async ({ email, address, url }) => void links.push({ email, address, url }),
    });
    try {
      const proven = createDevWallet();
      known.set(await proven.getAddress(), "erin@corp.test");
      const tab = browser(app);
      expect((await verifyByHand(tab, proven, { email: "erin@corp.test" })).error).toBeNull();
      expect(await whoIs(app, tab)).toMatchObject({ email: "erin@corp.test", emailVerified: true });

      const unproven = createDevWallet();
      const other = browser(app);
      expect((await verifyByHand(other, unproven, { email: "frank@corp.test" })).error).toBeNull();
      expect((await whoIs(app, other))?.email).toMatch(/@xrpl\.placeholder\.invalid$/u);
      // The plugin's sender, not better-auth's generic one, got the link, with the address it is for.
      expect(links).toEqual([
        { email: "frank@corp.test", address: await unproven.getAddress(), url: expect.stringContaining("/verify-email?token=") },
      ]);
      expect(mails).toEqual([]);
      expect((await follow(links[0]?.url ?? "")).status).toBe(302);
      expect(await whoIs(app, other)).toMatchObject({ email: "frank@corp.test", emailVerified: true });
    } finally {
      await app.close();
    }
  });
});
