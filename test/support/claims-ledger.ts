/**
 * The claims every handler kind's claims tests sign in with, over the mock ledger: a required
 * `kyc` credential and an optional `member` claim, and how a test gives or takes them on the
 * ledger.
 */
import { custom, type ClaimSet } from "../../src/verify/claims/index.js";
import type { MockLedger } from "../../src/testing/index.js";

const KYC_FLAG = 0x00000001;
const MEMBER_FLAG = 0x00000002;
const held = new Map<string, number>();

function flagClaim(name: string, flag: number) {
  return custom(name, async (address, ledger) => {
    try {
      const answer = (await ledger.request({ command: "account_info", account: address, ledger_index: "validated" } as never)) as {
        account_data: { Flags: number };
      };
      return (answer.account_data.Flags & flag) !== 0;
    } catch {
      return false;
    }
  });
}

/** `kyc` (to require) and `member` (to read only). */
export function testClaims(): ClaimSet {
  return { kyc: flagClaim("KYC credential", KYC_FLAG), member: flagClaim("member", MEMBER_FLAG) };
}

function set(ledger: MockLedger, address: string, flags: number): void {
  held.set(address, flags);
  ledger.setAccount(address, { flags });
}

/** The account holds an accepted, unexpired KYC credential. */
export function giveKyc(ledger: MockLedger, address: string): void {
  set(ledger, address, (held.get(address) ?? 0) | KYC_FLAG);
}

/** The account's KYC credential is deleted. */
export function deleteKyc(ledger: MockLedger, address: string): void {
  set(ledger, address, (held.get(address) ?? 0) & ~KYC_FLAG);
}

/** The account becomes a member (the optional claim holds). */
export function giveMembership(ledger: MockLedger, address: string): void {
  set(ledger, address, (held.get(address) ?? 0) | MEMBER_FLAG);
}
