/**
 * POST /api/reservations: reserve a car online with the reservation form's fields (the lead
 * envelope of /api/leads plus car_id). Answers lead_id and the reservation, or why not; the car's
 * cached pages are refreshed so they show RESERVED. Never cached.
 */
import { after } from 'next/server';
import { revalidatePath } from 'next/cache';
import { answer, apiCaller, jsonBody } from '@/engine/api-request';
import { deliverLeadsNow } from '@/engine/lead-delivery';
import { receiveReservation } from '@/services/reservations';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request);
  if (!read.ok) return answer(read.tooLarge ? 413 : 400, { success: false, error: 'The form could not be read: send JSON.' });
  try {
    const result = await receiveReservation({ ...caller, body: read.body });
    if (result.body.success && 'reservation_id' in result.body) {
      const carId = (read.body as { car_id?: number }).car_id;
      const [car] = carId ? await (await getStockRepository()).carsByIds([carId]) : [];
      if (car) {
        revalidatePath(`/site/${caller.tenant.slug}/cars/${car.slug}`);
        revalidatePath(`/site/${caller.tenant.slug}/cars/${car.slug}/checkout`);
      }
    }
    if (result.body.success) after(() => deliverLeadsNow());
    return answer(result.status, result.body);
  } catch (error) {
    console.error('Reservation failed', error);
    return answer(503, { success: false, error: 'We could not reserve the car just now. Please try again in a moment, or call us.' });
  }
}
