import { UNSUBSCRIBE_MESSAGES, UNSUBSCRIBE_PATH } from '../../domain/consent/marketing-consent';
import type { PlatformDb } from '../../services/db/database';
import { unsubscribe } from '../../services/consent';
import { SharedRateLimit } from '../../services/rate-limit';
import { answer, fromThisSite, nestsDeeperThan, MAX_JSON_DEPTH, readCappedBytes, type ApiCaller } from './api-request';

/**
 * POST /api/unsubscribe (conversion §2.3 /pages/unsubscribe): the page's form posts here as JSON
 * from its script, or as a plain form post when the browser runs no JavaScript; the plain post is
 * answered with a redirect back to the page, which shows the outcome. Every address gets the same
 * answer, so the route never tells whether an address is known to the site.
 */

/** An address and a little form noise; anything far larger is not a person typing. */
export const MAX_UNSUBSCRIBE_BYTES = 4 * 1024;
/** Ten requests in ten minutes from one address is far more than a person unsubscribing makes. */
export const UNSUBSCRIBES_PER_WINDOW = 10;
export const UNSUBSCRIBE_WINDOW_MS = 10 * 60_000;

/** What the page shows after a plain form post (the `?result=` it is redirected to). */
export const UNSUBSCRIBE_RESULTS = ['done', 'invalid', 'limited', 'unavailable'] as const;
export type UnsubscribeResultCode = (typeof UNSUBSCRIBE_RESULTS)[number];

export interface UnsubscribeDeps {
  db: () => Promise<PlatformDb>;
  limit: SharedRateLimit;
  now: () => Date;
}

export function unsubscribeLimit(db?: PlatformDb): SharedRateLimit {
  return new SharedRateLimit('unsubscribe', UNSUBSCRIBES_PER_WINDOW, UNSUBSCRIBE_WINDOW_MS, db ? { db } : {});
}

type Read = { ok: true; form: boolean; email: unknown } | { ok: false; status: 400 | 413; error: string };

async function readRequest(request: Request): Promise<Read> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const json = type.startsWith('application/json');
  const form = type.startsWith('application/x-www-form-urlencoded');
  if (!json && !form)
    return {
      ok: false,
      status: 400,
      error: `Send the request as JSON (Content-Type: application/json) or as a form. ${UNSUBSCRIBE_MESSAGES.badBody}`,
    };
  const tooLarge = {
    ok: false,
    status: 413,
    error: `The request is too large (over ${MAX_UNSUBSCRIBE_BYTES / 1024} KB). ${UNSUBSCRIBE_MESSAGES.badBody}`,
  } as const;
  if (Number(request.headers.get('content-length') ?? 0) > MAX_UNSUBSCRIBE_BYTES) return tooLarge;
  const bytes = await readCappedBytes(request, MAX_UNSUBSCRIBE_BYTES);
  if (!bytes) return tooLarge;
  const text = bytes.toString('utf8');
  if (form) return { ok: true, form: true, email: new URLSearchParams(text).get('email') ?? '' };
  const bad = {
    ok: false,
    status: 400,
    error: `The request is not valid JSON. ${UNSUBSCRIBE_MESSAGES.badBody}`,
  } as const;
  if (nestsDeeperThan(text, MAX_JSON_DEPTH)) return bad;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return bad;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('email' in body))
    return { ok: false, status: 400, error: UNSUBSCRIBE_MESSAGES.badBody };
  return { ok: true, form: false, email: (body as { email: unknown }).email };
}

/** The page again, with the outcome and (unless it worked) what the shopper typed, so nothing is lost. */
function backToPage(result: UnsubscribeResultCode, email: unknown): Response {
  const query = new URLSearchParams({ result });
  if (result !== 'done' && typeof email === 'string' && email.length <= 254) query.set('email', email);
  // A relative Location: the browser resolves it against the site it posted from, whatever Host says.
  return new Response(null, {
    status: 303,
    headers: { location: `${UNSUBSCRIBE_PATH}?${query.toString()}`, 'cache-control': 'no-store' },
  });
}

export async function unsubscribePost(
  request: Request,
  caller: ApiCaller | undefined,
  deps: UnsubscribeDeps,
): Promise<Response> {
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  if (!fromThisSite(request)) return answer(403, { success: false, error: UNSUBSCRIBE_MESSAGES.foreignOrigin });
  const read = await readRequest(request);
  if (!read.ok) return answer(read.status, { success: false, error: read.error });
  const reply = (status: number, result: UnsubscribeResultCode, error?: string): Response =>
    read.form ? backToPage(result, read.email) : answer(status, error ? { success: false, error } : { success: true });

  const tenant = caller.tenant;
  const verdict = await deps.limit.attempt(`${tenant.slug}|${caller.ip ?? 'unknown'}`, deps.now().getTime());
  if (verdict === 'limited') return reply(429, 'limited', UNSUBSCRIBE_MESSAGES.tooMany);
  try {
    const result = await unsubscribe(await deps.db(), tenant.slug, read.email, deps.now());
    if (!result.ok) return reply(400, 'invalid', UNSUBSCRIBE_MESSAGES.invalidEmail);
    return reply(200, 'done');
  } catch (error) {
    // The database is down: the shopper is told to try again, and nothing was half-recorded.
    console.error('Recording a marketing unsubscribe failed', error);
    return reply(503, 'unavailable', UNSUBSCRIBE_MESSAGES.unavailable);
  }
}
