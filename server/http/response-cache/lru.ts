/**
 * The document cache's memory (./handler.ts): pages by key, each valid while its stamp is the
 * current one (the site's version, the tenant files and the stock generation it was rendered
 * from) and for a short life. Bounded by bytes: past the budget the least recently used pages are
 * dropped, so a flood of made-up addresses costs renders, never more memory, and never pushes out
 * anything but this cache's own pages. Pure (the clock is passed in).
 */
export interface CachedDocument {
  /** The response headers to repeat (content type, caching, Vary, preload links). */
  headers: ReadonlyArray<readonly [string, string]>;
  html: Buffer;
  gzip: Buffer;
  /** CSP hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
}

interface Entry {
  document: CachedDocument;
  stamp: string;
  storedAt: number;
  bytes: number;
}

export interface DocumentStoreOptions {
  maxBytes: number;
  /** How long a page is served after it was rendered, at most (ms). */
  lifeMs: number;
  now?: () => number;
}

export class DocumentStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #lifeMs: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(options: DocumentStoreOptions) {
    this.#maxBytes = options.maxBytes;
    this.#lifeMs = options.lifeMs;
    this.#now = options.now ?? Date.now;
  }

  /** The page kept under key, if it was rendered under this stamp and is still within its life. */
  get(key: string, stamp: string): CachedDocument | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.stamp !== stamp || this.#now() - entry.storedAt >= this.#lifeMs) {
      this.#drop(key, entry);
      return undefined;
    }
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    return entry.document;
  }

  /** Keeps a page; one larger than a quarter of the budget is not kept at all. Returns whether it was. */
  set(key: string, stamp: string, document: CachedDocument): boolean {
    const bytes = key.length * 2 + document.html.length + document.gzip.length;
    const old = this.#entries.get(key);
    if (old) this.#drop(key, old);
    if (bytes > this.#maxBytes / 4) return false;
    this.#entries.set(key, { document, stamp, storedAt: this.#now(), bytes });
    this.#bytes += bytes;
    for (const [oldest, entry] of this.#entries) {
      if (this.#bytes <= this.#maxBytes) break;
      this.#drop(oldest, entry);
    }
    return true;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  #drop(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}
