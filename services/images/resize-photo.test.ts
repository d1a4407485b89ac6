import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { choosePhotoFormat, NotAPhotoError, PhotoTooSlowError, resizePhoto } from './resize-photo';

describe('making the picture a page asked for (issue 18)', () => {
  it('picks AVIF, then WebP, then JPEG by what the browser accepts', () => {
    expect(choosePhotoFormat('image/avif,image/webp,image/apng,image/*,*/*;q=0.8')).toBe('avif');
    expect(choosePhotoFormat('image/webp,*/*')).toBe('webp');
    expect(choosePhotoFormat('IMAGE/WEBP')).toBe('webp');
    expect(choosePhotoFormat('image/avif;q=0, image/webp')).toBe('webp');
    expect(choosePhotoFormat('*/*')).toBe('jpeg');
    expect(choosePhotoFormat(null)).toBe('jpeg');
  });

  it('turns a photo upright and strips its metadata', async () => {
    // Stored 300 x 200 with EXIF orientation 6 (rotate 90°): shown 200 x 300.
    const sideways = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#446688' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const made = await resizePhoto(sideways, 1920, 'jpeg');
    const metadata = await sharp(made.bytes).metadata();
    expect(metadata).toMatchObject({ width: 200, height: 300 });
    expect(metadata.orientation).toBeUndefined();
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses what is not a photo: markup, SVG, text, nothing', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const input of [svg, Buffer.from(`\uFEFF  ${svg.toString()}`), Buffer.from('hello'), Buffer.alloc(0)])
      await expect(resizePhoto(input, 640, 'webp')).rejects.toBeInstanceOf(NotAPhotoError);
  });

  it('gives up on a photo that takes longer than the time limit to make', async () => {
    // A kilobyte of AVIF that decodes to 64 megapixels: seconds of work on any machine, where a
    // camera photo takes a fraction of one.
    const slow = readFileSync(join(import.meta.dirname, 'fixtures', 'slow-to-decode.avif'));
    const made = resizePhoto(slow, 640, 'jpeg', { timeoutSeconds: 1 });
    await expect(made).rejects.toBeInstanceOf(PhotoTooSlowError);
    await expect(made).rejects.toThrow('the photo took longer than 1 s to make');
  });

  it('makes a picture at most twice as tall as it is wide, narrower if need be', async () => {
    const strip = await sharp({ create: { width: 400, height: 2000, channels: 3, background: '#446688' } })
      .png()
      .toBuffer();
    const made = await resizePhoto(strip, 256, 'webp');
    expect(await sharp(made.bytes).metadata()).toMatchObject({ width: 102, height: 512 });
    // An ordinary portrait photo keeps the width asked for.
    const portrait = await sharp({ create: { width: 900, height: 1600, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    expect(await sharp((await resizePhoto(portrait, 384, 'jpeg')).bytes).metadata()).toMatchObject({
      width: 384,
      height: 683,
    });
  });
});
