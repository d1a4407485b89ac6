/**
 * Links into the search page from outside it (conversion §2.2): a dealer's see-more link
 * /search/{dealership_slug} and facet tiles /search/{make or body slug}. The search page resolves
 * these paths (search-url.ts pathRefinements), makes first, then bodies, locations and dealerships.
 * Pure.
 */
import { bodyTypeOrder, orderByCount } from './facet-order';
import { DEFAULT_SEARCH_SLUG, NEW_AND_DEMO_SLUG, SEARCH_BASE_PATH, STOCK_TYPE_SLUGS } from './search-url';
import { slugify } from './slug';

/** Slugs the search page reads as something else: a tile or dealer link must not land on them. */
const TAKEN = new Set<string>([DEFAULT_SEARCH_SLUG, NEW_AND_DEMO_SLUG, ...Object.values(STOCK_TYPE_SLUGS)]);

/** spec: conversion §2.2 — a dealer's see-more link is /search/{dealership_slug}; none without a slug. */
export function dealerSearchPath(dealershipSlug: string | null | undefined): string | undefined {
  const slug = dealershipSlug?.trim().toLowerCase() ?? '';
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug) || TAKEN.has(slug)) return undefined;
  return `${SEARCH_BASE_PATH}/${slug}`;
}

export type TileFacet = 'make' | 'body';

export interface FacetTile {
  label: string;
  count: number;
  href: string;
}

/**
 * spec: conversion §2.2 — facet tiles link to /search/{make or body slug}. Makes: most cars first
 * (ties by name). Bodies: the `limit` with most cars, shown in the fixed body-type order of
 * conversion §5.4. A value whose slug the search page would read as something else (a stock-type
 * path, or for a body the slug of a make, which the page matches first) gets no tile.
 */
export function facetTiles(
  facet: TileFacet,
  counts: Readonly<Record<string, number>>,
  limit: number,
  makes: readonly string[] = [],
): FacetTile[] {
  const makeSlugs = new Set(makes.map(slugify));
  const usable = orderByCount(counts).filter(({ value, count }) => {
    const slug = slugify(value);
    return count > 0 && slug !== '' && !TAKEN.has(slug) && (facet === 'make' || !makeSlugs.has(slug));
  });
  const top = limit > 0 ? usable.slice(0, limit) : usable;
  const ordered = facet === 'body' ? [...top].sort((a, b) => bodyTypeOrder(a.value) - bodyTypeOrder(b.value)) : top;
  return ordered.map(({ value, count }) => ({ label: value, count, href: `${SEARCH_BASE_PATH}/${slugify(value)}` }));
}
