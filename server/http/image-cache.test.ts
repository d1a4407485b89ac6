import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createImageCache, imageStore, placeImage } from './image-cache';

/** The image cache in front of a stand-in for Next's image optimiser, on a real HTTP server. */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start() {
  const encoded: string[] = [];
  const hook = createImageCache(imageStore(1 << 20, 60_000));
  server = createServer((req, res) =>
    hook(req, res, () => {
      encoded.push(`${req.url} ${req.headers.accept}`);
      if (req.url?.includes('missing')) {
        res.statusCode = 400;
        res.end('"url" parameter is not allowed');
        return;
      }
      const avif = req.headers.accept?.includes('image/avif');
      res.setHeader('content-type', avif ? 'image/avif' : 'image/webp');
      res.setHeader('cache-control', 'public, max-age=31536000, must-revalidate');
      res.setHeader('etag', avif ? '"avif-etag"' : '"webp-etag"');
      res.setHeader('content-security-policy', "script-src 'none'; frame-src 'none'; sandbox;");
      res.setHeader('x-nextjs-cache', 'MISS');
      // An encoding the copy is decoded from, and so must not be repeated over the decoded bytes.
      res.setHeader('content-encoding', 'identity');
      res.end(Buffer.from(avif ? 'AVIF-BYTES' : 'WEBP-BYTES'));
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server?.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, encoded };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const picture = '/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2Fwhite%2Fside.png&w=828&q=75';

describe('the optimised-image cache', () => {
  it('encodes a picture once per format, then answers it from memory with the same headers', async () => {
    const { get, encoded } = await start();
    const avif = { accept: 'image/avif,image/webp,*/*' };
    const first = await get(picture, avif);
    expect(first.headers['x-image-cache']).toBe('miss');
    await settle();
    const again = await get(picture, avif);
    expect(again).toMatchObject({ status: 200, body: 'AVIF-BYTES' });
    expect(again.headers).toMatchObject({
      'x-image-cache': 'hit',
      'content-type': 'image/avif',
      etag: '"avif-etag"',
      'cache-control': 'public, max-age=31536000, must-revalidate',
      'content-security-policy': "script-src 'none'; frame-src 'none'; sandbox;",
      'content-length': '10',
    });
    expect(again.headers['x-nextjs-cache']).toBeUndefined();
    expect(again.headers['content-encoding']).toBeUndefined();
    // Another browser's Accept is another format: its own encoding, kept on its own.
    expect((await get(picture, { accept: 'image/webp,*/*' })).body).toBe('WEBP-BYTES');
    await settle();
    expect((await get(picture, { accept: 'image/webp,*/*' })).headers['x-image-cache']).toBe('hit');
    expect(encoded).toEqual([`${picture} image/avif,image/webp,*/*`, `${picture} image/webp,*/*`]);
  });

  it("answers a browser's revalidation with 304 when its copy is current", async () => {
    const { get } = await start();
    await get(picture);
    await settle();
    const revalidated = await get(picture, { 'if-none-match': '"webp-etag"' });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe('');
    expect((await get(picture, { 'if-none-match': '"old"' })).status).toBe(200);
  });

  it('keeps no refusal, and leaves everything else to Next', async () => {
    const { get, encoded } = await start();
    await get('/_next/image?url=missing&w=1&q=75');
    await settle();
    expect((await get('/_next/image?url=missing&w=1&q=75')).status).toBe(400);
    expect(encoded).toHaveLength(2);
    expect(placeImage('GET', '/search/used-cars', 'image/avif')).toBeUndefined();
    expect(placeImage('POST', picture, undefined)).toBeUndefined();
    expect(placeImage('GET', picture, 'image/avif')).toEqual({ key: `${picture}\nimage/avif`, stamp: '' });
  });
});
