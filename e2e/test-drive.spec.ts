import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, siteUrl, tenantGet } from './helpers';
import { storedLead } from './support/stored-lead';

// spec: catalogue §7 Appointments fetch for test-drive booking; catalogue §5.1 'Test-drive form:
// date-time optional'; issue 20 — two shoppers cannot book the same slot at one location.
const site = 'southern-cross-motors';
const TAKEN = 'That time was just booked, please pick another';

async function openForm(page: Page) {
  await page.goto(siteUrl(site, '/book-test-drive'));
  await expect(page.getByRole('heading', { level: 1, name: 'Book a test drive' })).toBeVisible();
  const main = page.locator('main');
  const location = main.getByLabel('Location for your test drive');
  const firstLocation = await location.locator('option').nth(1).getAttribute('value');
  await location.selectOption(firstLocation!);
  const time = main.getByLabel('Preferred date and time (optional)');
  // 'No preference' and then the free slots of the location, grouped by day.
  await expect(time.locator('optgroup').first()).toBeAttached();
  return { main, time, locationId: firstLocation! };
}

async function fill(page: Page, main = page.locator('main'), email = 'ana@example.com') {
  await main.getByLabel('First name').fill('Ana');
  await main.getByLabel('Last name').fill('Silva');
  await main.getByLabel('Email').fill(email);
  await main.getByLabel('Phone').fill('0412 345 678');
  await main.getByLabel('Postcode').fill('2150');
  await main.getByLabel('I agree to the terms of use and privacy policy').check();
  // A group site asks for the preferred dealership too (conversion §5.1: more than one dealership).
  const dealership = main.getByLabel('Preferred dealership');
  if (await dealership.count()) await dealership.selectOption({ index: 1 });
}

test('the test-drive form offers only future free slots; a booked slot is stored with the lead, refused to a second shopper and no longer offered', async ({
  browser,
}) => {
  // Two shoppers: two contexts (axe needs a page of a context made with browser.newContext()).
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  const a = await openForm(first);
  const b = await openForm(second);
  await expectAccessible(first);
  await expect(a.time.locator('option').first()).toHaveText('No preference');

  const values = (await a.time
    .locator('optgroup option')
    .evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value))) as string[];
  expect(values.length).toBeGreaterThan(0);
  const now = Date.now();
  for (const value of values) {
    expect(value).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/);
    expect(Date.parse(value)).toBeGreaterThan(now);
  }
  const slot = values[0]!;

  // The first shopper books it: the lead keeps the slot with its offset and the location.
  await fill(first, a.main);
  await a.time.selectOption(slot);
  const posted = first.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await a.main.getByRole('button', { name: 'Book Test Drive' }).click();
  const response = await posted;
  expect(response.status()).toBe(201);
  const { lead_id } = (await response.json()) as { lead_id: number };
  const lead = await storedLead(lead_id);
  expect(JSON.parse(lead!.fields)).toMatchObject({ preferred_time: slot, location_id: a.locationId });
  expect(lead!.location_id).toBe(Number(a.locationId));

  // The second shopper's page still lists it (loaded before): the booking is refused, nothing typed is lost.
  await fill(second, b.main, 'ben@example.com');
  await b.time.selectOption(slot);
  await b.main.getByRole('button', { name: 'Book Test Drive' }).click();
  await expect(b.main.getByRole('alert').filter({ hasText: TAKEN }).first()).toBeVisible();
  await expect(b.main.getByLabel('Email')).toHaveValue('ben@example.com');
  await expect(b.time.locator(`option[value="${slot}"]`)).toHaveCount(0);
  await expectAccessible(second);

  // 'No preference' is allowed (catalogue §5.1): the form sends without a time.
  await b.time.selectOption('');
  const sent = second.waitForResponse((r) => r.url().endsWith('/api/leads') && r.request().method() === 'POST');
  await b.main.getByRole('button', { name: 'Book Test Drive' }).click();
  expect((await sent).status()).toBe(201);
  await first.context().close();
  await second.context().close();
});

test('GET /api/appointments answers a bad or foreign location with a message, never a 500, and is not cached', async ({
  request,
}) => {
  // Node's resolver does not know *.localhost: tenantGet sends the site's Host header to 127.0.0.1.
  const bad = await tenantGet(request, site, '/api/appointments?location=abc');
  expect(bad.status()).toBe(400);
  expect(bad.headers()['cache-control']).toBe('no-store');
  const foreign = await tenantGet(request, site, '/api/appointments?location=999999');
  expect(foreign.status()).toBe(404);
});
