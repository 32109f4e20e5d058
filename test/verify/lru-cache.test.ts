import { describe, expect, it } from "vitest";
import { LruCache } from "../../src/verify/lru-cache.js";

/** The plain model: a Map in recency order, the first key evicted. */
class ModelCache {
  readonly entries = new Map<string, number>();
  constructor(readonly maxEntries: number) {}
  get(key: string): number | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }
  set(key: string, value: number): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}

describe("LruCache", () => {
  it("forgets the least recently used entry first, as the plain model does, through gets, sets, deletes and clears", () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (const maxEntries of [1, 2, 5, 64]) {
      const cache = new LruCache<string, number>(maxEntries);
      const model = new ModelCache(maxEntries);
      for (let step = 0; step < 20_000; step += 1) {
        const key = `k${Math.floor(random() * maxEntries * 3)}`;
        const roll = random();
        if (roll < 0.4) expect(cache.get(key)).toBe(model.get(key));
        else if (roll < 0.9) {
          cache.set(key, step);
          model.set(key, step);
        } else if (roll < 0.995) {
          cache.delete(key);
          model.entries.delete(key);
        } else {
          cache.clear();
          model.entries.clear();
        }
        expect(cache.size).toBe(model.entries.size);
      }
      for (const [key, value] of model.entries) expect(cache.peek(key)).toBe(value);
    }
  });
});
