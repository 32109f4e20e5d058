import type { AccountAuthority } from "./types.js";

/**
 * Whether a key whose derived address is `keyAddress` may sign for the account: its master key
 * unless `lsfDisableMaster` is set (an account not on the ledger has only its master key), or its
 * regular key.
 */
export function keyHasAuthority(authority: AccountAuthority, keyAddress: string): boolean {
  if (keyAddress === authority.account) return !authority.exists || !authority.masterDisabled;
  return authority.exists && authority.regularKey !== undefined && authority.regularKey === keyAddress;
}

/** One signature of a multi-signed transaction, once its key is known to act for `account`. */
export interface AuthorizedSigner {
  /** The signer account named in the transaction's `Signers` entry. */
  account: string;
  /** The signer account's own ledger data, to check the signing key against. */
  authority: AccountAuthority;
  /** The address the signing key derives. */
  keyAddress: string;
}

/**
 * Whether a set of signers can multi-sign for `authority.account`: the account exists and has a
 * signer list, every signer is a distinct member of it whose key has authority over the signer
 * account, and their weights reach the quorum.
 */
export function signersReachQuorum(authority: AccountAuthority, signers: readonly AuthorizedSigner[]): boolean {
  const list = authority.signerList;
  if (!authority.exists || list === undefined || signers.length === 0) return false;
  const weights = new Map<string, number>();
  for (const entry of list.signers) weights.set(entry.account, entry.weight);
  const seen = new Set<string>();
  let total = 0;
  for (const signer of signers) {
    if (seen.has(signer.account)) return false;
    seen.add(signer.account);
    const weight = weights.get(signer.account);
    if (weight === undefined) return false;
    if (signer.authority.account !== signer.account || !keyHasAuthority(signer.authority, signer.keyAddress)) return false;
    total += weight;
  }
  return list.quorum > 0 && total >= list.quorum;
}
