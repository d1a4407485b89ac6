import { expect, type Page, type Route } from '@playwright/test';

/**
 * Issue 34: a tap made as soon as the page's HTML is on screen, before React has hydrated it, must
 * still work (issue 19 lost such taps). `openBeforeHydration` holds back every script of the page's
 * JavaScript (Next's chunks) until the test lets them go, so the page is exactly the server's HTML,
 * with only its inline scripts run; `hydrate` lets them load and waits until React listens.
 */
const CHUNKS = /\/_next\/static\/chunks\/[^?]*\.js(\?|$)/;

/** React marks the document it hydrates when it starts listening for events. */
export const reactListens = (page: Page): Promise<boolean> =>
  page.evaluate(() => Object.keys(document).some((key) => key.startsWith('_reactListening')));

export async function openBeforeHydration(page: Page, url: string): Promise<{ hydrate(): Promise<void> }> {
  const held: Route[] = [];
  let released = false;
  const hold = (route: Route) => {
    if (released) return route.continue();
    held.push(route);
    return undefined;
  };
  await page.route(CHUNKS, hold);
  await page.goto(url, { waitUntil: 'domcontentloaded' });
  expect(await reactListens(page), 'the page has not hydrated yet').toBe(false);
  return {
    async hydrate() {
      released = true;
      await Promise.all(held.map((route) => route.continue()));
      await page.unroute(CHUNKS, hold);
      await expect.poll(() => reactListens(page), { message: 'the page hydrates' }).toBe(true);
    },
  };
}
