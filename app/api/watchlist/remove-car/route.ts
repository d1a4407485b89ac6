/** POST /api/watchlist/remove-car (catalogue §7): JSON { phone_number, car_id }; answers { success }. */
import { watchlistPost } from '../watchlist-route';

export const dynamic = 'force-dynamic';

export const POST = (request: Request) => watchlistPost(request, 'remove');
