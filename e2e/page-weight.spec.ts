import { expect, test } from '@playwright/test';
import { DEMO_TENANTS, siteUrl, tenantGet } from './helpers';
import {
  JS_BUDGET_KB,
  firstCarPath,
  firstLocationPath,
  firstModelPath,
  pageScripts,
  type BudgetedPage,
} from './support/page-weight';

// Issue 19 "Budgets in CI", per page kind since issue 34: a key page whose JavaScript grows past its
// kind's budget fails npm test.
for (const { slug } of DEMO_TENANTS) {
  test(`${slug}: home, search, vehicle, location and model pages stay within their JavaScript budgets`, async ({
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
    // A site that offers locations and new models links them from its locator and models pages.
    const locator = await tenantGet(request, slug, '/dealer-locator');
    const location = locator.ok() ? firstLocationPath(await locator.text()) : undefined;
    if (location) pages.push(['location', location]);
    const models = await tenantGet(request, slug, '/models');
    const model = models.ok() ? firstModelPath(await models.text()) : undefined;
    if (model) pages.push(['model', model]);
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
