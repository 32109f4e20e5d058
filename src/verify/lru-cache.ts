/** A bounded map that forgets the least recently used entry first. */
export class LruCache<K, V> {
  readonly #entries = new Map<K, V>();
  readonly #maxEntries: number;
  /**
   * One iterator over the keys, kept for the whole life of the cache, that finds the oldest entry.
   * A Map keeps the slots of deleted entries until it is rebuilt, and every use moves an entry to
   * the end, so a new iterator per eviction would walk over all those empty slots first (about a
   * microsecond per eviction at 4,096 entries). This one resumes where the last eviction stopped:
   * every entry before it has been deleted (entries are only ever added at the end), so its next
   * key is the least recently used one.
   */
  #oldest: Iterator<K> = this.#entries.keys();

  constructor(maxEntries: number) {
    this.#maxEntries = maxEntries;
  }

  get(key: K): V | undefined {
    const value = this.#entries.get(key);
    if (value === undefined) return undefined;
    // Re-insert so Map's insertion order doubles as recency order.
    this.#entries.delete(key);
    this.#entries.set(key, value);
    return value;
  }

  /** The value without marking it as recently used. */
  peek(key: K): V | undefined {
    return this.#entries.get(key);
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.#maxEntries) {
      const oldest = this.#oldest.next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  get size(): number {
    return this.#entries.size;
  }

  clear(): void {
    this.#entries.clear();
    this.#oldest = this.#entries.keys();
  }
}
