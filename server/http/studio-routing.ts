/**
 * Where the Tenant Studio answers (issue 16), for proxy.ts. On STUDIO_HOST every page path is
 * rewritten to the internal /studio tree (app/studio) and /api/studio/* goes through; the shoppers'
 * API is not served there. On every other host, any spelling of /studio or /api/studio is a plain
 * 404 before tenant resolution, so no dealer's address ever reaches a Studio route. Studio answers
 * are never cached, never indexed, and carry the platform's page security headers with a fresh
 * script nonce (every Studio page is rendered per request).
 */
import { NextResponse, type NextRequest } from 'next/server';
import { isStudioHost, isStudioPath } from '../../domain/studio/studio-host';
import { decodesAsUtf8 } from '../../domain/site-path';
import { TENANT_HEADER } from '../../engine/tenant-header';
import { PREVIEW_TOKEN_HEADER, previewFrameSources } from './preview-routing';
import { BASE_SECURITY_HEADERS, newNonce, pageSecurityHeaders, requestIsHttps } from './security-headers';

/** The internal route tree of the Studio's pages (app/studio). */
export const STUDIO_TREE = '/studio';

/** What every Studio answer carries besides the security headers. */
export const STUDIO_HEADERS: Readonly<Record<string, string>> = {
  'X-Robots-Tag': 'noindex, nofollow',
  'Cache-Control': 'private, no-store',
};

function notFound(): NextResponse {
  return new NextResponse('Not found', {
    status: 404,
    headers: { ...BASE_SECURITY_HEADERS, 'x-frame-options': 'DENY', 'content-type': 'text/plain; charset=utf-8' },
  });
}

/**
 * The proxy's answer for a Studio request: a rewrite or pass-through on the Studio host, a 404 for a
 * Studio path on any other host, or undefined for everything else (tenant routing carries on).
 */
export function studioRouting(request: NextRequest): NextResponse | undefined {
  const { pathname } = request.nextUrl;
  if (!isStudioHost(request.headers.get('host'))) return isStudioPath(pathname) ? notFound() : undefined;

  const plain = (body: string, status: number) =>
    new NextResponse(body, {
      status,
      headers: {
        ...BASE_SECURITY_HEADERS,
        ...STUDIO_HEADERS,
        'x-frame-options': 'DENY',
        'content-type': 'text/plain; charset=utf-8',
      },
    });
  if (!decodesAsUtf8(pathname)) return plain('Bad request: this address is not valid.', 400);
  const isApi = pathname === '/api' || pathname.startsWith('/api/');
  // The Studio has no tenant: a tenant header a client sends is dropped, and shoppers' APIs are not here.
  const headers = new Headers(request.headers);
  headers.delete(TENANT_HEADER);
  headers.delete(PREVIEW_TOKEN_HEADER);
  if (isApi && !isStudioPath(pathname)) return plain('Not found', 404);

  const nonce = newNonce();
  const security = pageSecurityHeaders({
    nonce,
    https: requestIsHttps(request.nextUrl.protocol, request.headers.get('x-forwarded-proto')),
    // The editor frames the site being edited, from the site's own host (preview-routing.ts).
    frameSources: previewFrameSources(),
  });
  let response: NextResponse;
  if (isApi) response = NextResponse.next({ request: { headers } });
  else {
    // Next reads the nonce from the request's policy and puts it on its scripts.
    const policy = security['Content-Security-Policy'];
    if (policy) headers.set('content-security-policy', policy);
    const url = request.nextUrl.clone();
    url.pathname = pathname === '/' ? STUDIO_TREE : `${STUDIO_TREE}${pathname}`;
    response = NextResponse.rewrite(url, { request: { headers } });
  }
  for (const [name, value] of Object.entries({ ...security, ...STUDIO_HEADERS })) response.headers.set(name, value);
  return response;
}
