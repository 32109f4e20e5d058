// What a claim's evaluation gets: the account, ledger reads that share requests within one
// `readClaims` call, the close time of a validated ledger, and the evaluation of child claims.
import { LedgerUnavailableError } from "../../errors.js";
import type { FieldNamer } from "./fields.js";
import type { Claim, ClaimLedger, LedgerRequest } from "./types.js";

/** A claim's answer and why. */
export interface Verdict {
  readonly holds: boolean;
  readonly reason: string;
}

export interface ClaimContext {
  /** The account the claims are read for. */
  readonly address: string;
  /** The ledger as a custom claim sees it. */
  readonly ledger: ClaimLedger;
  /**
   * The `result` of a request (validated ledger unless it names one), checked to be a record
   * that says `validated: true`; undefined when the node answers one of the error tokens in
   * `absentWhen` (`entryNotFound`, `actNotFound`). Any other failure: `LedgerUnavailableError`.
   * Identical requests within one reading are sent once.
   */
  read(request: LedgerRequest, absentWhen?: readonly string[]): Promise<Record<string, unknown> | undefined>;
  /** The close time of validated ledger `ledgerIndex`, in seconds since the Ripple epoch (2000-01-01). */
  closeTime(ledgerIndex: number): Promise<number>;
  /** Reads a child claim (for the combinators). */
  evaluate(claim: Claim): Promise<Verdict>;
}

/**
 * One kind of claim: how a claim object of that kind is checked (a hand-built or changed object
 * is refused with its field named) and how it is read from the ledger.
 */
export interface ClaimKind<C extends Claim = Claim> {
  readonly kind: string;
  /** Checks every field of `claim` (its kind already matched); throws `InvalidOptionsError`. */
  check(claim: Record<string, unknown>, name: FieldNamer, label: string, checkChild: (claim: unknown, path: string) => Claim): C;
  evaluate(claim: C, context: ClaimContext): Promise<Verdict>;
}

/** The error for an answer whose shape is not rippled's. */
export function unreadable(command: string, what: string): LedgerUnavailableError {
  return new LedgerUnavailableError(`The ledger node answered ${command} with data this library cannot read (${what}).`);
}

/** The largest page rippled serves for account_nfts, account_lines and account_objects. */
export const PAGE_LIMIT = 400;
/**
 * Pages of one list read at most (400,000 entries): a node that keeps answering markers, or
 * repeats one, is not answering the question.
 */
export const MAX_PAGES = 1000;

/**
 * Reads a paginated list (`account_nfts`, `account_lines`, `account_objects`) page by page:
 * the first page from the validated ledger, the next ones from the same ledger index with the
 * node's `marker`, until `visit` says the answer is known (returns true) or there is no marker.
 * Resolves how many pages were read, and whether the list ended; an account that does not
 * exist (`actNotFound`) is an empty list.
 */
export async function readPages(
  context: ClaimContext,
  request: LedgerRequest,
  listField: string,
  visit: (items: readonly unknown[]) => boolean,
): Promise<{ pages: number; stoppedEarly: boolean }> {
  const command = request.command;
  let marker: unknown;
  let ledgerIndex: number | undefined;
  for (let pages = 1; ; pages += 1) {
    const result = await context.read(
      marker === undefined ? { ...request, limit: PAGE_LIMIT } : { ...request, limit: PAGE_LIMIT, ledger_index: ledgerIndex, marker },
      ["actNotFound"],
    );
    if (result === undefined) return { pages, stoppedEarly: false };
    const items = result[listField];
    if (!Array.isArray(items)) throw unreadable(command, `no ${listField} list`);
    if (visit(items)) return { pages, stoppedEarly: result["marker"] !== undefined };
    const next = result["marker"];
    if (next === undefined || next === null) return { pages, stoppedEarly: false };
    if (pages >= MAX_PAGES) throw unreadable(command, `more than ${MAX_PAGES} pages`);
    if (JSON.stringify(next) === JSON.stringify(marker)) throw unreadable(command, "the same marker twice");
    marker = next;
    if (ledgerIndex === undefined) {
      const index = result["ledger_index"];
      if (typeof index !== "number" || !Number.isSafeInteger(index)) throw unreadable(command, "no ledger_index with a marker");
      ledgerIndex = index;
    }
  }
}
