/**
 * Crops and focal points of Studio pictures (issue 33, the picture library). A picture uploaded in
 * the Studio lives at `/media/studio/<sha256>.webp`; a crop of it is written into its address,
 * `/media/studio/<sha256>-<x>-<y>-<width>-<height>.webp` (pixels of the stored picture), so every
 * place that shows the image (the blocks, the image optimiser, a share card) shows the crop with no
 * change, and the image optimiser makes its sizes from the cropped picture. The focal point is kept
 * beside the address in the image reference (`focus: { x, y }`, percentages across and down) and
 * applied by the renderer where a picture fills a box of another shape (`object-position`,
 * domain/image-focus.ts, apart so the shopper's pages carry only that).
 */

export { focusOf, focusPosition, type Focus } from '../image-focus';

/** The schema annotation naming the shape an image field shows its picture in ("32:9"). */
export const ASPECT_KEYWORD = 'x-aspect';

/** The smallest side a crop may have, as an upload's (services/studio-media MIN_SIDE). */
export const MIN_CROP_SIDE = 16;

export interface Crop {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface StudioPicture {
  sha256: string;
  crop?: Crop;
}

const PICTURE = /^\/media\/studio\/([0-9a-f]{64})(?:-(\d{1,5})-(\d{1,5})-(\d{1,5})-(\d{1,5}))?\.webp$/;
const FILE = /^([0-9a-f]{64})(?:-(\d{1,5})-(\d{1,5})-(\d{1,5})-(\d{1,5}))?\.webp$/;

function fromMatch(match: RegExpExecArray | null): StudioPicture | undefined {
  const sha256 = match?.[1];
  if (!match || !sha256) return undefined;
  const parts = [match[2], match[3], match[4], match[5]];
  if (parts[0] === undefined) return { sha256 };
  // One spelling per crop: no leading zeros, so one crop is one address and one cache entry.
  if (parts.some((n) => n === undefined || (n.length > 1 && n.startsWith('0')))) return undefined;
  const [x = 0, y = 0, width = 0, height = 0] = parts.map(Number);
  if (width < MIN_CROP_SIDE || height < MIN_CROP_SIDE) return undefined;
  return { sha256, crop: { x, y, width, height } };
}

/** The Studio picture an image address names, with its crop; undefined for any other address. */
export function studioPictureOf(src: string): StudioPicture | undefined {
  return fromMatch(PICTURE.exec(src));
}

/** The same for a file name under /media/studio/ (`<sha256>.webp` or `<sha256>-x-y-w-h.webp`). */
export function studioPictureFile(fileName: string): StudioPicture | undefined {
  return fromMatch(FILE.exec(fileName));
}

/** The address of a stored picture, cropped when a crop is given. */
export function pictureSrc(sha256: string, crop?: Crop): string {
  const tail = crop ? `-${crop.x}-${crop.y}-${crop.width}-${crop.height}` : '';
  return `/media/studio/${sha256}${tail}.webp`;
}

/** Whether a crop lies inside a picture of this size, in whole pixels, and is not too small. */
export function cropFits(crop: Crop, width: number, height: number): boolean {
  const whole = [crop.x, crop.y, crop.width, crop.height].every((n) => Number.isSafeInteger(n) && n >= 0);
  return (
    whole &&
    crop.width >= MIN_CROP_SIDE &&
    crop.height >= MIN_CROP_SIDE &&
    crop.x + crop.width <= width &&
    crop.y + crop.height <= height
  );
}

/** A crop that covers the whole picture is no crop: the picture's own address. */
export function isWholePicture(crop: Crop, width: number, height: number): boolean {
  return crop.x === 0 && crop.y === 0 && crop.width === width && crop.height === height;
}

/** "32:9" -> 32 / 9; undefined for anything else. */
export function aspectOf(text: unknown): number | undefined {
  if (typeof text !== 'string') return undefined;
  const match = /^(\d{1,4}):(\d{1,4})$/.exec(text);
  const across = Number(match?.[1]);
  const down = Number(match?.[2]);
  return across > 0 && down > 0 ? across / down : undefined;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * The crop of a picture (width x height pixels) with the given shape (width / height; undefined
 * keeps the picture's own), made `zoom` times smaller than the largest such crop (1 is the largest),
 * centred as near the point (fractions across and down) as the picture's edges allow.
 */
export function cropAt(
  picture: { width: number; height: number },
  shape: number | undefined,
  zoom: number,
  centre: { x: number; y: number },
): Crop {
  const ratio = shape ?? picture.width / picture.height;
  let width = picture.width;
  let height = width / ratio;
  if (height > picture.height) {
    height = picture.height;
    width = height * ratio;
  }
  const scale = 1 / clamp(Number.isFinite(zoom) ? zoom : 1, 1, 10);
  width = clamp(Math.round(width * scale), Math.min(MIN_CROP_SIDE, picture.width), picture.width);
  height = clamp(Math.round(height * scale), Math.min(MIN_CROP_SIDE, picture.height), picture.height);
  const x = clamp(Math.round(centre.x * picture.width - width / 2), 0, picture.width - width);
  const y = clamp(Math.round(centre.y * picture.height - height / 2), 0, picture.height - height);
  return { x, y, width, height };
}

/** "1200 × 800 pixels". */
export const sizeWords = (width: number, height: number): string => `${width} × ${height} pixels`;

/** The shapes the Studio's crop offers: the picture's own, then the usual ones. */
export const CROP_SHAPES: readonly { id: string; label: string }[] = [
  { id: 'original', label: 'Original shape' },
  { id: '1:1', label: 'Square (1:1)' },
  { id: '4:5', label: 'Portrait (4:5)' },
  { id: '3:2', label: 'Landscape (3:2)' },
  { id: '16:9', label: 'Wide (16:9)' },
  { id: '32:9', label: 'Banner (32:9)' },
];

/** The shape, zoom and centre that give back a crop (cropAt's settings), for a crop made before. */
export function cropSettings(
  crop: Crop,
  picture: { width: number; height: number },
): { shape: number; zoom: number; centre: { x: number; y: number } } {
  const shape = crop.width / crop.height;
  const largest = cropAt(picture, shape, 1, { x: 0.5, y: 0.5 });
  return {
    shape,
    zoom: largest.width / crop.width,
    centre: { x: (crop.x + crop.width / 2) / picture.width, y: (crop.y + crop.height / 2) / picture.height },
  };
}

/**
 * CSS that shows the crop of a picture in a box of the crop's shape, from the picture itself
 * (background-size and -position in percent, so the box may be any size): the crop editor's live result.
 */
export function cropBackground(crop: Crop, picture: { width: number; height: number }) {
  const percent = (offset: number, size: number, whole: number) =>
    whole === size ? 0 : Math.round((offset / (whole - size)) * 10000) / 100;
  return {
    backgroundSize: `${Math.round((picture.width / crop.width) * 10000) / 100}% ${Math.round((picture.height / crop.height) * 10000) / 100}%`,
    backgroundPosition: `${percent(crop.x, crop.width, picture.width)}% ${percent(crop.y, crop.height, picture.height)}%`,
  };
}
