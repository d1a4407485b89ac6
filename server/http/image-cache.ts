/**
 * The optimised-image cache: Next's image optimiser (/_next/image) keeps its results on disk only
 * when ISR pages are flushed to disk too (experimental.isrFlushToDisk), which the platform turns off
 * so no request can fill the disk (next.config.ts). Without a cache every picture was encoded again
 * (AVIF, a fifth of a second of CPU) for every shopper whose browser did not have it yet. The
 * platform's server keeps the results here instead, in memory: one of its response caches
 * (./serve-hook.ts, ./response-cache), for IMAGE_MEMORY_CACHE_SECONDS (3600) at most, within
 * IMAGE_MEMORY_CACHE_MB (64), least recently used dropped first. Only the platform's own pictures
 * pass the optimiser (next.config.ts localPatterns: /media/, /assets/); feed photos on dealers'
 * hosts go through /api/images and its own cache.
 *
 * Issue 30 (M3): an entry is keyed by what decides the picture, never by how a client spelled the
 * request: the source, width, quality and the format Next chooses from Accept
 * (domain/optimised-image-request.ts). A request with any other query parameter, a width or
 * quality Next does not make, or a second spelling of a site path is refused (400, a sentence)
 * before Next sees it; Next is handed the one spelling (url, w, q; an Accept naming only the
 * chosen format), so what it makes always matches the key. What has to be made (a miss) counts
 * against the client's address, IMAGE_MEMORY_CACHE_MISSES_PER_MINUTE in every process together
 * (429 past it), and waits for one of IMAGE_MEMORY_CACHE_ENCODES encoding slots (./encode-gate.ts;
 * 503 with Retry-After when the line is full). Answers from memory cost neither.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { addressForLimits } from '../../domain/client-address';
import { clientAddress, trustedProxyHops } from '../../domain/client-network';
import {
  canonicalAccept,
  canonicalOptimiserTarget,
  isOptimiserPath,
  negotiateOptimisedFormat,
  optimisedImageKey,
  parseOptimisedImageRequest,
  splitTarget,
} from '../../domain/optimised-image-request';
import type { RateLimitVerdict } from '../../services/rate-limit';
import type { EncodeGate } from './encode-gate';
import { MemoryLru } from './response-cache/lru';
import { createResponseCache, headerText, type Placement, type ServeHook } from './response-cache/response-cache';

export interface CachedImage {
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
}

/** What the cache needs of a rate limit (SharedRateLimit is one). */
export interface MissBudget {
  readonly max: number;
  attempt(key: string, now?: number): Promise<RateLimitVerdict>;
}

export interface ImageCacheOptions {
  /** Encoding slots shared by every miss of this process; without one, misses go to Next at once. */
  gate?: EncodeGate;
  /** Misses counted per client address (its /64 for IPv6); without one, misses are not counted. */
  missBudget?: MissBudget;
  /** TRUSTED_PROXY_HOPS, read when a client is counted (default: the environment's). */
  proxyHops?: () => number;
  log?: Pick<Console, 'error'>;
}

const STATUS_HEADER = 'x-image-cache';

/** Headers made for each response, or that must not be repeated. */
const NOT_KEPT = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  // The body is kept decoded (response-cache/capture.ts), so it goes out without its first encoding.
  'content-encoding',
  'set-cookie',
  'x-nextjs-cache',
  STATUS_HEADER,
]);
/** The largest optimised picture kept (Next's own limit for a source is 50 MB; ours are far smaller). */
const MAX_IMAGE_BYTES = 4 * 1024 * 1024;

export function imageStore(maxBytes: number, lifeMs: number, now?: () => number): MemoryLru<CachedImage> {
  return new MemoryLru<CachedImage>({
    maxBytes,
    lifeMs,
    sizeOf: (image) => image.body.length + image.headers.reduce((sum, [n, v]) => sum + n.length + v.length, 0),
    ...(now ? { now } : {}),
  });
}

/**
 * What the cache does with a request: leave it to Next (not the optimiser), refuse it, or treat it
 * as the picture `key` (with the one address and Accept header Next is to be given).
 */
export type ImagePlacement =
  | { kind: 'not-an-image' }
  | { kind: 'refused'; status: 400 | 405; message: string }
  | { kind: 'image'; key: string; target: string; accept: string | undefined };

export function placeImage(
  method: string | undefined,
  url: string | undefined,
  accept: string | undefined,
): ImagePlacement {
  const target = url ?? '';
  if (!isOptimiserPath(splitTarget(target).path)) return { kind: 'not-an-image' };
  if (method !== 'GET' && method !== 'HEAD')
    return { kind: 'refused', status: 405, message: 'Pictures can only be fetched (GET or HEAD).' };
  const parsed = parseOptimisedImageRequest(target);
  if (!parsed.ok) return { kind: 'refused', status: parsed.status, message: parsed.message };
  const format = negotiateOptimisedFormat(accept);
  return {
    kind: 'image',
    key: optimisedImageKey(parsed.request, format),
    target: canonicalOptimiserTarget(parsed.request),
    accept: canonicalAccept(format),
  };
}

function keepImage(res: ServerResponse, body: Buffer): CachedImage | undefined {
  if (!headerText(res.getHeader('content-type'))?.startsWith('image/')) return undefined;
  const headers = Object.entries(res.getHeaders()).flatMap(([name, value]) => {
    const kept = NOT_KEPT.has(name.toLowerCase()) ? undefined : headerText(value);
    return kept === undefined ? [] : [[name, kept] as const];
  });
  return { headers, body };
}

function sendImage(req: IncomingMessage, res: ServerResponse, image: CachedImage) {
  for (const [name, value] of image.headers) res.setHeader(name, value);
  const etag = image.headers.find(([name]) => name.toLowerCase() === 'etag')?.[1];
  if (etag && req.headers['if-none-match'] === etag) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader('content-length', image.body.length);
  res.end(image.body);
}

/** A refusal in plain words that nothing keeps. */
function plain(res: ServerResponse, status: number, text: string, headers: Record<string, string> = {}) {
  if (res.headersSent || res.destroyed) return;
  const body = Buffer.from(`${text}\n`, 'utf8');
  res.statusCode = status;
  res.setHeader('content-type', 'text/plain; charset=utf-8');
  res.setHeader('cache-control', 'no-store');
  res.setHeader('x-content-type-options', 'nosniff');
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('content-length', body.length);
  res.end(body);
}

export const BUSY_MESSAGE = 'The server is busy making other pictures. Please try again in a moment.';
export const busyRetrySeconds = 2;

export function tooManyMessage(max: number): string {
  return `Too many new pictures were asked for from this address in the last minute (the server makes at most ${max} a minute for one address). Pictures already made are still served; please try again in a minute.`;
}

export function createImageCache(store: MemoryLru<CachedImage>, options: ImageCacheOptions = {}): ServeHook {
  const placements = new WeakMap<IncomingMessage, Placement>();
  const proxyHops = options.proxyHops ?? (() => trustedProxyHops(process.env.TRUSTED_PROXY_HOPS));
  const log = options.log ?? console;

  const cache = createResponseCache<Placement, CachedImage>({
    lru: store,
    statusHeader: STATUS_HEADER,
    maxBodyBytes: MAX_IMAGE_BYTES,
    log,
    place: (req) => placements.get(req),
    keep: (res, body) => keepImage(res, body),
    send: (req, res, image) => sendImage(req, res, image),
  });

  const withinBudget = async (req: IncomingMessage): Promise<boolean> => {
    if (!options.missBudget) return true;
    const address = clientAddress(
      headerText(req.headers['x-forwarded-for']),
      headerText(req.headers['x-real-ip']),
      req.socket.remoteAddress,
      proxyHops(),
    );
    // When the count cannot be kept (the database failed; the limiter logs it) the picture is
    // made anyway: the encoding slots still bound the work.
    return (await options.missBudget.attempt(address ? addressForLimits(address) : 'unknown')) !== 'limited';
  };

  /** A picture to be made: counted against the client, then made in turn. */
  const make = (req: IncomingMessage, res: ServerResponse, key: string, next: () => void) => {
    void withinBudget(req)
      .catch((error: unknown) => {
        log.error(`${STATUS_HEADER}: a client's misses could not be counted`, error);
        return true;
      })
      .then((allowed) => {
        if (res.destroyed) return;
        if (!allowed) return plain(res, 429, tooManyMessage(options.missBudget?.max ?? 0), { 'retry-after': '60' });
        const start = () => {
          // Made by an earlier request while this one waited its turn: no need to make it again.
          const kept = store.get(key, '');
          if (kept === undefined) return next();
          res.setHeader(STATUS_HEADER, 'hit');
          sendImage(req, res, kept);
        };
        if (!options.gate) return start();
        options.gate.enter(res, start, () =>
          plain(res, 503, BUSY_MESSAGE, { 'retry-after': String(busyRetrySeconds) }),
        );
      });
  };

  return (req, res, next) => {
    let placed: ImagePlacement;
    try {
      placed = placeImage(req.method, req.url, headerText(req.headers.accept));
    } catch (error) {
      log.error(`${STATUS_HEADER}: a request could not be placed; Next answers it`, error);
      return next();
    }
    if (placed.kind === 'not-an-image') return next();
    if (placed.kind === 'refused')
      return plain(res, placed.status, placed.message, placed.status === 405 ? { allow: 'GET, HEAD' } : {});
    // Next is given the one spelling of this request, so what it makes is what the key names.
    req.url = placed.target;
    if (placed.accept === undefined) delete req.headers.accept;
    else req.headers.accept = placed.accept;
    const { key } = placed;
    if (req.method === 'HEAD') {
      // Answered from memory when the picture is there; otherwise made like any miss, but not kept.
      const kept = store.get(key, '');
      res.setHeader(STATUS_HEADER, kept === undefined ? 'miss' : 'hit');
      if (kept === undefined) return make(req, res, key, next);
      return sendImage(req, res, kept);
    }
    placements.set(req, { key, stamp: '' });
    cache(req, res, () => make(req, res, key, next));
  };
}
