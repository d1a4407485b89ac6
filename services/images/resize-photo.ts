/**
 * Makes a fetched photo into the picture a page asked for (issue 18): turned upright (EXIF
 * orientation), at most the requested width (never enlarged) and twice that tall, metadata stripped, in the best format
 * the browser accepts (AVIF, else WebP, else JPEG, or PNG for a picture with transparency). The
 * qualities are the optimiser's for the platform's own pictures (next.config.ts quality 75), so a
 * remote photo looks like a local one.
 */
import sharp, { type Metadata } from 'sharp';

export type PhotoFormat = 'avif' | 'webp' | 'jpeg';

export const PHOTO_QUALITY = 75;
/** More pixels than a 100-megapixel camera's: a small file claiming more is a decompression bomb. */
export const MAX_INPUT_PIXELS = 100_000_000;
/**
 * The longest sharp may work on one photo. A camera photo takes well under a second; a picture
 * built to be slow would otherwise hold one of the few resize slots, and a thread of libuv's pool,
 * for as long as it likes. sharp checks the time as it works through the picture's rows, so the
 * limit catches slow reading and resizing; it cannot stop a decoder or an AVIF or WebP encoder in
 * the middle of one step (see MAX_HEIGHT_PER_WIDTH for what bounds the encoding).
 */
export const RESIZE_TIMEOUT_SECONDS = 10;
/**
 * A made picture is at most twice as tall as it is wide (a phone's 9:16 portrait fits): the AVIF
 * and WebP encoders work on the whole picture at once, beyond the time limit's reach, and a
 * 1920 x 16000 strip of noise takes them a minute; a taller picture is made narrower instead.
 */
export const MAX_HEIGHT_PER_WIDTH = 2;

/** What sharp reads that a page may show. SVG is not one (scripts), nor PDF or raw pixels. */
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'avif', 'tiff']);

/** The format for a browser's Accept header: AVIF or WebP when it says so, JPEG otherwise. */
export function choosePhotoFormat(accept: string | null | undefined): PhotoFormat {
  const types = (accept ?? '')
    .split(',')
    .map((part) => part.split(';'))
    .filter(([, ...params]) => !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)))
    .map(([type]) => type?.trim().toLowerCase());
  if (types.includes('image/avif')) return 'avif';
  if (types.includes('image/webp')) return 'webp';
  return 'jpeg';
}

export interface ResizedPhoto {
  bytes: Buffer;
  contentType: string;
  extension: 'avif' | 'webp' | 'jpg' | 'png';
}

export class NotAPhotoError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NotAPhotoError';
  }
}

/** sharp gave up on the photo at the time limit: a photo too heavy to make, answered like a broken one. */
export class PhotoTooSlowError extends Error {
  constructor(seconds: number) {
    super(`the photo took longer than ${seconds} s to make`);
    this.name = 'PhotoTooSlowError';
  }
}

export interface ResizeOptions {
  /** Whole seconds sharp may spend on the photo (sharp counts in seconds); default RESIZE_TIMEOUT_SECONDS. */
  timeoutSeconds?: number;
}

/** Whether the bytes are text starting with '<' (SVG, XML, HTML): no photo format begins so. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && at < 1024 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at++;
  return bytes[at] === 0x3c;
}

/**
 * The photo at `width` in `format`; a NotAPhotoError for bytes that are not a photo sharp reads,
 * a PhotoTooSlowError when making it takes longer than the time limit.
 */
export async function resizePhoto(
  input: Buffer,
  width: number,
  format: PhotoFormat,
  { timeoutSeconds = RESIZE_TIMEOUT_SECONDS }: ResizeOptions = {},
): Promise<ResizedPhoto> {
  if (!input.length || looksLikeMarkup(input)) throw new NotAPhotoError('the bytes are not a photo');
  // 'error' rather than sharp's 'warning': cameras' JPEGs often carry harmless warnings.
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new NotAPhotoError('the bytes are not an image sharp reads');
  }
  if (!ACCEPTED_FORMATS.has(metadata.format)) throw new NotAPhotoError(`${metadata.format} is not a photo format`);
  if (metadata.width * metadata.height > MAX_INPUT_PIXELS)
    throw new NotAPhotoError(`${metadata.width} x ${metadata.height} pixels is more than a photo has`);
  // The clock starts when libvips opens the photo, not while the job waits for a thread.
  const pipeline = sharp(input, options)
    .timeout({ seconds: timeoutSeconds })
    .rotate()
    .resize({ width, height: width * MAX_HEIGHT_PER_WIDTH, fit: 'inside', withoutEnlargement: true });
  try {
    if (format === 'avif') {
      // Effort 3 of 9: AVIF is slow to make, and the result is cached.
      const bytes = await pipeline.avif({ quality: PHOTO_QUALITY - 20, effort: 3 }).toBuffer();
      return { bytes, contentType: 'image/avif', extension: 'avif' };
    }
    if (format === 'webp') {
      const bytes = await pipeline.webp({ quality: PHOTO_QUALITY }).toBuffer();
      return { bytes, contentType: 'image/webp', extension: 'webp' };
    }
    if (metadata.hasAlpha) {
      const bytes = await pipeline.png({ compressionLevel: 9, palette: false }).toBuffer();
      return { bytes, contentType: 'image/png', extension: 'png' };
    }
    const bytes = await pipeline.jpeg({ quality: PHOTO_QUALITY, mozjpeg: true }).toBuffer();
    return { bytes, contentType: 'image/jpeg', extension: 'jpg' };
  } catch (error) {
    // sharp says "timeout: 40% complete" on a line of its message (a decoder may add lines before it).
    if (error instanceof Error && /^timeout: /m.test(error.message)) throw new PhotoTooSlowError(timeoutSeconds);
    throw new NotAPhotoError('the photo could not be read to the end');
  }
}
