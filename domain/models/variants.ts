/**
 * Model pages (conversion §2.5, §4.6, §9): how the variants are laid out, which features show, the
 * drive-away price range and the order-now link of a variant card.
 */

import { formatMoney } from '../format';

/** spec: conversion §9 — features shown initially 8; slider used above 2 variants; arrows at 4 or more. */
export const FEATURES_SHOWN = 8;
export const GRID_MAX_VARIANTS = 2;
export const ARROWS_FROM_VARIANTS = 4;

export type VariantLayout = { kind: 'grid' } | { kind: 'slider'; arrows: boolean };

export function variantLayout(count: number): VariantLayout {
  if (count <= GRID_MAX_VARIANTS) return { kind: 'grid' };
  return { kind: 'slider', arrows: count >= ARROWS_FROM_VARIANTS };
}

/** spec: conversion §2.5 — 'Which {make model} will you choose?', or 'Features' for a single variant. */
export function variantsHeading(make: string, model: string, count: number): string {
  return count === 1 ? 'Features' : `Which ${make} ${model} will you choose?`;
}

export interface FeatureView {
  shown: readonly string[];
  /** The toggle under the list: none when everything fits (or the tenant shows all). */
  toggle: 'View more' | 'View less' | null;
}

/** spec: conversion §4.6 — the first 8, with View more / View less when there are more (unless the tenant opts out). */
export function featureView(features: readonly string[], expanded: boolean, allFeatures: boolean): FeatureView {
  if (allFeatures || features.length <= FEATURES_SHOWN) return { shown: features, toggle: null };
  return expanded
    ? { shown: features, toggle: 'View less' }
    : { shown: features.slice(0, FEATURES_SHOWN), toggle: 'View more' };
}

/** 'Drive away $37,990 – $39,990' (dap_min_price to dap_max_price) in the site's currency, one price when they agree, nothing without prices. */
export function driveAwayRange(min: number | undefined, max: number | undefined, currency: string): string | undefined {
  const low = min ?? max;
  const high = max ?? min;
  if (low === undefined || high === undefined || !(high > 0)) return undefined;
  return low === high
    ? `Drive away ${formatMoney(low, currency)}`
    : `Drive away ${formatMoney(low, currency)} – ${formatMoney(high, currency)}`;
}

/** The lowest drive-away price of a model's variants, for 'From $X' on model cards. */
export function lowestDriveAway(
  variants: readonly { dap_min_price?: number; dap_max_price?: number }[],
): number | undefined {
  const prices = variants
    .map((v) => v.dap_min_price ?? v.dap_max_price)
    .filter((p): p is number => p !== undefined && p > 0);
  return prices.length ? Math.min(...prices) : undefined;
}

/** spec: conversion §2.3 — {base}?model_id={model slug}&model_name={name}&vehicle={variant full name}. */
export function orderNowHref(base: string, modelSlug: string, modelName: string, variantFullName: string): string {
  const query = new URLSearchParams({ model_id: modelSlug, model_name: modelName, vehicle: variantFullName });
  return `${base}${base.includes('?') ? '&' : '?'}${query.toString()}`;
}
