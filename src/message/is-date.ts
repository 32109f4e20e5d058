/**
 * True for a real Date, including one from another realm (iframe, vm) where `instanceof` fails.
 * `Date.prototype.getTime` throws for anything without the Date internal slot, so it is the
 * brand check; a look-alike object with `Symbol.toStringTag` "Date" is not a Date.
 */
export function isDate(value: unknown): value is Date {
  if (value instanceof Date) return true;
  if (value === null || typeof value !== "object") return false;
  try {
    Date.prototype.getTime.call(value);
    return true;
  } catch {
    return false;
  }
}
