import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FormValidator } from '../../domain/forms/form-validator';
import { ADJUSTMENT_QUESTIONS } from '../../domain/trade-in/adjustments';
import { loadTenantRegistry } from '../../engine/tenant-registry';
import type { ResolvedTenant } from '../../schemas/types.generated';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { StockRepository } from '../stock';
import { importFeed } from '../stock/import-feed';
import type { ValuationProvider } from '../valuation';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import { loadLead } from './lead-record';
import { saveLeadMisc } from './lead-store';
import { tradeInStep, type TradeInDeps } from './trade-in';

const NOW = new Date('2026-11-20T01:00:00Z');
const entry = loadTenantRegistry().tenants.get('southern-cross-motors');
if (!entry?.ok) throw new Error('demo tenant did not load');
const tenant = entry.config as ResolvedTenant;

// The server's own valuation of the shopper's car: $11,600 in the middle.
const valuation: ValuationProvider = {
  value: async () => ({ low: 10_800, high: 12_400, mid: 11_600, basis: 'Test valuation' }),
};
const firstAnswers = Object.fromEntries(ADJUSTMENT_QUESTIONS.map((q) => [q.id, q.answers[0]!.id]));
const contact = { name: 'Bo', last_name: 'Li', postcode: '3000', phone: '0400 000 000', email: 'bo@example.com' };
const site = () => ({
  name: 'Southern Cross Motors',
  origin: 'https://scm.example',
  dealershipIds: tenant.dealerships,
});

let db: PlatformDb;
let deps: TradeInDeps;
beforeEach(async () => {
  db = await openTestDatabase();
  deps = {
    db,
    stock: new StockRepository(db),
    validator: new FormValidator(),
    valuation,
    rateLimit: 0,
    rateWindowMs: 600_000,
    now: () => NOW,
  };
});
afterEach(async () => db.destroy());

async function valued(key: string): Promise<number> {
  const request = { ip: '203.0.113.5', userAgent: 'Vitest' };
  const vehicle = await tradeInStep(
    deps,
    tenant,
    {
      step: 'vehicle',
      idempotencyKey: key,
      rego: 'ABC123',
      regoState: 'nsw',
      make: 'Toyota',
      model: 'Corolla',
      year: 2022,
      odometer: 30_000,
    },
    request,
  );
  if (!vehicle.body.success) throw new Error(vehicle.body.error);
  const adjusted = await tradeInStep(
    deps,
    tenant,
    { step: 'adjustments', idempotencyKey: key, answers: firstAnswers },
    request,
  );
  expect(adjusted.body).toMatchObject({ success: true, offer: { price: 11_600 } });
  return vehicle.body.lead_id;
}

// Issue 14 (security review): "a shopper can overwrite the trade-in valuation the dealer sees".
describe('the trade-in valuation the dealer sees is the server’s own', () => {
  it('a value the page posts to /api/miscellaneous is kept apart and labelled as the shopper’s; the server’s 11,600 stays', async () => {
    const key = 'trade-in-filling-1';
    const leadId = await valued(key);
    // conversion §7 item 5: the page attaches a valuation to its lead; here a forged one.
    expect(
      await saveLeadMisc(db, tenant.slug, leadId, 'valuation', { price: 65_000, basis: 'dealer guarantee' }, NOW, key),
    ).toBeTruthy();
    const accepted = await tradeInStep(
      deps,
      tenant,
      { step: 'accept', idempotencyKey: key, contact, offer_accepted: true },
      { ip: '203.0.113.5' },
    );
    expect(accepted.body).toMatchObject({ success: true, completed: true });

    const lead = await loadLead(db, deps.stock, site, leadId);
    if (!lead) throw new Error('lead missing');
    const email = leadEmail(lead);
    expect(email.text).toMatch(
      /Trade-in valuation \(calculated by our website\): \{"low":10800,"high":12400,"price":11600/,
    );
    expect(email.text).toMatch(
      /Valuation \(supplied by the shopper, not checked by us\): \{"price":65000,"basis":"dealer guarantee"\}/,
    );
    expect(email.text).not.toMatch(/^Valuation: /m);
    const adf = leadToAdf(lead);
    expect(adf).toContain('Trade-in valuation (calculated by our website): {&quot;low&quot;:10800');
    expect(adf).toContain('Valuation (supplied by the shopper, not checked by us): {&quot;price&quot;:65000');
  });

  it('a valuation field sent with the contact details is kept, labelled as the shopper’s, beside the server’s', async () => {
    const key = 'trade-in-filling-2';
    const leadId = await valued(key);
    await tradeInStep(
      deps,
      tenant,
      {
        step: 'accept',
        idempotencyKey: key,
        contact: { ...contact, valuation: '65000 dealer guarantee' },
        offer_accepted: true,
      },
      { ip: '203.0.113.5' },
    );
    const lead = await loadLead(db, deps.stock, site, leadId);
    const text = lead ? leadEmail(lead).text : '';
    expect(text).toMatch(/Trade-in valuation \(calculated by our website\): \{"low":10800/);
    expect(text).toContain('Valuation (supplied by the shopper, not checked by us): 65000 dealer guarantee');
  });

  it('the page may still attach its value after the lead completes (same filling only), within the size cap', async () => {
    const key = 'trade-in-filling-3';
    const leadId = await valued(key);
    await tradeInStep(
      deps,
      tenant,
      { step: 'accept', idempotencyKey: key, contact, offer_accepted: true },
      { ip: '203.0.113.5' },
    );
    expect(await saveLeadMisc(db, tenant.slug, leadId, 'valuation', { price: 11_600 }, NOW, key)).toBe('saved');
    expect(await saveLeadMisc(db, tenant.slug, leadId, 'valuation', { price: 11_600 }, NOW, 'someone-elses-key')).toBe(
      'not_found',
    );
    expect(await saveLeadMisc(db, tenant.slug, leadId, 'valuation', { notes: 'x'.repeat(9_000) }, NOW, key)).toBe(
      'too_large',
    );
    const row = await db.selectFrom('leads').select('extras').where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.extras)).toMatchObject({ 'shopper_supplied.valuation': '{"price":11600}' });
  });
});

// conversion §4.2: the instant-offer entry points link /instant-price?car_id={id}; the page sends
// that car with every step, and the dealer's lead names the car that prompted the offer.
describe('the car being bought reaches the trade-in lead, when the site lists it', () => {
  const ours = tenant.dealerships[0]!;
  const listedIds = new Set<number>();

  beforeEach(async () => {
    listedIds.clear();
    const imported = await importFeed(
      db,
      {
        dealerships: [{ id: ours, slug: 'scm-test-dealer', name: 'SCM Test Dealer' }],
        cars: [
          {
            id: 4242,
            slug: '2021-toyota-rav4-gx-4242',
            stocknum: 'T4242',
            make: 'Toyota',
            model: 'RAV4',
            year: 2021,
            car_type: 'used',
            status: 'in_stock',
            price: 38_990,
            dealership_id: ours,
          },
        ],
      },
      { file: 'feed.json' },
    );
    if (!imported.ok) throw new Error('the test feed did not import');
    deps = { ...deps, listed: async (_tenant, ids) => new Set(ids.filter((id) => listedIds.has(id))) };
  });

  async function filled(key: string, carId: number): Promise<number> {
    const request = { ip: '203.0.113.9' };
    const vehicle = await tradeInStep(
      deps,
      tenant,
      {
        step: 'vehicle',
        idempotencyKey: key,
        car_id: carId,
        rego: 'XYZ789',
        regoState: 'vic',
        make: 'Mazda',
        model: '3',
        year: 2022,
        odometer: 20_000,
      },
      request,
    );
    if (!vehicle.body.success) throw new Error(vehicle.body.error);
    await tradeInStep(
      deps,
      tenant,
      { step: 'adjustments', idempotencyKey: key, car_id: carId, answers: firstAnswers },
      request,
    );
    const accepted = await tradeInStep(
      deps,
      tenant,
      { step: 'accept', idempotencyKey: key, car_id: carId, contact, offer_accepted: true },
      request,
    );
    expect(accepted.body).toMatchObject({ success: true, completed: true });
    return vehicle.body.lead_id;
  }

  it("a listed car is stored on the lead and named in the dealer's e-mail and ADF", async () => {
    listedIds.add(4242);
    const leadId = await filled('instant-price-car-1', 4242);
    const row = await db.selectFrom('leads').select('car_id').where('id', '=', leadId).executeTakeFirstOrThrow();
    expect(row.car_id).toBe(4242);
    const lead = await loadLead(db, deps.stock, site, leadId);
    if (!lead) throw new Error('lead missing');
    expect(lead.car).toMatchObject({ id: 4242, stocknum: 'T4242' });
    expect(leadEmail(lead).text).toMatch(/Vehicle: 2021 Toyota RAV4/);
    expect(leadToAdf(lead)).toContain('<stock>T4242</stock>');
  });

  it('a car the site does not list, or an id past any row, is left off and the valuation still works', async () => {
    for (const [key, carId] of [
      ['instant-price-car-2', 4242],
      ['instant-price-car-3', 3_000_000_000],
    ] as const) {
      const leadId = await filled(key, carId);
      const row = await db.selectFrom('leads').select('car_id').where('id', '=', leadId).executeTakeFirstOrThrow();
      expect(row.car_id, key).toBeNull();
    }
  });
});
