import { createHash } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';
import { PORT, siteUrl, tenantGet } from './helpers';

/**
 * Issue 30, L6: a page from Next's page cache runs under `script-src 'self'` and the hashes of its
 * own inline scripts (server/http/cached-page-policy.ts), and no page allows 'unsafe-inline' or
 * 'unsafe-eval'. The page must still work in every way a shopper notices: it hydrates, navigates
 * in place, and its forms check what was typed in the browser (without code generation); the
 * Studio's editor draws its forms (rjsf choosing between schema alternatives) without eval too.
 */
const site = 'southern-cross-motors';

/** Records every script the page's policy blocks (an inline script, an eval) from the first byte on. */
async function watchViolations(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sample}`),
    );
  });
  return () => page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);
}

const scriptSources = (policy: string | undefined) => (/script-src ([^;]*)/.exec(policy ?? '')?.[1] ?? '').split(' ');

test("the home page, from the page cache, lists its own inline scripts' hashes, runs them all and hydrates", async ({
  page,
  request,
}) => {
  for (let i = 0; i < 2; i++) {
    const answer = await tenantGet(request, site, '/');
    const sources = scriptSources(answer.headers()['content-security-policy']);
    expect(sources[0]).toBe("'self'");
    expect(sources.slice(1).every((s) => /^'sha256-[A-Za-z0-9+/=]+'$/.test(s))).toBe(true);
    const html = await answer.text();
    const inline = [
      ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g),
    ];
    expect(inline.length).toBeGreaterThan(0);
    for (const [, text] of inline)
      expect(sources).toContain(
        `'sha256-${createHash('sha256')
          .update(text ?? '', 'utf8')
          .digest('base64')}'`,
      );
  }

  const violations = await watchViolations(page);
  const response = await page.goto(siteUrl(site, '/'));
  const policy = response?.headers()['content-security-policy'] ?? '';
  expect(scriptSources(policy)).not.toContain("'unsafe-inline'");
  expect(policy).not.toContain('unsafe-eval');
  // Hydrated: a link to the stock opens in place, in the same window.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  await page.locator('main a[href^="/search/"]:visible').first().click();
  await expect(page).toHaveURL(/\/search\//);
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(await violations()).toEqual([]);
});

test('an enquiry form on a cached page checks what was typed in the browser, with the spec messages and no eval', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  const response = await page.goto(siteUrl(site, '/vehicle-parts-and-accessories'));
  const sources = scriptSources(response?.headers()['content-security-policy']);
  // A page from the page cache: hashes, no nonce.
  expect(sources.some((s) => s.startsWith("'sha256-"))).toBe(true);
  expect(sources.some((s) => s.startsWith("'nonce-") || s === "'unsafe-eval'")).toBe(false);
  await page.getByLabel('Postcode').fill('215');
  await page.locator('main form').getByRole('button').last().click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });
  await expect(summary.getByRole('link', { name: 'Invalid postcode. Please enter a 4-digit number.' })).toBeVisible();
  await expect(summary.getByRole('link', { name: 'First name is required.' })).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  // Fixed, the message goes as the shopper types (revalidation on change).
  await page.getByLabel('Postcode').fill('2150');
  await expect(page.getByLabel('Postcode')).not.toHaveAttribute('aria-invalid', 'true');
  expect(await violations()).toEqual([]);
});

test("the Studio's editor draws its forms (alternatives, conditions) without eval, under its nonce", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const studioUrl = (path: string) => `http://studio.localhost:${PORT}${path}`;
  const violations = await watchViolations(page);
  const signIn = await page.goto(studioUrl(`/sign-in?next=${encodeURIComponent('/sites/harbour-city-mazda')}`));
  const policy = signIn?.headers()['content-security-policy'] ?? '';
  expect(scriptSources(policy).some((s) => s.startsWith("'nonce-"))).toBe(true);
  expect(policy).not.toContain('unsafe-eval');
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.getByLabel('E-mail address').fill('site@studio.example');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(studioUrl('/sites/harbour-city-mazda'));
  for (const tab of ['Menus & buttons', 'Pages', 'Forms', 'Offers & promotions', 'Switches']) {
    await page.getByRole('tab', { name: new RegExp(`^${tab}`) }).click();
    await expect(page.getByRole('tab', { name: new RegExp(`^${tab}`) })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toBeVisible();
    expect(await violations(), tab).toEqual([]);
  }
});
