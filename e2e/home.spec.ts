import { expect, test } from '@playwright/test';
import { DEMO_TENANTS, expectAccessible, siteUrl, tenantGet } from './helpers';

for (const tenant of DEMO_TENANTS) {
  test(`${tenant.name}: home page renders with its own name, theme and stock`, async ({ page }) => {
    const response = await page.goto(siteUrl(tenant.slug));
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(new RegExp(tenant.name));
    await expect(page.locator('.site')).toHaveAttribute('data-tenant', tenant.slug);
    await expect(page.getByRole('link', { name: tenant.name }).first()).toBeVisible();
    // The theme is the tenant's: its primary colour reaches the footer.
    const footerBackground = await page.locator('footer').evaluate((el) => getComputedStyle(el).backgroundColor);
    const primary = await page
      .locator('.site')
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--color-primary').trim());
    expect(primary.length).toBeGreaterThan(0);
    expect(footerBackground).not.toBe('rgba(0, 0, 0, 0)');
    await expect(page.locator('.stock-card').first()).toBeVisible();
    const firstImage = page.locator('.stock-card img').first();
    await expect(firstImage).toHaveJSProperty('complete', true);
    expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
  });
}

test('the three demo tenants look different', async ({ page }) => {
  const looks = new Set<string>();
  for (const tenant of DEMO_TENANTS) {
    await page.goto(siteUrl(tenant.slug));
    looks.add(
      await page.locator('.site').evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.getPropertyValue('--color-primary')}|${s.getPropertyValue('--color-accent')}|${s.fontFamily}`;
      }),
    );
  }
  expect(looks.size).toBe(3);
});

test('the group site shows its stats banner and brand grid, the single-brand site does not', async ({ page }) => {
  await page.goto(siteUrl('southern-cross-motors'));
  await expect(page.getByText('Representing 50+ brands and 59 franchises')).toBeVisible();
  await expect(page.locator('.brand-grid li')).toHaveCount(6); // catalogue §9: 6 tiles
  // catalogue §9: the live stock count, or the configured figure above the store-count threshold 1999.
  const stockFigure = await page.locator('.stats dl > div', { hasText: 'Cars in stock' }).locator('dd').textContent();
  await page.goto(siteUrl('southern-cross-motors', '/search'));
  const listed = Number((await page.locator('.search__count').textContent())?.replace(/[^0-9]/g, ''));
  expect(listed).toBeGreaterThan(0);
  expect(stockFigure).toBe(listed > 1999 ? '2,000+' : listed.toLocaleString('en-AU'));
  await page.goto(siteUrl('harbour-city-mazda'));
  await expect(page.locator('.stats')).toHaveCount(0);
});

test('an unknown host gets a plain 404 that names no tenant', async ({ request }) => {
  const response = await tenantGet(request, 'nobody-here');
  expect(response.status()).toBe(404);
  const body = await response.text();
  for (const tenant of DEMO_TENANTS) expect(body).not.toContain(tenant.slug);
});

test('the internal route prefix is not reachable from outside', async ({ request }) => {
  const response = await tenantGet(request, 'harbour-city-mazda', '/site/southern-cross-motors');
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('Southern Cross Motors');
});

test('a page the platform does not build yet says so honestly', async ({ page }) => {
  const response = await page.goto(siteUrl('southern-cross-motors', '/finance-and-insurance'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Finance and insurance information is coming soon');
  await expectAccessible(page);
});

test('an unknown page is a 404 inside the tenant’s own header and footer', async ({ page }) => {
  const response = await page.goto(siteUrl('ridgeline-motorcycles', '/no-such-page'));
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await expect(page.getByRole('link', { name: 'Ridgeline Motorcycles' }).first()).toBeVisible();
  await expect(page.locator('footer')).toContainText('Ridgeline Motorcycles');
  await expectAccessible(page);
});

test('on a phone the menu button opens the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(siteUrl('southern-cross-motors'));
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  await menu.click();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sell My Car' })).toBeVisible();
  await expectAccessible(page);
});

// catalogue §2: 'Show Me N cars' goes to the search page; conversion §2.2 canonical URLs.
for (const slug of ['harbour-city-mazda', 'southern-cross-motors']) {
  test(`${slug}: the hero's quick search shows a live count and goes to the search page`, async ({ page }) => {
    await page.goto(siteUrl(slug));
    const form = page.getByRole('search', { name: 'Quick search' });
    const button = form.getByRole('button', { name: /^Show Me [\d,]+ (car|vehicle)s?$/ });
    await expect(button).toBeVisible();
    const initial = await button.textContent();
    const make = form.getByLabel('Make');
    const firstMake = await make.locator('option').nth(1).getAttribute('value');
    expect(firstMake).toBeTruthy();
    const counted = page.waitForResponse((r) => r.url().includes('/api/search/count?') && r.ok());
    await make.selectOption(firstMake ?? '');
    const { count } = (await (await counted).json()) as { count: number };
    await expect(button).not.toHaveText(initial ?? '');
    await expect(button).toContainText(`Show Me ${count.toLocaleString('en-AU')}`);
    await button.click();
    await expect(page).toHaveURL(/\/search\/[a-z0-9-]+$/);
    await expect(page.locator('.search__count')).toContainText(count.toLocaleString('en-AU'));
    await expectAccessible(page);
  });
}

test('without script the quick search is a plain form to the search page', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(siteUrl('southern-cross-motors'));
  const form = page.getByRole('search', { name: 'Quick search' });
  await form.getByLabel('Price').selectOption({ index: 1 });
  await form.getByRole('button', { name: /^Show Me/ }).click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?.*range%5Bprice%5D=%3A10000/);
  await expect(page.locator('.search__count')).toBeVisible();
  await context.close();
});
