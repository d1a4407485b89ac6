/**
 * `npm run bench:studio`, part three (issue 33): point and edit. In the site editor at 1440×900, a
 * click on a block in the preview frame (laid out at 1440 px and scaled into its pane, so the mouse
 * goes where a person's would) until that block's form is open in the Pages tab with its card
 * focused. Each round starts from another tab (Identity), so the Pages tab is opened by the click,
 * as when someone looks at the page first. Printed as median and max (no target in the issue; Puck
 * and Payload answer within a frame or two of the click).
 *
 * Nothing is changed: no draft is saved. Functions passed to `page.evaluate` are anonymous (see
 * studio-typing.ts on tsx's keepNames).
 */
import type { BrowserContext, Page } from '@playwright/test';

export interface PointAndEditOptions {
  studioOrigin: string;
  site: string;
  rounds: number;
}

const FRAME = '[data-testid="studio-preview"]';
const WAIT_MS = 60_000;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/** The Studio-page point of block `index`'s first visible piece in the preview, scrolled into the frame's view. */
async function blockPoint(page: Page, index: number): Promise<{ x: number; y: number } | undefined> {
  const frameBox = await page.locator(FRAME).boundingBox();
  if (!frameBox) return undefined;
  const scale = frameBox.width / 1440;
  const inner = await page
    .frameLocator(FRAME)
    .locator('body')
    .evaluate((_, at) => {
      const marks = [...document.querySelectorAll('[data-studio-block]')];
      const mark = marks[at];
      let element = mark?.nextElementSibling ?? null;
      while (element && !element.hasAttribute('data-studio-block')) {
        const rect = element.getBoundingClientRect();
        if (rect.height > 20 && getComputedStyle(element).position !== 'fixed') {
          element.scrollIntoView({ block: 'center', behavior: 'instant' });
          const box = element.getBoundingClientRect();
          return { x: box.left + Math.min(box.width / 2, 200), y: box.top + Math.min(box.height / 2, 40) };
        }
        element = element.nextElementSibling;
      }
      return undefined;
    }, index);
  return inner ? { x: frameBox.x + inner.x * scale, y: frameBox.y + inner.y * scale } : undefined;
}

export async function measurePointAndEdit(context: BrowserContext, options: PointAndEditOptions): Promise<void> {
  const page = await context.newPage();
  try {
    page.setDefaultTimeout(WAIT_MS);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${options.studioOrigin}/sites/${encodeURIComponent(options.site)}`, {
      waitUntil: 'domcontentloaded',
      timeout: 120_000,
    });
    await page.locator('fieldset[data-studio-editor]:not([disabled])').waitFor({ timeout: 120_000 });
    await page.locator(FRAME).scrollIntoViewIfNeeded();
    // The preview and the editor have spoken: the page draws its outlines from then on.
    await page.frameLocator(FRAME).locator('[data-studio-overlay]').waitFor({ state: 'attached', timeout: 120_000 });
    const blocks = await page.frameLocator(FRAME).locator('[data-studio-block]').count();
    const times: number[] = [];
    for (let round = 0; round < options.rounds; round++) {
      const index = round % Math.max(1, Math.min(blocks, 4));
      await page.locator('#tab-identity').click();
      await page.locator('#tab-identity[aria-selected="true"]').waitFor();
      await page.locator(FRAME).scrollIntoViewIfNeeded();
      const point = await blockPoint(page, index);
      if (!point) throw new Error(`block ${index + 1} of the preview has nothing on screen to click`);
      await page.mouse.move(point.x, point.y);
      const started = Date.now();
      await page.mouse.click(point.x, point.y);
      // Ready: a block's card is open and focused, and its form's first field is on the page (the
      // block the preview says was under the mouse: a page's blocks can overlap by a few pixels).
      const ready = page.waitForFunction(
        () => {
          const focused = document.activeElement;
          if (!focused || focused.getAttribute('aria-expanded') !== 'true') return false;
          if (!/\(block \d+\)/.test(focused.textContent ?? '')) return false;
          const body = document.getElementById(focused.getAttribute('aria-controls') ?? '');
          return Boolean(body?.querySelector('input, textarea, select'));
        },
        undefined,
        { polling: 'raf', timeout: WAIT_MS },
      );
      await ready.catch(async (error: unknown) => {
        // What the page showed instead, for whoever reads the failure.
        const shot = `${process.env.TMPDIR ?? '/tmp'}/bench-point-and-edit-round-${round + 1}.png`;
        await page.screenshot({ path: shot }).catch(() => undefined);
        const focused = await page
          .evaluate(() => {
            const element = document.activeElement;
            return element ? `${element.tagName} "${(element.textContent ?? '').trim().slice(0, 80)}"` : 'nothing';
          })
          .catch(() => 'unknown');
        throw new Error(
          `round ${round + 1}: the click at (${Math.round(point.x)}, ${Math.round(point.y)}) on block ${index + 1} opened no block form; focus on ${focused}; screenshot ${shot}`,
          { cause: error },
        );
      });
      times.push(Date.now() - started);
    }
    console.log(`point and edit: click in the preview -> the block's form ready (${times.length} clicks, ms):`);
    console.log(`  median ${median(times)}, max ${Math.max(...times)}  (${times.join(', ')})`);
  } finally {
    await page.close();
  }
}
