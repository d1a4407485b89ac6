/**
 * Copying a response as Next writes it (it still goes to the client as it is written), for the
 * server's response caches (./response-cache.ts).
 */
import type { ServerResponse } from 'node:http';
import { promisify } from 'node:util';
import { brotliDecompress, gunzip, inflate } from 'node:zlib';

type Writer = (...args: unknown[]) => boolean;
type Ender = (...args: unknown[]) => ServerResponse;

const DECODERS: Readonly<Record<string, (body: Buffer) => Promise<Buffer>>> = {
  gzip: promisify(gunzip),
  deflate: promisify(inflate),
  br: promisify(brotliDecompress),
};

/**
 * Calls done once with the whole body as written (compressed if Next compressed it) when the
 * response finished, or undefined when it did not finish or grew past maxBytes.
 */
export function captureBody(res: ServerResponse, maxBytes: number, done: (body: Buffer | undefined) => void): void {
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
    if (size > maxBytes) {
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

/** The body as the page or image itself: undone from the response's Content-Encoding; undefined for one it does not know. */
export async function decodedBody(body: Buffer, contentEncoding: string | undefined): Promise<Buffer | undefined> {
  const coding = (contentEncoding ?? 'identity').trim().toLowerCase();
  if (coding === 'identity' || coding === '') return body;
  const decode = DECODERS[coding];
  return decode ? decode(body) : undefined;
}
