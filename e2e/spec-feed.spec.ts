/**
 * Issue 18: a feed written strictly from catalogue §3 and conversion §3 (the spec's nested car
 * location, locations without time_zone, closed days as null hours, an ISO date-time rego expiry)
 * imports, with its report, and its car shows 'Located at {city}' and its map in the browser.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';

// The server under test reads TENANTS_DIR=test-results/extra-tenants (playwright.config.ts).
const extraDir = 'test-results/extra-tenants';
const slug = 'kestrel-bay-motors';
const tenantFile = join(extraDir, `${slug}.json`);
const reportFile = 'test-results/spec-feed-report.json';
const carSlug = '2022-toyota-rav4-gx-91000001';
const caravanSlug = '2024-jayco-journey-outback-91000002';
// A second site of the same dealer, its used-car yard's: Penrith is its home city (conversion §3 override_city).
const yardSlug = 'kestrel-bay-used-cars';
const yardFile = join(extraDir, `${yardSlug}.json`);

test.describe('a feed written from the spec', () => {
  let importOutput = '';

  test.beforeAll(() => {
    importOutput = execFileSync(
      'npx',
      ['tsx', 'scripts/import.ts', 'services/stock/fixtures/spec-feed.json', '--report', reportFile],
      { env: process.env, encoding: 'utf8', stdio: 'pipe' },
    );
    mkdirSync(extraDir, { recursive: true });
    const tenant = {
      schemaVersion: 4,
      slug,
      name: 'Kestrel Bay Motors',
      template: 'franchise',
      dealerships: [910],
      manufacturer: 'Toyota',
    };
    writeFileSync(tenantFile, `${JSON.stringify(tenant, null, 2)}\n`);
    const yard = { ...tenant, slug: yardSlug, name: 'Kestrel Bay Used Cars', overrideCity: 'Penrith' };
    writeFileSync(yardFile, `${JSON.stringify(yard, null, 2)}\n`);
  });
  test.afterAll(() => {
    rmSync(tenantFile, { force: true });
    rmSync(yardFile, { force: true });
  });

  test('imports with its report', () => {
    expect(importOutput).toContain('imported 1 dealership(s), 2 location(s), 2 car(s)');
    expect(importOutput).toContain('Import report for services/stock/fixtures/spec-feed.json');
    const report = JSON.parse(readFileSync(reportFile, 'utf8')) as {
      imported: boolean;
      unknownFields: unknown[];
      warnings: Array<{ kind: string }>;
    };
    expect(report.imported).toBe(true);
    expect(report.unknownFields).toEqual([]);
    expect(report.warnings.map((w) => w.kind)).toEqual(
      expect.arrayContaining(['time-zone-derived', 'nested-location']),
    );
  });

  test("its car shows 'Located at {city}' and its location's map", async ({ page }) => {
    // The tenant file is picked up by the server's tenant sync; the car by its stock sync.
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, `/cars/${carSlug}`));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Toyota RAV4');
    // spec: catalogue §2 announcement bar — 'Located at {city}' when the car's location city
    // differs from the primary dealership city (Penrith, not Parramatta).
    const bar = page.getByRole('region', { name: 'Vehicle location' });
    await expect(bar).toContainText('Located at Penrith');
    await expect(bar.getByRole('link', { name: /Get Directions/ })).toHaveAttribute('href', /Mulgoa%20Road.*Penrith/);
    await expectAccessible(page);
    const where = page.locator('#vehicle-map');
    await expect(where).toContainText('Kestrel Bay Used Cars Penrith');
    await expect(where).toContainText('88 Mulgoa Road');
    await where.getByRole('button', { name: 'Show map' }).click();
    const map = where.locator('iframe[title="Map of Kestrel Bay Used Cars Penrith"]');
    await expect(map).toHaveAttribute('src', /marker=-33\.7561%2C150\.6832/);
  });

  test("a site's override city is its home in the 'Located at {city}' comparison (conversion §3 override_city, catalogue §2)", async ({
    page,
  }) => {
    const bar = page.getByRole('region', { name: 'Vehicle location' });
    await expect(async () => {
      const response = await page.goto(siteUrl(yardSlug, `/cars/${carSlug}`));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    // The RAV4 is at Penrith, this site's home city: no note, though Parramatta is the primary dealership's city.
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Toyota RAV4');
    await expect(bar).toHaveCount(0);
    // The caravan is at Parramatta, away from this site's home.
    await page.goto(siteUrl(yardSlug, `/cars/${caravanSlug}`));
    await expect(bar).toContainText('Located at Parramatta');
    await expectAccessible(page);
    // The dealer's own site keeps the primary dealership's city as home.
    await page.goto(siteUrl(slug, `/cars/${caravanSlug}`));
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Jayco');
    await expect(bar).toHaveCount(0);
  });

  test("the finance calculator starts from the car's lender record: its deposit, balloon, fee, repayment and total payable (conversion §3, §9; issue 20)", async ({
    page,
  }) => {
    // The fixture's car carries finance_lenders.B; this site names no provider, so B is its provider.
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, '/finance?car_id=91000001'));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    const calc = page.locator('.calc');
    await expect(calc.getByLabel('Purchase price', { exact: true })).toHaveValue('38990');
    await expect(calc.getByLabel('Deposit or trade-in', { exact: true })).toHaveValue('0');
    await expect(calc.getByLabel('Final payment (balloon)', { exact: true })).toHaveValue('0');
    await expect(calc.getByLabel('Interest rate (% p.a.)', { exact: true })).toHaveValue('8.49');
    await expect(page.getByTestId('calc-repayment')).toHaveText('$142.00');
    await expect(page.getByTestId('calc-total')).toHaveText('$48,048.00');
    await expect(page.getByTestId('calc-lender-quote')).toBeVisible();
    await expect(calc.locator('.rate-pair')).toContainText('Comparison rate 9.12% p.a.');
    await expect(calc.locator('dl')).toContainText('Establishment fee$395.00');
    // Moving a slider leaves the lender's quote: the calculator works the loan out itself.
    await calc.getByRole('slider', { name: 'Deposit or trade-in slider' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByTestId('calc-repayment')).not.toHaveText('$142.00');
    await expect(page.getByTestId('calc-lender-quote')).toHaveCount(0);
    await expectAccessible(page);
  });

  test("a caravan's own specifications show on its page (catalogue §2 all specifications, §3 Car specifications)", async ({
    page,
  }) => {
    await expect(async () => {
      const response = await page.goto(siteUrl(slug, `/cars/${caravanSlug}`));
      expect(response?.status()).toBe(200);
    }).toPass({ timeout: 20_000 });
    const expand = page.getByRole('button', { name: 'Show all specifications' });
    if (await expand.isVisible()) await expand.click();
    const specs = page.locator('dl[aria-label="Specifications"]');
    for (const [name, value] of [
      ['Body length', '6,400 mm'],
      ['Body width', '2,490 mm'],
      ['Tare weight', '2,350 kg'],
      ['ATM (aggregate trailer mass)', '3,000 kg'],
      ['Axle type', 'Tandem'],
      ['Sleeps', '4'],
    ])
      await expect(specs).toContainText(`${name}${value}`);
    // No photo in the feed: the placeholder, never a broken image.
    const photo = page.locator('main img').first();
    await expect(photo).toHaveJSProperty('complete', true);
    expect(await photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expectAccessible(page);
  });
});
