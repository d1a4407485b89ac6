import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, PORT, siteUrl } from './helpers';

interface FeedCar { id: number; slug: string; dealership_id: number; car_type: string; status: string; price: number; year: number; make: string; show_on_dealer_website?: boolean; offer_price?: number }
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const site = 'southern-cross-motors';
const listed = (c: FeedCar) => [2, 3, 4, 5, 6].includes(c.dealership_id) && c.car_type === 'used' && c.status === 'in_stock' && c.show_on_dealer_website !== false && c.price > 0;

test('an eligible car shows its weekly estimate with the comparison rate beside it; a car over 12 years (provider A) shows none (conversion §5.2)', async ({ page }) => {
  const thisYear = new Date().getFullYear();
  const recent = feed.cars.find((c) => listed(c) && c.year >= thisYear - 5 && c.make !== 'Suzuki')!;
  await page.goto(siteUrl(site, `/cars/${recent.slug}`));
  const estimate = page.locator('.vehicle-sidebar .finance-estimate');
  await expect(estimate.getByRole('link', { name: /^Finance from \$[\d,]+ per week\*$/ })).toHaveAttribute('href', '#finance-form');
  await expect(estimate).toContainText('Interest rate 8.99% p.a.');
  await expect(estimate).toContainText(/Comparison rate \d+\.\d\d% p\.a\./);
  await expect(estimate).toContainText('Comparison rate based on a 5-year secured loan of $30,000. WARNING: This comparison rate is true only for the examples given');
  await expect(page.getByText('Finance Available For This Vehicle!')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Get Finance Now' })).toHaveAttribute('href', `/finance?car_id=${recent.id}#finance-form`);

  const old = feed.cars.find((c) => listed(c) && c.year <= thisYear - 13)!;
  await page.goto(siteUrl(site, `/cars/${old.slug}`));
  await expect(page.locator('.vehicle-sidebar__title')).toBeVisible();
  await expect(page.locator('.vehicle-sidebar .finance-estimate')).toHaveCount(0);
});

test('the calculator recalculates as the sliders move, keeps the comparison rate beside the rate, and checks the price (conversion §4.4, §5.3)', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda', '/finance?vehiclePriceBudget=45000&preferredDealership=harbour-city-mazda'));
  await expect(page.getByRole('heading', { level: 1, name: 'Car finance' })).toBeVisible();
  await expect(page.getByLabel('Purchase price', { exact: true })).toHaveValue('45000');
  const repayment = page.getByTestId('calc-repayment');
  const pair = page.locator('.calc .rate-pair');
  const before = await repayment.textContent();
  const comparisonBefore = await pair.textContent();
  expect(before).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(page.locator('.calc')).toContainText('per week');
  // The interest slider, by keyboard: 7.49 -> clamped steps of 0.5 within this dealer's 4 to 20.
  const interest = page.getByRole('slider', { name: 'Interest rate (% p.a.) slider' });
  await interest.focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowRight');
  await expect(repayment).not.toHaveText(before ?? '');
  await expect(pair).not.toHaveText(comparisonBefore ?? '');
  await expect(pair).toContainText(/Interest rate 9\.\d\d% p\.a\./);
  await page.getByLabel('Monthly').check();
  await expect(page.locator('.calc')).toContainText('per month');
  const price = page.getByLabel('Purchase price', { exact: true });
  await price.fill('500');
  await price.press('Enter');
  await expect(page.getByText('Cannot be less than 1000 or more than 250000')).toBeVisible();
  await expect(repayment).toHaveText('Enquire for Finance');
  await expect(page.getByTestId('calc-total')).toHaveText('');
  await page.getByRole('button', { name: '$20,000' }).click();
  await expect(page.getByText('Cannot be less than 1000 or more than 250000')).toHaveCount(0);
  await expect(page.getByText(/^WARNING: This comparison rate is true only/).or(page.locator('.calc .comparison-warning'))).toBeVisible();
  // The enquiry below is filled from the query string (conversion §2.3).
  await expect(page.locator('#finance-form').getByLabel('Amount to borrow ($)')).toHaveValue('45000');
  await expectAccessible(page);
  const events = await page.evaluate(() => (window as unknown as { dataLayer?: { event_id?: number }[] }).dataLayer?.map((e) => e.event_id) ?? []);
  expect(events.filter((e) => e === 26)).toHaveLength(1); // first use only
});

test('POST /api/youx/quote answers a quote with the weekly repayment and both rates (conversion §7 item 1)', async ({ request }) => {
  const response = await request.post(`http://127.0.0.1:${PORT}/api/youx/quote`, {
    headers: { host: `${site}.localhost:${PORT}` },
    data: { selfAssessedCreditScore: 'GREAT', purchasePrice: 30000, loanTerm: 5, year: 2022, vin: '', nvic: '', whoIsHelping: '' },
  });
  expect(response.status()).toBe(200);
  const quote = (await response.json()) as { weeklyRepaymentAmount: number; advertisedRate: number; comparisonRate: number };
  expect(quote.advertisedRate).toBe(8.99);
  expect(quote.weeklyRepaymentAmount).toBeGreaterThan(50);
  expect(quote.comparisonRate).toBeGreaterThan(quote.advertisedRate);
  const bad = await request.post(`http://127.0.0.1:${PORT}/api/youx/quote`, { headers: { host: `${site}.localhost:${PORT}` }, data: { purchasePrice: -1 } });
  expect(bad.status()).toBe(400);
});
