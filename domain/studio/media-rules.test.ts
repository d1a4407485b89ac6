import { describe, expect, it } from 'vitest';
import {
  bytesPerChannel,
  decodedBytes,
  MAX_DECODED_BYTES,
  MB,
  mediaUsageText,
  megabytes,
  overQuotaMessage,
  pixelRefusal,
  studioUploadFormat,
} from './media-rules';

describe('what the Studio takes as an upload (issue 30, M4)', () => {
  it('takes the five promised formats only: TIFF, HEIC, SVG and the rest are refused', () => {
    expect(studioUploadFormat({ format: 'jpeg' })).toBe('jpeg');
    expect(studioUploadFormat({ format: 'png' })).toBe('png');
    expect(studioUploadFormat({ format: 'webp' })).toBe('webp');
    expect(studioUploadFormat({ format: 'gif' })).toBe('gif');
    expect(studioUploadFormat({ format: 'heif', compression: 'av1' })).toBe('avif');
    for (const header of [
      { format: 'heif', compression: 'hevc' },
      { format: 'heif' },
      { format: 'tiff' },
      { format: 'svg' },
      { format: 'pdf' },
      { format: 'raw' },
      { format: 'jp2k' },
      { format: 'jxl' },
      { format: 'magick' },
    ])
      expect(studioUploadFormat(header), JSON.stringify(header)).toBeUndefined();
  });

  it('counts what a picture takes decoded: pixels x channels x bytes per channel', () => {
    expect(bytesPerChannel('uchar')).toBe(1);
    expect(bytesPerChannel('ushort')).toBe(2);
    expect(bytesPerChannel('float')).toBe(4);
    expect(bytesPerChannel('something new')).toBe(16);
    // The review's reproduction: a 16-bit PNG just under 100 megapixels is 600 MB of pixels.
    expect(decodedBytes({ width: 10_000, height: 9_999, channels: 3, depth: 'ushort' })).toBe(599_940_000);
    expect(decodedBytes({ width: 4000, height: 3000, channels: 3, depth: 'uchar' })).toBe(36_000_000);
  });

  it('refuses more than 50 megapixels, and more than 150 MB decoded (so 16-bit pictures half as large)', () => {
    expect(pixelRefusal({ width: 10_000, height: 9_999, channels: 3, depth: 'ushort' })).toBe(
      'The image is 10000 × 9999 pixels, more than the Studio accepts (50 megapixels): save it smaller and upload it again.',
    );
    // A 48-megapixel phone photo, and a 24-megapixel camera's 16-bit PNG, are taken.
    expect(pixelRefusal({ width: 8000, height: 6000, channels: 3, depth: 'uchar' })).toBeUndefined();
    expect(pixelRefusal({ width: 6000, height: 4000, channels: 3, depth: 'ushort' })).toBeUndefined();
    expect(pixelRefusal({ width: 7000, height: 5000, channels: 3, depth: 'ushort' })).toBe(
      'The image is 7000 × 5000 pixels in 16-bit colour, which takes 201 MB to open, more than the Studio allows (150 MB): save it smaller or in 8-bit colour and upload it again.',
    );
    expect(pixelRefusal({ width: 7000, height: 7000, channels: 4, depth: 'uchar' })).toBe(
      'The image is 7000 × 7000 pixels, which takes 187 MB to open, more than the Studio allows (150 MB): save it smaller and upload it again.',
    );
    expect(MAX_DECODED_BYTES).toBe(150 * MB);
  });
});

describe("a site's media quota in words", () => {
  it('says megabytes with one decimal, as the image field shows them', () => {
    expect(mediaUsageText(13_002_342, 200 * MB)).toBe('12.4 MB of 200 MB used');
    expect(mediaUsageText(0, 200 * MB)).toBe('0 MB of 200 MB used');
    expect([megabytes(1), megabytes(MB), megabytes(1.25 * MB), megabytes(0.049 * MB)]).toEqual([
      '0.1',
      '1',
      '1.3',
      '0.1',
    ]);
  });

  it('says why an upload does not fit, and what frees room', () => {
    expect(overQuotaMessage(199.5 * MB, 200 * MB, 2.5 * MB)).toBe(
      "This site's images use 199.5 MB of 200 MB used: this image (2.5 MB) does not fit. Images that no version of the site uses any more are removed after a day; ask an admin if the site needs more room.",
    );
    expect(overQuotaMessage(200 * MB, 200 * MB)).toMatch(
      /^This site's images use 200 MB of 200 MB used: no more images fit\./,
    );
  });
});
