/**
 * POST /api/trade-in: one step of the online trade-in valuation (conversion §2.3, §7 item 4):
 * {step: "vehicle"} with rego, regoState and the car; {step: "adjustments"} with the answers, which
 * answers the offer; {step: "accept"} with contact details and offer_accepted, which completes the
 * lead. Each step is stored before it is answered. Never cached.
 */
import { after } from 'next/server';
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { deliverLeadsNow } from '@/server/background/lead-delivery';
import { receiveTradeIn } from '@/services/leads';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request);
  if (!read.ok)
    return answer(read.tooLarge ? 413 : 400, { success: false, error: `The form could not be read. ${read.error}` });
  try {
    const result = await receiveTradeIn(caller.tenant, read.body, caller);
    if (result.body.success && result.body.completed) after(() => deliverLeadsNow());
    return answer(result.status, result.body);
  } catch (error) {
    console.error('Trade-in step failed', error);
    return answer(503, {
      success: false,
      error: 'We could not save your details just now. Please try again in a moment.',
    });
  }
}
