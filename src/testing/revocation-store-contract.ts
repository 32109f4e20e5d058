import type { NonceStore, RevocationStore } from "../server/types.js";
import { expectRejection, fail, show, sleep, uniqueNonce, type ContractCheck } from "./contract-check.js";

/**
 * Options of `revocationStoreContract`.
 *
 * @example
 * ```ts
 * const options: RevocationStoreContractOptions = { expiryTtlMs: 500 };
 * ```
 */
export interface RevocationStoreContractOptions {
  /** TTL used by the expiry checks; they wait this long plus a margin. Default 200. */
  expiryTtlMs?: number;
  /** Run the input checks (empty id, non-positive TTL must reject). Default true. */
  checkInput?: boolean;
}

const SUBJECT = "RevocationStore";
const LONG_TTL_MS = 60_000;

async function expectRevoked(store: RevocationStore, id: string, expected: boolean, when: string): Promise<void> {
  const answer = await store.isRevoked(id);
  if (answer !== expected) fail(SUBJECT, `${when}: isRevoked(${show(id)}) resolved ${show(answer)}, expected ${expected}.`);
}

function isNonceStore(store: RevocationStore): store is RevocationStore & NonceStore {
  return typeof (store as Partial<NonceStore>).consume === "function";
}

/**
 * The checks every `RevocationStore` must pass: an id reads as revoked from the moment `revoke`
 * resolves, for its whole TTL, and is forgotten after it (so storage stays bounded); ids are
 * independent; revoking again extends and never shortens; revoked ids and used nonces never
 * stand in for each other when the store is a `NonceStore` too; bad input is rejected. Ids are
 * random per run, so a persistent store can be checked as is. `makeStore` is called once per check.
 *
 * @example
 * ```ts
 * import { describe, it } from "vitest";
 * import { revocationStoreContract } from "sign-in-with-xrpl/testing";
 *
 * describe("my revocation store", () => {
 *   for (const check of revocationStoreContract(() => createMyStore())) it(check.name, check.run);
 * });
 * ```
 */
export function revocationStoreContract(
  makeStore: () => RevocationStore | Promise<RevocationStore>,
  options: RevocationStoreContractOptions = {},
): ContractCheck[] {
  const expiryTtlMs = options.expiryTtlMs ?? 200;
  const afterExpiryMs = expiryTtlMs + 150;
  const checks: ContractCheck[] = [
    {
      name: "an id reads as revoked once revoke resolves, and not before",
      async run() {
        const store = await makeStore();
        const id = uniqueNonce();
        await expectRevoked(store, id, false, "before revoke");
        const answer: unknown = await store.revoke(id, LONG_TTL_MS);
        if (answer !== undefined) fail(SUBJECT, `revoke resolved ${show(answer)}, expected undefined.`);
        await expectRevoked(store, id, true, "right after revoke");
        await expectRevoked(store, id, true, "read again");
      },
    },
    {
      name: "different ids are independent",
      async run() {
        const store = await makeStore();
        const first = uniqueNonce();
        const second = uniqueNonce();
        await store.revoke(first, LONG_TTL_MS);
        await expectRevoked(store, second, false, "another id after the first was revoked");
        await store.revoke(second, LONG_TTL_MS);
        await expectRevoked(store, first, true, "first id after the second was revoked");
      },
    },
    {
      name: "an id stays revoked for its whole TTL and is forgotten after it",
      async run() {
        const store = await makeStore();
        const id = uniqueNonce();
        await store.revoke(id, expiryTtlMs);
        await sleep(expiryTtlMs / 4);
        await expectRevoked(store, id, true, "within the TTL");
        await sleep(afterExpiryMs);
        // Forgetting is what keeps the store bounded; by then the session has ended anyway.
        await expectRevoked(store, id, false, "after the TTL ran out");
      },
    },
    {
      name: "revoking again never shortens a revocation and may extend it",
      async run() {
        const store = await makeStore();
        const shortened = uniqueNonce();
        const extended = uniqueNonce();
        await store.revoke(shortened, LONG_TTL_MS);
        await store.revoke(shortened, expiryTtlMs);
        await store.revoke(extended, expiryTtlMs);
        await store.revoke(extended, LONG_TTL_MS);
        await sleep(afterExpiryMs);
        await expectRevoked(
          store,
          shortened,
          true,
          `revoked for ${LONG_TTL_MS} ms, then again for ${expiryTtlMs} ms, read after ${afterExpiryMs} ms`,
        );
        await expectRevoked(
          store,
          extended,
          true,
          `revoked for ${expiryTtlMs} ms, then again for ${LONG_TTL_MS} ms, read after ${afterExpiryMs} ms`,
        );
      },
    },
    {
      name: "revoked ids and used nonces never stand in for each other (when the store is a NonceStore too)",
      async run() {
        const store = await makeStore();
        if (!isNonceStore(store)) return;
        const usedNonce = uniqueNonce();
        if ((await store.consume(usedNonce, LONG_TTL_MS)) !== true) fail(SUBJECT, "consume of a fresh nonce did not resolve true.");
        await expectRevoked(store, usedNonce, false, "an id equal to a used nonce");
        const revokedId = uniqueNonce();
        await store.revoke(revokedId, LONG_TTL_MS);
        const answer = await store.consume(revokedId, LONG_TTL_MS);
        if (answer !== true)
          fail(SUBJECT, `consume(${show(revokedId)}) of a nonce equal to a revoked id resolved ${show(answer)}, expected true.`);
      },
    },
  ];
  if (options.checkInput !== false) {
    checks.push({
      name: "rejects an empty or non-string id and a TTL that is not a positive number",
      async run() {
        const store = await makeStore();
        const revoke = store.revoke.bind(store) as (id: unknown, ttlMs: unknown) => Promise<void>;
        const isRevoked = store.isRevoked.bind(store) as (id: unknown) => Promise<boolean>;
        await expectRejection(SUBJECT, () => revoke("", LONG_TTL_MS), 'revoke("", ttl)');
        await expectRejection(SUBJECT, () => revoke(42, LONG_TTL_MS), "revoke(42, ttl)");
        await expectRejection(SUBJECT, () => revoke(uniqueNonce(), 0), "revoke(id, 0)");
        await expectRejection(SUBJECT, () => revoke(uniqueNonce(), -1000), "revoke(id, -1000)");
        await expectRejection(SUBJECT, () => revoke(uniqueNonce(), Number.NaN), "revoke(id, NaN)");
        await expectRejection(SUBJECT, () => revoke(uniqueNonce(), "1000"), 'revoke(id, "1000")');
        await expectRejection(SUBJECT, () => isRevoked(""), 'isRevoked("")');
        await expectRejection(SUBJECT, () => isRevoked(undefined), "isRevoked(undefined)");
      },
    });
  }
  return checks;
}
