import type { ResolvedTenant } from '../../schemas/types.generated';
import type { StockFilter } from '../../domain/stock-filter';
import { ownValue } from '../../domain/own-key';
import { parseSearchUrl, type SearchState, type SearchUrlContext, type RangeField } from '../../domain/search-url';
import {
  dedupeCaseInsensitive,
  orderByCount,
  orderCondition,
  orderMakes,
  orderNumeric,
  bodyTypeOrder,
  type FacetValue,
} from '../../domain/facet-order';
import { orderKmRanges } from '../../domain/km-ranges';
import type { StockRepository } from '../stock/stock-repository';
import type { SearchResponse, SearchService } from './search-service';
import type { FacetField, SearchSort } from './types';

/** Tenant filter names (conversion §9) -> the facet field they refine. */
const FILTER_FACETS: Record<string, FacetField> = {
  car_type: 'car_type',
  make: 'make',
  model: 'model',
  body: 'simple_body',
  transmission: 'simple_transmission',
  fuelType: 'simple_fuel',
  drive: 'drive',
  colour: 'colour',
  year: 'year',
  location: 'location_name',
  dealership: 'dealership_name',
  state: 'state',
  tag: 'tag',
  certified: 'certified',
  kmRange: 'km_range',
  status: 'status',
};
/** Range filters (conversion §9 price and odometer) -> the numeric field. */
const FILTER_RANGES: Record<string, RangeField> = { price: 'price', odometer: 'km' };
const NUMERIC_REFINEMENTS = new Set(['year']);
/** Yes/no fields: the URL says 'true' or 'false', the index holds booleans. */
const BOOLEAN_REFINEMENTS = new Set(['certified']);

export const FACET_LABELS: Record<string, string> = {
  car_type: 'Condition',
  make: 'Make',
  model: 'Model',
  simple_body: 'Body type',
  simple_transmission: 'Transmission',
  simple_fuel: 'Fuel type',
  drive: 'Drive',
  colour: 'Colour',
  year: 'Year',
  location_name: 'Location',
  dealership_name: 'Dealership',
  state: 'State',
  tag: 'Tag',
  certified: 'Certified',
  km_range: 'Kilometres',
  status: 'Status',
  price: 'Price',
  km: 'Odometer',
};

/** Sort names as tenants and URLs spell them (conversion §9) -> the engines' orders. */
export const SORT_OPTIONS: Record<string, { sort: SearchSort; label: string }> = {
  mostRelevant: { sort: 'relevance', label: 'Most relevant' },
  latest: { sort: 'latest', label: 'Latest arrivals' },
  highestPrice: { sort: 'highestPrice', label: 'Highest price' },
  lowestPrice: { sort: 'lowestPrice', label: 'Lowest price' },
  lowestKm: { sort: 'lowestKm', label: 'Lowest kilometres' },
  newestYear: { sort: 'newestYear', label: 'Newest year' },
  oldestYear: { sort: 'oldestYear', label: 'Oldest year' },
};

export interface FacetGroup {
  field: FacetField;
  label: string;
  /** Options in display order; `popular` is set for makes (catalogue §9: top 20, then all). */
  options: FacetValue[];
  popular?: FacetValue[];
  selected: string[];
}

export interface RangeGroup {
  field: RangeField;
  label: string;
  min?: number;
  max?: number;
  /** Lowest and highest value among the cars the other filters select. */
  available?: { min: number; max: number };
}

export interface SearchPageData {
  state: SearchState;
  sortBy: string;
  sortOptions: Array<{ value: string; label: string }>;
  response: SearchResponse;
  facets: FacetGroup[];
  ranges: RangeGroup[];
}

function refinementFilter(field: string, values: string[]): StockFilter {
  if (BOOLEAN_REFINEMENTS.has(field))
    return {
      field,
      in: values.flatMap((v) => {
        const key = v.trim().toLowerCase();
        return key === 'true' ? [true] : key === 'false' ? [false] : [];
      }),
    };
  return { field, in: NUMERIC_REFINEMENTS.has(field) ? values.map(Number).filter(Number.isFinite) : values };
}

/** The shopper's refinements as a filter, leaving out one field (for that field's own counts). */
function stateFilter(state: SearchState, except?: string): StockFilter {
  const parts: StockFilter[] = [];
  for (const [field, values] of Object.entries(state.refinements))
    if (field !== except && values.length) parts.push(refinementFilter(field, values));
  for (const [field, range] of Object.entries(state.ranges)) {
    if (field === except || !range) continue;
    if (range.min !== undefined) parts.push({ field, gte: range.min });
    if (range.max !== undefined) parts.push({ field, lte: range.max });
  }
  return { all: parts };
}

function ordered(field: FacetField, counts: Record<string, number>): FacetValue[] {
  if (field === 'car_type') return orderCondition(counts);
  if (field === 'year') return orderNumeric(counts).reverse();
  // spec: conversion §5.4 — bodies follow the fixed body-type order; unknown bodies after, by count.
  if (field === 'simple_body') {
    const byCount = orderByCount(counts);
    return byCount
      .map((option, index) => ({ option, index }))
      .sort((a, b) => bodyTypeOrder(a.option.value) - bodyTypeOrder(b.option.value) || a.index - b.index)
      .map(({ option }) => option);
  }
  if (field === 'km_range') return orderKmRanges(counts);
  if (field === 'model') {
    const keep = new Set(dedupeCaseInsensitive(Object.keys(counts)));
    return orderByCount(Object.fromEntries(Object.entries(counts).filter(([value]) => keep.has(value))));
  }
  return orderByCount(counts);
}

/**
 * Everything the search page shows for one URL, or undefined when the path names nothing
 * (the page answers 404). Facet counts are disjunctive: a refined facet counts as if its own
 * refinement were not set, so shoppers can add a second make.
 */
export async function loadSearchPage(
  service: SearchService,
  repo: StockRepository,
  tenant: ResolvedTenant,
  segments: string[],
  params: URLSearchParams,
  now: Date,
): Promise<SearchPageData | undefined> {
  const facetFields = tenant.search.filters.flatMap((name) => (FILTER_FACETS[name] ? [FILTER_FACETS[name]] : []));
  const rangeFields = tenant.search.filters.flatMap((name) => (FILTER_RANGES[name] ? [FILTER_RANGES[name]] : []));
  const overview = await service.search(
    tenant,
    { sort: 'latest', page: 1, hitsPerPage: 0, facets: ['make', 'make_model', 'simple_body'] },
    now,
  );
  const makes = Object.keys(overview.facets.make ?? {});
  const models: Record<string, string[]> = {};
  for (const makeModel of Object.keys(overview.facets.make_model ?? {})) {
    const make = makes.find((m) => makeModel.startsWith(`${m} `));
    if (make) (models[make] ??= []).push(makeModel.slice(make.length + 1));
  }
  const [locations, dealerships] = await Promise.all([
    repo.locations(tenant.dealerships),
    repo.dealerships(tenant.dealerships),
  ]);
  const context: SearchUrlContext = {
    makes,
    models,
    locations,
    dealerships,
    bodies: Object.keys(overview.facets.simple_body ?? {}),
  };
  const state = parseSearchUrl(segments, params, context);
  if (!state) return undefined;

  const allowed = tenant.search.sortOptions;
  const sortBy =
    state.sortBy && (allowed as string[]).includes(state.sortBy) && SORT_OPTIONS[state.sortBy]
      ? state.sortBy
      : tenant.search.defaultSort;
  const sort = SORT_OPTIONS[sortBy]?.sort ?? 'latest';
  const refined = facetFields.filter((f) => state.refinements[f]?.length);
  const response = await service.search(
    tenant,
    {
      text: state.query,
      filter: stateFilter(state),
      sort,
      page: state.page,
      hitsPerPage: tenant.search.hitsPerPage,
      facets: facetFields.filter((f) => !refined.includes(f)),
    },
    now,
  );
  // One count-only query per refined facet (and per set range) without its own refinement; an
  // unset range reads its bounds from the main query.
  const others = await Promise.all([
    ...refined.map((field) =>
      service.search(
        tenant,
        { text: state.query, filter: stateFilter(state, field), sort, page: 1, hitsPerPage: 0, facets: [field] },
        now,
      ),
    ),
    ...rangeFields.map((field) =>
      state.ranges[field]
        ? service.search(
            tenant,
            { text: state.query, filter: stateFilter(state, field), sort, page: 1, hitsPerPage: 0, facets: [] },
            now,
          )
        : response,
    ),
  ]);
  const facetCounts: Partial<Record<FacetField, Record<string, number>>> = { ...response.facets };
  refined.forEach((field, i) => (facetCounts[field] = others[i]?.facets[field] ?? {}));

  const facets = facetFields.flatMap((field): FacetGroup[] => {
    const selected = state.refinements[field] ?? [];
    let counts = facetCounts[field] ?? {};
    if (field === 'model') {
      const makesChosen = state.refinements.make ?? [];
      if (!makesChosen.length) return [];
      // A make comes from the URL: "constructor" must not find Object's own (issue 14).
      const allowedModels = new Set(
        makesChosen
          .flatMap((m) => ownValue(models, makes.find((x) => x.toLowerCase() === m.toLowerCase()) ?? m) ?? [])
          .map((m) => m.toLowerCase()),
      );
      counts = Object.fromEntries(Object.entries(counts).filter(([model]) => allowedModels.has(model.toLowerCase())));
    }
    for (const value of selected)
      if (!Object.keys(counts).some((k) => k.toLowerCase() === value.toLowerCase())) counts = { ...counts, [value]: 0 };
    if (!Object.keys(counts).length) return [];
    const group: FacetGroup = { field, label: FACET_LABELS[field] ?? field, options: ordered(field, counts), selected };
    if (field === 'make') {
      const { popular, all } = orderMakes(counts);
      group.popular = popular;
      group.options = all;
    }
    return [group];
  });
  const ranges = rangeFields.map((field, i): RangeGroup => {
    const stats = others[refined.length + i]?.stats[field];
    return { field, label: FACET_LABELS[field] ?? field, ...state.ranges[field], available: stats };
  });
  const sortOptions = allowed.flatMap((value) =>
    SORT_OPTIONS[value] ? [{ value, label: SORT_OPTIONS[value].label }] : [],
  );
  return { state, sortBy, sortOptions, response, facets, ranges };
}

/** What the page shows when the search could not run: nothing new (the browser keeps the last results). */
export function emptySearchPage(sortBy: string): SearchPageData {
  return {
    state: { refinements: {}, ranges: {}, query: '', page: 1 },
    sortBy,
    sortOptions: [],
    response: { hits: [], count: 0, facets: {}, stats: {}, ms: 0, page: 1, pages: 0, engine: 'none' },
    facets: [],
    ranges: [],
  };
}

/**
 * How many cars a search URL's query string selects (catalogue §2 'Show Me N cars'), within the
 * site's own stock: the service adds the tenant's scope, so no parameter can widen it. Only the
 * query string counts (the quick search posts to the default search path).
 */
export async function countSearch(
  service: SearchService,
  tenant: ResolvedTenant,
  params: URLSearchParams,
  now: Date,
): Promise<number> {
  const state = parseSearchUrl([], params, { makes: [], models: {}, locations: [], dealerships: [] });
  if (!state) return 0;
  const response = await service.search(
    tenant,
    { text: state.query, filter: stateFilter(state), sort: 'latest', page: 1, hitsPerPage: 0, facets: [] },
    now,
  );
  return response.count;
}

export interface QuickSearchOptions {
  /** Every car the site lists: the count for the form's initial (empty) state. */
  count: number;
  carTypes: FacetValue[];
  makes: FacetValue[];
  /** Make -> its models, by count. */
  models: Record<string, FacetValue[]>;
  /** In the fixed body-type order (conversion §5.4). */
  bodies: FacetValue[];
}

/** The choices the home page's quick search offers, from the site's own stock. */
export async function loadQuickSearch(
  service: SearchService,
  tenant: ResolvedTenant,
  now: Date,
): Promise<QuickSearchOptions> {
  const overview = await service.search(
    tenant,
    { sort: 'latest', page: 1, hitsPerPage: 0, facets: ['car_type', 'make', 'make_model', 'simple_body'] },
    now,
  );
  const makes = orderMakes(overview.facets.make ?? {}).all;
  const models: Record<string, FacetValue[]> = {};
  for (const [makeModel, count] of Object.entries(overview.facets.make_model ?? {})) {
    const make = makes.find((m) => makeModel.startsWith(`${m.value} `));
    if (make) (models[make.value] ??= []).push({ value: makeModel.slice(make.value.length + 1), count });
  }
  for (const list of Object.values(models)) list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  return {
    count: overview.count,
    carTypes: ordered('car_type', overview.facets.car_type ?? {}),
    makes,
    models,
    bodies: ordered('simple_body', overview.facets.simple_body ?? {}),
  };
}
