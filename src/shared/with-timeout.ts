/**
 * Settles like `promise`, or rejects with `onTimeout()` after `timeoutMs`. The late outcome of
 * `promise` is still observed, so it never turns into an unhandled rejection.
 *
 * @internal
 */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(onTimeout()), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
