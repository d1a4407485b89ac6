/**
 * Which requests the document cache (./handler.ts) may answer, and under what key and stamp. It
 * follows proxy.ts's routing: only a page of a served site that the proxy sends to the per-request
 * /live tree because it reads the query string, where every block that reads the request reads
 * only the query (pageSharedByUrl) and no sign-in gate applies. Everything else (the Studio, the
 * API, previews, robots and feeds, cached /site pages, unknown hosts, broken sites) returns
 * undefined and goes to Next untouched.
 */
import { loadTenantRegistry, type TenantRegistry } from '../../../engine/tenant-registry';
import { resolveHost } from '../../../engine/resolve-host';
import { pageGate, pageSharedByUrl, resolvePage } from '../../../engine/resolve-page';
import { currentStockGeneration } from '../../../engine/stock-generation';
import { localhostTenantsAllowed } from '../../../domain/host-name';
import { seoRoute } from '../../../domain/seo-routes';
import { decodesAsUtf8 } from '../../../domain/site-path';
import { isStudioHost, isStudioPath } from '../../../domain/studio/studio-host';
import { PREVIEW_PREFIX } from '../preview-routing';
import { requestIsHttps } from '../security-headers';
import { currentRequest } from '../../operations/log.mjs';
import { routeKind } from '../../../engine/page-kinds';

export interface DocumentTarget {
  /** The exact address asked for, on this host and scheme: two addresses are two pages. */
  key: string;
  /** What the page was rendered from: the site's document and version, and the stock generation. */
  stamp: string;
  https: boolean;
}

/** Paths the proxy never sees (its matcher) or never sends to a tenant page. */
const NOT_PAGES = ['/_next/', '/media/', '/assets/', '/api/', '/healthz', '/favicon.ico', PREVIEW_PREFIX];

const registrySerials = new WeakMap<TenantRegistry, number>();
let lastSerial = 0;

/** A number for each registry the loader built: a new one means some tenant document changed. */
function registrySerial(registry: TenantRegistry): number {
  let serial = registrySerials.get(registry);
  if (serial === undefined) registrySerials.set(registry, (serial = ++lastSerial));
  return serial;
}

export interface TargetRequest {
  url: string;
  host: string | undefined;
  forwardedProto: string | undefined;
}

export function documentTarget(request: TargetRequest): DocumentTarget | undefined {
  const { host } = request;
  if (!host || isStudioHost(host)) return undefined;
  const queryAt = request.url.indexOf('?');
  const pathname = queryAt === -1 ? request.url : request.url.slice(0, queryAt);
  if (pathname === '/api' || NOT_PAGES.some((prefix) => pathname.startsWith(prefix))) return undefined;
  if (isStudioPath(pathname) || seoRoute(pathname) || !decodesAsUtf8(pathname)) return undefined;
  // Only a path the proxy sees as written: none the URL parser tidies first (dot segments, also
  // percent-encoded ones like %2e%2e, doubled slashes), so the key names the page that is rendered.
  if (pathname.includes('//') || new URL(pathname, 'http://placed.invalid').pathname !== pathname) return undefined;
  const registry = loadTenantRegistry();
  const resolution = resolveHost(host, registry.domains, new Set(registry.tenants.keys()), localhostTenantsAllowed());
  if (resolution.kind !== 'tenant') return undefined;
  const entry = registry.tenants.get(resolution.slug);
  if (!entry?.ok) return undefined;
  const page = resolvePage(entry.config, pathname);
  if (!page || !pageSharedByUrl(page.page) || pageGate(entry.config, page) !== undefined) return undefined;
  const https = requestIsHttps('http:', request.forwardedProto ?? null);
  // The log and the metrics name the site and kind of page of an answer from this cache too (the
  // proxy, which names them otherwise, never sees it).
  const labels = currentRequest();
  if (labels) {
    labels.site = entry.slug;
    labels.routeKind = routeKind(page.page);
  }
  return {
    key: `${entry.slug}\n${host.toLowerCase()}\n${https ? 'https' : 'http'}\n${request.url}`,
    stamp: `${entry.versionId ?? 'file'}/${registrySerial(registry)}/${currentStockGeneration() ?? '-'}`,
    https,
  };
}
