import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDriveLocations } from '../../domain/appointments/slots';
import { dailyCap, dayFullMessage, testDriveLimitMessage } from '../../domain/booking-limits';
import { FormValidator } from '../../domain/forms/form-validator';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { submitLead, type LeadIntakeDeps } from '../leads/submit-lead';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { embeddedAppointments, type AppointmentLocation, type OfferedSlot } from '.';

// Issue 30 M2: 'One client books every test-drive slot. 196 of 196 slots of a location for 12 days
// with one e-mail and phone.' At most testDrive.bookingsPerShopper (2) future test drives per
// e-mail, phone and device on a site, and at most testDrive.dailySharePercent (50 %) of a location's
// day booked online.

let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

// Monday 30 November 2026, 7:00 am in Sydney.
const NOW = new Date('2026-11-29T20:00:00Z');
const feed = generateDemoFeed({ now: NOW });

function demoTenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return structuredClone(entry.config);
}
const group = demoTenant('southern-cross-motors');
const [location] = testDriveLocations(
  feed.locations.filter((l) => group.dealerships.includes(l.dealership_id) && l.visible !== false),
) as [AppointmentLocation & (typeof feed.locations)[number]];
const dealer = feed.dealerships.find((d) => d.id === group.dealerships[0])!;
const phoneOnMessages = location.contact_detail?.phone || group.contact?.phone || undefined;

let db: PlatformDb;
let deps: LeadIntakeDeps;
let now = NOW;
let keyCounter = 0;

beforeEach(async () => {
  db = await openTestDatabase();
  const result = await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [] },
    { file: 'test' },
  );
  expect(result.ok).toBe(true);
  const stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  now = NOW;
  deps = { db, stock, validator: new FormValidator(), rateLimit: 0, rateWindowMs: 600_000, now: () => now };
});
afterEach(async () => db.destroy());

let shopperCounter = 0;
/** A different person each time, unless told otherwise. */
function person(overrides: Record<string, unknown> = {}) {
  shopperCounter += 1;
  return {
    name: 'Ana',
    last_name: 'Silva',
    email: `shopper${shopperCounter}@example.com`,
    phone: `04${String(10_000_000 + shopperCounter).slice(-8)}`,
    postcode: '2150',
    disclaimer: true,
    dealership_slug: dealer.slug,
    ...overrides,
  };
}

interface BookOptions {
  tenant?: ResolvedTenant;
  key?: string;
  ip?: string;
  device?: string;
}

function book(details: Record<string, unknown>, start: string, options: BookOptions = {}) {
  return submitLead(deps, {
    tenant: options.tenant ?? group,
    body: {
      form: 'test-drive',
      idempotencyKey: options.key ?? `limit-key-${++keyCounter}-abcdef`,
      page: { url: 'https://scm.example/book-test-drive' },
      userData: { ...details, location_id: String(location.id), preferred_time: start },
    },
    ...(options.ip ? { ip: options.ip } : {}),
    ...(options.device ? { device: options.device } : {}),
  });
}

async function offered(tenant = group): Promise<OfferedSlot[]> {
  return embeddedAppointments(db).slots(location, now, tenant.testDrive);
}

/** Free slots on different days, so the daily cap never decides these tests. */
async function slotsOnDifferentDays(count: number): Promise<string[]> {
  const seen = new Set<string>();
  const picked: string[] = [];
  for (const slot of await offered()) {
    if (!slot.free || seen.has(slot.date)) continue;
    seen.add(slot.date);
    picked.push(slot.start);
    if (picked.length === count) break;
  }
  expect(picked).toHaveLength(count);
  return picked;
}

const bookings = async () => db.selectFrom('test_drive_bookings').selectAll().execute();
const leads = async () => db.selectFrom('leads').select('fields').execute();
const LIMIT_MESSAGE = testDriveLimitMessage(2, phoneOnMessages);

describe('test drives per shopper (issue 30 M2)', () => {
  it('refuses the third future test drive of one e-mail address, however it is spelled, from any address', async () => {
    const [a, b, c, d] = await slotsOnDifferentDays(4);
    expect((await book(person({ email: 'Ana.Silva@Example.com' }), a!, { ip: '10.0.0.1' })).status).toBe(201);
    expect((await book(person({ email: 'ana.silva+second@example.com' }), b!, { ip: '10.0.0.2' })).status).toBe(201);
    const third = await book(person({ email: 'ANA.SILVA@example.com' }), c!, { ip: '2001:db8:9:9::1' });
    expect(third).toEqual({
      status: 409,
      body: {
        success: false,
        error: LIMIT_MESSAGE,
        field_errors: [{ field: 'preferred_time', message: LIMIT_MESSAGE }],
      },
    });
    expect(LIMIT_MESSAGE).toMatch(/^You already have 2 test drives booked with us\. Please call the dealership/);
    // Nothing of the refused post is stored: the form keeps what the shopper typed, to send without a time.
    expect(await bookings()).toHaveLength(2);
    expect(await leads()).toHaveLength(2);
    // Other shoppers are not affected, even on the same connection.
    expect((await book(person(), d!, { ip: '2001:db8:9:9::1' })).status).toBe(201);
    // The refused shopper can still send the form with 'No preference' (catalogue §5.1).
    expect((await book(person({ email: 'ana.silva@example.com' }), '')).status).toBe(201);
  });

  it('counts one phone number in any spelling, whatever e-mail address comes with it', async () => {
    const [a, b, c] = await slotsOnDifferentDays(3);
    expect((await book(person({ phone: '0412 345 678' }), a!)).status).toBe(201);
    expect((await book(person({ phone: '+61 412 345 678' }), b!)).status).toBe(201);
    const third = await book(person({ phone: '61412345678' }), c!);
    expect(third).toMatchObject({ status: 409, body: { error: LIMIT_MESSAGE } });
  });

  it('counts one browser (device cookie), whatever e-mail address and phone come with it', async () => {
    const [a, b, c, d] = await slotsOnDifferentDays(4);
    const device = 'Zm9yLWEtdGVzdC1kZXZpY2U';
    expect((await book(person(), a!, { device })).status).toBe(201);
    expect((await book(person(), b!, { device })).status).toBe(201);
    expect(await book(person(), c!, { device })).toMatchObject({ status: 409, body: { error: LIMIT_MESSAGE } });
    expect((await book(person(), d!, { device: 'YW5vdGhlci1icm93c2VyLWlk' })).status).toBe(201);
  });

  it('counts only test drives still ahead: once one has passed, another can be booked', async () => {
    const [a, b, c] = await slotsOnDifferentDays(3);
    const ana = person();
    expect((await book(ana, a!)).status).toBe(201);
    expect((await book(ana, b!)).status).toBe(201);
    expect((await book(ana, c!)).status).toBe(409);
    now = new Date(Date.parse(a!) + 60 * 60_000);
    expect((await book(ana, c!)).status).toBe(201);
  });

  it('a retried post of a booked filling is answered, not refused as one more', async () => {
    const [a, b] = await slotsOnDifferentDays(2);
    const ana = person();
    expect((await book(ana, a!)).status).toBe(201);
    const second = await book(ana, b!, { key: 'ana-second-filling' });
    expect(second.status).toBe(201);
    const retried = await book(ana, b!, { key: 'ana-second-filling' });
    expect(retried).toEqual({ status: 200, body: second.body });
    expect(await bookings()).toHaveLength(2);
  });

  it('takes the dealer’s own number from testDrive.bookingsPerShopper', async () => {
    const one = { ...group, testDrive: { ...group.testDrive, bookingsPerShopper: 1 } };
    const [a, b] = await slotsOnDifferentDays(2);
    const ana = person();
    expect((await book(ana, a!, { tenant: one })).status).toBe(201);
    const second = await book(ana, b!, { tenant: one });
    expect(second).toMatchObject({ status: 409, body: { error: testDriveLimitMessage(1, phoneOnMessages) } });
    expect(testDriveLimitMessage(1)).toContain('You already have 1 test drive booked with us.');
  });

  it('two posts racing for the last place both count: only one is booked', async () => {
    const [a, b, c] = await slotsOnDifferentDays(3);
    const ana = person();
    expect((await book(ana, a!)).status).toBe(201);
    const raced = await Promise.all([book(ana, b!), book(ana, c!)]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(await bookings()).toHaveLength(2);
  });
});

describe('the per-location daily cap (issue 30 M2)', () => {
  it('takes at most the day’s share online, then offers that day no more; other days still book', async () => {
    const fifth = { ...group, testDrive: { ...group.testDrive, dailySharePercent: 20 } };
    const all = await offered(fifth);
    // A full day: the second day offered (the first may be cut short by the lead time).
    const date = [...new Set(all.map((s) => s.date))][1]!;
    const day = all.filter((s) => s.date === date);
    const cap = dailyCap(day.length, 20);
    expect(cap).toBeGreaterThan(1);
    expect(cap).toBeLessThan(day.length);
    for (const slot of day.slice(0, cap))
      expect((await book(person(), slot.start, { tenant: fifth })).status).toBe(201);

    const refused = await book(person(), day[cap]!.start, { tenant: fifth });
    const message = dayFullMessage(date, location.name, phoneOnMessages);
    expect(refused).toEqual({
      status: 409,
      body: { success: false, error: message, field_errors: [{ field: 'preferred_time', message }] },
    });
    expect(message).toContain(`All the test-drive times we take online at ${location.name} on `);
    // The form's list no longer offers that day; the next day is untouched.
    const free = await embeddedAppointments(db).freeSlots(location, now, fifth.testDrive);
    expect(free.some((s) => s.date === date)).toBe(false);
    const nextDay = free.find((s) => s.date > date)!;
    expect((await book(person(), nextDay.start, { tenant: fifth })).status).toBe(201);
  });

  it('is half the day by default', async () => {
    const all = await offered();
    const date = [...new Set(all.map((s) => s.date))][1]!;
    const day = all.filter((s) => s.date === date);
    const half = Math.floor(day.length / 2);
    for (const slot of day.slice(0, half)) expect((await book(person(), slot.start)).status).toBe(201);
    expect((await book(person(), day[half]!.start)).status).toBe(409);
    expect(await bookings()).toHaveLength(half);
  });
});

describe('the lead limit counts an IPv6 /64 as one address (issue 30 M2)', () => {
  it('refuses more leads from fresh addresses of one /64 than from one address; other /64s and IPv4 are apart', async () => {
    deps.rateLimit = 2;
    const [a, b, c, d] = await slotsOnDifferentDays(4);
    expect((await book(person(), a!, { ip: '2001:db8:5:6::1' })).status).toBe(201);
    expect((await book(person(), b!, { ip: '2001:db8:5:6:aaaa::2' })).status).toBe(201);
    const third = await book(person(), c!, { ip: '2001:db8:5:6:ffff:ffff:ffff:fff3' });
    expect(third.status).toBe(429);
    expect(third.body).toMatchObject({ error: expect.stringContaining('from your connection') });
    expect((await book(person(), c!, { ip: '2001:db8:5:7::1' })).status).toBe(201);
    expect((await book(person(), d!, { ip: '::ffff:10.9.9.9' })).status).toBe(201);
  });
});
