import { headers } from 'next/headers';
import { TENANT_HEADER } from '../../engine/tenant-header';
import { getTenant } from '../../engine/tenant-request';
import type { TenantConfig } from '../../engine/tenant-registry';
import { addressForLimits } from '../../domain/client-address';

/** A JSON answer that no cache keeps (every platform API answer about one shopper). */
export function answer(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { 'cache-control': 'no-store' } });
}

export interface ApiCaller {
  tenant: TenantConfig;
  /** The shopper's address for rate limits (callerAddress: an IPv6 address as its /64). */
  ip?: string;
  userAgent?: string;
  referer?: string;
  host?: string;
}

/**
 * The address the nearest trusted proxy saw: TRUSTED_PROXY_HOPS entries from the right of
 * x-forwarded-for (default 1: the entry the reverse proxy in front appended). Next itself only
 * fills the header in when it is missing, so without such a proxy a client can name any address:
 * production runs behind one that sets or appends it, and the limits per e-mail address, phone
 * number and site (sign-in codes, leads) do not depend on it.
 *
 * Answered as the address limits count (domain/client-address): an IPv6 client picks any address
 * of its /64 at will, so every limit keyed by this address counts the /64 (issue 30 M2).
 */
export function callerAddress(requestHeaders: Headers): string | undefined {
  const hops = Math.max(1, Number(process.env.TRUSTED_PROXY_HOPS ?? 1) || 1);
  const forwarded = (requestHeaders.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const raw = forwarded[Math.max(0, forwarded.length - hops)] || requestHeaders.get('x-real-ip')?.trim();
  return raw ? addressForLimits(raw) || undefined : undefined;
}

/** The tenant the proxy resolved for this API call, and who is calling; undefined for an unknown site. */
export async function apiCaller(): Promise<ApiCaller | undefined> {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant) return undefined;
  const ip = callerAddress(requestHeaders);
  const host = requestHeaders.get('host') ?? undefined;
  const userAgent = requestHeaders.get('user-agent') ?? undefined;
  const referer = requestHeaders.get('referer') ?? undefined;
  return {
    tenant,
    ...(ip ? { ip } : {}),
    ...(userAgent ? { userAgent } : {}),
    ...(referer ? { referer } : {}),
    ...(host ? { host } : {}),
  };
}

/** Deeper than any form, quote or watchlist call nests; far shallower than what overflows a stack. */
export const MAX_JSON_DEPTH = 32;

/**
 * Whether JSON text nests arrays and objects deeper than `max`, found without parsing it: a
 * 20,000-deep body parses, but then overflows the stack of whatever walks or stringifies it.
 */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) return true;
    } else if (c === 125 /* } */ || c === 93 /* ] */) depth--;
  }
  return false;
}

/** A body's bytes, or undefined as soon as it is over `maxBytes` (a chunked body declares no length). */
export async function readCappedBytes(request: Request, maxBytes: number): Promise<Buffer | undefined> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** Reads at most `maxBytes` of a body as text (readCappedBytes). */
async function readCapped(request: Request, maxBytes: number): Promise<string | undefined> {
  return (await readCappedBytes(request, maxBytes))?.toString('utf8');
}

export type JsonBodyResult = { ok: true; body: unknown } | { ok: false; tooLarge: boolean; error: string };

/**
 * The request body as JSON, or why not (a sentence for the caller). Only application/json is read:
 * other sites cannot send it from a visitor's browser without a CORS preflight, which this
 * platform never grants. A body larger than the limit is refused without reading past the limit,
 * and one nested deeper than MAX_JSON_DEPTH before it is parsed.
 */
export async function jsonBody(request: Request, maxBytes = 64 * 1024): Promise<JsonBodyResult> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')) {
    return { ok: false, tooLarge: false, error: 'Send the request as JSON, with Content-Type: application/json.' };
  }
  const tooLarge = {
    ok: false,
    tooLarge: true,
    error: `The request is too large (over ${Math.round(maxBytes / 1024)} KB).`,
  } as const;
  if (Number(request.headers.get('content-length') ?? 0) > maxBytes) return tooLarge;
  const text = await readCapped(request, maxBytes);
  if (text === undefined) return tooLarge;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH))
    return {
      ok: false,
      tooLarge: false,
      error: `The request nests deeper than ${MAX_JSON_DEPTH} levels; no form needs that.`,
    };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch {
    return { ok: false, tooLarge: false, error: 'The request is not valid JSON.' };
  }
}

/**
 * The body of a POST to an auth endpoint: a JSON object (anything else counts as an empty one, for
 * the auth library to refuse), or the status and sentence to answer when it cannot be read.
 */
export async function authCallBody(
  request: Request,
  maxBytes: number,
): Promise<{ ok: true; body: Record<string, unknown> } | { ok: false; status: 400 | 413; message: string }> {
  if (request.method !== 'POST') return { ok: true, body: {} };
  const read = await jsonBody(request, maxBytes);
  if (!read.ok) return { ok: false, status: read.tooLarge ? 413 : 400, message: read.error };
  const isObject = typeof read.body === 'object' && read.body !== null && !Array.isArray(read.body);
  return { ok: true, body: isObject ? (read.body as Record<string, unknown>) : {} };
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
    return (
      new URL(origin).host ===
      (request.headers.get('x-forwarded-host')?.split(',')[0]?.trim() || request.headers.get('host'))
    );
  } catch {
    return false;
  }
}
