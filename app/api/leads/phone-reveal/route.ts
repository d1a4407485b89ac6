/**
 * POST /api/leads/phone-reveal with JSON { car_id } (catalogue §7: lead record on phone reveal with
 * car_id, dealership_id, website_id). The dealership and website come from the server's own data,
 * never from the body; only a car this site lists is accepted. Never cached.
 */
import { answer, apiCaller } from '@/engine/api-request';
import { getDatabase } from '@/services/db/database';
import { getStockRepository } from '@/services/stock';
import { recordPhoneReveal } from '@/services/leads/phone-reveals';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { error: 'Unknown site' });
  const { tenant } = caller;
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    return answer(400, { error: 'Send JSON like {"car_id": 123}' });
  }
  const carId = (body as { car_id?: unknown } | null)?.car_id;
  if (typeof carId !== 'number' || !Number.isInteger(carId) || carId < 1) return answer(400, { error: 'car_id must be a positive whole number' });
  const [car] = await (await getStockRepository()).carsByIds([carId]);
  if (!car || !tenant.dealerships.includes(car.dealership_id)) return answer(404, { error: 'No such car on this site' });
  const id = await recordPhoneReveal(await getDatabase(), { carId, dealershipId: car.dealership_id, websiteId: tenant.slug, userAgent: caller.userAgent }, new Date());
  return answer(201, { success: true, id });
}
