import { hexToBytes } from "../shared/hex.js";
import { judgeKey } from "./authority.js";
import { canonicalPublicKeyAlgorithm } from "./canonical.js";
import { refuse } from "./check-result.js";
import { isRecord, classicAddress } from "./request-input.js";
import { getDefaultSignatureEngine } from "./signature-engine.js";
import type { AuthorityCheckResult, LedgerReader } from "./types.js";

const MAX_SIGNERS = 32;

/**
 * Whether what signed an account in (its master key, its regular key, or some accounts of its
 * signer list) still has authority over it on the ledger now: the rules of a sign-in, applied
 * again without a new signature. A master key holds unless the account has disabled it; a
 * regular key holds while it is still the account's regular key; signers hold while they are
 * all still on the account's signer list and their weights still reach its quorum (their own
 * keys are not re-checked: the session does not know which key each signer used).
 */
export async function checkGrantedAuthority(grant: unknown, ledger: LedgerReader): Promise<AuthorityCheckResult> {
  if (!isRecord(grant))
    return refuse("malformed_request", "The authority to re-check must be an object { address, authority, publicKey | signers }.");
  const address = classicAddress(grant["address"]);
  if (address === undefined) return refuse("malformed_request", "The authority to re-check names no valid classic address.");
  const kind = grant["authority"];

  if (kind === "master" || kind === "regular") {
    const key = hexToBytes(grant["publicKey"]);
    if (key === undefined || canonicalPublicKeyAlgorithm(key) === undefined) {
      return refuse("malformed_request", `The ${kind} key to re-check for ${address} is not a 33-byte public key in hex.`);
    }
    const engine = await getDefaultSignatureEngine();
    const keyAddress = engine.addressOf(key);
    if (kind === "master" && keyAddress !== address) {
      return refuse("key_not_authorized", `The key to re-check derives ${keyAddress}, so it is not the master key of ${address}.`);
    }
    const judgement = judgeKey(await ledger.getAccountAuthority(address), keyAddress);
    if (judgement.ok) return { ok: true };
    switch (judgement.code) {
      case "master_disabled":
        return refuse("master_disabled", `The account ${address} has disabled its master key since the sign-in.`);
      case "account_not_found":
        return refuse(
          "account_not_found",
          `The account ${address} is no longer on the ledger, so its regular key (${keyAddress}) no longer signs for it.`,
        );
      default:
        return refuse("key_not_authorized", `The key ${keyAddress} is no longer the regular key of ${address}.`);
    }
  }

  if (kind === "multisig") {
    const signers = grant["signers"];
    if (
      !Array.isArray(signers) ||
      signers.length === 0 ||
      signers.length > MAX_SIGNERS ||
      !signers.every((signer) => classicAddress(signer) !== undefined)
    ) {
      return refuse("malformed_request", `The signers to re-check for ${address} must be 1 to ${MAX_SIGNERS} classic addresses.`);
    }
    const authority = await ledger.getAccountAuthority(address);
    if (!authority.exists)
      return refuse("account_not_found", `The account ${address} is no longer on the ledger, so it has no signer list.`);
    const list = authority.signerList;
    if (list === undefined) return refuse("key_not_authorized", `The account ${address} no longer has a signer list.`);
    const weights = new Map(list.signers.map((entry) => [entry.account, entry.weight] as const));
    let total = 0;
    for (const signer of new Set(signers as string[])) {
      const weight = weights.get(signer);
      if (weight === undefined) return refuse("key_not_authorized", `The signer ${signer} is no longer on the signer list of ${address}.`);
      total += weight;
    }
    if (list.quorum <= 0 || total < list.quorum) {
      return refuse(
        "quorum_not_met",
        `The signers' weights now add up to ${total}, below the quorum of ${list.quorum} of ${address}'s signer list.`,
      );
    }
    return { ok: true };
  }

  return refuse("malformed_request", 'The authority to re-check must be "master", "regular" or "multisig".');
}
