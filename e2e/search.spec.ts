import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, siteUrl, trackNetwork } from './helpers';

// The test database is seeded from data/demo-feed.json (scripts/test.sh).
interface FeedCar {
  id: number;
  slug: string;
  stocknum: string;
  dealership_id: number;
  car_type: string;
  status: string;
  reserved?: boolean;
  tag?: string;
  simple_fuel?: string;
  certified?: boolean;
  make: string;
  created_at?: string;
  show_on_dealer_website?: boolean;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const SOUTHERN_CROSS = [2, 3, 4, 5, 6];
const plain = (c: FeedCar) =>
  SOUTHERN_CROSS.includes(c.dealership_id) &&
  c.car_type === 'used' &&
  c.show_on_dealer_website !== false &&
  !c.tag &&
  !['Electric', 'Hybrid', 'PHEV'].includes(c.simple_fuel ?? '') &&
  !(c.certified && c.make === 'Toyota');
const daysOld = (c: FeedCar) => (Date.now() - Date.parse(c.created_at ?? '2000-01-01')) / 86_400_000;

const site = 'southern-cross-motors';
const prices = (page: Page) =>
  page
    .locator('.stock-card__price strong')
    .allTextContents()
    .then((all) => all.map((t) => Number(t.replace(/[^0-9]/g, ''))));
const countText = (page: Page) => page.locator('.search__count').textContent();

test('filtering by make changes the URL and the results, and Back restores them', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const before = await countText(page);
  await page
    .getByRole('group', { name: 'Make' })
    .getByRole('checkbox', { name: /^Toyota/ })
    .check();
  await expect(page).toHaveURL(/\/search\/used-cars\?refinementList\[make\]\[0\]=Toyota$/); // conversion §2.2
  await expect(page.locator('.search__count')).not.toHaveText(before ?? '');
  const titles = await page.locator('.stock-card__title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toContain('Toyota');
  await expectAccessible(page);
  await page.goBack();
  await expect(page).toHaveURL(/\/search\/used-cars$/);
  await expect(page.locator('.search__count')).toHaveText(before ?? '');
});

test('sorting by lowest price orders the cards by price', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  await page.getByLabel('Sort by').selectOption('lowestPrice');
  await expect(page).toHaveURL(/sortBy=lowestPrice/);
  const shown = await prices(page);
  expect(shown.length).toBeGreaterThan(5);
  expect(shown).toEqual([...shown].sort((a, b) => a - b));
});

test('page 2 comes from the pagination and keeps the filters', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars?sortBy=highestPrice'));
  const first = await page.locator('.stock-card__title').first().textContent();
  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/sortBy=highestPrice&page=2|page=2.*sortBy=highestPrice/);
  await expect(page.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  expect(await page.locator('.stock-card__title').first().textContent()).not.toBe(first);
});

test('the price range slider narrows the results (conversion §5.4: step 500, 5,000 to 250,000)', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const minimum = page.getByRole('slider', { name: 'Minimum price' });
  await expect(minimum).toHaveAttribute('step', '500');
  await expect(minimum).toHaveAttribute('min', '5000');
  await expect(minimum).toHaveAttribute('max', '250000');
  await minimum.focus();
  for (let i = 0; i < 30; i++) await page.keyboard.press('ArrowRight');
  await expect(page).toHaveURL(/range\[price\]=20000:/);
  for (const price of await prices(page)) expect(price).toBeGreaterThanOrEqual(20000);
});

test('no results shows the spec texts and Clear Filters returns to the reset path', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars?query=zzqqxx'));
  await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible(); // spec: catalogue §8
  await expect(
    page.getByText('No results found for your search at this time. Please try adjusting the filters for more results.'),
  ).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Clear Filters' }).click();
  await expect(page).toHaveURL(/\/special-offers$/); // spec: catalogue §2 — the default path 'Clear Filters' returns to
  await expect(page.getByRole('heading', { name: 'Special offers', level: 1 })).toBeVisible();
});

test('promo tiles sit at their positions on the first page (catalogue §9: 5 and 10)', async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const tiles = page.locator('.search__results .card-grid > li');
  await expect(tiles.nth(4)).toHaveClass(/promo-tile/);
  await expect(tiles.nth(4)).toContainText('Finance from 6.99% p.a.');
  // NCC s164 (issue 20): the rate's tile states its comparison rate too.
  await expect(tiles.nth(4)).toContainText('Comparison rate 8.87% p.a.');
  await expect(tiles.nth(9)).toHaveClass(/promo-tile/);
  await page.goto(siteUrl(site, '/search/used-cars?page=2'));
  await expect(page.locator('.promo-tile')).toHaveCount(0);
});

test('cards show the reserved, coming-soon and just-arrived tags (catalogue §4)', async ({ page }) => {
  const reserved = feed.cars.find((c) => plain(c) && c.status === 'in_stock' && c.reserved);
  const coming = feed.cars.find((c) => plain(c) && c.status === 'coming_soon' && !c.reserved);
  const fresh = feed.cars.find((c) => plain(c) && c.status === 'in_stock' && !c.reserved && daysOld(c) < 7);
  for (const [car, label] of [
    [reserved, 'RESERVED'],
    [coming, 'COMING SOON'],
    [fresh, 'New Arrival'], // spec: conversion §9 new-arrival text
  ] as const) {
    expect(car, label).toBeTruthy();
    await page.goto(siteUrl(site, `/search/used-cars?query=${car?.stocknum}`));
    await expect(page.locator('.stock-card')).toHaveCount(1);
    await expect(page.locator('.stock-card .card-tag')).toHaveText(label);
  }
});

test('a car of a dealership outside the tenant never appears, whatever the URL says', async ({ page }) => {
  const foreign = feed.cars.find((c) => c.dealership_id === 1 && c.car_type === 'used' && c.status === 'in_stock');
  expect(foreign).toBeTruthy();
  await page.goto(
    siteUrl(
      site,
      `/search/new-used-and-demo-cars?query=${foreign?.stocknum}&refinementList[dealership_name][0]=Harbour%20City%20Mazda`,
    ),
  );
  await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
  await page.goto(siteUrl(site, `/search/new-cars`));
  await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible(); // the group's base filter: used cars only
  await page.goto(siteUrl('harbour-city-mazda', `/search/new-used-and-demo-cars?query=${foreign?.stocknum}`));
  await expect(page.locator('.stock-card')).toHaveCount(1);
});

test('an unknown search path is a 404', async ({ page }) => {
  const response = await page.goto(siteUrl(site, '/search/not-a-make-or-place'));
  expect(response?.status()).toBe(404);
});

test('similar cars load near the viewport: at most 6, in stock, within the price tolerance (catalogue §9)', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/search/used-cars?sortBy=lowestPrice&range[price]=20000:40000'));
  const href = await page.locator('.stock-card__title a').first().getAttribute('href');
  const shownPrice = Number(
    ((await page.locator('.stock-card__price strong').first().textContent()) ?? '').replace(/[^0-9]/g, ''),
  );
  const requests: string[] = [];
  page.on('request', (r) => r.url().includes('/api/similar-cars') && requests.push(r.url()));
  await page.goto(siteUrl(site, href ?? '/'));
  const section = page.getByRole('heading', { name: 'Like this and want something similar?' });
  await section.scrollIntoViewIfNeeded();
  const cards = page.getByRole('list', { name: 'Like this and want something similar?' }).locator('.stock-card');
  await expect(cards.first()).toBeVisible();
  expect(requests).toHaveLength(1);
  const count = await cards.count();
  expect(count).toBeGreaterThan(0);
  expect(count).toBeLessThanOrEqual(6);
  for (const price of await prices(page)) expect(Math.abs(price - shownPrice)).toBeLessThanOrEqual(10_000);
  await expect(page.locator('.similar .card-tag', { hasText: /SOLD|COMING SOON/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('a car this site does not list is a 404', async ({ page }) => {
  const foreign = feed.cars.find((c) => c.dealership_id === 1 && c.status === 'in_stock');
  const response = await page.goto(siteUrl(site, `/cars/${foreign?.slug}`));
  expect(response?.status()).toBe(404);
});

test('search -> page 2 -> a car -> back: every step goes quiet within 5 s, and cards fetch nothing ahead until the shopper shows intent (issue 14)', async ({
  page,
}) => {
  const network = trackNetwork(page);
  const blocked: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  const prefetches: string[] = [];
  page.on('request', (request) => {
    if (request.headers()['next-router-prefetch'] || /[?&]_rsc=/.test(request.url())) prefetches.push(request.url());
  });
  await page.goto(siteUrl(site, '/search/new-used-and-demo-cars'));
  await network.quiet();
  // Nothing on sight: the header's pages, the cards and the pagination are fetched only on intent.
  expect(prefetches.filter((url) => url.includes('/cars/'))).toEqual([]);
  expect(prefetches).toEqual([]);

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await network.quiet();
  await expectAccessible(page);

  const card = page.locator('.stock-card a[href^="/cars/"]').first();
  const href = await card.getAttribute('href');
  prefetches.length = 0;
  await card.hover();
  // Pointing at a card fetches its page ahead, so the click that follows is quick.
  await expect.poll(() => prefetches.some((url) => href !== null && url.includes(href))).toBe(true);
  await card.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await network.quiet();

  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await network.quiet();
  // Every script of the journey ran under the pages' Content-Security-Policy.
  expect(blocked).toEqual([]);
});

// catalogue §3 search facets, §7: a dealer group's site filters by location, dealership and state by default.
test('a group site offers location, dealership and state filters, and body types in the fixed order', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  for (const name of ['Location', 'Dealership', 'State']) await expect(page.getByRole('group', { name })).toBeVisible();
  // spec: conversion §5.4 fixed body-type order (conversion §9 list): e.g. Hatch before Sedan before SUV before Ute.
  const order = ['hatch', 'sedan', 'suv', 'ute', 'wagon'];
  const bodies = (await page.getByRole('group', { name: 'Body type' }).getByRole('checkbox').all()).length;
  expect(bodies).toBeGreaterThan(1);
  const labels = (
    await page.getByRole('group', { name: 'Body type' }).locator('label span:first-of-type').allTextContents()
  )
    .map((t) => t.trim().toLowerCase())
    .filter((t) => order.includes(t));
  expect(labels).toEqual([...labels].sort((a, b) => order.indexOf(a) - order.indexOf(b)));
  const before = await countText(page);
  const dealership = page.getByRole('group', { name: 'Dealership' }).getByRole('checkbox').first();
  await dealership.check();
  await expect(page).toHaveURL(/refinementList\[dealership_name\]\[0\]=/);
  await expect(page.locator('.search__count')).not.toHaveText(before ?? '');
  await expectAccessible(page);
});

// spec: catalogue §3 Search facets: ... weekly_price_range
test('the weekly repayments filter keeps the cars whose weekly estimate is in the band, in the URL', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const before = (await countText(page)) ?? '';
  const total = Number(before.replace(/[^0-9]/g, ''));
  const group = page.getByRole('group', { name: 'Weekly repayments' });
  await expect(group).toBeVisible();
  // A band that holds some of the cars but not all of them.
  let band: { name: string; count: number } | undefined;
  for (const option of await group.locator('label').all()) {
    const name = ((await option.locator('span').first().textContent()) ?? '').trim();
    const count = Number.parseInt(((await option.locator('span').nth(1).textContent()) ?? '').replace(/,/g, ''), 10);
    if (count > 0 && count < total) band = { name, count };
  }
  expect(band, 'a weekly band with some of the cars').toBeTruthy();
  const { name, count } = band ?? { name: '', count: 0 };
  expect(name).toMatch(/^(Under \$\d+|\$\d+ to \$\d+|Over \$\d+) a week$/);
  await group.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[$]/g, '\\$')}`) }).check();
  await expect(page).toHaveURL(/[?&]refinementList\[weekly_price_range\]\[0\]=/);
  await expect(page.locator('.search__count')).not.toHaveText(before);
  await expect(page.locator('.search__count')).toHaveText(new RegExp(`^${count.toLocaleString('en-AU')} `));
  await expect(group.getByRole('checkbox', { name: new RegExp(`^${name.replace(/[$]/g, '\\$')}`) })).toBeChecked();
  await expectAccessible(page);

  // The first car found shows a weekly estimate in that band on its own page.
  const href = await page.locator('.stock-card__title a').first().getAttribute('href');
  await page.goto(siteUrl(site, href ?? '/'));
  const figure = await page
    .locator('.vehicle-sidebar .finance-estimate')
    .getByRole('link', { name: /^Finance from \$[\d,]+ per week\*$/ })
    .textContent();
  const weekly = Number((figure ?? '').replace(/[^0-9]/g, ''));
  const [low, high] = (name.match(/\d+/g) ?? []).map(Number);
  if (name.startsWith('Under')) expect(weekly).toBeLessThan(low ?? 0);
  else if (name.startsWith('Over')) expect(weekly).toBeGreaterThanOrEqual(low ?? Infinity);
  else {
    expect(weekly).toBeGreaterThanOrEqual(low ?? Infinity);
    expect(weekly).toBeLessThan(high ?? 0);
  }
});

// spec: catalogue §3 Search facets — "categories, … filtered_features, … price_range"; §9 — "price facets
// sorted numerically". southern-cross-motors switches these on (search.filters, search.filteredFeatures).
test('a site can offer price bands sorted by amount, categories and features, each kept in the URL', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const before = (await countText(page)) ?? '';
  const optionNames = async (name: string) => {
    const names: string[] = [];
    for (const option of await page.getByRole('group', { name }).locator('label').all())
      names.push(((await option.locator('span').first().textContent()) ?? '').trim());
    return names;
  };

  const bands = await optionNames('Price range');
  expect(bands.length).toBeGreaterThan(2);
  const low = (band: string) =>
    band.startsWith('Under') ? 0 : Number((band.match(/[\d,]+/)?.[0] ?? '').replace(/,/g, ''));
  expect(bands.map(low)).toEqual([...bands.map(low)].sort((a, b) => a - b));
  const band = bands[1] ?? '';
  await page
    .getByRole('group', { name: 'Price range' })
    .getByRole('checkbox', { name: new RegExp(`^${band.replace(/[$]/g, '\\$')}`) })
    .check();
  await expect(page).toHaveURL(/[?&]refinementList\[price_range\]\[0\]=/);
  // The panel's 'Clear all filters' stays on the search page (only the empty result's goes to offers).
  await expect(page.getByRole('link', { name: 'Clear all filters' })).toHaveAttribute(
    'href',
    '/search/new-used-and-demo-cars',
  );
  await expect(page.locator('.search__count')).not.toHaveText(before);
  const [from, to] = (band.match(/[\d,]+/g) ?? []).map((n) => Number(n.replace(/,/g, '')));
  for (const price of await prices(page)) {
    expect(price).toBeGreaterThanOrEqual(from ?? 0);
    if (to !== undefined) expect(price).toBeLessThan(to);
  }
  await expectAccessible(page);

  await page.goto(siteUrl(site, '/search/used-cars'));
  expect(await optionNames('Category')).toEqual(expect.arrayContaining(['SUV']));
  const features = page.getByRole('group', { name: 'Features' });
  await expect(features).toContainText('Shows cars with every feature you tick.');
  const [first, second] = await optionNames('Features');
  expect(first && second).toBeTruthy();
  const countOf = async () => Number(((await countText(page)) ?? '').replace(/[^0-9]/g, ''));
  const all = await countOf();
  await features.getByRole('checkbox', { name: new RegExp(`^${first}`) }).check();
  await expect(page).toHaveURL(/[?&]refinementList\[filtered_features\]\[0\]=/);
  await expect.poll(countOf).toBeLessThan(all);
  const one = await countOf();
  // Ticking a second feature narrows: the cars must have both.
  await features.getByRole('checkbox', { name: new RegExp(`^${second}`) }).check();
  await expect(page).toHaveURL(/[?&]refinementList\[filtered_features\]\[1\]=/);
  await expect.poll(countOf).toBeLessThanOrEqual(one);
  await expectAccessible(page);
});
