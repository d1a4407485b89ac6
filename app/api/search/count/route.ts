/**
 * GET /api/search/count?refinementList[make][0]=Kia&range[price]=:20000 — how many cars the
 * search page would show for these parameters (catalogue §2 'Show Me N cars'), for the home
 * page's quick search. The tenant comes from the proxy's header and its scope is applied by the
 * search service, so no parameter can widen what the site lists. Failures are answers, never a 500.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { getSearchService } from '@/services/search';
import { countSearch } from '@/services/search/search-page';

export const dynamic = 'force-dynamic';

/** Longer query strings are not something the quick search sends. */
const MAX_QUERY_LENGTH = 2_000;

// A short private cache: the same choices picked again within the minute need no new request.
const answer = (status: number, body: unknown, cache = 'private, max-age=30') =>
  Response.json(body, { status, headers: { 'cache-control': status === 200 ? cache : 'no-store' } });

export async function GET(request: Request) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant) return answer(404, { error: 'Unknown site' });
  const url = new URL(request.url);
  if (url.search.length > MAX_QUERY_LENGTH) return answer(400, { error: 'Too many search choices.' });
  try {
    return answer(200, { count: await countSearch(await getSearchService(), tenant, url.searchParams, new Date()) });
  } catch (error) {
    console.error('Counting the search results failed', error);
    return answer(503, { error: 'The number of cars could not be counted just now.' });
  }
}
