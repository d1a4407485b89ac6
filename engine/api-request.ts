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
}

/** The tenant the proxy resolved for this API call, and who is calling; undefined for an unknown site. */
export async function apiCaller(): Promise<ApiCaller | undefined> {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant) return undefined;
  const ip = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim() || requestHeaders.get('x-real-ip') || undefined;
  const userAgent = requestHeaders.get('user-agent') ?? undefined;
  const referer = requestHeaders.get('referer') ?? undefined;
  return { tenant, ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}), ...(referer ? { referer } : {}) };
}

/** The request body as JSON, or undefined when it is not JSON (the caller answers 400 with its own example). */
export async function jsonBody(request: Request, maxBytes = 64 * 1024): Promise<{ ok: true; body: unknown } | { ok: false; tooLarge: boolean }> {
  const text = await request.text();
  if (Buffer.byteLength(text) > maxBytes) return { ok: false, tooLarge: true };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, tooLarge: false };
  }
}
