import { randomHex } from "../shared/random-hex.js";

/**
 * One check of a contract suite: a name that says what it proves, and `run`, which resolves
 * when the implementation passes and rejects with an `Error` that says what went wrong.
 * Framework-agnostic: hand each one to your test runner.
 *
 * @example
 * ```ts
 * import { it } from "vitest";
 * for (const check of nonceStoreContract(() => createMyNonceStore())) it(check.name, check.run);
 * ```
 */
export interface ContractCheck {
  readonly name: string;
  run(): Promise<void>;
}

/** @internal */
export function fail(subject: string, message: string): never {
  throw new Error(`${subject} contract: ${message}`);
}

/** @internal */
export function show(value: unknown): string {
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** @internal Fails unless `call` rejects. */
export async function expectRejection(subject: string, call: () => Promise<unknown>, what: string): Promise<void> {
  let answer: unknown;
  try {
    answer = await call();
  } catch {
    return;
  }
  fail(subject, `${what} must reject, but resolved ${show(answer)}.`);
}

/** @internal A random alphanumeric nonce, unique per call, so checks can run against a shared, persistent store. */
export function uniqueNonce(): string {
  return `contract${randomHex(16)}`;
}

/** @internal */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
