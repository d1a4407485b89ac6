/**
 * GET /api/appointments?location=ID: the free test-drive slots of one of this site's locations
 * (catalogue §7 Appointments fetch for test-drive booking), grouped by the location's day, for the
 * test-drive form. Not cached: a slot booked a second ago must not be offered again (the booking
 * itself refuses it anyway, with a 409). Never a 500: a failure is an answer the form can show.
 */
import { answer, apiCaller } from '@/server/http/api-request';
import { slotsByDay, testDriveLocations } from '@/domain/appointments/slots';
import { embeddedAppointments } from '@/services/appointments';
import { getDatabase } from '@/services/db/database';
import { getStockRepository } from '@/services/stock';

export const dynamic = 'force-dynamic';

export async function GET(request: Request) {
  const caller = await apiCaller();
  if (!caller) return answer(404, { error: 'Unknown site' });
  const raw = new URL(request.url).searchParams.get('location') ?? '';
  if (!/^\d{1,9}$/.test(raw)) return answer(400, { error: 'Please choose a location.' });
  const { tenant } = caller;
  try {
    const stock = await getStockRepository();
    const location = testDriveLocations(await stock.locations(tenant.dealerships)).find((l) => l.id === Number(raw));
    if (!location) return answer(404, { error: 'This site takes no test drives at that location.' });
    const slots = await embeddedAppointments(await getDatabase()).freeSlots(location, new Date(), tenant.testDrive);
    return answer(200, {
      location: { id: location.id, name: location.name, timeZone: location.time_zone },
      days: slotsByDay(slots),
    });
  } catch (error) {
    console.error('Loading test-drive times failed', error);
    return answer(503, {
      error: 'The times could not be loaded just now. You can still send the form without a time.',
    });
  }
}
