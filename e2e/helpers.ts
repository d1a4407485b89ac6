import AxeBuilder from '@axe-core/playwright';
import { authSecret, authSecretFile } from '../services/auth/auth-instance';
import { signedUnsubscribeLinks, unsubscribeKey } from '../services/unsubscribe-token';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';

export const PORT = Number(process.env.E2E_PORT ?? 3100);
export const siteUrl = (slug: string, path = '/') => `http://${slug}.localhost:${PORT}${path}`;
export const studioUrl = (path = '/') => `http://studio.localhost:${PORT}${path}`;

/** Signs a demo staff member in to the Studio and waits for the site's editor to be ready. */
export async function signInToSiteEditor(page: Page, slug: string, email = 'admin@studio.example'): Promise<void> {
  const returnTo = `/sites/${slug}`;
  await page.goto(studioUrl(`/sign-in?next=${encodeURIComponent(returnTo)}`));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // Generous: the first sign-in of a freshly started server (a run of one file alone) takes seconds.
  await expect(page).toHaveURL(studioUrl(returnTo), { timeout: 20_000 });
  await expect(page.locator('[data-studio-editor]')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
}

export const DEMO_TENANTS = [
  { slug: 'harbour-city-mazda', name: 'Harbour City Mazda', primary: 'rgb(16, 24, 32)' },
  { slug: 'southern-cross-motors', name: 'Southern Cross Motors', primary: 'rgb(11, 37, 69)' },
  { slug: 'ridgeline-motorcycles', name: 'Ridgeline Motorcycles', primary: 'rgb(31, 61, 43)' },
] as const;

/**
 * Fails on any WCAG 2 A/AA violation axe finds on the page as it is now. `exclude` leaves out a
 * part checked elsewhere (the Studio's preview frame holds a dealer page the dealer tests check);
 * `include` checks only that part (an open dialog: the page behind it is inert);
 * `wcag22` adds WCAG 2.2 AA's rules (target size: every control at least 24 by 24 px).
 */
export async function expectAccessible(
  page: Page,
  options: { exclude?: string; include?: string; wcag22?: boolean } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    ...(options.wcag22 ? ['wcag22aa'] : []),
  ]);
  if (options.exclude) builder.exclude(options.exclude);
  if (options.include) builder.include(options.include);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')})`,
  );
  expect(summary, 'accessibility violations').toEqual([]);
}

/** Discards the open site's draft in the Studio's editor, when it has one (confirmed, as a person does). */
export async function discardDraft(page: Page): Promise<void> {
  const discard = page.getByRole('button', { name: 'Discard draft', exact: true });
  if (!(await discard.isEnabled())) return;
  await discard.click();
  await page
    .getByRole('dialog', { name: 'Discard your draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.locator('#studio-save-status')).toContainText('Draft discarded.');
}

/**
 * An HTTP request from the test process to a tenant host. Chromium resolves *.localhost by itself;
 * Node does not, so the request goes to the loopback address with the tenant's Host header.
 */
export function tenantGet(request: APIRequestContext, slug: string, path = '/') {
  return request.get(`http://127.0.0.1:${PORT}${path}`, {
    headers: { host: `${slug}.localhost:${PORT}` },
    maxRedirects: 0,
  });
}

/**
 * Counts the page's requests still waiting for an answer from now on; `quiet()` resolves once none
 * has been open for `settleMs`, and fails when that does not happen within `withinMs` (a shopper's
 * next click would wait behind them). The open requests are named in the failure.
 */
export function trackNetwork(page: Page) {
  const open = new Map<object, { url: string; since: number }>();
  page.on('request', (request) => open.set(request, { url: request.url(), since: Date.now() }));
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return {
    async quiet(withinMs = 5000, settleMs = 500): Promise<void> {
      const started = Date.now();
      let idleSince = open.size === 0 ? Date.now() : 0;
      while (Date.now() - started < withinMs) {
        if (open.size === 0) {
          if (!idleSince) idleSince = Date.now();
          if (Date.now() - idleSince >= settleMs) return;
        } else idleSince = 0;
        await page.waitForTimeout(50);
      }
      const still = [...open.values()].map((r) => `${r.url} (open ${Date.now() - r.since} ms)`);
      expect(still, `requests still open ${withinMs} ms later`).toEqual([]);
    },
  };
}

/**
 * The unsubscribe link a marketing e-mail to `email` from site `slug` carries (issue 30 L7), signed
 * with the secret the test server uses: AUTH_SECRET where the run sets one, else the file beside the
 * test database.
 */
export function signedUnsubscribePath(slug: string, email: string): string {
  const secret = process.env.AUTH_SECRET
    ? authSecret(process.env)
    : authSecret({}, authSecretFile(process.env.DATABASE_URL ?? 'file:data/test/platform.db'));
  const links = signedUnsubscribeLinks('http://unused.invalid', slug, email, unsubscribeKey(secret));
  if (!links) throw new Error(`not an address the forms accept: ${email}`);
  const url = new URL(links.page);
  return `${url.pathname}${url.search}`;
}
