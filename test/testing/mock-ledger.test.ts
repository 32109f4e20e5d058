// The shipped mock ledger through the testing entry, as a user's test reaches it: the verifier of
// this library asks it who may sign, and it says so as rippled would. Its wire answers are covered
// in test/support/mock-rippled.test.ts.
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { createVerifier, type VerifyRequest } from "../../src/index.js";
import { createDevWallet, createMockLedger, LSF_DISABLE_MASTER, type MockLedger } from "../../src/testing/index.js";
import { createMessage } from "../../src/message/create.js";

let ledger: MockLedger | undefined;

afterEach(async () => {
  await ledger?.stop();
  ledger = undefined;
});

async function signedTransactionProof(domain: string): Promise<{ address: string; request: VerifyRequest }> {
  const wallet = createDevWallet({ proof: "signedTx" });
  const address = await wallet.getAddress();
  const message = createMessage({
    domain,
    address,
    uri: `https://${domain}`,
    chainId: "xrpl:0",
    nonce: "a1b2c3d4e5f6a7b8",
    issuedAt: new Date(),
  });
  const signed = await wallet.sign(message);
  return { address, request: { message, address, ...signed } };
}

describe("createMockLedger", () => {
  it("answers the verifier: a signed transaction by the master key passes, and fails once the master key is disabled", async () => {
    ledger = await createMockLedger();
    const verifier = createVerifier({ nodeUrl: ledger.url });
    const { address, request } = await signedTransactionProof("example.com");
    const passed = await verifier.check(request);
    expect(passed).toMatchObject({ ok: true, address, authority: "master" });
    expect(ledger.requestCount("account_info")).toBeGreaterThan(0);

    ledger.setAccount(address, { masterKeyDisabled: true });
    expect(await verifier.verify(request)).toBe(false);
    await verifier.close();
  });

  it("adds the disable-master flag to the account's other flags", async () => {
    ledger = await createMockLedger();
    ledger.setAccount("rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe", { flags: 0x00010000, masterKeyDisabled: true });
    const socket = new WebSocket(ledger.url);
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });
    const answer = new Promise<string>((resolve) => socket.once("message", (data: Buffer) => resolve(data.toString("utf8"))));
    socket.send(JSON.stringify({ id: 1, command: "account_info", account: "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe" }));
    const body = JSON.parse(await answer) as { result: { account_data: { Flags: number } } };
    expect(body.result.account_data.Flags).toBe(0x00010000 | LSF_DISABLE_MASTER);
    socket.close();
  });
});
