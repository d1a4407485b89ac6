/**
 * Issue 30 M2 reproduced over HTTP against the production build: 'One client books every
 * test-drive slot. 196 of 196 slots of a location for 12 days with one e-mail and phone (the only
 * limit is 10 leads per address per 10 minutes; address rotation or a few IPv6 addresses get around
 * it). Reservation holds have the same shape.'
 *
 * The attacker here rotates its address on every post (IPv4 addresses, and several IPv6 addresses
 * of one /64) and never sends a cookie back, so only the limits per e-mail address, phone number,
 * location's day and IPv6 /64 can stop it. Each check failed before the fix.
 */
import SQLite from 'better-sqlite3';
import type { RawResponse } from '../support/server';
import type { Check, Probe } from './reproductions';
import type { SiteFacts } from './targets';

interface Context {
  probe: Probe;
  port: number;
  db: string;
  sites: SiteFacts[];
}

interface DaySlots {
  date: string;
  slots: { start: string }[];
}

const json = (res: RawResponse): Record<string, unknown> => {
  try {
    return JSON.parse(res.body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
};

const errorOf = (res: RawResponse): string => {
  const error = json(res).error;
  return typeof error === 'string' ? error : '';
};

function query<T>(file: string, sql: string, ...params: unknown[]): T[] {
  const db = new SQLite(file, { readonly: true });
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A run-unique tag, so a second run on the same database meets no bookings of the first. */
const RUN = Date.now().toString(36);

function details(email: string, phone: string): Record<string, unknown> {
  return { name: 'Abuse', last_name: 'Bookings', email, phone, postcode: '2000', disclaimer: true };
}

export async function bookingReproductions({ probe: probeAny, db, sites }: Context): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: string) => checks.push({ name, ok, detail });
  // A site whose checkout is not gated behind sign-in (Harbour City's is).
  const site = sites.find((s) => s.host.includes('southerncross')) ?? sites.find((s) => !s.host.includes('harbour'));
  if (!site) return [{ name: 'bookings: a demo site to book on', ok: false, detail: 'no site facts' }];
  const probe: Probe = (options) => probeAny({ host: site.host, ...options });
  const post = (path: string, body: unknown, ip: string) =>
    probe({
      method: 'POST',
      path,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
      body: JSON.stringify(body),
    });
  let keys = 0;
  const key = (what: string) => `abuse-${what}-${RUN}-${++keys}`;

  // A location of the site that takes test drives, and its free times by day.
  const marks = site.dealerships.map(() => '?').join(',');
  const locations = query<{ id: number; dealership: string }>(
    db,
    `SELECT l.id AS id, d.slug AS dealership FROM locations l JOIN dealerships d ON d.id = l.dealership_id WHERE l.dealership_id IN (${marks}) AND l.visible = 1 AND l.location_type IN ('', 'sales', 'used') ORDER BY l.id`,
    ...site.dealerships,
  );
  let location: number | undefined;
  // A group site's forms ask for the preferred dealership: the one of the location booked.
  let dealershipSlug = '';
  let days: DaySlots[] = [];
  for (const { id, dealership } of locations) {
    const res = await probe({ path: `/api/appointments?location=${id}` });
    const offered = (json(res).days ?? []) as DaySlots[];
    if (res.status === 200 && offered.filter((d) => d.slots.length >= 4).length >= 6) {
      location = id;
      dealershipSlug = dealership;
      days = offered.filter((d) => d.slots.length >= 4);
      break;
    }
  }
  if (location === undefined) {
    check('bookings: a location that takes test drives', false, `none of ${locations.length} offers six days`);
    return checks;
  }
  const testDrive = (who: Record<string, unknown>, start: string, ip: string) =>
    post(
      '/api/leads',
      {
        form: 'test-drive',
        idempotencyKey: key('drive'),
        userData: { ...who, location_id: String(location), dealership_slug: dealershipSlug, preferred_time: start },
      },
      ip,
    );

  // 1. One e-mail address and phone number (spelled several ways), a new address for every post.
  const email = `m2-${RUN}@example.com`;
  const spellings: [string, string][] = [
    [email, '0413 000 271'],
    [email.toUpperCase(), '+61 413 000 271'],
    [email.replace('@', '+2@'), '61413000271'],
    [email, '0413000271'],
    [email.replace('m2', 'M2'), '+61 (0)413 000 271'],
  ];
  const addresses = ['10.61.0.1', '10.61.0.2', '2001:db8:61:1::1', '2001:db8:61:1::2', '2001:db8:61:1:ffff:0:0:3'];
  const answers: RawResponse[] = [];
  for (const [i, [mail, phone]] of spellings.entries()) {
    const day = days[i];
    answers.push(await testDrive(details(mail, phone), day?.slots[0]?.start ?? '', addresses[i] ?? '10.61.0.9'));
  }
  const booked = answers.filter((r) => r.status === 201).length;
  const refused = answers.filter((r) => r.status === 409 && /test drives? booked with us/.test(errorOf(r)));
  check(
    'M2: one shopper (one e-mail and phone, rotating IPv4 and IPv6 addresses) books at most 2 test drives; the rest are refused with a message',
    booked === 2 && answers[0]?.status === 201 && answers[1]?.status === 201 && refused.length === answers.length - 2,
    `answers ${answers.map((r) => r.status).join(', ')}; ${refused.length} refused with "${errorOf(refused[0] ?? answers[answers.length - 1]!).slice(0, 120)}"`,
  );
  const other = await testDrive(
    details(`m2-other-${RUN}@example.com`, '0413 000 272'),
    days[5]?.slots[0]?.start ?? '',
    '2001:db8:61:1::4',
  );
  check(
    'M2: another shopper on the same connection still books a test drive',
    other.status === 201,
    `answered ${other.status} ${errorOf(other).slice(0, 120)}`,
  );

  // 2. One client making up a new identity for every post fills at most the day's online share.
  const lastDay = days[days.length - 1] as DaySlots;
  const dayAnswers: RawResponse[] = [];
  for (const [i, slot] of lastDay.slots.entries())
    dayAnswers.push(
      await testDrive(
        details(`m2-day-${RUN}-${i}@example.com`, `0414 ${String(100_000 + i).slice(-6)}`),
        slot.start,
        `10.62.${Math.floor(i / 250)}.${(i % 250) + 1}`,
      ),
    );
  const dayBooked = dayAnswers.filter((r) => r.status === 201).length;
  const dayRefused = dayAnswers.filter(
    (r) => r.status === 409 && errorOf(r).startsWith('All the test-drive times we take online'),
  ).length;
  check(
    "M2: made-up shoppers from rotating addresses book at most half of a location's day; the rest are refused with a message",
    dayBooked > 0 && dayBooked <= Math.ceil(lastDay.slots.length / 2) && dayBooked + dayRefused === dayAnswers.length,
    `${lastDay.slots.length} times on ${lastDay.date}: ${dayBooked} booked, ${dayRefused} refused`,
  );
  const listed = (json(await probe({ path: `/api/appointments?location=${location}` })).days ?? []) as DaySlots[];
  check(
    'M2: a day whose online share is booked is no longer offered',
    !listed.some((d) => d.date === lastDay.date),
    `days offered now: ${listed.length}; ${lastDay.date} ${listed.some((d) => d.date === lastDay.date) ? 'still offered' : 'gone'}`,
  );

  // 3. The lead limit counts an IPv6 /64 as one address: fresh addresses of one /64 do not buy more.
  const enquiries: RawResponse[] = [];
  for (let i = 1; i <= 12; i++)
    enquiries.push(
      await post(
        '/api/leads',
        {
          form: 'general-enquiry',
          idempotencyKey: key('v6'),
          userData: {
            ...details(`m2-v6-${RUN}-${i}@example.com`, `0415 ${String(100_000 + i).slice(-6)}`),
            message: 'Sent from a fresh address of one /64',
            category: 'General Enquiry',
            dealership_slug: dealershipSlug,
          },
        },
        `2001:db8:64:${(RUN.length % 9) + 1}:${i.toString(16)}::${i}`,
      ),
    );
  const firstLimited = enquiries.findIndex((r) => r.status === 429);
  check(
    'M2: twelve enquiries from twelve addresses of one IPv6 /64 meet the per-address lead limit',
    firstLimited > 0 &&
      enquiries.slice(0, firstLimited).every((r) => r.status === 201) &&
      enquiries.slice(firstLimited).every((r) => r.status === 429 && errorOf(r) !== ''),
    `answers ${enquiries.map((r) => r.status).join(', ')}`,
  );

  // 4. Holds: one e-mail and phone reserves car after car from rotating addresses.
  const cars = query<{ id: number }>(
    db,
    `SELECT id FROM cars WHERE show_on_dealer_website = 1 AND status = 'in_stock' AND car_type = 'used' AND withdrawn_at IS NULL AND dealership_id IN (${marks}) AND id NOT IN (SELECT car_id FROM reservations WHERE status = 'held') ORDER BY id DESC LIMIT 40`,
    ...site.dealerships,
  );
  const holder = details(`m2-hold-${RUN}@Example.com`, '0416 000 273');
  let held = 0;
  let limited = 0;
  let heldAfterLimit = 0;
  let tried = 0;
  const statuses: number[] = [];
  for (const car of cars) {
    if (held >= 2 && limited >= 3) break;
    tried++;
    const ip = tried % 3 === 0 ? `2001:db8:63:1::${tried}` : `10.63.${tried}.1`;
    const res = await post('/api/reservations', { car_id: car.id, idempotencyKey: key('hold'), userData: holder }, ip);
    statuses.push(res.status);
    if (res.status === 201) {
      held++;
      if (limited) heldAfterLimit++;
    } else if (res.status === 409 && /cars? reserved with us/.test(errorOf(res))) limited++;
  }
  check(
    'M2: one shopper (one e-mail and phone, rotating addresses) holds at most 2 cars; further reservations are refused with a message',
    held === 2 && limited >= 3 && heldAfterLimit === 0,
    `${tried} cars tried: ${held} held, ${limited} refused for the limit (answers ${statuses.join(', ')})`,
  );
  return checks;
}
