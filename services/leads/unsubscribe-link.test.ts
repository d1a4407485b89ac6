import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { StockRepository } from '../stock/stock-repository';
import { signedUnsubscribeLinks, unsubscribeKey } from '../unsubscribe-token';
import { leadEmail } from './lead-email';
import { loadLead, type LeadSite } from './lead-record';
import { storeLeadSubmission } from './lead-store';
import { leadWebhookPayload } from './webhook-signature';

// Issue 30 L7: an unsubscribe needs the token of the address's own link, so the dealer, who sends
// the marketing e-mails, gets that link with every lead: in the e-mail and in the webhook.

const KEY = unsubscribeKey('lead-unsubscribe-link-test-secret-01234');
const ORIGIN = 'https://tasman.example';

let db: PlatformDb;
beforeEach(async () => {
  db = await openTestDatabase();
});
afterEach(async () => db.destroy());

async function storedLead(email: unknown): Promise<number> {
  const stored = await storeLeadSubmission(
    db,
    {
      tenant: 'tasman-motors',
      form: 'general-enquiry',
      eventId: 22,
      category: 'General Enquiry',
      fields: { name: 'Aroha', ...(email === undefined ? {} : { email: email as string }), opt_in: true },
      extras: {},
      url: `${ORIGIN}/contact-us`,
      visitedPages: [],
      linkedQueryParams: {},
      idempotencyKey: `unsubscribe-link-${String(email)}`,
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

const site: LeadSite = {
  name: 'Tasman Motors',
  origin: ORIGIN,
  dealershipIds: [],
  unsubscribeLinks: (email) => signedUnsubscribeLinks(ORIGIN, 'tasman-motors', email, KEY),
};

describe('the unsubscribe link of a lead’s address', () => {
  it('goes to the dealer in the e-mail and the webhook, signed for that site and address', async () => {
    const lead = await loadLead(db, new StockRepository(db), () => site, await storedLead('Aroha@Example.com'));
    const links = signedUnsubscribeLinks(ORIGIN, 'tasman-motors', 'aroha@example.com', KEY);
    expect(links?.page).toMatch(/^https:\/\/tasman\.example\/pages\/unsubscribe\?email=aroha%40example\.com&token=/);
    expect(lead?.unsubscribe).toEqual(links);
    if (!lead || !links) throw new Error('lead missing');
    expect(leadEmail(lead).text).toContain(`Unsubscribe link for this address: ${links.page}\n`);
    expect(JSON.parse(leadWebhookPayload(lead))).toMatchObject({
      lead: { unsubscribe: { url: links.page, one_click_url: links.oneClick } },
    });
  });

  it('is left out when the lead has no address, or the site cannot sign links', async () => {
    const withoutAddress = await loadLead(db, new StockRepository(db), () => site, await storedLead(undefined));
    expect(withoutAddress?.unsubscribe).toBeUndefined();
    const id = await storedLead('aroha@example.com');
    const unsigned = await loadLead(db, new StockRepository(db), () => ({ ...site, unsubscribeLinks: undefined }), id);
    expect(unsigned?.unsubscribe).toBeUndefined();
    if (!unsigned) throw new Error('lead missing');
    expect(leadEmail(unsigned).text).not.toContain('Unsubscribe link');
    expect(leadWebhookPayload(unsigned)).not.toContain('unsubscribe');
  });
});
