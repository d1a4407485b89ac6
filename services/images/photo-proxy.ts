/**
 * The image route's work (issue 18), apart from Next so it can be tested: GET
 * /api/images?url=<photo address>&w=<width>[&body=<body type>] answers the photo resized to the
 * width, from the disk cache or fetched from an allowed host (fetch-photo.ts) or read from the
 * site's public/ folder. Whatever goes wrong with the photo itself (host not allowed, private
 * address, timeout, 404, not an image, too large), the answer is the placeholder picture for the
 * body type with a short cache lifetime, so a fixed photo shows within a minute and a page never
 * shows a broken image; the reason is logged once per photo. Only a malformed request (no url, a
 * width the route does not make) is an error, 400 with a sentence.
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { placeholderBodyKey, placeholderSvg } from '../../domain/photo-placeholder';
import { parseHostRules, type HostRule } from '../../domain/vehicle-photo-hosts';
import { MAX_PHOTO_URL_LENGTH, PHOTO_WIDTHS, parsePhotoWidth, photoSource } from '../../domain/vehicle-photo-source';
import {
  DEFAULT_FETCH_LIMITS,
  PhotoFetchError,
  fetchPhoto,
  permissionFor,
  resolveAll,
  type FetchLimits,
  type ResolveAll,
} from './fetch-photo';
import { PhotoCache } from './photo-cache';
import { NotAPhotoError, choosePhotoFormat, resizePhoto, type PhotoFormat, type ResizedPhoto } from './resize-photo';

/** A photo made: kept by browsers for a week (a dealer who replaces a photo usually gives it a new address). */
export const PHOTO_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';
/** The placeholder for a photo that failed: a minute, so a fixed photo shows soon. */
export const FAILED_PHOTO_CACHE_CONTROL = 'public, max-age=60';
/** How long a failure is remembered in the process, so a page of broken photos does not hammer their host. */
export const FAILURE_MEMORY_MS = 60_000;
/** A made photo is fetched again after a week (and the old one served if that fails). */
export const PHOTO_FRESH_MS = 7 * 24 * 60 * 60 * 1000;
/** Photos fetched and resized at once per process; more wait their turn (sharp is CPU-bound). */
export const MAX_CONCURRENT_PHOTOS = 4;
/**
 * Photos waiting for a slot at most: past this the process is flooded (a page of new photos asks
 * for tens, not hundreds), and the placeholder answers at once, not kept by browsers.
 */
export const MAX_WAITING_PHOTOS = 64;
/** Log lines about failed photos per minute at most: a flood of made-up addresses cannot flood the log. */
export const LOG_LINES_PER_MINUTE = 30;
const BUSY = 'the server is busy making other photos';
/** A site's own photo file in public/ is no larger than a fetched one may be. */
const MAX_FILE_BYTES = DEFAULT_FETCH_LIMITS.maxBytes;

const EXTENSION_TYPES: Readonly<Record<ResizedPhoto['extension'], string>> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
};

/** The placeholder answer's headers: an SVG that may never run a script, even opened on its own. */
export const PLACEHOLDER_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
  'x-content-type-options': 'nosniff',
};

export interface PhotoProxyOptions {
  /** The platform's allow-list (env IMAGE_HOSTS): may name private addresses. */
  platformHosts: readonly string[] | string;
  cacheDir: string;
  cacheMaxBytes: number;
  /** The site's public/ folder, for site paths outside /media and /assets. */
  publicDir: string;
  limits?: FetchLimits;
  resolve?: ResolveAll;
  log?: (message: string) => void;
  now?: () => number;
}

export interface PhotoRequest {
  url: string | null;
  width: string | null;
  body: string | null;
  accept: string | null;
  /** The tenant's allow-list (images.remoteHosts). */
  tenantHosts: readonly string[];
}

/** A failure is `transient` when it says nothing about the photo (busy, a fault of ours): not kept by browsers. */
type Made = { kind: 'photo'; photo: ResizedPhoto } | { kind: 'failed'; reason: string; transient?: boolean };

const badRequest = (message: string) =>
  new Response(message, {
    status: 400,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' },
  });

/** The placeholder picture as an answer (also the image route's own placeholder route). */
export function placeholderResponse(body: string | null | undefined, cacheControl: string): Response {
  return new Response(placeholderSvg(placeholderBodyKey(body)), {
    headers: { ...PLACEHOLDER_HEADERS, 'cache-control': cacheControl, vary: 'Accept' },
  });
}

/** A small bounded map: the oldest entry goes when it is full. */
class BoundedMap<V> extends Map<string, V> {
  constructor(private readonly limit: number) {
    super();
  }
  override set(key: string, value: V): this {
    if (!this.has(key) && this.size >= this.limit) {
      const oldest = this.keys().next().value;
      if (oldest !== undefined) this.delete(oldest);
    }
    return super.set(key, value);
  }
}

export class PhotoProxy {
  private readonly platform: HostRule[];
  private readonly cache: PhotoCache;
  private readonly limits: FetchLimits;
  private readonly resolve: ResolveAll;
  private readonly log: (message: string) => void;
  private readonly now: () => number;
  /** Photos being made now, by what makes them: a second request waits for the first. */
  private readonly inFlight = new Map<string, Promise<Made>>();
  /** Photos that failed lately, by source: answered with the placeholder at once for a minute. */
  private readonly failures = new BoundedMap<number>(2000);
  /** Problems already logged (one line per photo and reason). */
  private readonly logged = new BoundedMap<true>(5000);
  private running = 0;
  private logWindow = { start: 0, lines: 0, suppressed: 0 };
  private readonly queue: Array<() => void> = [];

  constructor(private readonly options: PhotoProxyOptions) {
    this.platform = parseHostRules(options.platformHosts);
    this.cache = new PhotoCache({ dir: options.cacheDir, maxBytes: options.cacheMaxBytes, freshMs: PHOTO_FRESH_MS });
    this.limits = options.limits ?? DEFAULT_FETCH_LIMITS;
    this.resolve = options.resolve ?? resolveAll;
    this.log = options.log ?? ((message) => console.warn(message));
    this.now = options.now ?? Date.now;
  }

  async respond(request: PhotoRequest): Promise<Response> {
    if (!request.url) return badRequest('Give the photo address as ?url=<address>.');
    if (request.url.length > MAX_PHOTO_URL_LENGTH)
      return badRequest(`The photo address is longer than ${MAX_PHOTO_URL_LENGTH} characters.`);
    const width = parsePhotoWidth(request.width);
    if (width === undefined) return badRequest(`Give the width as ?w=<one of ${PHOTO_WIDTHS.join(', ')}>.`);
    const source = photoSource(request.url);
    if (source.kind === 'local') {
      // The platform's own pictures belong to Next's optimiser, which makes the same widths.
      const target = `/_next/image?url=${encodeURIComponent(source.src)}&w=${width}&q=75`;
      return new Response(null, {
        status: 308,
        headers: { location: target, 'cache-control': 'public, max-age=86400' },
      });
    }
    const format = choosePhotoFormat(request.accept);
    let made: Made;
    try {
      made =
        source.kind === 'placeholder'
          ? { kind: 'failed', reason: 'the address is not an http(s) address or a site path' }
          : source.src.startsWith('/')
            ? await this.sitePhoto(source.src, width, format)
            : await this.remotePhoto(source.src, width, format, request.tenantHosts);
    } catch (error) {
      // A fault of ours, not of the photo: still no broken image on the page.
      made = {
        kind: 'failed',
        reason: `unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        transient: true,
      };
    }
    if (made.kind === 'failed') {
      if (made.reason !== BUSY) this.logOnce(request.url, made.reason);
      return placeholderResponse(request.body, made.transient ? 'no-store' : FAILED_PHOTO_CACHE_CONTROL);
    }
    return photoResponse(made.photo, PHOTO_CACHE_CONTROL);
  }

  private async remotePhoto(
    src: string,
    width: number,
    format: PhotoFormat,
    tenantHosts: readonly string[],
  ): Promise<Made> {
    const url = new URL(src);
    const lists = { platform: this.platform, tenant: parseHostRules(tenantHosts) };
    // Whether this site may show this host's photos is checked before the cache: the cache is
    // shared by every site, and a photo one site may show is not one every site may.
    try {
      permissionFor(url, lists);
    } catch (error) {
      return { kind: 'failed', reason: (error as Error).message };
    }
    return this.made(['remote', url.href, width, format], format, width, () =>
      fetchPhoto(url, lists, this.limits, this.resolve).then((f) => f.bytes),
    );
  }

  private async sitePhoto(path: string, width: number, format: PhotoFormat): Promise<Made> {
    const file = await publicFile(this.options.publicDir, path);
    if (!file) return { kind: 'failed', reason: 'no such file in the site folder' };
    // The file's size and time are in the key: a replaced file is a new picture.
    return this.made(['site', path, file.size, file.mtimeMs, width, format], format, width, () => readFile(file.path));
  }

  /** From the cache when fresh; otherwise made once however many ask, and cached. */
  private async made(
    parts: readonly (string | number)[],
    format: PhotoFormat,
    width: number,
    load: () => Promise<Buffer>,
  ): Promise<Made> {
    // A failure belongs to the source (kind and address), whatever width or format was asked.
    const failureKey = JSON.stringify(parts.slice(0, 2));
    const extensions = format === 'jpeg' ? (['jpg', 'png'] as const) : ([format] as const);
    let stale: ResizedPhoto | undefined;
    for (const extension of extensions) {
      const name = PhotoCache.fileName(parts, extension);
      const cached = await this.cache.get(name, this.now());
      if (!cached) continue;
      const photo = { bytes: cached.bytes, contentType: EXTENSION_TYPES[extension], extension };
      if (cached.fresh) return { kind: 'photo', photo };
      stale = photo;
    }
    const failedAt = this.failures.get(failureKey);
    if (failedAt !== undefined && this.now() - failedAt < FAILURE_MEMORY_MS)
      return stale ? { kind: 'photo', photo: stale } : { kind: 'failed', reason: 'failed a moment ago' };
    const key = JSON.stringify(parts);
    let pending = this.inFlight.get(key);
    if (!pending && this.queue.length >= MAX_WAITING_PHOTOS) return { kind: 'failed', reason: BUSY, transient: true };
    if (!pending) {
      pending = this.limited(() => this.make(parts, format, width, load)).finally(() => this.inFlight.delete(key));
      this.inFlight.set(key, pending);
    }
    const made = await pending;
    if (made.kind === 'failed') {
      this.failures.set(failureKey, this.now());
      if (stale) return { kind: 'photo', photo: stale };
    }
    return made;
  }

  private async make(
    parts: readonly (string | number)[],
    format: PhotoFormat,
    width: number,
    load: () => Promise<Buffer>,
  ): Promise<Made> {
    let photo: ResizedPhoto;
    try {
      photo = await resizePhoto(await load(), width, format);
    } catch (error) {
      if (error instanceof PhotoFetchError || error instanceof NotAPhotoError)
        return { kind: 'failed', reason: error.message };
      throw error;
    }
    await this.cache.put(PhotoCache.fileName(parts, photo.extension), photo.bytes).catch((error: unknown) => {
      this.logOnce(this.options.cacheDir, `the photo cache cannot be written: ${(error as Error).message}`);
    });
    return { kind: 'photo', photo };
  }

  /** Runs the work when one of the MAX_CONCURRENT_PHOTOS slots is free; a finished one hands its slot on. */
  private async limited<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= MAX_CONCURRENT_PHOTOS) await new Promise<void>((resolve) => this.queue.push(resolve));
    else this.running++;
    try {
      return await work();
    } finally {
      const next = this.queue.shift();
      if (next) next();
      else this.running--;
    }
  }

  private logOnce(url: string, reason: string): void {
    const key = `${url}\n${reason}`;
    if (reason === 'failed a moment ago' || this.logged.has(key)) return;
    this.logged.set(key, true);
    const now = this.now();
    if (now - this.logWindow.start >= 60_000) {
      if (this.logWindow.suppressed)
        this.log(`${this.logWindow.suppressed} more photo(s) not shown in the last minute were not logged`);
      this.logWindow = { start: now, lines: 0, suppressed: 0 };
    }
    if (this.logWindow.lines >= LOG_LINES_PER_MINUTE) {
      this.logWindow.suppressed++;
      return;
    }
    this.logWindow.lines++;
    this.log(`photo not shown, placeholder instead: ${url.slice(0, 300)}: ${reason}`);
  }
}

function photoResponse(photo: ResizedPhoto, cacheControl: string): Response {
  return new Response(new Uint8Array(photo.bytes), {
    headers: {
      'content-type': photo.contentType,
      'content-length': String(photo.bytes.length),
      'cache-control': cacheControl,
      vary: 'Accept',
      'x-content-type-options': 'nosniff',
    },
  });
}

/**
 * A regular file under public/ for a site path, or undefined: the path is decoded once, may not
 * step out ('..', backslashes, NUL), and its real location (symbolic links followed) must still be
 * inside public/.
 */
export async function publicFile(
  publicDir: string,
  sitePath: string,
): Promise<{ path: string; size: number; mtimeMs: number } | undefined> {
  let path: string;
  try {
    path = decodeURIComponent(sitePath.split(/[?#]/)[0] ?? '');
  } catch {
    return undefined;
  }
  if (!path.startsWith('/') || path.includes('\0') || path.includes('\\')) return undefined;
  if (path.split('/').some((segment) => segment === '..' || segment === '.')) return undefined;
  try {
    const root = await realpath(publicDir);
    const real = await realpath(join(root, path));
    if (!real.startsWith(root + sep)) return undefined;
    const info = await stat(real);
    if (!info.isFile() || info.size > MAX_FILE_BYTES) return undefined;
    return { path: real, size: info.size, mtimeMs: info.mtimeMs };
  } catch {
    return undefined;
  }
}
