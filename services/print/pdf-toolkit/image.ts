/**
 * Pictures in a printout. A picture that cannot be embedded is left out rather than failing the
 * whole document: a printout without its photo is still useful.
 */
import type { PDFDocument, PDFImage } from 'pdf-lib';

/** The image embedded in `doc` when the bytes are a PNG or a JPEG pdf-lib can read, else undefined. */
export async function embedImage(doc: PDFDocument, bytes: Uint8Array | undefined): Promise<PDFImage | undefined> {
  if (!bytes) return undefined;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50) return await doc.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8) return await doc.embedJpg(bytes);
  } catch (error) {
    console.warn('PDF: an image could not be embedded, printing without it', error);
  }
  return undefined;
}
