/**
 * The script policy of a page from Next's page cache (issue 30, L6). Such a page (the /site tree:
 * home, content and vehicle pages) is the same HTML for every visitor, so it carries no per-response
 * nonce, and the proxy gives it `script-src 'self'` (./security-headers.ts). On the way out, this
 * hook of the server in front of Next (./serve-hook.ts) adds the SHA-256 hash of each inline script
 * of the HTML, found the way the document cache finds them (./document-cache/document.ts): the page
 * runs its own inline scripts (Next's flight data, React's) and scripts from this origin, and
 * nothing else inline (no event-handler attribute, no javascript: address).
 * - Only an HTML answer whose policy waits for hashes is held back until Next has written all of it;
 *   every other answer (pages with a nonce, which stream, the API, assets) goes out as Next writes it.
 * - The body is sent exactly as Next wrote it (compressed as Next compressed it). The hashes of a
 *   body already seen are remembered by its digest, so a page served again costs one digest.
 * - A page with more inline scripts than a header can list (MAX_SCRIPT_HASHES, as the document cache)
 *   is sent uncompressed with a fresh nonce on each of them instead.
 * - A 304 goes out without a policy: the browser keeps the one of the page it has, which is this page.
 * - A page larger than MAX_HELD_BYTES is sent with no inline script allowed (it shows, unhydrated),
 *   and the error is logged: no page should come near it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { inlineScriptHashes, isDocumentRequest, MAX_SCRIPT_HASHES, withScriptNonce } from './document-cache/document';
import { awaitsScriptHashes, newNonce, withScriptSources } from './security-headers';
import { MemoryLru } from './response-cache/lru';
import { decodedBody } from './response-cache/capture';
import { headerText, type ServeHook } from './response-cache/response-cache';

/** The largest page held back to be hashed (bytes as Next wrote them, compressed or not). */
export const MAX_HELD_BYTES = 8 * 1024 * 1024;

type Writer = (...args: unknown[]) => boolean;
type Ender = (...args: unknown[]) => ServerResponse;
type HeadWriter = (...args: unknown[]) => ServerResponse;
type Flusher = () => void;

interface Patchable {
  write: Writer;
  end: Ender;
  writeHead: HeadWriter;
  flushHeaders: Flusher;
}

export interface CachedPagePolicyOptions {
  /** The hashes of bodies already seen, by digest (default: 1 MB for an hour). */
  memo?: MemoryLru<readonly string[]>;
  maxHeldBytes?: number;
  log?: Pick<Console, 'error'>;
}

export function scriptHashMemo(maxBytes = 1024 * 1024, lifeMs = 3_600_000): MemoryLru<readonly string[]> {
  return new MemoryLru<readonly string[]>({
    maxBytes,
    lifeMs,
    sizeOf: (hashes) => 64 + hashes.reduce((bytes, hash) => bytes + hash.length * 2, 0),
  });
}

/** A chunk as Next passed it to write or end, as bytes. */
function bytesOf(chunk: unknown, encoding: unknown): Buffer | undefined {
  if (typeof chunk === 'string')
    return Buffer.from(chunk, typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8');
  return chunk instanceof Uint8Array ? Buffer.from(chunk) : undefined;
}

/**
 * The status, reason and headers writeHead was given, set on the response (for an answer held back,
 * whose head is written later). Next's compression has usually set them already.
 */
function applyHeadArguments(res: ServerResponse, args: readonly unknown[]): void {
  if (typeof args[0] === 'number') res.statusCode = args[0];
  const reason = typeof args[1] === 'string' ? args[1] : undefined;
  if (reason !== undefined) res.statusMessage = reason;
  const headers = args[reason === undefined ? 1 : 2];
  if (Array.isArray(headers)) {
    // [[name, value], ...] or [name, value, name, value, ...]
    const pairs: unknown[][] = Array.isArray(headers[0])
      ? (headers as unknown[][])
      : headers.flatMap((value: unknown, i: number) => (i % 2 ? [] : [[value, headers[i + 1]]]));
    for (const [name, value] of pairs)
      if (typeof name === 'string' && value !== undefined) res.setHeader(name, value as string);
  } else if (headers && typeof headers === 'object') {
    for (const [name, value] of Object.entries(headers))
      if (value !== undefined) res.setHeader(name, value as string | string[] | number);
  }
}

/** Holds this response back when it turns out to be a cached page that waits for its hashes. */
function holdCachedPage(req: IncomingMessage, res: ServerResponse, options: Required<CachedPagePolicyOptions>) {
  const target = res as unknown as Patchable;
  const original = {
    write: target.write,
    end: target.end,
    writeHead: target.writeHead,
    flushHeaders: target.flushHeaders,
  };
  let mode: 'undecided' | 'hold' | 'through' = 'undecided';
  const chunks: Buffer[] = [];
  let held = 0;
  // A function, so the checks after decide() read the mode it set.
  const holding = () => mode === 'hold';

  /** Called when the head is about to go out (writeHead's arguments already on the response). */
  const decide = () => {
    if (mode !== 'undecided') return;
    mode = 'through';
    if (res.headersSent) return;
    const policy = headerText(res.getHeader('content-security-policy'));
    if (!awaitsScriptHashes(policy)) return;
    // A 304 confirms the page the browser has, whose policy it keeps when this answer names none. (It
    // has no Content-Type; a policy it carried would replace the stored page's, hashes and all.)
    if (res.statusCode === 304) res.removeHeader('content-security-policy');
    else if (!headerText(res.getHeader('content-type'))?.startsWith('text/html')) return;
    else if (res.statusCode !== 204 && req.method !== 'HEAD') mode = 'hold';
  };

  /** Sends what was held: the whole body now, or (past the size limit) what came so far and the rest as it comes. */
  const release = (body: Buffer | undefined, callback?: unknown) => {
    mode = 'through';
    if (res.destroyed) return;
    if (body === undefined) {
      for (const chunk of chunks.splice(0)) original.write.call(res, chunk);
      return;
    }
    chunks.length = 0;
    original.end.call(res, body, ...(typeof callback === 'function' ? [callback] : []));
  };

  /** The hashes of the page's inline scripts, or (past MAX_SCRIPT_HASHES) the page with a nonce on each. */
  const scriptsOf = async (body: Buffer): Promise<{ hashes: readonly string[] } | { nonce: string; html: Buffer }> => {
    const coding = headerText(res.getHeader('content-encoding'));
    const key = `${coding ?? ''}\n${createHash('sha256').update(body).digest('base64')}`;
    const known = options.memo.get(key, '');
    if (known) return { hashes: known };
    const decoded = await decodedBody(body, coding);
    if (!decoded) throw new Error(`Next sent it in an encoding this server does not read (${coding ?? ''})`);
    const html = decoded.toString('utf8');
    const hashes = inlineScriptHashes(html);
    if (hashes.length <= MAX_SCRIPT_HASHES) {
      options.memo.set(key, '', hashes);
      return { hashes };
    }
    const nonce = newNonce();
    return { nonce, html: Buffer.from(withScriptNonce(html, nonce), 'utf8') };
  };

  const finish = async (callback?: unknown) => {
    const body = Buffer.concat(chunks);
    const policy = headerText(res.getHeader('content-security-policy')) ?? '';
    try {
      const scripts = await scriptsOf(body);
      if ('hashes' in scripts) {
        res.setHeader('content-security-policy', withScriptSources(policy, scripts.hashes));
        release(body, callback);
        return;
      }
      res.setHeader('content-security-policy', withScriptSources(policy, [`nonce-${scripts.nonce}`]));
      res.removeHeader('content-encoding');
      res.removeHeader('content-length');
      release(scripts.html, callback);
    } catch (error) {
      // Sent as it came, under the policy it came with: the page shows, and runs no inline script.
      options.log.error(`cached page ${req.url ?? ''}: its inline scripts could not be listed:`, error);
      release(body, callback);
    }
  };

  target.writeHead = function (this: ServerResponse, ...args: unknown[]) {
    if (mode === 'through') return original.writeHead.apply(this, args);
    if (mode === 'undecided') {
      applyHeadArguments(res, args);
      decide();
      if (!holding()) return original.writeHead.call(this, res.statusCode, res.statusMessage);
    }
    // Held: the head goes out with the body, once the policy is complete.
    applyHeadArguments(res, args);
    return res;
  };
  target.flushHeaders = function (this: ServerResponse) {
    decide();
    if (!holding()) original.flushHeaders.call(this);
  };
  target.write = function (this: ServerResponse, ...args: unknown[]) {
    decide();
    if (!holding()) return original.write.apply(this, args);
    const chunk = bytesOf(args[0], args[1]);
    if (chunk) {
      chunks.push(chunk);
      held += chunk.length;
    }
    const callback = args.find((arg) => typeof arg === 'function');
    if (typeof callback === 'function') process.nextTick(() => (callback as () => void)());
    if (held > options.maxHeldBytes) {
      options.log.error(
        `cached page ${req.url ?? ''} is larger than ${options.maxHeldBytes} bytes: sent with no inline script allowed`,
      );
      release(undefined);
    }
    return true;
  };
  target.end = function (this: ServerResponse, ...args: unknown[]) {
    decide();
    if (!holding()) return original.end.apply(this, args);
    const chunk = typeof args[0] === 'function' ? undefined : bytesOf(args[0], args[1]);
    if (chunk) chunks.push(chunk);
    void finish(args.find((arg) => typeof arg === 'function'));
    return res;
  };
}

/** The hook: every document request's response is watched; only a cached page is held back. */
export function createCachedPagePolicy(options: CachedPagePolicyOptions = {}): ServeHook {
  const settings: Required<CachedPagePolicyOptions> = {
    memo: options.memo ?? scriptHashMemo(),
    maxHeldBytes: options.maxHeldBytes ?? MAX_HELD_BYTES,
    log: options.log ?? console,
  };
  return (req, res, next) => {
    if (isDocumentRequest(req.method, req.url, req.headers) && !req.url?.startsWith('/_next/'))
      holdCachedPage(req, res, settings);
    next();
  };
}
