/**
 * /api/studio/auth/*: the staff sign-in calls the Studio's sign-in page makes (password, code by
 * e-mail, sign-out, session), on the Studio's host only. Every other call of the library stays
 * closed (sign-up is off in the library too). The caller's address goes to the library's limits
 * per address; limits per e-mail address are added here, so rotating addresses buys nothing.
 */
import { answer, authCallBody, callerAddress } from '../../server/http/api-request';
import { studioOrigin } from '../../domain/studio/studio-host';
import { CLIENT_IP_HEADER } from '../../services/auth/auth-instance';
import { SharedRateLimit } from '../../services/rate-limit';
import { STAFF_AUTH_BASE_PATH, staffAuthFor } from '../../services/staff-auth/staff-auth';

const scale = Math.max(1, Number(process.env.AUTH_RATE_LIMIT_SCALE ?? 1) || 1);
/**
 * Codes sent to one address: 5 per 15 minutes. Password attempts and code guesses on one address:
 * 10 per 15 minutes each. Counted in the database, so the limits hold across every process (issue 17).
 */
const codesPerAddress = new SharedRateLimit('staff-codes', 5 * scale, 15 * 60_000);
const passwordsPerAddress = new SharedRateLimit('staff-passwords', 10 * scale, 15 * 60_000);
const codeGuessesPerAddress = new SharedRateLimit('staff-code-guesses', 10 * scale, 15 * 60_000);

/** The calls the sign-in page and the sign-out button make, with their method and per-address limit. */
const CALLS: Record<string, { method: 'GET' | 'POST'; limit?: SharedRateLimit }> = {
  '/sign-in/email': { method: 'POST', limit: passwordsPerAddress },
  '/email-otp/send-verification-otp': { method: 'POST', limit: codesPerAddress },
  '/sign-in/email-otp': { method: 'POST', limit: codeGuessesPerAddress },
  '/sign-out': { method: 'POST' },
  '/get-session': { method: 'GET' },
};
const MAX_BODY = 8 * 1024;
const UNAVAILABLE = 'Signing in is not available just now. Please try again in a moment.';

export async function handleStaffAuth(request: Request): Promise<Response> {
  const origin = studioOrigin(request.headers.get('host'));
  if (!origin) return answer(404, { message: 'Not found.' });
  const url = new URL(request.url);
  const path = url.pathname.slice(STAFF_AUTH_BASE_PATH.length) || '/';
  const call = Object.hasOwn(CALLS, path) ? CALLS[path] : undefined;
  if (!call) return answer(404, { message: 'Not found.' });
  if (request.method !== call.method) return answer(405, { message: `Use ${call.method} for this call.` });

  const read = await authCallBody(request, MAX_BODY);
  if (!read.ok) return answer(read.status, { message: read.message });
  const { body } = read;
  // Codes are for signing in only: there is no sign-up, and passwords are set by an admin.
  if (path === '/email-otp/send-verification-otp' && body.type !== 'sign-in')
    return answer(400, { message: 'Unknown code type.' });
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : '';
  if (call.limit && email) {
    const verdict = await call.limit.attempt(`${path}|${email}`);
    if (verdict === 'limited')
      return answer(429, { message: 'Too many attempts. Please wait a few minutes and try again.' });
    // Unchecked, a code or password guess is refused: these limits are what stops guessing and
    // message flooding, and signing in needs the same database anyway.
    if (verdict === 'unavailable') return answer(503, { message: UNAVAILABLE });
  }

  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  const ip = callerAddress(request.headers);
  if (ip) headers.set(CLIENT_IP_HEADER, ip);
  headers.delete('content-length');
  try {
    const auth = await staffAuthFor(origin);
    const response = await auth.handler(
      new Request(`${origin}${url.pathname}${url.search}`, {
        method: request.method,
        headers,
        ...(request.method === 'POST' ? { body: JSON.stringify(body) } : {}),
      }),
    );
    response.headers.set('cache-control', 'no-store');
    return response;
  } catch (error) {
    console.error('Studio sign-in call failed', error);
    return answer(503, { message: UNAVAILABLE });
  }
}
