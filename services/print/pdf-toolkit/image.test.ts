import { afterEach, describe, expect, it, vi } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import { embedImage } from './image';

// A 2x1 picture as PNG and as JPEG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAABCAIAAAB7QOjdAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAD0lEQVQImWM4ISd3Qk4OAAh3Agn/2+PxAAAAAElFTkSuQmCC',
  'base64',
);
const JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAX/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABAb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCOACqH/9k=',
  'base64',
);

afterEach(() => vi.restoreAllMocks());

describe('embedImage', () => {
  it('embeds PNG and JPEG pictures at their own size', async () => {
    const doc = await PDFDocument.create();
    for (const bytes of [PNG, JPEG]) {
      const image = await embedImage(doc, new Uint8Array(bytes));
      expect(image && { width: image.width, height: image.height }).toEqual({ width: 2, height: 1 });
    }
  });

  it('leaves out missing bytes and bytes that are no picture', async () => {
    const doc = await PDFDocument.create();
    expect(await embedImage(doc, undefined)).toBeUndefined();
    expect(await embedImage(doc, new Uint8Array([1, 2, 3]))).toBeUndefined();
  });

  it('leaves out a broken picture, with a warning, instead of failing the document', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const doc = await PDFDocument.create();
    expect(await embedImage(doc, new Uint8Array(PNG.subarray(0, 20)))).toBeUndefined();
    expect(await embedImage(doc, new Uint8Array([0xff, 0xd8, 0, 0]))).toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(2);
  });
});
