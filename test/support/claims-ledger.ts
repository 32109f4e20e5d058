/**
 * The claims every handler kind's claims tests sign in with, over the mock ledger: a required
 * `kyc` credential and an optional `member` credential from one issuer, in code and in the JSON
 * form the examples read (`SIGN_IN_CLAIMS`), and how a test gives or takes them on the ledger.
 */
import { hasCredential, type ClaimSet } from "../../src/verify/claims/index.js";
import type { MockLedger } from "../../src/testing/index.js";

/** The credentials' issuer (a KYC provider, say). */
export const CLAIMS_ISSUER = "rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe";

/** `kyc` (to require) and `member` (to read only). */
export function testClaims(): ClaimSet {
  return { kyc: hasCredential({ issuer: CLAIMS_ISSUER, type: "KYC" }), member: hasCredential({ issuer: CLAIMS_ISSUER, type: "MEMBER" }) };
}

/** The same claims as the examples' SIGN_IN_CLAIMS. */
export const TEST_CLAIMS_JSON = JSON.stringify({
  kyc: { credential: { issuer: CLAIMS_ISSUER, type: "KYC" } },
  member: { credential: { issuer: CLAIMS_ISSUER, type: "MEMBER" } },
});

/**
 * The account holds a KYC credential of the issuer: accepted and unexpired unless told
 * otherwise (`accepted: false`: issued but not accepted by the account; `expiration` in the past:
 * expired against the validated ledger's close time).
 */
export function giveKyc(ledger: MockLedger, address: string, state: { accepted?: boolean; expiration?: Date } = {}): void {
  ledger.setAccount(address, {});
  ledger.setCredential({
    subject: address,
    issuer: CLAIMS_ISSUER,
    type: "KYC",
    accepted: state.accepted ?? true,
    expiration: state.expiration,
  });
}

/** The account's KYC credential is deleted. */
export function deleteKyc(ledger: MockLedger, address: string): void {
  ledger.removeCredential(address, CLAIMS_ISSUER, "KYC");
}

/** The account becomes a member (the optional claim holds). */
export function giveMembership(ledger: MockLedger, address: string): void {
  ledger.setCredential({ subject: address, issuer: CLAIMS_ISSUER, type: "MEMBER", accepted: true });
}
