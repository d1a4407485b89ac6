/**
 * The shape both of the server's response caches share (the document cache of search pages and
 * the optimised-image cache, ../serve-hook.ts): a request is placed (a key and the stamp it must
 * match) or left to Next; a hit is answered from memory; a miss goes to Next as usual while its
 * response is copied, and is kept when it is a finished 200 with no cookie that the cache's own
 * rule accepts. Concurrent misses for one key wait for the first instead of making it again.
 * Every answer says which it was in the cache's status header (`hit` or `miss`).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { captureBody, decodedBody } from './capture';
import type { MemoryLru } from './lru';

export type ServeHook = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

export interface Placement {
  key: string;
  stamp: string;
}

export interface ResponseCacheOptions<P extends Placement, V> {
  lru: MemoryLru<V>;
  /** The response header naming hit or miss, e.g. x-document-cache. */
  statusHeader: string;
  /** Where the request belongs, or undefined to leave it to Next untouched. */
  place: (req: IncomingMessage) => P | undefined;
  /** What to keep of a finished 200 response without cookies (its body decoded), or undefined to keep nothing. */
  keep: (res: ServerResponse, body: Buffer, placed: P) => Promise<V | undefined> | V | undefined;
  /** Writes a kept entry as the answer to req (status and headers included). */
  send: (req: IncomingMessage, res: ServerResponse, value: V, placed: P) => void;
  /** The largest response copied (bytes); a larger one is sent but not kept. */
  maxBodyBytes: number;
  log?: Pick<Console, 'error'>;
}

/**
 * How long a request waits for the same key's response already under way before asking Next
 * itself. The response is kept only once its client has read it all, which a slow (or hostile)
 * client can stretch without end: after this, the miss stops holding anyone back and later
 * requests are misses of their own.
 */
const WAIT_FOR_MISS_MS = 2_000;

/** A header's value as one string (several values joined), or undefined when it is absent. */
export const headerText = (value: number | string | readonly string[] | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'object' ? value.join(', ') : String(value);

export function createResponseCache<P extends Placement, V>(options: ResponseCacheOptions<P, V>): ServeHook {
  const { lru, statusHeader } = options;
  const log = options.log ?? console;
  /** Misses under way, by stamp and key: settled when the response is kept or given up. */
  const underWay = new Map<string, Promise<void>>();

  const answer = (req: IncomingMessage, res: ServerResponse, value: V, placed: P) => {
    res.setHeader(statusHeader, 'hit');
    options.send(req, res, value, placed);
  };

  const keep = async (res: ServerResponse, body: Buffer | undefined, placed: P) => {
    if (!body || res.statusCode !== 200 || res.getHeader('set-cookie') !== undefined) return;
    const decoded = await decodedBody(body, headerText(res.getHeader('content-encoding')));
    if (!decoded) return;
    const value = await options.keep(res, decoded, placed);
    if (value !== undefined) lru.set(placed.key, placed.stamp, value);
  };

  const miss = (res: ServerResponse, next: () => void, placed: P) => {
    const id = `${placed.stamp}\n${placed.key}`;
    let settle = () => {};
    const pending = new Promise<void>((resolve) => (settle = resolve));
    underWay.set(id, pending);
    const release = () => {
      if (underWay.get(id) === pending) underWay.delete(id);
      settle();
    };
    setTimeout(release, WAIT_FOR_MISS_MS).unref();
    res.setHeader(statusHeader, 'miss');
    captureBody(res, options.maxBodyBytes, (body) => {
      keep(res, body, placed)
        .catch((error: unknown) => log.error(`${statusHeader}: a response could not be kept`, error))
        .finally(release);
    });
    next();
  };

  return (req, res, next) => {
    let placed: P | undefined;
    try {
      placed = options.place(req);
    } catch (error) {
      log.error(`${statusHeader}: a request could not be placed; Next answers it`, error);
    }
    if (!placed) return next();
    const hit = lru.get(placed.key, placed.stamp);
    if (hit !== undefined) return answer(req, res, hit, placed);
    const pending = underWay.get(`${placed.stamp}\n${placed.key}`);
    if (!pending) return miss(res, next, placed);
    const waiting = placed;
    void pending.then(() => {
      if (res.destroyed) return;
      const kept = lru.get(waiting.key, waiting.stamp);
      if (kept !== undefined) answer(req, res, kept, waiting);
      // Not kept (yet): this request is a miss of its own, and its answer may be kept.
      else miss(res, next, waiting);
    });
  };
}
