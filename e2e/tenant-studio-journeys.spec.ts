/**
 * Issue 32 (Tenant Studio, part 2), "Tests": site editor journeys that find everything by visible
 * label or role, never by test id, with axe and the words check (e2e/studio-words.ts) on every screen
 * they visit. Runs after tenant-studio-editor.spec.ts; puts Harbour City Mazda back as it found it
 * (a restore of the version it started from), since later files read the site.
 */
import { expect, test, type Page } from '@playwright/test';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';
import { PORT, expectAccessible, siteUrl } from './helpers';
import { expectSiteEditorWords } from './studio-words';

const SITE = 'harbour-city-mazda';
const studioUrl = (path = '/') => `http://studio.localhost:${PORT}${path}`;

async function signIn(page: Page, returnTo: string): Promise<void> {
  await page.goto(studioUrl(`/sign-in?next=${encodeURIComponent(returnTo)}`));
  await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
  await page.getByLabel('E-mail address').fill('site@studio.example');
  await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(studioUrl(returnTo));
  await expect(page.getByRole('group', { name: 'Your changes' })).toBeVisible();
}

/** What a site editor sees is checked on every screen: axe (the dealer page in the frame is checked by its own tests) and the words. */
async function checkScreen(page: Page, where: string): Promise<void> {
  await expectAccessible(page, { exclude: 'iframe' });
  await expectSiteEditorWords(page, where);
}

async function openTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole('tab', { name: new RegExp(`^${name.replace(/[&]/g, '\\$&')}`) });
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

const status = (page: Page) => page.getByRole('status').filter({ hasText: /Draft saved|No unsaved|Unsaved|Saving/ });

async function draftSaved(page: Page): Promise<void> {
  await expect(status(page)).toContainText('Draft saved.', { timeout: 15_000 });
}

/** A draft left by an earlier file goes first, so each journey starts from the published site. */
async function startClean(page: Page): Promise<void> {
  // Until the editor is hydrated its buttons are disabled (and say "Loading the editor…").
  await expect(status(page)).toContainText(/No unsaved changes|Draft saved/);
  const discard = page.getByRole('button', { name: 'Discard draft', exact: true });
  if (await discard.isEnabled()) {
    await discard.click();
    await page
      .getByRole('dialog', { name: 'Discard your draft?' })
      .getByRole('button', { name: 'Discard draft' })
      .click();
    await expect(status(page)).toContainText('Draft discarded.');
    // A fresh editing session: nothing to undo.
    await page.reload();
    await expect(status(page)).toContainText('No unsaved changes.');
  }
}

test('a site editor undoes and redoes with the buttons and the keyboard, then discards the draft after a confirmation', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, `/sites/${SITE}`);
  await startClean(page);
  await openTab(page, 'Identity & domains');
  const name = page.getByRole('textbox', { name: /^Dealer name/ });
  const original = await name.inputValue();
  const undo = page.getByRole('button', { name: 'Undo', exact: true });
  const redo = page.getByRole('button', { name: 'Redo', exact: true });
  await expect(undo).toBeDisabled();
  await expect(redo).toBeDisabled();

  await name.fill(`${original} Sydney`);
  await draftSaved(page);
  await checkScreen(page, 'Identity, a change saved');

  // Undo by button: the field and the status say what changed back.
  await undo.click();
  await expect(name).toHaveValue(original);
  await expect(status(page)).toContainText(`Undone. Identity & domains: dealer name is now '${original}'.`);
  await expect(redo).toBeEnabled();
  // Redo by keyboard, from anywhere in the editor.
  await redo.focus();
  await page.keyboard.press('Control+Shift+Z');
  await expect(name).toHaveValue(`${original} Sydney`);
  await expect(status(page)).toContainText('Redone.');
  // Undo by keyboard while typing in the field itself; Ctrl+Y redoes.
  await name.focus();
  await page.keyboard.press('Control+Z');
  await expect(name).toHaveValue(original);
  await page.keyboard.press('Control+Y');
  await expect(name).toHaveValue(`${original} Sydney`);
  await draftSaved(page);

  // Discard draft: asked first, with the way out focused; the editor goes back to the published site.
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Discard your draft?' });
  await expect(dialog).toContainText('The public site does not change.');
  await expect(dialog.getByRole('button', { name: 'Keep editing' })).toBeFocused();
  await checkScreen(page, 'Discard draft dialog');
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(name).toHaveValue(`${original} Sydney`);
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  await dialog.getByRole('button', { name: 'Discard draft' }).click();
  await expect(status(page)).toContainText('Draft discarded.');
  await expect(name).toHaveValue(original);
  await expect(page.getByRole('button', { name: 'Discard draft', exact: true })).toBeDisabled();
  // Nothing is left to save: opened again, the editor shows the published site, no draft.
  await page.reload();
  await expect(page.getByRole('group', { name: 'Your changes' })).toBeVisible();
  await expect(page.getByText(/Opened the unpublished draft/)).toHaveCount(0);
  await openTab(page, 'Identity & domains');
  await expect(page.getByRole('textbox', { name: /^Dealer name/ })).toHaveValue(original);
});

test('a site editor adds a header menu item to /special-offers, switches Compare off, publishes, reads History in words and restores with the confirmation', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await signIn(page, `/sites/${SITE}`);
  await startClean(page);
  // Every tab a site editor sees: axe and the words, before anything changes.
  for (const tab of [
    'Identity & domains',
    'Theme',
    'Menus & buttons',
    'Pages',
    'Forms',
    'Search',
    'Finance',
    'Offers & promotions',
    'Locations',
    'Accounts',
    'Lead delivery',
    'Switches',
    'History',
  ]) {
    await openTab(page, tab);
    await checkScreen(page, `${tab} tab`);
  }

  // History: the version the journey starts from, to put the site back at the end.
  const live = Number(/Version (\d+) is live/.exec(await page.getByText(/Version \d+ is live/).innerText())?.[1]);
  expect(live).toBeGreaterThan(0);

  // The header menu: the template's, customised for this site, then a new item.
  await openTab(page, 'Menus & buttons');
  const copy = page.getByRole('button', { name: /^Copy “Menus” from the template/ });
  if (await copy.count()) await copy.click();
  const header = page.getByRole('group', { name: /^Header menu/ }).first();
  await header.getByRole('button', { name: /^Add/ }).last().click();
  const added = header.getByRole('textbox', { name: /^Label/ }).last();
  await added.fill('Hot deals');
  await header.getByRole('textbox', { name: /^Link/ }).last().fill('/special-offers');
  await draftSaved(page);
  await checkScreen(page, 'Menus, an item added');
  const preview = page.frameLocator('iframe[title^="Preview of"]');
  await expect(preview.locator('header a', { hasText: 'Hot deals' }).first()).toBeAttached({ timeout: 15_000 });

  // Compare off: the switch says its state in words.
  await openTab(page, 'Switches');
  const compare = page.getByRole('group', { name: /^Compare cars/ }).first();
  await compare.getByRole('radio', { name: 'Off', exact: true }).check();
  await draftSaved(page);
  await checkScreen(page, 'Switches, Compare off');

  // Publish with a message; the public site shows the change on its next load.
  await page.getByLabel('What changed (shown in the history)').fill('Hot deals in the menu; no Compare');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published version \d+\./)).toBeVisible();
  const shopper = await browser.newPage();
  await expect
    .poll(
      async () => {
        await shopper.goto(siteUrl(SITE, '/'));
        return shopper.locator('header a', { hasText: 'Hot deals' }).count();
      },
      { timeout: 15_000 },
    )
    .toBeGreaterThan(0);
  await expect(shopper.locator('header a', { hasText: 'Hot deals' }).first()).toHaveAttribute(
    'href',
    '/special-offers',
  );
  await shopper.close();

  // History in words: one entry per action, the pointers only behind Details.
  await openTab(page, 'History');
  await page.getByRole('button', { name: 'Show changes', exact: true }).click();
  const changes = page.getByRole('region', { name: /^Changes from version \d+ to version \d+$/ });
  await expect(changes.getByText(/^Header menu: added .Hot deals. \(→ \/special-offers\)$/)).toBeVisible();
  await expect(changes.getByText(/Compare cars/).first()).toBeVisible();
  await checkScreen(page, 'History, the changes in words');

  // Restore: the old version in the preview first, then a confirmation, then it is live.
  await page.getByRole('button', { name: `Preview version ${live}`, exact: true }).click();
  await expect(page.getByText(new RegExp(`The preview shows version ${live}`))).toBeVisible();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog', { name: `Restore version ${live}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'Restore dialog');
  await dialog.getByRole('button', { name: 'Restore and publish' }).click();
  await expect(page.getByText(new RegExp(`Restored version ${live} as version \\d+; it is live now\\.`))).toBeVisible({
    timeout: 20_000,
  });
  const again = await browser.newPage();
  await again.goto(siteUrl(SITE, '/'));
  await expect(again.locator('header a', { hasText: 'Hot deals' })).toHaveCount(0);
  await again.close();
});
