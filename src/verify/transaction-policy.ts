/**
 * Which signed transactions may carry a sign-in proof: only ones that can never move value or
 * change state if someone who sees the blob submits it (SPEC 4.2). An allow-list, so any field a
 * future amendment adds is refused until reviewed.
 */

/** tfFullyCanonicalSig: the only flag allowed; it changes nothing but signature form. */
const TF_FULLY_CANONICAL_SIG = 0x80000000;

/** Fields every accepted kind may carry: identity, fees, sequencing, signatures, memos, network. */
const COMMON_FIELDS = new Set([
  "Account",
  "Fee",
  "Sequence",
  "Flags",
  "LastLedgerSequence",
  "SigningPubKey",
  "TxnSignature",
  "Signers",
  "Memos",
  "NetworkID",
  "SourceTag",
]);

const PAYMENT_FIELDS = new Set([...COMMON_FIELDS, "TransactionType", "Destination", "Amount"]);
const ACCOUNT_SET_FIELDS = new Set([...COMMON_FIELDS, "TransactionType"]);

/** The kind of harmless transaction a decoded blob is, or undefined when it is not harmless. */
export type HarmlessKind = "SignIn" | "AccountSet" | "Payment";

function onlyFields(tx: Record<string, unknown>, allowed: ReadonlySet<string>): boolean {
  for (const field of Object.keys(tx)) if (!allowed.has(field)) return false;
  return true;
}

/**
 * Classifies a decoded transaction:
 * - `SignIn`: Xaman's sign-in pseudo-transaction, no `TransactionType` (no server can apply it);
 *   common fields only.
 * - `AccountSet`: sets nothing (no SetFlag, ClearFlag, Domain, ... and no flags) and has
 *   `Sequence` 0 or none, so it can never be applied (a live Sequence would let anyone holding the
 *   blob burn its Fee and consume the sequence number).
 * - `Payment`: XRP (a drops string) to its own `Account`, which every server rejects as redundant.
 * Anything else (another type, `TicketSequence`, `Delegate`, any unlisted field, any flag but
 * tfFullyCanonicalSig) is undefined.
 */
export function classifyHarmlessTransaction(tx: Record<string, unknown>): HarmlessKind | undefined {
  const flags = tx["Flags"];
  if (flags !== undefined && flags !== 0 && flags !== TF_FULLY_CANONICAL_SIG) return undefined;
  const type = tx["TransactionType"];
  if (type === undefined) return onlyFields(tx, COMMON_FIELDS) ? "SignIn" : undefined;
  if (type === "AccountSet") {
    const sequence = tx["Sequence"];
    if (sequence !== undefined && sequence !== 0) return undefined;
    return onlyFields(tx, ACCOUNT_SET_FIELDS) ? "AccountSet" : undefined;
  }
  if (type === "Payment") {
    if (!onlyFields(tx, PAYMENT_FIELDS)) return undefined;
    const amount = tx["Amount"];
    if (typeof amount !== "string" || !/^\d+$/u.test(amount)) return undefined;
    if (typeof tx["Destination"] !== "string" || tx["Destination"] !== tx["Account"]) return undefined;
    return "Payment";
  }
  return undefined;
}
