/**
 * The optimised-image cache: Next's image optimiser (/_next/image) keeps its results on disk only
 * when ISR pages are flushed to disk too (experimental.isrFlushToDisk), which the platform turns off
 * so no request can fill the disk (next.config.ts). Without a cache every picture was encoded again
 * (AVIF, a fifth of a second of CPU) for every shopper whose browser did not have it yet. The
 * platform's server keeps the results here instead, in memory: one of its response caches
 * (./serve-hook.ts, ./response-cache), keyed by the image address (source, width, quality) and the
 * browser's Accept header (which format Next chose), for IMAGE_MEMORY_CACHE_SECONDS (3600) at most,
 * within IMAGE_MEMORY_CACHE_MB (64), least recently used dropped first. Only the platform's own
 * pictures pass the optimiser (next.config.ts localPatterns: /media/, /assets/); feed photos on
 * dealers' hosts go through /api/images and its own cache.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { MemoryLru } from './response-cache/lru';
import { createResponseCache, headerText, type Placement, type ServeHook } from './response-cache/response-cache';

export interface CachedImage {
  headers: ReadonlyArray<readonly [string, string]>;
  body: Buffer;
}

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
  'x-image-cache',
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

/** Where an optimiser request belongs: its address and the browser's Accept header. */
export function placeImage(
  method: string | undefined,
  url: string | undefined,
  accept: string | undefined,
): Placement | undefined {
  if (method !== 'GET' || !url?.startsWith('/_next/image?')) return undefined;
  return { key: `${url}\n${accept ?? ''}`, stamp: '' };
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

export function createImageCache(store: MemoryLru<CachedImage>, log?: Pick<Console, 'error'>): ServeHook {
  return createResponseCache<Placement, CachedImage>({
    lru: store,
    statusHeader: 'x-image-cache',
    maxBodyBytes: MAX_IMAGE_BYTES,
    ...(log ? { log } : {}),
    place: (req) => placeImage(req.method, req.url, headerText(req.headers.accept)),
    keep: (res, body) => keepImage(res, body),
    send: (req, res, image) => sendImage(req, res, image),
  });
}
