import { afterAll, beforeAll, expect, it } from "vitest";
import { createVerifier, type Verifier } from "sign-in-with-xrpl";
import { createFetchHandler, type FetchHandler } from "sign-in-with-xrpl/fetch";
import { createDevWallet, createMockLedger, createTestClient, type MockLedger } from "sign-in-with-xrpl/testing";

let ledger: MockLedger;
let verifier: Verifier;
let auth: FetchHandler; // your app: here the fetch handler itself

beforeAll(async () => {
  ledger = await createMockLedger(); // ws://127.0.0.1:<free port>
  verifier = createVerifier({ nodeUrl: ledger.url });
  auth = createFetchHandler({ verifier, domain: "localhost", sessionSecret: "a-test-secret-of-at-least-32-characters" });
});
afterAll(async () => {
  await verifier.close();
  await ledger.stop();
});

it("signs in by signed transaction, the key checked on the ledger", async () => {
  const wallet = createDevWallet({ proof: "signedTx" });
  const client = createTestClient(auth);
  const result = await client.signIn({ wallet });
  expect(result.ok).toBe(true);
  expect(ledger.requestCount("account_info")).toBeGreaterThan(0);
});

it("refuses the master key once the account has disabled it", async () => {
  const wallet = createDevWallet({ proof: "signedTx" });
  const regularKey = await createDevWallet().getAddress();
  ledger.setAccount(await wallet.getAddress(), { masterKeyDisabled: true, regularKey });

  const refused = await createTestClient(auth).signIn({ wallet });
  expect(refused).toMatchObject({ ok: false, status: 401, body: { error: "Signature verification failed." } });
});

it("answers 500 while the ledger is down, and signs in again once it is back", async () => {
  const wallet = createDevWallet({ proof: "signedTx" });
  ledger.setBehaviour("refuse"); // new connections fail at once ("silent": they hang)
  ledger.dropConnections(); // and the open one goes
  expect((await createTestClient(auth).signIn({ wallet })).status).toBe(500);
  ledger.setBehaviour("normal");
  expect((await createTestClient(auth).signIn({ wallet })).ok).toBe(true);
});
