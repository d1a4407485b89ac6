/**
 * What a request to Next's image optimiser (/_next/image) asks for, reduced to the four things that
 * decide its answer: the source picture, the width, the quality and the format Next would choose
 * from the browser's Accept header (issue 30, M3). Next ignores any other query parameter and keys
 * nothing itself, so before this every made-up parameter or Accept spelling was a new encoding
 * (about 0.27 s of CPU for AVIF) and a new cache entry pushing real ones out. Pure: the server's
 * image cache (server/http/image-cache.ts) keys its entries by `optimisedImageKey` and refuses
 * what this refuses before Next encodes anything.
 */
import { PHOTO_DEVICE_WIDTHS, PHOTO_IMAGE_WIDTHS } from './vehicle-photo-source';

/** The widths Next makes (next.config.ts images.deviceSizes and imageSizes; a test keeps them equal). */
export const OPTIMISER_WIDTHS: readonly number[] = [...PHOTO_IMAGE_WIDTHS, ...PHOTO_DEVICE_WIDTHS];
/** The qualities Next makes (next.config.ts images.qualities). */
export const OPTIMISER_QUALITIES: readonly number[] = [75];
/** The formats Next may choose, in its order of preference (next.config.ts images.formats). */
export const OPTIMISER_FORMATS = ['image/avif', 'image/webp'] as const;

/** The optimiser's address (Next answers every path that starts with it). */
export const OPTIMISER_PATH = '/_next/image';
/** The only query parameters Next's optimiser reads (outside its own development and test modes). */
const PARAMETERS = new Set(['url', 'w', 'q']);
/** Next refuses a longer `url` itself. */
const MAX_URL_LENGTH = 3072;

/** avif or webp when the browser names it, else the source's own format (what Next does). */
export type OptimisedFormat = 'avif' | 'webp' | 'original';

export interface OptimisedImageRequest {
  /** The picture: a site path in one spelling, or an http(s) address (which Next itself refuses: no remotePatterns). */
  source: string;
  width: number;
  quality: number;
}

export type OptimisedImageParse =
  { ok: true; request: OptimisedImageRequest } | { ok: false; status: 400; message: string };

/** Where a request to the optimiser belongs: the optimiser (any path Next sends to it) or not. */
export function isOptimiserPath(path: string): boolean {
  return path.replace(/\/{2,}/g, '/').startsWith(OPTIMISER_PATH);
}

/** The path and query of a request target (origin-form `/a?b`, or absolute-form `http://host/a?b`). */
export function splitTarget(target: string): { path: string; query: string } {
  const origin = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  const rest = origin ? target.slice(origin[0].length) || '/' : target;
  const mark = rest.indexOf('?');
  return mark === -1 ? { path: rest, query: '' } : { path: rest.slice(0, mark), query: rest.slice(mark + 1) };
}

/** Characters a path segment may carry as they are (RFC 3986 pchar without `%`, and without `&`). */
const PLAIN = /^[A-Za-z0-9._~!$'()*+,;=:@-]$/;

/**
 * Whether a site path is in the one spelling the platform writes: `/` and non-empty segments, no
 * `.` or `..` segment, no query or fragment, and percent-encoding only (upper case) where a
 * character needs it. `/media/a.png`, `/media//a.png`, `/media/./a.png` and `/media/%61.png` are
 * one file to the server; only the first is accepted, so one picture is one cache entry.
 */
export function isCanonicalSitePath(path: string): boolean {
  if (!path.startsWith('/') || path.startsWith('//')) return false;
  return path
    .slice(1)
    .split('/')
    .every((segment) => {
      if (segment === '' || segment === '.' || segment === '..') return false;
      for (let i = 0; i < segment.length; i++) {
        const c = segment.charAt(i);
        if (PLAIN.test(c)) continue;
        const hex = /^%[0-9A-F]{2}$/.exec(segment.slice(i, i + 3));
        if (!hex) return false;
        const decoded = String.fromCharCode(parseInt(segment.slice(i + 1, i + 3), 16));
        // A character written encoded that needs no encoding is a second spelling of the same path.
        if (PLAIN.test(decoded)) return false;
        i += 2;
      }
      return true;
    });
}

const ALLOWED_TEXT = () =>
  `Ask for /_next/image?url=<picture>&w=<width>&q=<quality>, with w one of ${OPTIMISER_WIDTHS.join(', ')} and q ${OPTIMISER_QUALITIES.join(' or ')}.`;

const refuse = (message: string): OptimisedImageParse => ({ ok: false, status: 400, message });

/**
 * The picture an optimiser request asks for, or why it is refused (400, a sentence): a path other
 * than /_next/image, a query parameter other than url, w and q (or one of them twice or missing),
 * a width or quality Next does not make, a site path in a second spelling or with a query string.
 * An http(s) address is let through as it is: Next refuses it (the platform allows no remote
 * pictures) without encoding anything.
 */
export function parseOptimisedImageRequest(target: string): OptimisedImageParse {
  const { path, query } = splitTarget(target);
  if (path !== OPTIMISER_PATH) return refuse(`There is no picture at ${path.slice(0, 100)}. ${ALLOWED_TEXT()}`);
  const values = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent((at === -1 ? pair : pair.slice(0, at)).replace(/\+/g, ' '));
      value = at === -1 ? '' : decodeURIComponent(pair.slice(at + 1).replace(/\+/g, ' '));
    } catch {
      return refuse(`The address is not encoded correctly. ${ALLOWED_TEXT()}`);
    }
    if (!PARAMETERS.has(name))
      return refuse(`The parameter "${name.slice(0, 40)}" is not one the optimiser takes. ${ALLOWED_TEXT()}`);
    if (values.has(name)) return refuse(`The parameter "${name}" is given twice. ${ALLOWED_TEXT()}`);
    values.set(name, value);
  }
  const url = values.get('url');
  const w = values.get('w');
  const q = values.get('q');
  if (url === undefined || w === undefined || q === undefined)
    return refuse(`The parameters url, w and q are all needed. ${ALLOWED_TEXT()}`);
  const width = /^[1-9][0-9]{0,4}$/.test(w) ? Number(w) : undefined;
  if (width === undefined || !OPTIMISER_WIDTHS.includes(width))
    return refuse(`The width "${w.slice(0, 20)}" is not one the optimiser makes. ${ALLOWED_TEXT()}`);
  const quality = /^[1-9][0-9]{0,2}$/.test(q) ? Number(q) : undefined;
  if (quality === undefined || !OPTIMISER_QUALITIES.includes(quality))
    return refuse(`The quality "${q.slice(0, 20)}" is not one the optimiser makes. ${ALLOWED_TEXT()}`);
  if (url.length > MAX_URL_LENGTH) return refuse('The picture address is too long.');
  const remote = /^https?:\/\//i.test(url);
  if (!remote && !isCanonicalSitePath(url))
    return refuse(
      'The picture must be a path on this site written plainly (for example /media/vehicles/suv/white/side.png): no query string, no "." or ".." parts, no doubled slashes and no needless %-encoding.',
    );
  return { ok: true, request: { source: url, width, quality } };
}

/**
 * The format Next's optimiser makes for an Accept header: AVIF or WebP when the header names it
 * with a quality above 0 (the higher quality wins, AVIF on a tie, as images.formats lists it), else
 * the source's own. Wildcards (`image/*`, `*\/*`) choose nothing, as in Next, which answers only a
 * type the header names. Every other spelling of the same choice is the same cache entry.
 */
export function negotiateOptimisedFormat(accept: string | undefined): OptimisedFormat {
  let best: OptimisedFormat = 'original';
  let bestQuality = 0;
  for (const range of (accept ?? '').split(',')) {
    const [type = '', ...params] = range.split(';').map((part) => part.trim());
    const format = type.toLowerCase() === 'image/avif' ? 'avif' : type.toLowerCase() === 'image/webp' ? 'webp' : null;
    if (!format) continue;
    const qParam = params.find((p) => /^q\s*=/i.test(p));
    const parsed = qParam === undefined ? 1 : Number(qParam.replace(/^q\s*=\s*/i, ''));
    // A q that does not parse counts as 1 (Next's parser does the same).
    const quality = Number.isFinite(parsed) ? Math.min(1, Math.max(0, parsed)) : 1;
    if (quality <= 0) continue;
    if (quality > bestQuality || (quality === bestQuality && format === 'avif')) {
      best = format;
      bestQuality = quality;
    }
  }
  return best;
}

/** The Accept header that makes Next choose `format`, and nothing else (undefined: send none). */
export function canonicalAccept(format: OptimisedFormat): string | undefined {
  return format === 'original' ? undefined : `image/${format}`;
}

/** The one address of a request: url, w and q in that order, url encoded as encodeURIComponent does. */
export function canonicalOptimiserTarget(request: OptimisedImageRequest): string {
  return `${OPTIMISER_PATH}?url=${encodeURIComponent(request.source)}&w=${request.width}&q=${request.quality}`;
}

/** The cache key of an answer: the picture, width, quality and format, and nothing a client can vary besides. */
export function optimisedImageKey(request: OptimisedImageRequest, format: OptimisedFormat): string {
  return `${request.source}\n${request.width}\n${request.quality}\n${format}`;
}
