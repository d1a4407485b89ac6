import { buildSearchUrl, emptySearchState, SEARCH_BASE_PATH } from './search-url';

/** spec: conversion §5.4 — the price range slider: 5,000 to 250,000 in steps of 500, minimum kept below maximum. */
export const PRICE_RANGE_MIN = 5_000;
export const PRICE_RANGE_MAX = 250_000;
export const PRICE_RANGE_STEP = 500;

export interface PriceRange {
  min: number;
  max: number;
}

const snap = (value: number) => {
  const stepped = Math.round((Number.isFinite(value) ? value : PRICE_RANGE_MIN) / PRICE_RANGE_STEP) * PRICE_RANGE_STEP;
  return Math.min(PRICE_RANGE_MAX, Math.max(PRICE_RANGE_MIN, stepped));
};

/**
 * The range after one thumb moves: values snap to the step and stay in bounds, and the moved
 * thumb stops one step short of the other so the minimum stays below the maximum.
 */
export function movePriceRange(range: PriceRange, thumb: 'min' | 'max', value: number): PriceRange {
  const snapped = snap(value);
  if (thumb === 'min') return { min: Math.min(snapped, snap(range.max) - PRICE_RANGE_STEP), max: snap(range.max) };
  return { min: snap(range.min), max: Math.max(snapped, snap(range.min) + PRICE_RANGE_STEP) };
}

/**
 * spec: conversion §2.2 — the search link for a price range (range[price]=min:max). A maximum at
 * the top of the slider means "and above", so it is left open.
 */
export function priceRangeSearchUrl(range: PriceRange, basePath = SEARCH_BASE_PATH): string {
  const state = emptySearchState();
  state.ranges.price = { min: range.min, ...(range.max < PRICE_RANGE_MAX ? { max: range.max } : {}) };
  return buildSearchUrl(state, basePath);
}
