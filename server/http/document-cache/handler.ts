/**
 * The document cache (issue 19): the first load of a search page (or any page whose blocks read only
 * the query string, engine/resolve-page.ts pageSharedByUrl) is answered from memory when the same
 * address was rendered moments ago from the same site version and stock. A sale-weekend crowd asks
 * for the same few searches again and again; each costs a whole render (tens of ms of CPU) without
 * this. One of the server's response caches (../serve-hook.ts, ../response-cache):
 * - Only document requests: Next's own data requests (client-side navigation, prefetches, server
 *   actions) always reach Next, so filtering on a page works exactly as it did, live.
 * - A miss goes to Next as usual (compressed as usual); the page is kept when it is a whole 200 HTML
 *   page with no cookie, no streamed error and no block's "do not reuse" mark (a failed search).
 * - A hit is the same HTML with headers made for this request: the security headers with a script
 *   policy of the page's own inline-script hashes (the first response's nonce is taken out of it),
 *   gzipped for a client that takes gzip.
 * - Validity: the key is the exact address on its host and scheme; the stamp is the site's document
 *   version, the tenant files and the stock generation (an import, hold or release anywhere), and a
 *   page lives DOCUMENT_CACHE_SECONDS (30) at most. Memory: DOCUMENT_CACHE_MB (32).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { isBot } from 'next/dist/shared/lib/router/utils/is-bot';
import { promisify } from 'node:util';
import { gunzipSync, gzip as gzipCallback } from 'node:zlib';
import { acceptsGzip, isDocumentRequest, prepareDocument, nonceOfPolicy } from './document';
import { documentTarget, type DocumentTarget } from './target';
import { pageSecurityHeaders } from '../security-headers';
import { MemoryLru } from '../response-cache/lru';
import { createResponseCache, headerText, type ServeHook } from '../response-cache/response-cache';

const gzip = promisify(gzipCallback);

export interface CachedDocument {
  /** The response headers to repeat (content type, caching, Vary, preload links). */
  headers: ReadonlyArray<readonly [string, string]>;
  /**
   * The page gzipped: a tenth of its size, so the cache holds ten times the pages (a crowd's 200
   * searches of ~250 KB each outgrew 32 MB kept whole). Browsers take it as it is; a client that
   * does not take gzip gets it unzipped (under a millisecond for a search page).
   */
  gzip: Buffer;
  /** CSP hash sources of the page's inline scripts. */
  scriptHashes: readonly string[];
}

/** Response headers a kept page repeats; every other header is made for each response or left out. */
const KEPT_HEADERS = ['content-type', 'cache-control', 'vary', 'link', 'x-robots-tag', 'content-language'];
/** A page larger than this is not kept (the search page is about 250 KB). */
const MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

export function documentStore(maxBytes: number, lifeMs: number, now?: () => number): MemoryLru<CachedDocument> {
  return new MemoryLru<CachedDocument>({
    maxBytes,
    lifeMs,
    sizeOf: (document) => document.gzip.length,
    ...(now ? { now } : {}),
  });
}

/** The kept form of a page Next rendered, or undefined when it must not be reused. */
async function keepDocument(res: ServerResponse, body: Buffer): Promise<CachedDocument | undefined> {
  if (!headerText(res.getHeader('content-type'))?.startsWith('text/html')) return undefined;
  const prepared = prepareDocument(
    body.toString('utf8'),
    nonceOfPolicy(headerText(res.getHeader('content-security-policy'))),
  );
  if (!prepared.ok) return undefined;
  const html = Buffer.from(prepared.html, 'utf8');
  const headers = KEPT_HEADERS.flatMap((name) => {
    const value = headerText(res.getHeader(name));
    return value === undefined ? [] : [[name, value] as const];
  });
  return { headers, gzip: await gzip(html), scriptHashes: prepared.scriptHashes };
}

function sendDocument(req: IncomingMessage, res: ServerResponse, document: CachedDocument, target: DocumentTarget) {
  const gzipped = acceptsGzip(req.headers['accept-encoding']);
  const body = gzipped ? document.gzip : gunzipSync(document.gzip);
  res.statusCode = 200;
  for (const [name, value] of document.headers) res.setHeader(name, value);
  const security = pageSecurityHeaders({ https: target.https, scriptHashes: document.scriptHashes });
  for (const [name, value] of Object.entries(security)) res.setHeader(name, value);
  if (gzipped) res.setHeader('content-encoding', 'gzip');
  res.setHeader('content-length', body.length);
  res.end(body);
}

export interface DocumentCacheOptions {
  store: MemoryLru<CachedDocument>;
  target?: typeof documentTarget;
  log?: Pick<Console, 'error'>;
}

export function createDocumentCache(options: DocumentCacheOptions): ServeHook {
  const target = options.target ?? documentTarget;
  return createResponseCache<DocumentTarget, CachedDocument>({
    lru: options.store,
    statusHeader: 'x-document-cache',
    maxBodyBytes: MAX_DOCUMENT_BYTES,
    ...(options.log ? { log: options.log } : {}),
    // Next renders a page's metadata differently for crawlers (in the head for HTML-limited bots):
    // crawlers are rendered live, so no crawler's page is given to a shopper or the other way round.
    place: (req) =>
      isDocumentRequest(req.method, req.url, req.headers) && !isBot(headerText(req.headers['user-agent']) ?? '')
        ? target({
            url: req.url ?? '/',
            host: headerText(req.headers.host),
            forwardedProto: headerText(req.headers['x-forwarded-proto']),
          })
        : undefined,
    keep: keepDocument,
    send: sendDocument,
  });
}
