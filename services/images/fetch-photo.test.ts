import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseHostRules } from '../../domain/vehicle-photo-hosts';
import { fetchPhoto, PhotoFetchError, type FetchLimits, type ResolveAll } from './fetch-photo';

const LIMITS: FetchLimits = { timeoutMs: 400, maxBytes: 256 * 1024, maxRedirects: 3 };

let server: Server;
let other: Server;
let origin = '';
let otherOrigin = '';
let png: Buffer;
const hits = new Map<string, number>();

function listen(s: Server): Promise<string> {
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
  );
}

beforeAll(async () => {
  png = await sharp({ create: { width: 320, height: 200, channels: 3, background: '#2255aa' } })
    .png()
    .toBuffer();
  server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const redirect = (to: string) => {
      response.writeHead(302, { location: to });
      response.end();
    };
    switch (path) {
      case '/car.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        response.end(png);
        return;
      case '/slow.png':
        setTimeout(() => {
          response.writeHead(200, { 'content-type': 'image/png' });
          response.end(png);
        }, 2_000);
        return;
      case '/trickle.png':
        // The head arrives at once; the body never finishes within the deadline.
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(png.subarray(0, 100));
        setTimeout(() => response.end(png.subarray(100)), 2_000);
        return;
      case '/page.html':
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end('<html>not a photo</html>');
        return;
      case '/drawing.svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' });
        response.end('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
        return;
      case '/declared-huge.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': String(50 * 1024 * 1024) });
        response.write(png);
        return;
      case '/endless.png': {
        // No length given: the cap is counted as the bytes arrive.
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        for (let i = 0; i < 8; i++) response.write(chunk);
        response.end();
        return;
      }
      case '/to-car':
        return redirect('/car.png');
      case '/to-other':
        return redirect(`${otherOrigin}/car.png`);
      case '/to-metadata':
        return redirect('http://169.254.169.254/latest/meta-data/');
      case '/to-file':
        return redirect('file:///etc/passwd');
      case '/loop':
        return redirect('/loop');
      default:
        response.writeHead(404, { 'content-type': 'text/plain' });
        response.end('not found');
    }
  });
  other = createServer((_request, response) => {
    hits.set('other', (hits.get('other') ?? 0) + 1);
    response.writeHead(200, { 'content-type': 'image/png' });
    response.end(png);
  });
  origin = await listen(server);
  otherOrigin = await listen(other);
});

afterAll(async () => {
  server.closeAllConnections();
  other.closeAllConnections();
  await Promise.all([new Promise((r) => server.close(r)), new Promise((r) => other.close(r))]);
});

const platformLists = () => ({ platform: parseHostRules([new URL(origin).host]), tenant: [] });

async function problem(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PhotoFetchError);
    return (error as PhotoFetchError).problem;
  }
  throw new Error('expected the fetch to fail');
}

describe('fetching a feed photo (issue 18)', () => {
  it('fetches an image from a host the platform allows', async () => {
    const photo = await fetchPhoto(new URL(`${origin}/car.png`), platformLists(), LIMITS);
    expect(photo.contentType).toBe('image/png');
    expect(photo.bytes.equals(png)).toBe(true);
  });

  it('follows a redirect on an allowed host, checking the new address', async () => {
    const photo = await fetchPhoto(new URL(`${origin}/to-car`), platformLists(), LIMITS);
    expect(photo.url).toBe(`${origin}/car.png`);
    // The same origin all the way: nothing else to allow.
    expect(photo.via).toEqual([]);
  });

  it('names the other hosts a redirect led to, for the cache to check', async () => {
    const lists = { platform: parseHostRules([new URL(origin).host, new URL(otherOrigin).host]), tenant: [] };
    const photo = await fetchPhoto(new URL(`${origin}/to-other`), lists, LIMITS);
    expect(photo.url).toBe(`${otherOrigin}/car.png`);
    expect(photo.via).toEqual([otherOrigin]);
    expect((await fetchPhoto(new URL(`${origin}/car.png`), lists, LIMITS)).via).toEqual([]);
  });

  it('refuses a redirect to a host no list allows, without fetching it', async () => {
    const before = hits.get('other') ?? 0;
    expect(await problem(fetchPhoto(new URL(`${origin}/to-other`), platformLists(), LIMITS))).toBe('not-allowed');
    expect(await problem(fetchPhoto(new URL(`${origin}/to-metadata`), platformLists(), LIMITS))).toBe('not-allowed');
    expect(await problem(fetchPhoto(new URL(`${origin}/to-file`), platformLists(), LIMITS))).toBe('not-allowed');
    expect(hits.get('other') ?? 0).toBe(before);
  });

  it('stops after three redirects', async () => {
    const before = hits.get('/loop') ?? 0;
    expect(await problem(fetchPhoto(new URL(`${origin}/loop`), platformLists(), LIMITS))).toBe('too-many-redirects');
    expect((hits.get('/loop') ?? 0) - before).toBe(4);
  });

  it('gives up at the deadline, whether the head or the body is slow', async () => {
    const started = Date.now();
    expect(await problem(fetchPhoto(new URL(`${origin}/slow.png`), platformLists(), LIMITS))).toBe('timeout');
    expect(await problem(fetchPhoto(new URL(`${origin}/trickle.png`), platformLists(), LIMITS))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(1_900);
  });

  it('refuses a missing photo, a page, an SVG and a photo over the size limit', async () => {
    expect(await problem(fetchPhoto(new URL(`${origin}/missing.png`), platformLists(), LIMITS))).toBe('http-status');
    expect(await problem(fetchPhoto(new URL(`${origin}/page.html`), platformLists(), LIMITS))).toBe('not-an-image');
    expect(await problem(fetchPhoto(new URL(`${origin}/drawing.svg`), platformLists(), LIMITS))).toBe('not-an-image');
    expect(await problem(fetchPhoto(new URL(`${origin}/declared-huge.png`), platformLists(), LIMITS))).toBe(
      'too-large',
    );
    expect(await problem(fetchPhoto(new URL(`${origin}/endless.png`), platformLists(), LIMITS))).toBe('too-large');
  });

  it('never fetches a private address on the tenant’s word, however it is written', async () => {
    const port = new URL(origin).port;
    const before = hits.get('/car.png') ?? 0;
    for (const host of [`127.0.0.1:${port}`, `2130706433:${port}`, `[::ffff:127.0.0.1]:${port}`, `localhost:${port}`]) {
      const lists = { platform: [], tenant: parseHostRules([host]) };
      expect(await problem(fetchPhoto(new URL(`http://${host}/car.png`), lists, LIMITS)), host).toBe('private-address');
    }
    expect(hits.get('/car.png') ?? 0).toBe(before);
  });

  it('checks every address a tenant-allowed name resolves to, at connection time', async () => {
    const port = new URL(origin).port;
    const lists = { platform: [], tenant: parseHostRules([`photos.example.test:${port}`]) };
    const url = new URL(`http://photos.example.test:${port}/car.png`);
    const toLoopback: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const mixed: ResolveAll = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const before = hits.get('/car.png') ?? 0;
    expect(await problem(fetchPhoto(url, lists, LIMITS, toLoopback))).toBe('private-address');
    expect(await problem(fetchPhoto(url, lists, LIMITS, mixed))).toBe('private-address');
    expect(hits.get('/car.png') ?? 0).toBe(before);
  });

  it('connects to the address the checked lookup gave (the platform may name a private host)', async () => {
    const port = new URL(origin).port;
    const lists = { platform: parseHostRules([`images.internal.test:${port}`]), tenant: [] };
    const resolve: ResolveAll = async () => [{ address: '127.0.0.1', family: 4 }];
    const photo = await fetchPhoto(new URL(`http://images.internal.test:${port}/car.png`), lists, LIMITS, resolve);
    expect(photo.bytes.equals(png)).toBe(true);
  });

  it('refuses hosts on no list, and addresses with credentials', async () => {
    const lists = platformLists();
    expect(await problem(fetchPhoto(new URL('https://images.elsewhere.com/a.jpg'), lists, LIMITS))).toBe('not-allowed');
    const withUser = new URL(`${origin}/car.png`);
    withUser.username = 'admin';
    expect(await problem(fetchPhoto(withUser, lists, LIMITS))).toBe('not-allowed');
  });
});
