/**
 * The process-wide image route service (issue 18), configured from the environment:
 * - IMAGE_HOSTS: hosts every site may show photos from (comma separated; `host`, `host:port`,
 *   `*.host`); the platform's list may name private addresses (e.g. an internal image server).
 * - IMAGE_CACHE_DIR: where resized photos are kept (default data/image-cache).
 * - IMAGE_CACHE_MB: the disk budget of that cache (default 256), the same budget next.config.ts
 *   gives the optimiser's cache of the platform's own pictures.
 * One instance per process whichever bundle asks (on globalThis: Next bundles routes apart), so
 * concurrent requests for one photo share one fetch.
 */
import { join, resolve } from 'node:path';
import { PhotoProxy } from './photo-proxy';

export { PhotoProxy, placeholderResponse } from './photo-proxy';
export type { PhotoRequest } from './photo-proxy';

const DEFAULT_CACHE_MB = 256;

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
  });
}

const PROXY_KEY = Symbol.for('dealer-platform.photo-proxy');

/** The process-wide image route service. */
export function getPhotoProxy(): PhotoProxy {
  const holder = globalThis as { [PROXY_KEY]?: PhotoProxy };
  return (holder[PROXY_KEY] ??= photoProxyFromEnv());
}
