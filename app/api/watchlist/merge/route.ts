/** POST /api/watchlist/merge: JSON { car_ids }, the favourites kept in the browser, added to the watchlist after sign-in; answers { success, watchlist }. */
import { watchlistPost } from '../watchlist-route';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => watchlistPost(request, 'merge');
