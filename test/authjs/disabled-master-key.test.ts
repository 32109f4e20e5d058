/**
 * The Auth.js provider with the default verifier refuses a master key its owner disabled
 * (lsfDisableMaster), on a real Auth.js server over HTTP; the ledger node is the mock rippled.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { XrplProvider } from "../../src/authjs/index.js";
import { createVerifier, LedgerUnavailableError, type Verifier } from "../../src/index.js";
import { createDevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { startAuthServer, type AuthServer } from "./auth-server.js";
import { AUTHJS_DOMAIN, sessionAddress, signInWithXrpl } from "./flow.js";

const LSF_DISABLE_MASTER = 0x00100000;

let node: MockRippled;
let verifier: Verifier;
let server: AuthServer;
const warnings: string[] = [];
const errors: unknown[] = [];

beforeAll(async () => {
  node = await startMockRippled();
  // The default strategies, as an app that calls createVerifier({ nodeUrl }) gets them.
  verifier = createVerifier({ nodeUrl: node.url, connectTimeoutMs: 500, requestTimeoutMs: 500 });
  const secret = randomBytes(32).toString("hex");
  const logger = { warn: (message: string) => void warnings.push(message), error: (...details: unknown[]) => void errors.push(...details) };
  server = await startAuthServer(XrplProvider({ verifier, domain: AUTHJS_DOMAIN, secret, logger }), { secret });
});
afterAll(async () => {
  await server?.stop();
  await verifier?.close();
  await node?.stop();
});

describe("XrplProvider with the default verifier", () => {
  it("refuses a master key the account has disabled (CredentialsSignin, code master_disabled), and no session", async () => {
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      const wallet = createDevWallet({ algorithm });
      const address = await wallet.getAddress();
      node.setAccount(address, { flags: LSF_DISABLE_MASTER, regularKey: await createDevWallet().getAddress() });
      const jar = createCookieJar();
      expect(await signInWithXrpl(jar, server.url, wallet)).toMatchObject({ error: "CredentialsSignin", code: "master_disabled" });
      expect(await sessionAddress(jar, server.url)).toBeNull();
      expect(warnings.join("\n")).toContain(`refused a sign-in: master_disabled: The master key of ${address} signed`);
    }
  });

  it("signs in a master key the account has not disabled", async () => {
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    node.setAccount(address, {});
    const jar = createCookieJar();
    expect(await signInWithXrpl(jar, server.url, wallet)).toMatchObject({ error: null, code: null });
    expect(await sessionAddress(jar, server.url)).toBe(address);
  });

  it("answers verification_unavailable for a master-key sign-in while the node cannot answer", async () => {
    node.setBehaviour("silent");
    try {
      const jar = createCookieJar();
      expect(await signInWithXrpl(jar, server.url, createDevWallet())).toMatchObject({ code: "verification_unavailable" });
      expect(await sessionAddress(jar, server.url)).toBeNull();
      expect(errors.some((entry) => entry instanceof LedgerUnavailableError)).toBe(true);
    } finally {
      node.setBehaviour("normal");
    }
  });
});
