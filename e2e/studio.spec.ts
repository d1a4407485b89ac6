/**
 * Issue 16 (Tenant Studio), "Where it lives and who may use it": the Studio answers on its own host
 * (studio.localhost in the tests), staff sign in with a password or a code by e-mail, every Studio
 * page and API checks the role on the server, and a dealer's host never reaches the Studio. The demo
 * staff are seeded by `npm run seed` (demo-data/staff.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';
import { PORT, expectAccessible, siteUrl, tenantGet } from './helpers';

const studioUrl = (path = '/') => `http://studio.localhost:${PORT}${path}`;
const MESSAGES = 'test-results/account-messages/account-messages.jsonl';

/** The slugs the site list shows, in order. */
async function listedSites(page: Page): Promise<string[]> {
  return page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-site') ?? ''));
}

/** The sign-in page, once its form is ready (its buttons are enabled once the script runs). */
async function openSignIn(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'Sign in to the Tenant Studio' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Sign in|E-mail me a code/ })).toBeEnabled();
}

async function signInWithPassword(page: Page, email: string, returnTo = '/'): Promise<void> {
  await openSignIn(page, studioUrl(returnTo));
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(studioUrl(returnTo));
}

/** A Studio API call from the signed-in page (Node does not resolve *.localhost; the browser does). */
interface ApiAnswer {
  status: number;
  body: { message?: string; sites?: { slug: string }[] };
}
async function studioApi(page: Page, path: string): Promise<ApiAnswer> {
  return page.evaluate(async (url) => {
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    return { status: response.status, body: (await response.json()) as ApiAnswer['body'] };
  }, path);
}

async function codeFor(to: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(() => {
      if (!existsSync(MESSAGES)) return '';
      const lines = readFileSync(MESSAGES, 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as { to: string; text: string; site: string; at: string });
      const message = lines.filter((m) => m.to === to && m.site === 'studio' && Date.parse(m.at) >= after).at(-1);
      code = /code is (\d{6})/.exec(message?.text ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

test('a signed-out visitor goes to the sign-in page, which is never cached or indexed', async ({ page }) => {
  const response = await page.goto(studioUrl('/sites/harbour-city-mazda'));
  await expect(page).toHaveURL(studioUrl('/sign-in?next=%2Fsites%2Fharbour-city-mazda'));
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers['x-robots-tag']).toContain('noindex');
  expect(headers['cache-control']).toContain('no-store');
  expect(headers['x-frame-options']).toBe('DENY');
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in to the Tenant Studio' })).toBeVisible();
  await expectAccessible(page);
  // Signed out, the API says so and shows nothing.
  expect((await studioApi(page, '/api/studio/sites')).status).toBe(401);
});

test('a site editor signs in with a password and sees only harbour-city-mazda, and opens its editor', async ({
  page,
}) => {
  await signInWithPassword(page, 'site@studio.example');
  await expect(page.getByRole('heading', { level: 1, name: 'Sites' })).toBeVisible();
  await expect(page.getByText('Signed in as site@studio.example (site editor)')).toBeVisible();
  expect(await listedSites(page)).toEqual(['harbour-city-mazda']);
  const row = page.locator('tbody tr').first();
  await expect(row.getByRole('rowheader')).toHaveText('Harbour City Mazda');
  await expect(row.getByRole('cell').nth(0)).toHaveText('www.harbourcitymazda.com.au');
  await expect(row.getByRole('cell').nth(1)).toHaveText('franchise');
  await expect(row.getByRole('cell').nth(2)).toHaveText('None');
  await expect(row.getByRole('cell').nth(3)).toHaveText('From its file (not yet published in the Studio)');
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Harbour City Mazda' }).click();
  await expect(page).toHaveURL(studioUrl('/sites/harbour-city-mazda'));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Harbour City Mazda' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Identity & domains' })).toHaveAttribute('aria-selected', 'true');

  // The API agrees with the pages: the own site, and 403 for another.
  expect((await studioApi(page, '/api/studio/sites/harbour-city-mazda')).status).toBe(200);
  const other = await studioApi(page, '/api/studio/sites/southern-cross-motors');
  expect(other.status).toBe(403);
  expect(other.body.message).toContain('may not edit Southern Cross Motors');
});

test("a group editor sees the southern-cross group's sites only, and gets 403 on another site by URL and API", async ({
  page,
}) => {
  await signInWithPassword(page, 'group@studio.example');
  const slugs = await listedSites(page);
  expect(slugs).toContain('southern-cross-motors');
  expect(slugs).not.toContain('harbour-city-mazda');
  expect(slugs).not.toContain('ridgeline-motorcycles');
  for (const group of await page.locator('tbody tr td:nth-of-type(3)').allTextContents())
    expect(group).toBe('southern-cross');
  const api = await studioApi(page, '/api/studio/sites');
  expect(api.status).toBe(200);
  expect((api.body.sites ?? []).map((s) => s.slug)).toEqual(slugs);

  const forbidden = await page.goto(studioUrl('/sites/harbour-city-mazda'));
  expect(forbidden?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this site' })).toBeVisible();
  // The page names nothing of the site it refused.
  await expect(page.getByText('Harbour City Mazda')).toHaveCount(0);
  await expectAccessible(page);
  const refused = await studioApi(page, '/api/studio/sites/harbour-city-mazda');
  expect(refused.status).toBe(403);

  const unknown = await page.goto(studioUrl('/sites/no-such-site'));
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expectAccessible(page);
  expect((await studioApi(page, '/api/studio/sites/no-such-site')).status).toBe(404);

  await page.goto(studioUrl('/sites/southern-cross-motors'));
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Southern Cross Motors' })).toBeVisible();
});

test('an admin signs in with a code by e-mail, by keyboard, sees every demo site, and signs out', async ({ page }) => {
  await openSignIn(page, studioUrl('/sign-in'));
  await page.getByLabel('With a code by e-mail').check();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  await page.getByLabel('E-mail address').fill('admin@studio.example');
  const asked = Date.now();
  await page.getByLabel('E-mail address').press('Enter');
  await expect(page.getByRole('heading', { name: 'Check your e-mail' })).toBeVisible();
  // The focus moves to the code field, so the code can be typed at once.
  await expect(page.getByLabel('6-digit code')).toBeFocused();
  await expectAccessible(page);
  await page.keyboard.type(await codeFor('admin@studio.example', asked));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(studioUrl('/'));
  const slugs = await listedSites(page);
  for (const slug of ['harbour-city-mazda', 'southern-cross-motors', 'ridgeline-motorcycles'])
    expect(slugs).toContain(slug);
  await expect(page.getByText('As an admin you may edit every site.')).toBeVisible();

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(studioUrl('/sign-in?signed-out=1'));
  await expect(page.getByRole('status')).toHaveText('You are signed out.');
  await page.goto(studioUrl('/'));
  await expect(page).toHaveURL(studioUrl('/sign-in'));
});

test('a wrong password is refused with a message and nothing else happens', async ({ page }) => {
  await openSignIn(page, studioUrl('/sign-in'));
  await page.getByLabel('E-mail address').fill('site@studio.example');
  await page.getByLabel('Password', { exact: true }).fill('not the password');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Announced (role="alert"; Next's own route announcer is an alert too, so the message is found by its text).
  const message = page.getByText('That e-mail address and password do not match a Studio account.');
  await expect(message).toBeVisible();
  await expect(message).toHaveAttribute('role', 'alert');
  await expect(page).toHaveURL(studioUrl('/sign-in'));
  await expectAccessible(page);
});

test("a dealer host's /studio and /api/studio paths are a 404, and the Studio's pages never load there", async ({
  page,
  request,
}) => {
  for (const path of [
    '/studio',
    '/studio/sites/harbour-city-mazda',
    '/api/studio/sites',
    '/api/studio/auth/get-session',
  ]) {
    const response = await tenantGet(request, 'harbour-city-mazda', path);
    expect(response.status(), path).toBe(404);
    expect(await response.text(), path).not.toContain('Tenant Studio');
  }
  const response = await page.goto(siteUrl('harbour-city-mazda', '/studio'));
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Sign in to the Tenant Studio')).toHaveCount(0);
  // And the dealer site itself still serves.
  expect((await tenantGet(request, 'harbour-city-mazda', '/')).status()).toBe(200);
});
