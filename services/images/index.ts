/**
 * The process-wide image route service (issue 18), configured from the environment:
 * - IMAGE_HOSTS: hosts every site may show photos from (comma separated; `host`, `host:port`,
 *   `*.domain`); the platform's list may name private addresses (e.g. an internal image server).
 * - IMAGE_CACHE_DIR: where resized photos are kept (default data/image-cache).
 * - IMAGE_CACHE_MB: the disk budget of that cache (default 256). The optimiser's results for the
 *   platform's own pictures are kept in memory instead (server/http/image-cache.ts).
 * - IMAGE_RESIZE_CONCURRENCY: sharp jobs at once per process (default 2); keep it below libuv's
 *   thread pool (UV_THREADPOOL_SIZE, default 4), which dns.lookup and file reads also need.
 * - IMAGE_MISSES_PER_MINUTE: uncached photos one client address may have fetched per minute
 *   (default 60), counted in the database so every process shares the count.
 * One instance per process whichever bundle asks (on globalThis: Next bundles routes apart), so
 * concurrent requests for one photo share one fetch.
 */
import { join, resolve } from 'node:path';
import { SharedRateLimit } from '../rate-limit';
import { DEFAULT_MISSES_PER_MINUTE, DEFAULT_RESIZE_CONCURRENCY, PhotoProxy } from './photo-proxy';

export { PhotoProxy, placeholderResponse } from './photo-proxy';
export type { PhotoRequest } from './photo-proxy';

const DEFAULT_CACHE_MB = 256;

/** A whole number ≥ 1 from the environment, or the default. */
function positiveWhole(text: string | undefined, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

export function photoProxyFromEnv(env: NodeJS.ProcessEnv = process.env): PhotoProxy {
  const root = process.cwd();
  const megabytes = Number(env.IMAGE_CACHE_MB) > 0 ? Number(env.IMAGE_CACHE_MB) : DEFAULT_CACHE_MB;
  return new PhotoProxy({
    platformHosts: env.IMAGE_HOSTS ?? '',
    cacheDir: env.IMAGE_CACHE_DIR
      ? resolve(/*turbopackIgnore: true*/ root, env.IMAGE_CACHE_DIR)
      : join(/*turbopackIgnore: true*/ root, 'data', 'image-cache'),
    cacheMaxBytes: megabytes * 1024 * 1024,
    publicDir: join(/*turbopackIgnore: true*/ root, 'public'),
    resizeConcurrency: positiveWhole(env.IMAGE_RESIZE_CONCURRENCY, DEFAULT_RESIZE_CONCURRENCY),
    missBudget: new SharedRateLimit(
      'photo-misses',
      positiveWhole(env.IMAGE_MISSES_PER_MINUTE, DEFAULT_MISSES_PER_MINUTE),
      60_000,
    ),
  });
}

const PROXY_KEY = Symbol.for('dealer-platform.photo-proxy');

/** The process-wide image route service. */
export function getPhotoProxy(): PhotoProxy {
  const holder = globalThis as { [PROXY_KEY]?: PhotoProxy };
  return (holder[PROXY_KEY] ??= photoProxyFromEnv());
}
