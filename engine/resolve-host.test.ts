import { describe, expect, it } from 'vitest';
import { internalPath, resolveHost } from './resolve-host';
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

  it('normalises host headers', () => {
    expect(normaliseHost(' Shop.Example.COM.:8080 ')).toBe('shop.example.com');
    expect(normaliseHost('bad host')).toBeUndefined();
  });

  it('builds internal paths under the tenant prefix', () => {
    expect(internalPath('harbour', '/')).toBe('/site/harbour');
    expect(internalPath('harbour', '/site/southern')).toBe('/site/harbour/site/southern');
  });
});
