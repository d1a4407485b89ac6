import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedPagePath, tenantFromParam } from './tenant-request';
import { setPublishedTenants } from './published-tenants';

afterEach(() => setPublishedTenants([], ''));

describe('the tenant of an internal page (issue 16)', () => {
  it('reads <slug> and <slug>~v<version> as the site, served as it is now', () => {
    expect(tenantFromParam('harbour-city-mazda')?.slug).toBe('harbour-city-mazda');
    expect(tenantFromParam('harbour-city-mazda~v12')?.slug).toBe('harbour-city-mazda');
  });

  it('finds no site for anything else', () => {
    for (const garbage of ['harbour-city-mazda~v', 'harbour-city-mazda~v0', 'harbour-city-mazda~vx', 'no-such-site~v1'])
      expect(tenantFromParam(garbage), garbage).toBeUndefined();
  });

  it('names the cached page of a site under its published version, so a reservation refreshes the page shoppers get', () => {
    expect(cachedPagePath('harbour-city-mazda', '/cars/abc')).toBe('/site/harbour-city-mazda/vehicle/cars/abc');
    const document = readFileSync('tenants/harbour-city-mazda.json', 'utf8');
    setPublishedTenants([{ slug: 'harbour-city-mazda', versionId: 41, document }], '1:41');
    expect(cachedPagePath('harbour-city-mazda', '/cars/abc')).toBe('/site/harbour-city-mazda~v41/vehicle/cars/abc');
    expect(tenantFromParam('harbour-city-mazda~v41')?.slug).toBe('harbour-city-mazda');
  });
});
