import { createRequire } from 'node:module';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import nextConfig from '../../next.config';
import {
  canonicalAccept,
  negotiateOptimisedFormat,
  OPTIMISER_FORMATS,
  OPTIMISER_QUALITIES,
  OPTIMISER_WIDTHS,
  type OptimisedFormat,
} from '../../domain/optimised-image-request';
import type { RateLimitVerdict } from '../../services/rate-limit';
import { createEncodeGate } from './encode-gate';
import { createImageCache, imageStore, placeImage, tooManyMessage, type ImageCacheOptions } from './image-cache';

/** The image cache in front of a stand-in for Next's image optimiser, on a real HTTP server. */
let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

interface StandIn {
  /** How long the stand-in takes to encode (ms). */
  encodeMs?: number;
}

async function start(options: ImageCacheOptions = {}, standIn: StandIn = {}) {
  const encoded: string[] = [];
  let busy = 0;
  let mostAtOnce = 0;
  const hook = createImageCache(imageStore(1 << 20, 60_000), options);
  server = createServer((req, res) =>
    hook(req, res, () => {
      encoded.push(`${req.url} ${req.headers.accept}`);
      if (req.url?.includes('evil')) {
        res.statusCode = 400;
        res.end('"url" parameter is not allowed');
        return;
      }
      busy++;
      mostAtOnce = Math.max(mostAtOnce, busy);
      setTimeout(() => {
        busy--;
        const avif = req.headers.accept?.includes('image/avif');
        res.setHeader('content-type', avif ? 'image/avif' : 'image/webp');
        res.setHeader('cache-control', 'public, max-age=31536000, must-revalidate');
        res.setHeader('etag', avif ? '"avif-etag"' : '"webp-etag"');
        res.setHeader('content-security-policy', "script-src 'none'; frame-src 'none'; sandbox;");
        res.setHeader('x-nextjs-cache', 'MISS');
        // An encoding the copy is decoded from, and so must not be repeated over the decoded bytes.
        res.setHeader('content-encoding', 'identity');
        res.end(Buffer.from(avif ? 'AVIF-BYTES' : 'WEBP-BYTES'));
      }, standIn.encodeMs ?? 0);
    }),
  );
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server?.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: string }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => (body += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      });
      req.on('error', reject);
      req.end();
    });
  return { get, encoded, mostAtOnce: () => mostAtOnce };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));
const SIDE = '/media/vehicles/suv/white/side.png';
const picture = `/_next/image?url=${encodeURIComponent(SIDE)}&w=828&q=75`;
const at = (width: number) => `/_next/image?url=${encodeURIComponent(SIDE)}&w=${width}&q=75`;

/** A per-client budget of `max` misses, counted in memory (SharedRateLimit in production). */
function budget(max: number) {
  const counts = new Map<string, number>();
  return {
    max,
    counted: counts,
    attempt(key: string): Promise<RateLimitVerdict> {
      counts.set(key, (counts.get(key) ?? 0) + 1);
      return Promise.resolve((counts.get(key) ?? 0) <= max ? 'allowed' : 'limited');
    },
  };
}

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
    // Next was asked in the one spelling of each request.
    expect(encoded).toEqual([`${picture} image/avif`, `${picture} image/webp`]);
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

  it('keeps no refusal of Next, and leaves everything else to Next', async () => {
    const { get, encoded } = await start();
    const foreign = '/_next/image?url=https%3A%2F%2Fevil.example%2Fa.png&w=640&q=75';
    expect((await get(foreign)).headers['x-image-cache']).toBe('miss');
    await settle();
    expect((await get(foreign)).status).toBe(400);
    expect(encoded).toHaveLength(2);
    expect(placeImage('GET', '/search/used-cars', 'image/avif')).toEqual({ kind: 'not-an-image' });
    expect(placeImage('GET', picture, 'image/avif')).toEqual({
      kind: 'image',
      key: `${SIDE}\n828\n75\navif`,
      target: picture,
      accept: 'image/avif',
    });
  });
});

describe('the cache key is what decides the picture (issue 30, M3)', () => {
  it('answers every Accept spelling of one format from one entry', async () => {
    const { get, encoded } = await start();
    await get(picture, { accept: 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8' });
    await settle();
    for (const accept of ['image/avif', 'image/webp;q=0.5, image/avif', 'image/avif,*/*', 'IMAGE/AVIF;q=0.9']) {
      const variant = await get(picture, { accept });
      expect([variant.headers['x-image-cache'], variant.body], accept).toEqual(['hit', 'AVIF-BYTES']);
    }
    // No format named: the source's own, one entry for every header that names none.
    await get(picture, { accept: '*/*' });
    await settle();
    for (const accept of ['image/*', 'text/html', 'image/avif;q=0'])
      expect((await get(picture, { accept })).headers['x-image-cache'], accept).toBe('hit');
    expect((await get(picture)).headers['x-image-cache']).toBe('hit');
    expect(encoded).toEqual([`${picture} image/avif`, `${picture} undefined`]);
  });

  it('answers the parameters in any order from the entry of their one spelling', async () => {
    const { get, encoded } = await start();
    await get(`/_next/image?w=828&q=75&url=${SIDE}`);
    await settle();
    expect((await get(picture)).headers['x-image-cache']).toBe('hit');
    expect(encoded).toEqual([`${picture} undefined`]);
  });

  it('refuses unknown parameters, other widths and qualities, and second spellings with 400, before Next', async () => {
    const { get, encoded } = await start();
    for (const path of [
      `${picture}&junk=1`,
      `${picture}&url=${SIDE}`,
      at(829),
      `/_next/image?url=${encodeURIComponent(SIDE)}&w=828&q=74`,
      `/_next/image?url=${encodeURIComponent(SIDE)}&w=abc&q=75`,
      `/_next/image?url=${encodeURIComponent(`${SIDE}?v=2`)}&w=828&q=75`,
      `/_next/image?url=${encodeURIComponent('/media//vehicles/suv/white/side.png')}&w=828&q=75`,
      `/_next/image/x?url=${encodeURIComponent(SIDE)}&w=828&q=75`,
    ]) {
      const refused = await get(path, { accept: 'image/avif' });
      expect(refused.status, path).toBe(400);
      expect(refused.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(refused.headers['cache-control']).toBe('no-store');
      expect(refused.body.length).toBeGreaterThan(20);
    }
    expect((await get(`${picture}&junk=1`)).body).toMatch(/^The parameter "junk" is not one the optimiser takes\./);
    const posted = await get(picture, {}, 'POST');
    expect([posted.status, posted.headers.allow]).toEqual([405, 'GET, HEAD']);
    expect(encoded).toEqual([]);
  });

  it('answers HEAD from memory when it can, and never keeps what a HEAD made', async () => {
    const { get, encoded } = await start();
    expect((await get(picture, { accept: 'image/webp' }, 'HEAD')).headers['x-image-cache']).toBe('miss');
    await settle();
    expect((await get(picture, { accept: 'image/webp' })).headers['x-image-cache']).toBe('miss');
    await settle();
    const head = await get(picture, { accept: 'image/webp' }, 'HEAD');
    expect([head.status, head.headers['x-image-cache'], head.body]).toEqual([200, 'hit', '']);
    expect(encoded).toHaveLength(2);
  });
});

describe('misses are bounded (issue 30, M3)', () => {
  it("makes at most the gate's slots at once; a full line is answered 503 with Retry-After", async () => {
    const gate = createEncodeGate({ slots: 2, maxWaiting: 3, maxWaitMs: 5_000, holdMs: 30_000 });
    const { get, encoded, mostAtOnce } = await start({ gate }, { encodeMs: 60 });
    const widths = [96, 256, 384, 640, 828, 1200];
    const answers = await Promise.all(widths.map((w) => get(at(w), { accept: 'image/avif' })));
    expect(mostAtOnce()).toBe(2);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 200, 503]);
    const busy = answers.find((a) => a.status === 503);
    expect(busy?.headers['retry-after']).toBe('2');
    expect(busy?.body).toMatch(/^The server is busy making other pictures\./);
    expect(encoded).toHaveLength(5);
    // What was made meanwhile is answered from memory without a slot.
    await settle();
    expect((await get(at(96), { accept: 'image/avif' })).headers['x-image-cache']).toBe('hit');
    expect(gate.state).toEqual({ running: 0, waiting: 0 });
  });

  it('answers a miss from memory when the same picture was made while it waited its turn', async () => {
    const gate = createEncodeGate({ slots: 1, maxWaiting: 10, maxWaitMs: 5_000, holdMs: 30_000 });
    const { get, encoded } = await start({ gate }, { encodeMs: 40 });
    // Two different Accept spellings of one format arrive together: one is made, the other waits for it.
    const [one, two] = await Promise.all([
      get(picture, { accept: 'image/avif' }),
      get(picture, { accept: 'image/avif,*/*' }),
    ]);
    expect([one.body, two.body]).toEqual(['AVIF-BYTES', 'AVIF-BYTES']);
    expect(encoded).toHaveLength(1);
  });

  it('counts misses per client address (its /64 for IPv6) and answers 429 past the budget', async () => {
    const misses = budget(2);
    const { get, encoded } = await start({ missBudget: misses, proxyHops: () => 1 });
    const from = (ip: string) => ({ accept: 'image/avif', 'x-forwarded-for': ip });
    expect((await get(at(96), from('203.0.113.7'))).status).toBe(200);
    expect((await get(at(256), from('198.51.100.1, 203.0.113.7'))).status).toBe(200);
    const limited = await get(at(384), from('203.0.113.7'));
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('60');
    expect(limited.headers['cache-control']).toBe('no-store');
    expect(limited.body.trim()).toBe(tooManyMessage(2));
    // Another client is not held back; pictures already made cost nothing from anyone.
    expect((await get(at(384), from('203.0.113.8'))).status).toBe(200);
    await settle();
    expect((await get(at(96), from('203.0.113.7'))).headers['x-image-cache']).toBe('hit');
    // Rotating through one /64 is one client.
    expect((await get(at(640), from('2001:db8:1:2::1'))).status).toBe(200);
    expect((await get(at(828), from('2001:db8:1:2::2'))).status).toBe(200);
    expect((await get(at(1200), from('2001:db8:1:2::3'))).status).toBe(429);
    expect([...misses.counted.keys()]).toEqual(['203.0.113.7', '203.0.113.8', '2001:db8:1:2::']);
    expect(encoded).toHaveLength(5);
  });

  it('makes the picture when the count cannot be kept (the encoding slots still bound the work)', async () => {
    const down = { max: 1, attempt: () => Promise.resolve<RateLimitVerdict>('unavailable') };
    const { get } = await start({ missBudget: down });
    expect((await get(picture)).status).toBe(200);
  });
});

describe("the cache's rules are Next's", () => {
  it('offers the widths, qualities and formats next.config.ts gives the optimiser', () => {
    const images = nextConfig.images ?? {};
    expect([...(images.imageSizes ?? []), ...(images.deviceSizes ?? [])]).toEqual(OPTIMISER_WIDTHS);
    expect(images.qualities).toEqual(OPTIMISER_QUALITIES);
    expect(images.formats).toEqual(OPTIMISER_FORMATS);
  });

  it('chooses the format Next would for common browsers, and Next makes the chosen one from its Accept', () => {
    const accept = createRequire(import.meta.url)('next/dist/compiled/@hapi/accept') as {
      mediaType: (header: string, preferences: string[]) => string;
    };
    // Next's own choice (image-optimizer.js getSupportedMimeType).
    const nextChooses = (header: string): OptimisedFormat => {
      const type = accept.mediaType(header, [...OPTIMISER_FORMATS]);
      return header.includes(type) && type ? (type === 'image/avif' ? 'avif' : 'webp') : 'original';
    };
    for (const header of [
      'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8',
      'image/webp,*/*',
      'image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5',
      '*/*',
      '',
      'image/avif;q=0.5,image/webp',
      'image/webp, image/avif',
    ])
      expect(negotiateOptimisedFormat(header), header).toBe(nextChooses(header));
    for (const format of ['avif', 'webp', 'original'] as const)
      expect(nextChooses(canonicalAccept(format) ?? '')).toBe(format);
  });
});
