/**
 * POST /api/studio/sign-out: the sign-out button of every Studio page, a plain form (no script).
 * Only a form on the Studio's own pages may post it (the browser's Origin header); the library ends
 * the session and clears the cookie, and the browser goes to the sign-in page.
 */
import { answer } from '../../server/http/api-request';
import { studioOrigin } from '../../domain/studio/studio-host';
import { STAFF_AUTH_BASE_PATH, staffAuthFor } from '../../services/staff-auth/staff-auth';

export async function handleSignOut(request: Request): Promise<Response> {
  const origin = studioOrigin(request.headers.get('host'));
  if (!origin) return answer(404, { message: 'Not found.' });
  if (request.headers.get('origin') !== origin) return answer(403, { message: 'Sign out from a Studio page.' });
  const headers = new Headers({ origin, 'content-type': 'application/json' });
  const cookie = request.headers.get('cookie');
  if (cookie) headers.set('cookie', cookie);
  const auth = await staffAuthFor(origin);
  const signedOut = await auth.handler(
    new Request(`${origin}${STAFF_AUTH_BASE_PATH}/sign-out`, { method: 'POST', headers, body: '{}' }),
  );
  // 303: the browser follows with a GET of the sign-in page, whatever the library answered (no session is fine).
  const response = new Response(null, {
    status: 303,
    headers: { location: '/sign-in?signed-out=1', 'cache-control': 'no-store' },
  });
  for (const value of signedOut.headers.getSetCookie()) response.headers.append('set-cookie', value);
  return response;
}
