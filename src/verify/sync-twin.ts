/**
 * Synchronous twins of asynchronous methods. A method of a public interface resolves a promise
 * (a nonce store's `consume`, a verifier's `check`), but the library's own implementations
 * often know the answer at once: each `await` of such a promise costs turns of the microtask
 * queue on every request. The library registers, next to such a method, a twin that answers
 * what awaiting the method would give (a plain value when it can, a promise otherwise), and
 * throws what the method would reject with. The twin belongs to the function object itself, so
 * a method replaced on its object (a wrapper, a test spy) has no twin and is called as it is.
 */
const twins = new WeakMap<object, unknown>();

/**
 * Registers `twin` as the synchronous twin of `method` and returns `method`.
 *
 * @internal
 * @example
 * ```ts
 * const consumeNow = (nonce: string): boolean => used.add(nonce);
 * const store = { consume: withSyncTwin(async (nonce: string) => consumeNow(nonce), consumeNow) };
 * ```
 */
export function withSyncTwin<Args extends unknown[], Result>(
  method: (...args: Args) => Promise<Result>,
  twin: (...args: Args) => Result | Promise<Result>,
): (...args: Args) => Promise<Result> {
  twins.set(method, twin);
  return method;
}

/** The twin's type for an asynchronous method's type. */
type TwinOf<Method> = Method extends (...args: infer Args) => Promise<infer Result> ? (...args: Args) => Result | Promise<Result> : never;

/**
 * The synchronous twin of the method `owner[key]` holds now, or `undefined` when it has none
 * (call the method then, as it is).
 *
 * @internal
 * @example
 * ```ts
 * const now = syncTwinOf(store, "consume");
 * const first = now !== undefined ? now(nonce, ttlMs) : await store.consume(nonce, ttlMs);
 * ```
 */
export function syncTwinOf<Owner extends object, Key extends keyof Owner>(
  owner: Owner,
  key: Key,
): TwinOf<NonNullable<Owner[Key]>> | undefined {
  const method: unknown = owner[key];
  return typeof method === "function" ? (twins.get(method) as TwinOf<NonNullable<Owner[Key]>> | undefined) : undefined;
}
