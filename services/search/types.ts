import type { StockFilter } from '../../domain/stock-filter';

/**
 * One stock record as the search engines index it: the feed car's own fields (as stored) plus
 * fields derived at indexing time so both engines can filter, facet and sort on plain values.
 */
export interface SearchDocument {
  id: number;
  slug: string;
  make: string;
  model: string;
  badge?: string;
  series?: string;
  year: number;
  car_type: 'new' | 'demo' | 'used';
  status: string;
  /** The price shoppers see: the offer price when above 10, else the price (domain/price-display). */
  price: number;
  km?: number;
  colour?: string;
  simple_body?: string;
  simple_fuel?: string;
  simple_transmission?: string;
  drive?: string;
  seats?: number;
  tag?: string;
  reserved?: boolean;
  certified?: boolean;
  item_type?: string;
  stocknum?: string;
  dealership_id: number;
  location_id?: number;
  show_on_dealer_website: boolean;
  /** Derived: the dealership's name and the location's name, city and state. */
  dealership_name?: string;
  location_name?: string;
  city?: string;
  state?: string;
  /** Derived: the odometer bucket's label (domain/km-ranges) for the km-range facet. */
  km_range?: string;
  /** Derived: the band of `price` (domain/price-bands PRICE_RANGES); none when the car has no price. */
  price_range?: string;
  /**
   * Derived: the band of the car's weekly subscription price (domain/price-bands SUBSCRIPTION_RANGES);
   * none when it has no subscription price above 0. Sites without the subscription offer ignore it.
   */
  subscription_price_range?: string;
  /** Derived, a list: the categories the car is in (domain/car-categories); left out when none. */
  categories?: string[];
  /** Derived, a list: the features its standard equipment has (domain/search-features); left out when none. */
  filtered_features?: string[];
  /** Derived: "Make Model" for the make_model facet. */
  make_model: string;
  /** Derived: unix seconds. */
  created_at_timestamp?: number;
  sold_date_timestamp?: number;
  /** Words searched by free text: title, badge, series, colour, body, fuel, stock number. */
  text: string;
}

/** Fields the engines can count (catalogue §3 Search facets, the subset stock needs). */
export const FACET_FIELDS = [
  'car_type',
  'make',
  'model',
  'make_model',
  'badge',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'drive',
  'colour',
  'year',
  'seats',
  'status',
  'tag',
  'state',
  'city',
  'location_name',
  'dealership_name',
  'item_type',
  'certified',
  'km_range',
  'price_range',
  'subscription_price_range',
  'categories',
  'filtered_features',
] as const;
export type FacetField = (typeof FACET_FIELDS)[number];

/**
 * Facet fields that hold a list of values (a car is in several categories): a condition `eq` or
 * `in` matches a car when any of its values matches, `exists` when it has at least one, and each
 * value is counted once per car, as Meilisearch treats array fields.
 */
export const LIST_FIELDS = ['categories', 'filtered_features'] as const satisfies readonly FacetField[];
export type ListField = (typeof LIST_FIELDS)[number];

/** Numeric fields whose min and max over the matching cars are reported (for sliders). */
export const STAT_FIELDS = ['price', 'km', 'year'] as const;
export type StatField = (typeof STAT_FIELDS)[number];

/**
 * Orders both engines implement identically; every order ends with id ascending so that ties are
 * broken the same way. `relevance` is text relevance when there is text, otherwise `latest`.
 */
export type SearchSort =
  'relevance' | 'latest' | 'highestPrice' | 'lowestPrice' | 'lowestKm' | 'newestYear' | 'oldestYear';

/** A query as an engine receives it: the filter already includes the tenant scope. */
export interface EngineQuery {
  /** Free text; empty or missing means no text condition. Every word must match (the last as a prefix); no typo tolerance. */
  text?: string;
  filter?: StockFilter;
  sort: SearchSort;
  /** 0-based offset and page size; limit 0 returns counts only. */
  offset: number;
  limit: number;
  facets: readonly FacetField[];
  /** When the query runs: resolves relative times in the filter. */
  now: Date;
  /** Whether to report the price, km and year ranges of the matches (default yes); similar cars need none. */
  stats?: boolean;
}

export interface FacetStats {
  min: number;
  max: number;
}

export interface EngineResult {
  /** Ids of the hits in order. */
  ids: number[];
  /** Total matching documents. */
  count: number;
  /** Facet value -> count, for the requested facets (values as indexed, first spelling seen). */
  facets: Partial<Record<FacetField, Record<string, number>>>;
  stats: Partial<Record<StatField, FacetStats>>;
  /** Time the engine took, in ms. */
  ms: number;
}

/** A search engine: the embedded in-process index, or Meilisearch. */
export interface SearchEngine {
  readonly name: string;
  /** Replaces the whole index with these documents. */
  replaceAll(documents: readonly SearchDocument[]): Promise<void>;
  /** Adds these documents, or replaces the indexed documents with the same ids (whole documents, not merged). */
  upsert(documents: readonly SearchDocument[]): Promise<void>;
  /** Drops the documents with these ids; ids not indexed are ignored. */
  remove(ids: readonly number[]): Promise<void>;
  search(query: EngineQuery): Promise<EngineResult>;
  /** Several queries in one round trip (similar cars). */
  multiSearch(queries: readonly EngineQuery[]): Promise<EngineResult[]>;
}
