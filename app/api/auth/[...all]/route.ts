/**
 * /api/auth/*: the account endpoints of better-auth (sign-up, sign-in by password or code,
 * verification, sign-out, session) for the site the proxy resolved, in the site's account scope.
 * The caller's address (proxy-aware, see apiCaller) is handed over for the library's rate limits.
 */
import { answer, apiCaller } from '@/engine/api-request';
import { isSwitchedOn } from '@/domain/switches';
import { authFor, CLIENT_IP_HEADER } from '@/services/auth/auth-instance';
import { requestOrigin } from '@/services/auth/session';

export const dynamic = 'force-dynamic';

async function handle(request: Request): Promise<Response> {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  if (!isSwitchedOn('accounts', caller.tenant.features)) return answer(404, { success: false, message: 'This site has no shopper accounts.' });
  const headers = new Headers(request.headers);
  headers.delete(CLIENT_IP_HEADER);
  if (caller.ip) headers.set(CLIENT_IP_HEADER, caller.ip);
  const origin = requestOrigin(request.headers);
  const url = new URL(request.url);
  try {
    const auth = await authFor(caller.tenant, origin);
    const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      init.body = request.body;
      init.duplex = 'half';
    }
    return await auth.handler(new Request(`${origin}${url.pathname}${url.search}`, init));
  } catch (error) {
    console.error('Account call failed', error);
    return answer(503, { success: false, message: 'Signing in is not available just now. Please try again in a moment.' });
  }
}

export const GET = handle;
export const POST = handle;
