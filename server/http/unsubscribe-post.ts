import {
  normaliseEmail,
  ONE_CLICK_FIELD,
  ONE_CLICK_VALUE,
  UNSUBSCRIBE_MESSAGES,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_PATTERN,
} from '../../domain/consent/marketing-consent';
import type { PlatformDb } from '../../services/db/database';
import { unsubscribe } from '../../services/consent';
import { SharedRateLimit } from '../../services/rate-limit';
import { unsubscribeTokenMatches } from '../../services/unsubscribe-token';
import { answer, fromThisSite, nestsDeeperThan, MAX_JSON_DEPTH, readCappedBytes, type ApiCaller } from './api-request';

/**
 * POST /api/unsubscribe (conversion §2.3 /pages/unsubscribe): the page's form posts here as JSON
 * from its script, or as a plain form post when the browser runs no JavaScript; the plain post is
 * answered with a redirect back to the page, which shows the outcome. Every address gets the same
 * answer, so the route never tells whether an address is known to the site.
 *
 * An address is unsubscribed only with the token of its e-mail's link (services/unsubscribe-token,
 * issue 30 L7): `{"email", "token"}`, or the page's form fields of the same names. A mail provider's
 * one-click unsubscribe (RFC 8058) posts `List-Unsubscribe=One-Click` to the link itself, which
 * carries `?email=&token=`; it is answered like the script's post.
 */

/** An address and a little form noise; anything far larger is not a person typing. */
export const MAX_UNSUBSCRIBE_BYTES = 4 * 1024;
/** Ten requests in ten minutes from one address is far more than a person unsubscribing makes. */
export const UNSUBSCRIBES_PER_WINDOW = 10;
export const UNSUBSCRIBE_WINDOW_MS = 10 * 60_000;

/** What the page shows after a plain form post (the `?result=` it is redirected to). */
export const UNSUBSCRIBE_RESULTS = ['done', 'invalid', 'link', 'limited', 'unavailable'] as const;
export type UnsubscribeResultCode = (typeof UNSUBSCRIBE_RESULTS)[number];

export interface UnsubscribeDeps {
  db: () => Promise<PlatformDb>;
  limit: SharedRateLimit;
  now: () => Date;
  /** The key unsubscribe tokens are signed with (services/unsubscribe-token: unsubscribeKey). */
  key: () => Buffer;
}

export function unsubscribeLimit(db?: PlatformDb): SharedRateLimit {
  return new SharedRateLimit('unsubscribe', UNSUBSCRIBES_PER_WINDOW, UNSUBSCRIBE_WINDOW_MS, db ? { db } : {});
}

type Read =
  { ok: true; form: boolean; email: unknown; token: unknown } | { ok: false; status: 400 | 413; error: string };

/** A one-click unsubscribe (RFC 8058 §3.1): the body names it, the link's own query carries who. */
function oneClick(request: Request, fields: { get(name: string): unknown }): Read | undefined {
  if (fields.get(ONE_CLICK_FIELD) !== ONE_CLICK_VALUE) return undefined;
  const query = new URL(request.url).searchParams;
  return { ok: true, form: false, email: query.get('email') ?? '', token: query.get('token') ?? '' };
}

async function readRequest(request: Request): Promise<Read> {
  const type = (request.headers.get('content-type') ?? '').toLowerCase();
  const json = type.startsWith('application/json');
  const form = type.startsWith('application/x-www-form-urlencoded');
  // Mail providers may send a one-click unsubscribe as multipart/form-data (RFC 8058 §3.1).
  const multipart = type.startsWith('multipart/form-data');
  if (!json && !form && !multipart)
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
  if (multipart) {
    let fields: FormData;
    try {
      fields = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
    } catch {
      fields = new FormData();
    }
    return (
      oneClick(request, fields) ?? {
        ok: false,
        status: 400,
        error: `Send the request as JSON (Content-Type: application/json) or as a form. ${UNSUBSCRIBE_MESSAGES.badBody}`,
      }
    );
  }
  const text = bytes.toString('utf8');
  if (form) {
    const fields = new URLSearchParams(text);
    return (
      oneClick(request, fields) ?? {
        ok: true,
        form: true,
        email: fields.get('email') ?? '',
        token: fields.get('token') ?? '',
      }
    );
  }
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
  const { email, token } = body as { email: unknown; token?: unknown };
  return { ok: true, form: false, email, token };
}

/**
 * The page again, with the outcome and (unless it worked) what was sent, so the shopper can try again:
 * the address, and the link's token unless it was the token that was refused.
 */
function backToPage(result: UnsubscribeResultCode, email: unknown, token: unknown): Response {
  const query = new URLSearchParams({ result });
  if (result !== 'done' && typeof email === 'string' && email.length <= 254) query.set('email', email);
  if (result !== 'done' && result !== 'link' && typeof token === 'string' && UNSUBSCRIBE_TOKEN_PATTERN.test(token))
    query.set('token', token);
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
    read.form
      ? backToPage(result, read.email, read.token)
      : answer(status, error ? { success: false, error } : { success: true });

  const tenant = caller.tenant;
  const verdict = await deps.limit.attempt(`${tenant.slug}|${caller.ip ?? 'unknown'}`, deps.now().getTime());
  if (verdict === 'limited') return reply(429, 'limited', UNSUBSCRIBE_MESSAGES.tooMany);
  if (!normaliseEmail(read.email)) return reply(400, 'invalid', UNSUBSCRIBE_MESSAGES.invalidEmail);
  // Only the link in an e-mail to the address proves it is the sender's (issue 30 L7).
  if (!unsubscribeTokenMatches(read.token, tenant.slug, read.email, deps.key()))
    return reply(
      403,
      'link',
      read.token === undefined || read.token === '' ? UNSUBSCRIBE_MESSAGES.needsLink : UNSUBSCRIBE_MESSAGES.badLink,
    );
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
