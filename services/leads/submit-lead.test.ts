import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { DISCLAIMER_MESSAGE, POSTCODE_MESSAGE } from '../../domain/forms/form-messages';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import { generateDemoFeed } from '../../demo-data/generate-feed';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { EmbeddedEngine } from '../search/embedded-engine';
import { SearchService } from '../search/search-service';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import { submitLead, type LeadIntakeDeps, type LeadRequest } from './submit-lead';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import { loadLead } from './lead-record';

// listedCarIds asks the process-wide search service: here, one on this test's database.
let search: SearchService;
vi.mock(import('../search'), async (importOriginal) => ({
  ...(await importOriginal()),
  getSearchService: async () => search,
}));

const NOW = new Date('2026-11-20T01:00:00Z');
const feed = generateDemoFeed({ now: NOW });

function demoTenant(slug: string): ResolvedTenant {
  const entry = loadTenantRegistry().tenants.get(slug);
  if (!entry?.ok) throw new Error(`${slug} did not load`);
  return structuredClone(entry.config);
}

const group = demoTenant('southern-cross-motors');
group.leadDelivery = [
  { type: 'webhook', url: 'http://127.0.0.1:9/hook', secretEnv: 'LEAD_WEBHOOK_SOUTHERN_CROSS_MOTORS__TEST' },
  { type: 'email', to: ['sales@example.com'] },
];
const franchise = demoTenant('harbour-city-mazda');
// A car the site lists (shown on the dealer website): only such a car is a form's context.
const groupCar = feed.cars.find(
  (c) =>
    group.dealerships.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.show_on_dealer_website !== false,
)!;
const otherCar = feed.cars.find((c) => !group.dealerships.includes(c.dealership_id))!;
const groupDealer = feed.dealerships.find((d) => d.id === group.dealerships[0])!;
// This site's dealership, but not shown on the website: its vehicle page is a 404.
const hiddenCar = {
  ...groupCar,
  id: 990_002,
  slug: 'hidden-group-car',
  stocknum: 'HIDDEN2',
  show_on_dealer_website: false,
};

let db: PlatformDb;
let deps: LeadIntakeDeps;
let keyCounter = 0;

beforeEach(async () => {
  db = await openTestDatabase();
  const result = await importFeed(
    db,
    { dealerships: feed.dealerships, locations: feed.locations, cars: [groupCar, otherCar, hiddenCar] },
    { file: 'test' },
  );
  expect(result.ok).toBe(true);
  const stock = new StockRepository(db);
  search = new SearchService(new EmbeddedEngine(), stock);
  deps = { db, stock, validator: new FormValidator(), rateLimit: 3, rateWindowMs: 600_000, now: () => NOW };
});
afterEach(async () => db.destroy());

const person = {
  name: 'Ana',
  last_name: 'Silva',
  email: 'ana@example.com',
  phone: '0412 345 678',
  postcode: '2150',
  message: 'Do you have it in red?',
  disclaimer: true,
  category: 'General Enquiry',
  dealership_slug: groupDealer.slug,
};

function post(body: Record<string, unknown>, extra: Partial<LeadRequest> = {}): ReturnType<typeof submitLead> {
  return submitLead(deps, {
    tenant: group,
    body: {
      idempotencyKey: `key-${++keyCounter}-abcdef`,
      page: {
        url: 'https://scm.example/contact',
        visited_pages: ['/', '/contact'],
        linked_query_params: { utm_source: 'google' },
      },
      ...body,
    },
    ip: '203.0.113.9',
    userAgent: 'Vitest',
    host: 'scm.example',
    ...extra,
  });
}

const leads = () => db.selectFrom('leads').selectAll().execute();
const deliveries = () => db.selectFrom('lead_deliveries').selectAll().execute();

describe('POST /api/leads: the server checks what the browser checks, then stores before answering', () => {
  it('rejects a bad postcode and an unticked disclaimer with the spec messages, storing nothing (conversion §5.1)', async () => {
    const answer = await post({
      form: 'general-enquiry',
      userData: { ...person, postcode: '21500', disclaimer: false },
    });
    expect(answer.status).toBe(422);
    expect(answer.body).toMatchObject({
      success: false,
      field_errors: [
        { field: 'postcode', message: POSTCODE_MESSAGE },
        { field: 'disclaimer', message: DISCLAIMER_MESSAGE },
      ],
    });
    expect(answer.body.success === false && answer.body.error).toMatch(/^Please fix the following errors:/);
    expect(await leads()).toHaveLength(0);
  });

  it('stores a valid general enquiry with the lead data of conversion §3 and queues it for every destination', async () => {
    const answer = await post({ form: 'general-enquiry', userData: { ...person, rego: ' ABC123 ' } });
    expect(answer).toMatchObject({ status: 201, body: { success: true, completed: true } });
    const [lead] = await leads();
    expect(lead).toMatchObject({
      tenant: 'southern-cross-motors',
      form: 'general-enquiry',
      event_id: 22,
      category: 'General Enquiry',
      source: 'Website',
      url: 'https://scm.example/contact',
      user_agent: 'Vitest',
      form_completed: 1,
      spam: 0,
      dealership_slug: groupDealer.slug,
    });
    expect(JSON.parse(lead!.fields)).toMatchObject({ name: 'Ana', rego: 'ABC123', opt_in: false, postcode: '2150' });
    expect(JSON.parse(lead!.lead_attributes)).toEqual({
      visited_pages: ['/', '/contact'],
      linked_query_params: { utm_source: 'google' },
    });
    expect((await deliveries()).map((d) => [d.kind, d.status])).toEqual([
      ['webhook', 'pending'],
      ['email', 'pending'],
    ]);
  });

  it("the shopper's enquiry type is the lead's category; 'Careers Enquiry' becomes General Enquiry / 'Career Enquiry' with event 51", async () => {
    await post({ form: 'general-enquiry', userData: { ...person, category: 'Service Enquiry' } });
    await post({ form: 'general-enquiry', userData: { ...person, category: 'Careers Enquiry' } });
    const [service, careers] = await leads();
    expect(service).toMatchObject({ category: 'Service Enquiry', event_id: 22 });
    expect(careers).toMatchObject({ category: 'General Enquiry', subcategory: 'Career Enquiry', event_id: 51 });
  });

  it("keeps a page address only when it is on the site that answered (it becomes a link in the dealer's e-mail)", async () => {
    await post(
      {
        form: 'general-enquiry',
        userData: person,
        page: { url: 'https://phish.example/login', visited_pages: ['/', 'https://phish.example/x'] },
      },
      { referer: 'https://scm.example/contact' },
    );
    const [lead] = await leads();
    expect(lead!.url).toBe('https://scm.example/contact');
    expect(JSON.parse(lead!.lead_attributes).visited_pages).toEqual(['/']);
  });

  it('a retried submit with the same idempotency key stores one lead, not two', async () => {
    const body = { form: 'general-enquiry', idempotencyKey: 'retry-key-123456', userData: person };
    const first = await post(body);
    const second = await post(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(first.body.success && second.body.success && first.body.lead_id === second.body.lead_id).toBe(true);
    expect(await leads()).toHaveLength(1);
    expect(await deliveries()).toHaveLength(2);
  });

  it('a form about a car takes the car from the server: defaults, dealership and car_dealership_id; a used test drive is event 48', async () => {
    const answer = await post({
      form: 'test-drive',
      car_id: groupCar.id,
      userData: { ...person, dealership_slug: 'someone-else', message: '' },
    });
    expect(answer.status).toBe(201);
    const [lead] = await leads();
    expect(lead).toMatchObject({
      car_id: groupCar.id,
      car_dealership_id: groupCar.dealership_id,
      event_id: 48,
      category: 'Test Drive',
    });
    expect(JSON.parse(lead!.fields)).toMatchObject({
      car_id: groupCar.id,
      'Vehicle Make': groupCar.make,
      vehicle_status: 'in_stock',
    });
    expect(JSON.parse(lead!.fields).dealership_slug).not.toBe('someone-else');
  });

  it("another site's car is not used as context, but the id sent is kept with the lead", async () => {
    const answer = await post({ form: 'general-enquiry', car_id: otherCar.id, userData: person });
    expect(answer.status).toBe(201);
    const [lead] = await leads();
    expect(lead!.car_id).toBeNull();
    expect(JSON.parse(lead!.extras)).toMatchObject({ car_id: String(otherCar.id) });
  });

  it("security review: 'Car ids beyond PostgreSQL's 32-bit integer give a 5xx' — a 400 with a sentence, no lead", async () => {
    expect(await post({ form: 'general-enquiry', car_id: 3000000000, userData: person })).toEqual({
      status: 400,
      body: { success: false, error: '"car_id" must be a car id, a whole number from 1 to 2147483647.' },
    });
    expect(await post({ form: 'general-enquiry', location_id: '2147483648', userData: person })).toEqual({
      status: 400,
      body: { success: false, error: '"location_id" must be a location id, a whole number from 1 to 2147483647.' },
    });
    expect(await leads()).toEqual([]);
  });

  it("careers: stored as General Enquiry with subcategory 'Career Enquiry', event 51 (conversion §7 item 2)", async () => {
    await post({ form: 'careers', userData: { ...person, position: 'Sales consultant' } });
    expect((await leads())[0]).toMatchObject({
      category: 'General Enquiry',
      subcategory: 'Career Enquiry',
      event_id: 51,
    });
  });

  it('multi-step: each step posts and reads lead_id; only the last step completes and queues delivery', async () => {
    const key = 'trade-in-filling-1';
    const step0 = await post({
      form: 'trade-in',
      idempotencyKey: key,
      step: 0,
      isLastStep: false,
      userData: { rego: 'XYZ987', regoState: 'vic', vehicle: 'Toyota Corolla', year: '2016', odometer: '98000' },
    });
    expect(step0).toMatchObject({ status: 201, body: { success: true, completed: false } });
    expect(await deliveries()).toHaveLength(0);
    const leadId = step0.body.success ? step0.body.lead_id : 0;
    const badStep1 = await post({
      form: 'trade-in',
      idempotencyKey: key,
      step: 1,
      isLastStep: true,
      lead_id: leadId,
      userData: { name: 'Bo' },
    });
    expect(badStep1.status).toBe(422);
    const step1 = await post({
      form: 'trade-in',
      idempotencyKey: key,
      step: 1,
      isLastStep: true,
      lead_id: leadId,
      userData: { name: 'Bo', last_name: 'Li', postcode: '3000', phone: '0400 000 000', email: 'bo@example.com' },
    });
    expect(step1).toMatchObject({ status: 200, body: { success: true, lead_id: leadId, completed: true } });
    const [lead] = await leads();
    expect(JSON.parse(lead!.fields)).toMatchObject({
      rego: 'XYZ987',
      regoState: 'vic',
      year: 2016,
      lead_type: 'trade-in',
      name: 'Bo',
      email: 'bo@example.com',
    });
    expect(lead!.form_completed).toBe(1);
    expect(await deliveries()).toHaveLength(2);
  });

  it('a filled honeypot is kept for review but never delivered; the robot sees success', async () => {
    const answer = await post({
      form: 'general-enquiry',
      userData: { ...person, company_website: 'http://spam.example' },
    });
    expect(answer.status).toBe(201);
    expect((await leads())[0]!.spam).toBe(1);
    expect(await deliveries()).toHaveLength(0);
  });

  it('limits new leads per address with a clear 429 message; retries of a stored lead still pass', async () => {
    for (let i = 0; i < 3; i++)
      expect(
        (await post({ form: 'general-enquiry', idempotencyKey: `limit-key-${i}-xx`, userData: person })).status,
      ).toBe(201);
    const limited = await post({ form: 'general-enquiry', userData: person });
    expect(limited.status).toBe(429);
    expect(limited.body.success === false && limited.body.error).toMatch(
      /Please wait a few minutes and send it again, or call us on /,
    );
    expect((await post({ form: 'general-enquiry', idempotencyKey: 'limit-key-0-xx', userData: person })).status).toBe(
      200,
    );
    expect((await post({ form: 'general-enquiry', userData: person }, { ip: '198.51.100.1' })).status).toBe(201);
  });

  it('answers malformed posts with a message naming what is wrong', async () => {
    expect((await submitLead(deps, { tenant: group, body: 'hello' })).body).toMatchObject({
      error: expect.stringContaining('JSON object'),
    });
    expect((await post({ form: 'general-enquiry', idempotencyKey: 'x', userData: person })).body).toMatchObject({
      error: expect.stringContaining('idempotencyKey'),
    });
    expect((await post({ form: 'no-such-form', userData: person })).status).toBe(404);
    // Issue 14: "constructor" found Object's own and the insert failed on a missing event id (503).
    expect((await post({ form: 'constructor', userData: person })).body).toMatchObject({
      success: false,
      error: 'This site has no form called "constructor".',
    });
    expect((await post({ form: 'general-enquiry', userData: 'text' })).body).toMatchObject({
      error: expect.stringContaining('userData'),
    });
    expect((await post({ form: 'general-enquiry', step: 3, userData: person })).status).toBe(400);
  });

  it('with no destinations a lead is kept in the database only', async () => {
    const answer = await submitLead(deps, {
      tenant: franchise,
      body: {
        form: 'general-enquiry',
        idempotencyKey: 'franchise-key-1',
        userData: { ...person, dealership_slug: undefined },
      },
    });
    expect(answer.status).toBe(201);
    expect(await deliveries()).toHaveLength(0);
  });
});

// Issue 14 (security review): "a reused idempotency key bypasses the lead limit and grows a lead without bound".
describe('POST /api/leads: a reused key can neither grow a lead nor get round the limit', () => {
  const tradeInStep0 = { rego: 'XYZ987', regoState: 'vic', vehicle: 'Toyota Corolla', year: '2016', odometer: '98000' };
  const filler = (prefix: string, count: number) =>
    Object.fromEntries(Array.from({ length: count }, (_, i) => [`${prefix}_${i}`, 'x'.repeat(2000)]));

  it('a completed lead is frozen: a later post with its key stores nothing and answers the stored result', async () => {
    const key = 'frozen-lead-key-1';
    const first = await post({ form: 'general-enquiry', idempotencyKey: key, userData: person });
    expect(first).toMatchObject({ status: 201, body: { success: true, completed: true } });
    const before = await leads();
    const again = await post({
      form: 'general-enquiry',
      idempotencyKey: key,
      userData: { ...person, message: 'Changed after it was sent', note: 'extra' },
    });
    expect(again).toMatchObject({
      status: 200,
      body: { success: true, completed: true, lead_id: first.body.success ? first.body.lead_id : -1 },
    });
    expect(await leads()).toEqual(before);
    expect(await deliveries()).toHaveLength(2);
  });

  it('caps the total size of one lead: a post that would take it over 32 KB is a 413 with a clear message and stores nothing', async () => {
    const key = 'growing-lead-key-1';
    const first = await post({
      form: 'trade-in',
      idempotencyKey: key,
      step: 0,
      userData: { ...tradeInStep0, ...filler('first', 12) },
    });
    expect(first.status).toBe(201);
    const before = await leads();
    const grown = await post({
      form: 'trade-in',
      idempotencyKey: key,
      step: 0,
      userData: { ...tradeInStep0, ...filler('second', 12) },
    });
    expect(grown.status).toBe(413);
    expect(grown.body.success === false && grown.body.error).toMatch(/too long .*32 KB.*Please shorten/);
    expect(await leads()).toEqual(before);
    // One post alone over the cap is refused the same way.
    expect((await post({ form: 'general-enquiry', userData: { ...person, ...filler('big', 20) } })).status).toBe(413);
    expect(await leads()).toHaveLength(1);
  });

  it('every post counts against the per-address limit, so a reused key cannot post without end (3 posts per lead allowed)', async () => {
    const key = 'many-posts-key-1';
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++)
      statuses.push(
        (
          await post({
            form: 'trade-in',
            idempotencyKey: key,
            step: 0,
            userData: { ...tradeInStep0, [`note_${i}`]: 'hello' },
          })
        ).status,
      );
    // rateLimit 3 leads -> 9 posts in the window.
    expect(statuses).toEqual([201, 200, 200, 200, 200, 200, 200, 200, 200, 429]);
    const limited = await post({ form: 'general-enquiry', userData: person });
    expect(limited.status).toBe(429);
    expect(limited.body.success === false && limited.body.error).toMatch(/Please wait a few minutes and send it again/);
    // Another address is not affected.
    expect((await post({ form: 'general-enquiry', userData: person }, { ip: '198.51.100.1' })).status).toBe(201);
  });

  it("a car this site does not list is not used as the lead's car (the id sent is kept)", async () => {
    const answer = await post({ form: 'general-enquiry', car_id: hiddenCar.id, userData: person });
    expect(answer.status).toBe(201);
    const [lead] = await leads();
    expect(lead!.car_id).toBeNull();
    expect(JSON.parse(lead!.extras)).toMatchObject({ car_id: String(hiddenCar.id) });
  });
});

// spec: conversion §7 item 2 — the enquiry carries "additional_services (list of ticked options),
// dealership_slug (derived from the Service Location for one site variant)".
describe('POST /api/leads: a service booking goes to the dealership of the location chosen (conversion §7.2)', () => {
  // A service location of another of the group's dealerships than the one the shopper might name.
  const serviceLocation = feed.locations.find(
    (l) =>
      group.dealerships.includes(l.dealership_id) &&
      l.dealership_id !== groupDealer.id &&
      /service/.test(String(l.location_type ?? '')),
  );
  const serviceDealer = feed.dealerships.find((d) => d.id === serviceLocation?.dealership_id);
  /** The service-booking form's required answers, at a service location. */
  const booking = (locationId: number) => ({
    name: person.name,
    last_name: person.last_name,
    email: person.email,
    phone: person.phone,
    disclaimer: true,
    service_location_id: String(locationId),
    preferred_date: '2026-12-01',
    rego: 'ABC123',
    vehicle: 'Mazda CX-5',
  });

  it('routes the lead to that dealership, and carries the ticked services to the lead, its e-mail and its ADF', async () => {
    if (!serviceLocation || !serviceDealer)
      expect.fail('the demo group needs a service location of a second dealership');
    const site = { ...group, formSettings: { ...group.formSettings, dealershipFromServiceLocation: true } };
    const answer = await post(
      {
        form: 'service-booking',
        userData: { ...booking(serviceLocation.id), additional_services: ['Wheel alignment', 'Car wash'] },
      },
      { tenant: site },
    );
    expect(answer, JSON.stringify(answer.body)).toMatchObject({ status: 201, body: { success: true } });
    const [row] = await leads();
    expect(row).toMatchObject({ category: 'Service Enquiry', dealership_slug: serviceDealer.slug });
    expect(JSON.parse(row!.additional_services ?? '[]')).toEqual(['Wheel alignment', 'Car wash']);
    const lead = await loadLead(
      db,
      deps.stock,
      () => ({ name: site.name, origin: 'https://scm.example', dealershipIds: site.dealerships, currency: 'AUD' }),
      row!.id,
    );
    if (!lead) expect.fail('the stored lead did not load');
    expect(lead.additionalServices).toEqual(['Wheel alignment', 'Car wash']);
    expect(leadEmail(lead).text).toMatch(/Additional services:?\s+Wheel alignment, Car wash/);
    expect(leadToAdf(lead)).toContain('Additional services: Wheel alignment, Car wash');
  });

  it('without the site switch, the location chosen names no dealership (the form asks for none)', async () => {
    if (!serviceLocation) expect.fail('the demo group needs a service location');
    const answer = await post({ form: 'service-booking', userData: booking(serviceLocation.id) });
    expect(answer.status).toBe(201);
    const [row] = await leads();
    expect(row?.dealership_slug ?? null).toBeNull();
    expect(row?.location_id).toBe(serviceLocation.id);
  });
});
