import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxiedPhotoUrl } from '../../domain/vehicle-photo-source';
import {
  FAILED_PHOTO_CACHE_CONTROL,
  LOG_LINES_PER_MINUTE,
  MAX_CONCURRENT_PHOTOS,
  MAX_WAITING_PHOTOS,
  PHOTO_CACHE_CONTROL,
  PhotoProxy,
  type PhotoRequest,
} from './photo-proxy';

let server: Server;
let origin = '';
let host = '';
let photo: Buffer;
let transparent: Buffer;
let missingNow = false;
let slowNow = 0;
let slowMost = 0;
const hits = new Map<string, number>();
const hitsOf = (path: string) => hits.get(path) ?? 0;

beforeAll(async () => {
  photo = await sharp({ create: { width: 1600, height: 1067, channels: 3, background: '#c03030' } })
    .jpeg()
    .toBuffer();
  transparent = await sharp({ create: { width: 400, height: 300, channels: 4, background: '#00000000' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, hitsOf(path) + 1);
    const send = (status: number, type: string, body: Buffer | string) => {
      response.writeHead(status, { 'content-type': type });
      response.end(body);
    };
    if (path === '/car.jpg' || (path === '/flaky.jpg' && !missingNow)) return send(200, 'image/jpeg', photo);
    if (path === '/slow-car.jpg') {
      slowNow++;
      slowMost = Math.max(slowMost, slowNow);
      return void setTimeout(() => {
        slowNow--;
        send(200, 'image/jpeg', photo);
      }, 100);
    }
    if (path === '/cutout.png') return send(200, 'image/png', transparent);
    if (path === '/sleepy.jpg') return void setTimeout(() => send(200, 'image/jpeg', photo), 2_000);
    if (path === '/page.html') return send(200, 'text/html', '<html></html>');
    if (path === '/fake.jpg') return send(200, 'image/jpeg', 'not really a jpeg');
    if (path === '/huge.jpg') return send(200, 'image/jpeg', Buffer.alloc(600 * 1024, 7));
    if (path === '/to-elsewhere') {
      response.writeHead(301, { location: 'http://127.0.0.2:9/car.jpg' });
      return void response.end();
    }
    send(404, 'text/plain', 'not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

let dir = '';
let logs: string[] = [];
let clock = Date.now();

function proxyFor(options: { cacheMaxBytes?: number } = {}) {
  return new PhotoProxy({
    platformHosts: `cdn.example.com, ${host}`,
    cacheDir: join(dir, 'cache'),
    cacheMaxBytes: options.cacheMaxBytes ?? 50 * 1024 * 1024,
    publicDir: join(dir, 'public'),
    limits: { timeoutMs: 500, maxBytes: 512 * 1024, maxRedirects: 3 },
    log: (message) => logs.push(message),
    now: () => clock,
  });
}

const ask = (proxy: PhotoProxy, request: Partial<PhotoRequest> & { url: string | null }) =>
  proxy.respond({ width: '640', body: null, accept: 'image/webp,*/*', tenantHosts: [], ...request });

async function pixels(response: Response) {
  return sharp(Buffer.from(await response.arrayBuffer())).metadata();
}

async function expectPlaceholder(response: Response, body?: string) {
  expect(response.status).toBe(200);
  expect(response.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
  expect(response.headers.get('cache-control')).toBe(FAILED_PHOTO_CACHE_CONTROL);
  expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
  const svg = await response.text();
  expect(svg).toContain('Photo coming soon');
  if (body) expect(svg).toContain(`>${body}</text>`);
}

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'photo-proxy-'));
  mkdirSync(join(dir, 'public', 'acceptance'), { recursive: true });
  logs = [];
  clock = Date.now();
  missingNow = false;
});

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the image route (issue 18)', () => {
  it('answers a bad request with 400 and a sentence, never 500', async () => {
    const proxy = proxyFor();
    const noUrl = await ask(proxy, { url: null });
    expect(noUrl.status).toBe(400);
    expect(await noUrl.text()).toBe('Give the photo address as ?url=<address>.');
    for (const width of [null, '600', 'abc', '99999']) {
      const response = await ask(proxy, { url: `${origin}/car.jpg`, width });
      expect(response.status, String(width)).toBe(400);
      expect(await response.text()).toBe('Give the width as ?w=<one of 96, 256, 384, 640, 828, 1200, 1920>.');
    }
    const long = await ask(proxy, { url: `${origin}/${'a'.repeat(2100)}` });
    expect(long.status).toBe(400);
  });

  it('fetches, resizes to the width in the format the browser takes, and caches for a week', async () => {
    const proxy = proxyFor();
    const webp = await ask(proxy, { url: `${origin}/car.jpg`, width: '640' });
    expect(webp.status).toBe(200);
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(webp.headers.get('cache-control')).toBe(PHOTO_CACHE_CONTROL);
    expect(webp.headers.get('vary')).toBe('Accept');
    expect(await pixels(webp)).toMatchObject({ format: 'webp', width: 640, height: 427 });

    const avif = await ask(proxy, { url: `${origin}/car.jpg`, width: '256', accept: 'image/avif,image/webp,*/*' });
    expect(avif.headers.get('content-type')).toBe('image/avif');
    expect(await pixels(avif)).toMatchObject({ format: 'heif', width: 256 });

    const jpeg = await ask(proxy, { url: `${origin}/car.jpg`, width: '96', accept: '*/*' });
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect((await pixels(jpeg)).width).toBe(96);

    // Never enlarged: the photo is 1600 pixels wide.
    const large = await ask(proxy, { url: `${origin}/car.jpg`, width: '1920' });
    expect((await pixels(large)).width).toBe(1600);
  });

  it('keeps transparency where the browser takes neither AVIF nor WebP', async () => {
    const response = await ask(proxyFor(), { url: `${origin}/cutout.png`, width: '384', accept: 'image/png,*/*' });
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(await pixels(response)).toMatchObject({ format: 'png', width: 384, hasAlpha: true });
  });

  it('serves a made photo from the disk cache, across processes sharing the directory', async () => {
    const url = `${origin}/car.jpg?cache-test=1`;
    const before = hitsOf('/car.jpg');
    const first = await ask(proxyFor(), { url });
    const again = await ask(proxyFor(), { url });
    expect(hitsOf('/car.jpg') - before).toBe(1);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(await first.arrayBuffer()))).toBe(true);
    expect(readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.webp'))).toHaveLength(1);
  });

  it('fetches a photo asked for by many at once only once', async () => {
    const proxy = proxyFor();
    const before = hitsOf('/slow-car.jpg');
    const answers = await Promise.all(Array.from({ length: 5 }, () => ask(proxy, { url: `${origin}/slow-car.jpg` })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(hitsOf('/slow-car.jpg') - before).toBe(1);
  });

  it('answers the placeholder for the body type, briefly cached, when the photo cannot be had', async () => {
    const proxy = proxyFor();
    await expectPlaceholder(await ask(proxy, { url: `${origin}/missing.jpg`, body: 'suv' }), 'SUV');
    await expectPlaceholder(await ask(proxy, { url: `${origin}/page.html`, body: 'ute' }), 'Ute');
    await expectPlaceholder(await ask(proxy, { url: `${origin}/fake.jpg` }));
    await expectPlaceholder(await ask(proxy, { url: `${origin}/huge.jpg` }));
    await expectPlaceholder(await ask(proxy, { url: `${origin}/sleepy.jpg` }));
    await expectPlaceholder(await ask(proxy, { url: `${origin}/to-elsewhere` }));
    await expectPlaceholder(await ask(proxy, { url: 'https://not-allowed.example.org/a.jpg', body: 'van' }), 'Van');
    await expectPlaceholder(await ask(proxy, { url: 'data:image/png;base64,AAAA' }));
    // A body type the table does not know draws no words of the asker's choosing.
    const odd = await ask(proxy, { url: `${origin}/missing.jpg`, body: 'Call 0400 000 000' });
    expect(await odd.text()).not.toContain('0400');
  });

  it('logs each failing photo once, and does not ask its host again for a minute', async () => {
    const proxy = proxyFor();
    const before = hitsOf('/gone.jpg');
    for (let i = 0; i < 3; i++) await ask(proxy, { url: `${origin}/gone.jpg`, width: i === 2 ? '96' : '640' });
    expect(hitsOf('/gone.jpg') - before).toBe(1);
    expect(logs.filter((l) => l.includes('/gone.jpg'))).toHaveLength(1);
    expect(logs[0]).toContain('the image host answered 404');
    clock += 61_000;
    await ask(proxy, { url: `${origin}/gone.jpg` });
    expect(hitsOf('/gone.jpg') - before).toBe(2);
    expect(logs.filter((l) => l.includes('/gone.jpg'))).toHaveLength(1);
  });

  it('never fetches a private address that only the tenant allows', async () => {
    const proxy = new PhotoProxy({
      platformHosts: '',
      cacheDir: join(dir, 'cache'),
      cacheMaxBytes: 1024 * 1024,
      publicDir: join(dir, 'public'),
      log: (message) => logs.push(message),
    });
    const before = hitsOf('/car.jpg');
    await expectPlaceholder(await ask(proxy, { url: `${origin}/car.jpg`, tenantHosts: [host] }));
    expect(hitsOf('/car.jpg')).toBe(before);
    expect(logs[0]).toContain('is not a public internet address');
  });

  it('does not show one site a cached photo from a host only another list allows', async () => {
    // The platform's list lets one proxy make the photo into the shared cache...
    const url = `${origin}/car.jpg`;
    expect((await ask(proxyFor(), { url })).headers.get('content-type')).toBe('image/webp');
    // ...and a process whose lists do not name the host still does not serve it from there.
    const strict = new PhotoProxy({
      platformHosts: '',
      cacheDir: join(dir, 'cache'),
      cacheMaxBytes: 50 * 1024 * 1024,
      publicDir: join(dir, 'public'),
      log: () => undefined,
    });
    await expectPlaceholder(await ask(strict, { url, tenantHosts: ['images.other-dealer.com'] }));
  });

  it("serves a site path from the site's public folder, and nothing outside it", async () => {
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#208040' } })
      .jpeg()
      .toBuffer();
    writeFileSync(join(dir, 'public', 'acceptance', 'car-0.jpg'), picture);
    writeFileSync(join(dir, 'secret.jpg'), picture);
    symlinkSync(join(dir, 'secret.jpg'), join(dir, 'public', 'acceptance', 'link.jpg'));
    const proxy = proxyFor();
    const ok = await ask(proxy, { url: '/acceptance/car-0.jpg', width: '384' });
    expect(ok.status).toBe(200);
    expect(await pixels(ok)).toMatchObject({ format: 'webp', width: 384 });
    for (const url of [
      '/acceptance/../../secret.jpg',
      '/acceptance/%2e%2e/%2e%2e/secret.jpg',
      '/acceptance/..%2f..%2fsecret.jpg',
      '/acceptance/link.jpg',
      '/acceptance/missing.jpg',
      '/acceptance',
    ])
      await expectPlaceholder(await ask(proxy, { url }));
  });

  it("sends the platform's own pictures to Next's optimiser", async () => {
    const response = await ask(proxyFor(), { url: '/media/vehicles/suv/white/front.png', width: '828' });
    expect(response.status).toBe(308);
    expect(response.headers.get('location')).toBe(
      '/_next/image?url=%2Fmedia%2Fvehicles%2Fsuv%2Fwhite%2Ffront.png&w=828&q=75',
    );
  });

  it('serves a week-old photo again while its host fails, and fetches it again once the host is back', async () => {
    const proxy = proxyFor();
    const url = `${origin}/flaky.jpg`;
    expect((await ask(proxy, { url })).headers.get('content-type')).toBe('image/webp');
    missingNow = true;
    clock += 8 * 24 * 60 * 60 * 1000;
    const stale = await ask(proxy, { url });
    expect(stale.headers.get('content-type')).toBe('image/webp');
    expect(hitsOf('/flaky.jpg')).toBe(2);
  });

  it('accepts the addresses the pages build', async () => {
    const query = new URLSearchParams(proxiedPhotoUrl(`${origin}/car.jpg`, 600, 'Hatchback').split('?')[1]);
    const response = await ask(proxyFor(), {
      url: query.get('url'),
      width: query.get('w'),
      body: query.get('body'),
    });
    expect(response.headers.get('content-type')).toBe('image/webp');
  });

  it('keeps the cache within its size budget, dropping the least recently used photos', async () => {
    await ask(proxyFor(), { url: `${origin}/car.jpg?v=first`, width: '1200' });
    const cache = join(dir, 'cache');
    const [first = ''] = readdirSync(cache);
    const size = statSync(join(cache, first)).size;
    const budget = Math.floor(size * 3.5);
    const proxy = proxyFor({ cacheMaxBytes: budget });
    for (let i = 0; i < 12; i++) await ask(proxy, { url: `${origin}/car.jpg?v=${i}`, width: '1200' });
    const files = readdirSync(cache);
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThanOrEqual(3);
    expect(files.reduce((sum, f) => sum + statSync(join(cache, f)).size, 0)).toBeLessThanOrEqual(budget);
    expect(files).not.toContain(first);
  });

  it('makes a few photos at a time, and under a flood answers the placeholder at once, not kept', async () => {
    const proxy = proxyFor();
    slowMost = 0;
    const count = MAX_CONCURRENT_PHOTOS + MAX_WAITING_PHOTOS + 8;
    const answers = await Promise.all(
      Array.from({ length: count }, (_, i) => ask(proxy, { url: `${origin}/slow-car.jpg?flood=${i}`, width: '96' })),
    );
    expect(slowMost).toBeLessThanOrEqual(MAX_CONCURRENT_PHOTOS);
    const busy = answers.filter((a) => a.headers.get('cache-control') === 'no-store');
    expect(busy.length).toBeGreaterThanOrEqual(8);
    expect(busy.every((a) => a.headers.get('content-type') === 'image/svg+xml; charset=utf-8')).toBe(true);
    expect(answers.filter((a) => a.headers.get('content-type') === 'image/webp').length).toBeGreaterThanOrEqual(
      MAX_CONCURRENT_PHOTOS + MAX_WAITING_PHOTOS,
    );
    // Being busy is not the photo's fault: nothing is logged for it.
    expect(logs).toEqual([]);
  });

  it('logs at most a few lines a minute however many made-up addresses arrive', async () => {
    const proxy = proxyFor();
    for (let i = 0; i < LOG_LINES_PER_MINUTE + 10; i++)
      await ask(proxy, { url: `https://made-up-${i}.example.org/a.jpg` });
    expect(logs).toHaveLength(LOG_LINES_PER_MINUTE);
    clock += 61_000;
    await ask(proxy, { url: 'https://one-more.example.org/a.jpg' });
    expect(logs.slice(LOG_LINES_PER_MINUTE)).toEqual([
      '10 more photo(s) not shown in the last minute were not logged',
      expect.stringContaining('one-more.example.org'),
    ]);
  });
});
