import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, PORT, siteUrl } from './helpers';
import { storedLead } from './support/stored-lead';

const site = 'southern-cross-motors';

const lead = storedLead;

async function referenceNumber(page: Page): Promise<number> {
  const text = await page.locator('.success__details strong').textContent();
  return Number(text);
}

async function fillPerson(page: Page, scope = page.locator('main')) {
  await scope.getByLabel('First name').fill('Ana');
  await scope.getByLabel('Last name').fill('Silva');
  await scope.getByLabel('Email').fill('ana@example.com');
  await scope.getByLabel('Phone').fill('0412 345 678');
}

test('general enquiry: a bad postcode is listed under the error heading; fixed, the lead is stored and the shopper lands on /success (conversion §4.1, §5.1)', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/contact?utm_source=newsletter'));
  await expect(page.getByLabel('Enquiry type')).toHaveValue('General Enquiry');
  await expect(page.getByLabel('Keep me up to date with offers and news')).toBeChecked();
  await expect(page.getByLabel('Rego (optional)')).toHaveAttribute(
    'placeholder',
    'Rego - Helps us better assist your enquiry',
  );
  await expectAccessible(page);
  await fillPerson(page);
  await page.getByLabel('Postcode').fill('215');
  await page.getByLabel('Preferred dealership').selectOption({ index: 1 });
  await page.getByLabel('How can we help?').fill('Do you service hybrids on Saturdays?');
  await page.getByRole('button', { name: 'Enquire Now' }).click();
  const summary = page.getByRole('alert').filter({ hasText: 'Please fix the following errors:' });
  await expect(summary).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Invalid postcode. Please enter a 4-digit number.' })).toBeVisible();
  await expect(
    summary.getByRole('link', { name: '*You must agree to the terms of use before submitting.' }),
  ).toBeVisible();
  await expect(page.getByLabel('Postcode')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
  await page.getByLabel('Postcode').fill('2150');
  await page.getByLabel('I agree to the terms of use and privacy policy').check();
  await page.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page).toHaveURL(/\/success$/);
  await expect(page.getByRole('heading', { name: 'Thank you for your enquiry' })).toBeVisible();
  await expect(page.getByText('Thanks, Ana. We have received your send us an enquiry.')).toBeVisible();
  const id = await referenceNumber(page);
  const stored = await lead(id);
  expect(stored).toMatchObject({
    form: 'general-enquiry',
    event_id: 22,
    category: 'General Enquiry',
    form_completed: 1,
  });
  expect(JSON.parse(stored!.fields)).toMatchObject({
    name: 'Ana',
    postcode: '2150',
    opt_in: true,
    disclaimer: true,
    message: 'Do you service hybrids on Saturdays?',
  });
  expect(JSON.parse(stored!.lead_attributes)).toMatchObject({
    visited_pages: expect.arrayContaining(['/contact']),
    linked_query_params: { utm_source: 'newsletter' },
  });
  const events = await page.evaluate(
    () => (window as unknown as { dataLayer?: { event_id?: number }[] }).dataLayer?.map((e) => e.event_id) ?? [],
  );
  expect(events).toContain(22);
  await expectAccessible(page);
  // The outbox delivers to the demo group's e-mail and ADF destinations (a local mail folder here).
  await expect
    .poll(
      () =>
        existsSync('test-results/mail')
          ? readdirSync('test-results/mail').filter((f) => f.startsWith(`lead-${id}-`)).length
          : 0,
      { timeout: 20_000 },
    )
    .toBe(2);
  const adf = readdirSync('test-results/mail').find((f) => f.startsWith(`lead-${id}-adf`));
  const mime = readFileSync(`test-results/mail/${adf}`, 'utf8');
  // SMTP allows 998-byte lines: the ADF/XML attachment goes base64 (issue 14).
  expect(mime.split(/\r?\n/).filter((line) => line.length > 998)).toEqual([]);
  const attachment =
    /Content-Transfer-Encoding: base64\r?\n(?:[^\r\n]+\r?\n)*\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mime)?.[1] ?? '';
  expect(Buffer.from(attachment.replace(/\s+/g, ''), 'base64').toString('utf8')).toContain('<?adf version="1.0"?>');

  // Stored user details prefill the next form in this browser (conversion §3).
  await page.goto(siteUrl(site, '/vehicle-parts-and-accessories'));
  await expect(page.getByLabel('First name')).toHaveValue('Ana');
  await expect(page.getByLabel('Postcode')).toHaveValue('2150');
});

test('multi-step form: the first step posts and the form moves to its last step, which completes the lead (conversion §4.1, §7 item 3)', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/finance-pre-approval'));
  await expect(page.getByRole('heading', { name: 'Step 1 of 2: Your loan' })).toBeVisible();
  await expect(page.getByLabel('Loan term')).toHaveValue('5 years');
  await page.getByLabel('Amount to borrow ($)').fill('4000');
  await page.getByLabel('Employment').selectOption('Full time');
  await page.getByLabel('Living situation').selectOption('Renting');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(
    page.getByRole('link', { name: 'Amount to borrow ($) must be a number between 5000 and 250000 in steps of 500.' }),
  ).toBeVisible();
  await page.getByLabel('Amount to borrow ($)').fill('25000');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('heading', { name: 'Step 2 of 2: Your details' })).toBeFocused();
  await expectAccessible(page);
  await fillPerson(page);
  await page.getByLabel('Postcode').fill('4000');
  await page.getByLabel('I agree to the terms of use and privacy policy').check();
  await page.getByRole('button', { name: 'Send My Application' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const stored = await lead(await referenceNumber(page));
  expect(stored).toMatchObject({ form: 'finance-pre-approval', form_completed: 1, event_id: 9 });
  expect(JSON.parse(stored!.fields)).toMatchObject({
    amount: 25000,
    term: '5 years',
    employment: 'Full time',
    name: 'Ana',
    postcode: '4000',
  });
});

test('a vehicle page enquiry carries the car, and the photos request opens in a dialog with its hidden message', async ({
  page,
}) => {
  const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as {
    cars: {
      id: number;
      slug: string;
      dealership_id: number;
      car_type: string;
      status: string;
      show_on_dealer_website?: boolean;
    }[];
  };
  const car = feed.cars.find(
    (c) =>
      [2, 3, 4, 5, 6].includes(c.dealership_id) &&
      c.car_type === 'used' &&
      c.status === 'in_stock' &&
      c.show_on_dealer_website !== false,
  )!;
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  await page.getByRole('button', { name: 'Request More Photos' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Request more photos' })).toBeVisible();
  await expect(dialog.getByLabel('First name')).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel('First name').fill('Ana');
  await dialog.getByLabel('Last name').fill('Silva');
  await dialog.getByLabel('Email').fill('ana@example.com');
  await dialog.getByLabel('Phone').fill('0412 345 678');
  await dialog.getByLabel('I agree to the terms of use and privacy policy').check();
  await dialog.getByRole('button', { name: 'Request Photos' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const stored = await lead(await referenceNumber(page));
  expect(stored).toMatchObject({ form: 'photos-request', car_id: car.id, event_id: 15 });
  expect(JSON.parse(stored!.fields)).toMatchObject({
    message: 'Please send photos for this car',
    car_id: car.id,
    car_type: 'used',
  });
  await expect(page.locator('.success__details a')).toHaveAttribute('href', `/cars/${car.slug}`);
});

test('the vehicle page enquiry loads as the shopper reaches it (#enquire) and sends a used-car enquiry (event 15) about the car', async ({
  page,
}) => {
  const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as {
    cars: {
      id: number;
      slug: string;
      dealership_id: number;
      car_type: string;
      status: string;
      show_on_dealer_website?: boolean;
    }[];
  };
  const car = feed.cars.filter(
    (c) =>
      [2, 3, 4, 5, 6].includes(c.dealership_id) &&
      c.car_type === 'used' &&
      c.status === 'in_stock' &&
      c.show_on_dealer_website !== false,
  )[3]!;
  await page.goto(siteUrl(site, `/cars/${car.slug}#enquire`));
  const form = page.locator('#enquire');
  await expect(form.getByLabel('First name')).toBeVisible();
  await expect(form.getByLabel('Message')).toHaveValue(/^I'm interested in the \d{4} /);
  await fillPerson(page, form);
  await form.getByLabel('Postcode').fill('3000');
  await form.getByLabel('I agree to the terms of use and privacy policy').check();
  await form.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page).toHaveURL(/\/success$/);
  expect(await lead(await referenceNumber(page))).toMatchObject({
    form: 'used-car-enquiry',
    event_id: 15,
    car_id: car.id,
  });
});

test('the API rejects what the browser would, called directly: the spec messages, and nothing stored (conversion §5.1)', async ({
  request,
}) => {
  const post = (data: unknown, contentType = 'application/json') =>
    request.post(`http://127.0.0.1:${PORT}/api/leads`, {
      headers: { host: `${site}.localhost:${PORT}`, 'content-type': contentType },
      data: typeof data === 'string' ? data : JSON.stringify(data),
    });
  const bad = await post({
    form: 'general-enquiry',
    idempotencyKey: 'direct-api-call-1',
    userData: {
      name: 'Ana',
      last_name: 'Silva',
      email: 'ana@example.com',
      phone: '0412 345 678',
      postcode: '21500',
      message: 'Hi',
      category: 'General Enquiry',
      dealership_slug: 'southern-cross-parramatta',
    },
  });
  expect(bad.status()).toBe(422);
  const body = (await bad.json()) as { field_errors: { field: string; message: string }[] };
  expect(body.field_errors).toEqual(
    expect.arrayContaining([
      { field: 'postcode', message: 'Invalid postcode. Please enter a 4-digit number.' },
      { field: 'disclaimer', message: '*You must agree to the terms of use before submitting.' },
    ]),
  );
  // Another site cannot post a lead from a visitor's browser without a preflight: only JSON is read.
  expect((await post('{"form":"general-enquiry"}', 'text/plain')).status()).toBe(400);
});

test('every form page of the template is accessible and names its form (service, parts, careers, test drive, finance, pre-approval, selling)', async ({
  page,
}) => {
  const pages: Array<[string, string]> = [
    ['/service', 'Book a service'],
    ['/vehicle-parts-and-accessories', 'Parts and accessories'],
    ['/careers', 'Work with us'],
    ['/book-test-drive', 'Book a test drive'],
    ['/finance', 'Car finance'],
    ['/finance-pre-approval', 'Get pre-approved for finance'],
    ['/sell-my-car', 'Sell my car'],
  ];
  for (const [path, heading] of pages) {
    await page.goto(siteUrl('harbour-city-mazda', path));
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page);
  }
  // The service booking asks for its service centre and ticks additional services.
  await page.goto(siteUrl('harbour-city-mazda', '/service'));
  await expect(page.getByLabel('Service centre')).toContainText('Harbour City Mazda Service');
  await expect(page.getByRole('group', { name: 'Additional services' }).getByRole('checkbox')).toHaveCount(5);
});

// spec: conversion §3 Enquiry form defaults, §7 item 12 (14 new, 15 used, 22 general) — issue 20: /contact?car_id= lost the car.
test('/contact?car_id= sends an enquiry about that car (used: event 15, with its stock number); an unknown car_id is a general enquiry', async ({
  page,
}) => {
  const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as {
    cars: {
      id: number;
      slug: string;
      stocknum?: string;
      dealership_id: number;
      car_type: string;
      status: string;
      show_on_dealer_website?: boolean;
    }[];
  };
  const car = feed.cars.filter(
    (c) =>
      [2, 3, 4, 5, 6].includes(c.dealership_id) &&
      c.car_type === 'used' &&
      c.status === 'in_stock' &&
      c.show_on_dealer_website !== false &&
      Boolean(c.stocknum),
  )[5]!;
  const response = await page.goto(siteUrl(site, `/contact?car_id=${car.id}`));
  expect(response?.status()).toBe(200);
  const main = page.locator('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact us' })).toBeVisible();
  await expect(main.locator('p', { hasText: 'About:' }).getByRole('link')).toHaveAttribute('href', `/cars/${car.slug}`);
  await expect(main.getByLabel('Message')).toHaveValue(new RegExp(`stock number ${car.stocknum}`));
  await expect(main.getByLabel('Enquiry type')).toHaveCount(0);
  await expectAccessible(page);
  await fillPerson(page);
  await main.getByLabel('Postcode').fill('2150');
  await main.getByLabel('I agree to the terms of use and privacy policy').check();
  await main.getByRole('button', { name: 'Enquire Now' }).click();
  await expect(page).toHaveURL(/\/success$/);
  const stored = await lead(await referenceNumber(page));
  expect(stored).toMatchObject({
    form: 'used-car-enquiry',
    event_id: 15,
    car_id: car.id,
    category: 'Used Car Enquiry',
  });
  expect(JSON.parse(stored!.fields)).toMatchObject({
    car_id: car.id,
    stock_number: car.stocknum,
    car_type: 'used',
    vehicle_status: 'in_stock',
  });

  // An id this site does not list: the general enquiry, no error page.
  const unknown = await page.goto(siteUrl(site, '/contact?car_id=99999999'));
  expect(unknown?.status()).toBe(200);
  await expect(page.getByLabel('Enquiry type')).toHaveValue('General Enquiry');
  await expect(page.locator('main').getByText(/^About:/)).toHaveCount(0);
});

// spec: conversion §4.1 (submitting: spinner and disabled button; error: the submit state resets; no
// lead_id and no error: 'An unexpected error occured') and §8 ('Enquiry submission failure: Alert 'An
// error occurred when submitting this form'; the form error message is set to the error message or
// that text'). Bad input loses nothing: every field keeps what the shopper typed.
test('a form whose post fails shows the spec error texts, re-enables the button and keeps every field (conversion §4.1, §8)', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/contact'));
  const main = page.locator('main');
  await fillPerson(page, main);
  await page.getByLabel('Postcode').fill('2150');
  await page.getByLabel('Preferred dealership').selectOption({ index: 1 });
  const dealership = await page.getByLabel('Preferred dealership').inputValue();
  await page.getByLabel('How can we help?').fill('Is the blue wagon still available?');
  await page.getByLabel('I agree to the terms of use and privacy policy').check();
  const submit = page.getByRole('button', { name: 'Enquire Now' });
  const failed = page.getByRole('alert').filter({ hasText: 'An error occurred when submitting this form' });
  const keptEverything = async () => {
    await expect(page).toHaveURL(/\/contact$/);
    await expect(main.getByLabel('First name')).toHaveValue('Ana');
    await expect(main.getByLabel('Last name')).toHaveValue('Silva');
    await expect(main.getByLabel('Email')).toHaveValue('ana@example.com');
    await expect(main.getByLabel('Phone')).toHaveValue('0412 345 678');
    await expect(page.getByLabel('Postcode')).toHaveValue('2150');
    await expect(page.getByLabel('Preferred dealership')).toHaveValue(dealership);
    await expect(page.getByLabel('How can we help?')).toHaveValue('Is the blue wagon still available?');
    await expect(page.getByLabel('I agree to the terms of use and privacy policy')).toBeChecked();
    await expect(submit).toBeEnabled();
  };

  // The server fails without saying why (every retry too): the spec's own text.
  await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: '' }));
  await submit.click();
  await expect(page.getByRole('button', { name: 'Sending…' })).toBeDisabled();
  await expect(failed).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('An unexpected error occured')).toHaveCount(0);
  await keptEverything();
  await expectAccessible(page);

  // The server says why: its message is shown under the spec's heading.
  await page.unroute('**/api/leads');
  await page.route('**/api/leads', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: 'Our enquiry service is busy. Please try again in a minute.' }),
    }),
  );
  await submit.click();
  await expect(failed).toContainText('Our enquiry service is busy. Please try again in a minute.');
  await keptEverything();

  // An answer with neither lead_id nor error.
  await page.unroute('**/api/leads');
  await page.route('**/api/leads', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ success: true }) }),
  );
  await submit.click();
  await expect(failed).toContainText('An unexpected error occured');
  await keptEverything();

  // The connection drops: the shopper is told, and the details are still there.
  await page.unroute('**/api/leads');
  await page.route('**/api/leads', (route) => route.abort('internetdisconnected'));
  await submit.click();
  await expect(failed).toContainText('We could not reach the dealership', { timeout: 15_000 });
  await keptEverything();

  // Back to normal, the same fields go through as they are.
  await page.unroute('**/api/leads');
  await submit.click();
  await expect(page).toHaveURL(/\/success$/);
  const stored = await lead(await referenceNumber(page));
  expect(JSON.parse(stored!.fields)).toMatchObject({
    name: 'Ana',
    postcode: '2150',
    message: 'Is the blue wagon still available?',
  });
});
