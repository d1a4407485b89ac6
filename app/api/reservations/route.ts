/**
 * POST /api/reservations: reserve a car online with the reservation form's fields (the lead
 * envelope of /api/leads plus car_id). Answers lead_id and the reservation, or why not; the car's
 * cached page is refreshed so it shows RESERVED. Never cached.
 */
import { after } from 'next/server';
import { revalidatePath } from 'next/cache';
import { headers } from 'next/headers';
import { TENANT_HEADER } from '@/engine/tenant-header';
import { getTenant } from '@/engine/tenant-request';
import { deliverLeadsNow } from '@/engine/lead-delivery';
import { receiveReservation } from '@/services/reservations';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

const answer = (status: number, body: unknown) => Response.json(body, { status, headers: { 'cache-control': 'no-store' } });

export async function POST(request: Request) {
  const requestHeaders = await headers();
  const tenant = getTenant(requestHeaders.get(TENANT_HEADER) ?? '');
  if (!tenant) return answer(404, { success: false, error: 'Unknown site' });
  let body: unknown;
  try {
    body = JSON.parse(await request.text());
  } catch {
    return answer(400, { success: false, error: 'The form could not be read: send JSON.' });
  }
  const ip = requestHeaders.get('x-forwarded-for')?.split(',')[0]?.trim();
  const userAgent = requestHeaders.get('user-agent') ?? undefined;
  try {
    const result = await receiveReservation({ tenant, body, ...(ip ? { ip } : {}), ...(userAgent ? { userAgent } : {}) });
    if (result.body.success && 'reservation_id' in result.body) {
      const carId = (body as { car_id?: number }).car_id;
      const [car] = carId ? await (await getStockRepository()).carsByIds([carId]) : [];
      if (car) {
        revalidatePath(`/site/${tenant.slug}/cars/${car.slug}`);
        revalidatePath(`/site/${tenant.slug}/cars/${car.slug}/checkout`);
      }
    }
    if (result.body.success) after(() => deliverLeadsNow());
    return answer(result.status, result.body);
  } catch (error) {
    console.error('Reservation failed', error);
    return answer(503, { success: false, error: 'We could not reserve the car just now. Please try again in a moment, or call us.' });
  }
}
