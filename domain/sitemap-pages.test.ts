import { describe, expect, it } from 'vitest';
import { brandPagePath, contentPagePaths, isFixedPattern, sitePath, type ContentPageSources } from './sitemap-pages';

describe('sitePath', () => {
  it('keeps paths of this site, without anchors or trailing slashes', () => {
    expect(sitePath('/finance#finance-form')).toBe('/finance');
    expect(sitePath('/about-us/')).toBe('/about-us');
    expect(sitePath('/')).toBe('/');
  });

  it('drops other sites, anchors alone and addresses with a query string', () => {
    for (const href of [
      'https://other.example/x',
      '//other.example/x',
      '#top',
      '/search/used-cars?make=Mazda',
      '',
      undefined,
    ])
      expect(sitePath(href), String(href)).toBeUndefined();
  });
});

describe('isFixedPattern and brandPagePath', () => {
  it('tells one-page patterns from patterns with parameters', () => {
    expect(isFixedPattern('/about-us')).toBe(true);
    expect(isFixedPattern('/cars/:slug')).toBe(false);
    expect(isFixedPattern('/search/:refinement?/:model?')).toBe(false);
  });

  it('links a brand to its overview page unless it has its own link', () => {
    expect(brandPagePath({ slug: 'mazda' })).toBe('/mazda/overview');
    expect(brandPagePath({ slug: 'kia', href: '/kia-offers' })).toBe('/kia-offers');
    expect(brandPagePath({ slug: 'twg', href: 'https://twg.example' })).toBeUndefined();
  });
});

describe('contentPagePaths', () => {
  const sources: ContentPageSources = {
    header: [
      { href: '/' },
      { kind: 'dropdown', children: [{ href: '/search/used-cars' }, { href: '/special-offers', when: 'offers' }] },
      { href: '/special-offers', when: 'offers' },
      { kind: 'brands' },
      { kind: 'locations', href: '/dealer-locator' },
      { href: 'https://blog.example' },
      { href: '/finance', when: '!accounts' },
    ],
    footer: [
      { links: [{ href: '/about-us' }, { href: '/search/used-cars' }] },
      { when: 'offers', links: [{ href: '/eofy' }] },
    ],
    brands: [{ slug: 'mazda' }, { slug: 'twg', href: 'https://twg.example' }],
    patterns: ['/', '/cars/:slug', '/privacy-policy', '/about-us', '/print', '/locations/:slug'],
    features: { offers: false, accounts: true },
  };

  it('lists home, then what the menus link to, brand pages and the other fixed pages, once each, as long as the page answers', () => {
    const exists = new Set([
      '/',
      '/search/used-cars',
      '/mazda/overview',
      '/dealer-locator',
      '/about-us',
      '/privacy-policy',
    ]);
    expect(contentPagePaths(sources, (path) => exists.has(path))).toEqual([
      '/',
      '/search/used-cars',
      '/mazda/overview',
      '/dealer-locator',
      '/about-us',
      '/privacy-policy',
    ]);
  });

  it('follows the switches: a link shown only while a switch is on or off', () => {
    const all = contentPagePaths({ ...sources, features: { offers: true, accounts: false } }, () => true);
    expect(all).toContain('/special-offers');
    expect(all).toContain('/finance');
    expect(all).toContain('/eofy');
    const none = contentPagePaths(sources, () => true);
    expect(none).not.toContain('/special-offers');
    expect(none).not.toContain('/finance');
    expect(none).not.toContain('/eofy');
  });

  it('asks about every candidate, so a missing or gated page never appears', () => {
    const asked: string[] = [];
    expect(contentPagePaths(sources, (path) => (asked.push(path), false))).toEqual([]);
    expect(asked).toContain('/print');
    expect(new Set(asked).size).toBe(asked.length);
  });
});
