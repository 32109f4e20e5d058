// custom: any question about the account, answered by the application's own function over the
// verifier's ledger connection.
import { InvalidOptionsError } from "../../errors.js";
import { describeValue } from "../../shared/describe-value.js";
import type { ClaimKind, Verdict } from "./context.js";
import type { Claim, ClaimLedger } from "./types.js";

/**
 * The function of a {@link custom} claim: resolves `true` when the account meets it.
 *
 * @example
 * ```ts
 * const check: CustomClaimCheck = async (address, ledger) => {
 *   const info = await ledger.request({ command: "account_info", account: address });
 *   return info.account_data.Sequence > 100;
 * };
 * ```
 */
export type CustomClaimCheck = (address: string, ledger: ClaimLedger) => Promise<boolean>;

/**
 * The claim {@link custom} builds.
 *
 * @example
 * ```ts
 * const old: CustomClaim = custom("older than 100 transactions", async () => true);
 * console.log(old.name);
 * ```
 */
export interface CustomClaim extends Claim {
  readonly kind: "custom";
  readonly name: string;
  readonly check: CustomClaimCheck;
}

const MAX_NAME_LENGTH = 200;

/**
 * A claim answered by your own function, for anything the other definitions do not ask. It gets
 * the account's address and `ledger`, whose `request(command)` sends any rippled command on the
 * verifier's connection (API version 2, the validated ledger unless the command names one) and
 * resolves the answer's typed `result`. It must resolve `true` or `false`; anything else makes
 * `readClaims` reject with `InvalidOptionsError`, and what it throws rejects `readClaims`
 * unchanged (`LedgerUnavailableError` for an outage). `name` is its description.
 *
 * @example
 * ```ts
 * import { createVerifier, custom } from "sign-in-with-xrpl";
 * const funded = custom("holds at least 100 XRP", async (address, ledger) => {
 *   const info = await ledger.request({ command: "account_info", account: address });
 *   return BigInt(info.account_data.Balance) >= 100_000_000n;
 * });
 * const verifier = createVerifier();
 * const { rich } = await verifier.readClaims!(address, { rich: funded });
 * ```
 */
export function custom(name: string, check: CustomClaimCheck): CustomClaim {
  return buildCustomClaim(name, check, "custom(name, check)");
}

export function buildCustomClaim(name: unknown, check: unknown, label: string): CustomClaim {
  if (typeof name !== "string" || name.trim() === "" || name.length > MAX_NAME_LENGTH) {
    throw new InvalidOptionsError(
      `${label}: name must be a non-empty text of at most ${MAX_NAME_LENGTH} characters that says what the claim asks, got ${describeValue(name, { maxLength: 80 })}.`,
    );
  }
  if (typeof check !== "function") {
    throw new InvalidOptionsError(`${label}: check must be a function (address, ledger) => Promise<boolean>, got ${describeValue(check)}.`);
  }
  return Object.freeze({ kind: "custom", description: name, name, check: check as CustomClaimCheck });
}

export const CUSTOM_KIND: ClaimKind<CustomClaim> = {
  kind: "custom",
  check: (claim, _name, label) => buildCustomClaim(claim["name"], claim["check"], label),
  async evaluate(claim, context): Promise<Verdict> {
    const answer: unknown = await claim.check(context.address, context.ledger);
    if (typeof answer !== "boolean") {
      throw new InvalidOptionsError(
        `the custom claim ${JSON.stringify(claim.name)} answered ${describeValue(answer, { maxLength: 40 })}; its check must resolve true or false.`,
      );
    }
    return { holds: answer, reason: `${JSON.stringify(claim.name)}: the check answered ${String(answer)}` };
  },
};
