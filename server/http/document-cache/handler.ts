/**
 * The document cache (issue 19): the first load of a search page (or any page whose blocks read only
 * the query string, engine/resolve-page.ts pageSharedByUrl) is answered from memory when the same
 * address was rendered moments ago from the same site version and stock. A sale-weekend crowd asks
 * for the same few searches again and again; each costs a whole render (tens of ms of CPU) without
 * this. It sits in front of Next in the platform's server (scripts/serve.mjs), which calls the hook
 * installed here for every request:
 * - Only document requests: Next's own data requests (client-side navigation, prefetches, server
 *   actions) always reach Next, so filtering on a page works exactly as it did, live.
 * - A miss goes to Next as usual; the response is kept when it is a whole 200 HTML page with no
 *   cookie, no streamed error and no block's "do not reuse" mark (a failed search). Concurrent
 *   misses for one address wait for the first render instead of rendering it again.
 * - A hit is the same HTML with headers made for this request: the security headers with a script
 *   policy of the page's own inline-script hashes (the first response's nonce is taken out of it).
 * - Validity: the key is the exact address on its host and scheme; the stamp is the site's document
 *   version, the tenant files and the stock generation (an import, hold or release anywhere), and a
 *   page lives DOCUMENT_CACHE_SECONDS (30) at most. Memory: DOCUMENT_CACHE_MB (32), least recently
 *   used dropped first. DOCUMENT_CACHE=off turns it off.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { acceptsGzip, isDocumentRequest, nonceOfPolicy, prepareDocument } from './document';
import { DocumentStore, type CachedDocument } from './store';
import { documentTarget, type DocumentTarget } from './target';
import { pageSecurityHeaders } from '../security-headers';

const gzip = promisify(gzipCallback);

/** The global name scripts/serve.mjs calls the hook by (the server is outside Next's bundles). */
export const DOCUMENT_CACHE_HOOK = Symbol.for('dealer-platform.document-cache');

export type DocumentCacheHook = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Response headers a kept page repeats; every other header is made for each response or left out. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'link', 'x-robots-tag', 'content-language'];
/** A page larger than this is not kept (the search page is about 250 KB). */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;
/** How long a request waits for the same address's render already under way before rendering it itself. */
const WAIT_FOR_RENDER_MS = 10_000;

export interface DocumentCacheOptions {
  store: DocumentStore;
  target?: typeof documentTarget;
  log?: Pick<Console, 'error'>;
}

function header(value: number | string | readonly string[] | undefined): string | undefined {
  if (value === undefined) return undefined;
  return Array.isArray(value) ? value.join(', ') : String(value);
}

function sendDocument(req: IncomingMessage, res: ServerResponse, target: DocumentTarget, document: CachedDocument) {
  const gzipped = acceptsGzip(req.headers['accept-encoding']);
  const body = gzipped ? document.gzip : document.html;
  res.statusCode = 200;
  for (const [name, value] of document.headers) res.setHeader(name, value);
  const security = pageSecurityHeaders({ https: target.https, scriptHashes: document.scriptHashes });
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  if (gzipped) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  res.setHeader('x-document-cache', 'hit');
  res.end(body);
}

type Writer = (...args: unknown[]) => boolean;
type Ender = (...args: unknown[]) => ServerResponse;

/**
 * Copies what Next writes into res (it still goes to the client as it is written) and calls done
 * once with the whole body when the response finished, or undefined when it did not or was too big.
 */
function captureBody(res: ServerResponse, done: (body: Buffer | undefined) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  let overflow = false;
  const keep = (chunk: unknown, encoding: unknown) => {
    if (overflow || chunk === undefined || chunk === null || typeof chunk === 'function') return;
    const buffer =
      typeof chunk === 'string'
        ? Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8')
        : chunk instanceof Uint8Array
          ? Buffer.from(chunk)
          : undefined;
    if (!buffer) return;
    size += buffer.length;
    if (size > MAX_DOCUMENT_BYTES) {
      overflow = true;
      chunks.length = 0;
      return;
    }
    chunks.push(buffer);
  };
  const writable = res as unknown as { write: Writer; end: Ender };
  const write = writable.write;
  const end = writable.end;
  writable.write = function (this: ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    return write.apply(this, args);
  };
  writable.end = function (this: ServerResponse, ...args: unknown[]) {
    keep(args[0], args[1]);
    return end.apply(this, args);
  };
  let called = false;
  const once = (body: Buffer | undefined) => {
    if (called) return;
    called = true;
    done(body);
  };
  res.once('finish', () => once(overflow ? undefined : Buffer.concat(chunks)));
  res.once('close', () => once(undefined));
}

/** The kept form of a finished response, or undefined when it must not be reused. */
async function keepable(res: ServerResponse, body: Buffer | undefined): Promise<CachedDocument | undefined> {
  if (!body || res.statusCode !== 200) return undefined;
  if (!header(res.getHeader('content-type'))?.startsWith('text/html')) return undefined;
  if (res.getHeader('set-cookie') !== undefined || res.getHeader('content-encoding') !== undefined) return undefined;
  const prepared = prepareDocument(
    body.toString('utf8'),
    nonceOfPolicy(header(res.getHeader('content-security-policy'))),
  );
  if (!prepared.ok) return undefined;
  const html = Buffer.from(prepared.html, 'utf8');
  const headers = KEPT_HEADERS.flatMap((name) => {
    const value = header(res.getHeader(name));
    return value === undefined ? [] : [[name, value] as const];
  });
  return { headers, html, gzip: await gzip(html), scriptHashes: prepared.scriptHashes };
}

export function createDocumentCache(options: DocumentCacheOptions): DocumentCacheHook {
  const { store } = options;
  const target = options.target ?? documentTarget;
  const log = options.log ?? console;
  /** Renders under way, by key and stamp: settled when the response is kept or given up. */
  const rendering = new Map<string, Promise<void>>();

  const render = (req: IncomingMessage, res: ServerResponse, next: () => void, found: DocumentTarget) => {
    const id = `${found.stamp}\n${found.key}`;
    let settle = () => {};
    rendering.set(id, new Promise<void>((resolve) => (settle = resolve)));
    const finish = () => {
      rendering.delete(id);
      settle();
    };
    // The body is kept uncompressed; this one response goes to the client unencoded too.
    delete req.headers['accept-encoding'];
    res.setHeader('x-document-cache', 'miss');
    captureBody(res, (body) => {
      keepable(res, body)
        .then((document) => {
          if (document) store.set(found.key, found.stamp, document);
        })
        .catch((error: unknown) => log.error('the document cache could not keep a page', error))
        .finally(finish);
    });
    next();
  };

  return (req, res, next) => {
    let found: DocumentTarget | undefined;
    try {
      found = isDocumentRequest(req.method, req.url, req.headers)
        ? target({
            url: req.url ?? '/',
            host: header(req.headers.host),
            forwardedProto: header(req.headers['x-forwarded-proto']),
          })
        : undefined;
    } catch (error) {
      log.error('the document cache could not place a request; Next answers it', error);
      found = undefined;
    }
    if (!found) return next();
    const hit = store.get(found.key, found.stamp);
    if (hit) return sendDocument(req, res, found, hit);
    const underWay = rendering.get(`${found.stamp}\n${found.key}`);
    if (!underWay) return render(req, res, next, found);
    const waited = found;
    void Promise.race([underWay, new Promise((resolve) => setTimeout(resolve, WAIT_FOR_RENDER_MS).unref())]).then(
      () => {
        if (res.destroyed) return;
        const kept = store.get(waited.key, waited.stamp);
        if (kept) sendDocument(req, res, waited, kept);
        else next();
      },
    );
  };
}

export interface DocumentCacheSettings {
  enabled: boolean;
  maxBytes: number;
  lifeMs: number;
}

function whole(
  env: Readonly<Record<string, string | undefined>>,
  name: string,
  fallback: number,
  max: number,
  unit: string,
) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} is "${text}"; it must be a whole number of ${unit} from 1 to ${max}.`);
  return value;
}

/** The document cache's settings from the environment; a value it cannot use is an error naming it (startup check). */
export function documentCacheSettings(env: Readonly<Record<string, string | undefined>>): DocumentCacheSettings {
  const switched = env.DOCUMENT_CACHE;
  if (switched !== undefined && switched !== '' && switched !== 'on' && switched !== 'off')
    throw new Error(`DOCUMENT_CACHE is "${switched}"; it must be on (the default) or off.`);
  return {
    enabled: switched !== 'off',
    maxBytes: whole(env, 'DOCUMENT_CACHE_MB', 32, 4096, 'megabytes') * 1024 * 1024,
    lifeMs: whole(env, 'DOCUMENT_CACHE_SECONDS', 30, 3600, 'seconds') * 1000,
  };
}

/** Installs the hook for scripts/serve.mjs (from instrumentation.ts, after the startup checks), unless DOCUMENT_CACHE=off. */
export function installDocumentCache(env: Readonly<Record<string, string | undefined>> = process.env): void {
  const holder = globalThis as { [DOCUMENT_CACHE_HOOK]?: DocumentCacheHook };
  const settings = documentCacheSettings(env);
  if (!settings.enabled) {
    delete holder[DOCUMENT_CACHE_HOOK];
    return;
  }
  if (holder[DOCUMENT_CACHE_HOOK]) return;
  holder[DOCUMENT_CACHE_HOOK] = createDocumentCache({
    store: new DocumentStore({ maxBytes: settings.maxBytes, lifeMs: settings.lifeMs }),
  });
}
