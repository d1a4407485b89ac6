import { describe, expect, it } from 'vitest';
import { internalPath, normaliseHost, resolveHost } from './resolve-host';

const domains = new Map([['www.harbour.example', 'harbour'], ['southern.example', 'southern']]);
const slugs = new Set(['harbour', 'southern', 'broken']);

describe('resolveHost', () => {
  it('resolves production domains, with or without www', () => {
    expect(resolveHost('www.harbour.example', domains, slugs)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('harbour.example', domains, slugs)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('WWW.Southern.Example:443', domains, slugs)).toEqual({ kind: 'tenant', slug: 'southern' });
  });

  it('resolves <slug>.localhost in development, any port', () => {
    expect(resolveHost('harbour.localhost:3000', domains, slugs)).toEqual({ kind: 'tenant', slug: 'harbour' });
    expect(resolveHost('broken.localhost', domains, slugs)).toEqual({ kind: 'tenant', slug: 'broken' });
  });

  it('treats everything else as unknown', () => {
    for (const host of ['localhost:3000', 'nobody.localhost', 'evil.example', '', null, 'a b', 'x.harbour.localhost']) {
      expect(resolveHost(host, domains, slugs)).toEqual({ kind: 'unknown' });
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
