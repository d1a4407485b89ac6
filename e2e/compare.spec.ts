import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';
import { openBeforeHydration, reactListens } from './support/before-hydration';

// spec: catalogue §1 ("share, favourite or compare vehicles") and §6 ("Anonymous visitors can
// browse, search, compare ..."): up to 4 cars, kept in this browser per site, side by side.

interface FeedCar {
  id: number;
  slug: string;
  dealership_id: number;
  car_type: string;
  status: string;
  price: number;
  show_on_dealer_website?: boolean;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const SC = [2, 3, 4, 5, 6];
const site = 'southern-cross-motors';
const vehicleCar = feed.cars.find(
  (c) =>
    SC.includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.price > 0 &&
    c.show_on_dealer_website !== false,
);

const tray = (page: Page) => page.getByRole('region', { name: 'Cars to compare' });

test('two cars from search cards and one from a vehicle page compare side by side; remove; keyboard only', async ({
  page,
}) => {
  if (!vehicleCar) throw new Error('no demo car for the vehicle page');
  await page.goto(siteUrl(site, '/search/used-cars'));
  const cards = page.locator('.stock-card');
  await expect(cards.first()).toBeVisible();
  // Two cars other than the vehicle page's car.
  const picked: string[] = [];
  for (let i = 0; picked.length < 2; i++) {
    const card = cards.nth(i);
    const link = card.locator('.stock-card__title a');
    if ((await link.getAttribute('href')) === `/cars/${vehicleCar.slug}`) continue;
    picked.push((await link.textContent()) ?? '');
    const add = card.getByRole('button', { name: /^Add .* to compare$/ });
    await expect(add).toHaveAttribute('aria-pressed', 'false');
    await add.click();
    await expect(card.getByRole('button', { name: /^Remove .* from compare$/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  }
  await expect(tray(page)).toBeVisible();
  await expect(tray(page).getByRole('link', { name: 'Compare (2)' })).toBeVisible();
  await expectAccessible(page);

  // The third car from its vehicle page; the price there is the one the comparison must show.
  await page.goto(siteUrl(site, `/cars/${vehicleCar.slug}`));
  const vehiclePrice = (await page.getByTestId('vehicle-price').textContent())?.trim();
  const title = (await page.locator('.vehicle-sidebar__title').textContent())?.trim() ?? '';
  // The page's own toggle (the tray, outside <main>, then has a remove button of the same name).
  const content = page.getByRole('main');
  await content.getByRole('button', { name: `Add ${title} to compare` }).click();
  await expect(content.getByRole('button', { name: `Remove ${title} from compare` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(tray(page).getByRole('link', { name: 'Compare (3)' })).toBeVisible();
  await expectAccessible(page);

  await tray(page).getByRole('link', { name: 'Compare (3)' }).click();
  await expect(page).toHaveURL(/\/compare$/);
  const table = page.getByRole('table');
  const heads = table.locator('thead th[scope="col"]');
  await expect(heads).toHaveCount(3);
  await expect(heads.nth(0)).toContainText(picked[0]!);
  await expect(heads.nth(1)).toContainText(picked[1]!);
  await expect(heads.nth(2)).toContainText(title);
  await expect(table.locator('td.compare-price').nth(2).locator('strong')).toHaveText(vehiclePrice ?? '');
  await expect(table.getByRole('rowheader', { name: 'Odometer' })).toBeVisible();
  // The tray keeps out of the way on the comparison itself.
  await expect(tray(page)).toHaveCount(0);
  await expectAccessible(page);

  // Keyboard only: Tab reaches the first car's Remove button and Enter removes it.
  const firstRemove = page.getByRole('button', { name: `Remove ${picked[0]} from compare` });
  for (let i = 0; i < 60 && !(await firstRemove.evaluate((el) => el === document.activeElement)); i++)
    await page.keyboard.press('Tab');
  await expect(firstRemove).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(heads).toHaveCount(2);
  await expect(page.getByRole('heading', { level: 1, name: 'Compare cars' })).toBeFocused();

  // Kept in the browser: a reload shows the same two cars.
  await page.reload();
  await expect(page.getByRole('table').locator('thead th[scope="col"]')).toHaveCount(2);
});

test("a fifth car is refused with 'You can compare up to 4 cars' and none is dropped", async ({ page }) => {
  await page.goto(siteUrl(site, '/search/used-cars'));
  const adds = page.getByRole('button', { name: /^Add .* to compare$/ });
  await expect(adds.first()).toBeVisible();
  for (let i = 0; i < 4; i++) await adds.first().click();
  await expect(tray(page).getByRole('link', { name: 'Compare (4)' })).toBeVisible();
  await adds.first().click();
  await expect(page.getByRole('status').filter({ hasText: 'You can compare up to 4 cars' })).toBeVisible();
  await expect(tray(page).getByRole('link', { name: 'Compare (4)' })).toBeVisible();
  // The tray's own remove buttons, by keyboard.
  const remove = tray(page).getByRole('button', { name: /^Remove .* from compare$/ });
  await remove.first().focus();
  await page.keyboard.press('Enter');
  await expect(tray(page).getByRole('link', { name: 'Compare (3)' })).toBeVisible();
});

test('on a 390x844 phone the tray sits above the vehicle bottom bar and the table scrolls sideways', async ({
  page,
}) => {
  if (!vehicleCar) throw new Error('no demo car for the vehicle page');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl(site, `/cars/${vehicleCar.slug}`));
  await page.getByRole('button', { name: /^Add .* to compare$/ }).click();
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  const trayBox = await tray(page).boundingBox();
  const barBox = await bar.boundingBox();
  expect(trayBox && barBox && trayBox.y + trayBox.height <= barBox.y + 1).toBe(true);
  await page.goto(siteUrl(site, '/compare'));
  const region = page.getByRole('region', { name: /side by side/ });
  await expect(region).toBeVisible();
  await expectAccessible(page);
});

// Issue 34: Compare tapped as soon as the search page's HTML is on screen, before it has hydrated,
// still adds the car once it has (issue 19 lost such taps).
test('Compare tapped before the search page has hydrated adds the car', async ({ page }) => {
  const early = await openBeforeHydration(page, siteUrl(site, '/search/used-cars'));
  const card = page.locator('.stock-card').first();
  const add = card.getByRole('button', { name: /^Add .* to compare$/ });
  await add.click();
  expect(await reactListens(page)).toBe(false);
  await early.hydrate();
  await expect(card.getByRole('button', { name: /^Remove .* from compare$/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(tray(page).getByRole('link', { name: 'Compare (1)' })).toBeVisible();
});
