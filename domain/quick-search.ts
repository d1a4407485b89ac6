/**
 * The home page's quick search (catalogue §2 'Show Me N cars'): a few selects whose choices become
 * a search state, the canonical search URL (conversion §2.2) and the button's text. The same form
 * fields work as a plain GET form to the search page when the browser runs no script.
 */
import { buildSearchUrl, emptySearchState, parseRange, type SearchState } from './search-url';
import { formatMoney, formatNumber } from './format';

export const QUICK_SEARCH_FIELDS = ['car_type', 'make', 'model', 'body', 'price'] as const;
export type QuickSearchField = (typeof QUICK_SEARCH_FIELDS)[number];

/** Form field names: the search page's own URL parameters (conversion §2.2), so no script is needed. */
export const QUICK_SEARCH_PARAMS: Readonly<Record<QuickSearchField, string>> = {
  car_type: 'refinementList[car_type][0]',
  make: 'refinementList[make][0]',
  model: 'refinementList[model][0]',
  body: 'refinementList[simple_body][0]',
  price: 'range[price]',
};

const REFINEMENTS: Readonly<Partial<Record<QuickSearchField, string>>> = {
  car_type: 'car_type',
  make: 'make',
  model: 'model',
  body: 'simple_body',
};

export interface PriceBand {
  min?: number;
  max?: number;
}

/** Price bands in dollars, spread over conversion §9's money quick picks ($5,000 to $70,000). */
export const DEFAULT_PRICE_BANDS: readonly PriceBand[] = [
  { max: 10_000 },
  { min: 10_000, max: 20_000 },
  { min: 20_000, max: 30_000 },
  { min: 30_000, max: 50_000 },
  { min: 50_000, max: 70_000 },
  { min: 70_000 },
];

/** The band as the URL writes it: range[price]=min:max, either side open. */
export const priceBandValue = (band: PriceBand) => `${band.min ?? ''}:${band.max ?? ''}`;

export function priceBandLabel(band: PriceBand, currency: string): string {
  const money = (n: number) => formatMoney(n, currency);
  if (band.min === undefined && band.max !== undefined) return `Under ${money(band.max)}`;
  if (band.max === undefined && band.min !== undefined) return `Over ${money(band.min)}`;
  return `${money(band.min ?? 0)} to ${money(band.max ?? 0)}`;
}

/** The search state the chosen values stand for; empty or unknown fields are left out. */
export function quickSearchState(values: Readonly<Partial<Record<QuickSearchField, string>>>): SearchState {
  const state = emptySearchState();
  for (const field of QUICK_SEARCH_FIELDS) {
    const value = values[field]?.trim();
    if (!value) continue;
    const refinement = REFINEMENTS[field];
    if (refinement) state.refinements[refinement] = [value];
    else if (field === 'price') {
      const range = parseRange(value);
      if (range) state.ranges.price = range;
    }
  }
  // A model is only meaningful with its make.
  if (!state.refinements.make) delete state.refinements.model;
  return state;
}

/** spec: conversion §2.2 — the canonical search URL for the chosen values. */
export function quickSearchUrl(values: Readonly<Partial<Record<QuickSearchField, string>>>): string {
  return buildSearchUrl(quickSearchState(values));
}

/** spec: catalogue §2 — the button reads 'Show Me N cars' (the site's vehicle word, plural unless 1). */
export function showMeLabel(count: number, vehicleWord: string): string {
  return `Show Me ${formatNumber(count)} ${count === 1 ? vehicleWord : `${vehicleWord}s`}`;
}
