import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testDriveLocations } from '../../domain/appointments/slots';
import { FormValidator } from '../../domain/forms/form-validator';
import { HONEYPOT_FIELD } from '../../domain/forms/lead-envelope';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import { shopperKeyHash } from '../booking-limits';
import { openTestDatabase } from '../db/test-database';
import { leadToAdf } from '../leads/adf';
import { leadEmail } from '../leads/lead-email';
import { loadLead } from '../leads/lead-record';
import { submitLead, type LeadIntakeDeps } from '../leads/submit-lead';
import { leadWebhookPayload } from '../leads/webhook-signature';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { embeddedAppointments, SLOT_NOT_OFFERED_MESSAGE, SLOT_TAKEN_MESSAGE, type AppointmentLocation } from '.';

let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

// Monday 30 November 2026, 7:00 am in Sydney.
const NOW = new Date('2026-11-29T20:00:00Z');
const feed = generateDemoFeed({ now: NOW });
const settings = { leadTimeHours: 2, horizonDays: 14 };

function demoTenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return structuredClone(entry.config);
}
const group = demoTenant('southern-cross-motors');
const [location, otherLocation] = testDriveLocations(
  feed.locations.filter((l) => group.dealerships.includes(l.dealership_id) && l.visible !== false),
);
const groupDealer = feed.dealerships.find((d) => d.id === group.dealerships[0])!;

let db: PlatformDb;
let deps: LeadIntakeDeps;
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
  deps = { db, stock, validator: new FormValidator(), rateLimit: 0, rateWindowMs: 600_000, now: () => NOW };
});
afterEach(async () => db.destroy());

const shopper = {
  name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '0412 345 678',
  postcode: '2150',
  disclaimer: true,
  dealership_slug: groupDealer.slug,
};

function bookTestDrive(userData: Record<string, unknown>, key = `key-${++keyCounter}-abcdef`) {
  return submitLead(deps, {
    tenant: group,
    body: { form: 'test-drive', idempotencyKey: key, page: { url: 'https://scm.example/book-test-drive' }, userData },
  });
}

describe('embedded appointments provider (catalogue §7 Appointments fetch for test-drive booking)', () => {
  it('the demo group has several locations that sell cars, each with opening hours', () => {
    expect(location).toBeDefined();
    expect(otherLocation).toBeDefined();
  });

  it('offers the generated slots minus the booked ones, per location', async () => {
    const provider = embeddedAppointments(db);
    const free = await provider.freeSlots(location as AppointmentLocation, NOW, settings);
    expect(free.length).toBeGreaterThan(0);
    expect(free.every((s) => Date.parse(s.start) >= NOW.getTime() + 2 * 3_600_000)).toBe(true);
    const first = free[0]!;
    const answer = await bookTestDrive({ ...shopper, location_id: String(location!.id), preferred_time: first.start });
    expect(answer.status).toBe(201);
    const after = await provider.freeSlots(location as AppointmentLocation, NOW, settings);
    expect(after.map((s) => s.start)).not.toContain(first.start);
    expect(after).toHaveLength(free.length - 1);
    // The same time at another location is still free.
    const elsewhere = await provider.freeSlots(otherLocation as AppointmentLocation, NOW, settings);
    expect(elsewhere.map((s) => s.start)).toEqual(
      (await embeddedAppointments(db).slots(otherLocation as AppointmentLocation, NOW, settings)).map((s) => s.start),
    );
  });
});

describe('booking a test drive with the lead (issue 20)', () => {
  it('stores the slot start with its offset and the location with the lead, and books it', async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    // Posted in UTC: stored as the location's local time with its offset.
    const utc = new Date(Date.parse(slot!.start)).toISOString();
    const answer = await bookTestDrive({
      ...shopper,
      location_id: String(location!.id),
      preferred_time: utc.replace('.000Z', 'Z'),
    });
    expect(answer).toMatchObject({ status: 201, body: { success: true } });
    const lead = await db.selectFrom('leads').selectAll().executeTakeFirstOrThrow();
    expect(JSON.parse(lead.fields)).toMatchObject({ preferred_time: slot!.start, location_id: String(location!.id) });
    expect(lead.location_id).toBe(location!.id);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([
      {
        location_id: location!.id,
        slot_start: utc,
        tenant: group.slug,
        lead_id: lead.id,
        booked_at: NOW.toISOString(),
        // Who it is for, as hashes of the normalised e-mail and phone (issue 30 M2); this post had no device.
        email_key: shopperKeyHash(group.slug, 'email', 'ana@example.com'),
        phone_key: shopperKeyHash(group.slug, 'phone', '0412345678'),
        device_key: null,
      },
    ]);
  });

  // Loose end of issue 20: the dealer's e-mail said 'Location id: 12'.
  it("the dealer's e-mail and ADF name the preferred location; the ADF and the webhook keep its id", async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const answer = await bookTestDrive({ ...shopper, location_id: String(location!.id), preferred_time: slot!.start });
    if (!answer.body.success) throw new Error(answer.body.error);
    const site = () => ({ name: group.name, origin: 'https://scm.example', dealershipIds: group.dealerships });
    const lead = await loadLead(db, new StockRepository(db), site, answer.body.lead_id);
    if (!lead) throw new Error('lead missing');
    expect(lead.locations).toEqual([{ id: location!.id, name: location!.name }]);

    const { text, html } = leadEmail(lead, { timeZone: 'Australia/Sydney' });
    expect(text).toContain(`\nLocation: ${location!.name}\n`);
    expect(text).not.toMatch(/Location id|Location: \d/);
    expect(html).toContain(location!.name);
    expect(leadToAdf(lead)).toContain(`Location: ${location!.name} (location_id ${location!.id})`);
    expect(JSON.parse(leadWebhookPayload(lead))).toMatchObject({
      lead: { location_id: location!.id, fields: { location_id: String(location!.id) } },
    });
  });

  it('refuses the same slot to a second shopper with 409 and the message, storing no lead for them', async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const booking = { ...shopper, location_id: String(location!.id), preferred_time: slot!.start };
    expect((await bookTestDrive(booking)).status).toBe(201);
    const second = await bookTestDrive({ ...booking, email: 'ben@example.com' }, 'second-shopper-key');
    expect(second).toEqual({
      status: 409,
      body: {
        success: false,
        error: SLOT_TAKEN_MESSAGE,
        field_errors: [{ field: 'preferred_time', message: SLOT_TAKEN_MESSAGE }],
      },
    });
    expect(await db.selectFrom('leads').selectAll().execute()).toHaveLength(1);
    // The refused shopper picks another time with the same filling: one lead, with that time.
    const [, next] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const retry = await bookTestDrive(
      { ...booking, email: 'ben@example.com', preferred_time: next!.start },
      'second-shopper-key',
    );
    expect(retry.status).toBe(201);
    expect(await db.selectFrom('leads').selectAll().execute()).toHaveLength(2);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toHaveLength(2);
  });

  it('a race lost between the check and the insert rolls the lead back and answers 409', async () => {
    const provider = embeddedAppointments(db);
    const [slot] = await provider.freeSlots(location as AppointmentLocation, NOW, settings);
    // Another process books the slot after this post's check (its list is from before).
    let raced = false;
    deps.appointments = {
      ...provider,
      slots: async (...args) => {
        const offered = await provider.slots(...args);
        if (!raced) {
          raced = true;
          const saved = deps.appointments;
          delete deps.appointments;
          const other = await bookTestDrive({
            ...shopper,
            location_id: String(location!.id),
            preferred_time: slot!.start,
          });
          deps.appointments = saved;
          expect(other.status).toBe(201);
        }
        return offered;
      },
    };
    const lost = await bookTestDrive({
      ...shopper,
      email: 'late@example.com',
      location_id: String(location!.id),
      preferred_time: slot!.start,
    });
    expect(lost.status).toBe(409);
    const stored = await db.selectFrom('leads').select('fields').execute();
    expect(stored.map((l) => (JSON.parse(l.fields) as { email: string }).email)).toEqual(['ana@example.com']);
  });

  it('a retried post of a booked filling answers the stored lead and books nothing twice', async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const booking = { ...shopper, location_id: String(location!.id), preferred_time: slot!.start };
    const first = await bookTestDrive(booking, 'retried-filling-key');
    const again = await bookTestDrive(booking, 'retried-filling-key');
    expect(first.status).toBe(201);
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, lead_id: first.body.success ? first.body.lead_id : -1 },
    });
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toHaveLength(1);
  });

  it('refuses a time that is not offered (past, inside the lead time, not on the half hour, closed) with 422', async () => {
    const at = (iso: string) => bookTestDrive({ ...shopper, location_id: String(location!.id), preferred_time: iso });
    for (const time of ['2026-11-29T22:00:00+11:00', '2026-11-30T08:30:00+11:00', '2026-11-30T10:10:00+11:00']) {
      const answer = await at(time);
      expect(answer.status).toBe(422);
      expect(answer.body).toMatchObject({
        field_errors: [{ field: 'preferred_time', message: SLOT_NOT_OFFERED_MESSAGE }],
      });
    }
    expect(await db.selectFrom('leads').selectAll().execute()).toEqual([]);
  });

  it("security review: 'spam leads (honeypot filled) still book their slot' — a spam post stores its lead but books nothing", async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const spam = await bookTestDrive({
      ...shopper,
      location_id: String(location!.id),
      preferred_time: slot!.start,
      [HONEYPOT_FIELD]: 'https://spam.example',
    });
    expect(spam.status).toBe(201);
    expect(await db.selectFrom('leads').select('spam').execute()).toEqual([{ spam: 1 }]);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([]);
    // The slot is still free for a person.
    const person = await bookTestDrive({ ...shopper, location_id: String(location!.id), preferred_time: slot!.start });
    expect(person.status).toBe(201);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toHaveLength(1);
  });

  it("security review: 'an abandoned multi-step lead holds it forever' — the time is checked on its step and booked only on the last step", async () => {
    const definition = group.forms['test-drive']!;
    const fields = definition.fields ?? [];
    const isAbout = (f: { name: string }) => ['preferred_time', 'message'].includes(f.name);
    const step = <T>(list: T[]): [T, ...T[]] => {
      const [first, ...rest] = list;
      if (first === undefined) throw new Error('a step needs a field');
      return [first, ...rest];
    };
    const twoSteps: ResolvedTenant = {
      ...group,
      forms: {
        ...group.forms,
        'test-drive': {
          ...definition,
          fields: undefined,
          steps: [
            { title: 'Your test drive', fields: step(fields.filter(isAbout)) },
            { title: 'Your details', fields: step(fields.filter((f) => !isAbout(f))) },
          ],
        },
      },
    };
    const post = (key: string, step: number, userData: Record<string, unknown>) =>
      submitLead(deps, {
        tenant: twoSteps,
        body: { form: 'test-drive', idempotencyKey: key, step, page: { url: 'https://scm.example/t' }, userData },
      });
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const time = { location_id: String(location!.id), preferred_time: slot!.start };
    // Abandoned after the first step: the lead is stored, the slot is not held.
    expect((await post('abandoned-filling-key', 0, time)).status).toBe(201);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([]);
    // Another shopper takes the same time through both steps: booked on the last one.
    expect((await post('finished-filling-key', 0, time)).status).toBe(201);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([]);
    const last = await post('finished-filling-key', 1, shopper);
    expect(last).toMatchObject({ status: 200, body: { success: true, completed: true } });
    const booked = await db.selectFrom('test_drive_bookings').select(['lead_id', 'location_id']).execute();
    expect(booked).toEqual([{ lead_id: last.body.success ? last.body.lead_id : -1, location_id: location!.id }]);
    // The abandoned filling now finds its time taken when it is finished, on its last step.
    const late = await post('abandoned-filling-key', 1, { ...shopper, email: 'late@example.com' });
    expect(late).toMatchObject({ status: 409, body: { error: SLOT_TAKEN_MESSAGE } });
  });

  it('needs a location for a time, and takes no time at all ("No preference", catalogue §5.1)', async () => {
    const [slot] = await embeddedAppointments(db).freeSlots(location as AppointmentLocation, NOW, settings);
    const without = await bookTestDrive({ ...shopper, preferred_time: slot!.start });
    expect(without.status).toBe(422);
    const noPreference = await bookTestDrive({ ...shopper, preferred_time: '' });
    expect(noPreference.status).toBe(201);
    expect(await db.selectFrom('test_drive_bookings').selectAll().execute()).toEqual([]);
  });
});
