import { expect, test } from '@playwright/test';
import { DEMO_TENANTS, expectAccessible, siteUrl, tenantGet } from './helpers';

test.use({ viewport: { width: 1400, height: 900 } });

test('header dropdowns open by click and close on a second click and outside clicks', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda'));
  const service = page.getByRole('button', { name: 'Service' });
  await expect(service).toHaveAttribute('aria-expanded', 'false');
  await service.click();
  await expect(service).toHaveAttribute('aria-expanded', 'true');
  await expect(
    page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Capped Price Servicing' }),
  ).toBeVisible();
  await expectAccessible(page);
  await service.click();
  await expect(service).toHaveAttribute('aria-expanded', 'false');
  await service.click();
  await page.locator('h2').first().click();
  await expect(service).toHaveAttribute('aria-expanded', 'false');
});

test('header dropdowns work from the keyboard', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const stock = nav.getByRole('button', { name: 'Stock' });
  await stock.focus();
  await page.keyboard.press('Enter');
  await expect(stock).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Escape');
  await expect(stock).toHaveAttribute('aria-expanded', 'false');
  await expect(stock).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(stock).toHaveAttribute('aria-expanded', 'true');
  await expect(nav.getByRole('link', { name: 'New Cars' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Demo Cars' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(stock).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Demo Cars' })).toBeHidden();
});

test('New Vehicles is a dropdown of the site’s models from its catalogue (conversion §2.4)', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda'));
  const nav = page.getByRole('navigation', { name: 'Main' });
  const newVehicles = nav.getByRole('button', { name: 'New Vehicles' });
  await newVehicles.focus();
  await page.keyboard.press('ArrowDown');
  await expect(newVehicles).toHaveAttribute('aria-expanded', 'true');
  // spec: conversion §2.4 "New Vehicles (models dropdown)": the Mazda range, in catalogue order, then All models.
  await expect(nav.getByRole('link', { name: 'CX-5', exact: true })).toBeFocused();
  await expect(nav.getByRole('link', { name: 'CX-5', exact: true })).toHaveAttribute('href', '/models/mazda-cx-5');
  await expect(nav.getByRole('link', { name: 'BT-50', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'All models' })).toHaveAttribute('href', '/models');
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(newVehicles).toBeFocused();
  await newVehicles.click();
  await nav.getByRole('link', { name: 'BT-50', exact: true }).click();
  await expect(page).toHaveURL(siteUrl('harbour-city-mazda', '/models/mazda-bt-50'));
  await expect(page.getByRole('heading', { level: 1 })).toContainText('BT-50');
});

test('the brand mega menu lists brands in 6 columns and opens on hover where switched on', async ({ page }) => {
  await page.goto(siteUrl('southern-cross-motors'));
  const brands = page.getByRole('button', { name: 'Our Brands' });
  await brands.hover();
  await expect(brands).toHaveAttribute('aria-expanded', 'true');
  const columns = await page
    .locator('.mega-menu')
    .evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length);
  expect(columns).toBe(6); // conversion §2.4: 6 columns per row
  await expect(page.getByRole('link', { name: 'Toyota' }).first()).toBeVisible();
  await expectAccessible(page);
});

test('the locations dropdown lists the site locations from the database', async ({ page }) => {
  await page.goto(siteUrl('southern-cross-motors'));
  await page.getByRole('button', { name: 'Locations', exact: true }).click();
  const links = page.locator('.nav__panel--list a[href^="/locations/"]');
  expect(await links.count()).toBeGreaterThan(3);
});

test('the offers item follows its feature switch', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda'));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers' })).toBeVisible();
  await page.goto(siteUrl('ridgeline-motorcycles'));
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Offers' })).toHaveCount(0);
  const offers = await tenantGet(page.request, 'ridgeline-motorcycles', '/special-offers');
  expect(offers.status()).toBe(404);
});

for (const tenant of DEMO_TENANTS) {
  test(`${tenant.name}: no link on the home page answers 5xx`, async ({ page, request }) => {
    await page.goto(siteUrl(tenant.slug));
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const internal = [
      ...new Set(
        hrefs.filter((h) => h.startsWith(`http://${tenant.slug}.localhost`)).map((h) => h.split('#')[0] as string),
      ),
    ];
    expect(internal.length).toBeGreaterThan(20);
    const failures: string[] = [];
    for (const href of internal) {
      const url = new URL(href);
      const response = await tenantGet(request, tenant.slug, `${url.pathname}${url.search}`);
      if (response.status() >= 500) failures.push(`${response.status()} ${href}`);
      if (response.status() === 404) failures.push(`404 ${href}`);
    }
    expect(failures).toEqual([]);
  });
}

// spec: conversion §2.2 — facet tiles link to /search/{make or body slug}.
test('the home page make and body tiles open the search page for that make or body, with as many cars as the tile says', async ({
  page,
}) => {
  await page.goto(siteUrl('southern-cross-motors'));
  const makes = page.locator('section[aria-labelledby="facet-tiles-make"]');
  await expect(makes.getByRole('heading', { name: 'Browse by make' })).toBeVisible();
  const tile = makes.getByRole('link').first();
  const href = (await tile.getAttribute('href')) ?? '';
  expect(href).toMatch(/^\/search\/[a-z0-9-]+$/);
  const count = ((await tile.locator('span').nth(1).textContent()) ?? '').replace(/\D/g, '');
  await expectAccessible(page);
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  await expect(page.locator('.search__count')).toHaveText(new RegExp(`^${Number(count).toLocaleString('en-AU')} `));
  await page.goto(siteUrl('southern-cross-motors'));
  const body = page.locator('section[aria-labelledby="facet-tiles-body"]').getByRole('link').first();
  const bodyHref = (await body.getAttribute('href')) ?? '';
  await body.click();
  await expect(page).toHaveURL(new RegExp(`${bodyHref}$`));
  await expect(page.locator('.stock-card').first()).toBeVisible();
  // The franchise demo (its own home page) shows body tiles too.
  await page.goto(siteUrl('harbour-city-mazda'));
  await expect(page.getByRole('heading', { name: 'Browse by body type' })).toBeVisible();
});
