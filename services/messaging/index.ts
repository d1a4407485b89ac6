import { hoursSourceOf, upcomingHours } from '../../domain/locations/upcoming-hours';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { receiveLead } from '../leads';
import { getStockRepository } from '../stock';
import { sendInstantMessage, type MessageAnswer, type MessageCaller } from './send-message';

export type { MessageAnswer, MessageCaller } from './send-message';
export type { MessagingProvider, InstantMessage, MessageResult } from './provider';

/** Today's hours at the car's location, else at the site's first location that lists opening hours. */
async function hoursToday(tenant: ResolvedTenant, carId: number | undefined): Promise<string | undefined> {
  const stock = await getStockRepository();
  const [locations, cars] = await Promise.all([
    stock.locations(tenant.dealerships),
    carId ? stock.carsByIds([carId]) : Promise.resolve([]),
  ]);
  const carLocation = cars[0]?.location_id;
  const location =
    locations.find((l) => l.id === carLocation) ??
    locations.find((l) => (l.contact_detail?.opening_hours?.length ?? 0) > 0);
  if (!location) return undefined;
  return upcomingHours(hoursSourceOf(location), new Date(), 1)[0]?.hours;
}

/** One chat-bubble post on the process-wide leads pipeline, with the site's provider. */
export function receiveInstantMessage(caller: MessageCaller): Promise<MessageAnswer> {
  return sendInstantMessage({ storeLead: receiveLead, env: process.env, hoursToday }, caller);
}
