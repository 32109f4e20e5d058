import { describe, expect, it } from "vitest";
import { keyHasAuthority, signersReachQuorum, type AuthorizedSigner } from "../../src/verify/authority.js";
import type { AccountAuthority } from "../../src/verify/types.js";

const ACCOUNT = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";
const REGULAR = "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh";
const OTHER = "rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD";
const SIGNER_A = "rU6K7V3Po4snVhBBaU29sesqs2qTQJWDw1";
const SIGNER_B = "rJrRMgiRgrU6hDF4pgu5DXQdWyPbY35ErN";

const funded = (extra: Partial<AccountAuthority> = {}): AccountAuthority => ({
  account: ACCOUNT,
  exists: true,
  masterDisabled: false,
  ...extra,
});

describe("keyHasAuthority", () => {
  it("allows the master key of a funded account", () => {
    expect(keyHasAuthority(funded(), ACCOUNT)).toBe(true);
  });
  it("refuses the master key once lsfDisableMaster is set", () => {
    expect(keyHasAuthority(funded({ masterDisabled: true, regularKey: REGULAR }), ACCOUNT)).toBe(false);
  });
  it("allows the regular key, with or without the master disabled", () => {
    expect(keyHasAuthority(funded({ regularKey: REGULAR }), REGULAR)).toBe(true);
    expect(keyHasAuthority(funded({ regularKey: REGULAR, masterDisabled: true }), REGULAR)).toBe(true);
  });
  it("refuses any other key", () => {
    expect(keyHasAuthority(funded({ regularKey: REGULAR }), OTHER)).toBe(false);
    expect(keyHasAuthority(funded(), OTHER)).toBe(false);
  });
  it("allows only the master key of an account not on the ledger", () => {
    const unfunded: AccountAuthority = { account: ACCOUNT, exists: false, masterDisabled: false };
    expect(keyHasAuthority(unfunded, ACCOUNT)).toBe(true);
    expect(keyHasAuthority({ ...unfunded, regularKey: REGULAR }, REGULAR)).toBe(false);
  });
});

describe("signersReachQuorum", () => {
  const list = {
    quorum: 3,
    signers: [
      { account: SIGNER_A, weight: 2 },
      { account: SIGNER_B, weight: 1 },
    ],
  };
  const signer = (account: string, extra: Partial<AuthorizedSigner> = {}): AuthorizedSigner => ({
    account,
    authority: { account, exists: true, masterDisabled: false },
    keyAddress: account,
    ...extra,
  });

  it("accepts signers whose weights reach the quorum", () => {
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), signer(SIGNER_B)])).toBe(true);
  });
  it("refuses signers whose weights stay below it", () => {
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A)])).toBe(false);
  });
  it("refuses a repeated signer counted twice", () => {
    const heavy = { quorum: 4, signers: list.signers };
    expect(signersReachQuorum(funded({ signerList: heavy }), [signer(SIGNER_A), signer(SIGNER_A)])).toBe(false);
  });
  it("refuses a signer outside the list", () => {
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), signer(SIGNER_B), signer(OTHER)])).toBe(false);
  });
  it("refuses a signer key without authority over its signer account", () => {
    const disabled = signer(SIGNER_B, { authority: { account: SIGNER_B, exists: true, masterDisabled: true } });
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), disabled])).toBe(false);
    const viaRegular = signer(SIGNER_B, {
      keyAddress: REGULAR,
      authority: { account: SIGNER_B, exists: true, masterDisabled: true, regularKey: REGULAR },
    });
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), viaRegular])).toBe(true);
  });
  it("accepts a signer account not on the ledger signing with its master key", () => {
    const phantom = signer(SIGNER_B, { authority: { account: SIGNER_B, exists: false, masterDisabled: false } });
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), phantom])).toBe(true);
  });
  it("refuses when the account has no signer list, is not on the ledger, or no one signed", () => {
    expect(signersReachQuorum(funded(), [signer(SIGNER_A), signer(SIGNER_B)])).toBe(false);
    expect(signersReachQuorum({ account: ACCOUNT, exists: false, masterDisabled: false }, [signer(SIGNER_A), signer(SIGNER_B)])).toBe(
      false,
    );
    expect(signersReachQuorum(funded({ signerList: list }), [])).toBe(false);
  });
  it("refuses authority data that belongs to another account than the signer", () => {
    const mismatched = signer(SIGNER_B, { authority: { account: OTHER, exists: false, masterDisabled: false }, keyAddress: OTHER });
    expect(signersReachQuorum(funded({ signerList: list }), [signer(SIGNER_A), mismatched])).toBe(false);
  });
});
