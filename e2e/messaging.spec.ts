import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';
import { mustHaveLead } from './support/stored-lead';

// spec: conversion §1 (messaging service, autobot switch), §4.8 ("Sticky bottom bar and chat bubble
// change style once the page is scrolled past 900 px"), catalogue §2 ('Instant Message').

interface FeedCar {
  id: number;
  slug: string;
  dealership_id: number;
  car_type: string;
  status: string;
  price: number;
  show_on_dealer_website?: boolean;
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { cars: FeedCar[] };
const site = 'southern-cross-motors';
const car = feed.cars.find(
  (c) =>
    [2, 3, 4, 5, 6].includes(c.dealership_id) &&
    c.car_type === 'used' &&
    c.status === 'in_stock' &&
    c.price > 0 &&
    c.show_on_dealer_website !== false,
);

test('on a vehicle page, the chat bubble opens by keyboard, sends, and the message is stored as an Instant Message lead with the car', async ({
  page,
}) => {
  if (!car) throw new Error('no demo car for the vehicle page');
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const bubble = page.getByRole('button', { name: 'Message us' });
  await expect(bubble).toBeVisible();
  await bubble.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^About: /)).toBeVisible();
  await expect(dialog.getByLabel(/^Your name/)).toBeFocused();
  await expectAccessible(page);

  // Escape closes it and focus returns to the bubble; Enter opens it again.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(bubble).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();

  // The form's messages before anything is sent.
  await dialog.getByRole('button', { name: 'Send' }).press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Your name is required.');
  await expect(dialog.getByRole('alert')).toContainText('Please enter a phone number or an email address');

  await dialog.getByLabel(/^Your name/).fill('Ana Silva');
  await dialog.getByLabel('Email').fill('ana@example.com');
  await dialog.getByLabel(/^Message/).fill('Is this car still available?');
  const answer = page.waitForResponse((r) => r.url().endsWith('/api/messages') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Send' }).press('Enter');
  const body = (await (await answer).json()) as { success: boolean; lead_id: number };
  expect(body.success).toBe(true);
  await expect(dialog.getByRole('status')).toContainText('Message sent.');
  // The demo site's autobot is on: its reply is labelled as automatic.
  await expect(dialog.getByText('Automatic reply')).toBeVisible();
  await expect(dialog).toContainText('Thanks Ana, Southern Cross Motors will reply by e-mail shortly.');
  await expectAccessible(page);

  const lead = await mustHaveLead(body.lead_id);
  expect(lead).toMatchObject({ tenant: site, form: 'instant-message', category: 'Instant Message', car_id: car.id });
});

test('on phones, the bar offers Instant Message, which opens the bubble about the car; both change style past 900 px', async ({
  page,
}) => {
  if (!car) throw new Error('no demo car for the vehicle page');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(siteUrl(site, `/cars/${car.slug}`));
  const bar = page.getByRole('navigation', { name: 'Quick actions' });
  const bubble = page.locator('.chat-bubble');
  // The bubble sits above the bar, never over its buttons.
  const barBox = await bar.boundingBox();
  const bubbleBox = await bubble.boundingBox();
  expect(barBox && bubbleBox && bubbleBox.y + bubbleBox.height <= barBox.y).toBe(true);
  await expect(bubble).not.toHaveClass(/chat-bubble--scrolled/);
  await page.evaluate(() => window.scrollTo(0, 901));
  await expect(bubble).toHaveClass(/chat-bubble--scrolled/);
  await expect(bar).toHaveClass(/mobile-bar--scrolled/);

  await bar.getByRole('button', { name: 'Instant Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send us a message' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(/^About: /)).toBeVisible();
});
