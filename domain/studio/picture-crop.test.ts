import { describe, expect, it } from 'vitest';
import {
  aspectOf,
  cropBackground,
  cropSettings,
  cropAt,
  cropFits,
  focusOf,
  focusPosition,
  isWholePicture,
  pictureSrc,
  studioPictureFile,
  studioPictureOf,
} from './picture-crop';

// Issue 33 ("Unit: ... crop and focal point in the image URL"): "crop to the field's aspect ratio and
// set a focal point (stored with the image reference, applied by the renderer and the image optimiser)".
const SHA = 'a'.repeat(63) + 'b';

describe('crop in the image URL', () => {
  it('writes a crop into the picture address and reads it back', () => {
    const crop = { x: 120, y: 40, width: 800, height: 450 };
    const src = pictureSrc(SHA, crop);
    expect(src).toBe(`/media/studio/${SHA}-120-40-800-450.webp`);
    expect(studioPictureOf(src)).toEqual({ sha256: SHA, crop });
    expect(studioPictureFile(`${SHA}-120-40-800-450.webp`)).toEqual({ sha256: SHA, crop });
  });

  it('an uncropped picture keeps its own address', () => {
    expect(pictureSrc(SHA)).toBe(`/media/studio/${SHA}.webp`);
    expect(studioPictureOf(`/media/studio/${SHA}.webp`)).toEqual({ sha256: SHA });
  });

  it('refuses second spellings and crops too small to show', () => {
    expect(studioPictureOf(`/media/studio/${SHA}-012-40-800-450.webp`)).toBeUndefined();
    expect(studioPictureOf(`/media/studio/${SHA}-0-0-15-450.webp`)).toBeUndefined();
    expect(studioPictureOf(`/media/studio/${SHA}-0-0-800.webp`)).toBeUndefined();
    expect(studioPictureOf(`/media/studio/${SHA.toUpperCase()}.webp`)).toBeUndefined();
    expect(studioPictureOf('/media/summer.jpg')).toBeUndefined();
    expect(studioPictureFile(`${SHA}-0-0-16-16.webp`)).toEqual({
      sha256: SHA,
      crop: { x: 0, y: 0, width: 16, height: 16 },
    });
  });

  it('a crop must lie inside the picture', () => {
    expect(cropFits({ x: 0, y: 0, width: 1200, height: 800 }, 1200, 800)).toBe(true);
    expect(cropFits({ x: 1, y: 0, width: 1200, height: 800 }, 1200, 800)).toBe(false);
    expect(cropFits({ x: 0, y: 0, width: 10, height: 800 }, 1200, 800)).toBe(false);
    expect(cropFits({ x: 0.5, y: 0, width: 100, height: 100 }, 1200, 800)).toBe(false);
    expect(isWholePicture({ x: 0, y: 0, width: 1200, height: 800 }, 1200, 800)).toBe(true);
  });
});

describe("cropping to the field's shape", () => {
  it('takes the largest crop of the shape, centred where asked and kept inside the edges', () => {
    // A 2000 x 1000 picture cropped square: 1000 x 1000, in the middle.
    expect(cropAt({ width: 2000, height: 1000 }, 1, 1, { x: 0.5, y: 0.5 })).toEqual({
      x: 500,
      y: 0,
      width: 1000,
      height: 1000,
    });
    // The promotions slide's 32:9 from a 1200 x 800 picture: the full width, 337.5 -> 338 high.
    expect(cropAt({ width: 1200, height: 800 }, aspectOf('32:9'), 1, { x: 0.5, y: 0.5 })).toEqual({
      x: 0,
      y: 231,
      width: 1200,
      height: 338,
    });
    // Zoomed in twice towards the top left corner: held at the corner.
    expect(cropAt({ width: 2000, height: 1000 }, 1, 2, { x: 0, y: 0 })).toEqual({
      x: 0,
      y: 0,
      width: 500,
      height: 500,
    });
    // No shape: the picture's own.
    expect(cropAt({ width: 1200, height: 800 }, undefined, 1, { x: 0.5, y: 0.5 })).toEqual({
      x: 0,
      y: 0,
      width: 1200,
      height: 800,
    });
  });

  it('reads a shape written as across:down', () => {
    expect(aspectOf('3:2')).toBe(1.5);
    expect(aspectOf('0:2')).toBeUndefined();
    expect(aspectOf('wide')).toBeUndefined();
  });
});

describe('focal point', () => {
  it('becomes the object-position the renderer applies, and the middle needs none', () => {
    expect(focusPosition({ x: 30, y: 62.4 })).toBe('30% 62%');
    expect(focusPosition({ x: 50, y: 50 })).toBeUndefined();
    expect(focusPosition(undefined)).toBeUndefined();
    expect(focusOf({ x: 140, y: -3 })).toEqual({ x: 100, y: 0 });
    expect(focusOf({ x: 'left', y: 3 })).toBeUndefined();
  });
});

describe('the crop editor', () => {
  it('reopens a crop with the settings that make it again', () => {
    const picture = { width: 2000, height: 1000 };
    const crop = { x: 300, y: 100, width: 800, height: 450 };
    const settings = cropSettings(crop, picture);
    expect(cropAt(picture, settings.shape, settings.zoom, settings.centre)).toEqual(crop);
  });

  it('shows the crop from the picture itself, in percent', () => {
    expect(cropBackground({ x: 500, y: 0, width: 1000, height: 1000 }, { width: 2000, height: 1000 })).toEqual({
      backgroundSize: '200% 100%',
      backgroundPosition: '50% 0%',
    });
  });
});
