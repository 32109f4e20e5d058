// holdsToken: the account's trust line to an issuer holds a balance of one of its tokens.
import { compareDecimals, parseDecimal, ZERO, type Decimal } from "./decimal.js";
import { readPages, unreadable, type ClaimKind, type Verdict } from "./context.js";
import {
  badField,
  isPlainObject,
  onlyFields,
  optionsNamer,
  readAddress,
  readAmount,
  readOptions,
  withoutCommon,
  type FieldNamer,
} from "./fields.js";
import type { Claim } from "./types.js";

/**
 * The claim {@link holdsToken} builds.
 *
 * @example
 * ```ts
 * const usd: TokenClaim = holdsToken({ currency: "USD", issuer: "rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq", minBalance: "10" });
 * ```
 */
export interface TokenClaim extends Claim {
  readonly kind: "token";
  /** A 3-character code, or 40 hex characters (upper case) for other currencies. */
  readonly currency: string;
  readonly issuer: string;
  /** The smallest balance that counts (a decimal string); absent: any balance above zero. */
  readonly minBalance?: string | undefined;
}

/**
 * Options of {@link holdsToken}.
 *
 * @example
 * ```ts
 * const options: HoldsTokenOptions = { currency: "USD", issuer: "rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq", minBalance: "0.5" };
 * ```
 */
export interface HoldsTokenOptions {
  /** The currency code: 3 characters such as `"USD"`, or 40 hex characters. */
  currency: string;
  /** The token's issuer. */
  issuer: string;
  /** The smallest balance that counts, as a decimal string (`"10"`, `"0.5"`). Default: any balance above zero. */
  minBalance?: string | undefined;
}

const FIELDS = ["currency", "issuer", "minBalance"] as const;
/** The characters rippled allows in a 3-character currency code. */
const ISO_CODE = /^[A-Za-z0-9<>(){}[\]|?!@#$%^&*]{3}$/u;
const HEX_CODE = /^[0-9A-Fa-f]{40}$/u;

/**
 * The account's trust line to `issuer` for `currency` holds at least `minBalance` (a decimal
 * string; default: more than zero), compared exactly as decimals, never as floating point. A
 * line the issuer has frozen (`freeze_peer`) does not count. Read with `account_lines` and
 * `peer: issuer`, so only the lines between the two accounts come back (400 a page).
 *
 * @example
 * ```ts
 * import { createVerifier, holdsToken } from "sign-in-with-xrpl";
 * const verifier = createVerifier();
 * const { usd } = await verifier.readClaims!(address, {
 *   usd: holdsToken({ currency: "USD", issuer: "rhub8VRN55s94qWKDv6jmDy1pUykJzF3wq", minBalance: "10" }),
 * });
 * ```
 */
export function holdsToken(options: HoldsTokenOptions): TokenClaim {
  return buildTokenClaim(readOptions(options, "holdsToken(options)", '{ currency: "USD", issuer: "r..." }'), optionsNamer("holdsToken"));
}

export function buildTokenClaim(options: Record<string, unknown>, name: FieldNamer): TokenClaim {
  onlyFields(options, FIELDS, name);
  const currency = normalizeCurrency(options["currency"]);
  if (currency === undefined) {
    badField(name, "currency", 'a 3-character currency code such as "USD" (not XRP), or 40 hex characters', options["currency"]);
  }
  const issuer = readAddress(options["issuer"], name, "issuer");
  const minBalance = options["minBalance"] === undefined ? undefined : readAmount(options["minBalance"], name, "minBalance").text;
  const description =
    minBalance === undefined
      ? `holds ${currencyLabel(currency)} issued by ${issuer} (a balance above 0)`
      : `holds at least ${minBalance} ${currencyLabel(currency)} issued by ${issuer}`;
  return Object.freeze({ kind: "token", description, currency, issuer, ...(minBalance === undefined ? {} : { minBalance }) });
}

/**
 * A currency code as rippled writes it in answers: a 3-character code as is; 40 hex characters
 * in upper case, or as the 3-character code they encode in the standard form. Undefined for
 * anything else, and for XRP (which has no trust lines).
 */
export function normalizeCurrency(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  if (ISO_CODE.test(value)) return value === "XRP" ? undefined : value;
  if (!HEX_CODE.test(value)) return undefined;
  const hex = value.toUpperCase();
  if (/^0{40}$/u.test(hex)) return undefined;
  // Standard form: 12 zero bytes, 3 ASCII bytes, 5 zero bytes.
  if (/^0{24}[0-9A-F]{6}0{10}$/u.test(hex)) {
    const code = String.fromCharCode(...[0, 2, 4].map((at) => parseInt(hex.slice(24 + at, 26 + at), 16)));
    if (code === "XRP") return undefined;
    if (ISO_CODE.test(code)) return code;
  }
  return hex;
}

function currencyLabel(currency: string): string {
  return currency.length === 3 ? currency : `currency ${currency}`;
}

export const TOKEN_KIND: ClaimKind<TokenClaim> = {
  kind: "token",
  check: (claim, name) => buildTokenClaim(withoutCommon(claim), name),
  async evaluate(claim, context): Promise<Verdict> {
    const needed: Decimal = claim.minBalance === undefined ? ZERO : parseDecimal(claim.minBalance)!;
    let line: { balance: Decimal; text: string; frozen: boolean } | undefined;
    await readPages(context, { command: "account_lines", account: context.address, peer: claim.issuer }, "lines", (items) => {
      for (const item of items) {
        if (!isPlainObject(item) || typeof item["account"] !== "string" || typeof item["currency"] !== "string") {
          throw unreadable("account_lines", "a trust line without account or currency");
        }
        if (item["account"] !== claim.issuer || normalizeCurrency(item["currency"]) !== claim.currency) continue;
        const balance = parseDecimal(item["balance"]);
        if (balance === undefined) throw unreadable("account_lines", "a balance that is not a decimal number");
        line = { balance, text: item["balance"] as string, frozen: item["freeze_peer"] === true || item["deep_freeze_peer"] === true };
        return true;
      }
      return false;
    });
    const what = `${currencyLabel(claim.currency)} trust line to ${claim.issuer}`;
    const bar = claim.minBalance === undefined ? "more than 0" : `at least ${claim.minBalance}`;
    if (line === undefined) return { holds: false, reason: `${what}: none` };
    if (line.frozen) return { holds: false, reason: `${what}: balance ${line.text}, frozen by the issuer` };
    const order = compareDecimals(line.balance, needed);
    const holds = claim.minBalance === undefined ? order > 0 : order >= 0;
    return { holds, reason: `${what}: balance ${line.text}, ${bar} needed` };
  },
};
