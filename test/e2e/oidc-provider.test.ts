/**
 * The OpenID Provider example's interaction page in real chromium, under the provider's
 * Content-Security-Policy: a relying party (openid-client) sends the browser to the provider, the
 * page signs with its dev wallet, the browser comes back to the relying party with a code, and
 * the id_token names the dev wallet's account. Then: single sign-on for the next authorization,
 * a refused proof shown on the page, a signed transaction, and a cancel. No page error and no
 * console error on the way (a CSP violation is one).
 */
import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import * as client from "openid-client";
import type { Page } from "playwright-core";
import { deriveAddress, deriveKeypair } from "ripple-keypairs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startOidcExample, type ExampleProcess } from "../support/example-process.js";
import { listenOnLoopback } from "../support/node-http.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { ARTIFACTS_DIR, assertChromiumInstalled, collectPageErrors, launchBrowser, type TestBrowser } from "./browser.js";
import { DEV_WALLET_SEED_KEY } from "./demo-flow.js";

const WAIT_MS = 30_000;
const LSF_DISABLE_MASTER = 0x0010_0000;
const CLIENT_SECRET = randomBytes(24).toString("hex");

describe("OpenID Provider example's interaction page in chromium", () => {
  let ledger: MockRippled | undefined;
  let op: ExampleProcess | undefined;
  let browser: TestBrowser | undefined;
  let relyingParty: Server | undefined;
  let callbackUrl: string;
  let config: client.Configuration;

  beforeAll(async () => {
    assertChromiumInstalled();
    ledger = await startMockRippled();
    // The relying party's callback page: the test reads the code from its URL.
    relyingParty = createServer((_req, res) =>
      res.writeHead(200, { "content-type": "text/html" }).end("<!doctype html><title>Back at the app</title><p>Back at the app.</p>"),
    );
    callbackUrl = `${await listenOnLoopback(relyingParty)}/callback`;
    op = await startOidcExample({
      buildClient: true,
      env: {
        XRPL_NODE_URL: ledger.url,
        OIDC_CLIENTS: JSON.stringify([
          { client_id: "e2e-app", client_name: "The e2e app", client_secret: CLIENT_SECRET, redirect_uris: [callbackUrl] },
        ]),
      },
    });
    config = await client.discovery(new URL(op.url), "e2e-app", CLIENT_SECRET, undefined, { execute: [client.allowInsecureRequests] });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await op?.stop();
    await ledger?.stop();
    relyingParty?.closeAllConnections();
    relyingParty?.close();
  });

  /** A PKCE authorization request of the relying party. */
  async function authorization(extra: Record<string, string> = {}) {
    const codeVerifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: callbackUrl,
      scope: "openid xrpl",
      code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
      code_challenge_method: "S256",
      ...extra,
    });
    return { url, codeVerifier };
  }

  /** Waits for the browser to reach the relying party, then exchanges the code as it would. */
  async function backAtTheApp(page: Page, codeVerifier: string) {
    await page.waitForURL((url) => url.href.startsWith(callbackUrl), { timeout: WAIT_MS });
    const tokens = await client.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: codeVerifier });
    return tokens.claims()!;
  }

  async function waitForPage(page: Page, expected: { status: string }) {
    const shown = () =>
      page.evaluate(() => ({
        status: document.querySelector('[data-testid="session-status"]')?.textContent ?? null,
        busy: document.querySelector("main")?.getAttribute("aria-busy") ?? null,
      }));
    await expect.poll(shown, { timeout: WAIT_MS }).toEqual({ ...expected, busy: "false" });
  }

  it("signs in with the dev wallet, comes back with a code whose id_token names the wallet's account, and shows a refusal, a signed transaction and a cancel", async () => {
    const page = await browser!.context.newPage();
    const errors = collectPageErrors(page, "/no-me-route");
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    // The interaction routes the page calls, in order ("GET start", "POST verify"...).
    let calls: string[] = [];
    page.on("request", (request) => {
      const route = /\/interaction\/[A-Za-z0-9_-]+\/([a-z]+)$/u.exec(new URL(request.url()).pathname)?.[1];
      if (route !== undefined) calls.push(`${request.method()} ${route}`);
    });

    // 1. The relying party sends the browser to the provider: the interaction page.
    const first = await authorization();
    await page.goto(first.url.href);
    await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
    expect(new URL(page.url()).pathname).toMatch(/^\/interaction\/[A-Za-z0-9_-]+$/u);
    expect(await page.getByTestId("client-name").textContent()).toBe("The e2e app");
    expect(await page.getByTestId("redirect-uri").textContent()).toBe(callbackUrl);
    const seed = await page.evaluate((key) => sessionStorage.getItem(key), DEV_WALLET_SEED_KEY);
    const address = deriveAddress(deriveKeypair(seed!).publicKey);
    expect(await page.getByTestId("wallet-address").textContent()).toBe(address);
    await page.screenshot({ path: join(ARTIFACTS_DIR, "oidc-interaction.png"), fullPage: true });

    await page.getByRole("button", { name: "Sign in with message signature", exact: true }).click();
    const claims = await backAtTheApp(page, first.codeVerifier);
    expect(claims).toMatchObject({ sub: address, xrpl_address: address, xrpl_chain_id: "xrpl:0" });
    // One call before signing (the details and a nonce), then the proof.
    expect(calls).toEqual(["GET start", "POST verify"]);

    // 2. Single sign-on: the next authorization of the same browser needs no signature.
    const second = await authorization();
    await page.goto(second.url.href);
    expect((await backAtTheApp(page, second.codeVerifier)).sub).toBe(address);

    // 3. prompt=login asks again; the ledger now says the master key is disabled: the signed transaction is refused on the page.
    const third = await authorization({ prompt: "login" });
    calls = [];
    await page.goto(third.url.href);
    await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
    const verifyPath = `${new URL(page.url()).pathname}/verify`;
    ledger!.setAccount(address, { flags: LSF_DISABLE_MASTER });
    const stopExpecting = errors.expectFailedRequest(verifyPath, 401);
    await page.getByRole("button", { name: "Sign in with signed transaction", exact: true }).click();
    await waitForPage(page, { status: "error" });
    expect(await page.getByTestId("session-error").textContent()).toBe("Signature verification failed.");
    stopExpecting();
    await page.screenshot({ path: join(ARTIFACTS_DIR, "oidc-refused.png"), fullPage: true });

    // 4. The account back to normal: the signed transaction signs in (the key read from the ledger).
    ledger!.setAccount(address, {});
    const lookups = ledger!.requestCount("account_info");
    await page.getByRole("button", { name: "Sign in with signed transaction", exact: true }).click();
    expect((await backAtTheApp(page, third.codeVerifier)).sub).toBe(address);
    expect(ledger!.requestCount("account_info")).toBeGreaterThan(lookups);
    // After the refusal the page asked for a fresh nonce alone.
    expect(calls).toEqual(["GET start", "POST verify", "GET nonce", "POST verify"]);

    // 5. Cancel: the relying party hears access_denied.
    const fourth = await authorization({ prompt: "login" });
    await page.goto(fourth.url.href);
    await page.locator('main[data-ready="true"]').waitFor({ timeout: WAIT_MS });
    await page.getByRole("button", { name: "Cancel", exact: true }).click();
    await page.waitForURL((url) => url.href.startsWith(callbackUrl), { timeout: WAIT_MS });
    expect(new URL(page.url()).searchParams.get("error")).toBe("access_denied");

    expect(errors.errors, "page errors and console errors").toEqual([]);
  });
});
