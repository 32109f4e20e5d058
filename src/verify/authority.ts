import type { AccountAuthority, CheckFailureCode } from "./types.js";

/** Whether a key may sign for an account, and as what; or which account rule it breaks. */
export type KeyJudgement =
  | { ok: true; authority: "master" | "regular" }
  | { ok: false; code: Extract<CheckFailureCode, "account_not_found" | "master_disabled" | "key_not_authorized"> };

/**
 * Judges a key whose derived address is `keyAddress` against the account's ledger data: its
 * master key may sign unless `lsfDisableMaster` is set (an account not on the ledger has only its
 * master key, so an unfunded account can sign in with it), and its regular key may sign.
 */
export function judgeKey(authority: AccountAuthority, keyAddress: string): KeyJudgement {
  if (keyAddress === authority.account) {
    return authority.exists && authority.masterDisabled ? { ok: false, code: "master_disabled" } : { ok: true, authority: "master" };
  }
  if (!authority.exists) return { ok: false, code: "account_not_found" };
  if (authority.regularKey !== undefined && authority.regularKey === keyAddress) return { ok: true, authority: "regular" };
  return { ok: false, code: "key_not_authorized" };
}

/** Whether a key whose derived address is `keyAddress` may sign for the account (see {@link judgeKey}). */
export function keyHasAuthority(authority: AccountAuthority, keyAddress: string): boolean {
  return judgeKey(authority, keyAddress).ok;
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

/** The verdict on a set of multi-signers: their accounts, or the rule they break and why. */
export type QuorumJudgement =
  | { ok: true; signers: string[] }
  | {
      ok: false;
      code: Extract<CheckFailureCode, "account_not_found" | "master_disabled" | "key_not_authorized" | "quorum_not_met">;
      detail: string;
    };

/**
 * Judges a set of signers multi-signing for `authority.account`: the account exists and has a
 * signer list, every signer is a distinct member of it whose key has authority over the signer
 * account (checked in the transaction's order), and their weights reach the quorum.
 */
export function judgeSigners(authority: AccountAuthority, signers: readonly AuthorizedSigner[]): QuorumJudgement {
  const account = authority.account;
  if (!authority.exists) {
    return {
      ok: false,
      code: "account_not_found",
      detail: `The account ${account} is not on the ledger, so it has no signer list to multi-sign with.`,
    };
  }
  const list = authority.signerList;
  if (list === undefined) {
    return {
      ok: false,
      code: "key_not_authorized",
      detail: `The account ${account} has no signer list, so a multi-signed transaction cannot sign for it.`,
    };
  }
  const weights = new Map<string, number>();
  for (const entry of list.signers) weights.set(entry.account, entry.weight);
  const seen = new Set<string>();
  let total = 0;
  for (const signer of signers) {
    const weight = weights.get(signer.account);
    if (weight === undefined || seen.has(signer.account)) {
      return { ok: false, code: "key_not_authorized", detail: `The signer ${signer.account} is not on the signer list of ${account}.` };
    }
    seen.add(signer.account);
    if (signer.authority.account !== signer.account) {
      return {
        ok: false,
        code: "key_not_authorized",
        detail: `The ledger data given for signer ${signer.account} is for another account.`,
      };
    }
    const judgement = judgeKey(signer.authority, signer.keyAddress);
    if (!judgement.ok) return { ok: false, code: judgement.code, detail: signerKeyDetail(judgement.code, signer) };
    total += weight;
  }
  if (signers.length === 0 || list.quorum <= 0 || total < list.quorum) {
    return {
      ok: false,
      code: "quorum_not_met",
      detail: `The signers' weights add up to ${total}, below the quorum of ${list.quorum} that ${account}'s signer list requires.`,
    };
  }
  return { ok: true, signers: signers.map((signer) => signer.account) };
}

function signerKeyDetail(code: Extract<KeyJudgement, { ok: false }>["code"], signer: AuthorizedSigner): string {
  if (code === "master_disabled") return `The signer ${signer.account} signed with its master key, which it has disabled.`;
  if (code === "account_not_found") {
    return `The signer ${signer.account} is not on the ledger, so only its master key can sign for it, and the key that signed derives ${signer.keyAddress}.`;
  }
  return `The key that signed for signer ${signer.account} (it derives ${signer.keyAddress}) is neither its master key nor its regular key.`;
}

/** Whether a set of signers can multi-sign for `authority.account` (see {@link judgeSigners}). */
export function signersReachQuorum(authority: AccountAuthority, signers: readonly AuthorizedSigner[]): boolean {
  return judgeSigners(authority, signers).ok;
}
