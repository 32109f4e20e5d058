// How an error message shows a value it did not expect. Primitives are shown as written; anything
// else by its kind, because `String(value)` would print "[object Object]", a function's source or
// whatever a foreign `toString` returns, none of which helps the reader fix their call.

/** How {@link describeValue} shows a value. */
export interface DescribeValueOptions {
  /** Show a string in double quotes (JSON) (default) or as it is, when the message quotes nothing else. */
  readonly quoteStrings?: boolean;
  /** Cut a longer string to this many characters and end it with "...". */
  readonly maxLength?: number;
}

/**
 * A value as an error message shows it: a string quoted, a number, boolean, bigint, `null` or
 * `undefined` as written, anything else as "an array", "an object", "a function" or "a symbol".
 *
 * @internal
 * @example
 * ```ts
 * describeValue("60"); // '"60"'
 * describeValue(-1); // "-1"
 * describeValue({ seconds: 60 }); // "an object"
 * describeValue("EscrowCreate", { quoteStrings: false }); // "EscrowCreate"
 * ```
 */
export function describeValue(value: unknown, options: DescribeValueOptions = {}): string {
  switch (typeof value) {
    case "string": {
      const { quoteStrings = true, maxLength } = options;
      const shown = maxLength !== undefined && value.length > maxLength ? `${value.slice(0, maxLength)}...` : value;
      return quoteStrings ? JSON.stringify(shown) : shown;
    }
    case "number":
    case "boolean":
    case "bigint":
    case "undefined":
      return String(value);
    case "function":
      return "a function";
    case "symbol":
      return "a symbol";
    case "object":
      return value === null ? "null" : Array.isArray(value) ? "an array" : "an object";
  }
}
