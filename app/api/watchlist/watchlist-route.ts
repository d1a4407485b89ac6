import { answer, apiCaller, fromThisSite, jsonBody } from '@/server/http/api-request';
import { isSwitchedOn } from '@/domain/switches';
import { WATCHLIST_MESSAGES } from '@/domain/accounts/watchlist-request';
import { sessionUser } from '@/services/auth/session';
import { changeWatchlist, mergeFavourites } from '@/services/watchlist';

/** The shared POST of the watchlist calls: site, CSRF, JSON and session checks, then the change. */
export async function watchlistPost(request: Request, action: 'save' | 'remove' | 'merge'): Promise<Response> {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  if (!isSwitchedOn('accounts', caller.tenant.features))
    return answer(404, { success: false, error: 'This site has no watchlist.' });
  if (!fromThisSite(request)) return answer(403, { success: false, error: 'This call must come from this site.' });
  const read = await jsonBody(request, 16 * 1024);
  if (!read.ok)
    return answer(read.tooLarge ? 413 : 400, { success: false, error: `${read.error} ${WATCHLIST_MESSAGES.badBody}` });
  try {
    const user = await sessionUser(caller.tenant, request.headers);
    const result =
      action === 'merge'
        ? await mergeFavourites(caller.tenant, user, read.body, new Date())
        : await changeWatchlist(action, caller.tenant, user, read.body, new Date());
    return answer(result.status, result.body);
  } catch (error) {
    console.error(`Watchlist ${action} failed`, error);
    return answer(503, { success: false, error: 'Your watchlist could not be updated just now. Please try again.' });
  }
}
