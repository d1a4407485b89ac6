/**
 * The memory of the server's response caches (./response-cache.ts): entries by key, each valid while
 * its stamp is the current one and for a set life. Bounded by bytes: past the budget the least
 * recently used entries are dropped, so a flood of made-up addresses costs work, never more memory,
 * and pushes out nothing but this cache's own entries. Pure (the clock is passed in).
 */
interface Slot<V> {
  value: V;
  stamp: string;
  storedAt: number;
  bytes: number;
}

export interface MemoryLruOptions<V> {
  maxBytes: number;
  /** How long an entry is served after it was stored, at most (ms). */
  lifeMs: number;
  /** What an entry costs in bytes (its key is added). */
  sizeOf: (value: V) => number;
  now?: () => number;
}

export class MemoryLru<V> {
  readonly #slots = new Map<string, Slot<V>>();
  readonly #options: MemoryLruOptions<V>;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: MemoryLruOptions<V>) {
    this.#options = options;
    this.#now = options.now ?? Date.now;
  }

  /** The entry under key, if it was stored under this stamp and is still within its life. */
  get(key: string, stamp: string): V | undefined {
    const slot = this.#slots.get(key);
    if (!slot) return undefined;
    if (slot.stamp !== stamp || this.#now() - slot.storedAt >= this.#options.lifeMs) {
      this.#drop(key, slot);
      return undefined;
    }
    // Most recently used last.
    this.#slots.delete(key);
    this.#slots.set(key, slot);
    return slot.value;
  }

  /** Keeps an entry; one larger than a quarter of the budget is not kept at all. Returns whether it was. */
  set(key: string, stamp: string, value: V): boolean {
    const bytes = key.length * 2 + this.#options.sizeOf(value);
    const old = this.#slots.get(key);
    if (old) this.#drop(key, old);
    if (bytes > this.#options.maxBytes / 4) return false;
    this.#slots.set(key, { value, stamp, storedAt: this.#now(), bytes });
    this.#bytes += bytes;
    for (const [oldest, slot] of this.#slots) {
      if (this.#bytes <= this.#options.maxBytes) break;
      this.#drop(oldest, slot);
    }
    return true;
  }

  get size(): number {
    return this.#slots.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #drop(key: string, slot: Slot<V>): void {
    this.#slots.delete(key);
    this.#bytes -= slot.bytes;
  }
}
