/**
 * GET /api/compare?ids=1,2,3: the cars of a comparison (catalogue §1, §6) as the compare page shows
 * them, at most 4, only cars this site lists (others come back in `missing`, so the page can say
 * 'No longer available'). The tenant comes from the proxy's header, never from the request. Not
 * cached: prices must be today's, as on the vehicle page. Any failure is an answer the page can
 * show, never a 500 page.
 */
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { isSwitchedOn } from '@/domain/switches';
import { parseCompareIds } from '@/domain/compare';
import { compareCars } from '@/services/stock/compare-cars';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown) =>
  Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function GET(request: Request) {
  const tenant = getTenant((await headers()).get(TENANT_HEADER) ?? '');
  if (!tenant || !isSwitchedOn('compare', tenant.features)) return answer(404, { error: 'Unknown site' });
  const parsed = parseCompareIds(new URL(request.url).searchParams.get('ids'));
  if (!parsed.ok) return answer(400, { error: parsed.error });
  try {
    return answer(200, await compareCars(tenant, parsed.ids, new Date()));
  } catch (error) {
    console.error('Loading the cars to compare failed', error);
    return answer(503, { error: 'The cars could not be loaded just now. Please try again.' });
  }
}
