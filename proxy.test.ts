import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';

const extra = mkdtempSync(join(tmpdir(), 'proxy-tenants-'));
beforeAll(() => {
  writeFileSync(
    join(extra, 'proxy-motors.json'),
    JSON.stringify({
      schemaVersion: 2,
      slug: 'proxy-motors',
      name: 'Proxy Motors',
      template: 'franchise',
      domains: ['www.proxy.example'],
      contact: { phone: '(02) 9000 0000' },
    }),
  );
  writeFileSync(
    join(extra, 'proxy-broken.json'),
    JSON.stringify({ schemaVersion: 2, slug: 'proxy-broken', name: 'Broken', template: 'franchise', feautres: {} }),
  );
  vi.stubEnv('TENANTS_DIR', extra);
  vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
});
afterAll(() => {
  vi.unstubAllEnvs();
  rmSync(extra, { recursive: true, force: true });
});

async function call(host: string, path: string, headers: Record<string, string> = {}) {
  const { proxy } = await import('./proxy');
  return proxy(new NextRequest(`http://${host}${path}`, { headers: { host, ...headers } }));
}

describe('proxy', () => {
  it('rewrites a tenant request under the internal prefix', async () => {
    const response = await call('proxy-motors.localhost:3000', '/cars/abc?x=1');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/site/proxy-motors/vehicle/cars/abc?x=1',
    );
  });

  it('sends pages that read the query string to the per-request tree', async () => {
    const response = await call('proxy-motors.localhost:3000', '/search/used-cars?page=2');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/search/search/used-cars?page=2',
    );
  });

  it('resolves production domains', async () => {
    const response = await call('www.proxy.example', '/');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://www.proxy.example/site/proxy-motors/content');
  });

  it('never exposes the internal prefix: /site/<other> stays inside the requesting tenant', async () => {
    const response = await call('proxy-motors.localhost', '/site/harbour-city-mazda');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors/content/site/harbour-city-mazda',
    );
  });

  it('answers an unknown host with a plain 404 naming no tenant', async () => {
    const response = await call('localhost:3000', '/site/proxy-motors');
    expect(response.status).toBe(404);
    const body = await response.text();
    expect(body).toBe('Not found');
  });

  it('answers 503 for a tenant whose configuration is broken', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await call('proxy-broken.localhost', '/');
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('temporarily unavailable');
    error.mockRestore();
  });

  it('overwrites a spoofed tenant header on API calls', async () => {
    const response = await call('proxy-motors.localhost', '/api/anything', {
      'x-platform-tenant': 'harbour-city-mazda',
    });
    expect(response.headers.get('x-middleware-request-x-platform-tenant')).toBe('proxy-motors');
  });

  it('renders a path no page matches per request, so its not-found page never enters the page cache (issue 14)', async () => {
    const response = await call('proxy-motors.localhost:3000', '/no-such-page-7f3a');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/no-such-page-7f3a',
    );
  });

  it('serves <slug>.localhost only where ALLOW_LOCALHOST_TENANTS=1 or in development (issue 14)', async () => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    try {
      const response = await call('proxy-motors.localhost:3000', '/');
      expect(response.status).toBe(404);
      expect((await call('www.proxy.example', '/')).headers.get('x-middleware-rewrite')).toBe(
        'http://www.proxy.example/site/proxy-motors/content',
      );
    } finally {
      vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    }
  });

  it('sends security headers with every page: a fresh nonce on pages rendered per request, none on cached pages (issue 14)', async () => {
    const first = await call('proxy-motors.localhost', '/search/used-cars?page=2');
    const second = await call('proxy-motors.localhost', '/search/used-cars?page=2');
    const policy = first.headers.get('content-security-policy') ?? '';
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    // Next reads the nonce from the request's policy and puts it on its scripts.
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(first.headers.get('x-content-type-options')).toBe('nosniff');
    expect(first.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(first.headers.get('strict-transport-security')).toBeNull();

    const cached = await call('proxy-motors.localhost', '/');
    expect(cached.headers.get('content-security-policy')).not.toContain('nonce-');
    expect(cached.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(cached.headers.get('x-middleware-request-content-security-policy')).toBeNull();
    expect(cached.headers.get('x-frame-options')).toBe('DENY');
  });

  it('adds HSTS when the shopper came over https (the proxy in front says so)', async () => {
    const response = await call('www.proxy.example', '/', { 'x-forwarded-proto': 'https' });
    expect(response.headers.get('strict-transport-security')).toContain('max-age=31536000');
    expect(response.headers.get('content-security-policy')).toContain('upgrade-insecure-requests');
  });

  it('sends the base security headers with the 404 of an unknown host', async () => {
    const response = await call('unknown.example', '/');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('answers 400 with a sentence for a path that is not valid percent-encoding, before the router throws on it (issue 14)', async () => {
    for (const path of ['/api/cars/%zz/pdf', '/cars/%ED%A0%80', '/%']) {
      const response = await call('proxy-motors.localhost', path);
      expect(response.status).toBe(400);
      expect(await response.text()).toContain('not valid');
    }
  });
});

describe('proxy: versions published in the database (issue 16)', () => {
  const doc = (slug: string, extra: Record<string, unknown> = {}) =>
    JSON.stringify({ schemaVersion: 2, slug, name: 'Db Motors', template: 'franchise', ...extra });
  afterEach(async () => (await import('./engine/published-tenants')).setPublishedTenants([], ''));
  async function publish(list: Array<{ slug: string; versionId: number; document: string }>) {
    (await import('./engine/published-tenants')).setPublishedTenants(list, `${list.length}:${Date.now()}`);
  }

  it('puts the published version in the rewrite, so a publish is a new page cache key', async () => {
    await publish([{ slug: 'proxy-motors', versionId: 12, document: doc('proxy-motors') }]);
    expect((await call('proxy-motors.localhost:3000', '/cars/abc?x=1')).headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/site/proxy-motors~v12/vehicle/cars/abc?x=1',
    );
    await publish([{ slug: 'proxy-motors', versionId: 13, document: doc('proxy-motors') }]);
    expect((await call('proxy-motors.localhost:3000', '/')).headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/site/proxy-motors~v13/content',
    );
  });

  it('never lets a request name a version or another tenant: the path always follows the tenant segment', async () => {
    const rewrite = async (host: string, path: string) => (await call(host, path)).headers.get('x-middleware-rewrite');
    expect(await rewrite('proxy-motors.localhost', '/~v3')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors/content/~v3',
    );
    expect(await rewrite('proxy-motors.localhost', '/site/proxy-motors~v3/cars/abc')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors/content/site/proxy-motors~v3/cars/abc',
    );
    await publish([{ slug: 'proxy-motors', versionId: 12, document: doc('proxy-motors') }]);
    expect(await rewrite('proxy-motors.localhost', '/~v3')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors~v12/content/~v3',
    );
    expect(await rewrite('proxy-motors.localhost', '/live/proxy-motors~v3')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors~v12/content/live/proxy-motors~v3',
    );
    expect((await call('proxy-motors~v3.localhost', '/')).status).toBe(404);
  });

  it('serves a site that exists only in the database, on its domains', async () => {
    await publish([
      { slug: 'proxy-db-only', versionId: 5, document: doc('proxy-db-only', { domains: ['db.example'] }) },
    ]);
    expect((await call('db.example', '/')).headers.get('x-middleware-rewrite')).toBe(
      'http://db.example/site/proxy-db-only~v5/content',
    );
  });

  it('answers 503 for a site whose published version no longer validates, and keeps serving the others', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await publish([{ slug: 'proxy-motors', versionId: 9, document: doc('proxy-motors', { feautres: {} }) }]);
    const response = await call('proxy-motors.localhost', '/');
    expect(response.status).toBe(503);
    expect(error.mock.calls.flat().join('\n')).toContain('database: proxy-motors v9: /feautres');
    expect((await call('harbour-city-mazda.localhost', '/')).status).toBe(200);
    error.mockRestore();
  });
});

describe('proxy: the Tenant Studio answers on its own host only (issue 16)', () => {
  it('rewrites every page path on studio.localhost to the internal /studio tree, never cached or indexed', async () => {
    const home = await call('studio.localhost:3000', '/');
    expect(home.headers.get('x-middleware-rewrite')).toBe('http://studio.localhost:3000/studio');
    const site = await call('STUDIO.localhost:3000', '/sites/harbour-city-mazda');
    expect(site.headers.get('x-middleware-rewrite')).toBe(
      'http://studio.localhost:3000/studio/sites/harbour-city-mazda',
    );
    for (const response of [home, site]) {
      expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(response.headers.get('cache-control')).toContain('no-store');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
      expect(response.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    }
  });

  it('lets /api/studio/* through on the Studio host without a tenant, and serves no shopper API there', async () => {
    const auth = await call('studio.localhost:3000', '/api/studio/auth/get-session', {
      'x-platform-tenant': 'harbour-city-mazda',
    });
    expect(auth.headers.get('x-middleware-next')).toBe('1');
    expect(auth.headers.get('x-middleware-rewrite')).toBeNull();
    expect(auth.headers.get('x-middleware-request-x-platform-tenant')).toBeNull();
    expect(auth.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect((await call('studio.localhost:3000', '/api/leads')).status).toBe(404);
  });

  it('answers 404 for /studio and /api/studio on a dealer host, however they are spelled', async () => {
    for (const path of [
      '/studio',
      '/studio/sites/proxy-motors',
      '/api/studio/auth/sign-in/email',
      '/%73tudio',
      '/STUDIO/',
      '//api//studio/sites',
    ])
      for (const host of ['proxy-motors.localhost:3000', 'www.proxy.example']) {
        const response = await call(host, path);
        expect(response.status, `${host}${path}`).toBe(404);
        expect(response.headers.get('x-middleware-rewrite'), `${host}${path}`).toBeNull();
        expect(response.headers.get('x-middleware-next'), `${host}${path}`).toBeNull();
      }
    // A dealer's own pages are untouched.
    expect((await call('proxy-motors.localhost:3000', '/studios')).headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/studios',
    );
  });

  it('has no Studio without STUDIO_HOST where localhost hosts are refused, and moves to STUDIO_HOST when set', async () => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    try {
      expect((await call('studio.localhost:3000', '/')).status).toBe(404);
      vi.stubEnv('STUDIO_HOST', 'studio.proxy.example');
      expect((await call('studio.proxy.example', '/')).headers.get('x-middleware-rewrite')).toBe(
        'http://studio.proxy.example/studio',
      );
      expect((await call('studio.localhost:3000', '/')).status).toBe(404);
      expect((await call('studio.localhost:3000', '/studio')).status).toBe(404);
    } finally {
      vi.stubEnv('STUDIO_HOST', '');
      vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    }
  });
});

describe("proxy: the Studio's preview on a site's own host (issue 16)", () => {
  it('rewrites /_preview/<token>/<path> to the preview tree with the token in a header only the proxy sets', async () => {
    const response = await call('proxy-motors.localhost:3000', '/_preview/abc.def/cars/x?y=1');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/preview/proxy-motors/cars/x?y=1',
    );
    expect(response.headers.get('x-middleware-request-x-studio-preview-token')).toBe('abc.def');
    expect(response.headers.get('x-middleware-request-x-platform-tenant')).toBe('proxy-motors');
    const home = await call('proxy-motors.localhost:3000', '/_preview/abc.def');
    expect(home.headers.get('x-middleware-rewrite')).toBe('http://proxy-motors.localhost:3000/preview/proxy-motors');
  });

  it('lets only the Studio frame a preview, and never caches, indexes or refers from it', async () => {
    const response = await call('proxy-motors.localhost:3000', '/_preview/abc.def');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain('frame-ancestors http://studio.localhost:* http://studio.localhost');
    expect(policy).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
    expect(response.headers.get('x-frame-options')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('x-robots-tag')).toBe('noindex, nofollow');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it("drops a preview token header a client sends, on pages, APIs and the Studio's host", async () => {
    const spoof = { 'x-studio-preview-token': 'forged' };
    for (const [host, path] of [
      ['proxy-motors.localhost:3000', '/'],
      ['proxy-motors.localhost:3000', '/search/used-cars'],
      ['proxy-motors.localhost:3000', '/api/leads'],
      ['studio.localhost:3000', '/sites/proxy-motors'],
      ['studio.localhost:3000', '/api/studio/sites'],
    ] as const) {
      const response = await call(host, path, spoof);
      expect(response.headers.get('x-middleware-request-x-studio-preview-token'), `${host}${path}`).toBeNull();
      // The request goes on with the proxy's own header set, which leaves the client's token out.
      const passed = response.headers.get('x-middleware-override-headers') ?? '';
      expect(passed, `${host}${path}`).toContain('host');
      expect(passed.split(','), `${host}${path}`).not.toContain('x-studio-preview-token');
    }
    // The internal preview tree is never reachable by its own path: it stays inside the tenant's pages.
    const direct = await call('proxy-motors.localhost:3000', '/preview/proxy-motors', spoof);
    expect(direct.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/preview/proxy-motors',
    );
  });

  it('the Studio may frame the previews of its sites, on their own hosts', async () => {
    const policy = (await call('studio.localhost:3000', '/sites/proxy-motors')).headers.get('content-security-policy');
    expect(policy).toContain('frame-src https://www.openstreetmap.org');
    expect(policy).toContain('http://*.localhost:*');
  });
});

describe('proxy: preview addresses the platform controls (issue 30 L2)', () => {
  const production = async (run: () => Promise<void>) => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    vi.stubEnv('STUDIO_HOST', 'studio.proxy.example');
    vi.stubEnv('PREVIEW_DOMAIN', 'preview.proxy.example');
    try {
      await run();
    } finally {
      vi.stubEnv('PREVIEW_DOMAIN', '');
      vi.stubEnv('STUDIO_HOST', '');
      vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    }
  };

  it('shows a preview on <slug>.<PREVIEW_DOMAIN>, answers its pages’ API calls, and serves no public page there', async () =>
    production(async () => {
      const preview = await call('proxy-motors.preview.proxy.example', '/_preview/abc.def/cars/x');
      expect(preview.headers.get('x-middleware-rewrite')).toBe(
        'http://proxy-motors.preview.proxy.example/preview/proxy-motors/cars/x',
      );
      expect(preview.headers.get('content-security-policy')).toContain('frame-ancestors https://studio.proxy.example');
      const api = await call('proxy-motors.preview.proxy.example', '/api/leads');
      expect(api.headers.get('x-middleware-request-x-platform-tenant')).toBe('proxy-motors');
      for (const path of ['/', '/cars/x', '/robots.txt', '/sitemap.xml']) {
        const page = await call('proxy-motors.preview.proxy.example', path);
        expect(page.status, path).toBe(404);
        expect(page.headers.get('x-middleware-rewrite'), path).toBeNull();
      }
      expect((await call('nobody.preview.proxy.example', '/_preview/abc.def')).status).toBe(404);
    }));

  it('lets the Studio frame only the preview addresses, never any https site a document could name', async () =>
    production(async () => {
      const policy = (await call('studio.proxy.example', '/sites/proxy-motors')).headers.get('content-security-policy');
      const frames = /frame-src ([^;]+)/.exec(policy ?? '')?.[1]?.split(' ') ?? [];
      expect(frames).toContain('https://*.preview.proxy.example');
      expect(frames).not.toContain('https:');
      expect(
        frames.filter((source) => source.includes('proxy-motors') || source === 'https://www.proxy.example'),
      ).toEqual([]);
    }));
});

describe('proxy: robots.txt, sitemaps and advertising feeds per site (issue 18)', () => {
  const rewrite = async (host: string, path: string, headers: Record<string, string> = {}) =>
    (await call(host, path, headers)).headers.get('x-middleware-rewrite');

  it("sends a site's robots.txt, sitemap, sitemap parts and feeds to the internal /seo tree, with the tenant header", async () => {
    expect(await rewrite('proxy-motors.localhost:3000', '/robots.txt')).toBe(
      'http://proxy-motors.localhost:3000/seo/proxy-motors/robots',
    );
    expect(await rewrite('www.proxy.example', '/sitemap.xml')).toBe(
      'http://www.proxy.example/seo/proxy-motors/sitemap',
    );
    expect(await rewrite('www.proxy.example', '/sitemaps/stock-2.xml')).toBe(
      'http://www.proxy.example/seo/proxy-motors/sitemaps/stock-2.xml',
    );
    expect(await rewrite('www.proxy.example', '/feeds/google-vehicle-listings.xml')).toBe(
      'http://www.proxy.example/seo/proxy-motors/feeds/google-vehicle-listings.xml',
    );
    expect(await rewrite('www.proxy.example', '/feeds/meta-automotive.csv')).toBe(
      'http://www.proxy.example/seo/proxy-motors/feeds/meta-automotive.csv',
    );
    // The tenant header is the proxy's, whatever the client sent.
    const spoofed = await call('www.proxy.example', '/sitemap.xml', { 'x-platform-tenant': 'harbour-city-mazda' });
    expect(spoofed.headers.get('x-middleware-request-x-platform-tenant')).toBe('proxy-motors');
  });

  it('never reaches another site through the internal tree: /seo/... is an ordinary page path of the host', async () => {
    expect(await rewrite('proxy-motors.localhost:3000', '/seo/harbour-city-mazda/sitemap')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/seo/harbour-city-mazda/sitemap',
    );
    expect(await rewrite('proxy-motors.localhost:3000', '/seo/harbour-city-mazda/feeds/meta-automotive.csv')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/seo/harbour-city-mazda/feeds/meta-automotive.csv',
    );
    // Deeper or odd paths under /sitemaps and /feeds are pages too, not answers of the tree.
    expect(await rewrite('proxy-motors.localhost:3000', '/sitemaps/a/b.xml')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/sitemaps/a/b.xml',
    );
    expect(await rewrite('proxy-motors.localhost:3000', '/robots.txt/x')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/content/robots.txt/x',
    );
  });

  it('answers nothing for an unknown host and 503 for a broken site, so neither has anything to index', async () => {
    for (const path of ['/robots.txt', '/sitemap.xml', '/feeds/google-vehicle-listings.xml']) {
      const unknown = await call('unknown.example', path);
      expect(unknown.status, path).toBe(404);
      expect(await unknown.text(), path).toBe('Not found');
      expect(unknown.headers.get('x-middleware-rewrite'), path).toBeNull();
    }
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = await call('proxy-broken.localhost', '/robots.txt');
    expect(broken.status).toBe(503);
    expect(broken.headers.get('retry-after')).toBe('300');
    error.mockRestore();
  });

  it("forbids crawling the Studio's host", async () => {
    const response = await call('studio.localhost:3000', '/robots.txt');
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('User-agent: *\nDisallow: /\n');
  });

  it('runs for /robots.txt at all: the matcher no longer leaves it out', async () => {
    const { config } = await import('./proxy');
    const matcher = new RegExp(`^${config.matcher[0]}$`);
    expect(matcher.test('/robots.txt')).toBe(true);
    expect(matcher.test('/sitemap.xml')).toBe(true);
    expect(matcher.test('/_next/static/chunk.js')).toBe(false);
    expect(matcher.test('/healthz')).toBe(false);
  });
});
