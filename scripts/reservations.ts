/**
 * `npm run reservations`: cars held by online reservations (issue 7) on the database named by
 * DATABASE_URL. A hold lasts until the dealer releases it here or, while its deposit is unpaid,
 * until the site's vehicle.reserveHoldHours have passed (issue 14; the server releases those on
 * its own, every few minutes).
 *   npm run reservations                                         held cars: car, shopper (lead), deposit, its payment, when it runs out
 *   npm run reservations -- --release <id> [--note text] [--by name]   release a hold: the car reads as the feed says again
 *   npm run reservations -- --expire                             release the unpaid holds that have run out now, and queue each dealer's notice
 */
import { getDatabase } from '../services/db/database';
import { holdSite } from '../server/background/lead-delivery';
import { loadPublishedTenantsOnce } from '../server/background/tenant-sync';
import { expireUnpaidHolds } from '../services/reservations/expire-holds';
import { releaseReservation } from '../services/reservations/reservations';
import { DEFAULT_CURRENCY, formatMoney } from '../domain/format';
import { runMain } from './run-main';
import { leadFieldText } from '../services/leads/lead-record';

const USAGE = 'usage: npm run reservations [-- --release <id> [--note text] [--by name] | --expire]';

function option(args: readonly string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

const field = leadFieldText;

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const db = await getDatabase();
  // The site's notices and clock as the server serves them: its published version when it has one.
  await loadPublishedTenantsOnce();
  try {
    if (args.includes('--release')) {
      const id = Number(option(args, '--release'));
      if (!Number.isSafeInteger(id) || id <= 0) {
        console.error(USAGE);
        return 2;
      }
      const note = option(args, '--note');
      const by = option(args, '--by') || process.env.USER || 'cli';
      const result = await releaseReservation(db, id, { by, note, now: new Date() });
      if (!result.ok) {
        console.error(result.message);
        return 1;
      }
      console.log(
        `Released reservation #${id}: car ${result.reservation.carId} is no longer held (search and cards follow on their next request).`,
      );
      return 0;
    }
    if (args.includes('--expire')) {
      const expired = await expireUnpaidHolds(db, { now: new Date(), site: holdSite });
      console.log(
        expired.length
          ? `Released ${expired.length} unpaid hold${expired.length === 1 ? '' : 's'} that ran out:`
          : 'No unpaid holds have run out.',
      );
      for (const e of expired) {
        console.log(
          `  #${e.reservation.id} car ${e.reservation.carId}: notice lead #${e.noticeLeadId}, ${e.queued ? `queued to ${e.queued} destination${e.queued === 1 ? '' : 's'} (delivered by the outbox, or npm run leads -- --deliver)` : 'no destinations: see npm run leads'}`,
        );
      }
      return 0;
    }
    if (args.some((a) => a.startsWith('--'))) {
      console.error(USAGE);
      return 2;
    }
    const held = await db
      .selectFrom('reservations')
      .innerJoin('cars', 'cars.id', 'reservations.car_id')
      .leftJoin('leads', 'leads.id', 'reservations.lead_id')
      .leftJoin('payment_intents', 'payment_intents.id', 'reservations.payment_intent_id')
      .select([
        'reservations.id',
        'reservations.tenant',
        'reservations.car_id',
        'reservations.lead_id',
        'reservations.deposit',
        'reservations.held_at',
        'reservations.note',
        'reservations.expires_at',
        'cars.slug',
        'cars.year',
        'cars.make',
        'cars.model',
        'cars.withdrawn_at',
        'leads.fields',
        'payment_intents.status as payment_status',
        'payment_intents.amount_cents',
        'payment_intents.currency',
        'payment_intents.provider',
      ])
      .where('reservations.status', '=', 'held')
      .orderBy('reservations.id')
      .execute();
    console.log(
      held.length
        ? `${held.length} held reservation${held.length === 1 ? '' : 's'}:`
        : 'No cars are held by reservations.',
    );
    for (const r of held) {
      const currency = holdSite(r.tenant)?.currency ?? DEFAULT_CURRENCY;
      const who = `${field(r.fields, 'name')} ${field(r.fields, 'last_name')}`.trim();
      const contact = [field(r.fields, 'email'), field(r.fields, 'phone')].filter(Boolean).join(', ');
      const shopper = r.lead_id
        ? `lead #${r.lead_id} ${who || '(no name)'}${contact ? ` <${contact}>` : ''}`
        : 'no lead';
      const payment = r.payment_status
        ? `payment ${r.payment_status} ${formatMoney((r.amount_cents ?? 0) / 100, r.currency ?? currency)} (${r.provider})`
        : r.deposit > 0
          ? 'no payment recorded'
          : 'no deposit';
      console.log(
        `  #${r.id} ${r.held_at} ${r.tenant} car ${r.car_id} ${r.year} ${r.make} ${r.model} (${r.slug})${r.withdrawn_at ? ' [withdrawn from the feed]' : ''}`,
      );
      const runsOut =
        r.payment_status === 'paid' || !r.expires_at ? 'held until released' : `runs out ${r.expires_at} unless paid`;
      console.log(
        `      ${shopper}; deposit ${formatMoney(r.deposit, currency)}, ${payment}; ${runsOut}${r.note ? `; note: ${r.note}` : ''}`,
      );
    }
    if (held.length) console.log('Release one with: npm run reservations -- --release <id> [--note text]');
    return 0;
  } finally {
    await db.destroy();
  }
}

runMain(main);
