/**
 * What the platform's server (scripts/serve.mjs, `npm start`) runs in front of Next for every
 * request: the optimised-image cache (./image-cache.ts), then the document cache of search pages
 * (./document-cache/handler.ts); whatever neither answers goes to Next, and a page from Next's page
 * cache gets the hashes of its inline scripts in its policy on the way out (./cached-page-policy.ts,
 * always on: without it such a page runs no inline script). Installed by
 * instrumentation.ts inside Next's server code, after the startup checks, under a global name the
 * server looks up (it is plain JavaScript outside Next's bundles).
 */
import { SharedRateLimit } from '../../services/rate-limit';
import { createImageCache, imageStore } from './image-cache';
import { createDocumentCache, documentStore } from './document-cache/handler';
import { createCachedPagePolicy } from './cached-page-policy';
import { createEncodeGate } from './encode-gate';
import type { ServeHook } from './response-cache/response-cache';

export const SERVE_HOOK = Symbol.for('dealer-platform.serve-hook');

type Env = Readonly<Record<string, string | undefined>>;

export interface ServeHookSettings {
  documents: { enabled: boolean; maxBytes: number; lifeMs: number };
  images: {
    enabled: boolean;
    maxBytes: number;
    lifeMs: number;
    /** Optimiser encodings at once in this process (IMAGE_MEMORY_CACHE_ENCODES). */
    encodes: number;
    /** Pictures one client address may have made per minute, every process together (IMAGE_MEMORY_CACHE_MISSES_PER_MINUTE). */
    missesPerMinute: number;
  };
}

/** Misses waiting for an encoding slot at most; any more are answered 503 at once. */
export const IMAGE_ENCODE_LINE = 64;
/** How long a miss waits for an encoding slot at most before it is answered 503. */
export const IMAGE_ENCODE_WAIT_MS = 10_000;
/** An encoding holds its slot this long at most (one that takes longer is stuck, not busy). */
export const IMAGE_ENCODE_HOLD_MS = 30_000;

function whole(env: Env, name: string, fallback: number, max: number, unit: string): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} is "${text}"; it must be a whole number of ${unit} from 1 to ${max}.`);
  return value;
}

function onOff(env: Env, name: string): boolean {
  const text = env[name];
  if (text === undefined || text === '' || text === 'on') return true;
  if (text === 'off') return false;
  throw new Error(`${name} is "${text}"; it must be on (the default) or off.`);
}

/** The caches' settings from the environment; a value they cannot use is an error naming it (a startup check). */
export function serveHookSettings(env: Env): ServeHookSettings {
  const MB = 1024 * 1024;
  return {
    documents: {
      enabled: onOff(env, 'DOCUMENT_CACHE'),
      maxBytes: whole(env, 'DOCUMENT_CACHE_MB', 32, 4096, 'megabytes') * MB,
      lifeMs: whole(env, 'DOCUMENT_CACHE_SECONDS', 30, 3600, 'seconds') * 1000,
    },
    images: {
      enabled: onOff(env, 'IMAGE_MEMORY_CACHE'),
      maxBytes: whole(env, 'IMAGE_MEMORY_CACHE_MB', 64, 4096, 'megabytes') * MB,
      lifeMs: whole(env, 'IMAGE_MEMORY_CACHE_SECONDS', 3600, 86_400, 'seconds') * 1000,
      encodes: whole(env, 'IMAGE_MEMORY_CACHE_ENCODES', 2, 64, 'encodings'),
      missesPerMinute: whole(env, 'IMAGE_MEMORY_CACHE_MISSES_PER_MINUTE', 120, 100_000, 'pictures'),
    },
  };
}

/** The hook for these settings: each cache in turn, then Next. */
export function serveHook(settings: ServeHookSettings): ServeHook {
  const hooks: ServeHook[] = [];
  const { images } = settings;
  if (images.enabled)
    hooks.push(
      createImageCache(imageStore(images.maxBytes, images.lifeMs), {
        gate: createEncodeGate({
          slots: images.encodes,
          maxWaiting: IMAGE_ENCODE_LINE,
          maxWaitMs: IMAGE_ENCODE_WAIT_MS,
          holdMs: IMAGE_ENCODE_HOLD_MS,
        }),
        // Counted in the database, so a client's misses add up across every process (DESIGN.md).
        missBudget: new SharedRateLimit('optimised-image-misses', images.missesPerMinute, 60_000),
      }),
    );
  if (settings.documents.enabled)
    hooks.push(createDocumentCache({ store: documentStore(settings.documents.maxBytes, settings.documents.lifeMs) }));
  // Always, last: the hashes of the inline scripts of a page from Next's page cache (issue 30, L6).
  hooks.push(createCachedPagePolicy());
  return (req, res, next) => {
    const run = (index: number): void => {
      const hook = hooks[index];
      if (!hook) return next();
      hook(req, res, () => run(index + 1));
    };
    run(0);
  };
}

/** Installs the hook for scripts/serve.mjs (once per process). */
export function installServeHook(env: Env = process.env): void {
  const holder = globalThis as { [SERVE_HOOK]?: ServeHook };
  if (holder[SERVE_HOOK]) return;
  holder[SERVE_HOOK] = serveHook(serveHookSettings(env));
}
