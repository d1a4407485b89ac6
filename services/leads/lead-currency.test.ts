import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { importFeed } from '../stock/import-feed';
import { StockRepository } from '../stock/stock-repository';
import { leadToAdf } from './adf';
import { leadEmail } from './lead-email';
import { loadLead, type LeadSite } from './lead-record';
import { storeLeadSubmission } from './lead-store';
import { sampleLead } from './sample-lead';

// The site's currency (tenant.locale.currency) travels with the stored lead through LeadSite, as
// server/background/lead-delivery.ts builds it, into the e-mail and the ADF document.

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
  const imported = await importFeed(
    db,
    {
      dealerships: [{ id: 1, slug: 'tasman-motors', name: 'Tasman Motors' }],
      cars: [
        {
          id: 7,
          slug: 'mazda-cx-5-7',
          make: 'Mazda',
          model: 'CX-5',
          year: 2022,
          car_type: 'used',
          status: 'in_stock',
          price: 34_990,
          dealership_id: 1,
        },
      ],
    },
    { file: 'feed.json' },
  );
  if (!imported.ok) throw new Error('the test feed did not import');
});
afterEach(async () => db.destroy());

async function storedLead(): Promise<number> {
  const stored = await storeLeadSubmission(
    db,
    {
      tenant: 'tasman-motors',
      form: 'used-car-enquiry',
      eventId: 15,
      category: 'Used Car Enquiry',
      fields: { name: 'Aroha', email: 'aroha@example.com' },
      extras: {},
      carId: 7,
      url: 'https://tasman.example/cars/mazda-cx-5-7',
      visitedPages: [],
      linkedQueryParams: {},
      idempotencyKey: 'currency-1',
      step: 0,
      isLastStep: true,
      spam: false,
      destinations: [],
    },
    new Date('2026-11-20T01:00:00Z'),
  );
  if (stored.leadId === undefined) throw new Error('the test lead was not stored');
  return stored.leadId;
}

const site = (currency?: string): LeadSite => ({
  name: 'Tasman Motors',
  origin: 'https://tasman.example',
  dealershipIds: [1],
  ...(currency ? { currency } : {}),
});

describe('lead money in the site’s currency', () => {
  it('an NZD site’s lead shows the site’s price in the e-mail and NZD in the ADF', async () => {
    const id = await storedLead();
    const lead = await loadLead(db, new StockRepository(db), () => site('NZD'), id);
    if (!lead) throw new Error('lead missing');
    expect(lead.currency).toBe('NZD');
    // As the NZD site writes it (domain/format formatMoney): '$34,990'; the ADF names the currency.
    expect(leadEmail(lead).text).toContain('Price: $34,990\n');
    expect(leadEmail(lead).text).not.toMatch(/AUD|A\$/);
    expect(leadToAdf(lead)).toContain('<price type="asking" currency="NZD">34990</price>');
  });

  it('an AUD site, or one that names no currency, shows $ and AUD', async () => {
    const id = await storedLead();
    for (const currency of ['AUD', undefined]) {
      const lead = await loadLead(db, new StockRepository(db), () => site(currency), id);
      if (!lead) throw new Error('lead missing');
      expect(leadEmail(lead).text).toContain('Price: $34,990\n');
      expect(leadToAdf(lead)).toContain('<price type="asking" currency="AUD">34990</price>');
    }
  });

  it('an NZD site’s trade-in offer is an appraisal in NZD', () => {
    const tradeIn = sampleLead({
      form: 'trade-in',
      car: undefined,
      currency: 'NZD',
      fields: { name: 'Aroha', make: 'Kia', model: 'Rio', offer_price: '12000' },
    });
    expect(leadToAdf(tradeIn)).toContain('<price type="appraisal" currency="NZD">12000</price>');
  });
});
