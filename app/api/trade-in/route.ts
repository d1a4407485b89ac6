/**
 * POST /api/trade-in: one step of the online trade-in valuation (conversion §2.3, §7 item 4):
 * {step: "vehicle"} with rego, regoState and the car; {step: "adjustments"} with the answers, which
 * answers the offer; {step: "accept"} with contact details and offer_accepted, which completes the
 * lead. Each step is stored before it is answered. Never cached.
 */
import { after } from 'next/server';
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { deliverLeadsNow } from '@/engine/lead-delivery';
import { receiveTradeIn } from '@/services/leads';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: Request) {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant) return answer(404, { success: false, error: 'Unknown site' });
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { success: false, error: 'The form could not be read: send JSON.' });
  }
  const ip = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim();
  const userAgent = requestHeaders.get('user-agent') ?? undefined;
  try {
    const result = await receiveTradeIn(tenant, body, { ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) });
    if (result.body.success && result.body.completed) after(() => deliverLeadsNow());
    return answer(result.status, result.body);
  } catch (error) {
    console.error('Trade-in step failed', error);
    return answer(503, { success: false, error: 'We could not save your details just now. Please try again in a moment.' });
  }
}
