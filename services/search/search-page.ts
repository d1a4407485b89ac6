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
import { orderBands, PRICE_RANGES, SUBSCRIPTION_RANGES } from '../../domain/price-bands';
import { orderCategories } from '../../domain/car-categories';
import { advertisesWeekly, estimateSettings, indicativeEstimateFilter } from '../../domain/finance/estimate';
import {
  WEEKLY_RANGES,
  findWeeklyRange,
  indicativeWeeklyPrices,
  priceSpanFilter,
} from '../../domain/finance/weekly-ranges';
import type { StockRepository } from '../stock/stock-repository';
import type { SearchResponse, SearchService } from './search-service';
import type { FacetField, SearchSort } from './types';

const WEEKLY_LABEL = 'Weekly repayments';

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
  // spec: catalogue §3 Search facets — price_range, subscription_price, categories, filtered_features.
  priceRange: 'price_range',
  subscriptionPrice: 'subscription_price_range',
  categories: 'categories',
  features: 'filtered_features',
};
/** Range filters (conversion §9 price and odometer) -> the numeric field. */
const FILTER_RANGES: Record<string, RangeField> = { price: 'price', odometer: 'km' };
const NUMERIC_REFINEMENTS = new Set(['year']);
/** Yes/no fields: the URL says 'true' or 'false', the index holds booleans. */
const BOOLEAN_REFINEMENTS = new Set(['certified']);
/** The subscription-price facet's field: offered, and refined, only where the site shows subscription prices. */
const SUBSCRIPTION_FIELD = 'subscription_price_range';
/**
 * Facets where each ticked value narrows the results (a car must have them all), as shoppers
 * expect of features: ticking Apple CarPlay and Sunroof shows cars with both. Their counts are
 * read from the results themselves: how many of the cars shown have each feature, which is how
 * many would remain on ticking it too. Every other facet widens (any ticked value).
 */
const ALL_OF_REFINEMENTS = new Set<string>(['filtered_features']);
/** A line under a facet group's name in the filter panel, where ticking behaves unlike the rest. */
const FACET_HINTS: Partial<Record<FacetField, string>> = {
  filtered_features: 'Shows cars with every feature you tick.',
};

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
  price_range: 'Price range',
  subscription_price_range: 'Weekly subscription',
  categories: 'Category',
  filtered_features: 'Features',
  weekly_price_range: WEEKLY_LABEL,
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

/** The weekly-repayments facet's field: a refinement in the URL, worked out as price ranges (not indexed). */
export const WEEKLY_FIELD = 'weekly_price_range';
/** A field the filter panel shows: one the engines count, or the weekly-repayments facet. */
export type PanelField = FacetField | typeof WEEKLY_FIELD;

export interface FacetGroup {
  field: PanelField;
  label: string;
  /** Options in display order; `popular` is set for makes (catalogue §9: top 20, then all). */
  options: FacetValue[];
  popular?: FacetValue[];
  selected: string[];
  /** A line under the group's name, e.g. that every ticked feature must be there. */
  hint?: string;
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
  if (ALL_OF_REFINEMENTS.has(field)) return { all: values.map((value) => ({ field, eq: value })) };
  return { field, in: NUMERIC_REFINEMENTS.has(field) ? values.map(Number).filter(Number.isFinite) : values };
}

/** What a site offers beyond the indexed facets: its weekly facet, and whether it shows subscription prices. */
interface SiteFacets {
  weekly?: WeeklyFacet;
  subscription: boolean;
}

function siteFacets(tenant: ResolvedTenant, now: Date): SiteFacets {
  return { weekly: weeklyFacet(tenant, now), subscription: tenant.features.subscriptionOffer === true };
}

/**
 * The weekly-repayments facet of a site (catalogue §3 search facets: weekly_price_range). The
 * figure is the site's indicative weekly repayment, which rises with the price, so each bucket
 * is the price range whose figure falls in it; only cars that show that figure count.
 *
 * Known limitation: a car whose feed carries its own lender record or youxQuote, or a site on the
 * HTTP quote provider, can show a weekly figure other than the site's indicative one; the facet
 * uses the site's own advertised terms (the figure the calculator and the embedded quote show).
 * The calculator rounds the deposit and final payment to whole dollars, so the figure can dip by
 * a cent just after such a step: a car priced within a few dollars of a bucket's edge, whose
 * figure is within a cent of it, can be counted in the neighbouring bucket.
 */
interface WeeklyFacet {
  /** The cars that show the site's weekly estimate (conversion §5.2). */
  eligible: StockFilter;
  /** In bucket order: each bucket's label and its prices as a filter. */
  buckets: Array<{ label: string; filter: StockFilter }>;
}

/** The site's weekly facet, or undefined when the site does not offer it or shows no weekly figure. */
function weeklyFacet(tenant: ResolvedTenant, now: Date): WeeklyFacet | undefined {
  const finance = tenant.finance;
  if (!tenant.search.filters.includes('weeklyPrice') || !finance.estimates || !advertisesWeekly(finance.provider))
    return undefined;
  const eligible = indicativeEstimateFilter(estimateSettings(finance), now);
  const buckets = WEEKLY_RANGES.map((range) => ({
    label: range.label,
    filter: priceSpanFilter(indicativeWeeklyPrices(range, finance)),
  }));
  return { eligible, buckets };
}

/** The chosen buckets' cars; undefined when no label names a bucket (such text is ignored). */
function weeklyFilter(weekly: WeeklyFacet, labels: readonly string[]): StockFilter | undefined {
  const chosen = labels.flatMap((label) => {
    const range = findWeeklyRange(label);
    return weekly.buckets.filter((bucket) => bucket.label === range?.label).map((bucket) => bucket.filter);
  });
  return chosen.length ? { all: [weekly.eligible, { any: chosen }] } : undefined;
}

/**
 * The weekly facet's counts, one count-only query a bucket, run together: the cars that show a
 * weekly figure, in the bucket's prices, under the shopper's other refinements (disjunctive).
 */
/** A count-only query (no hits, so the order is immaterial) with the shopper's text, beside the main results. */
function countOnly(
  service: SearchService,
  tenant: ResolvedTenant,
  state: SearchState,
  filter: StockFilter,
  facets: FacetField[],
  now: Date,
): Promise<SearchResponse> {
  return service.search(tenant, { text: state.query, filter, sort: 'latest', page: 1, hitsPerPage: 0, facets }, now);
}

async function weeklyBucketCounts(
  service: SearchService,
  tenant: ResolvedTenant,
  state: SearchState,
  site: SiteFacets,
  weekly: WeeklyFacet,
  now: Date,
): Promise<Record<string, number>> {
  const others = stateFilter(state, WEEKLY_FIELD, site);
  const counted = await Promise.all(
    weekly.buckets.map((bucket) =>
      countOnly(service, tenant, state, { all: [others, weekly.eligible, bucket.filter] }, [], now),
    ),
  );
  return Object.fromEntries(weekly.buckets.map((bucket, i) => [bucket.label, counted[i]?.count ?? 0]));
}

/**
 * The weekly group: buckets in their own order (low to high), those no car is in left out as other
 * facets leave out values no car has, unless the shopper chose them.
 */
function weeklyFacetGroup(counts: Readonly<Record<string, number>>, selected: string[]): FacetGroup | undefined {
  const chosen = new Set(selected.map((value) => value.toLowerCase()));
  const options = WEEKLY_RANGES.flatMap((range) => {
    const count = counts[range.label] ?? 0;
    return count > 0 || chosen.has(range.label.toLowerCase()) ? [{ value: range.label, count }] : [];
  });
  return options.length ? { field: WEEKLY_FIELD, label: WEEKLY_LABEL, options, selected } : undefined;
}

/**
 * The shopper's refinements as a filter, leaving out one field (for that field's own counts). A
 * weekly refinement applies only where the site offers that facet, a subscription one only where
 * the site shows subscription prices (`site`).
 */
function stateFilter(state: SearchState, except: string | undefined, site: SiteFacets): StockFilter {
  const parts: StockFilter[] = [];
  for (const [field, values] of Object.entries(state.refinements)) {
    if (field === except || !values.length) continue;
    if (field === SUBSCRIPTION_FIELD && !site.subscription) continue;
    if (field !== WEEKLY_FIELD) parts.push(refinementFilter(field, values));
    else {
      const chosen = site.weekly && weeklyFilter(site.weekly, values);
      if (chosen) parts.push(chosen);
    }
  }
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
  // spec: catalogue §9 — price facets sorted numerically: the bands low to high by amount.
  if (field === 'price_range') return orderBands(counts, PRICE_RANGES);
  if (field === 'subscription_price_range') return orderBands(counts, SUBSCRIPTION_RANGES);
  if (field === 'categories') return orderCategories(counts);
  if (field === 'model') {
    const keep = new Set(dedupeCaseInsensitive(Object.keys(counts)));
    return orderByCount(Object.fromEntries(Object.entries(counts).filter(([value]) => keep.has(value))));
  }
  return orderByCount(counts);
}

/**
 * The features group: the features the site offers, in its own order, with how many of the cars
 * shown have each (ticking one keeps just those); features no car shown has are left out unless
 * ticked, as other facets leave out values no car has.
 */
function featureGroup(
  tenant: ResolvedTenant,
  counts: Readonly<Record<string, number>>,
  selected: string[],
): FacetGroup[] {
  const count = (label: string) =>
    Object.entries(counts).find(([value]) => value.toLowerCase() === label.toLowerCase())?.[1] ?? 0;
  const chosen = new Set(selected.map((value) => value.toLowerCase()));
  const offered = tenant.search.filteredFeatures.filter((label) => count(label) > 0 || chosen.has(label.toLowerCase()));
  // A ticked feature the site no longer offers still shows, so it can be unticked.
  const extra = selected.filter((value) => !offered.some((label) => label.toLowerCase() === value.toLowerCase()));
  const options = [...offered, ...extra].map((value) => ({ value, count: count(value) }));
  if (!options.length) return [];
  const field = 'filtered_features';
  return [{ field, label: FACET_LABELS[field] ?? field, options, selected, hint: FACET_HINTS[field] }];
}

/**
 * Everything the search page shows for one URL, or undefined when the path names nothing
 * (the page answers 404). Facet counts are disjunctive: a refined facet counts as if its own
 * refinement were not set, so shoppers can add a second make. Features are the exception: each
 * ticked feature narrows (ALL_OF_REFINEMENTS), so they are counted over the results.
 */
export async function loadSearchPage(
  service: SearchService,
  repo: StockRepository,
  tenant: ResolvedTenant,
  segments: string[],
  params: URLSearchParams,
  now: Date,
): Promise<SearchPageData | undefined> {
  const site = siteFacets(tenant, now);
  const facetFields = tenant.search.filters.flatMap((name) => {
    const field = FILTER_FACETS[name];
    return field && (field !== SUBSCRIPTION_FIELD || site.subscription) ? [field] : [];
  });
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
  const { weekly } = site;

  const allowed = tenant.search.sortOptions;
  const sortBy =
    state.sortBy && (allowed as string[]).includes(state.sortBy) && SORT_OPTIONS[state.sortBy]
      ? state.sortBy
      : tenant.search.defaultSort;
  const sort = SORT_OPTIONS[sortBy]?.sort ?? 'latest';
  // A refined facet that widens is counted without its own refinement; one that narrows (features)
  // is counted from the results.
  const refined = facetFields.filter((f) => state.refinements[f]?.length && !ALL_OF_REFINEMENTS.has(f));
  const response = await service.search(
    tenant,
    {
      text: state.query,
      filter: stateFilter(state, undefined, site),
      sort,
      page: state.page,
      hitsPerPage: tenant.search.hitsPerPage,
      facets: facetFields.filter((f) => !refined.includes(f)),
    },
    now,
  );
  // One count-only query per refined facet (and per set range) without its own refinement; an
  // unset range reads its bounds from the main query.
  const [others, weeklyCounts] = await Promise.all([
    Promise.all([
      ...refined.map((field) => countOnly(service, tenant, state, stateFilter(state, field, site), [field], now)),
      ...rangeFields.map((field) =>
        state.ranges[field]
          ? countOnly(service, tenant, state, stateFilter(state, field, site), [], now)
          : Promise.resolve(response),
      ),
    ]),
    weekly ? weeklyBucketCounts(service, tenant, state, site, weekly, now) : undefined,
  ]);
  const facetCounts: Partial<Record<FacetField, Record<string, number>>> = { ...response.facets };
  refined.forEach((field, i) => (facetCounts[field] = others[i]?.facets[field] ?? {}));

  const counted = facetFields.flatMap((field): FacetGroup[] => {
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
    if (field === 'filtered_features') return featureGroup(tenant, counts, selected);
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
  const weeklyGroup = weeklyCounts && weeklyFacetGroup(weeklyCounts, state.refinements[WEEKLY_FIELD] ?? []);
  // In the site's own order of filters.
  const facets = tenant.search.filters.flatMap((name): FacetGroup[] =>
    name === 'weeklyPrice'
      ? weeklyGroup
        ? [weeklyGroup]
        : []
      : counted.filter((group) => group.field === FILTER_FACETS[name]),
  );
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
  return (await countOnly(service, tenant, state, stateFilter(state, undefined, siteFacets(tenant, now)), [], now))
    .count;
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
