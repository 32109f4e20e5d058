// Reading a claim set for one account: every claim evaluated at once, so all first look-ups go
// out together on the one connection; identical requests within the reading are sent once; every
// answer is checked for shape; an outage is a LedgerUnavailableError.
import { InvalidOptionsError, LedgerRequestError, LedgerUnavailableError } from "../../errors.js";
import { isClassicAddress } from "../../message/address.js";
import { describeValue } from "../../shared/describe-value.js";
import { checkClaimSet } from "./claim-set.js";
import { unreadable, type ClaimContext, type Verdict } from "./context.js";
import { isPlainObject } from "./fields.js";
import { CLAIM_KINDS } from "./kinds.js";
import type { Claim, ClaimExplanation, ClaimLedger, ClaimSet, LedgerRequest } from "./types.js";

/** How claims reach the ledger: `LedgerReader.request`, resolving the answer's `result`. */
export type LedgerRequester = (command: LedgerRequest) => Promise<Record<string, unknown>>;

/** The request as sent: the validated ledger unless it names one. */
function onValidated(command: LedgerRequest): LedgerRequest {
  return command["ledger_index"] === undefined && command["ledger_hash"] === undefined
    ? { ...command, ledger_index: "validated" }
    : command;
}

/**
 * Evaluates every claim of `claims` (checked first) for `address`; resolves each one's verdict by
 * name. Rejects with `InvalidOptionsError` for a bad definition or address, with
 * `LedgerUnavailableError` when the node cannot answer, and with what a custom claim throws.
 */
export async function explainClaimSet<T extends ClaimSet>(
  request: LedgerRequester,
  address: string,
  claims: T,
  optionName = "claims",
): Promise<{ [K in keyof T]: ClaimExplanation }> {
  const checked = checkClaimSet(claims, optionName);
  if (typeof address !== "string" || !isClassicAddress(address)) {
    throw new InvalidOptionsError(
      `readClaims(address): address must be a classic XRPL address (r...), got ${describeValue(address, { maxLength: 60 })}.`,
    );
  }
  const context = createContext(request, address);
  const names = Object.keys(checked);
  const verdicts = await Promise.all(names.map((name) => context.evaluate(checked[name]!)));
  const answer: Record<string, ClaimExplanation> = {};
  names.forEach((name, index) => {
    const verdict = verdicts[index]!;
    answer[name] = { holds: verdict.holds, description: checked[name]!.description, reason: verdict.reason };
  });
  return answer as { [K in keyof T]: ClaimExplanation };
}

function createContext(request: LedgerRequester, address: string): ClaimContext {
  const sent = new Map<string, Promise<Record<string, unknown>>>();
  const evaluated = new Map<Claim, Promise<Verdict>>();

  function send(command: LedgerRequest): Promise<Record<string, unknown>> {
    const body = onValidated(command);
    const key = JSON.stringify(body);
    let pending = sent.get(key);
    if (pending === undefined) {
      pending = Promise.resolve()
        .then(() => request(body))
        .catch((error: unknown) => {
          if (error instanceof LedgerRequestError || error instanceof LedgerUnavailableError) throw error;
          throw new LedgerUnavailableError(
            `The ledger could not answer ${command.command}: ${error instanceof Error ? error.message : String(error)}`,
            { cause: error },
          );
        });
      sent.set(key, pending);
    }
    return pending;
  }

  const ledger: ClaimLedger = {
    request: (command) => request(onValidated(command)) as never,
  };

  const context: ClaimContext = {
    address,
    ledger,
    async read(command, absentWhen = []) {
      let result: Record<string, unknown>;
      try {
        result = await send(command);
      } catch (error) {
        if (error instanceof LedgerRequestError) {
          if (absentWhen.includes(error.error)) return undefined;
          throw new LedgerUnavailableError(`The ledger node refused ${command.command}: ${error.error} (${error.message}).`, {
            cause: error,
          });
        }
        throw error;
      }
      if (!isPlainObject(result) || result["validated"] !== true) throw unreadable(command.command, "not from a validated ledger");
      return result;
    },
    async closeTime(ledgerIndex) {
      const result = await context.read({ command: "ledger", ledger_index: ledgerIndex });
      const header = result?.["ledger"];
      const closeTime = isPlainObject(header) ? header["close_time"] : undefined;
      const index = isPlainObject(header) ? Number(header["ledger_index"]) : Number.NaN;
      if (typeof closeTime !== "number" || !Number.isSafeInteger(closeTime) || closeTime < 0 || index !== ledgerIndex) {
        throw unreadable("ledger", "no close_time for the ledger asked for");
      }
      return closeTime;
    },
    evaluate(claim) {
      let verdict = evaluated.get(claim);
      if (verdict === undefined) {
        const kind = CLAIM_KINDS.get(claim.kind)!;
        verdict = kind.evaluate(claim, context);
        evaluated.set(claim, verdict);
      }
      return verdict;
    },
  };
  return context;
}

/** The booleans of an explanation. */
export function holdsOf<T extends ClaimSet>(explained: { [K in keyof T]: ClaimExplanation }): { [K in keyof T]: boolean } {
  const results: Record<string, boolean> = {};
  for (const name of Object.keys(explained)) results[name] = explained[name]!.holds;
  return results as { [K in keyof T]: boolean };
}
