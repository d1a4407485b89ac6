import { describe, expect, it } from 'vitest';
import { dealerSearchPath, facetTiles } from './search-links';
import { parseSearchUrl, type SearchUrlContext } from './search-url';

const context: SearchUrlContext = {
  makes: ['Toyota', 'Land Rover', 'Mazda'],
  models: {},
  locations: [{ slug: 'brisbane-city', name: 'Brisbane City' }],
  dealerships: [{ slug: 'metro-toyota', name: 'Metro Toyota' }],
  bodies: ['SUV', 'Cab Chassis', 'Sedan'],
};
/** What the search page makes of a link: the refinements its path stands for. */
const resolve = (href: string) =>
  parseSearchUrl(href.replace(/^\/search\//, '').split('/'), new URLSearchParams(), context)?.refinements;

describe('dealerSearchPath', () => {
  // spec: conversion §2.2 — a dealer's see-more link is /search/{dealership_slug}.
  it("links the dealer's stock, which the search page reads as that dealership", () => {
    expect(dealerSearchPath('metro-toyota')).toBe('/search/metro-toyota');
    expect(resolve('/search/metro-toyota')).toEqual({ dealership_name: ['Metro Toyota'] });
  });

  it('gives no link without a usable slug', () => {
    expect(dealerSearchPath(undefined)).toBeUndefined();
    expect(dealerSearchPath('')).toBeUndefined();
    expect(dealerSearchPath('../admin')).toBeUndefined();
    expect(dealerSearchPath('used-cars')).toBeUndefined();
  });
});

describe('facetTiles', () => {
  // spec: conversion §2.2 — facet tiles link to /search/{make or body slug}.
  it('make tiles: most cars first, each linking /search/{make slug} that the search page reads as the make', () => {
    const tiles = facetTiles('make', { Mazda: 4, 'Land Rover': 9, Toyota: 9 }, 2);
    expect(tiles).toEqual([
      { label: 'Land Rover', count: 9, href: '/search/land-rover' },
      { label: 'Toyota', count: 9, href: '/search/toyota' },
    ]);
    expect(resolve('/search/land-rover')).toEqual({ make: ['Land Rover'] });
  });

  // spec: conversion §5.4 — stock sorting uses a fixed body-type order.
  it('body tiles: the most common bodies, in the fixed body-type order, each read back as the body', () => {
    const tiles = facetTiles('body', { Sedan: 3, SUV: 10, 'Cab Chassis': 5, Van: 1 }, 3, context.makes);
    expect(tiles.map((t) => t.href)).toEqual(['/search/cab-chassis', '/search/sedan', '/search/suv']);
    expect(resolve('/search/cab-chassis')).toEqual({ simple_body: ['Cab Chassis'] });
  });

  it('leaves out values the search page would read as something else, and empty ones', () => {
    expect(facetTiles('body', { Mazda: 3, Wagon: 2 }, 0, ['Mazda']).map((t) => t.label)).toEqual(['Wagon']);
    expect(facetTiles('make', { 'Used Cars': 2, '***': 1, Kia: 0, Ford: 1 }, 0).map((t) => t.label)).toEqual(['Ford']);
  });

  it('limit 0 shows every value', () => {
    expect(facetTiles('make', { A: 1, B: 2, C: 3 }, 0)).toHaveLength(3);
  });
});
