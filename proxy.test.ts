import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
      'http://proxy-motors.localhost:3000/site/proxy-motors/cars/abc?x=1',
    );
  });

  it('sends pages that read the query string to the per-request tree', async () => {
    const response = await call('proxy-motors.localhost:3000', '/search/used-cars?page=2');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost:3000/live/proxy-motors/search/used-cars?page=2',
    );
  });

  it('resolves production domains', async () => {
    const response = await call('www.proxy.example', '/');
    expect(response.headers.get('x-middleware-rewrite')).toBe('http://www.proxy.example/site/proxy-motors');
  });

  it('never exposes the internal prefix: /site/<other> stays inside the requesting tenant', async () => {
    const response = await call('proxy-motors.localhost', '/site/harbour-city-mazda');
    expect(response.headers.get('x-middleware-rewrite')).toBe(
      'http://proxy-motors.localhost/live/proxy-motors/site/harbour-city-mazda',
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
      'http://proxy-motors.localhost:3000/live/proxy-motors/no-such-page-7f3a',
    );
  });

  it('serves <slug>.localhost only where ALLOW_LOCALHOST_TENANTS=1 or in development (issue 14)', async () => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    try {
      const response = await call('proxy-motors.localhost:3000', '/');
      expect(response.status).toBe(404);
      expect((await call('www.proxy.example', '/')).headers.get('x-middleware-rewrite')).toBe(
        'http://www.proxy.example/site/proxy-motors',
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
