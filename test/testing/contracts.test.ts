import { describe, expect, it } from "vitest";
import type { NonceStore, RevocationStore, SessionRecord, SessionStore } from "../../src/server/types.js";
import {
  createMemorySessionStore,
  nonceStoreContract,
  revocationStoreContract,
  sessionStoreContract,
  type ContractCheck,
} from "../../src/testing/index.js";

function check(checks: ContractCheck[], namePart: string): ContractCheck {
  const found = checks.find((each) => each.name.includes(namePart));
  if (found === undefined) throw new Error(`no check named like ${namePart}`);
  return found;
}

describe("nonceStoreContract catches broken nonce stores", () => {
  it("fails a store that always answers true", async () => {
    const checks = nonceStoreContract((): NonceStore => ({ consume: async () => true }));
    await expect(check(checks, "first time").run()).rejects.toThrow(/NonceStore contract: second use/);
    await expect(check(checks, "concurrent").run()).rejects.toThrow(/exactly 1 true/);
  });

  it("fails a store whose check-then-set is not atomic", async () => {
    const checks = nonceStoreContract((): NonceStore => {
      const used = new Set<string>();
      return {
        async consume(nonce) {
          const seen = used.has(nonce);
          await new Promise((resolve) => setTimeout(resolve, 1));
          used.add(nonce);
          return !seen;
        },
      };
    });
    await expect(check(checks, "concurrent").run()).rejects.toThrow(/concurrent consumes gave 50 true/);
  });

  it("fails a store that never forgets a nonce", async () => {
    const checks = nonceStoreContract((): NonceStore => {
      const used = new Set<string>();
      return {
        async consume(nonce) {
          if (used.has(nonce)) return false;
          used.add(nonce);
          return true;
        },
      };
    });
    await expect(check(checks, "forgotten after").run()).rejects.toThrow(/use after the TTL ran out/);
    await expect(check(checks, "rejects an empty").run()).rejects.toThrow(/must reject/);
  });

  it("can leave the input checks out", () => {
    expect(nonceStoreContract(() => ({ consume: async () => true }), { checkInput: false }).map((each) => each.name)).not.toContain(
      "rejects an empty or non-string nonce and a TTL that is not a positive number",
    );
  });
});

/** A correct consume, for the broken countAttempt variants to sit beside. */
function consumeOnce(): NonceStore["consume"] {
  const used = new Set<string>();
  return async (nonce) => {
    if (used.has(nonce)) return false;
    used.add(nonce);
    return true;
  };
}

describe("nonceStoreContract catches broken countAttempt implementations", () => {
  it("fails a count read and written in two steps (concurrent calls repeat counts)", async () => {
    const checks = nonceStoreContract((): NonceStore => {
      const counts = new Map<string, number>();
      return {
        consume: consumeOnce(),
        async countAttempt(nonce) {
          const seen = counts.get(nonce) ?? 0;
          await new Promise((resolve) => setTimeout(resolve, 1));
          counts.set(nonce, seen + 1);
          return seen + 1;
        },
      };
    });
    await expect(check(checks, "concurrent calls on one nonce").run()).rejects.toThrow(/concurrent countAttempt calls resolved \[1,1,1/);
  });

  it("fails a count that is shared by every nonce, and one that consume moves", async () => {
    const shared = nonceStoreContract((): NonceStore => {
      let count = 0;
      return { consume: consumeOnce(), countAttempt: async () => ++count };
    });
    await expect(check(shared, "each nonce on its own").run()).rejects.toThrow(/second nonce after two counts on the first/);

    const oneKeySpace = nonceStoreContract((): NonceStore => {
      const counts = new Map<string, number>();
      return {
        async consume(nonce) {
          if (counts.has(nonce)) return false;
          counts.set(nonce, 1);
          return true;
        },
        async countAttempt(nonce) {
          const next = (counts.get(nonce) ?? 0) + 1;
          counts.set(nonce, next);
          return next;
        },
      };
    });
    await expect(check(oneKeySpace, "each nonce on its own").run()).rejects.toThrow(/consume of a nonce that was counted/);
  });

  it("fails a count that never expires, and one that a later short TTL cuts", async () => {
    const forever = nonceStoreContract((): NonceStore => {
      const counts = new Map<string, number>();
      return {
        consume: consumeOnce(),
        async countAttempt(nonce) {
          const next = (counts.get(nonce) ?? 0) + 1;
          counts.set(nonce, next);
          return next;
        },
      };
    });
    await expect(check(forever, "keeps a count for its TTL").run()).rejects.toThrow(/call after the TTL ran out/);

    const shortened = nonceStoreContract((): NonceStore => {
      const counts = new Map<string, { count: number; until: number }>();
      return {
        consume: consumeOnce(),
        async countAttempt(nonce, ttlMs) {
          const current = counts.get(nonce);
          const count = current !== undefined && current.until > Date.now() ? current.count + 1 : 1;
          counts.set(nonce, { count, until: Date.now() + ttlMs });
          return count;
        },
      };
    });
    await expect(check(shortened, "keeps a count for its TTL").run()).rejects.toThrow(/call after the short TTL, within the long one/);
  });

  it("fails a countAttempt that accepts bad input", async () => {
    const checks = nonceStoreContract((): NonceStore => ({ consume: consumeOnce(), countAttempt: async () => 1 }));
    await expect(check(checks, "countAttempt (when present) rejects bad input").run()).rejects.toThrow(/must reject/);
  });

  it("passes a store without countAttempt (the method is optional), and fails it when the method is required", async () => {
    const store = (): NonceStore => ({ consume: consumeOnce() });
    await expect(check(nonceStoreContract(store), "counts 1, 2, 3").run()).resolves.toBeUndefined();
    await expect(check(nonceStoreContract(store, { requireCountAttempt: true }), "counts 1, 2, 3").run()).rejects.toThrow(
      /has no countAttempt/,
    );
  });
});

/** Revocations kept until a given time in a map, the way a correct store would, for the broken variants to start from. */
function expiringMap(): { until: Map<string, number>; live(id: string): boolean } {
  const until = new Map<string, number>();
  return { until, live: (id) => (until.get(id) ?? 0) > Date.now() };
}

describe("revocationStoreContract catches broken revocation stores", () => {
  it("fails a store that never reports a revocation", async () => {
    const checks = revocationStoreContract((): RevocationStore => ({ revoke: async () => {}, isRevoked: async () => false }));
    await expect(check(checks, "once revoke resolves").run()).rejects.toThrow(/RevocationStore contract: right after revoke/);
  });

  it("fails a store that reports every id as revoked", async () => {
    const checks = revocationStoreContract((): RevocationStore => ({ revoke: async () => {}, isRevoked: async () => true }));
    await expect(check(checks, "once revoke resolves").run()).rejects.toThrow(/before revoke/);
    await expect(check(checks, "independent").run()).rejects.toThrow(/another id/);
  });

  it("fails a store that records the revocation after revoke has resolved", async () => {
    const checks = revocationStoreContract((): RevocationStore => {
      const revoked = new Set<string>();
      return {
        async revoke(id) {
          setTimeout(() => revoked.add(id), 20);
        },
        isRevoked: async (id) => revoked.has(id),
      };
    });
    await expect(check(checks, "once revoke resolves").run()).rejects.toThrow(/right after revoke/);
  });

  it("fails a store that never forgets a revoked id, and one that skips the input checks", async () => {
    const checks = revocationStoreContract((): RevocationStore => {
      const revoked = new Set<string>();
      return {
        async revoke(id) {
          revoked.add(id);
        },
        isRevoked: async (id) => revoked.has(id),
      };
    });
    await expect(check(checks, "forgotten after").run()).rejects.toThrow(/after the TTL ran out/);
    await expect(check(checks, "rejects an empty").run()).rejects.toThrow(/must reject/);
  });

  it("fails a store where revoking again with a shorter TTL shortens the revocation", async () => {
    const checks = revocationStoreContract((): RevocationStore => {
      const { until, live } = expiringMap();
      return {
        async revoke(id, ttlMs) {
          until.set(id, Date.now() + ttlMs);
        },
        isRevoked: async (id) => live(id),
      };
    });
    await expect(check(checks, "never shortens").run()).rejects.toThrow(/then again for 200 ms/);
  });

  it("fails a store that keeps revoked ids and used nonces in one key space", async () => {
    const checks = revocationStoreContract((): RevocationStore & NonceStore => {
      const { until, live } = expiringMap();
      return {
        async consume(nonce, ttlMs) {
          if (live(nonce)) return false;
          until.set(nonce, Date.now() + ttlMs);
          return true;
        },
        async revoke(id, ttlMs) {
          until.set(id, Math.max(until.get(id) ?? 0, Date.now() + ttlMs));
        },
        isRevoked: async (id) => live(id),
      };
    });
    await expect(check(checks, "stand in for each other").run()).rejects.toThrow(/an id equal to a used nonce/);
  });

  it("can leave the input checks out", () => {
    const names = revocationStoreContract(() => ({ revoke: async () => {}, isRevoked: async () => false }), { checkInput: false }).map(
      (each) => each.name,
    );
    expect(names.some((name) => name.startsWith("rejects"))).toBe(false);
  });
});

describe("sessionStoreContract catches broken session stores", () => {
  it("fails a store whose set merges instead of replacing", async () => {
    const checks = sessionStoreContract((): SessionStore => {
      let record: SessionRecord = {};
      return {
        get: () => ({ ...record }),
        set: (next) => {
          record = { ...record, ...next };
        },
        destroy: () => {
          record = {};
        },
      };
    });
    await expect(check(checks, "replaces the whole record").run()).rejects.toThrow(/get\(\)\.pendingNonce/);
  });

  it("fails a store whose get hands out its live object", async () => {
    const checks = sessionStoreContract((): SessionStore => {
      let record: SessionRecord = {};
      return {
        get: () => record,
        set: (next) => {
          record = { ...next };
        },
        destroy: () => {
          record = {};
        },
      };
    });
    await expect(check(checks, "returns a copy").run()).rejects.toThrow(/SessionStore contract/);
  });

  it("fails a store whose destroy keeps the data or whose regenerate keeps the record", async () => {
    const checks = sessionStoreContract((): SessionStore => {
      let record: SessionRecord = {};
      return {
        get: () => ({ ...record }),
        set: (next) => {
          record = { ...next };
        },
        destroy: () => {},
        regenerate: () => {},
      };
    });
    await expect(check(checks, "destroy empties").run()).rejects.toThrow(/after destroy/);
    await expect(check(checks, "regenerate").run()).rejects.toThrow(/after regenerate/);
  });
});

describe("createMemorySessionStore: SessionStore contract", () => {
  for (const each of sessionStoreContract(() => createMemorySessionStore())) it(each.name, each.run);

  it("changes its session id on regenerate and flags destroy", async () => {
    const store = createMemorySessionStore({ address: "rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh" });
    const before = store.sessionId;
    await store.regenerate();
    expect(store.sessionId).not.toBe(before);
    await store.destroy();
    expect(store.destroyed).toBe(true);
  });
});
