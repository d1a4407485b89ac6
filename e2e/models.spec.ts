/**
 * Issue 9: new models and variants (conversion §2.3, §2.5, §4.5, §4.6, §9), on the franchise demo
 * site, whose Mazda range comes from the model import in the demo feed.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { expectAccessible, siteUrl } from './helpers';
import { mustHaveLead } from './support/stored-lead';

const site = 'harbour-city-mazda';
interface Model {
  slug: string;
  name: string;
  status?: string;
  model_variants: { full_name: string; features?: string[] }[];
  colours?: { name: string; model_variant_name: string; oem_id?: string }[];
}
const feed = JSON.parse(readFileSync('data/demo-feed.json', 'utf8')) as { models: Model[] };
const model = (slug: string): Model => {
  const found = feed.models.find((m) => m.slug === slug);
  if (!found) throw new Error(`no demo model ${slug}`);
  return found;
};
const coloursOf = (m: Model, variant: string) =>
  (m.colours ?? []).filter((c) => c.model_variant_name === variant).map((c) => c.name);

test('the models page lists the range and filters by body type (/models?body=)', async ({ page }) => {
  await page.goto(siteUrl(site, '/models'));
  await expect(page.getByRole('heading', { level: 1, name: 'New Cars' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mazda CX-5', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mazda BT-50', exact: true })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('navigation', { name: 'Body type' }).getByRole('link', { name: 'Ute' }).click();
  await expect(page).toHaveURL(siteUrl(site, '/models?body=ute'));
  await expect(page.getByRole('link', { name: 'Mazda BT-50', exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mazda CX-5', exact: true })).toHaveCount(0);
});

test('variants: 5 make a slider with arrows, 3 a slider without, 2 a grid, 1 is titled Features; features show 8 then View more (conversion §4.6, §9)', async ({
  page,
}) => {
  const cx5 = model('mazda-cx-5');
  await page.goto(siteUrl(site, '/models/mazda-cx-5'));
  await expect(page.getByRole('heading', { level: 2, name: 'Which Mazda CX-5 will you choose?' })).toBeVisible();
  await expect(page.locator('[data-layout="slider"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next variants' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Previous variants' })).toBeDisabled();
  const akera = cx5.model_variants.at(-1)!;
  expect(akera.features!.length).toBeGreaterThan(8);
  const list = page.getByRole('list', { name: `${akera.full_name} features` });
  await expect(list.getByRole('listitem')).toHaveCount(8);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: akera.full_name }) });
  await card.getByRole('button', { name: 'View more' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(akera.features!.length);
  await card.getByRole('button', { name: 'View less' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(8);
  await expectAccessible(page);

  await page.goto(siteUrl(site, '/models/mazda-cx-30'));
  await expect(page.locator('[data-layout="slider"]')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next variants' })).toHaveCount(0);
  await page.goto(siteUrl(site, '/models/mazda-mazda3'));
  await expect(page.locator('[data-layout="grid"]')).toBeVisible();
  await page.goto(siteUrl(site, '/models/mazda-mx-5'));
  await expect(page.getByRole('heading', { level: 2, name: 'Features' })).toBeVisible();
});

test('colour picker: a variant tab resets the colour, the arrows wrap, body tabs appear for a variant with 3 bodies and over 15 colours (conversion §4.5)', async ({
  page,
}) => {
  const cx5 = model('mazda-cx-5');
  const [first, second] = cx5.model_variants;
  const paints = coloursOf(cx5, first!.full_name);
  await page.goto(siteUrl(site, '/models/mazda-cx-5'));
  const picker = page.locator('.colour-picker');
  const name = picker.locator('.colour-picker__name');
  await expect(name).toHaveText(paints[0]!);
  await picker.getByRole('button', { name: 'Previous colour' }).click();
  await expect(name).toHaveText(paints.at(-1)!);
  await picker.getByRole('button', { name: 'Next colour' }).click();
  await expect(name).toHaveText(paints[0]!);
  await picker.getByRole('button', { name: 'Next colour' }).click();
  await picker.getByRole('button', { name: 'Next colour' }).click();
  await expect(name).toHaveText(paints[2]!);
  await picker.getByRole('tab', { name: second!.full_name }).click();
  await expect(picker.getByRole('tab', { name: second!.full_name })).toHaveAttribute('aria-selected', 'true');
  await expect(name).toHaveText(coloursOf(cx5, second!.full_name)[0]!);
  const image = picker.getByRole('img', { name: `${second!.full_name} in ${coloursOf(cx5, second!.full_name)[0]}` });
  // conversion §9: colour pictures at width 640, quality 75.
  await expect(image).toHaveAttribute('srcset', /w=640&q=75 /);
  await expectAccessible(page);

  const bt50 = model('mazda-bt-50');
  await page.goto(siteUrl(site, '/models/mazda-bt-50'));
  await page.locator('.colour-picker').getByRole('tab', { name: 'BT-50 XT', exact: true }).click();
  const bodies = page.getByRole('tablist', { name: 'Body type' });
  expect(coloursOf(bt50, 'BT-50 XT').length).toBeGreaterThan(15);
  await expect(bodies.getByRole('tab')).toHaveText(['Single Cab', 'Extra Cab', 'Dual Cab']);
  await bodies.getByRole('tab', { name: 'Dual Cab' }).click();
  await expect(page.locator('.colour-picker__swatches li')).toHaveCount(
    bt50.colours!.filter((c) => c.model_variant_name === 'BT-50 XT' && c.oem_id === 'dual_cab').length,
  );
  await page.locator('.colour-picker').getByRole('tab', { name: 'BT-50 XS', exact: true }).click();
  await expect(page.getByRole('tablist', { name: 'Body type' })).toHaveCount(0);
});

test('Get a Quote carries model_id, model_name and vehicle to the order-now page, whose form sends them (conversion §2.3)', async ({
  page,
}) => {
  await page.goto(siteUrl(site, '/models/mazda-cx-5'));
  await page.getByRole('link', { name: 'Get a Quote for the CX-5 G25 GT SP' }).click();
  await expect(page).toHaveURL(
    siteUrl(site, '/models/order-now?model_id=mazda-cx-5&model_name=CX-5&vehicle=CX-5+G25+GT+SP'),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Get a quote: Mazda CX-5 G25 GT SP' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('First name').fill('Sam');
  await page.getByLabel('Last name').fill('Quote');
  await page.getByLabel('Email').fill('sam.quote@example.com');
  await page.getByLabel('Phone').fill('0400 111 222');
  await page.getByLabel('Postcode').fill('2000');
  await page.getByLabel('I agree to the terms of use and privacy policy').check();
  await page.getByRole('button', { name: 'Get My Quote' }).click();
  await expect(page).toHaveURL(/\/success$/);
  // The quote lead names the model and variant the shopper chose.
  const reference = Number(await page.locator('.success__details strong').textContent());
  const row = await mustHaveLead(reference);
  expect(JSON.parse(row.fields)).toMatchObject({
    model_id: 'mazda-cx-5',
    model_name: 'CX-5',
    vehicle: 'CX-5 G25 GT SP',
  });
  expect(row.subcategory).toBe('Order Now');
});

test('a coming-soon model has no quote button and its variant images lead to the form (conversion §4.6)', async ({
  page,
}) => {
  const cx90 = model('mazda-cx-90');
  expect(cx90.status).toBe('coming_soon');
  await page.goto(siteUrl(site, '/models/mazda-cx-90'));
  await expect(page.getByRole('link', { name: /Get a Quote/ })).toHaveCount(0);
  await expect(
    page.getByRole('link', { name: `Register your interest in the ${cx90.model_variants[0]!.full_name}` }),
  ).toHaveAttribute('href', '#form-section');
  await expect(page.locator('#form-section')).toBeAttached();
});

test('the brand page shows the brand and its models; an unknown brand is a 404', async ({ page }) => {
  await page.goto(siteUrl(site, '/mazda/overview'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mazda' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse Mazda stock' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Mazda CX-5', exact: true })).toBeVisible();
  await expectAccessible(page);
  const missing = await page.goto(siteUrl(site, '/holden/overview'));
  expect(missing?.status()).toBe(404);
});
