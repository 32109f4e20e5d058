import type { NonceStore } from "../server/types.js";
import { expectRejection, fail, show, sleep, uniqueNonce, type ContractCheck } from "./contract-check.js";

/**
 * Options of `nonceStoreContract`.
 *
 * @example
 * ```ts
 * const options: NonceStoreContractOptions = { expiryTtlMs: 500, parallelCalls: 100 };
 * ```
 */
export interface NonceStoreContractOptions {
  /** TTL used by the expiry check; the check waits this long plus a margin. Default 200. */
  expiryTtlMs?: number;
  /** Concurrent `consume` calls in the race check. Default 50. */
  parallelCalls?: number;
  /** Run the input checks (empty nonce, non-positive TTL must reject). Default true. */
  checkInput?: boolean;
}

const SUBJECT = "NonceStore";
const LONG_TTL_MS = 60_000;

async function expectBoolean(store: NonceStore, nonce: string, ttlMs: number, expected: boolean, when: string): Promise<void> {
  const answer = await store.consume(nonce, ttlMs);
  if (answer !== expected) fail(SUBJECT, `${when}: consume(${show(nonce)}, ${ttlMs}) resolved ${show(answer)}, expected ${expected}.`);
}

/**
 * The checks every `NonceStore` must pass: `true` exactly once per nonce (also under a race of
 * concurrent calls), nonces independent of each other, a nonce remembered for its TTL and
 * forgotten after it (so memory stays bounded), bad input rejected. Nonces are random per run,
 * so a persistent store (Redis) can be checked as is. `makeStore` is called once per check.
 *
 * @example
 * ```ts
 * import { describe, it } from "vitest";
 * import { nonceStoreContract } from "sign-in-with-xrpl/testing";
 *
 * describe("my nonce store", () => {
 *   for (const check of nonceStoreContract(() => createMyNonceStore())) it(check.name, check.run);
 * });
 * ```
 */
export function nonceStoreContract(
  makeStore: () => NonceStore | Promise<NonceStore>,
  options: NonceStoreContractOptions = {},
): ContractCheck[] {
  const expiryTtlMs = options.expiryTtlMs ?? 200;
  const parallelCalls = options.parallelCalls ?? 50;
  const checks: ContractCheck[] = [
    {
      name: "consume resolves true the first time and false every time after",
      async run() {
        const store = await makeStore();
        const nonce = uniqueNonce();
        await expectBoolean(store, nonce, LONG_TTL_MS, true, "first use");
        await expectBoolean(store, nonce, LONG_TTL_MS, false, "second use");
        await expectBoolean(store, nonce, LONG_TTL_MS, false, "third use");
      },
    },
    {
      name: `concurrent consumes of one nonce resolve true exactly once (${parallelCalls} calls)`,
      async run() {
        const store = await makeStore();
        const nonce = uniqueNonce();
        const answers = await Promise.all(Array.from({ length: parallelCalls }, () => store.consume(nonce, LONG_TTL_MS)));
        const wins = answers.filter((answer) => answer === true).length;
        const losses = answers.filter((answer) => answer === false).length;
        if (wins !== 1 || losses !== parallelCalls - 1) {
          fail(SUBJECT, `${parallelCalls} concurrent consumes gave ${wins} true and ${losses} false, expected exactly 1 true.`);
        }
      },
    },
    {
      name: "different nonces are independent",
      async run() {
        const store = await makeStore();
        const first = uniqueNonce();
        const second = uniqueNonce();
        await expectBoolean(store, first, LONG_TTL_MS, true, "first nonce");
        await expectBoolean(store, second, LONG_TTL_MS, true, "second nonce after the first was used");
        await expectBoolean(store, first, LONG_TTL_MS, false, "first nonce again");
        await expectBoolean(store, second, LONG_TTL_MS, false, "second nonce again");
      },
    },
    {
      name: "a nonce is refused for its whole TTL and forgotten after it",
      async run() {
        const store = await makeStore();
        const nonce = uniqueNonce();
        await expectBoolean(store, nonce, expiryTtlMs, true, "first use");
        await sleep(expiryTtlMs / 4);
        await expectBoolean(store, nonce, expiryTtlMs, false, "reuse within the TTL");
        await sleep(expiryTtlMs + 150);
        // Forgetting after the TTL is what keeps the store bounded; by then the message is too old anyway.
        await expectBoolean(store, nonce, expiryTtlMs, true, "use after the TTL ran out");
      },
    },
  ];
  if (options.checkInput !== false) {
    checks.push({
      name: "rejects an empty or non-string nonce and a TTL that is not a positive number",
      async run() {
        const store = await makeStore();
        const consume = store.consume.bind(store) as (nonce: unknown, ttlMs: unknown) => Promise<boolean>;
        await expectRejection(SUBJECT, () => consume("", LONG_TTL_MS), 'consume("", ttl)');
        await expectRejection(SUBJECT, () => consume(42, LONG_TTL_MS), "consume(42, ttl)");
        await expectRejection(SUBJECT, () => consume(uniqueNonce(), 0), "consume(nonce, 0)");
        await expectRejection(SUBJECT, () => consume(uniqueNonce(), -1000), "consume(nonce, -1000)");
        await expectRejection(SUBJECT, () => consume(uniqueNonce(), Number.NaN), "consume(nonce, NaN)");
        await expectRejection(SUBJECT, () => consume(uniqueNonce(), "1000"), 'consume(nonce, "1000")');
      },
    });
  }
  return checks;
}
