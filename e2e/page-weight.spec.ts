import { expect, test } from '@playwright/test';
import { DEMO_TENANTS, siteUrl, tenantGet } from './helpers';
import { JS_BUDGET_KB, firstCarPath, pageScripts, type BudgetedPage } from './support/page-weight';

// Issue 19 "Budgets in CI": a key page whose JavaScript grows past its budget fails npm test.
for (const { slug } of DEMO_TENANTS) {
  test(`${slug}: home, search and a vehicle page stay within their JavaScript budgets`, async ({
    browser,
    request,
  }) => {
    const search = '/search/new-used-and-demo-cars';
    const listing = await tenantGet(request, slug, search);
    expect(listing.status()).toBe(200);
    const car = firstCarPath(await listing.text());
    expect(car, 'the search page links a car').toBeTruthy();
    const pages: Array<[BudgetedPage, string]> = [
      ['home', '/'],
      ['search', search],
      ['vehicle', car ?? ''],
    ];
    const over: string[] = [];
    for (const [kind, path] of pages) {
      const context = await browser.newContext();
      const { kb, scripts } = await pageScripts(await context.newPage(), siteUrl(slug, path));
      await context.close();
      expect(scripts.size, `${path} loads its scripts`).toBeGreaterThan(0);
      if (kb > JS_BUDGET_KB[kind])
        over.push(`${path}: ${kb.toFixed(1)} KB of JavaScript (gzipped), budget ${JS_BUDGET_KB[kind]} KB`);
    }
    expect(over).toEqual([]);
  });
}
