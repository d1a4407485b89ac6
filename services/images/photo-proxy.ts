/**
 * The image route's work (issue 18), apart from Next so it can be tested: GET
 * /api/images?url=<photo address>&w=<width>[&body=<body type>] answers the photo resized to the
 * width, from the disk cache or fetched from an allowed host (fetch-photo.ts) or read from the
 * site's public/ folder. Whatever goes wrong with the photo itself (host not allowed, private
 * address, timeout, 404, not an image, too large), the answer is the placeholder picture for the
 * body type with a short cache lifetime, so a fixed photo shows within a minute and a page never
 * shows a broken image; the reason is logged once per photo. Only a malformed request (no url, a
 * width the route does not make) is an error, 400 with a sentence.
 *
 * The work is shared out so that nobody can starve the rest (issue 18 review): at most
 * MAX_FETCHES_PER_HOST fetches at once per upstream (one slow or flooded host cannot hold every
 * slot), MAX_CONCURRENT_FETCHES in all, and a budget of uncached fetches per client address
 * (missBudget) so changing a query string to miss the cache buys nothing; resizing has its own few
 * slots (resizeConcurrency), because every sharp job holds one of libuv's four threads, which
 * dns.lookup and every fs call of the whole server also need. Cached photos are served whatever
 * the budgets say.
 *
 * The cache and the failure memory are shared by every site, but sites allow different hosts, so
 * a photo that came through a redirect to another host is cached under the hosts it came through
 * (and a note of them): a site that does not allow all of them does not get it from the cache. A
 * failure is remembered per allow-list, so one site's refusal is never another site's answer.
 */
import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { join, sep } from 'node:path';
import { placeholderBodyKey, placeholderSvg } from '../../domain/photo-placeholder';
import { hostGroup, hostListFingerprint, readHostRules, type HostRule } from '../../domain/vehicle-photo-hosts';
import { MAX_PHOTO_URL_LENGTH, PHOTO_WIDTHS, parsePhotoWidth, photoSource } from '../../domain/vehicle-photo-source';
import {
  DEFAULT_FETCH_LIMITS,
  PhotoFetchError,
  fetchPhoto,
  permissionFor,
  resolveAll,
  type FetchedPhoto,
  type FetchLimits,
  type HostLists,
  type ResolveAll,
} from './fetch-photo';
import { PhotoCache } from './photo-cache';
import {
  NotAPhotoError,
  PhotoTooSlowError,
  RESIZE_TIMEOUT_SECONDS,
  choosePhotoFormat,
  resizePhoto,
  type PhotoFormat,
  type ResizedPhoto,
} from './resize-photo';
import type { RateLimitVerdict } from '../rate-limit';

/** A photo made: kept by browsers for a week (a dealer who replaces a photo usually gives it a new address). */
export const PHOTO_CACHE_CONTROL = 'public, max-age=604800, stale-while-revalidate=86400';
/** The placeholder for a photo that failed: a minute, so a fixed photo shows soon. */
export const FAILED_PHOTO_CACHE_CONTROL = 'public, max-age=60';
/** How long a failure is remembered in the process, so a page of broken photos does not hammer their host. */
export const FAILURE_MEMORY_MS = 60_000;
/** A made photo is fetched again after a week (and the old one served if that fails). */
export const PHOTO_FRESH_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * Fetches at once from one upstream (hostGroup: a host, or the registered domain of the names a
 * wildcard allows). A slow host (8 s a photo at worst) then holds two slots, never all of them;
 * and little is lost for a fast one, since resizing (two at once) is the narrower step anyway.
 */
export const MAX_FETCHES_PER_HOST = 2;
/**
 * Photos waiting for one upstream at most: a search page of one dealer's new photos fits (21 cards
 * by default, 96 at most, the ones below the fold asked for later), yet one host's backlog leaves
 * most of the process's queue to the others.
 */
export const MAX_WAITING_PER_HOST = 64;
/**
 * Fetches at once per process over all upstreams. A fetched photo (up to 15 MB) is held until a
 * resize slot takes it, so this also bounds the memory of photos in hand.
 */
export const MAX_CONCURRENT_FETCHES = 6;
/**
 * Photos waiting for a fetch or a resize slot, all upstreams together: past this the process is
 * flooded, and the placeholder answers at once, not kept by browsers.
 */
export const MAX_WAITING_PHOTOS = 256;
/**
 * sharp jobs at once by default (IMAGE_RESIZE_CONCURRENCY). Each job runs on one thread of
 * libuv's pool, which has four unless UV_THREADPOOL_SIZE says otherwise and which dns.lookup and
 * every fs call of the server share: four jobs would stall the whole server while they run.
 */
export const DEFAULT_RESIZE_CONCURRENCY = 2;
/**
 * Uncached photos one client address may have fetched per minute by default
 * (IMAGE_MISSES_PER_MINUTE): more than a shopper paging through new stock needs; past it the
 * placeholder answers, not kept, while cached photos are still served.
 */
export const DEFAULT_MISSES_PER_MINUTE = 60;
/** Log lines about failed photos per minute at most: a flood of made-up addresses cannot flood the log. */
export const LOG_LINES_PER_MINUTE = 30;
const BUSY = 'the server is busy making other photos';
const OVER_BUDGET = 'this address asked for too many new photos in the last minute';
/** Not logged per photo: they say nothing about the photo, and a flood would fill the log. */
const UNLOGGED = new Set([BUSY, OVER_BUDGET, 'failed a moment ago']);
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
  /** sharp jobs at once (default DEFAULT_RESIZE_CONCURRENCY). */
  resizeConcurrency?: number;
  /** Whole seconds sharp may spend on one photo (default RESIZE_TIMEOUT_SECONDS). */
  resizeTimeoutSeconds?: number;
  /**
   * Counts each uncached fetch against the asker's address (a SharedRateLimit, so every process
   * counts together); without one, uncached fetches are limited only by the slots.
   */
  missBudget?: MissBudget;
  log?: (message: string) => void;
  now?: () => number;
}

/** What the image route needs of a rate limit (SharedRateLimit is one). */
export interface MissBudget {
  attempt(key: string, now?: number): Promise<RateLimitVerdict>;
}

export interface PhotoRequest {
  url: string | null;
  width: string | null;
  body: string | null;
  accept: string | null;
  /** The tenant's allow-list (images.remoteHosts). */
  tenantHosts: readonly string[];
  /** The asker's address (callerAddress), for the budget of uncached photos; absent ones share one budget. */
  client?: string | null;
}

/**
 * A failure is `transient` when it says nothing about the photo (busy, over budget, a fault of
 * ours): not remembered, and not kept by browsers.
 */
type Made = { kind: 'photo'; photo: ResizedPhoto } | { kind: 'failed'; reason: string; transient?: boolean };

const busy: Made = { kind: 'failed', reason: BUSY, transient: true };

/** A place at a gate, given back once the work is done (calling it again does nothing). */
type Release = () => void;

/** A counting semaphore: `size` holders at once, the rest wait in order of arrival. */
class Gate {
  private holders = 0;
  private readonly queue: Array<() => void> = [];

  constructor(readonly size: number) {}

  /** A place can be had now (nobody is waiting for one either). */
  get free(): boolean {
    return this.holders < this.size && this.queue.length === 0;
  }

  get waiting(): number {
    return this.queue.length;
  }

  get idle(): boolean {
    return this.holders === 0 && this.queue.length === 0;
  }

  /** Resolves with a place when one is free; a finished holder hands its place straight on. */
  async enter(): Promise<Release> {
    if (this.holders < this.size) this.holders++;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next();
      else this.holders--;
    };
  }
}

/**
 * What a remote photo's cache file is named from, with the other hosts its redirects touched
 * (none for most). Always with the list, even empty: files made before the list was kept do not
 * say whether they came through a redirect, so they are never read again (and age out).
 */
const remoteParts = (href: string, width: number, format: PhotoFormat, via: readonly string[]) => [
  'remote',
  href,
  width,
  format,
  'via',
  ...via,
];

/** The note saying which other hosts a remote photo last came through. */
const viaNoteName = (href: string) => PhotoCache.fileName(['remote', href, 'via'], 'json');

function parseVia(bytes: Buffer | undefined): string[] | undefined {
  if (!bytes) return undefined;
  try {
    const value: unknown = JSON.parse(bytes.toString('utf8'));
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Whether these lists would let a fetch reach this origin (one hop of a redirect chain). */
function allowsOrigin(origin: string, lists: HostLists): boolean {
  try {
    permissionFor(new URL(origin), lists);
    return true;
  } catch {
    return false;
  }
}

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
  /** Photos being made now, by what makes them and for which allow-list: a second request waits for the first. */
  private readonly inFlight = new Map<string, Promise<Made>>();
  /** Photos that failed lately, by source and allow-list: answered with the placeholder at once for a minute. */
  private readonly failures = new BoundedMap<number>(2000);
  /** Problems already logged (one line per photo and reason). */
  private readonly logged = new BoundedMap<true>(5000);
  private logWindow = { start: 0, lines: 0, suppressed: 0 };
  /** Fetch slots per upstream (hostGroup); a gate goes when nobody holds or waits for it. */
  private readonly hostGates = new Map<string, Gate>();
  private readonly fetchGate = new Gate(MAX_CONCURRENT_FETCHES);
  private readonly resizeGate: Gate;
  /** Requests waiting at any gate, for MAX_WAITING_PHOTOS. */
  private waiting = 0;
  private readonly resizeTimeoutSeconds: number;

  constructor(private readonly options: PhotoProxyOptions) {
    this.log = options.log ?? ((message) => console.warn(message));
    this.now = options.now ?? Date.now;
    const platform = readHostRules(options.platformHosts);
    this.platform = platform.rules;
    for (const { refusal } of platform.refused)
      this.logLine(`IMAGE_HOSTS\n${refusal}`, `IMAGE_HOSTS entry ignored: ${refusal}`);
    this.cache = new PhotoCache({ dir: options.cacheDir, maxBytes: options.cacheMaxBytes, freshMs: PHOTO_FRESH_MS });
    this.limits = options.limits ?? DEFAULT_FETCH_LIMITS;
    this.resolve = options.resolve ?? resolveAll;
    this.resizeGate = new Gate(Math.max(1, Math.floor(options.resizeConcurrency ?? DEFAULT_RESIZE_CONCURRENCY)));
    this.resizeTimeoutSeconds = options.resizeTimeoutSeconds ?? RESIZE_TIMEOUT_SECONDS;
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
            : await this.remotePhoto(source.src, width, format, request.tenantHosts, request.client ?? undefined);
    } catch (error) {
      // A fault of ours, not of the photo: still no broken image on the page.
      made = {
        kind: 'failed',
        reason: `unexpected error: ${error instanceof Error ? error.message : String(error)}`,
        transient: true,
      };
    }
    if (made.kind === 'failed') {
      if (!UNLOGGED.has(made.reason)) this.logOnce(request.url, made.reason);
      return placeholderResponse(request.body, made.transient ? 'no-store' : FAILED_PHOTO_CACHE_CONTROL);
    }
    return photoResponse(made.photo, PHOTO_CACHE_CONTROL);
  }

  private async remotePhoto(
    src: string,
    width: number,
    format: PhotoFormat,
    tenantHosts: readonly string[],
    client: string | undefined,
  ): Promise<Made> {
    const url = new URL(src);
    const lists = { platform: this.platform, tenant: this.tenantRules(tenantHosts) };
    // Whether this site may show this host's photos is checked before the cache: the cache is
    // shared by every site, and a photo one site may show is not one every site may.
    try {
      permissionFor(url, lists);
    } catch (error) {
      return { kind: 'failed', reason: (error as Error).message };
    }
    // Everything remembered about a fetch is per allow-list: which hosts a fetch may reach, and so
    // whether it fails, depends on the site's list as well as the platform's.
    const listKey = createHash('sha256').update(hostListFingerprint(lists.tenant)).digest('hex').slice(0, 16);
    return this.made({
      // The photo as fetched from its own host; else as it came through the redirects it last
      // came through, if this site allows every host they touched.
      cached: async () => {
        const direct = await this.cached(remoteParts(url.href, width, format, []), format);
        if (direct.fresh) return direct;
        const via = parseVia((await this.cache.get(viaNoteName(url.href), this.now()))?.bytes);
        if (!via?.length || !via.every((origin) => allowsOrigin(origin, lists))) return direct;
        const routed = await this.cached(remoteParts(url.href, width, format, via), format);
        return { fresh: routed.fresh, stale: direct.stale ?? routed.stale };
      },
      failureKey: JSON.stringify(['remote', url.href, listKey]),
      flightKey: JSON.stringify(['remote', url.href, width, format, listKey]),
      budget: () => this.withinBudget(client),
      make: () => this.fetchAndResize(url, lists, width, format),
    });
  }

  private async sitePhoto(path: string, width: number, format: PhotoFormat): Promise<Made> {
    const file = await publicFile(this.options.publicDir, path);
    if (!file) return { kind: 'failed', reason: 'no such file in the site folder' };
    // The file's size and time are in the key: a replaced file is a new picture.
    const parts = ['site', path, file.size, file.mtimeMs, width, format];
    return this.made({
      cached: () => this.cached(parts, format),
      failureKey: JSON.stringify(['site', path]),
      flightKey: JSON.stringify(parts),
      make: async () => {
        const place = this.enter(this.resizeGate, MAX_WAITING_PHOTOS);
        if (!place) return busy;
        const release = await place;
        try {
          return await this.resizeAndCache(await readFile(file.path), width, format, parts);
        } finally {
          release();
        }
      },
    });
  }

  /** The tenant's rules; an entry refused (too broad, not a host) is logged once and left out. */
  private tenantRules(entries: readonly string[]): HostRule[] {
    const { rules, refused } = readHostRules(entries);
    for (const { refusal } of refused)
      this.logLine(`images.remoteHosts\n${refusal}`, `images.remoteHosts entry ignored: ${refusal}`);
    return rules;
  }

  /**
   * Counts one uncached fetch against the address. When the count cannot be kept (the database
   * failed, logged by the limiter) the fetch goes ahead: the slots still bound the work, and a
   * database fault should not blank every new photo.
   */
  private async withinBudget(client: string | undefined): Promise<boolean> {
    if (!this.options.missBudget) return true;
    const verdict = await this.options.missBudget.attempt(client || 'unknown', this.now());
    if (verdict !== 'limited') return true;
    this.logLine(
      `${OVER_BUDGET}\n${Math.floor(this.now() / 60_000)}`,
      'an address asked for more new photos in a minute than its budget: placeholders answered (not kept)',
    );
    return false;
  }

  /** A photo made from these parts, from the cache: fresh, or stale (older than PHOTO_FRESH_MS). */
  private async cached(
    parts: readonly (string | number)[],
    format: PhotoFormat,
  ): Promise<{ fresh?: ResizedPhoto; stale?: ResizedPhoto }> {
    // A JPEG request may be answered by the PNG made for a transparent picture.
    const extensions = format === 'jpeg' ? (['jpg', 'png'] as const) : ([format] as const);
    let stale: ResizedPhoto | undefined;
    for (const extension of extensions) {
      const cached = await this.cache.get(PhotoCache.fileName(parts, extension), this.now());
      if (!cached) continue;
      const photo = { bytes: cached.bytes, contentType: EXTENSION_TYPES[extension], extension };
      if (cached.fresh) return { fresh: photo };
      stale ??= photo;
    }
    return stale ? { stale } : {};
  }

  /**
   * From the cache when fresh; otherwise made once however many ask at once, and cached. A stale
   * copy is served when making a new one fails or may not be tried.
   */
  private async made(job: {
    cached: () => Promise<{ fresh?: ResizedPhoto; stale?: ResizedPhoto }>;
    failureKey: string;
    flightKey: string;
    budget?: () => Promise<boolean>;
    make: () => Promise<Made>;
  }): Promise<Made> {
    const { fresh, stale } = await job.cached();
    if (fresh) return { kind: 'photo', photo: fresh };
    const failedAt = this.failures.get(job.failureKey);
    if (failedAt !== undefined && this.now() - failedAt < FAILURE_MEMORY_MS)
      return stale ? { kind: 'photo', photo: stale } : { kind: 'failed', reason: 'failed a moment ago' };
    // Joining a fetch already under way costs nothing, so only a new one counts against the budget.
    let pending = this.inFlight.get(job.flightKey);
    if (!pending && job.budget && !(await job.budget()))
      return stale ? { kind: 'photo', photo: stale } : { kind: 'failed', reason: OVER_BUDGET, transient: true };
    pending ??= this.inFlight.get(job.flightKey);
    if (!pending) {
      pending = job.make().finally(() => this.inFlight.delete(job.flightKey));
      this.inFlight.set(job.flightKey, pending);
    }
    const made = await pending;
    if (made.kind === 'failed') {
      // Busy is not the photo's fault: the next request may try again at once.
      if (!made.transient) this.failures.set(job.failureKey, this.now());
      if (stale) return { kind: 'photo', photo: stale };
    }
    return made;
  }

  /**
   * Fetches with a place for the upstream and one of the process's fetch places, then resizes
   * with a resize place; the fetch places are handed back as soon as the resize begins.
   */
  private async fetchAndResize(url: URL, lists: HostLists, width: number, format: PhotoFormat): Promise<Made> {
    const group = hostGroup(url.hostname);
    let hostGate = this.hostGates.get(group);
    if (!hostGate) this.hostGates.set(group, (hostGate = new Gate(MAX_FETCHES_PER_HOST)));
    const releases: Release[] = [];
    const releaseFetch = () => releases.splice(0).forEach((release) => release());
    try {
      const hostPlace = this.enter(hostGate, MAX_WAITING_PER_HOST);
      if (!hostPlace) return busy;
      releases.push(await hostPlace);
      // Waiting here are only those holding their upstream's place: two per upstream at most.
      const fetchPlace = this.enter(this.fetchGate, MAX_WAITING_PHOTOS);
      if (!fetchPlace) return busy;
      releases.push(await fetchPlace);
      let fetched: FetchedPhoto;
      try {
        fetched = await fetchPhoto(url, lists, this.limits, this.resolve);
      } catch (error) {
        if (error instanceof PhotoFetchError) return { kind: 'failed', reason: error.message };
        throw error;
      }
      // The photo in hand waits for a resize place while keeping its fetch places, so photos
      // fetched faster than they are resized cannot pile up in memory; and it is never turned
      // away once fetched (at most MAX_CONCURRENT_FETCHES wait so).
      const releaseResize = await this.resizeGate.enter();
      releaseFetch();
      try {
        const made = await this.resizeAndCache(
          fetched.bytes,
          width,
          format,
          remoteParts(url.href, width, format, fetched.via),
        );
        if (made.kind === 'photo' && fetched.via.length)
          await this.cache.put(viaNoteName(url.href), Buffer.from(JSON.stringify(fetched.via))).catch(() => undefined);
        return made;
      } finally {
        releaseResize();
      }
    } finally {
      releaseFetch();
      if (hostGate.idle) this.hostGates.delete(group);
    }
  }

  /**
   * A place at the gate: now, after a wait, or undefined when the wait would be too long (this
   * gate's queue or the process's waiting requests full).
   */
  private enter(gate: Gate, maxWaiting: number): Promise<Release> | undefined {
    if (gate.free) return gate.enter();
    if (gate.waiting >= maxWaiting || this.waiting >= MAX_WAITING_PHOTOS) return undefined;
    this.waiting++;
    return gate.enter().finally(() => this.waiting--);
  }

  /** Resizes (within the time limit) and caches; called holding a resize place. */
  private async resizeAndCache(
    bytes: Buffer,
    width: number,
    format: PhotoFormat,
    parts: readonly (string | number)[],
  ): Promise<Made> {
    let photo: ResizedPhoto;
    try {
      photo = await resizePhoto(bytes, width, format, { timeoutSeconds: this.resizeTimeoutSeconds });
    } catch (error) {
      if (error instanceof NotAPhotoError || error instanceof PhotoTooSlowError)
        return { kind: 'failed', reason: error.message };
      throw error;
    }
    await this.cache.put(PhotoCache.fileName(parts, photo.extension), photo.bytes).catch((error: unknown) => {
      this.logOnce(this.options.cacheDir, `the photo cache cannot be written: ${(error as Error).message}`);
    });
    return { kind: 'photo', photo };
  }

  private logOnce(url: string, reason: string): void {
    this.logLine(`${url}\n${reason}`, `photo not shown, placeholder instead: ${url.slice(0, 300)}: ${reason}`);
  }

  /** Logs a line once per key, at most LOG_LINES_PER_MINUTE a minute (then one line counting the rest). */
  private logLine(key: string, line: string): void {
    if (this.logged.has(key)) return;
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
    this.log(line);
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
