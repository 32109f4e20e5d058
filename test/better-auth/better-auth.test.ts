// The better-auth plugin, end to end: the example app (examples/better-auth) on a real loopback
// HTTP server, better-auth on the real PostgreSQL (its own schema per run), the better-auth
// client with the XRPL client plugin and this library's controller, dev wallets of both curves
// answering both proof kinds, and the mock rippled as the XRPL node.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../examples/better-auth/auth.js";
import { signInWithXrpl } from "../../examples/better-auth/client.js";
import { xrpl, XRPL_PROVIDER_ID } from "../../src/better-auth/index.js";
import { ServerRejectedError } from "../../src/client/errors.js";
import type { Wallet } from "../../src/client/types.js";
import { InvalidOptionsError } from "../../src/errors.js";
import { createDevWallet, type DevWallet } from "../../src/testing/index.js";
import { compactSignature } from "../../src/verify/compact-signature.js";
import { createVerifier } from "../../src/verify/create-verifier.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { browser, dropSchemas, LSF_DISABLE_MASTER, pageMessage, SECRET, startApp, verifyByHand, type App } from "./harness.js";

let ledger: MockRippled;
let app: App;

beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
  app = await startApp((env) => createAuth({ ...env, BETTER_AUTH_SECRET: SECRET, XRPL_NODE_URL: ledger.url }));
});

afterAll(async () => {
  await app?.close();
  await ledger?.stop();
  await dropSchemas();
});

describe("better-auth plugin: signing in end to end", () => {
  const kinds = [
    { algorithm: "ed25519", proof: "signature" },
    { algorithm: "ecdsa-secp256k1", proof: "signature" },
    { algorithm: "ed25519", proof: "signedTx" },
    { algorithm: "ecdsa-secp256k1", proof: "signedTx" },
  ] as const;

  for (const { algorithm, proof } of kinds) {
    it(`signs in a ${algorithm} dev wallet by ${proof}: session cookie, better-auth session, user and account`, async () => {
      const tab = browser(app);
      const wallet = createDevWallet({ algorithm, proof });
      const address = await wallet.getAddress();

      const state = await signInWithXrpl(tab.client, wallet, tab.page);
      expect(state).toMatchObject({ status: "authenticated", address });
      expect(tab.jar.get("better-auth.session_token")).toBeDefined();
      expect(tab.jar.lastSetCookie("better-auth.session_token")?.attributes).toMatchObject({ httponly: true });

      // better-auth's own session reader, on the server, from the cookie alone.
      const signedIn = await app.auth.api.getSession({ headers: new Headers({ cookie: tab.jar.header() }) });
      expect(signedIn?.session.xrplAddress).toBe(address);
      expect(signedIn?.user).toMatchObject({
        name: address,
        email: `${address.toLowerCase()}@xrpl.placeholder.invalid`,
        emailVerified: false,
      });

      // The account ties the user to the address.
      const accounts = await app.auth.api.listUserAccounts({ headers: new Headers({ cookie: tab.jar.header() }) });
      expect(accounts.map((account) => [account.providerId, account.accountId])).toEqual([[XRPL_PROVIDER_ID, address]]);

      // The app's own route, the client's session and the adapter's `me` agree.
      const profile = await tab.fetch(`${app.baseUrl}/api/profile`);
      expect(await profile.json()).toEqual({ userId: signedIn?.user.id, name: address, address });
      expect((await tab.client.getSession()).data?.session.xrplAddress).toBe(address);
      expect(await tab.client.xrpl.authAdapter().me?.()).toEqual({ address });
    });
  }

  it("signs the same address in again as the same user, and signs out", async () => {
    const wallet = createDevWallet();
    const first = browser(app);
    const second = browser(app);
    const one = await verifyByHand(first, wallet);
    const two = await verifyByHand(second, wallet);
    expect(one.error).toBeNull();
    expect(two.error).toBeNull();
    expect(two.data?.user.id).toBe(one.data?.user.id);
    expect(two.data?.token).not.toBe(one.data?.token);

    const adapter = second.client.xrpl.authAdapter();
    await adapter.signOut();
    expect(await adapter.me?.()).toBeNull();
    expect((await app.auth.api.getSession({ headers: new Headers({ cookie: first.jar.header() }) }))?.session.xrplAddress).toBe(
      await wallet.getAddress(),
    );
  });

  it("refuses a replayed verify request: the nonce is used up", async () => {
    const tab = browser(app);
    await signInWithXrpl(tab.client, createDevWallet(), tab.page);
    const replay = browser(app);
    const answer = await replay.fetch(`${app.baseUrl}/api/auth/xrpl/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(tab.verifyBodies[0]),
    });
    expect(answer.status).toBe(400);
    // The used nonce's row is deleted: the server cannot tell a replay from a made-up nonce.
    expect(await answer.json()).toMatchObject({ code: "unknown_nonce" });
    expect(replay.jar.get("better-auth.session_token")).toBeUndefined();
  });

  it("lets exactly one of many racing requests with the same proof sign in", async () => {
    const tab = browser(app);
    const nonce = (await tab.client.xrpl.nonce()).data?.nonce ?? "";
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    const message = pageMessage(tab, address, nonce);
    const raced = JSON.stringify({ message, address, ...(await wallet.sign(message)) });
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${app.baseUrl}/api/auth/xrpl/verify`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: app.baseUrl },
          body: raced,
        }),
      ),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, ...Array<number>(9).fill(400)]);
    // The losers met the nonce either while it was being deleted or after.
    for (const answer of answers.filter((one) => one.status === 400)) {
      expect(["nonce_used", "unknown_nonce"]).toContain(((await answer.json()) as { code: string }).code);
    }
  });

  it("creates one user when two first sign-ins of a new address race", async () => {
    const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    const [one, two] = await Promise.all([verifyByHand(browser(app), wallet), verifyByHand(browser(app), wallet)]);
    expect(one.error).toBeNull();
    expect(two.error).toBeNull();
    expect(one.data?.user.id).toBe(two.data?.user.id);
  });
});

describe("better-auth plugin: refusals carry the rule that failed", () => {
  it("refuses a message made for another domain, whatever the request's Host says", async () => {
    const tab = browser(app);
    const answer = await verifyByHand(tab, createDevWallet(), { domain: "evil.example" });
    expect(answer.error).toMatchObject({ status: 400, code: "domain_mismatch", message: "Domain does not match." });
  });

  it("refuses a message for another chain than the plugin's", async () => {
    const answer = await verifyByHand(browser(app), createDevWallet(), { chainId: "xrpl:1" });
    expect(answer.error).toMatchObject({ status: 400, code: "chain_mismatch" });
  });

  it("refuses a bad signature with the verifier's code, and leaves the nonce usable", async () => {
    const tab = browser(app);
    const wallet = createDevWallet();
    const forged = await verifyByHand(tab, wallet, {
      proof: (proof) =>
        proof.signatureKind === "signature"
          ? { ...proof, signature: proof.signature.replace(/^../u, (pair) => (pair === "00" ? "11" : "00")) }
          : proof,
    });
    expect(forged.error).toMatchObject({ status: 401, code: "invalid_signature", message: "Signature verification failed." });
    expect(tab.jar.get("better-auth.session_token")).toBeUndefined();
    // A forged proof cannot burn the nonce: the real signer can still use it.
    const real = await verifyByHand(tab, wallet, { nonce: forged.nonce });
    expect(real.error).toBeNull();
  });

  it("refuses a key that has no authority over the address signing in", async () => {
    const tab = browser(app);
    const signer = createDevWallet();
    const other = await createDevWallet().getAddress();
    // Not its master key, and the account is not on the ledger: nothing gave that key authority.
    const answer = await verifyByHand(tab, signer, { address: other });
    expect(answer.error).toMatchObject({ status: 401, code: "account_not_found" });
  });

  it("refuses a nonce it never issued, and a malformed message", async () => {
    const tab = browser(app);
    const unknown = await verifyByHand(tab, createDevWallet(), { nonce: "abcdefgh12345678" });
    expect(unknown.error).toMatchObject({ status: 400, code: "unknown_nonce" });

    const wallet = createDevWallet();
    const malformed = await tab.client.xrpl.verify({
      message: "hello",
      address: await wallet.getAddress(),
      ...(await wallet.sign("hello")),
    });
    expect(malformed.error).toMatchObject({ status: 400, code: "invalid_message", message: "Invalid message format." });

    const response = await tab.fetch(`${app.baseUrl}/api/auth/xrpl/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ message: "x", signatureKind: "carrier-pigeon", address: "r" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "VALIDATION_ERROR" });
  });

  it("follows the account's keys on the ledger: its regular key signs in for it", async () => {
    const account = createDevWallet({ algorithm: "ecdsa-secp256k1" });
    const accountAddress = await account.getAddress();
    const regular: DevWallet = createDevWallet();
    ledger.setAccount(accountAddress, { regularKey: await regular.getAddress() });
    try {
      const asAccount: Wallet = { getAddress: () => accountAddress, sign: (message) => regular.sign(message) };
      const tab = browser(app);
      const state = await signInWithXrpl(tab.client, asAccount, tab.page);
      expect(state.address).toBe(accountAddress);
      const signedIn = await app.auth.api.getSession({ headers: new Headers({ cookie: tab.jar.header() }) });
      expect(signedIn?.session.xrplAddress).toBe(accountAddress);
    } finally {
      ledger.removeAccount(accountAddress);
    }
  });
});

describe("better-auth plugin: options", () => {
  it("signs in without the ledger when the verifier never asks it (compactSignature ledger: never)", async () => {
    const offline = await startApp((env) =>
      createAuth(
        { ...env, BETTER_AUTH_SECRET: SECRET },
        createVerifier({ nodeUrl: "ws://127.0.0.1:9", strategies: [compactSignature({ ledger: "never" })] }),
      ),
    );
    try {
      const tab = browser(offline);
      const wallet = createDevWallet({ algorithm: "ecdsa-secp256k1" });
      const state = await signInWithXrpl(tab.client, wallet, tab.page);
      expect(state.address).toBe(await wallet.getAddress());
    } finally {
      await offline.close();
    }
  });

  it("refuses a disabled master key when the verifier reads the ledger for every signature", async () => {
    const strict = await startApp((env) =>
      createAuth(
        { ...env, BETTER_AUTH_SECRET: SECRET },
        createVerifier({ nodeUrl: ledger.url, strategies: [compactSignature({ ledger: "always" })] }),
      ),
    );
    const account = createDevWallet();
    const address = await account.getAddress();
    ledger.setAccount(address, { flags: LSF_DISABLE_MASTER });
    try {
      const tab = browser(strict);
      const master = await verifyByHand(tab, account);
      expect(master.error).toMatchObject({ status: 401, code: "master_disabled", message: "Signature verification failed." });
      // Through the controller, the refusal names the code too.
      await expect(signInWithXrpl(tab.client, account, tab.page)).rejects.toSatisfy(
        (error: unknown) =>
          error instanceof ServerRejectedError && error.status === 401 && /master_disabled/u.test(error.serverError ?? ""),
      );
      expect(tab.jar.get("better-auth.session_token")).toBeUndefined();
    } finally {
      ledger.removeAccount(address);
      await strict.close();
    }
  });

  it("refuses unusable options at start, each with the setting to fix", () => {
    const verifier = createVerifier({ nodeUrl: "ws://127.0.0.1:9" });
    expect(() => xrpl({ verifier, production: true })).toThrow(InvalidOptionsError);
    expect(() => xrpl({ verifier, production: true })).toThrow(/`domain` is required in production/u);
    expect(() => xrpl({ verifier, domain: "https://example.com/" })).toThrow(/is not a host/u);
    expect(() => xrpl({ verifier, chainId: "0" })).toThrow(/`chainId` must be a CAIP-2 XRPL chain id/u);
    expect(() => xrpl({ verifier, emailDomainName: "not a host" })).toThrow(/`emailDomainName`/u);
    expect(() => xrpl({ verifier: {} as never })).toThrow(/`verifier` is missing/u);
    expect(() => xrpl({ verifier, domain: "example.com", production: true })).not.toThrow();
  });
});
