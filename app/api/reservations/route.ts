/**
 * POST /api/reservations: reserve a car online with the reservation form's fields (the lead
 * envelope of /api/leads plus car_id). Answers lead_id and the reservation, or why not; the car's
 * cached pages are refreshed so they show RESERVED. Where the site gates its checkout page behind
 * sign-in, so is this call (401 with sign_in_url). Never cached.
 */
import { after } from 'next/server';
import { revalidatePath } from 'next/cache';
import { answer, apiCaller, jsonBody } from '@/server/http/api-request';
import { shopperDevice, withDeviceCookie } from '@/server/http/device-cookie';
import { checkoutGateDecision } from '@/server/http/checkout-gate';
import { deliverLeadsNow } from '@/server/background/lead-delivery';
import { sessionUser } from '@/services/auth/session';
import { receiveReservation } from '@/services/reservations';
import { getStockRepository } from '@/services/stock';
import { cachedPagePath } from '@/engine/tenant-request';
import { refreshStockGeneration } from '@/server/background/stock-sync';

export const dynamic = 'force-dynamic';

export async function POST(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { success: false, error: 'Unknown site' });
  const read = await jsonBody(request);
  if (!read.ok)
    return answer(read.tooLarge ? 413 : 400, { success: false, error: `The form could not be read. ${read.error}` });
  const { tenant } = caller;
  // Holds are counted per browser too (issue 30 M2): the first form a browser sends gives it an id.
  const device = shopperDevice(request.headers);
  try {
    const result = await receiveReservation({
      ...caller,
      device: device.id,
      body: read.body,
      checkoutGate: async (car) =>
        checkoutGateDecision(tenant, car, {
          signedIn: (await sessionUser(tenant, request.headers)) !== undefined,
          referer: caller.referer ?? null,
          host: caller.host ?? null,
        }),
    });
    if (result.body.success && 'reservation_id' in result.body) {
      const carId = (read.body as { car_id?: unknown }).car_id;
      const [car] = typeof carId === 'number' ? await (await getStockRepository()).carsByIds([carId]) : [];
      // This process's cached pages move to the new stock generation now; the others within a second.
      await refreshStockGeneration();
      if (car) {
        // Under the site's published version when it has one (engine/resolve-host.ts).
        revalidatePath(cachedPagePath(tenant.slug, `/cars/${car.slug}`));
        revalidatePath(cachedPagePath(tenant.slug, `/cars/${car.slug}/checkout`));
      }
    }
    if (result.body.success) after(() => deliverLeadsNow());
    return withDeviceCookie(answer(result.status, result.body), request, device);
  } catch (error) {
    console.error('Reservation failed', error);
    return answer(503, {
      success: false,
      error: 'We could not reserve the car just now. Please try again in a moment, or call us.',
    });
  }
}
