import { chromium } from '@playwright/test';
import { CHROMIUM_LAUNCH } from '../scripts/chromium';
import { DEMO_STAFF_PASSWORD } from '../demo-data/staff';
const studio = (p: string) => `http://studio.localhost:3000${p}`;
(async () => {
  const browser = await chromium.launch(CHROMIUM_LAUNCH);
  for (const [w, h, name] of [[1440, 900, 'desk'], [390, 844, 'phone']] as const) {
    const page = await browser.newPage({ viewport: { width: w, height: h } });
    await page.goto(studio(`/sign-in?next=${encodeURIComponent('/sites/harbour-city-mazda')}`));
    await page.getByLabel('E-mail address').fill('site@studio.example');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_STAFF_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.getByRole('group', { name: 'Your changes' }).waitFor({ timeout: 60000 });
    await page.getByRole('tab', { name: /^Pages/ }).click();
    await page.getByRole('button', { name: /\/cars\/:slug/ }).first().click();
    const sel = page.getByLabel('Page kind');
    await sel.scrollIntoViewIfNeeded();
    console.log(name, await sel.locator('option').allTextContents());
    await page.screenshot({ path: `/tmp/kind-${name}.png` });
    await page.getByRole('button', { name: 'Add block' }).click();
    await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/kind-picker-${name}.png` });
    const dialog = page.getByRole('dialog');
    console.log(name, (await dialog.innerText()).slice(0, 300).replace(/\n/g, ' | '));
  }
  await browser.close();
})();
