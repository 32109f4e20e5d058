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
  /**
   * The store must have `countAttempt`: its checks fail when it is missing. Default false: they
   * check a store that has the method and pass one without it (the method is optional).
   */
  requireCountAttempt?: boolean;
}

const SUBJECT = "NonceStore";
const LONG_TTL_MS = 60_000;

async function expectBoolean(store: NonceStore, nonce: string, ttlMs: number, expected: boolean, when: string): Promise<void> {
  const answer = await store.consume(nonce, ttlMs);
  if (answer !== expected) fail(SUBJECT, `${when}: consume(${show(nonce)}, ${ttlMs}) resolved ${show(answer)}, expected ${expected}.`);
}

type CountAttempt = (nonce: string, ttlMs: number) => Promise<number>;

async function expectCount(count: CountAttempt, nonce: string, ttlMs: number, expected: number, when: string): Promise<void> {
  const answer = await count(nonce, ttlMs);
  if (answer !== expected) fail(SUBJECT, `${when}: countAttempt(${show(nonce)}, ${ttlMs}) resolved ${show(answer)}, expected ${expected}.`);
}

/**
 * The checks every `NonceStore` must pass: `true` exactly once per nonce (also under a race of
 * concurrent calls), nonces independent of each other, a nonce remembered for its TTL and
 * forgotten after it (so memory stays bounded), bad input rejected. For a store with
 * `countAttempt`: counts 1, 2, 3... per nonce, N concurrent calls resolve 1 to N each once,
 * independent per nonce and from `consume`, kept for the TTL (never shortened by a later call)
 * and forgotten after it, bad input rejected. Nonces are random per run, so a persistent store
 * (Redis) can be checked as is. `makeStore` is called once per check.
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
  checks.push(...countAttemptChecks(makeStore, { expiryTtlMs, parallelCalls, ...options }));
  return checks;
}

/** The `countAttempt` checks: each runs on a store that has the method, and fails for one without it only when it is required. */
function countAttemptChecks(
  makeStore: () => NonceStore | Promise<NonceStore>,
  options: { expiryTtlMs: number; parallelCalls: number; checkInput?: boolean; requireCountAttempt?: boolean },
): ContractCheck[] {
  const { expiryTtlMs, parallelCalls } = options;
  /** The store's countAttempt, or `undefined` to pass a store that may leave it out. */
  const counterOf = async (): Promise<{ store: NonceStore; count: CountAttempt } | undefined> => {
    const store = await makeStore();
    if (typeof store.countAttempt !== "function") {
      if (options.requireCountAttempt === true) fail(SUBJECT, "the store has no countAttempt(nonce, ttlMs) method.");
      return undefined;
    }
    return { store, count: store.countAttempt.bind(store) };
  };
  const checks: ContractCheck[] = [
    {
      name: "countAttempt (when present) counts 1, 2, 3 on one nonce",
      async run() {
        const counter = await counterOf();
        if (counter === undefined) return;
        const nonce = uniqueNonce();
        for (const expected of [1, 2, 3]) await expectCount(counter.count, nonce, LONG_TTL_MS, expected, `call ${expected}`);
      },
    },
    {
      name: `countAttempt (when present) gives ${parallelCalls} concurrent calls on one nonce the counts 1 to ${parallelCalls}, each once`,
      async run() {
        const counter = await counterOf();
        if (counter === undefined) return;
        const nonce = uniqueNonce();
        const answers = await Promise.all(Array.from({ length: parallelCalls }, () => counter.count(nonce, LONG_TTL_MS)));
        const sorted = [...answers].sort((first, second) => first - second);
        if (sorted.some((answer, index) => answer !== index + 1)) {
          fail(
            SUBJECT,
            `${parallelCalls} concurrent countAttempt calls resolved ${show(sorted)}, expected each of 1 to ${parallelCalls} once (a count read and written in two steps loses or repeats counts).`,
          );
        }
      },
    },
    {
      name: "countAttempt (when present) counts each nonce on its own, and apart from consume",
      async run() {
        const counter = await counterOf();
        if (counter === undefined) return;
        const first = uniqueNonce();
        const second = uniqueNonce();
        await expectCount(counter.count, first, LONG_TTL_MS, 1, "first nonce");
        await expectCount(counter.count, first, LONG_TTL_MS, 2, "first nonce again");
        await expectCount(counter.count, second, LONG_TTL_MS, 1, "second nonce after two counts on the first");
        // Counting a nonce does not use it up, and using it up does not count.
        await expectBoolean(counter.store, first, LONG_TTL_MS, true, "consume of a nonce that was counted");
        await expectCount(counter.count, first, LONG_TTL_MS, 3, "first nonce after it was consumed");
        const third = uniqueNonce();
        await expectBoolean(counter.store, third, LONG_TTL_MS, true, "consume of a new nonce");
        await expectCount(counter.count, third, LONG_TTL_MS, 1, "a consumed nonce counted for the first time");
      },
    },
    {
      name: "countAttempt (when present) keeps a count for its TTL, never shortened by a later call, and forgets it after",
      async run() {
        const counter = await counterOf();
        if (counter === undefined) return;
        const nonce = uniqueNonce();
        await expectCount(counter.count, nonce, expiryTtlMs, 1, "first call");
        await sleep(expiryTtlMs / 4);
        await expectCount(counter.count, nonce, expiryTtlMs, 2, "second call within the TTL");
        await sleep(expiryTtlMs + 150);
        await expectCount(counter.count, nonce, expiryTtlMs, 1, "call after the TTL ran out");

        const kept = uniqueNonce();
        await expectCount(counter.count, kept, expiryTtlMs * 4, 1, "first call with a long TTL");
        await expectCount(counter.count, kept, 1, 2, "second call with a TTL of 1 ms");
        await sleep(expiryTtlMs);
        await expectCount(counter.count, kept, expiryTtlMs, 3, "call after the short TTL, within the long one");
      },
    },
  ];
  if (options.checkInput !== false) {
    checks.push({
      name: "countAttempt (when present) rejects bad input: an empty or non-string nonce, a TTL that is not a positive number",
      async run() {
        const counter = await counterOf();
        if (counter === undefined) return;
        const count = counter.count as (nonce: unknown, ttlMs: unknown) => Promise<number>;
        await expectRejection(SUBJECT, () => count("", LONG_TTL_MS), 'countAttempt("", ttl)');
        await expectRejection(SUBJECT, () => count(42, LONG_TTL_MS), "countAttempt(42, ttl)");
        await expectRejection(SUBJECT, () => count(uniqueNonce(), 0), "countAttempt(nonce, 0)");
        await expectRejection(SUBJECT, () => count(uniqueNonce(), -1000), "countAttempt(nonce, -1000)");
        await expectRejection(SUBJECT, () => count(uniqueNonce(), Number.NaN), "countAttempt(nonce, NaN)");
        await expectRejection(SUBJECT, () => count(uniqueNonce(), "1000"), 'countAttempt(nonce, "1000")');
      },
    });
  }
  return checks;
}
