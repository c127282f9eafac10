// A bounded least-recently-used map whose bound is a total size (bytes, characters) rather than a
// count, for caches whose values vary from a few bytes to hundreds of kilobytes. Kept on
// globalThis under a well-known symbol: every route bundle that includes this module then shares
// one cache, and one bound, instead of keeping its own copy.

export type SizedLru<V> = {
  get(key: string): V | undefined;
  set(key: string, value: V): void;
  /** The current total size, for tests and diagnostics. */
  size(): number;
  clear(): void;
};

type Store<V> = { entries: Map<string, V>; total: number };

export function sizedLru<V>(options: {
  /** Names the shared instance (Symbol.for(slot)). */
  slot: string;
  /** Read on each write, so a changed setting applies without a restart of the module. */
  maxTotal: () => number;
  sizeOf: (value: V) => number;
  /** A value larger than this share of the bound is not kept: it would evict everything else. */
  maxShare?: number;
}): SizedLru<V> {
  const slot = Symbol.for(options.slot);
  const global = globalThis as Record<symbol, Store<V> | undefined>;
  const store = (global[slot] ??= { entries: new Map(), total: 0 });
  const maxShare = options.maxShare ?? 0.1;

  return {
    get(key) {
      const hit = store.entries.get(key);
      if (hit === undefined) return undefined;
      // Map order is insertion order: re-inserting marks the entry most recently used.
      store.entries.delete(key);
      store.entries.set(key, hit);
      return hit;
    },
    set(key, value) {
      const max = options.maxTotal();
      const size = options.sizeOf(value);
      if (size > max * maxShare) return;
      const previous = store.entries.get(key);
      if (previous !== undefined) {
        store.entries.delete(key);
        store.total -= options.sizeOf(previous);
      }
      store.entries.set(key, value);
      store.total += size;
      for (const [oldKey, oldValue] of store.entries) {
        if (store.total <= max) break;
        store.entries.delete(oldKey);
        store.total -= options.sizeOf(oldValue);
      }
    },
    size: () => store.total,
    clear() {
      store.entries.clear();
      store.total = 0;
    },
  };
}
