// The better-auth plugin with the default verifier (the example app's createAuth, which calls
// createVerifier({ nodeUrl })) refuses a master key its owner disabled (lsfDisableMaster): the
// example app on a real loopback HTTP server, better-auth on the real PostgreSQL (a schema of its
// own), the better-auth client, dev wallets, and the mock rippled as the XRPL node.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAuth } from "../../examples/better-auth/auth.js";
import { createClient } from "../../examples/better-auth/client.js";
import { migrate } from "../../examples/better-auth/migrate.js";
import { createRequestListener } from "../../examples/better-auth/server.js";
import { createMessage } from "../../src/message/create.js";
import { createDevWallet, type DevWallet } from "../../src/testing/index.js";
import { createCookieJar } from "../support/cookie-jar.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";

const DATABASE = process.env["DATABASE_URL"] ?? "postgres://postgres@127.0.0.1:5432/postgres";
const SECRET = "better-auth-example-secret-0123456789abcdef";
const LSF_DISABLE_MASTER = 0x00100000;
const SCHEMA = `siwx_better_auth_master_${process.pid}_${Date.now()}`;

let ledger: MockRippled;
let server: Server;
let baseUrl: string;
let close: () => Promise<void>;

beforeAll(async () => {
  ledger = await startMockRippled({ networkId: 0 });
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${SCHEMA}"`);
  await admin.end();
  server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const built = createAuth({
    DATABASE_URL: `${DATABASE}?options=${encodeURIComponent(`-c search_path=${SCHEMA}`)}`,
    BETTER_AUTH_URL: baseUrl,
    BETTER_AUTH_SECRET: SECRET,
    XRPL_NODE_URL: ledger.url,
  });
  await migrate(built.auth);
  server.on("request", createRequestListener(built.auth));
  close = built.close;
});

afterAll(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  await close?.();
  await ledger?.stop();
  const admin = new pg.Client({ connectionString: DATABASE });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${SCHEMA}" CASCADE`);
  await admin.end();
});

/** Nonce, message, signature and verify over the plugin's client, as a page does: the answer and the session cookie. */
async function signIn(wallet: DevWallet) {
  const jar = createCookieJar();
  const client = createClient({
    baseURL: baseUrl,
    fetch: (input, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set("origin", baseUrl);
      return jar.fetch(input instanceof Request ? input.url : String(input), { ...init, headers });
    },
  });
  const nonce = (await client.xrpl.nonce()).data?.nonce;
  if (nonce === undefined) throw new Error("no nonce");
  const address = await wallet.getAddress();
  const message = createMessage({
    domain: new URL(baseUrl).host,
    address,
    uri: baseUrl,
    version: "1",
    chainId: "xrpl:0",
    nonce,
    issuedAt: new Date().toISOString(),
  });
  const answer = await client.xrpl.verify({ message, address, ...(await wallet.sign(message)) });
  return { answer, sessionCookie: jar.get("better-auth.session_token") };
}

describe("better-auth plugin with the default verifier", () => {
  it("refuses a master key the account has disabled: 401 Signature verification failed., code master_disabled, no session", async () => {
    for (const algorithm of ["ed25519", "ecdsa-secp256k1"] as const) {
      const wallet = createDevWallet({ algorithm });
      ledger.setAccount(await wallet.getAddress(), { flags: LSF_DISABLE_MASTER, regularKey: await createDevWallet().getAddress() });
      const { answer, sessionCookie } = await signIn(wallet);
      expect(answer.error).toMatchObject({ status: 401, code: "master_disabled", message: "Signature verification failed." });
      expect(sessionCookie).toBeUndefined();
    }
  });

  it("signs in a master key the account has not disabled", async () => {
    const wallet = createDevWallet();
    const address = await wallet.getAddress();
    ledger.setAccount(address, {});
    const { answer, sessionCookie } = await signIn(wallet);
    expect(answer.error).toBeNull();
    expect(answer.data).toMatchObject({ success: true, user: { address } });
    expect(sessionCookie).toBeDefined();
  });
});
