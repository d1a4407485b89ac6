/**
 * What the platform's server (scripts/serve.mjs, `npm start`) runs in front of Next for every
 * request: the optimised-image cache (./image-cache.ts), then the document cache of search pages
 * (./document-cache/handler.ts); whatever neither answers goes to Next unchanged. Installed by
 * instrumentation.ts inside Next's server code, after the startup checks, under a global name the
 * server looks up (it is plain JavaScript outside Next's bundles).
 */
import { createImageCache, imageStore } from './image-cache';
import { createDocumentCache, documentStore } from './document-cache/handler';
import type { ServeHook } from './response-cache/response-cache';

export const SERVE_HOOK = Symbol.for('dealer-platform.serve-hook');

type Env = Readonly<Record<string, string | undefined>>;

export interface ServeHookSettings {
  documents: { enabled: boolean; maxBytes: number; lifeMs: number };
  images: { enabled: boolean; maxBytes: number; lifeMs: number };
}

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
    },
  };
}

/** The hook for these settings: each cache in turn, then Next. */
export function serveHook(settings: ServeHookSettings): ServeHook | undefined {
  const hooks: ServeHook[] = [];
  if (settings.images.enabled)
    hooks.push(createImageCache(imageStore(settings.images.maxBytes, settings.images.lifeMs)));
  if (settings.documents.enabled)
    hooks.push(createDocumentCache({ store: documentStore(settings.documents.maxBytes, settings.documents.lifeMs) }));
  if (!hooks.length) return undefined;
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
  const hook = serveHook(serveHookSettings(env));
  if (hook) holder[SERVE_HOOK] = hook;
}
