/**
 * Issue 33 (Tenant Studio, part 3), "Point and edit", in Chromium on the demo:
 * - "hovering a block outlines it with its name; clicking selects it and opens its form in the side
 *   panel; the selected block stays outlined";
 * - Tests: "click the hero in the preview and change its heading in the panel that opens; drag a
 *   block in the outline and see the preview follow; add a block between two blocks from the preview";
 * - Security: "a page of another origin, or the preview with a forged or expired token, cannot
 *   select, change or read anything in the Studio through messages" (an abuse check in the browser;
 *   the two message handlers' unit tests are domain/studio/preview-messages.test.ts);
 * - "never on the public site, whose HTML carries none of this".
 * It edits Ridgeline Motorcycles, which no other Studio test changes, as the platform admin.
 */
import { expect, test, type FrameLocator, type Page } from '@playwright/test';
import { PORT, discardDraft, expectAccessible, signInToSiteEditor, tenantGet } from './helpers';

const SLUG = 'ridgeline-motorcycles';
const FRAME = '[data-testid="studio-preview"]';

// A desktop screen, as a site editor's: the whole preview pane is on screen beside the form.
test.use({ viewport: { width: 1440, height: 900 } });

const signIn = (page: Page) => signInToSiteEditor(page, SLUG);

const preview = (page: Page): FrameLocator => page.frameLocator(FRAME);

/**
 * The names of the preview page's blocks, in the page's order (the marks before each block); none
 * while the frame is between two pages (it reloads after each save).
 */
const previewBlocks = (page: Page) =>
  preview(page)
    .locator('[data-studio-block]')
    .evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-studio-label')))
    .catch(() => [] as (string | null)[]);

/**
 * A point of an element inside the preview, in the Studio page's pixels: the frame is laid out at
 * 1440 px and scaled down to fit its pane, so the mouse is moved where a person would move it.
 */
async function pointInPreview(page: Page, selector: string, nth = 0, scroll = true): Promise<{ x: number; y: number }> {
  const frame = page.locator(FRAME);
  await frame.scrollIntoViewIfNeeded();
  const box = await frame.boundingBox();
  if (!box) throw new Error('the preview frame is not on screen');
  const scale = box.width / 1440;
  const target = preview(page).locator(selector).nth(nth);
  if (scroll) await target.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
  const inner = await target.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    return { x: rect.left + Math.min(rect.width / 2, 200), y: rect.top + Math.min(rect.height / 2, 30) };
  });
  return { x: box.x + inner.x * scale, y: box.y + inner.y * scale };
}

/** The preview shows the draft with this many blocks (after the autosave and the frame's reload). */
async function previewHasBlocks(page: Page, count: number): Promise<void> {
  await expect(preview(page).locator('[data-studio-block]')).toHaveCount(count, { timeout: 20_000 });
  await previewListens(page);
}

/** The preview page and the Studio have spoken (the page's outlines are drawn from then on). */
async function previewListens(page: Page): Promise<void> {
  await expect(preview(page).locator('[data-studio-overlay]')).toBeAttached({ timeout: 20_000 });
}

test('a click on the hero in the preview opens its form; the heading typed there reaches the preview', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await expect(preview(page).locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('checkbox', { name: 'Click a block to edit it' })).toBeChecked();
  await previewListens(page);

  // Hovering a block outlines it with its name and offers "Add block here" below it.
  const hovered = await pointInPreview(page, '[data-studio-block="1"] + *');
  await page.mouse.move(hovered.x, hovered.y);
  await expect(preview(page).locator('[data-studio-overlay]')).toContainText('Promotions slider');
  await expect(preview(page).getByRole('button', { name: '+ Add block here' })).toBeVisible();

  // A click on the hero: the Pages tab opens the hero's card, its form open and focused.
  const hero = await pointInPreview(page, 'main h1');
  await page.mouse.click(hero.x, hero.y);
  await expect(page.getByRole('tab', { name: /^Pages/ })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('button', { name: 'Hero banner (block 1)', exact: true });
  await expect(card).toHaveAttribute('aria-expanded', 'true');
  await expect(card).toBeFocused();
  // The clicked block stays outlined in the preview, named.
  await expect(preview(page).locator('[data-studio-overlay]')).toContainText('Editing: Hero banner');

  const heading = page.locator('li', { has: card }).getByRole('textbox', { name: /^Heading\*?$/ });
  await heading.fill('Ride the hinterland this weekend');
  await expect(page.locator('#studio-save-status')).toContainText('Draft saved.', { timeout: 15_000 });
  await expect(preview(page).locator('main h1').first()).toHaveText('Ride the hinterland this weekend', {
    timeout: 15_000,
  });
  // After the reload the edited block is still the one outlined.
  await expect(preview(page).locator('[data-studio-overlay]')).toContainText('Editing: Hero banner');
  await expectAccessible(page, { exclude: FRAME, wcag22: true });

  // Switched off, the preview shows the page as a shopper sees it: no outline, and a click selects nothing.
  await page.getByRole('checkbox', { name: 'Click a block to edit it' }).uncheck();
  await expect(preview(page).locator('[data-studio-overlay]')).not.toContainText('Editing');
  await page.getByRole('button', { name: 'Hero banner (block 1)', exact: true }).click(); // closes its form
  const slider = await pointInPreview(page, '[data-studio-block="1"] + * h2, [data-studio-block="1"] + * p');
  await page.mouse.click(slider.x, slider.y);
  await page.waitForTimeout(500);
  await expect(page.getByRole('button', { name: 'Promotions slider (block 2)', exact: true })).toHaveAttribute(
    'aria-expanded',
    'false',
  );
});

test('"Add block here" in the preview adds a block between two blocks; a block dragged in the outline moves in the preview', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  await previewHasBlocks(page, 6);
  const before = await previewBlocks(page);
  expect(before.slice(0, 3)).toEqual(['Hero banner', 'Promotions slider', 'Featured stock']);

  // Between the promotions slider (block 2) and the first featured stock (block 3).
  const slider = await pointInPreview(page, '[data-studio-block="1"] + *');
  await page.mouse.move(slider.x, slider.y);
  const add = preview(page).getByRole('button', { name: '+ Add block here' });
  await expect(add).toBeVisible();
  const addAt = await pointInPreview(page, '[data-studio-overlay] button', 0, false);
  await page.mouse.click(addAt.x, addAt.y);
  const picker = page.getByRole('dialog');
  await expect(picker).toBeVisible();
  await expect(picker).toContainText('after Promotions slider (block 2)');
  await picker.getByLabel('Find a block type').fill('coming soon');
  await picker.getByRole('button', { name: 'Coming soon notice', exact: true }).click();
  const added = page.getByRole('button', { name: 'Coming soon notice (block 3)', exact: true });
  await expect(added).toHaveAttribute('aria-expanded', 'true');
  // Its heading is required: until it is written, the preview keeps the last complete draft.
  await page
    .locator('li', { has: added })
    .getByRole('textbox', { name: /^Heading\*?$/ })
    .fill('Adventure touring range coming soon');
  await previewHasBlocks(page, 7);
  expect((await previewBlocks(page))[2]).toBe('Coming soon notice');

  // Drag the new block by its handle below the "Why buy from us" block (block 6) in the outline
  // (its form closed first, so the list is on one screen as a person would drag it).
  await added.click();
  await expect(added).toHaveAttribute('aria-expanded', 'false');
  const handle = (name: string) => page.locator('li', { has: page.getByRole('button', { name, exact: true }) });
  const target = handle('Why buy from us (block 6)');
  const targetBox = await target.boundingBox();
  await handle('Coming soon notice (block 3)')
    .locator('[draggable="true"]')
    .first()
    .dragTo(target, { targetPosition: { x: 20, y: (targetBox?.height ?? 60) - 8 } }); // its lower half: after it
  await expect(page.getByRole('button', { name: 'Coming soon notice (block 6)', exact: true })).toBeVisible();
  await expect(page.getByText('Coming soon notice moved to position 6 of 7.')).toBeAttached();
  await expect.poll(async () => (await previewBlocks(page))[5], { timeout: 20_000 }).toBe('Coming soon notice');
  await expectAccessible(page, { exclude: FRAME, wcag22: true });
});

test('a finger drags a block in the outline: its pick-up and its new place are said, and the preview follows', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A touch screen: Chromium turns the touches below into pointer events of type "touch".
  const context = await browser.newContext({ hasTouch: true, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await signIn(page);
  await discardDraft(page);
  await page.getByRole('tab', { name: /^Pages/ }).click();
  await previewHasBlocks(page, 6);
  const card = (name: string) => page.locator('li', { has: page.getByRole('button', { name, exact: true }) });
  // The list on screen, as a person's finger finds it.
  await card('Promotions slider (block 2)').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  const from = await card('Promotions slider (block 2)').locator('[draggable="true"]').first().boundingBox();
  const to = await page
    .locator('li', { has: page.getByRole('button', { name: / \(block 4\)$/ }) })
    .first()
    .boundingBox();
  if (!from || !to) throw new Error('the cards are not on screen');
  const cdp = await context.newCDPSession(page);
  const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', x: number, y: number) =>
    cdp.send('Input.dispatchTouchEvent', { type, touchPoints: type === 'touchEnd' ? [] : [{ x, y }] });
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: to.x + 40, y: to.y + to.height - 6 }; // the lower half of block 4: after it
  await touch('touchStart', start.x, start.y);
  await expect(
    page.getByText('Picked up Promotions slider. Move your finger to where it goes and lift it there.'),
  ).toBeAttached();
  for (let step = 1; step <= 8; step++)
    await touch('touchMove', start.x + ((end.x - start.x) * step) / 8, start.y + ((end.y - start.y) * step) / 8);
  await touch('touchEnd', end.x, end.y);
  await expect(page.getByText('Promotions slider moved to position 4 of 6.')).toBeAttached();
  await expect(page.getByRole('button', { name: 'Promotions slider (block 4)', exact: true })).toBeVisible();
  await expect.poll(async () => (await previewBlocks(page))[3], { timeout: 20_000 }).toBe('Promotions slider');
  await discardDraft(page);
  await context.close();
});

test('a paragraph with a bold word and a link, written in the rich-text editor, reaches the public site after publishing', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  await signIn(page);
  // The blocks added above stay unpublished: their draft is discarded first.
  await discardDraft(page);
  await page.getByRole('tab', { name: /^Pages/ }).click();
  await page.locator('button:has(code:text-is("/blog/chain-care"))').first().click();
  const card = page.getByRole('button', { name: 'Text (block 1)', exact: true });
  await card.click();
  const block = page.locator('li', { has: card });
  const text = block.getByRole('textbox', { name: 'Text', exact: true });
  await expect(text).toBeVisible({ timeout: 20_000 });
  // "Source" shows the HTML itself, for power users; the toolbar is words, not icons.
  const toolbar = block.getByRole('toolbar', { name: 'Formatting for Text' });
  await expect(toolbar.getByRole('button', { name: 'Source' })).toBeVisible();

  await text.click();
  await page.keyboard.press('Control+End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Chains last longer with ');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type('weekly');
  await toolbar.getByRole('button', { name: 'Bold' }).click();
  await page.keyboard.type(' cleaning. Ask our workshop');
  for (let i = 0; i < 'workshop'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
  await toolbar.getByRole('button', { name: 'Link' }).click();
  await block.getByLabel('Link address').fill('/service');
  await block.getByRole('button', { name: 'Apply link' }).click();
  await expect(toolbar.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
  await expect(page.locator('#studio-save-status')).toContainText('Draft saved.', { timeout: 15_000 });
  await expectAccessible(page, { exclude: FRAME, wcag22: true });

  // The Source view shows what was written, as HTML the page keeps.
  await toolbar.getByRole('button', { name: 'Source' }).click();
  await expect(block.getByRole('textbox', { name: 'Text (HTML source)' })).toHaveValue(
    /<p>Chains last longer with <strong>weekly<\/strong> cleaning\. Ask our <a href="\/service">workshop<\/a><\/p>/,
  );
  await toolbar.getByRole('button', { name: 'Source' }).click();

  await page.getByLabel('What changed (shown in the history)').fill('Chain care: weekly cleaning tip');
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await expect(page.locator('#studio-save-status')).toContainText(/Published version \d+/, { timeout: 15_000 });
  await expect
    .poll(async () => (await tenantGet(request, SLUG, '/blog/chain-care')).text(), { timeout: 15_000 })
    .toMatch(/Chains last longer with <strong>weekly<\/strong> cleaning\. Ask our <a href="\/service">workshop<\/a>/);
});

test('abuse: another origin, another window or a forged token cannot select anything through messages', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await expect(preview(page).locator('main h1').first()).toBeVisible({ timeout: 20_000 });
  await previewListens(page);
  const src = (await page.locator(FRAME).getAttribute('src')) ?? '';
  const token = /\/_preview\/([^/?#]+)/.exec(src)?.[1] ?? '';
  expect(token).not.toBe('');
  const select = { type: 'studio:point-and-edit', kind: 'select', route: '/', index: 0 };
  const tabSelected = () => page.getByRole('tab', { name: /^Identity/ }).getAttribute('aria-selected');

  // A page of another origin (another dealer's preview address, which the Studio may frame) framed
  // beside the preview, knowing the token.
  await page.evaluate((url) => {
    const other = document.createElement('iframe');
    other.src = url;
    other.id = 'other-origin';
    document.body.append(other);
  }, `http://southern-cross-motors.localhost:${PORT}/_preview/forged.token/`);
  const other = page.frameLocator('#other-origin');
  await expect(other.locator('body')).toContainText('Tenant Studio', { timeout: 20_000 });
  await other.locator('body').evaluate((_, message) => window.parent.postMessage(message, '*'), {
    ...select,
    token: decodeURIComponent(token),
  });
  // The preview frame itself with a forged token.
  await preview(page)
    .locator('body')
    .evaluate((_, message) => window.parent.postMessage(message, '*'), { ...select, token: 'forged.token' });
  await page.waitForTimeout(1000);
  expect(await tabSelected()).toBe('true');
  await expect(page.getByRole('button', { name: 'Hero banner (block 1)', exact: true })).toHaveCount(0);

  // The same message with the frame's own token, from the frame: taken (so the refusals above are the checks).
  await preview(page)
    .locator('body')
    .evaluate((_, message) => window.parent.postMessage(message, '*'), { ...select, token: decodeURIComponent(token) });
  await expect(page.getByRole('button', { name: 'Hero banner (block 1)', exact: true })).toHaveAttribute(
    'aria-expanded',
    'true',
  );

  // A preview opened with an expired or forged token shows nothing of the draft, so it has no bridge.
  const forged = await tenantGet(request, SLUG, '/_preview/forged.token');
  expect(forged.status()).toBe(403);
  expect(await forged.text()).not.toContain('data-studio-block');

  // The public site's HTML carries none of point and edit.
  const publicHome = await tenantGet(request, SLUG, '/');
  expect(publicHome.status()).toBe(200);
  const html = await publicHome.text();
  expect(html).not.toContain('data-studio-block');
  expect(html).not.toContain('Add block here');
});

test("header and footer blocks are edited as cards, as a page's blocks are (issue 33)", async ({ page }) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.getByRole('tab', { name: /^Pages/ }).click();
  await page.getByText('Header and footer blocks (on every page)').click();
  const footer = page.getByRole('list', { name: 'Footer blocks' });
  await expect(
    page.getByRole('list', { name: 'Header blocks' }).getByRole('button', { name: /^Site header/ }),
  ).toBeVisible();
  await expect(footer.getByRole('listitem')).toHaveCount(3);
  await expect(page.getByText('These come from the template.').first()).toBeVisible();
  // A move makes the site's own footer, told in words; the template's comes back with one button.
  await footer.getByRole('button', { name: 'Move Chat bubble (block 3) up' }).click();
  await expect(footer.getByRole('listitem').nth(1)).toContainText('Chat bubble');
  await expect(page.locator('#studio-save-status')).toContainText('Draft saved.', { timeout: 15_000 });
  await expect(page.getByText('This site has its own list')).toBeVisible();
  await expectAccessible(page, { exclude: FRAME, wcag22: true });
  await page.getByRole('button', { name: 'Use the template’s footer again' }).click();
  await expect(footer.getByRole('listitem').nth(2)).toContainText('Chat bubble');
  await expect(page.locator('#studio-save-status')).toContainText('Draft saved.', { timeout: 15_000 });
  // Nothing of this is kept: the draft goes.
  await page.getByRole('button', { name: 'Discard draft', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Discard your draft?' })
    .getByRole('button', { name: 'Discard draft' })
    .click();
  await expect(page.locator('#studio-save-status')).toContainText('Draft discarded.');
});
