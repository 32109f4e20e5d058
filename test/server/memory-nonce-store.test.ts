import { describe, expect, it } from "vitest";
import { InvalidOptionsError } from "../../src/errors.js";
import { createMemoryNonceStore } from "../../src/server/index.js";
import { nonceStoreContract, revocationStoreContract } from "../../src/testing/index.js";

describe("createMemoryNonceStore: NonceStore contract", () => {
  for (const check of nonceStoreContract(() => createMemoryNonceStore(), { parallelCalls: 200, requireCountAttempt: true }))
    it(check.name, check.run);
});

describe("createMemoryNonceStore", () => {
  it("refuses a nonce until exactly its TTL has passed, by the injected clock", async () => {
    let now = 1_000_000;
    const store = createMemoryNonceStore({ now: () => now });
    expect(await store.consume("clocknonce01", 1000)).toBe(true);
    now += 999;
    expect(await store.consume("clocknonce01", 1000)).toBe(false);
    now += 1;
    expect(await store.consume("clocknonce01", 1000)).toBe(true);
  });

  it("honours a different TTL per call (a short one expiring first does not free a long one)", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    expect(await store.consume("longnonce001", 10_000)).toBe(true);
    expect(await store.consume("shortnonce01", 100)).toBe(true);
    now = 5_000;
    expect(await store.consume("shortnonce01", 100)).toBe(true);
    expect(await store.consume("longnonce001", 10_000)).toBe(false);
    now = 10_000;
    expect(await store.consume("longnonce001", 10_000)).toBe(true);
  });

  it("keeps a re-used nonce refused for its new TTL after an old heap entry expires", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    expect(await store.consume("renewednonce", 100)).toBe(true);
    now = 200;
    expect(await store.consume("renewednonce", 10_000)).toBe(true);
    now = 300;
    expect(await store.consume("renewednonce", 10_000)).toBe(false);
  });

  it("drops expired entries, so memory follows the live nonces only", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    for (let index = 0; index < 10_000; index += 1) {
      // Interleaved TTLs exercise the heap order.
      expect(await store.consume(`bulk${index}nonce`, 1 + (index % 7) * 100)).toBe(true);
    }
    now = 10_000;
    // Every earlier nonce has expired: each may be used again, which only holds if it was dropped.
    for (let index = 0; index < 10_000; index += 997) {
      expect(await store.consume(`bulk${index}nonce`, 1000)).toBe(true);
    }
  });

  it("rejects a clock that is not a function", () => {
    expect(() => createMemoryNonceStore({ now: 5 as never })).toThrow(InvalidOptionsError);
  });

  it("rejects bad input with InvalidOptionsError naming the fix", async () => {
    const store = createMemoryNonceStore();
    await expect(store.consume("", 1000)).rejects.toThrow(InvalidOptionsError);
    await expect(store.consume("goodnonce1", 0)).rejects.toThrow(/positive number of milliseconds/);
  });
});

describe("createMemoryNonceStore: RevocationStore contract", () => {
  for (const check of revocationStoreContract(() => createMemoryNonceStore())) it(check.name, check.run);
});

describe("createMemoryNonceStore revocations", () => {
  it("keeps an id revoked until exactly its TTL has passed, by the injected clock", async () => {
    let now = 1_000_000;
    const store = createMemoryNonceStore({ now: () => now });
    await store.revoke("session01", 1000);
    now += 999;
    expect(await store.isRevoked("session01")).toBe(true);
    now += 1;
    expect(await store.isRevoked("session01")).toBe(false);
  });

  it("extends a revocation when revoked again for longer, and keeps the longer one otherwise", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    await store.revoke("session02", 100);
    await store.revoke("session02", 5000);
    await store.revoke("session02", 10);
    now = 4999;
    expect(await store.isRevoked("session02")).toBe(true);
    now = 5000;
    expect(await store.isRevoked("session02")).toBe(false);
  });

  it("rejects bad input with InvalidOptionsError naming the fix", async () => {
    const store = createMemoryNonceStore();
    await expect(store.revoke("", 1000)).rejects.toThrow(/revoke needs the id as a non-empty string/);
    await expect(store.revoke("session03", Number.POSITIVE_INFINITY)).rejects.toThrow(InvalidOptionsError);
    await expect(store.isRevoked(7 as never)).rejects.toThrow(/isRevoked needs the id/);
  });
});

describe("createMemoryNonceStore expiries (held without an object per entry)", () => {
  it("starts a new attempt count at 1 when an expired one's room is reused, and keeps an extended count to its latest expiry", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    expect(await store.countAttempt("first-nonce", 100)).toBe(1);
    expect(await store.countAttempt("first-nonce", 100)).toBe(2);
    now = 50;
    expect(await store.countAttempt("first-nonce", 100)).toBe(3);
    now = 100;
    // The first expiry has passed, the extended one (150) has not.
    expect(await store.countAttempt("first-nonce", 100)).toBe(4);
    now = 200;
    expect(await store.countAttempt("other-nonce", 100)).toBe(1);
    expect(await store.countAttempt("first-nonce", 100)).toBe(1);
  });

  it("answers like a plain map of expiries over thousands of random calls with random TTLs", async () => {
    let now = 0;
    const store = createMemoryNonceStore({ now: () => now });
    const used = new Map<string, number>();
    const counts = new Map<string, { count: number; until: number }>();
    const revoked = new Map<string, number>();
    // A fixed linear congruential sequence: the same calls on every run.
    let seed = 12_345;
    const next = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let call = 0; call < 20_000; call += 1) {
      now += next(5);
      const key = `key-${next(300)}`;
      const ttlMs = 1 + next(400);
      const kind = next(4);
      if (kind === 0) {
        const expected = (used.get(key) ?? -1) <= now;
        if (expected) used.set(key, now + ttlMs);
        expect(await store.consume(key, ttlMs)).toBe(expected);
      } else if (kind === 1) {
        const held = counts.get(key);
        const entry = held !== undefined && held.until > now ? held : { count: 0, until: 0 };
        entry.count += 1;
        entry.until = Math.max(entry.until, now + ttlMs);
        counts.set(key, entry);
        expect(await store.countAttempt(key, ttlMs)).toBe(entry.count);
      } else if (kind === 2) {
        const until = revoked.get(key);
        revoked.set(key, until !== undefined && until > now ? Math.max(until, now + ttlMs) : now + ttlMs);
        await store.revoke(key, ttlMs);
      } else {
        expect(await store.isRevoked(key)).toBe((revoked.get(key) ?? -1) > now);
      }
    }
  });
});
