import { headers } from 'next/headers';
import { TENANT_HEADER } from './tenant-header';
import { getTenant } from './tenant-request';
import type { TenantConfig } from './tenant-registry';

/** A JSON answer that no cache keeps (every platform API answer about one shopper). */
export function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export interface ApiCaller {
  tenant: TenantConfig;
  /** The shopper's address (first x-forwarded-for hop, or x-real-ip), for rate limits. */
  ip?: string;
  userAgent?: string;
  referer?: string;
  host?: string;
}

/** The tenant the proxy resolved for this API call, and who is calling; undefined for an unknown site. */
export async function apiCaller(): Promise<ApiCaller | undefined> {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant) return undefined;
  // The address the nearest trusted proxy saw: TRUSTED_PROXY_HOPS entries from the right of
  // x-forwarded-for (default 1: the entry the reverse proxy in front appended). Next itself only
  // fills the header in when it is missing, so without such a proxy a client can name any address:
  // production runs behind one that sets or appends it, and the limits per e-mail address, phone
  // number and site (sign-in codes, leads) do not depend on it.
  const hops = Math.max(1, Number(process.env.TRUSTED_PROXY_HOPS ?? 1) || 1);
  const forwarded = (requestHeaders.get('x-forwarded-for') ?? '').split(',').map((s) => s.trim()).filter(Boolean);
  const ip = forwarded[Math.max(0, forwarded.length - hops)] || requestHeaders.get('x-real-ip') || undefined;
  const host = requestHeaders.get('host') ?? undefined;
  const userAgent = requestHeaders.get('user-agent') ?? undefined;
  const referer = requestHeaders.get('referer') ?? undefined;
  return { tenant, ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}), ...(referer ? { referer } : {}), ...(host ? { host } : {}) };
}

/**
 * The request body as JSON, or why not. Only application/json is read: other sites cannot send it
 * from a visitor's browser without a CORS preflight, which this platform never grants. A body
 * declared larger than the limit is refused before it is read.
 */
export async function jsonBody(request: Request, maxBytes = 64 * 1024): Promise<{ ok: true; body: unknown } | { ok: false; tooLarge: boolean }> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) return { ok: false, tooLarge: false };
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return { ok: false, tooLarge: true };
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, tooLarge: true };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, tooLarge: false };
  }
}

/**
 * CSRF guard for calls that change a signed-in shopper's data: a browser names the page's origin in
 * `Origin` (and `Sec-Fetch-Site`) on every POST; another site's page is refused. Calls without
 * either header come from outside a browser and carry no ambient cookies worth forging.
 */
export function fromThisSite(request: Request): boolean {
  const fetchSite = request.headers.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const origin = request.headers.get('origin');
  if (!origin) return true;
  try {
    return new URL(origin).host === (request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host'));
  } catch {
    return false;
  }
}
