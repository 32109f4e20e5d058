/**
 * Settles like `promise`, or rejects with `onTimeout()` after `timeoutMs`. The late outcome of
 * `promise` is still observed, so it never turns into an unhandled rejection.
 *
 * @internal
 */
export function withTimeout<T>(promise: Promise<T>, timeoutMs: number, onTimeout: () => Error): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(onTimeout()), timeoutMs);
  });
  // The race subscribes to `promise`, so its late rejection is handled; once `promise` settles
  // first the timer is cleared and `timeout` stays pending, never rejecting.
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
