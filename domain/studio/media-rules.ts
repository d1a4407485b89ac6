/**
 * What the Studio takes as an uploaded picture, and how much of it (issue 30, M4). Four concurrent
 * 1.2 MB uploads of a 16-bit PNG just under 100 megapixels took a server from 689 MB to 1,205 MB:
 * a file's size says nothing about what its pixels cost once decoded. So a picture is judged by
 * its decoded size (width x height x channels x bytes per channel, from its header, before any
 * pixel is read), the server decodes one picture at a time, each staff member uploads at most so
 * many pictures in a while, and each site stores at most so many megabytes, with what is no longer
 * used by any version of the site removed after a grace period. Pure: the rules and the sentences.
 */

export const MB = 1024 * 1024;

/**
 * At most this many pixels: 50 megapixels is more than any phone or most cameras make (a 48 MP
 * phone photo fits); a picture is shown at 2000 pixels at most.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * At most this many bytes of decoded pixels: a 50-megapixel photo in 8-bit colour (150 MB), but a
 * 16-bit PNG only to 25 megapixels. Measured: decoding and re-encoding a picture this size raises
 * the server's memory by about 45 MB, and uploads are decoded one at a time per process.
 */
export const MAX_DECODED_BYTES = 150 * MB;

/** The formats the README promises, as sharp names them; AVIF is sharp's `heif` with AV1 compression. */
export const STUDIO_UPLOAD_FORMATS = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type StudioUploadFormat = (typeof STUDIO_UPLOAD_FORMATS)[number];

/** What a picture's header says (sharp's metadata). */
export interface PictureHeader {
  format: string;
  /** For the HEIF container: `av1` (AVIF) or `hevc` (HEIC). */
  compression?: string | undefined;
  width: number;
  height: number;
  channels: number;
  /** libvips' band format: uchar, ushort, float... */
  depth: string;
}

/**
 * The promised format a picture is in, or undefined: TIFF, HEIC (HEIF with HEVC), SVG, PDF and
 * the rest are refused, whatever sharp can read.
 */
export function studioUploadFormat(
  header: Pick<PictureHeader, 'format' | 'compression'>,
): StudioUploadFormat | undefined {
  if (header.format === 'heif') return header.compression === 'av1' ? 'avif' : undefined;
  return (STUDIO_UPLOAD_FORMATS as readonly string[]).includes(header.format)
    ? (header.format as StudioUploadFormat)
    : undefined;
}

/** What sharp calls a format, for a sentence ("TIFF", "HEIC"). */
export function formatName(header: Pick<PictureHeader, 'format' | 'compression'>): string {
  if (header.format === 'heif') return header.compression === 'av1' ? 'AVIF' : 'HEIC';
  return header.format.toUpperCase();
}

const BYTES_PER_CHANNEL: Readonly<Record<string, number>> = {
  uchar: 1,
  char: 1,
  ushort: 2,
  short: 2,
  uint: 4,
  int: 4,
  float: 4,
  complex: 8,
  double: 8,
  dpcomplex: 16,
};

/** Bytes per channel of a band format; an unknown one counts as the largest. */
export function bytesPerChannel(depth: string): number {
  return BYTES_PER_CHANNEL[depth] ?? 16;
}

/** The bytes a picture's pixels take once decoded (one frame of an animation). */
export function decodedBytes(header: Pick<PictureHeader, 'width' | 'height' | 'channels' | 'depth'>): number {
  return header.width * header.height * Math.max(1, header.channels) * bytesPerChannel(header.depth);
}

/** Why a picture's size is refused, in a sentence; undefined when it is within both limits. */
export function pixelRefusal(
  header: Pick<PictureHeader, 'width' | 'height' | 'channels' | 'depth'>,
): string | undefined {
  const { width, height } = header;
  if (width * height > MAX_INPUT_PIXELS)
    return `The image is ${width} × ${height} pixels, more than the Studio accepts (${MAX_INPUT_PIXELS / 1_000_000} megapixels): save it smaller and upload it again.`;
  const bytes = decodedBytes(header);
  if (bytes > MAX_DECODED_BYTES) {
    const deep = bytesPerChannel(header.depth) > 1;
    return `The image is ${width} × ${height} pixels${deep ? ` in ${bytesPerChannel(header.depth) * 8}-bit colour` : ''}, which takes ${Math.ceil(bytes / MB)} MB to open, more than the Studio allows (${MAX_DECODED_BYTES / MB} MB): save it smaller${deep ? ' or in 8-bit colour' : ''} and upload it again.`;
  }
  return undefined;
}

// Uploads per staff member.
/** A page of pictures in one sitting is a few dozen uploads; a script is far more. */
export const UPLOADS_PER_WINDOW = 30;
export const UPLOAD_WINDOW_MS = 10 * 60_000;

export const TOO_MANY_UPLOADS = `You have uploaded ${UPLOADS_PER_WINDOW} images in the last ${UPLOAD_WINDOW_MS / 60_000} minutes, the most the Studio takes from one person in that time. Please wait a few minutes and upload again.`;

// The media quota of a site.
/** Each site's stored pictures, at most (STUDIO_MEDIA_QUOTA_MB): several hundred banners and photos. */
export const DEFAULT_MEDIA_QUOTA_BYTES = 200 * MB;
/**
 * A picture no version of any site's document names (drafts included) is removed once it is this
 * old: an upload is put in the draft within seconds, so a day leaves ample room.
 */
export const UNUSED_MEDIA_GRACE_MS = 24 * 60 * 60_000;

/** Megabytes for people: one decimal, without a trailing `.0`; a little is "0.1", never "0". */
export function megabytes(bytes: number): string {
  if (bytes <= 0) return '0';
  const tenths = Math.max(1, Math.round((bytes / MB) * 10));
  return tenths % 10 === 0 ? String(tenths / 10) : (tenths / 10).toFixed(1);
}

/** "12.4 MB of 200 MB used". */
export function mediaUsageText(usedBytes: number, quotaBytes: number): string {
  return `${megabytes(usedBytes)} MB of ${megabytes(quotaBytes)} MB used`;
}

/** Why an upload does not fit in the site's quota. */
export function overQuotaMessage(usedBytes: number, quotaBytes: number, imageBytes?: number): string {
  const image =
    imageBytes === undefined ? 'no more images fit' : `this image (${megabytes(imageBytes)} MB) does not fit`;
  return `This site's images use ${mediaUsageText(usedBytes, quotaBytes)}: ${image}. Images that no version of the site uses any more are removed after a day; ask an admin if the site needs more room.`;
}
