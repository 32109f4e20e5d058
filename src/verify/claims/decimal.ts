// Exact decimals for token balances and thresholds. rippled writes an issued amount as a decimal
// string of up to 16 significant digits with an exponent from -96 to 80: "10", "0.1",
// "-12.5", and outside its plain range in exponent form, "1234567890123456e-96" or "5e80".
// Floating point cannot compare those exactly ("0.1" + "0.2" territory, and 1e-96 steps), so a
// value is kept as a BigInt coefficient and a power of ten.

/** A decimal number `coefficient × 10^exponent`. */
export interface Decimal {
  readonly coefficient: bigint;
  readonly exponent: number;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d{1,4}))?$/u;
/** Longer strings are not amounts; the bound keeps BigInt work small for any input. */
export const MAX_DECIMAL_LENGTH = 64;
/** Exponents beyond this are not amounts either (rippled's range is -96 to 80, plus up to 16 digits). */
const MAX_EXPONENT = 200;

/** `text` as a {@link Decimal}, or undefined when it is not a decimal number in rippled's notation. */
export function parseDecimal(text: unknown): Decimal | undefined {
  if (typeof text !== "string" || text.length === 0 || text.length > MAX_DECIMAL_LENGTH) return undefined;
  const match = DECIMAL.exec(text);
  if (match === null) return undefined;
  const [, sign, whole = "", fraction = "", power = "0"] = match;
  const exponent = Number(power) - fraction.length;
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const magnitude = BigInt(whole + fraction);
  return { coefficient: sign === "-" ? -magnitude : magnitude, exponent };
}

/** -1, 0 or 1 as `left` is below, equal to or above `right`, exactly. */
export function compareDecimals(left: Decimal, right: Decimal): -1 | 0 | 1 {
  const exponent = Math.min(left.exponent, right.exponent);
  const a = left.coefficient * 10n ** BigInt(left.exponent - exponent);
  const b = right.coefficient * 10n ** BigInt(right.exponent - exponent);
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Zero, for "more than zero". */
export const ZERO: Decimal = { coefficient: 0n, exponent: 0 };
