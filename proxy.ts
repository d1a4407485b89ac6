/**
 * Host header -> tenant. Every request on a tenant's host is rewritten under an internal prefix
 * (/site/<slug>/... for cacheable pages, /live/<slug>/... for pages that read the query string), so
 * those prefixes can never be requested directly: /site/x on a tenant host is that tenant's own page /site/x. Unknown hosts get a plain 404 naming no tenant; a tenant whose
 * configuration is broken gets a 503 page while every other tenant keeps serving.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { loadTenantRegistry } from './engine/tenant-registry';
import { internalPath, resolveHost } from './engine/resolve-host';
import { currentStockGeneration } from './engine/stock-generation';
import { localhostTenantsAllowed } from './domain/host-name';
import { BASE_SECURITY_HEADERS, newNonce, pageSecurityHeaders, requestIsHttps } from './server/http/security-headers';
import { pageGate, pageReadsRequest, resolvePage } from './engine/resolve-page';
import { routeKind } from './engine/page-kinds';
import { formatIssue } from './schemas/validation-messages';
import { TENANT_HEADER } from './engine/tenant-header';
import { studioRouting } from './server/http/studio-routing';
import { PREVIEW_TOKEN_HEADER, previewRouting } from './server/http/preview-routing';
import { seoInternalPath, seoRoute } from './domain/seo-routes';
import { DISALLOW_ALL_ROBOTS } from './domain/robots';
import { isStudioHost, previewDomain } from './domain/studio/studio-host';
import { decodesAsUtf8 } from './domain/site-path';
import { currentRequest } from './server/operations/log.mjs';

const UNAVAILABLE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Temporarily unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1b1f24"><main><h1>This site is temporarily unavailable</h1><p>We are updating this dealer's website. Please try again in a few minutes.</p></main></body></html>`;

const reported = new Set<string>();

function plainResponse(body: string, status: number, headers: Record<string, string>): NextResponse {
  return new NextResponse(body, {
    status,
    headers: { ...BASE_SECURITY_HEADERS, 'x-frame-options': 'DENY', ...headers },
  });
}

export function proxy(request: NextRequest): NextResponse {
  // Issue 18: the Studio is never indexed, so its host's robots.txt forbids everything.
  if (request.nextUrl.pathname === '/robots.txt' && isStudioHost(request.headers.get('host'))) {
    return plainResponse(DISALLOW_ALL_ROBOTS, 200, {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    });
  }
  // Tenant Studio (issue 16): its own host (STUDIO_HOST) goes to the internal /studio tree, and
  // /studio or /api/studio on any other host is a 404 before any tenant is looked at.
  const studio = studioRouting(request);
  // The request's log entries and metrics name what it was for (server/operations/log.mjs).
  const labels = currentRequest();
  if (studio) {
    if (labels) labels.routeKind = 'studio';
    return studio;
  }
  const registry = loadTenantRegistry();
  const slugs = new Set(registry.tenants.keys());
  const resolution = resolveHost(
    request.headers.get('host'),
    registry.domains,
    slugs,
    localhostTenantsAllowed(),
    previewDomain(),
  );
  if (resolution.kind === 'unknown') {
    if (labels) labels.routeKind = 'unknown-site';
    return plainResponse('Not found', 404, { 'content-type': 'text/plain; charset=utf-8' });
  }
  if (labels) labels.site = resolution.slug;
  const headers = new Headers(request.headers);
  // Only the proxy names a preview token (for /_preview/ on this very host): a client's own is dropped.
  headers.delete(PREVIEW_TOKEN_HEADER);
  // The Studio's preview of a draft (issue 16) is checked by the preview page itself, and works
  // while the published document is broken: the draft may be the fix.
  const preview = previewRouting(request, resolution.slug, headers);
  if (preview) return preview;
  // A preview address (issue 30 L2) shows the Studio's preview and answers what its pages ask of
  // /api, never the public site: the site lives on its own domains only.
  if (resolution.preview && !request.nextUrl.pathname.startsWith('/api/'))
    return plainResponse('Not found', 404, { 'content-type': 'text/plain; charset=utf-8' });
  const entry = registry.tenants.get(resolution.slug);
  if (!entry || !entry.ok) {
    const key = entry ? entry.issues.map(formatIssue).join('\n') : resolution.slug;
    if (!reported.has(key)) {
      reported.add(key);
      console.error(`tenant "${resolution.slug}" is not served: its configuration is invalid\n${key}`);
    }
    return plainResponse(UNAVAILABLE_HTML, 503, {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': '300',
      'cache-control': 'no-store',
    });
  }
  const { pathname } = request.nextUrl;
  // A path that is not valid percent-encoded UTF-8 names no page; answered here, before the
  // router's own decoding throws on it (issue 14: /api/cars/%zz/pdf answered 500).
  if (!decodesAsUtf8(pathname)) {
    return plainResponse(
      'Bad request: this address is not valid. Check the link, or start again from the home page.',
      400,
      { 'content-type': 'text/plain; charset=utf-8' },
    );
  }
  headers.set(TENANT_HEADER, entry.slug);
  if (pathname.startsWith('/api/')) {
    if (labels) labels.routeKind = 'api';
    return NextResponse.next({ request: { headers } });
  }
  // Issue 18: robots.txt, the sitemap and the advertising feeds are route handlers in the internal
  // /seo/<slug> tree (app/seo), reached only by this rewrite, with the tenant header set above.
  // (An unknown host was answered 404 above, a broken site 503: nothing of theirs is indexable.)
  const seo = seoRoute(pathname);
  if (seo) {
    if (labels) labels.routeKind = 'seo';
    const target = request.nextUrl.clone();
    target.pathname = seoInternalPath(entry.slug, seo);
    return NextResponse.rewrite(target, { request: { headers } });
  }
  const url = request.nextUrl.clone();
  const page = resolvePage(entry.config, pathname);
  // A gated page depends on who is asking (conversion §4.7), like a page that reads the query. A
  // path no page matches is rendered per request too: its not-found page never enters the page
  // cache, so a flood of made-up URLs costs renders, never cache memory or disk (issue 14).
  const live = page === undefined || pageReadsRequest(page.page) || pageGate(entry.config, page) !== undefined;
  if (labels) labels.routeKind = page === undefined ? 'not-found' : routeKind(page.page);
  // A site served from a version published in the database is rewritten to /site/<slug>~v<id>/...
  // (issue 16): a publish is a new page cache key in every process, with no call between them.
  // The version comes only from the registry; the shopper's path always follows the tenant segment.
  // The stock generation (issue 17) does the same for a stock change made by any process.
  // The page's kind names the route that renders it, with only that kind's blocks (issue 34).
  url.pathname = internalPath(
    entry.slug,
    pathname,
    routeKind(page?.page),
    live,
    entry.versionId,
    currentStockGeneration(),
  );
  // A page rendered per request gets a fresh nonce (Next reads it from the request's policy); a
  // cached page is the same HTML for everyone, so it cannot carry one: it gets `script-src 'self'`,
  // and the server in front of Next adds its inline scripts' hashes (server/http/cached-page-policy.ts).
  const security = pageSecurityHeaders({
    ...(live ? { nonce: newNonce() } : {}),
    https: requestIsHttps(request.nextUrl.protocol, request.headers.get('x-forwarded-proto')),
  });
  const policy = security['Content-Security-Policy'];
  if (live && policy) headers.set('content-security-policy', policy);
  const response = NextResponse.rewrite(url, { request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  return response;
}

export const config = {
  // Static assets, optimised images and generated media are the same for every tenant. robots.txt
  // is per site (issue 18), so it goes through the proxy like a page.
  matcher: ['/((?!_next/static|_next/image|media/|assets/|healthz|favicon.ico).*)'],
};
