import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl, tenantGet } from './helpers';

/**
 * Issue 19: the document cache answers a search address asked again from memory
 * (server/http/document-cache). The page it gives must be the live page in every way a shopper
 * notices: it runs under a policy of its own inline scripts' hashes, hydrates, and filters in place.
 */
const site = 'southern-cross-motors';
// An address no other test asks for, so its first load here is a render.
const path = '/search/used-cars?sortBy=highestPrice&page=2';

test('a search asked again is served from memory, and the page hydrates and filters as a live one does', async ({
  page,
  request,
}) => {
  expect((await tenantGet(request, site, path)).headers()['x-document-cache']).toBe('miss');
  await expect.poll(async () => (await tenantGet(request, site, path)).headers()['x-document-cache']).toBe('hit');

  // Anything the page's policy blocks is reported by the browser as a violation event.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(`${event.violatedDirective} ${event.blockedURI}`),
    );
  });
  const response = await page.goto(siteUrl(site, path));
  const headers = response?.headers() ?? {};
  expect(headers['x-document-cache']).toBe('hit');
  const scripts = /script-src [^;]*/.exec(headers['content-security-policy'] ?? '')?.[0] ?? '';
  expect(scripts).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  expect(headers['content-encoding']).toBe('gzip');
  // The first shopper's nonce is not in the page.
  expect(await page.content()).not.toMatch(/nonce="[^"]+"/);

  // Hydrated: ticking a make filters in place (a client-side navigation, the window is the same one),
  // and that navigation's data comes live from Next, never from the document cache.
  await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
  const dataResponses: Array<string | undefined> = [];
  page.on('response', async (answer) => {
    if ((await answer.request().headerValue('rsc')) === '1') dataResponses.push(answer.headers()['x-document-cache']);
  });
  await page
    .getByRole('group', { name: 'Make' })
    .getByRole('checkbox', { name: /^Toyota/ })
    .check();
  await expect(page).toHaveURL(/refinementList\[make\]\[0\]=Toyota/);
  const titles = await page.locator('.stock-card__title').allTextContents();
  expect(titles.length).toBeGreaterThan(0);
  for (const title of titles) expect(title).toContain('Toyota');
  expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  expect(dataResponses.length).toBeGreaterThan(0);
  expect(dataResponses).toEqual(dataResponses.map(() => undefined));
  expect(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)).toEqual([]);
  await expectAccessible(page);
});
