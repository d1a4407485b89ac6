import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { proxiedPhotoUrl } from '../../domain/vehicle-photo-source';
import type { ResolveAll } from './fetch-photo';
import {
  DEFAULT_RESIZE_CONCURRENCY,
  FAILED_PHOTO_CACHE_CONTROL,
  LOG_LINES_PER_MINUTE,
  MAX_FETCHES_PER_HOST,
  MAX_WAITING_PER_HOST,
  PHOTO_CACHE_CONTROL,
  PhotoProxy,
  type PhotoProxyOptions,
  type PhotoRequest,
} from './photo-proxy';

let server: Server;
let other: Server;
let origin = '';
let host = '';
let port = 0;
let otherOrigin = '';
let otherHost = '';
let photo: Buffer;
let transparent: Buffer;
/** A kilobyte of AVIF that takes sharp seconds to decode. */
const slowToDecode = readFileSync(join(import.meta.dirname, 'fixtures', 'slow-to-decode.avif'));
let missingNow = false;
let slowNow = 0;
let slowMost = 0;
/** Requests to /held/... wait until the test lets them go. */
let heldNow = 0;
let heldMost = 0;
const letHeldGo: Array<() => void> = [];
const releaseHeld = () => letHeldGo.splice(0).forEach((go) => go());
const hits = new Map<string, number>();
const hitsOf = (path: string) => hits.get(path) ?? 0;

/** Waits until the condition holds (the server side of a test moves on its own time). */
async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); await new Promise((r) => setTimeout(r, 5)))
    if (Date.now() - started > 10_000) throw new Error(`timed out waiting for ${what}`);
}

/** Test names for the loopback server, so that one machine can play several upstream hosts. */
const loopback: ResolveAll = () => Promise.resolve([{ address: '127.0.0.1', family: 4 }]);

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
    if (path === '/slow-to-decode.avif') return send(200, 'image/avif', slowToDecode);
    if (path === '/sleepy.jpg') return void setTimeout(() => send(200, 'image/jpeg', photo), 2_000);
    if (path === '/page.html') return send(200, 'text/html', '<html></html>');
    if (path === '/fake.jpg') return send(200, 'image/jpeg', 'not really a jpeg');
    if (path === '/huge.jpg') return send(200, 'image/jpeg', Buffer.alloc(600 * 1024, 7));
    if (path.startsWith('/held/')) {
      heldNow++;
      heldMost = Math.max(heldMost, heldNow);
      letHeldGo.push(() => {
        heldNow--;
        send(200, 'image/jpeg', photo);
      });
      return;
    }
    if (path === '/to-elsewhere') {
      response.writeHead(301, { location: 'http://127.0.0.2:9/car.jpg' });
      return void response.end();
    }
    if (path === '/to-other-host') {
      response.writeHead(302, { location: `${otherOrigin}/car.jpg` });
      return void response.end();
    }
    if (path === '/to-site-b') {
      response.writeHead(302, { location: 'http://photos.site-b.example/car.jpg' });
      return void response.end();
    }
    send(404, 'text/plain', 'not found');
  });
  other = createServer((_request, response) => {
    hits.set('other', hitsOf('other') + 1);
    response.writeHead(200, { 'content-type': 'image/jpeg' });
    response.end(photo);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  host = `127.0.0.1:${port}`;
  otherHost = `127.0.0.1:${(other.address() as AddressInfo).port}`;
  otherOrigin = `http://${otherHost}`;
});

afterAll(async () => {
  releaseHeld();
  for (const s of [server, other]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

let dir = '';
let logs: string[] = [];
let clock = Date.now();

function proxyFor(options: Partial<PhotoProxyOptions> = {}) {
  return new PhotoProxy({
    platformHosts: `cdn.example.com, ${host}`,
    cacheDir: join(dir, 'cache'),
    cacheMaxBytes: 50 * 1024 * 1024,
    publicDir: join(dir, 'public'),
    limits: { timeoutMs: 500, maxBytes: 512 * 1024, maxRedirects: 3 },
    log: (message) => logs.push(message),
    now: () => clock,
    ...options,
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

  it('fetches at most two photos at once from one upstream, so a slow host cannot hold up the others', async () => {
    // Every name under the wildcard is one upstream: made-up names do not buy more places.
    const proxy = proxyFor({
      platformHosts: `*.slow-photos.test:${port}, fast-photos.test:${port}`,
      limits: { timeoutMs: 20_000, maxBytes: 512 * 1024, maxRedirects: 3 },
      resolve: loopback,
    });
    heldMost = 0;
    let slowAnswered = 0;
    const slow = Array.from({ length: 10 }, (_, i) =>
      ask(proxy, { url: `http://n${i}.slow-photos.test:${port}/held/${i}.jpg`, width: '96' }).then((answer) => {
        slowAnswered++;
        return answer;
      }),
    );
    await until(() => heldNow >= MAX_FETCHES_PER_HOST, 'the slow host to be asked');
    await new Promise((r) => setTimeout(r, 100));
    expect(heldNow).toBe(MAX_FETCHES_PER_HOST);
    const fast = await ask(proxy, { url: `http://fast-photos.test:${port}/car.jpg`, width: '96' });
    expect(fast.headers.get('content-type')).toBe('image/webp');
    // The fast host's photo was made while every slow one was still waiting for its host.
    expect(slowAnswered).toBe(0);
    expect(heldMost).toBe(MAX_FETCHES_PER_HOST);
    while (slowAnswered < slow.length) {
      releaseHeld();
      await new Promise((r) => setTimeout(r, 10));
    }
    const answers = await Promise.all(slow);
    expect(answers.map((a) => a.headers.get('content-type'))).toEqual(Array(10).fill('image/webp'));
    expect(heldMost).toBe(MAX_FETCHES_PER_HOST);
  });

  it("answers a flood on one host with the placeholder at once, not kept, and other hosts' photos still come", async () => {
    const proxy = proxyFor({
      platformHosts: `slow-photos.test:${port}, fast-photos.test:${port}`,
      limits: { timeoutMs: 20_000, maxBytes: 512 * 1024, maxRedirects: 3 },
      resolve: loopback,
    });
    const extra = 6;
    let answered = 0;
    const flood = Array.from({ length: MAX_FETCHES_PER_HOST + MAX_WAITING_PER_HOST + extra }, (_, i) =>
      ask(proxy, { url: `http://slow-photos.test:${port}/held/flood-${i}.jpg`, width: '96' }).then((answer) => {
        answered++;
        return answer;
      }),
    );
    await until(() => heldNow >= MAX_FETCHES_PER_HOST, 'the slow host to be asked');
    await new Promise((r) => setTimeout(r, 100));
    // Those beyond the host's places and queue were answered at once; the rest still wait.
    expect(answered).toBe(extra);
    const fast = await ask(proxy, { url: `http://fast-photos.test:${port}/car.jpg`, width: '96' });
    expect(fast.headers.get('content-type')).toBe('image/webp');
    while (answered < flood.length) {
      releaseHeld();
      await new Promise((r) => setTimeout(r, 10));
    }
    const answers = await Promise.all(flood);
    const busy = answers.filter((a) => a.headers.get('cache-control') === 'no-store');
    expect(busy).toHaveLength(extra);
    expect(
      busy.every((a) => a.status === 200 && a.headers.get('content-type') === 'image/svg+xml; charset=utf-8'),
    ).toBe(true);
    expect(answers.filter((a) => a.headers.get('content-type') === 'image/webp')).toHaveLength(
      MAX_FETCHES_PER_HOST + MAX_WAITING_PER_HOST,
    );
    // Being busy is not the photo's fault: nothing is logged for it, nor remembered.
    expect(logs).toEqual([]);
    const again = await ask(proxy, { url: `http://slow-photos.test:${port}/car.jpg`, width: '96' });
    expect(again.headers.get('content-type')).toBe('image/webp');
  });

  it("resizes at most two photos at once, leaving libuv's other threads to DNS and files", async () => {
    const picture = await sharp({
      create: {
        width: 3000,
        height: 2000,
        channels: 3,
        background: '#446688',
        noise: { type: 'gaussian', mean: 128, sigma: 30 },
      },
    })
      .jpeg({ quality: 90 })
      .toBuffer();
    for (let i = 0; i < 8; i++) writeFileSync(join(dir, 'public', 'acceptance', `big-${i}.jpg`), picture);
    const proxy = proxyFor();
    let most = 0;
    // sharp counts the jobs its worker threads are running.
    const sampler = setInterval(() => (most = Math.max(most, sharp.counters().process)), 1);
    try {
      const answers = await Promise.all(
        Array.from({ length: 8 }, (_, i) => ask(proxy, { url: `/acceptance/big-${i}.jpg`, width: '1920' })),
      );
      expect(answers.map((a) => a.headers.get('content-type'))).toEqual(Array(8).fill('image/webp'));
    } finally {
      clearInterval(sampler);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(DEFAULT_RESIZE_CONCURRENCY);
  });

  it('answers the placeholder for a photo that takes longer than the time limit to make', async () => {
    const proxy = proxyFor({ resizeTimeoutSeconds: 1 });
    await expectPlaceholder(await ask(proxy, { url: `${origin}/slow-to-decode.avif`, width: '640' }));
    expect(logs).toEqual([expect.stringContaining('/slow-to-decode.avif: the photo took longer than 1 s to make')]);
  });

  it('does not serve a photo made through a redirect to a process or site that does not allow every host it came through', async () => {
    const url = `${origin}/to-other-host`;
    // Lists that allow both hosts make the photo into the shared cache...
    const both = () => proxyFor({ platformHosts: `${host}, ${otherHost}` });
    expect((await ask(both(), { url })).headers.get('content-type')).toBe('image/webp');
    expect(hitsOf('other')).toBeGreaterThan(0);
    const before = { first: hitsOf('/to-other-host'), other: hitsOf('other') };
    // ...lists that allow the first host only do not get it from there (and cannot fetch it)...
    await expectPlaceholder(await ask(proxyFor({ platformHosts: host }), { url }));
    expect(logs).toEqual([expect.stringContaining(`${otherHost} is not an allowed image host`)]);
    expect(hitsOf('other')).toBe(before.other);
    // ...and lists that allow both are served from the cache, in another process too.
    expect((await ask(both(), { url })).headers.get('content-type')).toBe('image/webp');
    expect(hitsOf('/to-other-host')).toBe(before.first + 1);
    expect(hitsOf('other')).toBe(before.other);
    expect(readdirSync(join(dir, 'cache')).filter((f) => f.endsWith('.json'))).toHaveLength(1);
  });

  it("does not answer one site with another site's allow-list failure", async () => {
    // The redirect target is allowed by site B's list only; it resolves to a private address, so
    // B's fetch fails too, but only after B asked the first host itself.
    const proxy = proxyFor({
      resolve: () => Promise.resolve([{ address: '10.0.0.1', family: 4 }]),
    });
    const url = `${origin}/to-site-b`;
    const before = hitsOf('/to-site-b');
    await expectPlaceholder(await ask(proxy, { url, tenantHosts: [] }));
    await expectPlaceholder(await ask(proxy, { url, tenantHosts: ['photos.site-b.example'] }));
    expect(hitsOf('/to-site-b') - before).toBe(2);
    expect(logs).toEqual([
      expect.stringContaining('photos.site-b.example is not an allowed image host'),
      expect.stringContaining('photos.site-b.example resolves to 10.0.0.1, not a public internet address'),
    ]);
    // Each site's own failure is remembered for it.
    await ask(proxy, { url, tenantHosts: [] });
    await ask(proxy, { url, tenantHosts: ['PHOTOS.site-b.example'] });
    expect(hitsOf('/to-site-b') - before).toBe(2);
  });

  it("ignores a tenant's too-broad photo host, saying so once in the log", async () => {
    const proxy = proxyFor({ resolve: () => Promise.resolve([{ address: '10.0.0.1', family: 4 }]) });
    for (const path of ['a.jpg', 'b.jpg'])
      await expectPlaceholder(await ask(proxy, { url: `https://images.dealer.com/${path}`, tenantHosts: ['*.com'] }));
    expect(logs.filter((l) => l.includes('entry ignored'))).toEqual([
      expect.stringContaining('images.remoteHosts entry ignored: "*.com" would allow every site under .com'),
    ]);
    expect(logs.filter((l) => l.includes('is not an allowed image host'))).toHaveLength(2);
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
