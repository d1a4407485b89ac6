import MiniSearch from 'minisearch';
import {
  conditionOperator,
  normaliseValue,
  resolveBound,
  type Bound,
  type Scalar,
  type StockCondition,
  type StockFilter,
} from '../../domain/stock-filter';

const isCondition = (filter: StockFilter): filter is StockCondition => 'field' in filter;
import {
  FACET_FIELDS,
  LIST_FIELDS,
  STAT_FIELDS,
  type EngineQuery,
  type EngineResult,
  type FacetField,
  type SearchDocument,
  type SearchEngine,
  type SearchSort,
} from './types';

/**
 * The embedded search engine: a columnar in-memory index, chosen by measurement (issue 3). Every
 * field is one typed-array column: numbers as Float64Array (NaN = missing), text and booleans
 * dictionary-encoded as Int32Array codes (-1 = missing). Each sort order is a permutation computed
 * once at build; a query walks the permutation once, testing the compiled filter, counting every
 * requested facet and keeping the requested page. MiniSearch answers the free-text part. A few
 * changed cars (issue 17) are written into their rows and merged into the orders, not rebuilt.
 * A list field (LIST_FIELDS: a car's categories, its features) is a bit set per row over its
 * dictionary: a row holds a value when the value's bit is set.
 */

type Key = string | number | boolean;

interface NumberColumn {
  kind: 'number';
  values: Float64Array;
}

interface CodeColumn {
  kind: 'code';
  codes: Int32Array;
  /** Normalised value -> code. */
  dictionary: Map<Key, number>;
  /** Code -> the first spelling seen, as facets show it. */
  labels: string[];
}

/**
 * A list field's values per row as bits: row r holds the value with code c when bit c % 32 of
 * bits[r * stride + c >> 5] is set. No bit set means missing. The dictionary is small (a fixed
 * list of categories or features), so a row is one or two 32-bit words.
 */
interface ListColumn {
  kind: 'list';
  bits: Uint32Array;
  /** 32-bit words per row. */
  stride: number;
  dictionary: Map<Key, number>;
  labels: string[];
}

const LIST_FIELD_SET: ReadonlySet<string> = new Set(LIST_FIELDS);

const NUMERIC_FIELDS = new Set([
  'id',
  'price',
  'km',
  'year',
  'seats',
  'dealership_id',
  'location_id',
  'created_at_timestamp',
  'sold_date_timestamp',
]);

/** Sort key per order, with direction; ties always fall back to id ascending. */
const SORT_KEYS: Record<Exclude<SearchSort, 'relevance'>, { field: string; descending: boolean }> = {
  latest: { field: 'created_at_timestamp', descending: true },
  highestPrice: { field: 'price', descending: true },
  lowestPrice: { field: 'price', descending: false },
  lowestKm: { field: 'km', descending: false },
  newestYear: { field: 'year', descending: true },
  oldestYear: { field: 'year', descending: false },
};

const TERM_CACHE_SIZE = 256;
const TOKENIZE = MiniSearch.getDefault('tokenize') as (text: string, field: string) => string[];
const PROCESS_TERM = MiniSearch.getDefault('processTerm') as (
  term: string,
  field: string,
) => string | string[] | null | undefined | false;

const fieldOf = (doc: SearchDocument, field: string): unknown => (doc as unknown as Record<string, unknown>)[field];

function numberColumn(field: string, documents: readonly SearchDocument[]): NumberColumn {
  const values = new Float64Array(documents.length);
  for (let row = 0; row < documents.length; row++) values[row] = numberValue(fieldOf(documents[row]!, field));
  return { kind: 'number', values };
}

const numberValue = (value: unknown): number => (typeof value === 'number' ? value : NaN);

function codeColumn(field: string, documents: readonly SearchDocument[]): CodeColumn {
  const column: CodeColumn = {
    kind: 'code',
    codes: new Int32Array(documents.length),
    dictionary: new Map(),
    labels: [],
  };
  for (let row = 0; row < documents.length; row++) column.codes[row] = encode(column, fieldOf(documents[row]!, field));
  return column;
}

/** A value's code in a column, adding it to the dictionary when new; -1 when missing. */
function encode(column: CodeColumn, value: unknown): number {
  const key = value === '' ? undefined : normaliseValue(value);
  if (key === undefined) return -1;
  let code = column.dictionary.get(key);
  if (code === undefined) {
    code = column.labels.length;
    column.dictionary.set(key, code);
    column.labels.push(String(value));
  }
  return code;
}

function listColumn(field: string, documents: readonly SearchDocument[]): ListColumn {
  const column: ListColumn = {
    kind: 'list',
    bits: new Uint32Array(documents.length),
    stride: 1,
    dictionary: new Map(),
    labels: [],
  };
  for (let row = 0; row < documents.length; row++) writeList(column, row, fieldOf(documents[row]!, field));
  return column;
}

/**
 * Writes a row's values (a list; anything else is missing), adding new values to the dictionary.
 * Values are coded as single values are (case-insensitive text; the first spelling is the label).
 */
function writeList(column: ListColumn, row: number, value: unknown): void {
  const codes: number[] = [];
  for (const item of Array.isArray(value) ? (value as unknown[]) : []) {
    const key = item === '' ? undefined : normaliseValue(item);
    if (key === undefined) continue;
    let code = column.dictionary.get(key);
    if (code === undefined) {
      code = column.labels.length;
      column.dictionary.set(key, code);
      column.labels.push(String(item));
    }
    codes.push(code);
  }
  const stride = Math.max(column.stride, (column.labels.length + 31) >> 5);
  if (stride !== column.stride) widen(column, stride);
  const start = row * column.stride;
  column.bits.fill(0, start, start + column.stride);
  for (const code of codes) column.bits[start + (code >> 5)]! |= 1 << (code & 31);
}

/** Gives every row more words (the dictionary outgrew them), keeping each row's bits. */
function widen(column: ListColumn, stride: number): void {
  const rows = column.bits.length / column.stride;
  const bits = new Uint32Array(rows * stride);
  for (let row = 0; row < rows; row++)
    bits.set(column.bits.subarray(row * column.stride, (row + 1) * column.stride), row * stride);
  column.bits = bits;
  column.stride = stride;
}

/** Row order for one sort: by the column (missing values last in both directions, as in Meilisearch), then id. */
function comparator(
  column: NumberColumn | undefined,
  ids: Float64Array,
  descending: boolean,
): (a: number, b: number) => number {
  const byId = (a: number, b: number) => (ids[a] as number) - (ids[b] as number);
  if (!column) return byId;
  const v = column.values;
  return (a, b) => {
    const x = v[a] as number;
    const y = v[b] as number;
    const missing = Number(Number.isNaN(x)) - Number(Number.isNaN(y));
    if (missing !== 0) return missing;
    const diff = descending ? y - x : x - y;
    return diff !== 0 && !Number.isNaN(diff) ? diff : byId(a, b);
  };
}

/**
 * An order with `rows` (changed or new) moved to their places: the other rows keep their relative
 * order, so one pass merges the few sorted rows in. O(size + k log k), against O(size log size)
 * for sorting again.
 */
function reorder(order: Int32Array, rows: readonly number[], size: number, compare: (a: number, b: number) => number) {
  const moved = new Uint8Array(size);
  for (const row of rows) moved[row] = 1;
  const sorted = Int32Array.from(rows).sort(compare);
  const out = new Int32Array(size);
  let at = 0;
  let next = 0;
  for (let i = 0; i < order.length; i++) {
    const row = order[i] as number;
    if (moved[row]) continue;
    while (next < sorted.length && compare(sorted[next] as number, row) < 0) out[at++] = sorted[next++] as number;
    out[at++] = row;
  }
  while (next < sorted.length) out[at++] = sorted[next++] as number;
  return out;
}

function grown<T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(
  array: T,
  size: number,
  fill: number,
): T {
  const next = new (array.constructor as new (length: number) => T)(size);
  next.set(array);
  next.fill(fill, array.length);
  return next;
}

/** Sets mask[row] = 1 where test(row) holds (mask starts all 0); one tight loop over a column. */
function scan(mask: Uint8Array, test: (row: number) => boolean): Uint8Array {
  for (let row = 0; row < mask.length; row++) if (test(row)) mask[row] = 1;
  return mask;
}

/** How many bitmaps the pool keeps between searches (a search uses a handful). */
const POOLED_BITMAPS = 16;

/**
 * Bitmaps over every row, lent to one search (or one multi-search) and taken back when it
 * returns (issue 34). A bitmap is one byte per car: 200 KB at 200,000 cars, outside V8's heap,
 * so a fresh one per filter part made the collector run every few searches and gave similar cars
 * their slow tail. A search runs synchronously and keeps no bitmap in its answer, so they can be reused.
 */
class BitmapPool {
  private free: Uint8Array[] = [];
  private lent: Uint8Array[] = [];
  constructor(readonly size: number) {}

  /** A bitmap with every row set to `fill`. */
  take(fill: 0 | 1): Uint8Array {
    const bitmap = this.free.pop() ?? new Uint8Array(this.size);
    bitmap.fill(fill);
    this.lent.push(bitmap);
    return bitmap;
  }

  /** A copy of `of`, to change. */
  copy(of: Uint8Array): Uint8Array {
    const bitmap = this.free.pop() ?? new Uint8Array(this.size);
    bitmap.set(of);
    this.lent.push(bitmap);
    return bitmap;
  }

  /** Every lent bitmap back (the search has returned). */
  release(): void {
    for (const bitmap of this.lent) if (this.free.length < POOLED_BITMAPS) this.free.push(bitmap);
    this.lent = [];
  }
}

export class EmbeddedEngine implements SearchEngine {
  readonly name = 'embedded';
  /** Numbers for comparisons and sorting. */
  private numbers = new Map<string, NumberColumn>();
  /** Dictionary codes for equality and facets (numeric facet fields such as year have both). */
  private codes = new Map<string, CodeColumn>();
  /** Bit sets for the list fields (LIST_FIELDS). */
  private lists = new Map<string, ListColumn>();
  private ids: Float64Array = new Float64Array(0);
  private orders = new Map<string, Int32Array>();
  private text = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], idField: 'id' });
  /** Rows and scores per query term (last-term prefix or whole word); cleared on every build. */
  private termCache = new Map<string, { rows: Int32Array; scores: Float32Array }>();
  private size = 0;
  /** Row of each indexed id. */
  private rowById = new Map<number, number>();
  /**
   * 1 for a row that is indexed, 0 for a removed one. Removing leaves the row in place (moving
   * rows would renumber every column, order and the text index); searches skip it, and the next
   * full build (every import) drops it for good.
   */
  private live = new Uint8Array(0);
  /** Bitmaps lent to the running search (sized to the rows; replaced when the rows grow). */
  private pool = new BitmapPool(0);
  private removed = 0;

  async replaceAll(documents: readonly SearchDocument[]): Promise<void> {
    this.build(documents);
  }

  /**
   * Updates rows in place and appends new ones, without a rebuild: for a few cars (a reservation)
   * this takes well under a millisecond where a build of 20,000 cars takes about half a second
   * of the event loop. Every column is written for a changed row, so a field the new document
   * lacks reads as missing; each sort order merges the changed rows back in.
   */
  async upsert(documents: readonly SearchDocument[]): Promise<void> {
    this.upsertSync(documents);
  }

  upsertSync(documents: readonly SearchDocument[]): void {
    if (!documents.length) return;
    const latest = new Map(documents.map((doc) => [doc.id, doc])); // the last of a repeated id wins
    const added = [...latest.keys()].filter((id) => !this.rowById.has(id));
    if (added.length) this.grow(added);
    let newColumn = false;
    for (const doc of latest.values())
      for (const field of Object.keys(doc))
        if (field !== 'text' && field !== 'slug' && this.addColumn(field)) newColumn = true;
    const rows: number[] = [];
    for (const doc of latest.values()) {
      const row = this.rowById.get(doc.id) as number;
      for (const [field, column] of this.numbers) column.values[row] = numberValue(fieldOf(doc, field));
      for (const [field, column] of this.codes) column.codes[row] = encode(column, fieldOf(doc, field));
      for (const [field, column] of this.lists) writeList(column, row, fieldOf(doc, field));
      if (this.text.has(row)) this.text.replace({ id: row, text: doc.text });
      else this.text.add({ id: row, text: doc.text });
      rows.push(row);
    }
    this.ids = this.numbers.get('id')?.values ?? new Float64Array(this.size);
    // A column that did not exist had no order of its own (orders fell back to id): sort afresh.
    this.sortOrders(newColumn ? undefined : rows);
    this.termCache = new Map();
  }

  async remove(ids: readonly number[]): Promise<void> {
    this.removeSync(ids);
  }

  removeSync(ids: readonly number[]): void {
    for (const id of ids) {
      const row = this.rowById.get(id);
      if (row === undefined) continue;
      this.rowById.delete(id);
      this.live[row] = 0;
      this.removed++;
      this.text.discard(row);
    }
    this.termCache = new Map();
  }

  /** Appends rows for new ids: every column grows, the new rows missing everything until written. */
  private grow(ids: readonly number[]): void {
    const size = this.size + ids.length;
    for (const column of this.numbers.values()) column.values = grown(column.values, size, NaN);
    for (const column of this.codes.values()) column.codes = grown(column.codes, size, -1);
    for (const column of this.lists.values()) column.bits = grown(column.bits, size * column.stride, 0);
    this.live = grown(this.live, size, 1);
    ids.forEach((id, i) => this.rowById.set(id, this.size + i));
    this.size = size;
  }

  /** Adds empty columns for a field no document had before; true when one was added. */
  private addColumn(field: string): boolean {
    if (LIST_FIELD_SET.has(field)) {
      if (this.lists.has(field)) return false;
      this.lists.set(field, {
        kind: 'list',
        bits: new Uint32Array(this.size),
        stride: 1,
        dictionary: new Map(),
        labels: [],
      });
      return false; // no sort order reads a list
    }
    let added = false;
    if (NUMERIC_FIELDS.has(field) && !this.numbers.has(field)) {
      this.numbers.set(field, { kind: 'number', values: new Float64Array(this.size).fill(NaN) });
      added = true;
    }
    if ((!NUMERIC_FIELDS.has(field) || (FACET_FIELDS as readonly string[]).includes(field)) && !this.codes.has(field)) {
      this.codes.set(field, {
        kind: 'code',
        codes: new Int32Array(this.size).fill(-1),
        dictionary: new Map(),
        labels: [],
      });
      added = true;
    }
    return added;
  }

  /** Every sort order: from scratch, or with just `rows` moved to their new places. */
  private sortOrders(rows?: readonly number[]): void {
    const orders = new Map<string, Int32Array>();
    for (const [sort, key] of Object.entries(SORT_KEYS)) {
      const compare = comparator(this.numbers.get(key.field), this.ids, key.descending);
      const previous = this.orders.get(sort);
      orders.set(
        sort,
        rows && previous
          ? reorder(previous, rows, this.size, compare)
          : Int32Array.from({ length: this.size }, (_, i) => i).sort(compare),
      );
    }
    this.orders = orders;
  }

  /** Synchronous build, for benchmarks and the in-process service. */
  build(documents: readonly SearchDocument[]): void {
    const fields = new Set<string>();
    for (const doc of documents)
      for (const key of Object.keys(doc)) if (key !== 'text' && key !== 'slug') fields.add(key);
    this.size = documents.length;
    this.numbers = new Map(
      [...fields].filter((f) => NUMERIC_FIELDS.has(f)).map((f) => [f, numberColumn(f, documents)]),
    );
    const coded = [...fields].filter(
      (f) => !LIST_FIELD_SET.has(f) && (!NUMERIC_FIELDS.has(f) || (FACET_FIELDS as readonly string[]).includes(f)),
    );
    this.codes = new Map(coded.map((f) => [f, codeColumn(f, documents)]));
    this.lists = new Map([...fields].filter((f) => LIST_FIELD_SET.has(f)).map((f) => [f, listColumn(f, documents)]));
    this.ids = this.numbers.get('id')?.values ?? new Float64Array(this.size);
    this.rowById = new Map(documents.map((doc, row) => [doc.id, row]));
    this.live = new Uint8Array(this.size).fill(1);
    this.removed = 0;
    this.orders = new Map();
    this.sortOrders();
    this.text = new MiniSearch<{ id: number; text: string }>({ fields: ['text'], idField: 'id' });
    this.text.addAll(documents.map((doc, row) => ({ id: row, text: doc.text })));
    this.termCache = new Map();
  }

  /**
   * The filter as a bitmap over all rows, the caller's to change: conditions scan one column each;
   * all/any/not combine bitmaps. `memo` shares sub-filter bitmaps between the queries of one
   * multi-search (similar cars repeat the tenant scope and price band).
   */
  private mask(filter: StockFilter | undefined, now: Date, memo?: Map<string, Uint8Array>): Uint8Array {
    if (!memo || !filter) return this.computeMask(filter, now, memo);
    return this.bitmaps().copy(this.sharedMask(filter, now, memo));
  }

  /**
   * A filter's bitmap to read, never to change: with a memo it is the memoised one (issue 34: the
   * parts of all/any/not are read in place rather than copied, so a multi-search copies a bitmap
   * once per query instead of once per sub-filter).
   */
  private sharedMask(filter: StockFilter, now: Date, memo?: Map<string, Uint8Array>): Uint8Array {
    if (!memo) return this.computeMask(filter, now, memo);
    const key = JSON.stringify(filter);
    let known = memo.get(key);
    if (!known) {
      known = this.computeMask(filter, now, memo);
      memo.set(key, known);
    }
    return known;
  }

  /** The pool of bitmaps for this many rows. */
  private bitmaps(): BitmapPool {
    if (this.pool.size !== this.size) this.pool = new BitmapPool(this.size);
    return this.pool;
  }

  private computeMask(filter: StockFilter | undefined, now: Date, memo?: Map<string, Uint8Array>): Uint8Array {
    const size = this.size;
    const bitmaps = this.bitmaps();
    if (!filter) return bitmaps.take(1);
    if ('all' in filter) {
      if (!memo) {
        // One query (the search page): each part's bitmap is new, the first narrowed by the others.
        const [first, ...rest] = filter.all;
        const out = first ? this.computeMask(first, now) : bitmaps.take(1);
        for (const part of rest) {
          const m = this.computeMask(part, now);
          for (let row = 0; row < size; row++) out[row]! &= m[row]!;
        }
        return out;
      }
      // A multi-search (similar cars, issue 34): compound parts are memoised bitmaps read in place,
      // and a condition narrows the rows still in, testing only those: no bitmap per condition, so
      // three queries over 200,000 cars no longer allocate (and collect) dozens of them.
      const compound = filter.all.filter((part) => !isCondition(part));
      const [first, ...rest] = compound;
      const out = first ? bitmaps.copy(this.sharedMask(first, now, memo)) : bitmaps.take(1);
      for (const part of rest) {
        const m = this.sharedMask(part, now, memo);
        for (let row = 0; row < size; row++) out[row]! &= m[row]!;
      }
      for (const part of filter.all.filter(isCondition)) {
        const test = this.conditionTest(part, now);
        for (let row = 0; row < size; row++) if (out[row] && !test(row)) out[row] = 0;
      }
      return out;
    }
    if ('any' in filter) {
      const out = bitmaps.take(0);
      for (const part of filter.any) {
        const m = this.sharedMask(part, now, memo);
        for (let row = 0; row < size; row++) out[row]! |= m[row]!;
      }
      return out;
    }
    if ('not' in filter) {
      const m = this.sharedMask(filter.not, now, memo);
      const out = bitmaps.take(0);
      for (let row = 0; row < size; row++) out[row] = m[row]! ^ 1;
      return out;
    }
    return scan(bitmaps.take(0), this.conditionTest(filter, now));
  }

  /** One condition as a test of a row: it scans one column. */
  private conditionTest(filter: StockCondition, now: Date): (row: number) => boolean {
    const { op, value } = conditionOperator(filter);
    const numbers = this.numbers.get(filter.field)?.values;
    const column = this.codes.get(filter.field);
    const list = this.lists.get(filter.field);
    if (list) return listTest(list, op, value);
    if (numbers) {
      if (op === 'exists') return (row) => Number.isNaN(numbers[row] as number) !== value;
      if (op === 'eq' || op === 'in') {
        const wanted = new Set((op === 'in' ? (value as Scalar[]) : [value as Scalar]).map(Number));
        return (row) => wanted.has(numbers[row] as number);
      }
      const bound = resolveBound(value as Bound, now);
      if (op === 'gt') return (row) => (numbers[row] as number) > bound;
      if (op === 'gte') return (row) => (numbers[row] as number) >= bound;
      if (op === 'lt') return (row) => (numbers[row] as number) < bound;
      return (row) => (numbers[row] as number) <= bound;
    }
    if (!column) {
      const all = op === 'exists' && value === false;
      return () => all;
    }
    const codes = column.codes;
    if (op === 'exists') return (row) => ((codes[row] as number) !== -1) === value;
    if (op === 'eq' || op === 'in') {
      const wanted = new Uint8Array(column.labels.length + 1);
      for (const v of op === 'in' ? (value as Scalar[]) : [value as Scalar]) {
        const code = column.dictionary.get(normaliseValue(v) as Key);
        if (code !== undefined) wanted[code + 1] = 1;
      }
      return (row) => wanted[(codes[row] as number) + 1] === 1;
    }
    return () => false; // ranges on text fields match nothing, as in Meilisearch
  }

  /**
   * Rows matching one query term, with MiniSearch's score. A car search repeats a small vocabulary
   * (makes, models, colours, bodies), so each term's answer is kept until the next build.
   */
  private termRows(term: string, prefix: boolean): { rows: Int32Array; scores: Float32Array } {
    const key = `${prefix ? 'prefix' : 'word'}:${term}`;
    let hit = this.termCache.get(key);
    if (!hit) {
      const results = this.text.search(term, { fuzzy: false, prefix, combineWith: 'AND' });
      hit = {
        rows: Int32Array.from(results, (r) => r.id as number),
        scores: Float32Array.from(results, (r) => r.score),
      };
      if (this.termCache.size >= TERM_CACHE_SIZE) this.termCache.delete(this.termCache.keys().next().value as string);
      this.termCache.set(key, hit);
    }
    return hit;
  }

  /**
   * Free text: every word must match, the last one as a prefix, no typo tolerance (the same rules
   * as the Meilisearch settings). Narrows `mask` in place; returns summed scores for relevance.
   */
  private matchText(text: string | undefined, mask: Uint8Array, withScores: boolean): Float32Array | undefined {
    const terms = TOKENIZE((text ?? '').trim(), 'text')
      .map((t) => PROCESS_TERM(t, 'text'))
      .filter((t): t is string => typeof t === 'string' && t.length > 0);
    if (!terms.length) return undefined;
    const scores = withScores ? new Float32Array(this.size) : undefined;
    terms.forEach((term, i) => {
      const { rows, scores: termScores } = this.termRows(term, i === terms.length - 1);
      const hit = this.bitmaps().take(0);
      for (let j = 0; j < rows.length; j++) {
        const row = rows[j] as number;
        hit[row] = 1;
        if (scores) scores[row]! += termScores[j] as number;
      }
      for (let row = 0; row < this.size; row++) mask[row]! &= hit[row]!;
    });
    return scores ?? new Float32Array(0);
  }

  async search(query: EngineQuery): Promise<EngineResult> {
    return this.searchSync(query);
  }

  /** One search, synchronously (the benchmark times it); its bitmaps go back to the pool as it returns. */
  searchSync(query: EngineQuery): EngineResult {
    try {
      return this.run(query);
    } finally {
      this.pool.release();
    }
  }

  private run(query: EngineQuery, memo?: Map<string, Uint8Array>): EngineResult {
    const started = performance.now();
    const size = this.size;
    const mask = this.mask(query.filter, query.now, memo);
    if (this.removed) for (let row = 0; row < size; row++) mask[row]! &= this.live[row]!;
    const relevance = this.matchText(query.text, mask, query.sort === 'relevance');
    let count = 0;
    for (let row = 0; row < size; row++) count += mask[row]!;

    // Hits: walk the order until the page is full.
    const ids: number[] = [];
    const end = query.offset + query.limit;
    const ordered: ArrayLike<number> =
      query.sort === 'relevance' && relevance
        ? this.byScore(mask, relevance)
        : (this.orders.get(query.sort === 'relevance' ? 'latest' : query.sort) as Int32Array);
    // Stops once every match is seen: a query with few matches does not walk the whole order.
    for (let i = 0, seen = 0; i < ordered.length && seen < end && seen < count; i++) {
      const row = ordered[i] as number;
      if (!mask[row]) continue;
      if (seen >= query.offset) ids.push(this.ids[row] as number);
      seen++;
    }

    // Facets: one tight pass per requested field over the matching rows.
    const facets: EngineResult['facets'] = {};
    for (const field of query.facets) {
      const column = this.codes.get(field);
      const list = this.lists.get(field);
      const out: Record<string, number> = {};
      if (list) countList(list, mask, out);
      else if (column) {
        const counts = new Int32Array(column.labels.length + 1);
        const codes = column.codes;
        for (let row = 0; row < size; row++) if (mask[row]) counts[(codes[row] as number) + 1]!++;
        for (let code = 0; code < column.labels.length; code++)
          if (counts[code + 1]) out[column.labels[code] as string] = counts[code + 1] as number;
      }
      facets[field as FacetField] = out;
    }
    const stats: EngineResult['stats'] = {};
    for (const field of query.stats === false ? [] : STAT_FIELDS) {
      const values = this.numbers.get(field)?.values;
      if (!values || count === 0) continue;
      let min = Infinity;
      let max = -Infinity;
      for (let row = 0; row < size; row++) {
        if (!mask[row]) continue;
        const v = values[row] as number;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      if (Number.isFinite(min)) stats[field] = { min, max };
    }
    return { ids, count, facets, stats, ms: performance.now() - started };
  }

  /** Matching rows by relevance score, then id. */
  private byScore(mask: Uint8Array, scores: Float32Array): number[] {
    const rows: number[] = [];
    for (let row = 0; row < this.size; row++) if (mask[row]) rows.push(row);
    return rows.sort(
      (a, b) => (scores[b] as number) - (scores[a] as number) || (this.ids[a] as number) - (this.ids[b] as number),
    );
  }

  async multiSearch(queries: readonly EngineQuery[]): Promise<EngineResult[]> {
    // The memo's bitmaps are the pool's: they go back once every query has run.
    const memo = new Map<string, Uint8Array>();
    try {
      return queries.map((q) => this.run(q, memo));
    } finally {
      this.pool.release();
    }
  }
}

/** A condition on a list field: eq / in match a row holding any of the values; ranges match nothing (text). */
function listTest(
  column: ListColumn,
  op: ReturnType<typeof conditionOperator>['op'],
  value: unknown,
): (row: number) => boolean {
  const { bits, stride } = column;
  if (op === 'exists') {
    return (row) => {
      let any = 0;
      for (let w = row * stride, end = w + stride; w < end; w++) any |= bits[w] as number;
      return (any !== 0) === value;
    };
  }
  if (op !== 'eq' && op !== 'in') return () => false;
  const wanted = new Uint32Array(stride);
  let none = true;
  for (const v of op === 'in' ? (value as Scalar[]) : [value as Scalar]) {
    const code = column.dictionary.get(normaliseValue(v) as Key);
    if (code === undefined) continue;
    wanted[code >> 5]! |= 1 << (code & 31);
    none = false;
  }
  if (none) return () => false;
  return (row) => {
    const start = row * stride;
    for (let w = 0; w < stride; w++) if (((bits[start + w] as number) & (wanted[w] as number)) !== 0) return true;
    return false;
  };
}

/** Adds, for every value of a list field, how many rows in `mask` hold it. */
function countList(column: ListColumn, mask: Uint8Array, out: Record<string, number>): void {
  const { bits, stride } = column;
  const counts = new Int32Array(stride * 32);
  for (let row = 0; row < mask.length; row++) {
    if (!mask[row]) continue;
    for (let w = 0, start = row * stride; w < stride; w++) {
      let word = bits[start + w] as number;
      while (word !== 0) {
        const low = word & -word;
        counts[w * 32 + 31 - Math.clz32(low)]!++;
        word ^= low;
      }
    }
  }
  for (let code = 0; code < column.labels.length; code++)
    if (counts[code]) out[column.labels[code] as string] = counts[code] as number;
}
