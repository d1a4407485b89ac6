import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { expectAccessible, signedUnsubscribePath, siteUrl, tenantGet } from './helpers';

// The server under test reads TENANTS_DIR=test-results/extra-tenants (playwright.config.ts).
const extraDir = 'test-results/extra-tenants';
const offerless = 'offerless-motors';
const offerlessFile = join(extraDir, `${offerless}.json`);

/** Sets a range input the way a drag does (React listens to the input event), retried until the page has hydrated. */
async function setRange(input: Locator, value: number, expectation: () => Promise<void>) {
  await expect(async () => {
    await input.evaluate((el, v) => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(el, String(v));
      el.dispatchEvent(new Event('input', { bubbles: true }));
    }, value);
    await expectation();
  }).toPass({ timeout: 15_000 });
}

test('special offers: the current offer shows, expired and future ones do not (conversion §2.3)', async ({ page }) => {
  const response = await page.goto(siteUrl('harbour-city-mazda', '/special-offers'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Special offers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Mazda CX-5 summer drive-away offer' })).toBeVisible(); // 2026-11-01 to 2027-01-31
  await expect(page.getByText('Mazda CX-30 spring bonus')).toHaveCount(0); // expired 2026-10-31
  await expect(page.getByText('Mazda BT-50 early order offer')).toHaveCount(0); // starts 2027-02-01
  await expect(page.locator('.offer img').first()).toHaveJSProperty('complete', true);
  await expectAccessible(page);
});

test('special offers is a 404 where the offers switch is off', async ({ request }) => {
  expect((await tenantGet(request, 'ridgeline-motorcycles', '/special-offers')).status()).toBe(404);
});

test.describe('a site whose offers have all expired', () => {
  test.beforeAll(() => {
    mkdirSync(extraDir, { recursive: true });
    const tenant = {
      schemaVersion: 3,
      slug: offerless,
      name: 'Offerless Motors',
      template: 'franchise',
      features: { offers: true },
      offers: [{ id: 'gone', title: 'Last winter’s service special', start: '2025-06-01', expiry: '2025-08-31' }],
    };
    writeFileSync(offerlessFile, `${JSON.stringify(tenant, null, 2)}\n`);
  });
  test.afterAll(() => rmSync(offerlessFile, { force: true }));

  test('shows the catalogue §8 empty state with Clear Filters', async ({ page }) => {
    const response = await page.goto(siteUrl(offerless, '/special-offers'));
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { name: 'No Results Available' })).toBeVisible();
    await expect(
      page.getByText('There appears to be no offers currently available that meet the conditions of your search'),
    ).toBeVisible();
    await expect(page.getByRole('link', { name: 'Clear Filters' })).toHaveAttribute('href', '/special-offers');
    await expect(page.getByText('Last winter’s service special')).toHaveCount(0);
    await expectAccessible(page);
  });
});

test('the sales counter shows a whole number with thousands separators (conversion §9)', async ({ page }) => {
  await page.goto(siteUrl('southern-cross-motors'));
  const value = page.locator('.sales-counter__value');
  await expect(value).toHaveText(/^\d{1,3}(,\d{3})*$/);
  await expect(page.getByText('cars sold across the Southern Cross group this month')).toBeVisible();
  await expectAccessible(page);
});

test('the promotions slider moves between slides with its buttons', async ({ page }) => {
  await page.goto(siteUrl('southern-cross-motors'));
  const slider = page.getByRole('region', { name: 'Promotions', exact: true });
  await expect(slider.getByRole('heading', { name: 'Sell your car to us' })).toBeVisible(); // position 1
  await expect(slider.getByText('Slide 1 of 2')).toBeVisible();
  await expect(async () => {
    await slider.getByRole('button', { name: 'Next slide' }).click();
    await expect(slider.getByText('Slide 2 of 2')).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(slider.getByRole('heading', { name: 'Changed your mind? Return it within 14 days' })).toBeVisible();
  await slider.getByRole('button', { name: 'Next slide' }).click();
  await expect(slider.getByText('Slide 1 of 2')).toBeVisible(); // wraps
});

test('a brand service route exists only with a service-booking address (conversion §2.3)', async ({
  page,
  request,
}) => {
  expect((await tenantGet(request, 'southern-cross-motors', '/service/kia')).status()).toBe(404);
  expect((await tenantGet(request, 'ridgeline-motorcycles', '/service/yamaha')).status()).toBe(404);
  expect((await tenantGet(request, 'harbour-city-mazda', '/service/toyota')).status()).toBe(404);
  const response = await page.goto(siteUrl('harbour-city-mazda', '/service/mazda'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Book a Mazda service' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Book a Mazda service online/ })).toHaveAttribute(
    'href',
    'https://booking.example.com/harbour-city-mazda',
  );
  await expectAccessible(page);
});

test('the price range page builds the search link with the price filter (conversion §2.2, §5.4)', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda', '/search-by-price'));
  const min = page.getByRole('slider', { name: 'Minimum price' });
  const max = page.getByRole('slider', { name: 'Maximum price' });
  const link = page.getByRole('link', { name: /in this price range/ });
  for (const slider of [min, max]) {
    await expect(slider).toHaveAttribute('min', '5000');
    await expect(slider).toHaveAttribute('max', '250000');
    await expect(slider).toHaveAttribute('step', '500');
  }
  await setRange(min, 20_000, () =>
    expect(page.locator('#price-range-min-value')).toHaveText('$20,000', { timeout: 1000 }),
  );
  await setRange(max, 60_000, () =>
    expect(page.locator('#price-range-max-value')).toHaveText('$60,000', { timeout: 1000 }),
  );
  await expect(link).toHaveAttribute('href', '/search/new-used-and-demo-cars?range[price]=20000:60000');
  // The minimum stays below the maximum.
  await setRange(min, 80_000, () =>
    expect(page.locator('#price-range-min-value')).toHaveText('$59,500', { timeout: 1000 }),
  );
  await max.focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('#price-range-max-value')).toHaveText('$60,500');
  await expect(link).toHaveAttribute('href', '/search/new-used-and-demo-cars?range[price]=59500:60500');
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(/\/search\/new-used-and-demo-cars\?range(\[|%5B)price(\]|%5D)=59500:60500$/);
});

test('warranty, return policy, content pages and the trade-in FAQ render the tenant’s terms', async ({
  page,
  request,
}) => {
  await page.goto(siteUrl('harbour-city-mazda', '/warranty'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your 7-year warranty');
  await expect(page.getByText('7 years / unlimited kilometres')).toBeVisible();
  await expect(page.getByText('5 years included')).toBeVisible(); // roadside
  await expectAccessible(page);

  await page.goto(siteUrl('southern-cross-motors', '/used-car-return-policy'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Used car return policy');
  for (const text of ['14 days', '500 km', 'a quarter tank'])
    await expect(page.locator('.return-policy')).toContainText(text);
  await expectAccessible(page);
  expect((await tenantGet(request, 'harbour-city-mazda', '/used-car-return-policy')).status()).toBe(404);

  await page.goto(siteUrl('harbour-city-mazda', '/fleet'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Fleet sales');
  await expect(page.getByRole('heading', { name: 'Fleet enquiry' })).toBeVisible();
  await expectAccessible(page);

  await page.goto(siteUrl('southern-cross-motors', '/sell-my-car'));
  await page.getByText('Which cars can get an online estimate?').click();
  await expect(page.getByText(/Cars over 7 years or 100,000 km get no online estimate/)).toBeVisible();
  await expectAccessible(page);
});

test('the home page carries the slider, why-buy-from-us and blog cards; about us lists the payment methods', async ({
  page,
}) => {
  await page.goto(siteUrl('harbour-city-mazda'));
  await expect(page.getByRole('region', { name: 'Promotions', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why buy from Harbour City Mazda' })).toBeVisible();
  const blog = page.getByRole('region', { name: 'News from Harbour City Mazda' });
  await expect(blog.getByRole('listitem')).toHaveCount(3);
  await expect(blog.locator('time').first()).toHaveText('10 November 2026');
  await blog.getByRole('link', { name: 'Choosing the right Mazda CX-5 grade' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choosing the right Mazda CX-5 grade');

  await page.goto(siteUrl('harbour-city-mazda', '/about-us'));
  await expect(page.getByRole('list', { name: 'We accept' }).getByRole('listitem')).toHaveText([
    'Mastercard',
    'Visa',
    'Maestro',
    'Google Pay',
    'Apple Pay',
  ]);
  await expectAccessible(page);
});

test('spin to win is a gated tenant content page (conversion §2.3, §6)', async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda', '/spin-to-win'));
  await expect(page).toHaveURL(/\/sign-in\?type=spin&redirect=%2Fspin-to-win/);
});

test.describe('/pages/unsubscribe (conversion §2.3 menu routes, §5.1 opt_in)', () => {
  test('is linked from the footer of both templates', async ({ page }) => {
    for (const slug of ['harbour-city-mazda', 'southern-cross-motors']) {
      await page.goto(siteUrl(slug, '/'));
      await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Unsubscribe' })).toHaveAttribute(
        'href',
        '/pages/unsubscribe',
      );
    }
  });

  test('withdraws marketing consent only through the link of an e-mail, with a message for an altered one (issue 30 L7)', async ({
    page,
  }) => {
    // Without a link there is no form: an address on its own cannot be unsubscribed.
    const bare = await page.goto(siteUrl('harbour-city-mazda', '/pages/unsubscribe?email=e2e-unsub%40example.com'));
    expect(bare?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from marketing e-mails' })).toBeVisible();
    await expect(
      page.getByText('To unsubscribe, open the unsubscribe link in one of our marketing e-mails'),
    ).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveCount(0);
    await expectAccessible(page);

    // A link whose token was made for another address is refused with a sentence.
    const other = signedUnsubscribePath('harbour-city-mazda', 'someone-else@example.com').replace(
      'someone-else%40example.com',
      'e2e-unsub%40example.com',
    );
    await page.goto(siteUrl('harbour-city-mazda', other));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'not valid' })).toHaveText(
      'This unsubscribe link is not valid for this address. Open the link in our e-mail again, exactly as it was sent.',
    );

    // The link from an e-mail: the address is shown as it is, and one press withdraws consent.
    await page.goto(
      siteUrl('harbour-city-mazda', signedUnsubscribePath('harbour-city-mazda', 'e2e-unsub@example.com')),
    );
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect(email).toHaveValue('e2e-unsub@example.com');
    await expect(email).not.toBeEditable();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    const done = page.getByRole('status').filter({ hasText: 'You have been unsubscribed' });
    await expect(done).toContainText('You have been unsubscribed from Harbour City Mazda marketing e-mails.');
    await expect(done).toBeFocused();
    await expectAccessible(page);
  });

  test('works without JavaScript: a plain form post from the link, then the confirmation', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(
        siteUrl('southern-cross-motors', signedUnsubscribePath('southern-cross-motors', 'e2e-nojs@example.com')),
      );
      await page.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect(page).toHaveURL(/\/pages\/unsubscribe\?result=done$/);
      // The landing address can be opened without a post, so it claims nothing (security review).
      await expect(page.getByRole('status').filter({ hasText: 'If that address' })).toContainText(
        'If that address was on our list, it will receive no more marketing e-mails from Southern Cross Motors.',
      );
    } finally {
      await context.close();
    }
  });
});
