import { describe, expect, it } from 'vitest';
import { matchRoute } from './match-route';
import { pageReadsRequest, pageSharedByUrl } from './resolve-page';
import type { Page } from '../schemas/types.generated';

const patterns = [
  '/',
  '/cars/:slug',
  '/cars/trade-in',
  '/cars/:slug/checkout',
  '/search/:refinement?/:model?',
  '/:brand/overview',
  '/about-us',
];

describe('matchRoute', () => {
  it('matches the home page and static pages', () => {
    expect(matchRoute(patterns, '/')).toEqual({ pattern: '/', params: {} });
    expect(matchRoute(patterns, '/about-us/')).toEqual({ pattern: '/about-us', params: {} });
  });

  it('fills parameters', () => {
    expect(matchRoute(patterns, '/cars/2021-mazda-cx-5-123')).toEqual({
      pattern: '/cars/:slug',
      params: { slug: '2021-mazda-cx-5-123' },
    });
    expect(matchRoute(patterns, '/cars/abc/checkout')?.pattern).toBe('/cars/:slug/checkout');
  });

  it('prefers a static segment over a parameter', () => {
    expect(matchRoute(patterns, '/cars/trade-in')).toEqual({ pattern: '/cars/trade-in', params: {} });
  });

  it('handles optional trailing parameters', () => {
    expect(matchRoute(patterns, '/search')).toEqual({ pattern: '/search/:refinement?/:model?', params: {} });
    expect(matchRoute(patterns, '/search/used-cars')?.params).toEqual({ refinement: 'used-cars' });
    expect(matchRoute(patterns, '/search/mazda/cx-5')?.params).toEqual({ refinement: 'mazda', model: 'cx-5' });
  });

  it('decodes segments and matches static segments case-insensitively', () => {
    expect(matchRoute(patterns, '/cars/land%20rover')?.params).toEqual({ slug: 'land rover' });
    expect(matchRoute(patterns, '/About-Us')?.pattern).toBe('/about-us');
  });

  it('returns undefined for unknown or malformed paths', () => {
    expect(matchRoute(patterns, '/nope/nope/nope')).toBeUndefined();
    expect(matchRoute(patterns, '/cars/%E0%A4%A')).toBeUndefined();
  });
});

describe('pageReadsRequest', () => {
  it('is true when a block, at any depth, reads the query string', () => {
    const search = { type: 'SearchResults', props: {} };
    expect(pageReadsRequest({ title: 'x', blocks: [search] } as Page)).toBe(true);
    expect(pageReadsRequest({ title: 'x', blocks: [{ type: 'Section', props: { content: [search] } }] } as Page)).toBe(
      true,
    );
    expect(pageReadsRequest({ title: 'x', blocks: [{ type: 'RichText', props: { html: '<p>x</p>' } }] } as Page)).toBe(
      false,
    );
  });
});

describe('pageSharedByUrl', () => {
  const search = { type: 'SearchResults', props: {} };
  const page = (...blocks: unknown[]) => ({ title: 'x', blocks }) as Page;

  it('is true when every block that reads the request reads only the query string, at any depth', () => {
    expect(pageSharedByUrl(page(search))).toBe(true);
    expect(pageSharedByUrl(page({ type: 'Section', props: { content: [search] } }))).toBe(true);
    expect(pageSharedByUrl(page({ type: 'ModelsListing', props: {} }, { type: 'RichText', props: { html: '' } }))).toBe(
      true,
    );
  });

  it('is false when a block reads who is signed in, or when nothing reads the request (the page is cached anyway)', () => {
    expect(pageSharedByUrl(page(search, { type: 'WatchlistCars', props: {} }))).toBe(false);
    expect(pageSharedByUrl(page({ type: 'SignIn', props: {} }))).toBe(false);
    expect(pageSharedByUrl(page({ type: 'EnquiryForm', props: { form: 'general', car: 'query' } }))).toBe(false);
    expect(pageSharedByUrl(page({ type: 'RichText', props: { html: '<p>x</p>' } }))).toBe(false);
    expect(pageSharedByUrl(page({ type: 'ModelsListing', props: { bodyFilter: false } }))).toBe(false);
  });
});
