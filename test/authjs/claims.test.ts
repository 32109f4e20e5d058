/**
 * Claims with the Auth.js provider: a real Auth.js server (`@auth/core` behind node:http), the
 * real verifier, the mock ledger as the node. An account with the required credential signs in
 * and the JWT keeps its claims (the app's `session` callback hands them on); one without it is
 * refused with the code `requirements_not_met`; the session ends at the next revalidation after
 * the credential is deleted, and a claim that is only read is updated in the token.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider, type XrplProviderOptions, type XrplSessionClaims } from "../../src/authjs/index.js";
import { createVerifier, type Verifier } from "../../src/index.js";
import { createDevWallet, createMockLedger, type MockLedger } from "../../src/testing/index.js";
import { deleteKyc, giveKyc, giveMembership, testClaims } from "../support/claims-ledger.js";
import { createCookieJar, type CookieJar } from "../support/cookie-jar.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import { AUTHJS_DOMAIN, signInWithXrpl } from "./flow.js";

let ledger: MockLedger;
let verifier: Verifier;
const servers: AuthServer[] = [];

beforeAll(async () => {
  ledger = await createMockLedger();
  verifier = createVerifier({ nodeUrl: ledger.url, connectTimeoutMs: 500, requestTimeoutMs: 500 });
});
afterAll(async () => {
  await verifier?.close();
  await ledger?.stop();
});
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.stop()));
});

/** An Auth.js server wired as the guide shows, whose `session` callback hands the XRPL claims to the page. */
async function serve(options: Partial<XrplProviderOptions> = {}) {
  let offsetMs = 0;
  const authSecret = randomBytes(32).toString("hex");
  const xrpl = XrplProvider({
    verifier,
    domain: AUTHJS_DOMAIN,
    secret: authSecret,
    now: () => Date.now() + offsetMs,
    claims: testClaims(),
    requireClaims: ["kyc"],
    ...options,
  });
  const server = await startAuthServer(xrpl, { secret: authSecret }, (request) => ({
    callbacks: {
      jwt: (params) => xrpl.handleJwt(params, { host: new URL(request.url).host }),
      session: ({ session, token }) => ({ ...session, claims: (token.xrpl as XrplSessionClaims | undefined)?.claims }),
    },
    events: { signOut: (message) => xrpl.handleSignOut(message) },
  }));
  servers.push(server);
  return { url: server.url, advance: (seconds: number) => void (offsetMs += seconds * 1000) };
}

/** The signed-in address and claims Auth.js's session route reports, or null. */
async function sessionOf(jar: CookieJar, url: string): Promise<{ address: string | undefined; claims: unknown } | null> {
  const body = (await (await jar.fetch(`${url}/api/auth/session`)).json()) as { user?: { name?: string }; claims?: unknown } | null;
  return body?.user === undefined ? null : { address: body.user.name, claims: body.claims };
}

describe("XrplProvider with claims", () => {
  it("signs in an account with the credential; the JWT keeps its claims", async () => {
    const { url } = await serve();
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    giveKyc(ledger, address);
    const jar = createCookieJar();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();
    expect(await sessionOf(jar, url)).toEqual({ address, claims: { kyc: true, member: false } });
  });

  it("refuses an account without the credential with the code requirements_not_met; nothing is signed in", async () => {
    const { url } = await serve();
    const wallet = createDevWallet();
    ledger.setAccount(await wallet.getAddress(), {});
    const jar = createCookieJar();
    expect(await signInWithXrpl(jar, url, wallet)).toMatchObject({ error: "CredentialsSignin", code: "requirements_not_met" });
    expect(await sessionOf(jar, url)).toBeNull();
  });

  it("ends the session at the next revalidation after the credential is deleted; other claims are updated in the token", async () => {
    const { url, advance } = await serve({ revalidateAfterSeconds: 60 });
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    giveKyc(ledger, address);
    const jar = createCookieJar();
    expect((await signInWithXrpl(jar, url, wallet)).error).toBeNull();

    giveMembership(ledger, address);
    advance(61);
    expect(await sessionOf(jar, url)).toEqual({ address, claims: { kyc: true, member: true } });

    deleteKyc(ledger, address);
    expect((await sessionOf(jar, url))?.address).toBe(address);
    advance(61);
    expect(await sessionOf(jar, url)).toBeNull();
  });
});
