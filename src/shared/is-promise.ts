// Hot paths that run synchronously when a step can (a sealed cookie over node:crypto, a session
// store that answers at once) ask this before awaiting: an `await` of a plain value still costs
// a turn of the microtask queue.

/**
 * Whether `value` is a promise (any thenable), as opposed to an answer already there.
 *
 * @internal
 */
export function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === "function";
}
