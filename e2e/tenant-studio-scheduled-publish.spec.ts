/**
 * Issue 33 (Tenant Studio, part 3), "Publishing on a schedule", in Chromium on the demo:
 * - "'Publish at…' a date and time in the site's time zone, with a message: the draft is frozen as a
 *   scheduled version, listed in the site list and History, cancellable, and published once at that
 *   time by exactly one server process";
 * - Tests: "schedule a publish a minute ahead and see the public site change within a minute after
 *   it, with History naming the schedule; cancel another schedule. axe on every new screen."
 * The two-worker, invalid-at-due-time and cancel rules are unit-tested on both databases
 * (services/tenant-store/scheduled-publish.test.ts). It edits Ridgeline Motorcycles (Brisbane time)
 * as the platform admin, after the point-and-edit file.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, signInToSiteEditor, studioUrl, tenantGet } from './helpers';

const SLUG = 'ridgeline-motorcycles';
const PAGE = '/blog/chain-care';
const FRAME = '[data-testid="studio-preview"]';
const status = (page: Page) => page.locator('#studio-save-status');

test.use({ viewport: { width: 1440, height: 900 } });

const signIn = (page: Page) => signInToSiteEditor(page, SLUG);

/** A datetime-local value `minutes` after another (both on the site's clock). */
function minutesAfter(local: string, minutes: number): string {
  const at = new Date(`${local}:00Z`);
  return new Date(at.getTime() + minutes * 60_000).toISOString().slice(0, 16);
}

/** Types a new title for the chain-care page and waits for the autosave. */
async function retitle(page: Page, title: string): Promise<void> {
  await page.getByRole('tab', { name: /^Pages/ }).click();
  const pageButton = page.locator(`button:has(code:text-is("${PAGE}"))`).first();
  if ((await pageButton.getAttribute('aria-expanded')) !== 'true') await pageButton.click();
  await page.getByLabel('Page title', { exact: true }).fill(title);
  await expect(status(page)).toContainText('Draft saved.', { timeout: 15_000 });
}

/**
 * "Publish later…" with the message, `minutesAhead` of the site's clock now (the field's earliest
 * time, whole minutes); answers the time chosen.
 */
async function scheduleIn(page: Page, message: string, minutesAhead: number): Promise<string> {
  await page.getByLabel('What changed (shown in the history)').fill(message);
  await page.getByRole('button', { name: 'Publish later…' }).click();
  const field = page.getByLabel('Publish at (Brisbane time)');
  await expect(field).toBeVisible();
  const earliest = (await field.getAttribute('min')) ?? '';
  expect(earliest).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  const at = minutesAfter(earliest, minutesAhead);
  await field.fill(at);
  return at;
}

test('a publish scheduled a minute ahead goes live on the public site; another one is cancelled', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  await signIn(page);
  const discard = page.getByRole('button', { name: 'Discard draft', exact: true });
  if (await discard.isEnabled()) {
    await discard.click();
    await page
      .getByRole('dialog', { name: 'Discard your draft?' })
      .getByRole('button', { name: 'Discard draft' })
      .click();
    await expect(status(page)).toContainText('Draft discarded.');
  }

  // The first: a minute or two ahead (at least 30 s, so it is still ahead when the button is pressed).
  await retitle(page, 'Chain care, winter edition');
  const seconds = new Date().getUTCSeconds();
  await scheduleIn(page, 'Winter title', seconds > 30 ? 2 : 1);
  await expectAccessible(page, { exclude: FRAME, wcag22: true });
  await page.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(status(page)).toContainText(
    /Scheduled: it publishes .*, Brisbane time \(in (under a minute|\d minutes?)\)/,
  );
  // The editor is back on the live site; the public page has not changed.
  await expect(page.getByLabel('Page title', { exact: true })).not.toHaveValue('Chain care, winter edition');
  expect(await (await tenantGet(request, SLUG, PAGE)).text()).not.toContain('Chain care, winter edition');
  await expect(page.getByText('A publish is scheduled:')).toBeVisible();
  await expect(page.getByText(/‘Winter title’ publishes/)).toBeVisible();

  // The second: tomorrow, then cancelled in History.
  await retitle(page, 'Chain care, spring edition');
  await scheduleIn(page, 'Spring title', 24 * 60);
  await page.getByRole('button', { name: 'Schedule publish' }).click();
  await expect(page.getByText('2 publishes are scheduled:')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('button', { name: 'Preview or cancel in History' }).click();
  const table = page.getByRole('table', { name: /^Publishes set for a time on Ridgeline Motorcycles/ });
  await expect(table.getByRole('row')).toHaveCount(3);
  const spring = table.getByRole('row').filter({ hasText: 'Spring title' });
  await expect(spring).toContainText('Waiting.');
  await expectAccessible(page, { exclude: FRAME, wcag22: true });
  await spring.getByRole('button', { name: /^Cancel the publish set for/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel this scheduled publish?' });
  await expect(dialog).toContainText('‘Spring title’ will not go live');
  await expectAccessible(page, { exclude: FRAME, wcag22: true });
  await dialog.getByRole('button', { name: 'Cancel the publish' }).click();
  await expect(page.getByText(/^Cancelled the publish set for .*\. The site does not change then\.$/)).toBeVisible();
  await expect(spring).toContainText('Cancelled by admin@studio.example');

  // The first goes live at its time: the public page changes within a minute after it.
  await expect
    .poll(async () => (await tenantGet(request, SLUG, PAGE)).text(), { timeout: 150_000, intervals: [2_000] })
    .toMatch(/<title>[^<]*Chain care, winter edition/);
  expect(await (await tenantGet(request, SLUG, PAGE)).text()).not.toContain('spring edition');

  // History names the schedule: the version it published, and what became of each.
  await page.reload();
  await expect(page.locator('[data-studio-editor]')).toHaveAttribute('aria-busy', 'false', { timeout: 20_000 });
  await expect(table.getByRole('row').filter({ hasText: 'Winter title' })).toContainText(
    /Published\. Went live at .* as version \d+\./,
    {
      timeout: 15_000,
    },
  );
  const versions = page.getByRole('table', { name: /^Versions of Ridgeline Motorcycles/ });
  await expect(versions.getByRole('row').filter({ hasText: 'Winter title' }).first()).toContainText(
    /Published, live\s*By the publish scheduled for/,
  );
  await expect(page.getByText('A publish is scheduled:')).toHaveCount(0);

  // The site list no longer shows anything waiting for Ridgeline.
  await page.goto(studioUrl('/'));
  await expect(page.locator(`tr[data-site="${SLUG}"]`)).not.toContainText('Scheduled:');
  await expectAccessible(page);
});
