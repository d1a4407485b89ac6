import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import sharp, { type Metadata, type OutputInfo } from 'sharp';
import {
  DEFAULT_MEDIA_QUOTA_BYTES,
  formatName,
  MAX_INPUT_PIXELS,
  overQuotaMessage,
  pixelRefusal,
  studioUploadFormat,
} from '../../domain/studio/media-rules';
import { serialize } from '../db/dialect';
import type { Database } from '../db/schema';
import { cropFits, studioPictureFile, type Crop } from '../../domain/studio/picture-crop';
import { DecodeQueue, DecodeQueueFullError, processDecodeQueue } from './decode-queue';
import { addToLibrary } from './library';

/**
 * Pictures uploaded in the Studio (issue 16: logos, banners, block images). Every upload is made
 * into one WebP the platform serves itself: turned upright (EXIF orientation), fitted inside
 * 2000 x 2000 without enlarging, metadata stripped (camera, GPS), quality 82. The picture's address
 * is the SHA-256 of those bytes, so the same picture uploaded twice is one row, and the address can
 * be cached for a year. SVG is refused (it can carry scripts); an animated image keeps its first frame.
 *
 * Issue 30 (M4): only the promised formats (JPEG, PNG, WebP, AVIF, GIF: TIFF and HEIC are refused
 * though sharp reads them), a pixel budget that counts bit depth (domain/studio/media-rules.ts),
 * one decode at a time per process (./decode-queue.ts), and a quota of stored bytes per site.
 */

/** The largest upload: a phone photo is 3 to 8 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Pictures are fitted inside this many pixels each way (a full-width banner on a wide screen). */
export const MAX_SIDE = 2000;
/** Smaller than this each way is a mistake (a favicon, a tracking pixel), not a picture for a page. */
export const MIN_SIDE = 16;
export { MAX_INPUT_PIXELS };
export const WEBP_QUALITY = 82;
export const STUDIO_MEDIA_CONTENT_TYPE = 'image/webp';
/** Where the pictures are served (app/media/studio/[file]/route.ts). */
export const STUDIO_MEDIA_PATH = '/media/studio/';

export type StudioImageProblem =
  | 'empty'
  | 'too-large'
  | 'svg'
  | 'not-an-image'
  | 'unsupported-format'
  | 'too-small'
  | 'too-many-pixels'
  | 'busy'
  | 'over-quota';

/** Why an upload was refused, with a sentence for the person who uploaded it. */
export class StudioImageError extends Error {
  constructor(
    readonly problem: StudioImageProblem,
    message: string,
  ) {
    super(message);
    this.name = 'StudioImageError';
  }
}

/** A stored picture as a tenant document refers to it (tenant.image's src, width and height). */
export interface StudioImage {
  src: string;
  width: number;
  height: number;
}

/** A stored picture's bytes, for serving. */
export interface StoredStudioImage {
  sha256: string;
  contentType: string;
  width: number;
  height: number;
  bytes: Buffer;
}

/** A picture made ready to store: the WebP bytes, their SHA-256 (hex) and size. */
export interface PreparedStudioImage {
  sha256: string;
  width: number;
  height: number;
  bytes: Buffer;
}

const SHA256 = /^[0-9a-f]{64}$/;

/** The address of a stored picture. */
export const studioImageSrc = (sha256: string): string => `${STUDIO_MEDIA_PATH}${sha256}.webp`;

/** The SHA-256 a file name of /media/studio/ names (`<64 lower-case hex>.webp`), or undefined. */
export function studioImageHash(fileName: string): string | undefined {
  const match = /^([0-9a-f]{64})\.webp$/.exec(fileName);
  return match?.[1];
}

const TOO_LARGE = `The image is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MB: save it smaller (a photo for a web page needs no more than ${MAX_SIDE} pixels across) and upload it again.`;
const NOT_AN_IMAGE = 'The file is not an image the Studio can read: upload a JPEG, PNG, WebP, AVIF or GIF image.';

/** Whether the bytes are text starting with '<' (SVG, XML, HTML): no image format sharp reads begins so. */
function looksLikeMarkup(bytes: Uint8Array): boolean {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0; // UTF-8 byte order mark
  while (at < bytes.length && at < 1024 && [0x20, 0x09, 0x0a, 0x0d].includes(bytes[at] ?? 0)) at++;
  return bytes[at] === 0x3c; // '<'
}

const svgRefused = () =>
  new StudioImageError(
    'svg',
    'SVG images are not accepted, because they can carry scripts: upload a PNG, WebP or JPEG version of it.',
  );

const busy = () =>
  new StudioImageError(
    'busy',
    'The Studio is busy with other images just now: please upload this one again in a moment.',
  );

/**
 * The picture as the platform stores it, or a StudioImageError saying why not: empty, over
 * 10 MB, not an image sharp reads, SVG or another format than the promised five, smaller than
 * 16 x 16, more than 50 megapixels or 150 MB of decoded pixels, or (busy) too many uploads waiting
 * for their turn to be decoded in `queue`.
 */
export async function prepareStudioImage(
  input: Uint8Array,
  queue: DecodeQueue = processDecodeQueue(),
): Promise<PreparedStudioImage> {
  if (input.byteLength === 0) throw new StudioImageError('empty', 'The file is empty: choose an image to upload.');
  if (input.byteLength > MAX_UPLOAD_BYTES) throw new StudioImageError('too-large', TOO_LARGE);
  if (looksLikeMarkup(input)) throw svgRefused();
  // 'error' rather than sharp's 'warning': phone and camera JPEGs often carry harmless warnings.
  const options = { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS } as const;
  let metadata: Metadata;
  try {
    metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata();
  } catch {
    throw new StudioImageError('not-an-image', NOT_AN_IMAGE);
  }
  if (metadata.format === 'svg') throw svgRefused();
  const header = { format: metadata.format, compression: metadata.compression };
  if (!studioUploadFormat(header))
    throw new StudioImageError(
      'unsupported-format',
      `The file is a ${formatName(header)} image, which the Studio does not take: save it as JPEG, PNG, WebP, AVIF or GIF and upload it again.`,
    );
  // An animated image's height is one frame's, and only its first frame is read.
  const { width, height } = metadata;
  const tooMany = pixelRefusal({ width, height, channels: metadata.channels, depth: metadata.depth });
  if (tooMany) throw new StudioImageError('too-many-pixels', tooMany);
  if (width < MIN_SIDE || height < MIN_SIDE)
    throw new StudioImageError(
      'too-small',
      `The image is ${width} × ${height} pixels; an image must be at least ${MIN_SIDE} × ${MIN_SIDE} pixels.`,
    );
  let output: { data: Buffer; info: OutputInfo };
  try {
    // Only the first frame of an animation is read (sharp's default); no metadata is kept (sharp's default).
    output = await queue.run(() =>
      sharp(input, options)
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: WEBP_QUALITY })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (error) {
    if (error instanceof DecodeQueueFullError) throw busy();
    // The header read, the pixels do not (a truncated or corrupt file).
    throw new StudioImageError('not-an-image', NOT_AN_IMAGE);
  }
  const sha256 = createHash('sha256').update(output.data).digest('hex');
  return { sha256, width: output.info.width, height: output.info.height, bytes: output.data };
}

export interface StudioMediaOptions {
  now?: () => Date;
  /** Bytes of pictures a site may store (default DEFAULT_MEDIA_QUOTA_BYTES, 200 MB). */
  quotaBytes?: number;
  /** Where pictures wait their turn to be decoded (default: the process's one queue). */
  queue?: DecodeQueue;
}

/** What a site's pictures take, against its quota. */
export interface StudioMediaUsage {
  usedBytes: number;
  quotaBytes: number;
  images: number;
}

export interface StudioMedia {
  /**
   * Makes the picture and stores it for the site (once per picture); a StudioImageError when it is
   * refused, including 'over-quota' when a new picture would take the site past its quota.
   */
  save(input: { slug: string; bytes: Uint8Array; author: string; name?: string }): Promise<StudioImage>;
  /** A stored picture by its SHA-256, or undefined. */
  read(sha256: string): Promise<StoredStudioImage | undefined>;
  /** The bytes and number of pictures first uploaded for the site, and its quota. */
  usage(slug: string): Promise<StudioMediaUsage>;
}

type Db = Kysely<Database>;

/** The stored bytes and number of pictures of a site (length() is the size of a blob or bytea on both databases). */
async function siteUsage(db: Db, slug: string): Promise<{ usedBytes: number; images: number }> {
  const row = await db
    .selectFrom('studio_media')
    .select([
      sql<number | string | null>`coalesce(sum(length(bytes)), 0)`.as('used'),
      sql<number | string>`count(*)`.as('images'),
    ])
    .where('slug', '=', slug)
    .executeTakeFirst();
  return { usedBytes: Number(row?.used ?? 0), images: Number(row?.images ?? 0) };
}

/** The media store over a database that is opened on first use (the process-wide one). */
export function studioMediaOver(
  database: () => Promise<Kysely<Database>>,
  options: StudioMediaOptions = {},
): StudioMedia {
  const quotaBytes = options.quotaBytes ?? DEFAULT_MEDIA_QUOTA_BYTES;
  return {
    async save({ slug, bytes, author, name = '' }) {
      const db = await database();
      // A site already at its quota is told so before its picture is decoded.
      const before = await siteUsage(db, slug);
      if (before.usedBytes >= quotaBytes)
        throw new StudioImageError('over-quota', overQuotaMessage(before.usedBytes, quotaBytes));
      const image = await prepareStudioImage(bytes, options.queue);
      const at = (options.now?.() ?? new Date()).toISOString();
      await db.transaction().execute(async (trx) => {
        // One site's uploads are counted and stored in turn, so two at once cannot both fit in the last megabytes.
        await serialize(trx, `studio-media:${slug}`);
        // Kept in the site's picture library (issue 33), whether the bytes are new or already stored.
        await addToLibrary(trx, { slug, sha256: image.sha256, name, author, at });
        // The same picture again (from any site) is the row already there: same bytes, same address,
        // and no more room taken. Its time is renewed, so the collection of unused pictures gives
        // the draft that is about to use it again a full grace period.
        const renewed = await trx
          .updateTable('studio_media')
          .set({ created_at: at })
          .where('sha256', '=', image.sha256)
          .executeTakeFirst();
        if (Number(renewed.numUpdatedRows) > 0) return;
        const { usedBytes } = await siteUsage(trx, slug);
        if (usedBytes + image.bytes.byteLength > quotaBytes)
          throw new StudioImageError('over-quota', overQuotaMessage(usedBytes, quotaBytes, image.bytes.byteLength));
        await trx
          .insertInto('studio_media')
          .values({
            sha256: image.sha256,
            slug,
            content_type: STUDIO_MEDIA_CONTENT_TYPE,
            width: image.width,
            height: image.height,
            bytes: image.bytes,
            created_by: author,
            created_at: at,
          })
          // Stored by another process meanwhile: the same picture, kept once.
          .onConflict((oc) => oc.column('sha256').doNothing())
          .execute();
      });
      return { src: studioImageSrc(image.sha256), width: image.width, height: image.height };
    },

    async usage(slug) {
      return { ...(await siteUsage(await database(), slug)), quotaBytes };
    },

    async read(sha256) {
      if (!SHA256.test(sha256)) return undefined;
      const db = await database();
      const row = await db
        .selectFrom('studio_media')
        .select(['sha256', 'content_type', 'width', 'height', 'bytes'])
        .where('sha256', '=', sha256)
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        sha256: row.sha256,
        contentType: row.content_type,
        width: row.width,
        height: row.height,
        bytes: Buffer.from(row.bytes),
      };
    },
  };
}

const plainText = (status: number, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });

/** A crop of a stored picture, made as the upload was (WebP, same quality); in the decode queue. */
async function cropped(image: StoredStudioImage, crop: Crop, queue: DecodeQueue): Promise<Buffer> {
  return queue.run(() =>
    sharp(image.bytes)
      .extract({ left: crop.x, top: crop.y, width: crop.width, height: crop.height })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer(),
  );
}

/**
 * The answer to GET /media/studio/<file>: the picture, cached for a year (its address is its
 * hash), or a crop of it when the name carries one (`<sha256>-x-y-w-h.webp`, issue 33: made on
 * request in the decode queue; the image optimiser keeps its sizes), or a plain 404 that nothing
 * keeps (a name that is not one of those, an unknown picture, a crop outside the picture), or 503
 * while the database fails or the decode queue is full.
 */
export async function studioImageResponse(
  media: Pick<StudioMedia, 'read'>,
  fileName: string,
  queue: DecodeQueue = processDecodeQueue(),
): Promise<Response> {
  const picture = studioPictureFile(fileName);
  if (!picture) return plainText(404, 'Not found');
  const image = await media.read(picture.sha256).catch((error: unknown) => {
    console.error('Studio media could not be read', error);
    return null;
  });
  if (image === null) return plainText(503, 'The image cannot be shown just now.', { 'retry-after': '5' });
  if (!image) return plainText(404, 'Not found');
  let bytes: Uint8Array = image.bytes;
  if (picture.crop) {
    if (!cropFits(picture.crop, image.width, image.height)) return plainText(404, 'Not found');
    try {
      bytes = await cropped(image, picture.crop, queue);
    } catch (error) {
      if (!(error instanceof DecodeQueueFullError)) console.error('A Studio picture could not be cropped', error);
      return plainText(503, 'The image cannot be shown just now.', { 'retry-after': '5' });
    }
  }
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': image.contentType,
      'content-length': String(bytes.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The media store over one open database (tests, scripts). */
export function createStudioMedia(db: Kysely<Database>, options: StudioMediaOptions = {}): StudioMedia {
  return studioMediaOver(async () => db, options);
}
