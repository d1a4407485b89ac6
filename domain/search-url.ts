import { findWeeklyRange } from './finance/weekly-ranges';
import { findBand, PRICE_RANGES, SUBSCRIPTION_RANGES } from './price-bands';
import { findCategory } from './car-categories';
import { findFeature } from './search-features';
import { slugify } from './slug';

// spec: conversion §2.1 — default search route and stock type slugs.
export const SEARCH_BASE_PATH = '/search';
export const DEFAULT_SEARCH_SLUG = 'new-used-and-demo-cars';
export const DEFAULT_SEARCH_PATH = `${SEARCH_BASE_PATH}/${DEFAULT_SEARCH_SLUG}`;
export const STOCK_TYPE_SLUGS = { used: 'used-cars', demo: 'demo-cars', new: 'new-cars' } as const;
// spec: conversion §2.2 — /search/new-and-demo-cars for a car_type refinement.
export const NEW_AND_DEMO_SLUG = 'new-and-demo-cars';

export const REFINEMENT_FIELDS = [
  'car_type',
  'make',
  'model',
  'simple_body',
  'simple_fuel',
  'simple_transmission',
  'drive',
  'colour',
  'year',
  'location_name',
  'dealership_name',
  'tag',
  'state',
  'status',
  'certified',
  'km_range',
  'weekly_price_range',
  // spec: catalogue §3 Search facets — price_range, subscription_price, categories, filtered_features.
  'price_range',
  'subscription_price_range',
  'categories',
  'filtered_features',
] as const;
export type RefinementField = (typeof REFINEMENT_FIELDS)[number];
export const RANGE_FIELDS = ['price', 'km', 'year'] as const;
export type RangeField = (typeof RANGE_FIELDS)[number];

export interface NumericRange {
  min?: number;
  max?: number;
}

export interface SearchState {
  /** Facet field -> selected values; only REFINEMENT_FIELDS are read from and written to URLs. */
  refinements: Record<string, string[]>;
  ranges: Partial<Record<RangeField, NumericRange>>;
  query: string;
  /** 1-based. */
  page: number;
  sortBy?: string;
}

export interface SearchUrlContext {
  makes: readonly string[];
  /** Make name (as in `makes`) -> its model names. */
  models: Readonly<Record<string, readonly string[]>>;
  locations: ReadonlyArray<{ slug: string; name: string }>;
  dealerships: ReadonlyArray<{ slug: string; name: string }>;
  /** Body names for facet-tile paths like /search/suv (conversion §2.2); optional. */
  bodies?: readonly string[];
}

type CarType = keyof typeof STOCK_TYPE_SLUGS;
const CAR_TYPES = Object.keys(STOCK_TYPE_SLUGS) as CarType[];
const RESERVED_SLUGS = new Set<string>([DEFAULT_SEARCH_SLUG, NEW_AND_DEMO_SLUG, ...Object.values(STOCK_TYPE_SLUGS)]);
const REFINEMENT_PARAM = /^refinementList\[([^\]]+)\]\[(\d+)\]$/;
const RANGE_PARAM = /^range\[([^\]]+)\]$/;

export function emptySearchState(): SearchState {
  return { refinements: {}, ranges: {}, query: '', page: 1 };
}

const isRefinementField = (field: string): field is RefinementField =>
  (REFINEMENT_FIELDS as readonly string[]).includes(field);
const isRangeField = (field: string): field is RangeField => (RANGE_FIELDS as readonly string[]).includes(field);

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).trim().toLowerCase();
  } catch {
    return segment.trim().toLowerCase();
  }
}

/** The refinements a path stands for, or undefined for a path this page does not serve. */
function pathRefinements(
  segments: readonly string[],
  context: SearchUrlContext,
): Partial<Record<RefinementField, string[]>> | undefined {
  const [first, second, ...rest] = segments.map(decodeSegment).filter(Boolean);
  if (first === undefined || (first === DEFAULT_SEARCH_SLUG && second === undefined)) return {};
  if (rest.length > 0) return undefined;
  const make = context.makes.find((name) => slugify(name) === first);
  if (second !== undefined) {
    const model = make === undefined ? undefined : context.models[make]?.find((name) => slugify(name) === second);
    return make !== undefined && model !== undefined ? { make: [make], model: [model] } : undefined;
  }
  if (first === NEW_AND_DEMO_SLUG) return { car_type: ['new', 'demo'] };
  const carType = CAR_TYPES.find((type) => STOCK_TYPE_SLUGS[type] === first);
  if (carType) return { car_type: [carType] };
  if (make !== undefined) return { make: [make] };
  const body = context.bodies?.find((name) => slugify(name) === first);
  if (body !== undefined) return { simple_body: [body] };
  const location = context.locations.find((item) => item.slug.toLowerCase() === first);
  if (location) return { location_name: [location.name] };
  const dealership = context.dealerships.find((item) => item.slug.toLowerCase() === first);
  if (dealership) return { dealership_name: [dealership.name] };
  return undefined;
}

function parseBound(text: string | undefined): number | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return undefined;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : undefined;
}

/** 'min:max' with either side optional; non-numeric sides are ignored and min > max is swapped. */
export function parseRange(text: string): NumericRange | undefined {
  const parts = text.split(':');
  if (parts.length !== 2) return undefined;
  let min = parseBound(parts[0]);
  let max = parseBound(parts[1]);
  if (min !== undefined && max !== undefined && min > max) [min, max] = [max, min];
  if (min === undefined && max === undefined) return undefined;
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

function parsePage(text: string | null): number {
  const page = text !== null && /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN;
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}

/** Appends values not already present (compared case-insensitively, as the search engines do). */
function mergeValues(into: string[], values: readonly string[]): void {
  const seen = new Set(into.map((value) => value.toLowerCase()));
  for (const value of values) {
    const key = value.toLowerCase();
    if (value === '' || seen.has(key)) continue;
    seen.add(key);
    into.push(value);
  }
}

/** Fields whose values are a fixed list: a value is read as the list's own label, whatever its case. */
const FIXED_VALUES: Partial<Record<RefinementField, (value: string) => { label: string } | undefined>> = {
  weekly_price_range: (value) => findWeeklyRange(value),
  price_range: (value) => findBand(value, PRICE_RANGES),
  subscription_price_range: (value) => findBand(value, SUBSCRIPTION_RANGES),
  categories: findCategory,
  filtered_features: findFeature,
};

/**
 * A weekly bucket, price band, category or feature is read as its own label (a weekly filter is
 * worked out from the bucket, not the text), so other text for it is left out rather than
 * matching nothing: an old link naming a band that no longer exists still shows cars.
 */
function knownValue(field: RefinementField, value: string): string[] {
  const find = FIXED_VALUES[field];
  if (!find) return [value];
  const known = find(value);
  return known ? [known.label] : [];
}

/** spec: conversion §2.2 — search page state from the path after /search and the query string. */
export function parseSearchUrl(
  segments: readonly string[],
  params: URLSearchParams,
  context: SearchUrlContext,
): SearchState | undefined {
  const fromPath = pathRefinements(segments, context);
  if (fromPath === undefined) return undefined;
  const state = emptySearchState();
  const listed: Array<{ field: RefinementField; index: number; value: string }> = [];
  for (const [key, value] of params) {
    const refinement = REFINEMENT_PARAM.exec(key);
    if (refinement?.[1] !== undefined && isRefinementField(refinement[1])) {
      listed.push({ field: refinement[1], index: Number(refinement[2]), value: value.trim() });
      continue;
    }
    const range = RANGE_PARAM.exec(key)?.[1];
    if (range !== undefined && isRangeField(range) && state.ranges[range] === undefined) {
      const parsed = parseRange(value);
      if (parsed) state.ranges[range] = parsed;
    }
  }
  listed.sort((a, b) => a.index - b.index);
  for (const field of REFINEMENT_FIELDS) {
    const values: string[] = [];
    mergeValues(values, fromPath[field] ?? []);
    mergeValues(
      values,
      listed.filter((item) => item.field === field).flatMap((item) => knownValue(field, item.value)),
    );
    if (values.length > 0) state.refinements[field] = values;
  }
  state.query = params.get('query')?.trim() ?? '';
  state.page = parsePage(params.get('page'));
  const sortBy = params.get('sortBy')?.trim();
  if (sortBy) state.sortBy = sortBy;
  return state;
}

const sameSet = (values: readonly string[], expected: readonly string[]) =>
  values.length === expected.length && expected.every((value) => values.some((v) => v.toLowerCase() === value));

/** The path segments for a state and the refinement fields they carry. */
function canonicalPath(refinements: Readonly<Record<string, readonly string[]>>): {
  segments: string[];
  consumed: RefinementField[];
} {
  const carTypes = refinements.car_type ?? [];
  const only = carTypes.length === 1 ? carTypes[0]?.toLowerCase() : undefined;
  const carType = CAR_TYPES.find((type) => type === only);
  if (carType) return { segments: [STOCK_TYPE_SLUGS[carType]], consumed: ['car_type'] };
  if (sameSet(carTypes, ['new', 'demo'])) return { segments: [NEW_AND_DEMO_SLUG], consumed: ['car_type'] };
  const makes = refinements.make ?? [];
  const models = refinements.model ?? [];
  const makeSlug = makes.length === 1 && makes[0] !== undefined ? slugify(makes[0]) : '';
  if (makeSlug && !RESERVED_SLUGS.has(makeSlug) && models.length <= 1) {
    const modelSlug = models[0] === undefined ? undefined : slugify(models[0]);
    if (modelSlug === undefined) return { segments: [makeSlug], consumed: ['make'] };
    if (modelSlug) return { segments: [makeSlug, modelSlug], consumed: ['make', 'model'] };
  }
  return { segments: [DEFAULT_SEARCH_SLUG], consumed: [] };
}

const formatBound = (value: number | undefined) => (value === undefined ? '' : encodeURIComponent(String(value)));

/**
 * spec: conversion §2.2 — the canonical URL for a search state. Brackets in parameter names are
 * left unencoded for readability (URLSearchParams reads them either way); values are encoded.
 * Parameter order: refinementList in REFINEMENT_FIELDS order, range (price, km, year), query,
 * sortBy, page (only when not 1).
 */
export function buildSearchUrl(state: SearchState, basePath = SEARCH_BASE_PATH): string {
  const { segments, consumed } = canonicalPath(state.refinements);
  const pairs: string[] = [];
  for (const field of REFINEMENT_FIELDS) {
    if (consumed.includes(field)) continue;
    (state.refinements[field] ?? []).forEach((value, index) =>
      pairs.push(`refinementList[${field}][${index}]=${encodeURIComponent(value)}`),
    );
  }
  for (const field of RANGE_FIELDS) {
    const range = state.ranges[field];
    if (range && (range.min !== undefined || range.max !== undefined))
      pairs.push(`range[${field}]=${formatBound(range.min)}:${formatBound(range.max)}`);
  }
  const query = state.query.trim();
  if (query) pairs.push(`query=${encodeURIComponent(query)}`);
  if (state.sortBy) pairs.push(`sortBy=${encodeURIComponent(state.sortBy)}`);
  if (Number.isSafeInteger(state.page) && state.page > 1) pairs.push(`page=${state.page}`);
  const path = `${basePath.replace(/\/+$/, '')}/${segments.map(encodeURIComponent).join('/')}`;
  return pairs.length > 0 ? `${path}?${pairs.join('&')}` : path;
}
