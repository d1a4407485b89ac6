/**
 * POST /api/unsubscribe: the /pages/unsubscribe form posts here (conversion §2.3), as JSON from its
 * script or as a plain form post without JavaScript, and mail providers post one-click unsubscribes
 * here (RFC 8058). Withdraws marketing consent for the address on this site when the token of its
 * e-mail's link comes with it (issue 30 L7); the same answer for every address. Never cached.
 */
import { apiCaller } from '@/server/http/api-request';
import { unsubscribeLimit, unsubscribePost } from '@/server/http/unsubscribe-post';
import { getDatabase } from '@/services/db/database';
import { unsubscribeKey } from '@/services/unsubscribe-token';

export const dynamic = 'force-dynamic';

const limit = unsubscribeLimit();

export async function POST(request: Request) {
  return unsubscribePost(request, await apiCaller(), {
    db: getDatabase,
    limit,
    now: () => new Date(),
    key: () => unsubscribeKey(),
  });
}
