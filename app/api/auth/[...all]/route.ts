/**
 * /api/auth/*: the account calls of better-auth that the sign-in page uses (sign-up, sign-in by
 * password or code, verification, sign-out, session) for the site the proxy resolved, in the site's
 * account scope. Everything else the library offers stays closed. The caller's address (see
 * apiCaller) is handed over for the library's per-address limits; limits per e-mail address or
 * phone number are added here, so rotating addresses does not buy more codes or guesses.
 */
import { answer, apiCaller, authCallBody } from '@/server/http/api-request';
import { isSwitchedOn } from '@/domain/switches';
import { authCallRefusal, callIdentifier } from '@/domain/accounts/auth-calls';
import { authFor, AUTH_BASE_PATH, CLIENT_IP_HEADER } from '@/services/auth/auth-instance';
import { hasSessionCookie, requestOrigin } from '@/services/auth/session';
import { SharedRateLimit } from '@/services/rate-limit';

export const dynamic = 'force-dynamic';

const scale = Math.max(1, Number(process.env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1);
/**
 * Codes sent to one address or number: 5 per 15 minutes. Password attempts on one address: 10 per
 * 15 minutes. Counted in the database, so the limits hold across every process (issue 17).
 */
const codesPerIdentifier = new SharedRateLimit('account-codes', 5 * scale, 15 * 60_000);
const passwordsPerIdentifier = new SharedRateLimit('account-passwords', 10 * scale, 15 * 60_000);
const LIMITED: Record<string, SharedRateLimit> = {
  '/email-otp/send-verification-otp': codesPerIdentifier,
  '/phone-number/send-otp': codesPerIdentifier,
  '/sign-in/email': passwordsPerIdentifier,
};
const MAX_BODY = 16 * 1024;
const UNAVAILABLE = 'Signing in is not available just now. Please try again in a moment.';

async function handle(request: Request): Promise<Response> {
  const caller = await apiCaller();
  if (!caller) return answer(404, { message: 'Unknown site' });
  const { tenant } = caller;
  if (!isSwitchedOn('accounts', tenant.features)) return answer(404, { message: 'This site has no shopper accounts.' });
  const origin = requestOrigin(tenant, request.headers);
  if (!origin) return answer(400, { message: 'This address is not one of the site’s own.' });
  const url = new URL(request.url);
  const path = url.pathname.slice(AUTH_BASE_PATH.length) || '/';

  const read = await authCallBody(request, MAX_BODY);
  if (!read.ok) return answer(read.status, { message: read.message });
  const { body } = read;
  const signedIn = hasSessionCookie(request.headers);
  const refusal = authCallRefusal({ path, body, signedIn, methods: tenant.accounts.methods });
  if (refusal) return answer(refusal.status, { message: refusal.message });
  const identifier = callIdentifier(path, body);
  const limit = LIMITED[path];
  if (limit && identifier) {
    const verdict = await limit.attempt(`${tenant.slug}|${path}|${identifier}`);
    if (verdict === 'limited')
      return answer(429, { message: 'Too many attempts. Please wait a few minutes and try again.' });
    // Unchecked, a code or password guess is refused: these limits are what stops guessing and
    // message flooding, and signing in needs the same database anyway.
    if (verdict === 'unavailable') return answer(503, { message: UNAVAILABLE });
  }

  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (caller.ip) headers.set(CLIENT_IP_HEADER, caller.ip);
  headers.delete('content-length');
  try {
    const auth = await authFor(tenant, origin);
    return await auth.handler(
      new Request(`${origin}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        ...(request.method === 'POST' ? { body: JSON.stringify(body) } : {}),
      }),
    );
  } catch (error) {
    console.error('Account call failed', error);
    return answer(503, { message: UNAVAILABLE });
  }
}

export const GET = handle;
export const POST = handle;
