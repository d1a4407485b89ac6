import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NextRequest } from 'next/server';
import {
  awaitsScriptHashes,
  contentSecurityPolicy,
  pageSecurityHeaders,
  scriptSourcesOf,
  withScriptSources,
} from './security-headers';

/** Issue 30, L6: the script policies of every kind of page. */
const HASH = 'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=';
const NONCE = 'bm9uY2Vub25jZW5vbmNlMQ==';

const production = [
  { https: false, development: false },
  { https: true, development: false },
  { https: false, nonce: NONCE, development: false },
  { https: false, scriptHashes: [HASH], development: false },
  { https: true, nonce: NONCE, frameSources: ['https:'], development: false },
  { https: true, nonce: NONCE, frameAncestors: ['https://studio.example'], development: false },
];

describe('the script policy of a page (issue 30, L6)', () => {
  it("allows neither 'unsafe-eval' nor 'unsafe-inline' for scripts on any page of a production build", () => {
    for (const options of production) {
      const policy = contentSecurityPolicy(options);
      expect(policy, JSON.stringify(options)).not.toContain("'unsafe-eval'");
      expect(scriptSourcesOf(policy), JSON.stringify(options)).not.toContain("'unsafe-inline'");
    }
  });

  it('gives a page rendered per request its nonce, a cached page this origin and the hashes of its inline scripts', () => {
    expect(scriptSourcesOf(contentSecurityPolicy({ https: false, nonce: NONCE, development: false }))).toEqual([
      `'nonce-${NONCE}'`,
      "'strict-dynamic'",
    ]);
    expect(scriptSourcesOf(contentSecurityPolicy({ https: false, development: false }))).toEqual(["'self'"]);
    expect(scriptSourcesOf(contentSecurityPolicy({ https: false, scriptHashes: [HASH], development: false }))).toEqual([
      "'self'",
      `'${HASH}'`,
    ]);
  });

  it("adds 'unsafe-eval' only under `next dev` (and 'unsafe-inline' to a cached page there, having no hook to list its hashes)", () => {
    expect(scriptSourcesOf(contentSecurityPolicy({ https: false, nonce: NONCE, development: true }))).toEqual([
      `'nonce-${NONCE}'`,
      "'strict-dynamic'",
      "'unsafe-eval'",
    ]);
    expect(scriptSourcesOf(contentSecurityPolicy({ https: false, development: true }))).toEqual([
      "'self'",
      "'unsafe-inline'",
      "'unsafe-eval'",
    ]);
    vi.stubEnv('NODE_ENV', 'production');
    expect(scriptSourcesOf(pageSecurityHeaders({ https: false })['Content-Security-Policy'] ?? '')).toEqual(["'self'"]);
    vi.stubEnv('NODE_ENV', 'development');
    expect(scriptSourcesOf(pageSecurityHeaders({ https: false })['Content-Security-Policy'] ?? '')).toContain(
      "'unsafe-eval'",
    );
    vi.unstubAllEnvs();
  });

  it('knows the policy of a cached page that waits for its hashes, and adds them to its script-src only', () => {
    const cached = contentSecurityPolicy({ https: true, development: false });
    expect(awaitsScriptHashes(cached)).toBe(true);
    for (const other of [
      contentSecurityPolicy({ https: true, nonce: NONCE, development: false }),
      contentSecurityPolicy({ https: true, scriptHashes: [HASH], development: false }),
      contentSecurityPolicy({ https: true, development: true }),
      "default-src 'self'",
      undefined,
    ])
      expect(awaitsScriptHashes(other), String(other)).toBe(false);
    const completed = withScriptSources(cached, [HASH, 'sha256-abc=']);
    expect(scriptSourcesOf(completed)).toEqual(["'self'", `'${HASH}'`, "'sha256-abc='"]);
    expect(completed.replace(/script-src [^;]*/, '')).toBe(cached.replace(/script-src [^;]*/, ''));
    expect(awaitsScriptHashes(completed)).toBe(false);
    expect(withScriptSources(cached, [])).toBe(cached);
  });
});

describe('the policies the proxy sets (issue 30, L6)', () => {
  beforeAll(() => {
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  const policyOf = async (host: string, path: string) => {
    const { proxy } = await import('../../proxy');
    return proxy(new NextRequest(`http://${host}${path}`, { headers: { host } })).headers.get(
      'content-security-policy',
    );
  };

  it("has no 'unsafe-eval' on a cached page, a page rendered per request, the Studio or a preview", async () => {
    const cached = await policyOf('harbour-city-mazda.localhost:3000', '/');
    const live = await policyOf('harbour-city-mazda.localhost:3000', '/search/used-cars?page=2');
    const studio = await policyOf('studio.localhost:3000', '/');
    const preview = await policyOf('harbour-city-mazda.localhost:3000', '/_preview/abc.def/');
    for (const policy of [cached, live, studio, preview]) {
      expect(policy).toContain('script-src');
      expect(policy).not.toContain("'unsafe-eval'");
      expect(scriptSourcesOf(policy ?? '')).not.toContain("'unsafe-inline'");
    }
    // The cached page's policy waits for the server in front of Next to add its hashes.
    expect(awaitsScriptHashes(cached ?? undefined)).toBe(true);
    for (const policy of [live, studio, preview]) expect(policy).toMatch(/'nonce-[A-Za-z0-9+/]{22}=='/);
  });
});
