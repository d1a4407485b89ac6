import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';
import { mustHaveLead } from './support/stored-lead';

const group = 'southern-cross-motors';

test('locations listing: one tab per location in the group, by click and keyboard; the search box writes locationQuery and filters (catalogue §2, §4, §9)', async ({
  page,
}) => {
  // southern-cross-motors asks for one tab per location (catalogue §9: "One tab per location in a group").
  await page.goto(siteUrl(group, '/dealer-locator'));
  await expect(page.getByRole('heading', { level: 1, name: 'Our locations' })).toBeVisible();
  await expectAccessible(page);
  const block = page
    .locator('.locations__dealership')
    .filter({ has: page.getByRole('heading', { name: 'Southern Cross Motors Parramatta' }) });
  const tabs = block.getByRole('tab');
  // Sorted none/sales, used, service, parts (catalogue §4); the first tab is selected at first.
  await expect(tabs).toHaveText([
    'Southern Cross Motors Parramatta',
    'Southern Cross Motors Parramatta Service',
    'Southern Cross Motors Parramatta Parts',
  ]);
  await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
  await expect(block.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText([
    'Southern Cross Motors Parramatta',
  ]);
  await tabs.nth(2).click();
  await expect(block.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText([
    'Southern Cross Motors Parramatta Parts',
  ]);
  // Parts locations show Parts Enquiry instead of a phone number.
  await expect(block.getByRole('tabpanel').getByRole('link', { name: 'Parts Enquiry' })).toHaveAttribute(
    'href',
    '/vehicle-parts-and-accessories',
  );
  await tabs.nth(2).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(tabs.nth(1)).toBeFocused();
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(block.getByRole('tabpanel').getByRole('link', { name: 'Book a Service' })).toHaveAttribute(
    'href',
    '/service',
  );
  await page.keyboard.press('End');
  await expect(tabs.nth(2)).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(0)).toHaveAttribute('aria-selected', 'true');
  await expectAccessible(page);

  const search = page.getByPlaceholder('Search locations...');
  await search.fill('Brisb');
  await expect(page).toHaveURL(/[?&]locationQuery=Brisb$/);
  await expect(page.locator('.locations__dealership')).toHaveCount(1);
  await expect(page.locator('.locations__count')).toHaveText('2 locations');
  await search.fill('4119');
  await expect(page).toHaveURL(/locationQuery=4119/);
  // Two locations share that postcode: a tab each, the first one shown.
  await expect(page.getByRole('tab')).toHaveText([
    'Southern Cross Motors Brisbane',
    'Southern Cross Motors Brisbane Service & Parts',
  ]);
  await expect(page.getByRole('tabpanel').getByRole('heading', { level: 3 })).toHaveText([
    'Southern Cross Motors Brisbane',
  ]);
  await search.fill('');
  await expect(page).not.toHaveURL(/locationQuery/);
  // Contact Us drops a trailing ' - Sales' style suffix and slugifies the name.
  await expect(page.getByRole('link', { name: /^Contact Us – Southern Cross Motors Perth$/ })).toHaveAttribute(
    'href',
    '/contact-us/southern-cross-motors-perth',
  );

  // The URL's locationQuery is read on arrival.
  await page.goto(siteUrl(group, '/dealer-locator?locationQuery=adelaide'));
  await expect(search).toHaveValue('adelaide');
  await expect(page.locator('.locations__dealership')).toHaveCount(1);
});

test('nearest location by postcode: distances with the offline postcode data; an unknown postcode says Invalid postcode', async ({
  page,
}) => {
  await page.goto(siteUrl(group, '/dealer-locator'));
  await page.getByLabel('Your postcode').fill('0100');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(page.locator('#nearest-error')).toHaveText('Invalid postcode');
  await page.getByLabel('Your postcode').fill('6000');
  await page.getByRole('button', { name: 'Find nearest' }).click();
  await expect(page.locator('.locations__count')).toContainText('nearest first');
  const perth = page.locator('.location-card').filter({ hasText: 'Southern Cross Motors Perth' }).first();
  await expect(perth.locator('.location-card__distance')).toHaveText(/^\d+(\.\d)? km away$/);
});

test('Send Enquiry opens the location enquiry form in a dialog and posts its hidden location_id', async ({ page }) => {
  await page.goto(siteUrl(group, '/dealer-locator?locationQuery=Kedron'));
  await page.getByRole('button', { name: 'Send Enquiry – Southern Cross Motors Kedron' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send an enquiry to Southern Cross Motors Kedron' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Location')).toHaveCount(0);
  await dialog.getByLabel('First name').fill('Kim');
  await dialog.getByLabel('Last name').fill('Nguyen');
  await dialog.getByLabel('Email').fill('kim@example.com');
  await dialog.getByLabel('Phone').fill('0400 111 222');
  await dialog.getByLabel('Postcode').fill('4031');
  await dialog.getByLabel('Message').fill('Are you open on public holidays?');
  await dialog.getByLabel('I agree to the terms of use and privacy policy').check();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const id = Number(await page.locator('.success__details strong').textContent());
  const lead = await mustHaveLead(id);
  expect(lead).toMatchObject({ form: 'location-enquiry', location_id: 109 });
  expect(JSON.parse(lead.fields)).toMatchObject({ location_id: '109', name: 'Kim' });
});

test('a location page groups Monday to Friday, shows holiday hours, picks hours by type on one street, and describes itself as an AutoDealer', async ({
  page,
}) => {
  const response = await page.goto(siteUrl('harbour-city-mazda', '/contact-us/harbour-city-mazda'));
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Harbour City Mazda | Harbour City Mazda');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbour City Mazda');
  const hours = page.getByRole('table', { name: /Opening hours of Harbour City Mazda/ });
  await expect(hours.getByRole('row').first()).toHaveText(/^Monday - Friday\s*8:30 am - 5:30 pm$/);
  await expect(hours.getByRole('rowheader')).toHaveText(['Monday - Friday', 'Saturday', 'Sunday']);
  await expect(hours.getByRole('row').last()).toContainText('By appointment only');
  await expect(page.locator('.location-hours__status')).toHaveText(/^(Open now · closes .+|Opens .+|Closed now)$/);
  await page.getByLabel('Show opening hours for').selectOption({ label: 'Service' });
  await expect(page.getByRole('table', { name: /Opening hours of Harbour City Mazda: Service/ })).toBeVisible();
  await page.getByRole('button', { name: 'Holiday hours' }).click();
  const dialog = page.getByRole('dialog', { name: 'Holiday hours' });
  await expect(dialog.getByRole('rowheader').first()).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('link', { name: 'Get Directions (opens in a new tab)' })).toHaveAttribute(
    'href',
    /google\.com\/maps\/dir\/\?api=1&destination=-33\.9041%2C151\.1989/,
  );
  await expect(page.getByRole('link', { name: 'View stock at this location' })).toHaveAttribute(
    'href',
    '/search/harbour-city-mazda-sales',
  );
  const ld = JSON.parse(
    (await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}',
  ) as Record<string, unknown>;
  expect(ld).toMatchObject({
    '@type': 'AutoDealer',
    name: 'Harbour City Mazda',
    address: { postalCode: '2015' },
    geo: { latitude: -33.9041 },
  });
  expect((ld.openingHoursSpecification as unknown[]).length).toBe(6);
});

test("the 'Our Locations' carousel: more than 3 locations scroll in a row whose arrows are disabled at the ends (conversion §2.5)", async ({
  page,
}) => {
  await page.goto(siteUrl(group, '/'));
  const carousel = page.locator('.locations-carousel');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.getByRole('heading', { name: 'Our Locations' })).toBeVisible();
  const previous = carousel.getByRole('button', { name: 'Previous locations' });
  const next = carousel.getByRole('button', { name: 'Next locations' });
  await expect(previous).toBeDisabled();
  await expect(next).toBeEnabled();
  // Instant scrolling (reduced motion) so the arrows' state follows each click at once.
  await page.emulateMedia({ reducedMotion: 'reduce' });
  for (let i = 0; i < 10 && (await next.isEnabled()); i++) {
    await next.click({ timeout: 5_000 }).catch(() => undefined); // the last click may race the arrow turning off
    await page.waitForTimeout(300);
  }
  await expect(next).toBeDisabled();
  await expect(previous).toBeEnabled();
  await expectAccessible(page);
});

test("a tenant's location settings: Contact Us under /our-location, and one location's own link in its place (catalogue §2)", async ({
  page,
}) => {
  await page.goto(siteUrl('ridgeline-motorcycles', '/dealer-locator'));
  await expect(page.getByRole('link', { name: 'Contact Us – Ridgeline Motorcycles', exact: true })).toHaveAttribute(
    'href',
    '/our-location/ridgeline-motorcycles',
  );
  await page.getByRole('tab', { name: 'Service' }).click();
  await expect(page.getByRole('tabpanel').getByRole('link', { name: /^Book a workshop visit/ })).toHaveAttribute(
    'href',
    '/service',
  );
  const response = await page.goto(siteUrl('ridgeline-motorcycles', '/our-location/ridgeline-motorcycles'));
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ridgeline Motorcycles');
});

// spec: catalogue §2 'Book a Service' — a per-dealer service booking address, or /service; conversion §1 xtime_url
// (migrated to contact.serviceBookingUrl). Issue 20: the migrated address was dropped.
test("Book a Service goes to the dealer's booking system, or a location's own, in a new tab", async ({ page }) => {
  await page.goto(siteUrl('harbour-city-mazda', '/dealer-locator'));
  // A site that does not ask for one tab per location has tabs by kind (catalogue §2), in the order of §4.
  await expect(page.getByRole('tab')).toHaveText(['Sales', 'Service', 'Parts']);
  await page.getByRole('tab', { name: 'Service' }).click();
  const book = page.getByRole('tabpanel').getByRole('link', { name: /^Book a Service/ });
  await expect(book).toHaveAttribute('href', 'https://booking.example.com/harbour-city-mazda');
  await expect(book).toHaveAttribute('target', '_blank');
  await expect(book).toHaveAccessibleName('Book a Service (opens in a new tab)');
  await expectAccessible(page);
  await page.goto(siteUrl('harbour-city-mazda', '/locations/harbour-city-mazda-service'));
  await expect(page.getByRole('link', { name: /^Book a Service/ })).toHaveAttribute(
    'href',
    'https://booking.example.com/harbour-city-mazda',
  );
  await page.goto(siteUrl(group, '/locations/southern-cross-adelaide-service'));
  await expect(page.getByRole('link', { name: /^Book a Service/ })).toHaveAttribute(
    'href',
    'https://booking.example.com/southern-cross-adelaide',
  );
  await page.goto(siteUrl(group, '/locations/southern-cross-parramatta-service'));
  await expect(page.getByRole('link', { name: /^Book a Service/ })).toHaveAttribute('href', '/service');
});
