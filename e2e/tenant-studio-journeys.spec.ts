/**
 * Issue 32 (Tenant Studio, part 2), "Tests": site editor journeys that find everything by visible
 * label or role, never by test id, with axe and the words check (e2e/studio-words.ts) on every screen
 * they visit. Runs after tenant-studio-editor.spec.ts; puts Harbour City Mazda back as it found it
 * (a restore of the version it started from), since later files read the site.
 */
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
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
  await expect(page).toHaveURL(studioUrl(returnTo), { timeout: 30_000 });
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
  await expect(status(page)).toContainText(/No unsaved changes|Draft saved/, { timeout: 30_000 });
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

/** The version live now, once History has loaded; undefined while the site is still served from its file. */
async function liveVersion(page: Page): Promise<number | undefined> {
  await openTab(page, 'History');
  await expect(
    page.getByText(/^(\d+ versions? of Harbour City Mazda\.|Harbour City Mazda has no versions yet\.)/),
  ).toBeVisible({
    timeout: 15_000,
  });
  const liveText = page.getByText(/Version \d+ is live/);
  return (await liveText.count()) ? Number(/Version (\d+)/.exec(await liveText.innerText())?.[1]) : undefined;
}

/** The version that puts the site back at the end: the one live at the start, else the site's file as first published. */
async function versionToRestore(page: Page, live: number | undefined): Promise<number> {
  if (live !== undefined) return live;
  const imported = page
    .getByRole('row', { name: /Imported from tenants/ })
    .getByRole('button', { name: /^Preview version \d+$/ });
  return Number(/\d+/.exec((await imported.textContent()) ?? '')?.[0]);
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
  const live = await liveVersion(page);

  // The header menu: the template's, customised for this site, then a new item.
  await openTab(page, 'Menus & buttons');
  // Before it is customised, the template's menu is shown as it is, marked "From the template" (issue 32).
  const copy = page.getByRole('button', { name: 'Customise “Menus” for this site' });
  if (await copy.count()) {
    const origin = page.locator('[id$="-menus-origin"]');
    await expect(origin).toContainText('From the template');
    await expect(
      page
        .getByRole('group', { name: /^Header menu/ })
        .first()
        .getByRole('button')
        .first(),
    ).toBeVisible();
    await copy.click();
    await expect(origin).toContainText('This site has its own copy of “Menus”');
  }
  const header = page.getByRole('group', { name: /^Header menu/ }).first();
  await header.getByRole('button', { name: /^Add/ }).last().click();
  const added = header.getByRole('textbox', { name: /^Label/ }).last();
  await added.fill('Hot deals');
  await header.getByRole('textbox', { name: /^Link/ }).last().fill('/special-offers');
  await draftSaved(page);
  // After the save the header is checked at desktop and phone width (issue 32): one more item no longer
  // fits beside the phone number at 1440 px, and the editor says so, naming the item.
  await expect(page.getByRole('heading', { name: 'The header does not fit on every screen' })).toBeVisible({
    timeout: 30_000,
  });
  await expect(
    page.getByText(/^On a desktop screen \(1440 px wide\), “Hot deals” overlaps “Call us on /),
  ).toBeVisible();
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
  const back = await versionToRestore(page, live);
  await page.getByRole('button', { name: `Preview version ${back}`, exact: true }).click();
  await expect(page.getByText(new RegExp(`The preview shows version ${back}`))).toBeVisible();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  const dialog = page.getByRole('dialog', { name: `Restore version ${back}?` });
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
  await checkScreen(page, 'Restore dialog');
  await dialog.getByRole('button', { name: 'Restore and publish' }).click();
  await expect(page.getByText(new RegExp(`Restored version ${back} as version \\d+; it is live now\\.`))).toBeVisible({
    timeout: 20_000,
  });
  const again = await browser.newPage();
  await again.goto(siteUrl(SITE, '/'));
  await expect(again.locator('header a', { hasText: 'Hot deals' })).toHaveCount(0);
  await again.close();
});

/** A day in the site's time zone (Sydney), `days` from today, as the date fields take it (YYYY-MM-DD). */
const siteDay = (days: number): string =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Australia/Sydney' }).format(new Date(Date.now() + days * 86_400_000));

test('a site editor changes the logo, the primary colour and the hero heading, adds, moves and removes a block, adds an offer with dates, changes two forms and the finance rates, publishes and sees each change on the public site', async ({
  page,
  browser,
}) => {
  test.setTimeout(420_000);
  await signIn(page, `/sites/${SITE}`);
  await startClean(page);
  // The version to put back at the end: the live one (none yet when the site is served from its file).
  const live = await liveVersion(page);
  const preview = page.frameLocator('iframe[title^="Preview of"]');

  // Theme: a new logo, uploaded with its alt text, and the primary colour.
  await openTab(page, 'Theme');
  const logo = page.getByRole('group', { name: 'Logo', exact: true });
  const image = await sharp({ create: { width: 640, height: 160, channels: 3, background: '#0b6e4f' } })
    .png()
    .toBuffer();
  const chooser = page.waitForEvent('filechooser');
  await logo.getByRole('button', { name: 'Upload image', exact: true }).click();
  await (await chooser).setFiles({ name: 'harbour-logo.png', mimeType: 'image/png', buffer: image });
  await expect(logo.getByRole('status')).toContainText('Uploaded harbour-logo.png (640 × 160 pixels).', {
    timeout: 20_000,
  });
  await logo.getByRole('textbox', { name: /^Alt text/ }).fill('Harbour City Mazda, Camperdown');
  await page.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#0b6e4f');
  await draftSaved(page);
  await expect(page.getByRole('status').filter({ hasText: /contrast/ })).toBeVisible();
  await checkScreen(page, 'Theme, a new logo and primary colour');

  // Pages: the home page's hero heading, seen in the preview (the current promotion would replace it: off).
  await openTab(page, 'Pages');
  await page
    .getByRole('region', { name: 'Pages of this site' })
    .getByRole('button', { name: / \/ (Changed for this site|Inherited|This site only)$/ })
    .click();
  await page.getByRole('button', { name: 'Hero banner (block 1)', exact: true }).click();
  const hero = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Hero banner (block 1)' }) });
  await hero.getByRole('textbox', { name: /^Heading\*?$/ }).fill('Drive home a new Mazda this summer');
  await hero
    .getByRole('group', { name: 'Show the current promotion', exact: true })
    .getByRole('radio', { name: 'Off', exact: true })
    .check();
  await draftSaved(page);
  await expect(preview.locator('main h1').first()).toHaveText('Drive home a new Mazda this summer', {
    timeout: 20_000,
  });

  // Add a Text block (after the block last opened, the hero), move it down one place, and remove the Blog cards block.
  await page.getByRole('button', { name: 'Add block', exact: true }).click();
  const picker = page.getByRole('dialog', { name: 'Add a block after Hero banner (block 1)' });
  await picker.getByRole('searchbox', { name: 'Find a block type' }).fill('text');
  await checkScreen(page, 'Pages, the block picker');
  await picker.getByRole('button', { name: 'Text', exact: true }).click();
  const added = page.getByRole('button', { name: 'Text (block 2)', exact: true });
  await expect(added).toHaveAttribute('aria-expanded', 'true');
  const textCard = page.getByRole('listitem').filter({ has: added });
  const textHeading = textCard.getByRole('textbox', { name: /^Heading$/ });
  await textHeading.fill('Visit us this weekend');
  await draftSaved(page);
  // Undo and redo reach a block's own form (the block's settings are the same object they were).
  await page.getByRole('button', { name: 'Undo', exact: true }).click();
  await expect(textHeading).toHaveValue('');
  await page.getByRole('button', { name: 'Redo', exact: true }).click();
  await expect(textHeading).toHaveValue('Visit us this weekend');
  await textCard.getByRole('textbox', { name: /^Text\*?$/ }).fill('Trade-ins are welcome every day of the week.');
  await textCard.getByRole('combobox', { name: 'Heading level' }).selectOption({ label: 'Section heading (H2)' });
  await draftSaved(page);
  await page.getByRole('button', { name: 'Move Text (block 2) down', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Text (block 3)', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Promotions slider (block 2)', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^Remove Blog cards \(block \d+\)$/ }).click();
  await expect(page.getByRole('button', { name: /^Blog cards \(block/ })).toHaveCount(0);
  await draftSaved(page);
  await checkScreen(page, 'Pages, a block added, moved and removed');

  // Offers: a new offer; an expiry before its start is named at the field; then right dates.
  await openTab(page, 'Offers & promotions');
  const offers = page.getByRole('group', { name: 'Special offers', exact: true });
  await offers.getByRole('button', { name: 'Add special offer', exact: true }).click();
  // The new offer's card, by its place in the list (its summary changes with its title and dates).
  // The dates, worked out once (a run across Sydney's midnight would otherwise compare two days).
  const [soonStart, soonEnd, started, ends] = [siteDay(10), siteDay(1), siteDay(-7), siteDay(60)];
  const offer = offers
    .getByRole('listitem')
    .filter({ has: page.getByRole('button', { name: /\(special offer 4 of 4\)$/ }) });
  await offer.getByRole('textbox', { name: /^Title/ }).fill('Five years of free servicing');
  await offer.getByRole('textbox', { name: 'Start date', exact: true }).fill(soonStart);
  await offer.getByRole('textbox', { name: 'Expiry date', exact: true }).fill(soonEnd);
  await draftSaved(page);
  await expect(offer.getByText(`expiry ${soonEnd} is before start ${soonStart}`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeDisabled();
  await checkScreen(page, 'Offers, an expiry before its start');
  await offer.getByRole('textbox', { name: 'Start date', exact: true }).fill(started);
  await offer.getByRole('textbox', { name: 'Expiry date', exact: true }).fill(ends);
  await draftSaved(page);
  await expect(page.getByRole('region', { name: /to fix before publishing/ })).toHaveCount(0);

  // Forms: the enquiry form's Phone label; then Phone made required on the message form.
  await openTab(page, 'Forms');
  await page.getByRole('button', { name: /^Send us an enquiry .*From the template/ }).click();
  await page.getByRole('button', { name: 'Customise for this site', exact: true }).click();
  await page.getByRole('button', { name: /^Phone · phone number, required/ }).click();
  await page.getByRole('textbox', { name: 'Label', exact: true }).fill('Mobile number');
  await draftSaved(page);
  await page.getByRole('button', { name: /^Send us a message .*From the template/ }).click();
  await page.getByRole('button', { name: 'Customise for this site', exact: true }).click();
  await page.getByRole('button', { name: /^Phone · phone number \(/ }).click();
  await page
    .getByRole('group', { name: /^Required/ })
    .getByRole('radio', { name: 'On', exact: true })
    .check();
  await draftSaved(page);
  await expect(page.getByRole('button', { name: /^Phone · phone number, required/ })).toBeVisible();
  await checkScreen(page, 'Forms, Phone required');

  // Finance: the interest rate and the comparison rates the lender offers.
  await openTab(page, 'Finance');
  await page.getByRole('spinbutton', { name: 'Interest rate (% p.a.)', exact: true }).fill('6.99');
  const range = page.getByRole('group', { name: 'Comparison rate range', exact: true });
  await range.getByRole('spinbutton', { name: /^Lowest comparison rate/ }).fill('7.49');
  await range.getByRole('spinbutton', { name: /^Highest comparison rate/ }).fill('12.99');
  await draftSaved(page);
  await checkScreen(page, 'Finance, new rates');

  // Publish with a message; the public site shows every change on its next load.
  await page.getByLabel('What changed (shown in the history)').fill('Summer refresh: logo, colour, hero, offer, forms');
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.getByText(/^Published version \d+\./)).toBeVisible({ timeout: 20_000 });
  const shopper = await browser.newPage();
  await expect
    .poll(
      async () => {
        await shopper.goto(siteUrl(SITE, '/'));
        return shopper.locator('main h1').first().textContent();
      },
      { timeout: 15_000 },
    )
    .toBe('Drive home a new Mazda this summer');
  await expect(shopper.getByRole('img', { name: 'Harbour City Mazda, Camperdown' }).first()).toHaveAttribute(
    'src',
    /media(%2F|\/)studio/,
  );
  expect(
    await shopper
      .locator('.site')
      .first()
      .evaluate((el) => getComputedStyle(el).getPropertyValue('--color-primary').trim()),
  ).toBe('#0b6e4f');
  await expect(shopper.getByRole('heading', { name: 'Visit us this weekend' })).toBeVisible();
  await expect(shopper.getByText('Trade-ins are welcome every day of the week.')).toBeVisible();
  await expect(shopper.getByRole('heading', { name: 'News from Harbour City Mazda' })).toHaveCount(0);
  await shopper.goto(siteUrl(SITE, '/special-offers'));
  await expect(shopper.getByRole('heading', { name: 'Five years of free servicing' })).toBeVisible();
  await shopper.goto(siteUrl(SITE, '/contact'));
  await expect(shopper.getByRole('textbox', { name: /^Mobile number/ })).toBeVisible();
  await shopper.goto(siteUrl(SITE, '/finance'));
  await expect(shopper.getByText(/Comparison rates from 7\.49% p\.a\. to 12\.99% p\.a\./).first()).toBeVisible();
  await shopper.close();

  // History in words: each change one line.
  await openTab(page, 'History');
  await page.getByRole('button', { name: 'Show changes', exact: true }).click();
  const changes = page.getByRole('region', { name: /^Changes from version \d+ to version \d+$/ });
  await expect(changes.getByText(/^Theme: primary colour #[0-9a-f]{6} → #0b6e4f$/)).toBeVisible();
  await expect(changes.getByText(/Phone is now required/).first()).toBeVisible();
  await checkScreen(page, 'History, a large publish in words');

  // Put the site back as the journey found it: the old version, restored after the confirmation.
  const back = await versionToRestore(page, live);
  await page.getByRole('button', { name: `Preview version ${back}`, exact: true }).click();
  await page.getByRole('button', { name: 'Restore this version' }).click();
  await page
    .getByRole('dialog', { name: `Restore version ${back}?` })
    .getByRole('button', { name: 'Restore and publish' })
    .click();
  await expect(page.getByText(new RegExp(`Restored version ${back} as version \\d+; it is live now\\.`))).toBeVisible({
    timeout: 20_000,
  });
});
