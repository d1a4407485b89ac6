import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';

/**
 * Browser pins for behaviour a regression would break silently (issue 36). Each test quotes the
 * section it pins; the demo data they read is the seeded feed (data/demo-feed.json) and tenants/.
 */
interface FeedCar {
  id: number;
  slug: string;
  dealership_id: number;
  car_type: string;
  status: string;
  price: number;
  year: number;
  make: string;
  offer_price?: number;
  reserved?: boolean;
  images?: unknown[];
  show_on_dealer_website?: boolean;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const tenant = (slug: string) =>
  JSON.parse(readFileSync(`tenants/${slug}.json`, 'utf8')) as {
    finance?: { lenderName?: string; creditLicence?: string };
    contact?: { phonesByCarType?: Record<string, string> };
    banners?: { heading: string; start?: string; expiry?: string }[];
    legal?: { disclaimer?: string; dealerLicence?: string; abn?: string };
  };
const SC = [2, 3, 4, 5, 6];
const shown = (c: FeedCar) => c.show_on_dealer_website !== false;
const inStock = (c: FeedCar) => c.status === 'in_stock';
const scUsed = (c: FeedCar) => SC.includes(c.dealership_id) && c.car_type === 'used' && shown(c);
const find = (label: string, test: (c: FeedCar) => boolean): FeedCar => {
  const car = feed.cars.find(test);
  if (!car) throw new Error(`no demo car: ${label}`);
  return car;
};
const telOf = (phone: string) => `tel:${phone.replace(/[^0-9+]/g, '')}`;

test.describe('credit advertising (conversion §9, §4.4)', () => {
  test('the vehicle sidebar names the credit provider and its licence beside the comparison warning', async ({
    page,
  }) => {
    const thisYear = new Date().getFullYear();
    const car = find('estimate', (c) => scUsed(c) && inStock(c) && c.year >= thisYear - 5 && c.make !== 'Suzuki');
    const { lenderName, creditLicence } = tenant('southern-cross-motors').finance ?? {};
    await page.goto(siteUrl('southern-cross-motors', `/cars/${car.slug}`));
    const estimate = page.locator('.vehicle-sidebar .finance-estimate');
    // conversion §9: "Credit provided by {lender}, {licence}".
    await expect(
      estimate.getByText(`Credit provided by ${lenderName}, ${creditLicence}.`, { exact: true }),
    ).toBeVisible();
    await expect(estimate).toContainText('WARNING: This comparison rate is true only for the examples given');
  });

  test("the calculator's disclaimer shows its first 197 characters with Show More, and all of it with Show Less", async ({
    page,
  }) => {
    await page.goto(siteUrl('harbour-city-mazda', '/finance'));
    const calc = page.locator('.calc');
    const more = calc.getByRole('button', { name: 'Show More', exact: true });
    await expect(more).toHaveAttribute('aria-expanded', 'false');
    const short = ((await more.locator('xpath=preceding-sibling::p[1]').textContent()) ?? '').trim();
    expect(short.endsWith('…')).toBe(true);
    expect(short.length).toBeLessThanOrEqual(198); // 197 characters and the ellipsis
    await more.click();
    const less = calc.getByRole('button', { name: 'Show Less', exact: true });
    await expect(less).toHaveAttribute('aria-expanded', 'true');
    const full = ((await less.locator('xpath=preceding-sibling::p[1]').textContent()) ?? '').trim();
    expect(full.length).toBeGreaterThan(197);
    expect(full.startsWith(short.slice(0, -1).trimEnd())).toBe(true);
    await less.click();
    await expect(more).toBeVisible();
  });
});

// conversion §2.3: the finance page reads preferredDealership, car_type and vin from its address.
test('the finance page fills the enquiry from its address on a multi-dealership site (conversion §2.3)', async ({
  page,
}) => {
  await page.goto(
    siteUrl(
      'southern-cross-motors',
      '/finance?preferredDealership=southern-cross-brisbane&car_type=used&vin=JTMHV05J604123456&vehiclePriceBudget=30000',
    ),
  );
  const form = page.locator('#finance-form');
  await expect(form.getByLabel('Preferred dealership')).toHaveValue('southern-cross-brisbane');
  await expect(form.getByLabel('Amount to borrow ($)')).toHaveValue('30000');
  await form.getByLabel('First name').fill('Robin');
  await form.getByLabel('Last name').fill('Tane');
  await form.getByLabel('Email').fill('robin@example.com');
  await form.getByLabel('Phone').fill('0400 333 444');
  await form.getByLabel('Postcode').fill('4000');
  await form.getByLabel('I agree to the terms of use and privacy policy').check();
  const posted = page.waitForRequest((r) => r.url().endsWith('/api/leads') && r.method() === 'POST');
  await form.locator('button[type="submit"]').click();
  const body = (await posted).postDataJSON() as { userData?: Record<string, unknown> };
  expect(body.userData).toMatchObject({
    vin: 'JTMHV05J604123456',
    vehicle_type: 'used',
    dealership_slug: 'southern-cross-brisbane',
  });
  await expect(page).toHaveURL(/\/success$/);
});

test.describe('per-dealer overrides (conversion §1)', () => {
  test("each site's footer carries its own legal text", async ({ page }) => {
    for (const slug of ['harbour-city-mazda', 'ridgeline-motorcycles']) {
      const legal = tenant(slug).legal ?? {};
      await page.goto(siteUrl(slug, '/'));
      const footer = page.getByRole('contentinfo');
      if (legal.disclaimer) await expect(footer).toContainText(legal.disclaimer);
      if (legal.dealerLicence) await expect(footer).toContainText(`Dealer licence ${legal.dealerLicence}`);
      if (legal.abn) await expect(footer).toContainText(`ABN ${legal.abn}`);
      else await expect(footer).not.toContainText('ABN');
    }
  });

  test("the home page shows the site's current banner promotion and not an expired one", async ({ page }) => {
    const today = new Date().toISOString().slice(0, 10);
    const banners = tenant('harbour-city-mazda').banners ?? [];
    const current = banners.filter((b) => (!b.start || b.start <= today) && (!b.expiry || b.expiry >= today));
    const expired = banners.filter((b) => b.expiry && b.expiry < today);
    await page.goto(siteUrl('harbour-city-mazda', '/'));
    const first = current[0];
    if (first) await expect(page.getByRole('heading', { level: 1 })).toHaveText(first.heading);
    for (const banner of expired) await expect(page.getByText(banner.heading, { exact: true })).toHaveCount(0);
    expect(current.length + expired.length).toBeGreaterThan(0);
  });

  test('a site with a phone number per car type calls that number from the car page', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const phones = tenant('harbour-city-mazda').contact?.phonesByCarType ?? {};
    expect(Object.keys(phones).length).toBeGreaterThan(1);
    for (const [type, phone] of Object.entries(phones)) {
      const car = find(
        type,
        (c) => c.dealership_id === 1 && c.car_type === type && shown(c) && inStock(c) && !c.reserved,
      );
      await page.goto(siteUrl('harbour-city-mazda', `/cars/${car.slug}`));
      await expect(
        page.getByRole('navigation', { name: 'Quick actions' }).getByRole('link', { name: 'Call Now' }),
      ).toHaveAttribute('href', telOf(phone));
    }
  });
});

test.describe('vehicle page (catalogue §4)', () => {
  test('the thumbnail strip shows only for in-stock cars with more than 3 pictures', async ({ page }) => {
    const listed = find('in stock, 4+ photos', (c) => scUsed(c) && inStock(c) && (c.images?.length ?? 0) > 3);
    await page.goto(siteUrl('southern-cross-motors', `/cars/${listed.slug}`));
    await expect(page.getByRole('button', { name: /^Show photo 4/ })).toBeAttached();
    const coming = find(
      'coming soon, 4+ photos',
      (c) => scUsed(c) && c.status === 'coming_soon' && (c.images?.length ?? 0) > 3,
    );
    await page.goto(siteUrl('southern-cross-motors', `/cars/${coming.slug}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: /^Show photo/ })).toHaveCount(0);
  });

  test('the favourite button is hidden for an unpriced car', async ({ page }) => {
    const priced = find('priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
    await page.goto(siteUrl('southern-cross-motors', `/cars/${priced.slug}`));
    await expect(page.getByRole('button', { name: 'Save to favourites' })).toBeVisible();
    const unpriced = find('unpriced', (c) => scUsed(c) && inStock(c) && !(c.price > 0) && !((c.offer_price ?? 0) > 10));
    await page.goto(siteUrl('southern-cross-motors', `/cars/${unpriced.slug}`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Save to favourites' })).toHaveCount(0);
  });

  test('Show More, Show All and Show all specifications open and close their lists', async ({ page }) => {
    const car = find('details', (c) => scUsed(c) && inStock(c));
    await page.goto(siteUrl('southern-cross-motors', `/cars/${car.slug}`));
    const details = page.locator('section.vehicle-information');
    const toggles: Array<[list: string, open: string, close: string]> = [
      ['Key information', 'Show More', 'Show Less'],
      ['Features', 'Show All', 'Show Less'],
      ['Specifications', 'Show all specifications', 'Hide specifications'],
    ];
    for (const [list, open, close] of toggles) {
      const items = details.getByLabel(list, { exact: true }).locator(':scope > li, :scope > div');
      const before = await items.count();
      const button = details.getByRole('button', { name: open, exact: true });
      await expect(button).toHaveAttribute('aria-expanded', 'false');
      await button.click();
      await expect(details.getByRole('button', { name: close, exact: true })).toHaveAttribute('aria-expanded', 'true');
      await expect.poll(() => items.count(), `${list} grows`).toBeGreaterThan(before);
      await details.getByRole('button', { name: close, exact: true }).click();
      await expect.poll(() => items.count(), `${list} shrinks back`).toBe(before);
    }
    await expectAccessible(page);
  });

  test('where the site says so, the phone number shows at once', async ({ page }) => {
    const bike = find('bike', (c) => c.dealership_id === 7 && inStock(c) && shown(c));
    await page.goto(siteUrl('ridgeline-motorcycles', `/cars/${bike.slug}`));
    await expect(page.locator('.vehicle-sidebar').getByRole('link', { name: /^Call / })).toHaveAttribute(
      'href',
      /^tel:\d+/,
    );
    await expect(page.getByRole('button', { name: /Show number$/ })).toHaveCount(0);
  });

  test('similar cars are asked for only when the shopper scrolls near them', async ({ page }) => {
    const car = find('similar', (c) => scUsed(c) && inStock(c) && c.price > 0);
    const asked: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/similar-cars')) asked.push(r.url());
    });
    await page.goto(siteUrl('southern-cross-motors', `/cars/${car.slug}`));
    await page.waitForLoadState('networkidle');
    expect(asked).toEqual([]);
    await page.getByRole('heading', { name: 'Like this and want something similar?' }).scrollIntoViewIfNeeded();
    await expect.poll(() => asked.length).toBe(1);
  });
});

// conversion §4 and catalogue §2 — the location page: phone, address, map, the rating rule and Send Enquiry.
test('a location page shows its phone, address, map, a rating only at 4 or above, and Send Enquiry', async ({
  page,
}) => {
  await page.goto(siteUrl('southern-cross-motors', '/locations/southern-cross-kedron'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Southern Cross Motors Kedron');
  await expect(page.locator('address').first()).toContainText('Kedron QLD 4031');
  await expect(page.getByRole('link', { name: /^Call \(07\)/ })).toHaveAttribute('href', /^tel:07\d+$/);
  // catalogue §9 rating rule: the summary shows at 4 or above; reviews rated below are left out.
  const rating = page.locator('.location__rating');
  await expect(rating).toContainText(/\d\.\d from \d+ reviews/);
  await expect(rating.getByRole('img', { name: /out of 5 stars$/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Show map' })).toBeVisible();
  expect((await page.locator('.location-map').boundingBox())?.height).toBeGreaterThanOrEqual(400);
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Send Enquiry/ }).click();
  await expect(page.getByRole('dialog', { name: 'Send an enquiry to Southern Cross Motors Kedron' })).toBeVisible();

  // A parts location offers a parts enquiry instead of a phone number, and has no rating to show.
  await page.goto(siteUrl('southern-cross-motors', '/locations/southern-cross-parramatta-parts'));
  await expect(page.getByRole('main').getByRole('link', { name: 'Parts Enquiry' })).toHaveAttribute(
    'href',
    '/vehicle-parts-and-accessories',
  );
  // (The header's own 'Call us on' link is the site's, not the location's.)
  await expect(page.getByRole('main').getByRole('link', { name: /^Call / })).toHaveCount(0);
  await expect(page.locator('.location__rating')).toHaveCount(0);
});
