/** GET /api/account/session: who is signed in on this site and their watchlist (car ids); never cached. */
import { answer, apiCaller } from '@/server/http/api-request';
import { isSwitchedOn } from '@/domain/switches';
import { sessionUser } from '@/services/auth/session';
import { watchlistIds } from '@/services/watchlist';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { user: null, watchlist: [] });
  if (!isSwitchedOn('accounts', caller.tenant.features))
    return answer(200, { user: null, watchlist: [], accounts: false });
  try {
    const user = await sessionUser(caller.tenant, request.headers);
    if (!user) return answer(200, { user: null, watchlist: [] });
    return answer(200, {
      user: { name: user.name, email: user.email ?? null, phoneNumber: user.phoneNumber ?? null },
      watchlist: await watchlistIds(caller.tenant, user),
    });
  } catch (error) {
    console.error('Session lookup failed', error);
    return answer(503, { user: null, watchlist: [], error: 'Your account could not be loaded just now.' });
  }
}
