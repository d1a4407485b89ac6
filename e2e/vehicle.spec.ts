import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type ConsoleMessage } from '@playwright/test';
import { PDFDocument } from 'pdf-lib';
import { expectAccessible, siteUrl, tenantGet } from './helpers';

interface FeedCar {
  id: number;
  slug: string;
  dealership_id: number;
  dealership_slug?: string;
  car_type: string;
  status: string;
  price: number;
  before_price?: number;
  offer_price?: number;
  reserved?: boolean;
  preorder?: boolean;
  simple_fuel?: string;
  dealercomments?: string;
  rego_expiry?: string;
  sold_date_timestamp?: number;
  show_on_dealer_website?: boolean;
  file?: string;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const SC = [2, 3, 4, 5, 6];
const site = 'southern-cross-motors';
const shown = (c: FeedCar) => c.show_on_dealer_website !== false;
const scUsed = (c: FeedCar) => SC.includes(c.dealership_id) && c.car_type === 'used' && shown(c);
const find = (label: string, test: (c: FeedCar) => boolean): FeedCar => {
  const car = feed.cars.find(test);
  if (!car) throw new Error(`no demo car: ${label}`);
  return car;
};
const inStock = (c: FeedCar) => c.status === 'in_stock';
const nowSeconds = Date.now() / 1000;

test('a car with a was-price shows both prices and its gallery works from the keyboard', async ({ page }) => {
  const car = find(
    'was-price',
    (c) => scUsed(c) && inStock(c) && (c.before_price ?? 0) > c.price && !(c.offer_price && c.offer_price > 10),
  );
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await expect(page.getByTestId('vehicle-price')).toHaveText(`$${car.price.toLocaleString('en-AU')}`);
  await expect(page.locator('.vehicle-sidebar__was s')).toHaveText(`$${car.before_price?.toLocaleString('en-AU')}`);
  const photos = page.getByRole('button', { name: 'Photos', exact: true });
  if (await photos.count()) await photos.click();
  const track = page.getByRole('list', { name: /Photo 1 of \d+/ });
  await track.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('list', { name: /Photo 2 of \d+/ })).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByRole('list', { name: /Photo 1 of \d+/ })).toBeVisible();
  await page.getByRole('button', { name: 'Full screen photos' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('dialog')).toContainText('2 /');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  await expectAccessible(page);
});

test('an unpriced car shows the no-price text and Find Me Something Similar instead of purchase buttons', async ({
  page,
}) => {
  const car = find(
    'no price',
    (c) => scUsed(c) && inStock(c) && c.price === 0 && !c.preorder && !(c.offer_price && c.offer_price > 10),
  );
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await expect(page.getByTestId('vehicle-price')).toHaveText('Enquire for price.');
  await expect(page.getByRole('link', { name: 'Find Me Something Similar' })).toBeVisible();
  await expect(page.getByRole('link', { name: /^Reserve/ })).toHaveCount(0);
});

test('a car sold within 3 days shows the sold notice (catalogue §4)', async ({ page }) => {
  const car = find(
    'sold recently',
    (c) => scUsed(c) && c.status === 'sold' && (c.sold_date_timestamp ?? 0) > nowSeconds - 2 * 86_400,
  );
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await expect(page.locator('.sold-notice')).toContainText('SOLD');
  await expect(page.locator('.sold-notice')).toContainText('Unfortunately this car recently sold');
  await expect(page.locator('.vehicle-sidebar').getByText('Like this and want something similar?')).toBeVisible();
  await expect(page.getByRole('link', { name: /^Reserve/ })).toHaveCount(0);
});

test('a car sold long ago is not listed: 404', async ({ request }) => {
  const car = find(
    'sold long ago',
    (c) => scUsed(c) && c.status === 'sold' && (c.sold_date_timestamp ?? nowSeconds) < nowSeconds - 5 * 86_400,
  );
  expect((await tenantGet(request, site, `/cars/${car.slug}`)).status()).toBe(404);
});

test('a reserved car hides the reserve button; an available one shows the tenant amount', async ({ page }) => {
  const reserved = find('reserved', (c) => scUsed(c) && inStock(c) && c.reserved === true && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${reserved.slug}`));
  await expect(page.getByRole('link', { name: /^Reserve/ })).toHaveCount(0);
  const open = find('reservable', (c) => scUsed(c) && inStock(c) && !c.reserved && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${open.slug}`));
  await expect(page.getByRole('link', { name: 'Reserve for $500' })).toBeVisible();
});

test('an electric car has no fuel calculator; a petrol car does, with the catalogue §9 defaults', async ({ page }) => {
  const ev = find('electric', (c) => scUsed(c) && inStock(c) && c.simple_fuel === 'Electric');
  await page.goto(siteUrl(site, `/cars/${ev.slug}`));
  await expect(page.getByRole('heading', { name: 'Fuel cost calculator' })).toHaveCount(0);
  const petrol = find('petrol', (c) => scUsed(c) && inStock(c) && c.simple_fuel === 'Petrol');
  await page.goto(siteUrl(site, `/cars/${petrol.slug}`));
  await expect(page.getByLabel('Kilometres per week')).toHaveValue('250');
  await expect(page.getByLabel('Fuel price per litre')).toHaveValue('1.70');
  await page.getByLabel('Fuel consumption').fill('10');
  await expect(page.locator('.fuel-calc__result')).toContainText('$42.50'); // 250 / 100 x 10 x 1.70
  await expectAccessible(page);
});

test('long dealer comments are cut at 400 characters; pipe-only comments are pending', async ({ page }) => {
  const long = find('long comments', (c) => scUsed(c) && inStock(c) && (c.dealercomments?.length ?? 0) > 450);
  await page.goto(siteUrl(site, `/cars/${long.slug}`));
  const text = page.locator('.dealer-comments__text');
  expect(((await text.textContent()) ?? '').length).toBeLessThanOrEqual(402);
  await page.locator('.dealer-comments').getByRole('button', { name: 'Show more' }).click();
  expect(((await text.textContent()) ?? '').length).toBeGreaterThan(402);
  const pipes = find('pipe-only comments', (c) => scUsed(c) && inStock(c) && (c.dealercomments ?? '').trim() === '|');
  await page.goto(siteUrl(site, `/cars/${pipes.slug}`));
  await expect(page.getByText('Dealer comments are pending. Please check back here later.')).toBeVisible();
});

test('rego expiry: a future date reads Expires on, a past one Unregistered where switched on', async ({ page }) => {
  const future = find(
    'rego future',
    (c) => scUsed(c) && inStock(c) && !!c.rego_expiry && Date.parse(c.rego_expiry) > Date.now() + 86_400_000 * 2,
  );
  await page.goto(siteUrl(site, `/cars/${future.slug}`));
  await expect(page.locator('.vehicle-sidebar__rego')).toContainText('Expires on');
  const past = find(
    'rego past',
    (c) => scUsed(c) && inStock(c) && !!c.rego_expiry && Date.parse(c.rego_expiry) < Date.now() - 86_400_000 * 2,
  );
  await page.goto(siteUrl(site, `/cars/${past.slug}`));
  await expect(page.locator('.vehicle-sidebar__rego')).toContainText('Unregistered');
});

test('the dealer phone is masked after 5 characters until clicked (catalogue §4)', async ({ page }) => {
  const car = find('any', (c) => scUsed(c) && inStock(c));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const reveal = page.getByRole('button', { name: /Show number$/ });
  await expect(reveal).toContainText('XXXX');
  const lead = page.waitForResponse(
    (r) => r.url().endsWith('/api/leads/phone-reveal') && r.request().method() === 'POST',
  );
  await reveal.click();
  await expect(page.locator('.vehicle-sidebar').getByRole('link', { name: /^Call / })).toHaveAttribute(
    'href',
    /^tel:\d+/,
  );
  expect((await lead).status()).toBe(201); // catalogue §7: the reveal records a lead
  expect(
    await page.evaluate(() =>
      (window as unknown as { dataLayer?: Array<{ event_id?: number }> }).dataLayer?.some((e) => e.event_id === 25),
    ),
  ).toBe(true);
});

test('a dealer comment with a script payload never runs', async ({ page }) => {
  mkdirSync('test-results', { recursive: true });
  const payload =
    'Great car. <script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2"> <a href="javascript:window.__xss=3">click</a> '.repeat(
      8,
    );
  const car = {
    id: 990001,
    slug: 'xss-test-990001',
    make: 'Yamaha',
    model: 'MT-07',
    year: 2024,
    car_type: 'used',
    status: 'in_stock',
    price: 9990,
    dealership_id: 7,
    location_id: undefined,
    dealercomments: payload,
    stocknum: 'XSS1',
    item_type: 'motorcycle',
  };
  writeFileSync('test-results/xss-feed.json', JSON.stringify({ cars: [car] }));
  execFileSync('npx', ['tsx', 'scripts/import.ts', 'test-results/xss-feed.json'], { env: process.env, stdio: 'pipe' });
  await page.goto(siteUrl('ridgeline-motorcycles', `/cars/${car.slug}`));
  await expect(page.locator('.dealer-comments__text')).toContainText('Great car.');
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
  expect(
    await page
      .locator('.dealer-comments script, .dealer-comments [onerror], .dealer-comments a[href^="javascript"]')
      .count(),
  ).toBe(0);
});

async function priceOf(request: APIRequestContext, slug: string): Promise<{ page?: string; jsonLd?: number }> {
  const html = await (await tenantGet(request, 'ridgeline-motorcycles', `/cars/${slug}`)).text();
  const page = /data-testid="vehicle-price">([^<]+)</.exec(html)?.[1];
  const ld = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const offers = ld ? (JSON.parse(ld) as { offers?: { price?: number } }).offers : undefined;
  return { page, jsonLd: offers?.price };
}

test('one vehicle, one price: search card, page and JSON-LD agree for every listed car of one tenant (ACL s47)', async ({
  request,
}) => {
  test.setTimeout(240_000);
  const cards = new Map<string, string>();
  for (let pageNo = 1; pageNo < 40; pageNo++) {
    const html = await (
      await tenantGet(
        request,
        'ridgeline-motorcycles',
        `/search/new-used-and-demo-cars?sortBy=latest${pageNo > 1 ? `&page=${pageNo}` : ''}`,
      )
    ).text();
    const found = [
      ...html.matchAll(
        /<h3 id="car-\d+" class="stock-card__title"><a href="\/cars\/([^"]+)"[^>]*>[\s\S]*?<p class="stock-card__price"><strong>([^<]+)<\/strong>/g,
      ),
    ];
    if (!found.length) break;
    for (const [, slug, price] of found) cards.set(slug as string, price as string);
  }
  expect(cards.size).toBeGreaterThan(150);
  for (const [slug, cardPrice] of cards) {
    const { page, jsonLd } = await priceOf(request, slug);
    expect(page, slug).toBe(cardPrice);
    if (/^\$/.test(cardPrice)) expect(`$${jsonLd?.toLocaleString('en-AU')}`, slug).toBe(cardPrice);
    else expect(jsonLd, slug).toBeUndefined();
  }
});

test('a favourite persists across reload and shows on the favourites page', async ({ page }) => {
  const car = find('priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const save = page.getByRole('button', { name: 'Save to favourites' });
  await save.click();
  await expect(page.getByRole('button', { name: 'Saved to favourites' })).toHaveAttribute('aria-pressed', 'true');
  expect(
    await page.evaluate(() =>
      (window as unknown as { dataLayer?: Array<{ event_id?: number }> }).dataLayer?.some((e) => e.event_id === 39),
    ),
  ).toBe(true);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Saved to favourites' })).toBeVisible();
  await page.goto(siteUrl(site, '/favourites'));
  await expect(page.locator('main').getByRole('heading', { level: 2 })).toHaveCount(1);
  await expectAccessible(page);
  await page.getByRole('button', { name: /^Remove/ }).click();
  await expect(page.getByText('You have not saved any cars yet.')).toBeVisible();
});

test("a used car's page shows the tenant's used-car disclaimer short, with a toggle to the full text (catalogue §4)", async ({
  page,
}) => {
  const car = find('any used', (c) => scUsed(c) && inStock(c) && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const disclaimer = page.locator('.vehicle-sidebar .used-car-disclaimer');
  await expect(disclaimer).toContainText('Used vehicle prices exclude government charges');
  await expect(disclaimer.getByText('before purchase.')).toBeHidden();
  await disclaimer.getByText('Show more').click();
  await expect(disclaimer.getByText(/should be confirmed with our sales team before purchase\.$/)).toBeVisible();
  await expect(disclaimer.getByText('Show less')).toBeVisible();
});

test("the view count sends the car's updated_at to view.json (catalogue §7)", async ({ page }) => {
  const car = find('any priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
  const request = page.waitForRequest((r) => r.url().includes(`/api/cars/${car.slug}/view.json?`));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const query = new URL((await request).url()).searchParams;
  expect(query.get('updated_at')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  expect(query.get('website_id')).toBe(site);
  const response = await (await request).response();
  expect(response?.status()).toBe(200);
  expect(await response?.json()).toMatchObject({ car_fields: { updated_at: query.get('updated_at'), changed: false } });
});

test('copy link shows Copied and puts the share address on the clipboard; views are counted', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const car = find('any priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await expect(page.getByText(/^Viewed \d+ times$/)).toBeVisible();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `https://www.southerncrossmotors.com.au/cars/${car.slug}`,
  );
  await expect(page.getByRole('button', { name: 'Copy link' })).toBeVisible({ timeout: 3000 }); // 'Copied' for 1.5 s
});

test('on a 390x844 phone the bottom bar offers reserve, enquire and call, and changes style past 900 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const car = find('reservable', (c) => scUsed(c) && inStock(c) && !c.reserved && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(bar.getByRole('link', { name: 'Reserve Car Now' })).toBeVisible();
  // catalogue §2: "Reserve Car Now, Enquire Now or Instant Message, and Call Now": the Southern Cross
  // demo turns on messaging.mobileBar, so its middle button is Instant Message (messaging.spec opens it).
  await expect(bar.getByRole('button', { name: 'Instant Message' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Call Now' })).toHaveAttribute('href', /^tel:/);
  await expect(bar).not.toHaveClass(/mobile-bar--scrolled/);
  await page.mouse.wheel(0, 1500);
  await expect(bar).toHaveClass(/mobile-bar--scrolled/);
  await expectAccessible(page);
});

// spec: conversion §4.2 — instant offer only with the autograb flag on (switched on for the group demo site),
// in_stock, not sold, not reserved, price above 200; it leads to the trade-in valuation with the car (§2.3).
test('an eligible car offers an instant offer in the sidebar and the phone bar, leading to the trade-in valuation with it', async ({
  page,
}) => {
  const car = find('instant offer', (c) => scUsed(c) && inStock(c) && !c.reserved && c.price > 200);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const offer = page.locator('.vehicle-sidebar').getByRole('link', { name: 'Get an Instant Offer' });
  await expect(offer).toHaveAttribute('href', `/cars/trade-in?car_id=${car.id}`);
  await offer.click();
  await expect(page).toHaveURL(new RegExp(`/cars/trade-in\\?car_id=${car.id}$`));
  await expect(page.getByText('Trading in towards the')).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(bar.getByRole('link', { name: 'Instant Offer' })).toHaveAttribute(
    'href',
    `/cars/trade-in?car_id=${car.id}`,
  );

  const reserved = find('reserved', (c) => scUsed(c) && inStock(c) && c.reserved === true && c.price > 200);
  await page.goto(siteUrl(site, `/cars/${reserved.slug}`));
  await expect(bar.getByRole('link', { name: 'Instant Offer' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Get an Instant Offer' })).toHaveCount(0);
  // The franchise demo site leaves the flag off.
  const mazda = find(
    'Mazda dealer in stock',
    (c) => c.dealership_id === 1 && shown(c) && inStock(c) && !c.reserved && c.price > 200,
  );
  await page.goto(siteUrl('harbour-city-mazda', `/cars/${mazda.slug}`));
  await expect(bar.getByRole('link', { name: 'Instant Offer' })).toHaveCount(0);
});

type MarketCar = FeedCar & { autograb_data?: { average_market_price?: number; state_average_market_price?: number } };
const average = (c: MarketCar) =>
  c.autograb_data?.state_average_market_price ?? c.autograb_data?.average_market_price ?? 0;

test('the market badge shows more than 499 below the market average, and the gauge loads (catalogue §4, §5)', async ({
  page,
}) => {
  const cheap = find(
    'below market',
    (c) =>
      scUsed(c) &&
      inStock(c) &&
      c.price > 0 &&
      !(c.offer_price && c.offer_price > 10) &&
      average(c as MarketCar) - c.price > 2000,
  ) as MarketCar;
  await page.goto(siteUrl(site, `/cars/${cheap.slug}`));
  await expect(page.locator('.market-badge')).toContainText('Below market price');
  await page.getByRole('heading', { name: 'How this price compares' }).scrollIntoViewIfNeeded();
  await expect(page.locator('.market-gauge__deal')).toHaveText(/Good Deal|Great Deal/);
  // Issue 20: the gauge says where the price sits in money; the fill band is never put into words.
  await expect(page.locator('.market-gauge__position')).toHaveText(
    /^Priced \$[\d,]+ below the market average for this model$/,
  );
  await expect(page.getByText(/Market position/)).toHaveCount(0);
  await expectAccessible(page);
  const dear = find(
    'above market',
    (c) =>
      scUsed(c) &&
      inStock(c) &&
      c.price > 0 &&
      !(c.offer_price && c.offer_price > 10) &&
      average(c as MarketCar) > 0 &&
      average(c as MarketCar) - c.price < 0,
  );
  await page.goto(siteUrl(site, `/cars/${dear.slug}`));
  await expect(page.locator('.market-badge')).toHaveCount(0);
});

test('Download PDF saves a real PDF named after the car; Print opens the printable page', async ({ page }) => {
  const car = find('priced', (c) => scUsed(c) && inStock(c) && c.price > 0 && !(c.offer_price && c.offer_price > 10));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`${car.slug}.pdf`);
  const bytes = readFileSync(await download.path());
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
  const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  expect((await PDFDocument.load(bytes)).getTitle()).toBe(title); // the PDF names the car
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByRole('link', { name: 'Print' }).click()]);
  await popup.waitForLoadState();
  expect(popup.url()).toContain(`/print?car_id=${car.slug}`);
  await expect(popup.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(popup.getByText(`$${car.price.toLocaleString('en-AU')}`).first()).toBeVisible();
  await expectAccessible(popup);
});

test('the delivery calculator answers by postcode with the catalogue §5 messages', async ({ page }) => {
  const car = find('any', (c) => scUsed(c) && inStock(c));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const postcode = page.getByLabel('Your postcode');
  await page.getByRole('button', { name: 'Get estimate' }).click();
  await expect(page.locator('.delivery-calc [role="status"]')).toHaveText('Please enter a postcode.');
  await postcode.fill('0872');
  await page.getByRole('button', { name: 'Get estimate' }).click();
  await expect(page.locator('.delivery-calc [role="status"]')).toHaveText(
    "Sorry, we can't provide an estimate for that location. Please use the enquiry form on this page or give us a call to get a quote.",
  );
  await postcode.fill('7000');
  await page.getByRole('button', { name: 'Get estimate' }).click();
  await expect(page.locator('.delivery-calc [role="status"]')).toHaveText('Delivery to Tasmania: $1,290');
});

test('the 360° view loads every frame, turns by itself, and turns with the arrow keys and dragging (catalogue §4)', async ({
  page,
}) => {
  const car = find(
    'with a spin',
    (c) => scUsed(c) && inStock(c) && Array.isArray((c as FeedCar & { spin_images?: string[] }).spin_images),
  );
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const spin = page.getByRole('slider', { name: /360° view/ });
  await expect(spin).toBeVisible({ timeout: 20_000 });
  const first = Number(await spin.getAttribute('aria-valuenow'));
  await expect.poll(async () => Number(await spin.getAttribute('aria-valuenow'))).not.toBe(first); // auto-rotate
  await spin.focus();
  await page.keyboard.press('ArrowRight');
  const afterKey = Number(await spin.getAttribute('aria-valuenow'));
  await page.waitForTimeout(400);
  expect(Number(await spin.getAttribute('aria-valuenow'))).toBe(afterKey); // stopped turning by itself
  await page.keyboard.press('ArrowLeft');
  expect(Number(await spin.getAttribute('aria-valuenow'))).toBe((afterKey + 345) % 360);
  const box = await spin.boundingBox();
  if (box) {
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 6 }); // 60 px = 3 frames
    await page.mouse.up();
  }
  expect(Number(await spin.getAttribute('aria-valuenow'))).toBe((afterKey + 345 + 45) % 360);
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Photos', exact: true }).click();
  await expect(page.getByRole('list', { name: /Photo 1 of \d+/ })).toBeVisible();
});

test('on a wide screen a slim sticky bar with title and price appears past 500 px (catalogue §9)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const car = find('priced', (c) => scUsed(c) && inStock(c) && c.price > 0 && !(c.offer_price && c.offer_price > 10));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const sticky = page.locator('.vehicle-sticky');
  await expect(sticky).not.toHaveClass(/is-shown/);
  await page.mouse.wheel(0, 900);
  await expect(sticky).toHaveClass(/is-shown/);
  await expect(sticky).toContainText(`$${car.price.toLocaleString('en-AU')}`);
});

test('where the tenant switches it on, sharing copies the address and toasts for 3 s (catalogue §4)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const bike = find('bike', (c) => c.dealership_id === 7 && inStock(c) && shown(c));
  await page.goto(siteUrl('ridgeline-motorcycles', `/cars/${bike.slug}`));
  const title = ((await page.getByRole('heading', { level: 1 }).textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.locator('.toast')).toContainText(`Copied ${title} to your clipboard!`);
  // The toast stays while the pointer rests on it (Providers.client.tsx); at 1280x720 it opens over the
  // Copy link button the pointer has just clicked, so the pointer moves on as a shopper's would.
  await page.mouse.move(10, 10);
  await expect(page.locator('.toast')).toHaveCount(0, { timeout: 4000 });
  await expect(page.getByRole('button', { name: 'Facebook' })).toHaveCount(0);
});

interface MediaCar extends FeedCar {
  spin_images?: string[];
  spin_interior_image?: string;
  walkaround_videos?: { url: string }[];
  video_url?: string;
  videos?: { url: string }[];
}

test('interior spin, hotspots and the walkaround video sit beside the exterior spin (catalogue §4)', async ({
  page,
}) => {
  const car = find(
    'spin with walkaround',
    (c) =>
      scUsed(c) &&
      inStock(c) &&
      Boolean((c as MediaCar).walkaround_videos?.length) &&
      Boolean((c as MediaCar).spin_interior_image),
  ) as MediaCar;
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const views = page.getByRole('group', { name: 'Photo views' });
  await expect(views.getByRole('button')).toHaveText(['360° view', '360° interior', 'Photos', 'Walkaround video']);
  const spin = page.getByRole('slider', { name: /360° view/ });
  await expect(spin).toBeVisible({ timeout: 20_000 });
  await spin.focus();
  await page.keyboard.press('ArrowRight'); // stop turning
  while (Number(await spin.getAttribute('aria-valuenow')) !== 0) await page.keyboard.press('ArrowRight');
  // Frame 0 shows the side: the wheel hotspot is there.
  const marker = page.getByRole('button', { name: 'Alloy wheels with a full-size spare' });
  await marker.click();
  await expect(marker).toHaveAttribute('aria-expanded', 'true');
  await expect(page.locator('.hotspot__text')).toHaveText('Alloy wheels with a full-size spare');
  await expectAccessible(page);

  await views.getByRole('button', { name: '360° interior' }).click();
  const interior = page.getByRole('slider', { name: /360° interior/ });
  await expect(interior).toBeVisible();
  await interior.focus();
  await page.keyboard.press('ArrowRight');
  const at = Number(await interior.getAttribute('aria-valuenow'));
  await page.keyboard.press('ArrowRight');
  expect(Number(await interior.getAttribute('aria-valuenow'))).toBe((at + 15) % 360);

  await views.getByRole('button', { name: 'Walkaround video' }).click();
  await expect(page.locator('.walkaround video source')).toHaveAttribute('src', car.walkaround_videos?.[0]?.url ?? '');
  // spec: catalogue §9 — "Walkaround toast height cap 692 px".
  await expect(page.locator('.walkaround video')).toHaveCSS('max-height', '692px');
  const video = await tenantGetBytes(page.request, car.walkaround_videos?.[0]?.url ?? '');
  expect(video.subarray(4, 8).toString('latin1')).toBe('ftyp'); // a real MP4
});

test("a car's video is the second slide of its photos (catalogue §4)", async ({ page }) => {
  const car = find(
    'video in gallery',
    (c) => scUsed(c) && inStock(c) && Boolean((c as MediaCar).video_url) && !(c as MediaCar).spin_images,
  ) as MediaCar;
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const track = page.getByRole('list', { name: /Photo 1 of \d+/ });
  await track.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('list', { name: /Photo 2 of \d+/ })).toBeVisible();
  await expect(page.locator('.gallery__slide').nth(1).locator('video source')).toHaveAttribute(
    'src',
    car.video_url ?? '',
  );
  await expect(page.getByRole('button', { name: 'Show the video' })).toBeVisible();

  // spec: catalogue §2 — "Below: key-information block, details list, features list, video, dealer comments …":
  // the video has its own section too, after the details and before the dealer's comments.
  const section = page.locator('section.vehicle-video');
  await expect(section.getByRole('heading', { level: 2, name: 'Video' })).toBeVisible();
  await expect(section.locator('video source')).toHaveAttribute('src', car.video_url ?? '');
  const order = await page.evaluate(() =>
    ['.vehicle-information', '.vehicle-video', '.dealer-comments'].map(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().top ?? Number.NaN,
    ),
  );
  for (const top of order) expect(Number.isFinite(top)).toBe(true);
  expect(order).toEqual([...order].sort((a, b) => a - b));
  await expectAccessible(page);

  const without = find(
    'no video',
    (c) => scUsed(c) && inStock(c) && !(c as MediaCar).video_url && !(c as MediaCar).videos?.length,
  );
  await page.goto(siteUrl(site, `/cars/${without.slug}`));
  await expect(page.locator('.dealer-comments')).toBeVisible();
  await expect(page.locator('section.vehicle-video')).toHaveCount(0);
});

async function tenantGetBytes(request: APIRequestContext, path: string): Promise<Buffer> {
  const response = await tenantGet(request, site, path);
  expect(response.status()).toBe(200);
  return response.body();
}

test("the sidebar's location link goes to the car's location with its hours and directions (#vehicle-map)", async ({
  page,
}) => {
  const car = find('in stock', (c) => scUsed(c) && inStock(c) && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await page.locator('.vehicle-sidebar__location a').click();
  await expect(page).toHaveURL(/#vehicle-map$/);
  const section = page.locator('#vehicle-map');
  await expect(section.getByRole('heading', { name: 'Where to see this car' })).toBeInViewport();
  await expect(section.getByRole('link', { name: /^Get Directions/ })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir/,
  );
  await expect(section.getByRole('button', { name: 'Show map' })).toBeVisible();
  await expectAccessible(page);
  // spec: catalogue §9 — "Map/image area minimum height 400 px", before and after the map is asked for.
  expect((await section.locator('.location-map').boundingBox())?.height).toBeGreaterThanOrEqual(400);
  await section.getByRole('button', { name: 'Show map' }).click();
  expect((await section.getByTitle(/^Map of /).boundingBox())?.height).toBeGreaterThanOrEqual(400);
});

// spec: catalogue §2 mobile bar 'Enquire Now'; conversion §3 Enquiry form defaults (issue 20: it went to /contact without the car).
test("Enquire Now in the phone bar, the wide screen's sticky bar and the sidebar opens the page's own enquiry form about the car", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The Mazda demo keeps Enquire Now in its phone bar (Southern Cross offers Instant Message there).
  const car = find(
    'Mazda dealer in stock',
    (c) => c.dealership_id === 1 && shown(c) && inStock(c) && !c.reserved && c.price > 0,
  );
  await page.goto(siteUrl('harbour-city-mazda', `/cars/${car.slug}`));
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  await expect(bar.getByRole('link', { name: 'Enquire Now' })).toHaveAttribute('href', '#enquire');
  // The sticky bar is hidden (inert) until the page scrolls, so it is found by its markup here.
  await expect(page.locator('.vehicle-sticky a', { hasText: 'Enquire Now' })).toHaveAttribute('href', '#enquire');
  await expect(page.locator('.vehicle-sidebar a', { hasText: 'Enquire Now' })).toHaveAttribute('href', '#enquire');
  await bar.getByRole('link', { name: 'Enquire Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/${car.slug}#enquire$`));
  const form = page.locator('#enquire');
  await expect(form.getByLabel('Message')).toHaveValue(/^I'm interested in the \d{4} /);
  await expect(form.getByLabel('First name')).toBeInViewport();
});

// spec: conversion §2.3 /checkout-journey?car_id={id}; catalogue §5 online purchase needs the reserve-eligibility check.
test('a reservable car offers Buy Online, which opens the checkout journey for it; a reserved car does not', async ({
  page,
}) => {
  const car = find('reservable', (c) => scUsed(c) && inStock(c) && !c.reserved && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const buy = page.locator('.vehicle-sidebar').getByRole('link', { name: 'Buy Online' });
  await expect(buy).toHaveAttribute('href', `/checkout-journey?car_id=${car.id}`);
  await buy.click();
  await expect(page).toHaveURL(new RegExp(`/checkout-journey\\?car_id=${car.id}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Buy this car online');
  await expectAccessible(page);
  const reserved = find('reserved', (c) => scUsed(c) && inStock(c) && c.reserved === true && c.price > 0);
  await page.goto(siteUrl(site, `/cars/${reserved.slug}`));
  await expect(page.getByRole('link', { name: 'Buy Online' })).toHaveCount(0);
});

// spec: conversion §2.3 /cars/{slug}/buy-online (the franchise template's variant); §4.7 the Mazda demo gates it behind sign-in.
test("on a franchise site Buy Online goes to the car's buy-online page (signed-out shoppers sign in first)", async ({
  page,
}) => {
  const car = find(
    'Mazda dealer reservable',
    (c) => c.dealership_id === 1 && shown(c) && inStock(c) && !c.reserved && c.price > 0,
  );
  await page.goto(siteUrl('harbour-city-mazda', `/cars/${car.slug}`));
  const buy = page.locator('.vehicle-sidebar').getByRole('link', { name: 'Buy Online' });
  await expect(buy).toHaveAttribute('href', `/cars/${car.slug}/buy-online`);
  await buy.click();
  await expect(page).toHaveURL(/\/sign-in\?type=checkout&redirect=/);
  expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/cars/${car.slug}/buy-online`);
});

// spec: conversion §2.2 / catalogue §2 — "more from this dealer" is /search/{dealership_slug}.
test("More from the dealer lists that dealership's stock on the search page", async ({ page }) => {
  const car = find('listed with a dealer slug', (c) => scUsed(c) && inStock(c) && Boolean(c.dealership_slug));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const more = page.locator('.more-from-dealer');
  await expect(more).toHaveAttribute('href', `/search/${car.dealership_slug}`);
  await expect(more).toHaveText(/^More from /);
  await more.click();
  await expect(page).toHaveURL(new RegExp(`/search/${car.dealership_slug}$`));
  await expect(page.locator('.stock-card').first()).toBeVisible();
  await expect(page.locator('.search__count')).toHaveText(/\d/);
  await expectAccessible(page);
});

// Failure paths (issue 20, catalogue §7, §8): each call is made to fail in the browser with page.route.

// spec: catalogue §8 — 'Print PDF failure: an alert with the error message'; §4 — 'Preparing...' while downloading.
test('a failing PDF download shows the error in an alert and the button comes back (catalogue §4, §8)', async ({
  page,
}) => {
  const car = find('priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
  const alerts: string[] = [];
  page.on('dialog', (dialog) => {
    alerts.push(dialog.message());
    void dialog.accept();
  });
  let answer: { status: number; body: string } = {
    status: 503,
    body: JSON.stringify({ error: 'The brochure service is busy. Please try again shortly.' }),
  };
  await page.route(`**/api/cars/${car.slug}/pdf`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 600)); // long enough to see 'Preparing...'
    await route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body });
  });
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const button = page.getByRole('button', { name: 'Download PDF' });
  await button.click();
  await expect(page.getByRole('button', { name: 'Preparing...' })).toBeDisabled();
  await expect.poll(() => alerts).toEqual(['The brochure service is busy. Please try again shortly.']);
  await expect(button).toBeEnabled();

  // Without a message from the server the alert still says what failed.
  answer = { status: 500, body: '' };
  await button.click();
  await expect.poll(() => alerts.at(-1)).toBe('The PDF could not be prepared (error 500).');
  await expect(button).toBeEnabled();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

// spec: catalogue §7, §8 — view.json: 'null when the response is not ok'; 'view.json not ok: returns null, nothing shown'.
test('a view count that is not ok shows nothing, even when its body has a number (catalogue §7, §8)', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const car = find('any priced', (c) => scUsed(c) && inStock(c) && c.price > 0);
  await page.route(
    (url) => url.pathname === `/api/cars/${car.slug}/view.json`,
    (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ views: 4321 }) }),
  );
  const answered = page.waitForResponse((r) => r.url().includes(`/api/cars/${car.slug}/view.json?`));
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  expect((await answered).status()).toBe(503);
  // The answer has been read by now; give React a moment to (wrongly) render it.
  await page.waitForTimeout(1000);
  await expect(page.getByText(/Viewed [\d,]+ times/)).toHaveCount(0);
  // The rest of the actions work.
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('button', { name: 'Copied' })).toBeVisible();
});

// spec: catalogue §8 — 'Similar-cars failure: logged; the section shows the fallback search'.
test('when similar cars fail to load, the failure is logged and the section links to a search for the make and model (catalogue §8)', async ({
  page,
}) => {
  type NamedCar = FeedCar & { make: string; model: string };
  // Plain ASCII names, so the expected search path below is the site's slug of them.
  const plain = (text: string) => /^[A-Za-z0-9 -]+$/.test(text);
  const car = find(
    'in stock with a plain make and model',
    (c) => scUsed(c) && inStock(c) && c.price > 0 && plain((c as NamedCar).make) && plain((c as NamedCar).model),
  ) as NamedCar;
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '');
  const errors: string[] = [];
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await page.route(
    (url) => url.pathname === '/api/similar-cars',
    (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"search is down"}' }),
  );
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const heading = page.getByRole('heading', { name: 'Like this and want something similar?' });
  await heading.scrollIntoViewIfNeeded();
  const fallback = page.getByRole('link', { name: 'Search our stock for something similar' });
  await expect(fallback).toBeVisible();
  await expect(fallback).toHaveAttribute('href', `/search/${slug(car.make)}/${slug(car.model)}`);
  // No placeholders or dead scroll buttons are left behind.
  await expect(page.getByRole('list', { name: 'Like this and want something similar?' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Next similar cars' })).toHaveCount(0);
  expect(errors.some((e) => e.includes('Similar cars failed to load'))).toBe(true);
  await expectAccessible(page);
  await fallback.click();
  await expect(page).toHaveURL(new RegExp(`/search/${slug(car.make)}/${slug(car.model)}$`));
  await expect(page.locator('.stock-card').first()).toBeVisible();
});

// spec: catalogue §7 — autogauge 'on failure logs and hides the panel'; §8 — 'Auto-gauge failure: logs
// 'Failed to fetch auto gauge data.' and shows nothing; 'No data returned' is raised when the response is empty'.
test('a failing or empty market gauge lookup is logged and no gauge panel is shown; the page still works (catalogue §7, §8)', async ({
  page,
}) => {
  // The car of the gauge test above: the gauge shows for it when the lookup answers.
  const car = find(
    'below market',
    (c) =>
      scUsed(c) &&
      inStock(c) &&
      c.price > 0 &&
      !(c.offer_price && c.offer_price > 10) &&
      average(c as MarketCar) - c.price > 2000,
  );
  for (const answer of [
    { status: 503, body: '{"error":"market data unavailable"}' },
    { status: 200, body: '{}' }, // empty: 'No data returned'
  ]) {
    const errors: string[] = [];
    const onConsole = (message: ConsoleMessage) => {
      if (message.type() === 'error') errors.push(message.text());
    };
    page.on('console', onConsole);
    await page.unroute(`**/api/cars/${car.slug}/autogauge`);
    await page.route(`**/api/cars/${car.slug}/autogauge`, (route) =>
      route.fulfill({ status: answer.status, contentType: 'application/json', body: answer.body }),
    );
    const looked = page.waitForResponse((r) => r.url().includes(`/api/cars/${car.slug}/autogauge`));
    await page.goto(siteUrl(site, `/cars/${car.slug}`));
    await looked;
    await expect.poll(() => errors.some((e) => e.includes('Failed to fetch auto gauge data.'))).toBe(true);
    await expect(page.getByRole('heading', { name: 'How this price compares' })).toHaveCount(0);
    await expect(page.locator('.market-gauge__position')).toHaveCount(0);
    await expect(page.locator('.market-gauge--loading')).toHaveCount(0);
    await expect(page.getByText('Loading the market price comparison')).toHaveCount(0);
    await expect(page.getByText('market data unavailable')).toHaveCount(0);
    // The rest of the page is untouched: the server-rendered market badge and the PDF download.
    await expect(page.locator('.market-badge')).toContainText('Below market price');
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeEnabled();
    page.off('console', onConsole);
  }
  await expectAccessible(page);
});
