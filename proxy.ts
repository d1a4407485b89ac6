/**
 * Host header -> tenant. Every request on a tenant's host is rewritten under an internal prefix
 * (/site/<slug>/... for cacheable pages, /live/<slug>/... for pages that read the query string), so
 * those prefixes can never be requested directly: /site/x on a tenant host is that tenant's own page /site/x. Unknown hosts get a plain 404 naming no tenant; a tenant whose
 * configuration is broken gets a 503 page while every other tenant keeps serving.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { loadTenantRegistry } from './engine/tenant-registry';
import { internalPath, resolveHost } from './engine/resolve-host';
import { pageGate, pageReadsRequest, resolvePage } from './engine/resolve-page';
import { formatIssue } from './engine/validation-messages';
import { TENANT_HEADER } from './engine/tenant-header';

const UNAVAILABLE_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Temporarily unavailable</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;color:#1b1f24"><main><h1>This site is temporarily unavailable</h1><p>We are updating this dealer's website. Please try again in a few minutes.</p></main></body></html>`;

const reported = new Set<string>();

export function proxy(request: NextRequest): NextResponse {
  const registry = loadTenantRegistry();
  const slugs = new Set(registry.tenants.keys());
  const resolution = resolveHost(request.headers.get('host'), registry.domains, slugs);
  if (resolution.kind === 'unknown') {
    return new NextResponse('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  }
  const entry = registry.tenants.get(resolution.slug);
  if (!entry || !entry.ok) {
    const key = entry ? entry.issues.map(formatIssue).join('\n') : resolution.slug;
    if (!reported.has(key)) {
      reported.add(key);
      console.error(`tenant "${resolution.slug}" is not served: its configuration is invalid\n${key}`);
    }
    return new NextResponse(UNAVAILABLE_HTML, {
      status: 503,
      headers: { 'content-type': 'text/html; charset=utf-8', 'retry-after': '300', 'cache-control': 'no-store' },
    });
  }
  const headers = new Headers(request.headers);
  headers.set(TENANT_HEADER, entry.slug);
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/')) return NextResponse.next({ request: { headers } });
  const url = request.nextUrl.clone();
  const page = resolvePage(entry.config, pathname);
  // A gated page depends on who is asking (conversion §4.7), like a page that reads the query.
  url.pathname = internalPath(entry.slug, pathname, page !== undefined && (pageReadsRequest(page.page) || pageGate(entry.config, page) !== undefined));
  return NextResponse.rewrite(url, { request: { headers } });
}

export const config = {
  // Static assets, optimised images and generated media are the same for every tenant.
  matcher: ['/((?!_next/static|_next/image|media/|assets/|healthz|favicon.ico|robots.txt).*)'],
};
