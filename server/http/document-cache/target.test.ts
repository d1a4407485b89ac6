import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { documentTarget } from './target';
import { currentStockGeneration, setStockGeneration } from '../../../engine/stock-generation';

/** Against the demo sites' real tenant files (tenants/*.json). */
const host = 'southern-cross-motors.localhost:3000';
const at = (url: string, options: { host?: string; forwardedProto?: string } = {}) =>
  documentTarget({ url, host: options.host ?? host, forwardedProto: options.forwardedProto });

describe('documentTarget', () => {
  const generation = currentStockGeneration();
  beforeEach(() => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    vi.stubEnv('STUDIO_HOST', 'studio.localhost');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
    setStockGeneration(generation);
  });

  it('places the search page and the models list, by exact address, host and scheme', () => {
    const search = at('/search/used-cars?sortBy=lowestPrice');
    expect(search?.key).toBe(`southern-cross-motors\n${host}\nhttp\n/search/used-cars?sortBy=lowestPrice`);
    expect(at('/search/used-cars?sortBy=lowestPrice&x=1')?.key).not.toBe(search?.key);
    expect(at('/search/used-cars?sortBy=lowestPrice', { forwardedProto: 'https' })).toMatchObject({ https: true });
    expect(at('/search/toyota')).toBeDefined();
    expect(at('/models?body=suv', { host: 'harbour-city-mazda.localhost:3000' })).toBeDefined();
  });

  it('leaves every other request to Next', () => {
    // Cached pages, pages that read who is signed in, the API, previews, SEO files, the Studio.
    for (const url of ['/', '/cars/2015-mazda-cx-5-maxx-sport-101471', '/sign-in', '/api/search/count', '/robots.txt'])
      expect(at(url), url).toBeUndefined();
    expect(at('/_preview/token/search/used-cars')).toBeUndefined();
    expect(at('/studio')).toBeUndefined();
    expect(at('/search/used-cars', { host: 'studio.localhost:3000' })).toBeUndefined();
    // Unknown hosts, addresses the router would tidy first, paths that are not UTF-8, no page at all.
    expect(at('/search/used-cars', { host: 'nobody.example' })).toBeUndefined();
    expect(at('/search/../search/used-cars')).toBeUndefined();
    expect(at('/search/%2e%2e/sign-in')).toBeUndefined();
    expect(at('/search/used-cars/.')).toBeUndefined();
    expect(at('//search/used-cars')).toBeUndefined();
    expect(at('/search/%E0%A4%A')).toBeUndefined();
    expect(at('/no/such/page/here')).toBeUndefined();
  });

  it('stamps the page with the stock generation, so a stock change anywhere is a new page', () => {
    setStockGeneration('41');
    const before = at('/search/used-cars');
    setStockGeneration('42');
    const after = at('/search/used-cars');
    expect(before?.key).toBe(after?.key);
    expect(before?.stamp).not.toBe(after?.stamp);
  });
});
