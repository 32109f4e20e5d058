/**
 * verifier.checkAuthority: what signed an account in, re-checked against the ledger data as it
 * is now, with keys and signer lists made by xrpl.js.
 */
import { describe, expect, it } from "vitest";
import { createVerifier, type AccountAuthority } from "../../src/verify/index.js";
import { keyAddressOf, regularKeyWallet, walletFor } from "./proofs.js";

function verifierOver(
  accounts: Record<string, Omit<AccountAuthority, "account" | "exists" | "masterDisabled"> & { masterDisabled?: boolean }>,
) {
  return createVerifier({
    ledgerReader: {
      getAccountAuthority(address) {
        const entry = accounts[address];
        return Promise.resolve(
          entry === undefined
            ? { account: address, exists: false, masterDisabled: false }
            : { account: address, exists: true, masterDisabled: false, ...entry },
        );
      },
    },
  });
}

describe("verifier.checkAuthority", () => {
  const master = walletFor("ed25519");
  const regular = regularKeyWallet(master.classicAddress, "secp256k1");
  const signers = [walletFor("ed25519"), walletFor("secp256k1"), walletFor("ed25519")];
  const list = { quorum: 2, signers: signers.map((signer) => ({ account: signer.classicAddress, weight: 1 })) };

  it("holds a master key until the account disables it; an account not on the ledger still has its master key", async () => {
    const grant = { address: master.classicAddress, authority: "master" as const, publicKey: master.publicKey };
    expect(await verifierOver({}).checkAuthority!(grant)).toEqual({ ok: true });
    expect(await verifierOver({ [master.classicAddress]: {} }).checkAuthority!(grant)).toEqual({ ok: true });
    expect(await verifierOver({ [master.classicAddress]: { masterDisabled: true } }).checkAuthority!(grant)).toMatchObject({
      ok: false,
      code: "master_disabled",
    });
  });

  it("refuses a master grant whose key is not the account's", async () => {
    const grant = { address: master.classicAddress, authority: "master" as const, publicKey: walletFor("ed25519").publicKey };
    expect(await verifierOver({}).checkAuthority!(grant)).toMatchObject({ ok: false, code: "key_not_authorized" });
  });

  it("holds a regular key while it is still the account's regular key", async () => {
    const grant = { address: master.classicAddress, authority: "regular" as const, publicKey: regular.publicKey };
    expect(await verifierOver({ [master.classicAddress]: { regularKey: keyAddressOf(regular) } }).checkAuthority!(grant)).toEqual({
      ok: true,
    });
    expect(
      await verifierOver({ [master.classicAddress]: { regularKey: walletFor("ed25519").classicAddress } }).checkAuthority!(grant),
    ).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
    expect(await verifierOver({ [master.classicAddress]: {} }).checkAuthority!(grant)).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
    expect(await verifierOver({}).checkAuthority!(grant)).toMatchObject({ ok: false, code: "account_not_found" });
  });

  it("holds signers while they are on the list and reach the quorum", async () => {
    const grant = {
      address: master.classicAddress,
      authority: "multisig" as const,
      signers: [signers[0]!.classicAddress, signers[1]!.classicAddress],
    };
    expect(await verifierOver({ [master.classicAddress]: { signerList: list } }).checkAuthority!(grant)).toEqual({ ok: true });
    const shrunk = { quorum: 2, signers: list.signers.slice(1) };
    expect(await verifierOver({ [master.classicAddress]: { signerList: shrunk } }).checkAuthority!(grant)).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
    const raised = { ...list, quorum: 3 };
    expect(await verifierOver({ [master.classicAddress]: { signerList: raised } }).checkAuthority!(grant)).toMatchObject({
      ok: false,
      code: "quorum_not_met",
    });
    expect(await verifierOver({ [master.classicAddress]: {} }).checkAuthority!(grant)).toMatchObject({
      ok: false,
      code: "key_not_authorized",
    });
  });

  it("answers malformed_request for a grant it cannot read, never throws", async () => {
    const verifier = verifierOver({});
    for (const grant of [
      null,
      {},
      { address: "nope", authority: "master", publicKey: master.publicKey },
      { address: master.classicAddress, authority: "regular", publicKey: "zz" },
      { address: master.classicAddress, authority: "multisig", signers: [] },
      { address: master.classicAddress, authority: "other" },
    ]) {
      expect(await verifier.checkAuthority!(grant as never)).toMatchObject({ ok: false, code: "malformed_request" });
    }
  });
});
