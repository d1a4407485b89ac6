/**
 * POST /api/leads/phone-reveal with JSON { car_id } (catalogue §7: lead record on phone reveal with
 * car_id, dealership_id, website_id). The dealership and website come from the server's own data,
 * never from the body; only a car this site lists is accepted. Only application/json is read (no
 * cross-site form posts), and each address may reveal a limited number of phones. Never cached.
 */
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { PHONE_REVEAL_LIMIT_MESSAGE, phoneRevealAllowed } from '@/server/http/interaction-limits';
import { getDatabase } from '@/services/db/database';
import { getStockRepository } from '@/services/stock';
import { revealPhone } from '@/services/leads/phone-reveals';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request, 4 * 1024);
  if (!read.ok)
    return answer(read.tooLarge ? 413 : 400, {
      success: false,
      error: `${read.error} Send JSON like {"car_id": 123}.`,
    });
  if (!(await phoneRevealAllowed(caller.tenant.slug, caller.ip)))
    return answer(429, { success: false, error: PHONE_REVEAL_LIMIT_MESSAGE });
  try {
    const result = await revealPhone(
      { db: await getDatabase(), stock: await getStockRepository(), now: new Date() },
      caller.tenant,
      read.body,
      caller.userAgent,
    );
    return answer(result.status, result.body);
  } catch (error) {
    console.error('Recording a phone reveal failed', error);
    return answer(503, {
      success: false,
      error: 'We could not record that just now. The phone number is on the page.',
    });
  }
}
