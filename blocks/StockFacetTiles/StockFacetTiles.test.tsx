import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { Block } from '../../schemas/types.generated';
import { FacetTileGrid } from './StockFacetTiles';

describe('StockFacetTiles', () => {
  // spec: conversion §2.2 — facet tiles link to /search/{make or body slug}.
  it('renders one link per tile to its search page, with the count read out as vehicles', () => {
    const html = renderToStaticMarkup(
      <FacetTileGrid
        facet="make"
        heading="Browse by make"
        tiles={[
          { label: 'Land Rover', count: 1200, href: '/search/land-rover' },
          { label: 'Kia', count: 1, href: '/search/kia' },
        ]}
      />,
    );
    expect(html).toContain('<h2 id="facet-tiles-make">Browse by make</h2>');
    expect(html).toContain('aria-labelledby="facet-tiles-make"');
    expect(html).toMatch(/<a[^>]*href="\/search\/land-rover"[^>]*><span>Land Rover<\/span>/);
    expect(html).toContain('1,200<span class="visually-hidden"> vehicles</span>');
    expect(html).toContain('1<span class="visually-hidden"> vehicle</span>');
  });

  it('renders nothing when the stock has no such values', () => {
    expect(renderToStaticMarkup(<FacetTileGrid facet="body" heading="Browse by body type" tiles={[]} />)).toBe('');
  });

  it('is on the home page of both templates: makes and bodies on the group demo, bodies on the Mazda demo', () => {
    const registry = loadTenantRegistry();
    const homeTiles = (slug: string) => {
      const entry = registry.tenants.get(slug);
      if (!entry?.ok) throw new Error(`demo tenant ${slug} is needed`);
      const blocks = (entry.config.pages?.['/']?.blocks ?? []) as Block[];
      return blocks.flatMap((b) => (b.type === 'StockFacetTiles' ? [b.props.facet ?? 'make'] : []));
    };
    expect(homeTiles('southern-cross-motors')).toEqual(['make', 'body']); // group template's home
    expect(homeTiles('harbour-city-mazda')).toEqual(['body']); // its own home, franchise template
  });
});
