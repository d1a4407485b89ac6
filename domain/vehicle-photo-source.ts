/**
 * Where a vehicle photo's pixels come from (issue 18). A feed names a photo by a site-relative path
 * or by an absolute address on the dealer's image host. The platform's own pictures (/media/...,
 * /assets/...) go through Next's image optimiser as before; every other address goes through this
 * platform's image route (app/api/images), which fetches only from allowed hosts, resizes and
 * caches, and answers a placeholder when the photo cannot be had; a vehicle without a photo shows
 * the placeholder at once.
 */
import { placeholderBodyKey } from './photo-placeholder';

/** The widths Next offers for full-width pictures (next.config.ts images.deviceSizes). */
export const PHOTO_DEVICE_WIDTHS = [640, 828, 1200, 1920] as const;
/** The widths Next offers for small pictures (next.config.ts images.imageSizes). */
export const PHOTO_IMAGE_WIDTHS = [96, 256, 384] as const;
/** Every width the image route makes: the same set as the optimiser, so the two caches match. */
export const PHOTO_WIDTHS: readonly number[] = [...PHOTO_IMAGE_WIDTHS, ...PHOTO_DEVICE_WIDTHS];

/** The image route (app/api/images/route.ts) and its placeholder-only sibling. */
export const PHOTO_ROUTE = '/api/images';
export const PLACEHOLDER_ROUTE = '/api/images/placeholder';

/** Paths whose pictures the platform serves itself (next.config.ts images.localPatterns). */
const LOCAL_PREFIXES = ['/media/', '/assets/'];

/** The longest photo address the image route takes (a longer one is not a real photo address). */
export const MAX_PHOTO_URL_LENGTH = 2048;

export type PhotoSource =
  /** One of the platform's own pictures: Next's image optimiser. */
  | { kind: 'local'; src: string }
  /** An absolute http(s) address, or a site path outside /media and /assets: the image route. */
  | { kind: 'proxied'; src: string }
  /** No photo, or an address no browser should load (data:, javascript:, a relative name). */
  | { kind: 'placeholder' };

function decodedPath(path: string): string | undefined {
  try {
    return decodeURIComponent(path);
  } catch {
    return undefined;
  }
}

/** Whether a site path steps outside its folder or hides its real form ('..', backslashes, NUL). */
function isTidyPath(path: string): boolean {
  const decoded = decodedPath(path);
  if (decoded === undefined) return false;
  return ![path, decoded].some((p) => p.includes('\\') || p.includes('\0') || p.split('/').some((s) => s === '..'));
}

/** Decides how a photo address is shown. */
export function photoSource(url: string | null | undefined): PhotoSource {
  const address = url?.trim() ?? '';
  if (!address || address.length > MAX_PHOTO_URL_LENGTH) return { kind: 'placeholder' };
  // A protocol-relative address (//cdn.example.com/a.jpg): the shopper's pages are https.
  if (address.startsWith('//')) return photoSource(`https:${address}`);
  if (address.startsWith('/')) {
    const path = address.split(/[?#]/)[0] ?? '';
    if (isTidyPath(path) && LOCAL_PREFIXES.some((prefix) => path.startsWith(prefix)))
      return { kind: 'local', src: address };
    return { kind: 'proxied', src: address };
  }
  let parsed: URL;
  try {
    parsed = new URL(address);
  } catch {
    return { kind: 'placeholder' };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return { kind: 'placeholder' };
  return { kind: 'proxied', src: parsed.href };
}

/** The smallest width the route makes that covers `width` (the largest one beyond it). */
export function snapPhotoWidth(width: number): number {
  return PHOTO_WIDTHS.find((w) => w >= width) ?? (PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1] as number);
}

/** A width the route makes, from its query string, or undefined. */
export function parsePhotoWidth(text: string | null | undefined): number | undefined {
  if (!text || !/^[1-9]\d{0,4}$/.test(text)) return undefined;
  const width = Number(text);
  return PHOTO_WIDTHS.includes(width) ? width : undefined;
}

const bodyQuery = (body: string | null | undefined) => {
  const key = placeholderBodyKey(body);
  return key ? `body=${encodeURIComponent(key)}` : '';
};

/** The image route's address for a photo at a width; `body` names the placeholder's body type. */
export function proxiedPhotoUrl(src: string, width: number, body?: string | null): string {
  const query = [`url=${encodeURIComponent(src)}`, `w=${snapPhotoWidth(width)}`, bodyQuery(body)];
  return `${PHOTO_ROUTE}?${query.filter(Boolean).join('&')}`;
}

/** The placeholder picture's address for a body type (feed or model spelling). */
export function placeholderPhotoUrl(body?: string | null): string {
  const query = bodyQuery(body);
  return query ? `${PLACEHOLDER_ROUTE}?${query}` : PLACEHOLDER_ROUTE;
}

/**
 * One address for a photo where a single picture is wanted (a video poster, a spin frame, paper):
 * the platform's own picture as it is, anything else through the image route at `width`, and the
 * placeholder when there is no photo.
 */
export function photoUrl(url: string | null | undefined, width: number, body?: string | null): string {
  const source = photoSource(url);
  if (source.kind === 'local') return source.src;
  if (source.kind === 'proxied') return proxiedPhotoUrl(source.src, width, body);
  return placeholderPhotoUrl(body);
}
