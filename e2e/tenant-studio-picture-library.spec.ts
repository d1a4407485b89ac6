/**
 * Issue 33, "Text and pictures": "A picture library per site ...: every upload is kept with its alt
 * text, dimensions and where it is used; pick an existing picture anywhere an image field is; crop
 * to the field's aspect ratio and set a focal point (stored with the image reference, applied by the
 * renderer and the image optimiser); a picture still in use cannot be deleted." Tests: "reuse a
 * picture from the library with a crop and see it cropped in the preview".
 *
 * Ridgeline Motorcycles as an admin, on a desktop screen. A picture uploaded earlier (red on its left
 * third, blue elsewhere) is chosen for the home page's hero, cropped square at the left edge with a
 * focal point: the preview's hero then shows a square, red picture through the image optimiser.
 */
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { discardDraft, expectAccessible, signInToSiteEditor } from './helpers';

const SLUG = 'ridgeline-motorcycles';
const FRAME = '[data-testid="studio-preview"]';

test.use({ viewport: { width: 1440, height: 900 } });

/** An earlier upload, sent as the image field sends one (a form, from the Studio page itself). */
async function uploadEarlier(page: Page): Promise<string> {
  const red = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#c0392b' } })
    .png()
    .toBuffer();
  const bytes = await sharp({ create: { width: 1200, height: 400, channels: 3, background: '#1f5fa8' } })
    .composite([{ input: red, left: 0, top: 0 }])
    .png()
    .toBuffer();
  const answer = await page.evaluate(
    async ({ slug, data }) => {
      const form = new FormData();
      form.append(
        'file',
        new Blob([Uint8Array.from(atob(data), (c) => c.charCodeAt(0))], { type: 'image/png' }),
        'red-and-blue.png',
      );
      const response = await fetch(`/api/studio/sites/${slug}/media`, { method: 'POST', body: form });
      return { status: response.status, body: (await response.json()) as { src?: string } };
    },
    { slug: SLUG, data: bytes.toString('base64') },
  );
  expect(answer.status).toBe(201);
  return answer.body.src ?? '';
}

test('a picture from the library is reused with a crop and a focal point, and the preview shows it cropped', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInToSiteEditor(page, SLUG);
  const src = await uploadEarlier(page);
  const sha256 = src.slice('/media/studio/'.length, -'.webp'.length);

  await page.getByRole('tab', { name: /^Pages/ }).click();
  const heroCard = page.getByRole('button', { name: 'Hero banner (block 1)', exact: true });
  await heroCard.click();
  const hero = page.locator('li', { has: heroCard });
  await hero.getByRole('button', { name: 'Choose from the library…' }).click();

  // The library: the picture with its name, size and where it is used (nowhere yet).
  const library = page.getByRole('dialog', { name: 'Picture library: Picture' });
  await expect(library).toBeVisible();
  const card = library.locator('li', { hasText: 'red-and-blue.png' });
  await expect(card).toContainText('1200 × 400 pixels');
  await expect(card).toContainText('Not used on this site.');
  await card.getByRole('textbox', { name: 'Alt text of red-and-blue.png' }).fill('A red and blue test card');
  await card.getByRole('button', { name: 'Save the alt text of red-and-blue.png' }).click();
  await expect(library.getByRole('status')).toHaveText('Saved the alt text of red-and-blue.png.');
  await expectAccessible(page, { include: 'dialog[open]', wcag22: true });

  // Chosen, then cropped square at the left edge, with the focal point left of the middle.
  await card.getByRole('button', { name: 'Choose red-and-blue.png' }).click();
  const crop = page.getByRole('dialog', { name: 'Crop and focal point: Picture' });
  await crop.getByLabel('Shape').selectOption({ label: 'Square (1:1)' });
  await crop.getByLabel('Crop position across').fill('0');
  await crop.getByLabel('Focal point across').fill('30');
  await expect(crop.getByText('The result: 400 × 400 pixels.')).toBeVisible();
  await expectAccessible(page, { include: 'dialog[open]', wcag22: true });
  await crop.getByRole('button', { name: 'Use this picture' }).click();
  await expect(crop).toBeHidden();

  // The field: the cropped address, the library's alt text, the focal point in words.
  await expect(hero.getByLabel('Image path (advanced)')).toHaveValue(`/media/studio/${sha256}-0-0-400-400.webp`);
  await expect(hero.getByLabel('Alt text (describes the image for people who cannot see it)')).toHaveValue(
    'A red and blue test card',
  );
  await expect(hero.getByText('Focal point: 30% across, 50% down.')).toBeVisible();
  await expect(page.locator('#studio-save-status')).toContainText('Draft saved.', { timeout: 15_000 });

  // The preview's hero: the crop through the image optimiser, square and red, with the focal point applied.
  const image = page.frameLocator(FRAME).locator('main section img').first();
  await expect(image).toHaveAttribute('src', new RegExp(`url=%2Fmedia%2Fstudio%2F${sha256}-0-0-400-400\\.webp`), {
    timeout: 20_000,
  });
  await expect
    .poll(
      () =>
        image.evaluate((img: HTMLImageElement) => {
          if (!img.complete || img.naturalWidth === 0) return 'loading';
          const canvas = document.createElement('canvas');
          canvas.width = img.naturalWidth;
          canvas.height = img.naturalHeight;
          const context = canvas.getContext('2d');
          context?.drawImage(img, 0, 0);
          const [r = 0, , b = 0] = context?.getImageData(img.naturalWidth - 2, img.naturalHeight / 2, 1, 1).data ?? [];
          return `${img.naturalWidth === img.naturalHeight ? 'square' : 'not square'}, ${r > 150 && b < 100 ? 'red' : 'not red'} at the right edge, ${getComputedStyle(img).objectPosition}`;
        }),
      { timeout: 20_000 },
    )
    .toBe('square, red at the right edge, 30% 50%');

  // Back in the library: the picture says where it is used, and offers no Delete while it is.
  await hero.getByRole('button', { name: 'Choose from the library…' }).click();
  await expect(card).toContainText('Used in:');
  await expect(card).toContainText('Pages › Home page › Hero banner › Picture (the draft)');
  await expect(card).toContainText('In use, so it cannot be deleted.');
  await expect(card.getByRole('button', { name: 'Delete red-and-blue.png' })).toHaveCount(0);
  await library.getByRole('button', { name: 'Close' }).click();
  await expect(library).toBeHidden();
  // Nor does the server delete it, asked directly.
  const refused = await page.evaluate(
    async ({ slug, sha }) => {
      const response = await fetch(`/api/studio/sites/${slug}/media/library/${sha}`, { method: 'DELETE' });
      return { status: response.status, body: (await response.json()) as { message?: string } };
    },
    { slug: SLUG, sha: sha256 },
  );
  expect(refused.status).toBe(409);
  expect(refused.body.message).toContain('is still used');
  // The site is left as it was for the files after this one.
  await discardDraft(page);
});
