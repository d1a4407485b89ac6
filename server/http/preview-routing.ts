/**
 * The Tenant Studio's live preview on a site's preview address (issue 16; issue 30 L2), for
 * proxy.ts. The Studio frames `https://<slug>.<PREVIEW_DOMAIN>/_preview/<token>/<path>`
 * (`http://<slug>.localhost:<port>/...` in development): the proxy rewrites it to the internal /preview tree with
 * the token in a request header only the proxy sets, and the preview page checks the token
 * (services/preview-token) before it renders anything but a refusal. The preview runs on the
 * dealer's own origin, never the Studio's, so nothing a site's document puts on its pages (plugin
 * scripts, say) runs where the Studio's session is. Only the Studio may frame it; it is never
 * cached and never indexed.
 */
import { NextResponse, type NextRequest } from 'next/server';
import { previewDomain, studioHost } from '../../domain/studio/studio-host';
import { localhostTenantsAllowed } from '../../domain/host-name';
import { TENANT_HEADER } from '../../engine/tenant-header';
import { newNonce, pageSecurityHeaders, requestIsHttps } from './security-headers';

/** What the Studio's preview frame asks for on a dealer's host: `/_preview/<token>/<path>`. */
export const PREVIEW_PREFIX = '/_preview/';
/** The internal route tree that renders a preview (app/preview). */
export const PREVIEW_TREE = '/preview';
/** The request header carrying the preview token from the proxy to the preview page; a client's own is dropped. */
export const PREVIEW_TOKEN_HEADER = 'x-studio-preview-token';

/** Who may frame a preview: the Studio's host (any port on a developer's machine), and nobody without a Studio. */
export function previewFrameAncestors(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const host = studioHost(env);
  if (!host) return [];
  return host === 'localhost' || host.endsWith('.localhost')
    ? [`http://${host}:*`, `http://${host}`]
    : [`https://${host}`];
}

/**
 * What the Studio's pages may frame: its sites' previews, on addresses the platform controls
 * (issue 30 L2), never on a domain a tenant document names. Those are the `<slug>.localhost`
 * addresses where they are served (a developer's machine), else `<slug>.<PREVIEW_DOMAIN>` over
 * https; nothing without either.
 */
export function previewFrameSources(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  if (localhostTenantsAllowed(env)) return ['http://*.localhost:*', 'http://*.localhost'];
  const parent = previewDomain(env);
  return parent ? [`https://*.${parent}`] : [];
}

/** `/_preview/<token>/a/b` -> token and `/a/b`; undefined for any other path. */
export function previewPath(pathname: string): { token: string; path: string } | undefined {
  if (!pathname.startsWith(PREVIEW_PREFIX)) return undefined;
  try {
    decodeURIComponent(pathname);
  } catch {
    return undefined; // the proxy answers 400 for an address that is not valid
  }
  const rest = pathname.slice(PREVIEW_PREFIX.length);
  const slash = rest.indexOf('/');
  const token = slash === -1 ? rest : rest.slice(0, slash);
  const path = slash === -1 ? '/' : rest.slice(slash) || '/';
  return token ? { token, path } : undefined;
}

/**
 * The proxy's answer for a preview request on the host of site `slug`, or undefined when the path
 * is not a preview. `headers` are the request's headers as the proxy passes them on.
 */
export function previewRouting(request: NextRequest, slug: string, headers: Headers): NextResponse | undefined {
  const preview = previewPath(request.nextUrl.pathname);
  if (!preview) return undefined;
  headers.set(TENANT_HEADER, slug);
  headers.set(PREVIEW_TOKEN_HEADER, preview.token);
  const nonce = newNonce();
  const security = pageSecurityHeaders({
    nonce,
    https: requestIsHttps(request.nextUrl.protocol, request.headers.get('x-forwarded-proto')),
    frameAncestors: previewFrameAncestors(),
  });
  const policy = security['Content-Security-Policy'];
  if (policy) headers.set('content-security-policy', policy);
  const url = request.nextUrl.clone();
  url.pathname = `${PREVIEW_TREE}/${slug}${preview.path === '/' ? '' : preview.path}`;
  const response = NextResponse.rewrite(url, { request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  response.headers.set('Cache-Control', 'private, no-store');
  response.headers.set('X-Robots-Tag', 'noindex, nofollow');
  response.headers.set('Referrer-Policy', 'no-referrer');
  return response;
}
