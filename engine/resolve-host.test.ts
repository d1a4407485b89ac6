import { describe, expect, it } from 'vitest';
import { internalPath, parseTenantSegment, resolveHost, tenantSegment } from './resolve-host';
import { localhostTenantsAllowed, normaliseHost } from '../domain/host-name';

const domains = new Map([
  ['www.harbour.example', 'harbour'],
  ['southern.example', 'southern'],
]);
const slugs = new Set(['harbour', 'southern', 'broken']);

describe('resolveHost', () => {
  it('resolves production domains, with or without www', () => {
    expect(resolveHost('www.harbour.example', domains, slugs, false)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('harbour.example', domains, slugs, false)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('WWW.Southern.Example:443', domains, slugs, false)).toEqual({
      kind: 'tenant',
      slug: 'southern',
    });
  });

  it('resolves <slug>.localhost where allowed (development, demo, tests), any port', () => {
    expect(resolveHost('harbour.localhost:3000', domains, slugs, true)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('broken.localhost', domains, slugs, true)).toEqual({ kind: 'tenant', slug: 'broken' });
  });

  it('serves no <slug>.localhost host in production unless ALLOW_LOCALHOST_TENANTS=1 (issue 14)', () => {
    expect(resolveHost('harbour.localhost:3000', domains, slugs, false)).toEqual({ kind: 'unknown' });
    expect(localhostTenantsAllowed({ NODE_ENV: 'production' })).toBe(false);
    expect(localhostTenantsAllowed({ NODE_ENV: 'production', ALLOW_LOCALHOST_TENANTS: 'true' })).toBe(false);
    expect(localhostTenantsAllowed({ NODE_ENV: 'production', ALLOW_LOCALHOST_TENANTS: '1' })).toBe(true);
    expect(localhostTenantsAllowed({ NODE_ENV: 'development' })).toBe(true);
  });

  it('treats everything else as unknown', () => {
    for (const host of ['localhost:3000', 'nobody.localhost', 'evil.example', '', null, 'a b', 'x.harbour.localhost']) {
      expect(resolveHost(host, domains, slugs, true)).toEqual({ kind: 'unknown' });
    }
  });

  it("issue 30 H1: a domain in a document never takes a site's development address", () => {
    const claimed = new Map([...domains, ['southern.localhost', 'harbour'], ['localhost', 'harbour']]);
    expect(resolveHost('southern.localhost', claimed, slugs, true)).toEqual({ kind: 'tenant', slug: 'southern' });
    expect(resolveHost('southern.localhost', claimed, slugs, false)).toEqual({ kind: 'unknown' });
    expect(resolveHost('localhost', claimed, slugs, true)).toEqual({ kind: 'unknown' });
  });

  it('issue 30 L2: <slug>.<PREVIEW_DOMAIN> is that site’s preview address, and names no other', () => {
    const parent = 'preview.platform.example';
    expect(resolveHost('harbour.preview.platform.example', domains, slugs, false, parent)).toEqual({
      kind: 'tenant',
      slug: 'harbour',
      preview: true,
    });
    for (const host of [
      'nobody.preview.platform.example',
      'a.harbour.preview.platform.example',
      'preview.platform.example',
    ])
      expect(resolveHost(host, domains, slugs, false, parent), host).toEqual({ kind: 'unknown' });
    expect(resolveHost('harbour.preview.platform.example', domains, slugs, false)).toEqual({ kind: 'unknown' });
  });

  it('normalises host headers', () => {
    expect(normaliseHost(' Shop.Example.COM.:8080 ')).toBe('shop.example.com');
    expect(normaliseHost('bad host')).toBeUndefined();
  });

  it('builds internal paths under the tenant prefix, then the page kind (issue 34)', () => {
    expect(internalPath('harbour', '/', 'content')).toBe('/site/harbour/content');
    expect(internalPath('harbour', '/site/southern', 'content')).toBe('/site/harbour/content/site/southern');
  });
});

describe('the tenant segment of internal paths (issue 16)', () => {
  it('names the published version after the slug, and nothing for a site served from its file', () => {
    expect(internalPath('harbour', '/cars/abc', 'vehicle', false, 12)).toBe('/site/harbour~v12/vehicle/cars/abc');
    expect(internalPath('harbour', '/', 'content', true, 12)).toBe('/live/harbour~v12/content');
    expect(internalPath('harbour', '/cars/abc', 'vehicle')).toBe('/site/harbour/vehicle/cars/abc');
    expect(tenantSegment('harbour', 3)).toBe('harbour~v3');
    // Issue 17: cached pages carry the stock generation; pages rendered per request never do.
    expect(internalPath('harbour', '/cars/abc', 'vehicle', false, 12, '4.17')).toBe(
      '/site/harbour~v12~s4.17/vehicle/cars/abc',
    );
    expect(internalPath('harbour', '/', 'content', false, undefined, '4.0')).toBe('/site/harbour~s4.0/content');
    expect(internalPath('harbour', '/search', 'search', true, 12, '4.17')).toBe('/live/harbour~v12/search/search');
    expect(internalPath('harbour', '/', 'content', false, undefined, '../x')).toBe('/site/harbour/content');
  });

  it('parses <slug> and <slug>~v<version>, and nothing else', () => {
    expect(parseTenantSegment('harbour-city')).toEqual({ slug: 'harbour-city' });
    expect(parseTenantSegment('harbour-city~v12')).toEqual({ slug: 'harbour-city', versionId: 12 });
    expect(parseTenantSegment('harbour-city~v12~s4.17')).toEqual({ slug: 'harbour-city', versionId: 12 });
    expect(parseTenantSegment('harbour-city~s4.17')).toEqual({ slug: 'harbour-city' });
    expect(parseTenantSegment('harbour-city~s4.17~v12')).toBeUndefined();
    for (const garbage of [
      '',
      '~v12',
      'harbour~v',
      'harbour~v0',
      'harbour~v012',
      'harbour~v1e3',
      'harbour~v12~v13',
      'harbour~12',
      'Harbour',
      'harbour-',
      '../harbour',
      'harbour%7Ev12',
      'harbour~v1234567890123456',
    ])
      expect(parseTenantSegment(garbage), garbage).toBeUndefined();
  });
});
