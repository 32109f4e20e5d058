/**
 * Which signed transactions may carry a sign-in proof: only ones that can never move value or
 * change state if someone who sees the blob submits it, because every sign-in proof passes
 * through the browser and the server's logs. An allow-list, so any field a future amendment adds
 * is refused until reviewed.
 */
import { describeValue } from "../shared/describe-value.js";

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

function unlistedField(tx: Record<string, unknown>, allowed: ReadonlySet<string>): string | undefined {
  for (const field of Object.keys(tx)) if (!allowed.has(field)) return field;
  return undefined;
}

/** The verdict on a decoded transaction: its harmless kind, or why it is not harmless (one sentence). */
export type TransactionReview = { harmless: true; kind: HarmlessKind } | { harmless: false; reason: string };

/**
 * Reviews a decoded transaction:
 * - `SignIn`: Xaman's sign-in pseudo-transaction, no `TransactionType` (no server can apply it);
 *   common fields only.
 * - `AccountSet`: sets nothing (no SetFlag, ClearFlag, Domain, ... and no flags) and has
 *   `Sequence` 0 or none, so it can never be applied (a live Sequence would let anyone holding the
 *   blob burn its Fee and consume the sequence number).
 * - `Payment`: XRP (a drops string) to its own `Account`, which every server rejects as redundant.
 * Anything else (another type, `TicketSequence`, `Delegate`, any unlisted field, any flag but
 * tfFullyCanonicalSig, a `Fee` that is not XRP) is not harmless.
 */
export function reviewTransaction(tx: Record<string, unknown>): TransactionReview {
  const flags = tx["Flags"];
  if (flags !== undefined && flags !== 0 && flags !== TF_FULLY_CANONICAL_SIG) {
    return {
      harmless: false,
      reason: `The transaction sets Flags ${describeValue(flags, { quoteStrings: false })}; only tfFullyCanonicalSig is allowed.`,
    };
  }
  const fee = tx["Fee"];
  if (fee !== undefined && typeof fee !== "string") return { harmless: false, reason: "The transaction's Fee is not an amount of XRP." };
  const type = tx["TransactionType"];
  const unlisted = (allowed: ReadonlySet<string>, what: string): TransactionReview | undefined => {
    const field = unlistedField(tx, allowed);
    return field === undefined
      ? undefined
      : { harmless: false, reason: `${what} carries the field ${field}, which a sign-in transaction may not have.` };
  };
  if (type === undefined) return unlisted(COMMON_FIELDS, "The sign-in pseudo-transaction") ?? { harmless: true, kind: "SignIn" };
  if (type === "AccountSet") {
    const sequence = tx["Sequence"];
    if (sequence !== undefined && sequence !== 0) {
      return {
        harmless: false,
        reason: `The AccountSet has Sequence ${describeValue(sequence, { quoteStrings: false })}, so it could be submitted; a sign-in AccountSet needs Sequence 0.`,
      };
    }
    return unlisted(ACCOUNT_SET_FIELDS, "The AccountSet") ?? { harmless: true, kind: "AccountSet" };
  }
  if (type === "Payment") {
    const refusal = unlisted(PAYMENT_FIELDS, "The Payment");
    if (refusal !== undefined) return refusal;
    const amount = tx["Amount"];
    if (typeof amount !== "string" || !/^\d+$/u.test(amount)) return { harmless: false, reason: "The Payment's Amount is not XRP." };
    if (typeof tx["Destination"] !== "string" || tx["Destination"] !== tx["Account"]) {
      return { harmless: false, reason: "The Payment pays another account than its own." };
    }
    return { harmless: true, kind: "Payment" };
  }
  return {
    harmless: false,
    reason: `The transaction is a ${describeValue(type, { quoteStrings: false })}; only AccountSet, Payment to oneself and the sign-in pseudo-transaction are accepted.`,
  };
}

/** The kind of harmless transaction a decoded blob is, or undefined when it is not harmless (see {@link reviewTransaction}). */
export function classifyHarmlessTransaction(tx: Record<string, unknown>): HarmlessKind | undefined {
  const review = reviewTransaction(tx);
  return review.harmless ? review.kind : undefined;
}
