/**
 * Signer lists read for a multi-signed proof are reused for SIGNER_LIST_TTL_MS (30 s) per
 * account: a burst of multi-signed sign-ins for one account asks the ledger once for its list,
 * while each signer's own keys, and every other read, are asked afresh. Against the mock rippled,
 * counting the account_info requests it receives.
 */
import { afterEach, describe, expect, it } from "vitest";
import { LedgerUnavailableError } from "../../src/errors.js";
import { SILENT_LOGGER } from "../../src/shared/logger.js";
import { LedgerConnection, SIGNER_LIST_TTL_MS } from "../../src/verify/ledger-connection.js";
import { createVerifier, type Verifier } from "../../src/verify/index.js";
import { startMockRippled, type MockRippled } from "../support/mock-rippled.js";
import { multiSignedTx, signedTxRequest, signInMessage, walletFor } from "./proofs.js";

let node: MockRippled | undefined;
const closers: { close(): Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(closers.splice(0).map((closer) => closer.close()));
  await node?.stop();
  node = undefined;
});

function connection(mock: MockRippled, clock: { now: number }): LedgerConnection {
  const opened = new LedgerConnection({
    nodeUrls: [mock.url],
    networkId: undefined,
    connectTimeoutMs: 1000,
    requestTimeoutMs: 1000,
    logger: SILENT_LOGGER,
    now: () => clock.now,
  });
  closers.push(opened);
  return opened;
}

describe("the signer list of a multi-signed proof, reused per account", () => {
  it(`asks once per account within ${SIGNER_LIST_TTL_MS / 1000} s, again after; concurrent reads share one request`, async () => {
    node = await startMockRippled();
    const clock = { now: 1_000_000 };
    const ledger = connection(node, clock);
    const account = walletFor("ed25519").classicAddress;
    node.setAccount(account, { signerList: { quorum: 1, signers: [{ account: walletFor("secp256k1").classicAddress, weight: 1 }] } });

    const first = await ledger.getSignerListAuthority(account);
    expect(first.signerList?.quorum).toBe(1);
    expect(node.requestCount("account_info")).toBe(1);
    await Promise.all(Array.from({ length: 5 }, () => ledger.getSignerListAuthority(account)));
    clock.now += SIGNER_LIST_TTL_MS - 1;
    expect(await ledger.getSignerListAuthority(account)).toEqual(first);
    expect(node.requestCount("account_info")).toBe(1);

    // The list changes on the ledger: seen once the answer is older than the TTL.
    node.setAccount(account, { signerList: { quorum: 2, signers: [{ account: walletFor("secp256k1").classicAddress, weight: 2 }] } });
    clock.now += 1;
    const [again] = await Promise.all(Array.from({ length: 5 }, () => ledger.getSignerListAuthority(account)));
    expect(again!.signerList?.quorum).toBe(2);
    expect(node.requestCount("account_info")).toBe(2);
  });

  it("reuses nothing else: getAccountAuthority (keys, flags) reads the ledger every time", async () => {
    node = await startMockRippled();
    const ledger = connection(node, { now: 0 });
    const account = walletFor("ed25519").classicAddress;
    node.setAccount(account, {});
    await ledger.getSignerListAuthority(account);
    await ledger.getAccountAuthority(account);
    await ledger.getAccountAuthority(account);
    expect(node.requestCount("account_info")).toBe(3);
  });

  it("does not remember a look-up that failed: the next one asks again", async () => {
    node = await startMockRippled();
    const ledger = connection(node, { now: 0 });
    const account = walletFor("ed25519").classicAddress;
    node.setAccount(account, { signerList: { quorum: 1, signers: [{ account: walletFor("secp256k1").classicAddress, weight: 1 }] } });
    await node.stop();
    await expect(ledger.getSignerListAuthority(account)).rejects.toThrow(LedgerUnavailableError);
    await node.restart();
    const before = node.requestCount("account_info");
    expect((await ledger.getSignerListAuthority(account)).signerList?.quorum).toBe(1);
    expect(node.requestCount("account_info")).toBe(before + 1);
  });

  it("through the verifier: a second multi-signed sign-in for the account asks only for its signers' keys", async () => {
    node = await startMockRippled();
    const verifier: Verifier = createVerifier({ nodeUrl: node.url });
    closers.push(verifier);
    const account = walletFor("ed25519").classicAddress;
    const signers = [walletFor("secp256k1"), walletFor("ed25519")];
    node.setAccount(account, {
      signerList: { quorum: 2, signers: signers.map((signer) => ({ account: signer.classicAddress, weight: 1 })) },
    });
    for (const signer of signers) node.setAccount(signer.classicAddress, {});
    const proof = () => {
      const message = signInMessage(account);
      return signedTxRequest(account, message, multiSignedTx(account, message, signers));
    };
    expect(await verifier.check(proof())).toMatchObject({ ok: true, authority: "multisig" });
    expect(node.requestCount("account_info")).toBe(3);
    expect(await verifier.check(proof())).toMatchObject({ ok: true, authority: "multisig" });
    // The account's list is reused; each signer's keys are read again.
    expect(node.requestCount("account_info")).toBe(5);
  });
});
