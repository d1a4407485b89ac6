import { expect, test, type Page } from '@playwright/test';
import { DEMO_TENANTS, expectAccessible, siteUrl, tenantGet } from './helpers';
import { openBeforeHydration, reactListens } from './support/before-hydration';

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

// Issue 20: from 1280 px the header is one row (logo, every menu item, phone, account link) on the
// home page and on other pages, in the web font and in the metric-matched fallback faces shown while
// it loads or when it never arrives (app/fonts.ts, domain/fonts/fallback-faces.ts).
for (const fonts of ['web fonts', 'fallback fonts'] as const) {
  for (const width of [1280, 1366]) {
    test(`the header's items share one row at ${width} px with ${fonts}, on home and other pages of every demo site`, async ({
      page,
    }) => {
      if (fonts === 'fallback fonts') await page.route(/\.(woff2?|ttf|otf)(\?.*)?$/, (route) => route.abort());
      await page.setViewportSize({ width, height: 900 });
      for (const { slug } of DEMO_TENANTS) {
        for (const path of ['/', '/finance']) {
          await page.goto(siteUrl(slug, path));
          await page.evaluate(async () => {
            await document.fonts.ready;
          });
          if (fonts === 'web fonts') {
            // display: optional may skip the web font on a cold first paint; a reload draws it from the cache.
            const webFontLoaded = () =>
              page.evaluate(() => [...document.fonts].some((f) => f.status === 'loaded' && !/Fallback/.test(f.family)));
            if (!(await webFontLoaded())) {
              await page.reload();
              await page.evaluate(async () => {
                await document.fonts.ready;
              });
            }
            expect(await webFontLoaded(), `${slug}${path}: the web font is drawn`).toBe(true);
          } else {
            const webFontLoaded = await page.evaluate(() =>
              [...document.fonts].some((f) => f.status === 'loaded' && !/Fallback/.test(f.family)),
            );
            expect(webFontLoaded, `${slug}${path}: font files were blocked`).toBe(false);
          }
          const header = page.locator('header').first();
          const nav = header.getByRole('navigation', { name: 'Main' });
          await expect(nav).toBeVisible();
          await expect(header.getByRole('button', { name: 'Menu' })).toBeHidden();
          const layout = await header.evaluate((element) => {
            const inner = element.firstElementChild as HTMLElement;
            const shown = [...inner.children].filter((child) => child.getBoundingClientRect().width > 0);
            const items = [...element.querySelectorAll('nav > ul > li')];
            const navBox = element.querySelector('nav')?.getBoundingClientRect();
            const centre = (box: DOMRect) => Math.round(box.top + box.height / 2);
            return {
              rows: [...new Set([...shown, ...items].map((child) => centre(child.getBoundingClientRect())))],
              itemRows: [...new Set(items.map((item) => Math.round(item.getBoundingClientRect().top)))],
              overflow: items.some((item) => item.getBoundingClientRect().right > (navBox?.right ?? 0) + 1),
              scrolls: inner.scrollWidth > inner.clientWidth + 1,
              count: items.length,
            };
          });
          expect(layout.count, `${slug}${path}: header items`).toBeGreaterThan(3);
          expect(layout.itemRows, `${slug}${path} at ${width} px with ${fonts}: menu items on one row`).toHaveLength(1);
          // Logo, menu, phone and account link are centred on one line (within a few pixels).
          const spread = Math.max(...layout.rows) - Math.min(...layout.rows);
          expect(spread, `${slug}${path} at ${width} px with ${fonts}: header parts on one row`).toBeLessThanOrEqual(6);
          expect(layout.overflow, `${slug}${path}: no item runs past the menu`).toBe(false);
          expect(layout.scrolls, `${slug}${path}: the header does not overflow`).toBe(false);
        }
      }
    });
  }
}

test('below 1200 px the header collapses to the Menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1100, height: 900 });
  await page.goto(siteUrl('harbour-city-mazda'));
  const header = page.locator('header').first();
  const menu = header.getByRole('button', { name: 'Menu' });
  await expect(menu).toBeVisible();
  await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await menu.click();
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' })).toBeVisible();
});

// Issue 34: a tap or key press made as soon as the HTML is on screen, before the page has hydrated,
// still works once it has (issue 19 lost such taps: components/shopper/early-taps.ts keeps them).
test.describe('taps before the page has hydrated', () => {
  test('a header dropdown tapped and the Menu button pressed from the keyboard both open', async ({ page }) => {
    const early = await openBeforeHydration(page, siteUrl('harbour-city-mazda'));
    const service = page.getByRole('button', { name: 'Service' });
    await service.click();
    expect(await reactListens(page)).toBe(false);
    await early.hydrate();
    await expect(service).toHaveAttribute('aria-expanded', 'true');

    await page.setViewportSize({ width: 390, height: 844 });
    const phone = await openBeforeHydration(page, siteUrl('southern-cross-motors', '/about-us'));
    const menu = page.locator('header').first().getByRole('button', { name: 'Menu' });
    await menu.focus();
    await page.keyboard.press('Enter');
    expect(await reactListens(page)).toBe(false);
    await phone.hydrate();
    await expect(
      page.locator('header').first().getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Finance' }),
    ).toBeVisible();
  });

  test('the quick search sends its choices, and a search filter applies', async ({ page }) => {
    const home = await openBeforeHydration(page, siteUrl('southern-cross-motors'));
    const quick = page.getByRole('search', { name: 'Quick search' });
    const make = quick.locator('select[name="refinementList[make][0]"]');
    const choice = (await make.locator('option').nth(1).getAttribute('value')) ?? '';
    expect(choice).not.toBe('');
    await make.selectOption(choice);
    await quick.getByRole('button', { name: /^Show Me/ }).click();
    await expect(page).toHaveURL(/\/search\//);
    const titles = await page.locator('.stock-card__title').allTextContents();
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(title).toContain(choice);
    // The form works without JavaScript (it has an action), so nothing waits for the page's scripts.
    await home.hydrate();

    const search = await openBeforeHydration(page, siteUrl('southern-cross-motors', '/search/used-cars'));
    const toyota = page.getByRole('group', { name: 'Make' }).getByRole('checkbox', { name: /^Toyota/ });
    await toyota.click();
    expect(await reactListens(page)).toBe(false);
    await search.hydrate();
    await expect(page).toHaveURL(/\/search\/used-cars\?refinementList\[make\]\[0\]=Toyota$/);
    await expect(toyota).toBeChecked();
  });

  test('a gallery arrow tapped before hydration moves to the next photo', async ({ page, request }) => {
    const listing = await tenantGet(request, 'southern-cross-motors', '/search/used-cars');
    const car = /href="(\/cars\/(?!trade-in")[^"/?#]+)"/.exec(await listing.text())?.[1];
    if (!car) throw new Error('no car on the search page');
    const early = await openBeforeHydration(page, siteUrl('southern-cross-motors', car));
    await expect(page.getByRole('list', { name: /Photo 1 of \d+/ })).toBeVisible();
    await page.getByRole('button', { name: 'Next photo' }).first().click();
    expect(await reactListens(page)).toBe(false);
    await early.hydrate();
    await expect(page.getByRole('list', { name: /Photo 2 of \d+/ })).toBeVisible();
  });
});

// spec: conversion §2.4 — "Standard header menu: Home; New Vehicles (models dropdown); Stock (dropdown);
// Offers (conditional); Service (dropdown: Service, Parts & Accessories, Warranty, Capped Price Servicing,
// Roadside Assistance); About Us (About, Contact, Fleet, Careers, Privacy Policy); and the highlighted Sell
// My Car and Finance. The footer repeats these and adds Buyer Tools (used, demo, new cars, trade in, finance)."
test.describe('header and footer menus, item by item (conversion §2.4)', () => {
  const topLevel = (page: Page) =>
    page
      .getByRole('navigation', { name: 'Main' })
      .locator('ul')
      .first()
      .locator(':scope > li')
      .evaluateAll((items) =>
        items.map((item) => (item.querySelector('a, button')?.textContent ?? '').replace(/\s+/g, ' ').trim()),
      );
  const footerColumn = async (page: Page, heading: string) =>
    page
      .getByRole('contentinfo')
      .getByRole('navigation', { name: heading, exact: true })
      .getByRole('link')
      .allInnerTexts();
  const serviceLinks = ['Service', 'Parts & Accessories', 'Warranty', 'Capped Price Servicing', 'Roadside Assistance'];
  const aboutLinks = ['About', 'Contact', 'Fleet', 'Careers', 'Privacy Policy'];
  const buyerTools = ['Used Cars', 'Demo Cars', 'New Cars', 'Trade In', 'Finance'];

  test('the franchise template (harbour-city-mazda)', async ({ page }) => {
    await page.goto(siteUrl('harbour-city-mazda'));
    expect(await topLevel(page)).toEqual([
      'Home',
      'New Vehicles',
      'Stock',
      'Offers',
      'Service',
      'About Us',
      'Locations',
      'Sell My Car',
      'Finance',
    ]);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Sell My Car' })).toHaveClass(/button/);
    await expect(nav.getByRole('link', { name: 'Finance' })).toHaveClass(/button/);
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('navigation')).toHaveText([
      /^Quick Links/,
      /^Stock/,
      /^Service/,
      /^About Us/,
      /^Buyer Tools/,
    ]);
    expect(await footerColumn(page, 'Quick Links')).toEqual([
      'Home',
      'New Vehicles',
      'Offers',
      'Locations',
      'Sell My Car',
      'Finance',
    ]);
    expect(await footerColumn(page, 'Stock')).toEqual(['New Cars', 'Demo Cars', 'Used Cars', 'All Stock']);
    expect(await footerColumn(page, 'Service')).toEqual(serviceLinks);
    expect(await footerColumn(page, 'About Us')).toEqual([...aboutLinks, 'Terms and Conditions', 'Unsubscribe']);
    expect(await footerColumn(page, 'Buyer Tools')).toEqual(buyerTools);
    await expect(footer.getByRole('link', { name: 'Trade In' })).toHaveAttribute('href', '/trade-in');
    await expectAccessible(page);
  });

  test('the group template (southern-cross-motors)', async ({ page }) => {
    await page.goto(siteUrl('southern-cross-motors'));
    expect(await topLevel(page)).toEqual([
      'Home',
      'Stock',
      'Our Brands',
      'Offers',
      'Locations',
      'Service',
      'About Us',
      'Sell My Car',
      'Finance',
    ]);
    expect(await footerColumn(page, 'Quick Links')).toEqual([
      'Home',
      'Our Brands',
      'Offers',
      'Locations',
      'Sell My Car',
      'Finance',
    ]);
    expect(await footerColumn(page, 'Service')).toEqual(serviceLinks);
    expect(await footerColumn(page, 'About Us')).toEqual([...aboutLinks, 'Terms and Conditions', 'Unsubscribe']);
    expect(await footerColumn(page, 'Buyer Tools')).toEqual(buyerTools);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Our Brands' })).toHaveAttribute(
      'href',
      '/brands',
    );
  });

  test('a site with its own header (ridgeline-motorcycles) gets it in the footer too, with its own Buyer Tools', async ({
    page,
  }) => {
    await page.goto(siteUrl('ridgeline-motorcycles'));
    expect(await topLevel(page)).toEqual([
      'Home',
      'Bikes',
      'Workshop',
      'About Us',
      'Visit Us',
      'Sell My Bike',
      'Finance',
    ]);
    expect(await footerColumn(page, 'Bikes')).toEqual(['New Bikes', 'Demo Bikes', 'Used Bikes']);
    expect(await footerColumn(page, 'Workshop')).toEqual(['Book a Service', 'Parts & Gear', 'Warranty']);
    expect(await footerColumn(page, 'Quick Links')).toEqual(['Home', 'Visit Us', 'Sell My Bike', 'Finance']);
    expect(await footerColumn(page, 'Buyer Tools')).toEqual([
      'Used Bikes',
      'Demo Bikes',
      'New Bikes',
      'Trade In',
      'Finance',
    ]);
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Stock' })).toHaveCount(0);
  });
});
