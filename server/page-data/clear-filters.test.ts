import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadTenantDocument, type TenantConfig } from '../../engine/tenant-registry';
import { ALL_STOCK_SEARCH_PATH, clearAllFiltersPath, clearFiltersPath } from './clear-filters';

function demo(slug: string): Record<string, unknown> {
  return JSON.parse(readFileSync(join(process.cwd(), 'tenants', `${slug}.json`), 'utf8')) as Record<string, unknown>;
}

function load(raw: Record<string, unknown>): TenantConfig {
  const entry = loadTenantDocument(raw, { slug: 'harbour-city-mazda', file: 'tenants/harbour-city-mazda.json' });
  if (!entry.ok) throw new Error(entry.issues.map((issue) => issue.message).join('; '));
  return entry.config;
}

describe("spec: catalogue §2 — '/special-offers (the default path that the empty-result 'Clear Filters' button returns to)'", () => {
  it('goes to /special-offers on a site with special offers', () => {
    expect(clearFiltersPath(load(demo('harbour-city-mazda')))).toBe('/special-offers');
  });

  it("keeps a site's own search.resetPath", () => {
    const raw = demo('harbour-city-mazda');
    raw.search = { ...(raw.search as object), resetPath: '/search/used-cars' };
    expect(clearFiltersPath(load(raw))).toBe('/search/used-cars');
  });

  it('goes to the whole-stock search, not a 404, where the offers switch is off or the page removed', () => {
    const off = demo('harbour-city-mazda');
    off.features = { ...(off.features as object), offers: false };
    expect(clearFiltersPath(load(off))).toBe(ALL_STOCK_SEARCH_PATH);
    const removed = demo('harbour-city-mazda');
    removed.pages = { ...(removed.pages as object), '/special-offers': null };
    expect(clearFiltersPath(load(removed))).toBe(ALL_STOCK_SEARCH_PATH);
    expect(ALL_STOCK_SEARCH_PATH).toBe('/search/new-used-and-demo-cars');
  });
});

describe("the filter panel's 'Clear all filters'", () => {
  it('stays on the search page where the empty result would go to special offers', () => {
    const tenant = load(demo('harbour-city-mazda'));
    expect(clearFiltersPath(tenant)).toBe('/special-offers');
    expect(clearAllFiltersPath(tenant)).toBe(ALL_STOCK_SEARCH_PATH);
  });

  it("follows a site's own search.resetPath", () => {
    const raw = demo('harbour-city-mazda');
    raw.search = { ...(raw.search as object), resetPath: '/search/used-cars' };
    expect(clearAllFiltersPath(load(raw))).toBe('/search/used-cars');
  });
});
