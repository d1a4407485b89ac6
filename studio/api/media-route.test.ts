import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_PASSWORD,
  STUDIO_ORIGIN,
  STUDIO_TEST_HOST,
  staffSessionCookie,
  studioTestEnv,
} from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-media-route', await freshDatabaseUrl());
// A small quota, so the last tests can fill it (the pictures of the tests before it take a few KB).
process.env.STUDIO_MEDIA_QUOTA_MB = '1';

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { getDatabase } = await import('../../services/db/database');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleMedia, handleMediaUpload, MAX_MEDIA_BODY_BYTES } = await import('./media-route');
const { serveStudioImage } = await import('../../services/studio-media');

const ORIGIN = STUDIO_ORIGIN;
const HOST = STUDIO_TEST_HOST;
const PASSWORD = STAFF_PASSWORD;
const GROUP_SITE = 'southern-cross-motors';
const OTHER_SITE = 'harbour-city-mazda';
const GROUP = 'group@studio.example';

interface Init {
  /** The form's `file` (bytes, with a name and type), or other fields. */
  form?: FormData;
  raw?: string;
  type?: string;
  cookie?: string;
  host?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  method?: string;
}

function request(slug: string, init: Init = {}): Request {
  const headers = new Headers({ host: init.host ?? HOST, ...init.headers });
  if (init.origin !== null) headers.set('origin', init.origin ?? ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.type) headers.set('content-type', init.type);
  const body = init.form ?? init.raw;
  return new Request(`${ORIGIN}/api/studio/sites/${slug}/media`, {
    method: init.method ?? 'POST',
    headers,
    ...(body === undefined ? {} : { body }),
  });
}

/** A form with one file in the field `file`, as the image field sends it. */
function fileForm(bytes: Uint8Array, name = 'photo.jpg', type = 'image/jpeg', field = 'file'): FormData {
  const form = new FormData();
  form.append(field, new Blob([new Uint8Array(bytes)], { type }), name);
  return form;
}

const picture = (width: number, height: number, background = '#336699') =>
  sharp({ create: { width, height, channels: 3, background } });

interface Answer {
  message?: string;
  src?: string;
  width?: number;
  height?: number;
}

async function upload(slug: string, init: Init): Promise<{ status: number; body: Answer }> {
  const response = await handleMediaUpload(request(slug, init), slug);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return { status: response.status, body: (await response.json()) as Answer };
}

const signIn = (email: string): Promise<string> => staffSessionCookie(handleStaffAuth, email);

// GET /media/studio/<file> (app/media/studio/[file]/route.ts answers with this, on any host).
const serve = (file: string) => serveStudioImage(file);

const mediaRows = async () => (await getDatabase()).selectFrom('studio_media').select(['sha256', 'slug']).execute();
const uploads = async () =>
  (await getTenantStore().auditLog({ limit: 1000 })).filter((e) => e.action === 'studio.media-upload');

let group = '';
let site = '';
let jpeg: Buffer;
beforeAll(async () => {
  await createStaffUser({ email: GROUP, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
  await createStaffUser({ email: 'site@studio.example', role: 'site-editor', sites: [OTHER_SITE], password: PASSWORD });
  group = await signIn(GROUP);
  site = await signIn('site@studio.example');
  jpeg = await picture(2400, 1200).jpeg().toBuffer();
});

describe('Studio media upload: checked on the server like every Studio call (issue 16)', () => {
  it('answers 401 signed out, 403 outside the grant, 404 for an unknown site or off the Studio host', async () => {
    const form = () => fileForm(jpeg);
    expect(await upload(GROUP_SITE, { form: form() })).toEqual({
      status: 401,
      body: { message: 'Sign in to the Studio first.' },
    });
    expect(await upload(OTHER_SITE, { form: form(), cookie: group })).toEqual({
      status: 403,
      body: { message: 'Your Studio account may not edit Harbour City Mazda. Ask an admin for access.' },
    });
    expect((await upload(GROUP_SITE, { form: form(), cookie: site })).status).toBe(403);
    expect(await upload('no-such-site', { form: form(), cookie: group })).toEqual({
      status: 404,
      body: { message: 'There is no site "no-such-site".' },
    });
    const dealer = { form: form(), cookie: group, host: 'southern-cross-motors.localhost:3000', origin: null };
    expect((await upload(GROUP_SITE, dealer)).status).toBe(404);
    expect(await mediaRows()).toEqual([]);
  });

  it('answers 405 with Allow for another method, and 403 for an upload from another site (CSRF)', async () => {
    const wrong = await handleMediaUpload(request(GROUP_SITE, { method: 'GET', cookie: group }), GROUP_SITE);
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    const foreign = await upload(GROUP_SITE, { form: fileForm(jpeg), cookie: group, origin: 'http://evil.example' });
    expect(foreign).toEqual({ status: 403, body: { message: 'Make changes from a Studio page.' } });
    const crossSite = { form: fileForm(jpeg), cookie: group, headers: { 'sec-fetch-site': 'cross-site' } };
    expect((await upload(GROUP_SITE, crossSite)).status).toBe(403);
    expect(await mediaRows()).toEqual([]);
  });
});

describe('Studio media upload: storing and serving', () => {
  let src = '';

  it('stores the picture as WebP inside 2000 x 2000, answers 201 where it is served, and audits it', async () => {
    const { status, body } = await upload(GROUP_SITE, { form: fileForm(jpeg), cookie: group });
    expect(status).toBe(201);
    expect(body).toEqual({
      src: expect.stringMatching(/^\/media\/studio\/[0-9a-f]{64}\.webp$/),
      width: 2000,
      height: 1000,
    });
    src = body.src ?? '';
    expect(await uploads()).toEqual([
      expect.objectContaining({ actor: GROUP, slug: GROUP_SITE, detail: { src, width: 2000, height: 1000 } }),
    ]);
  });

  it('keeps one copy of a picture uploaded twice', async () => {
    const again = await upload(GROUP_SITE, { form: fileForm(jpeg, 'same.jpeg'), cookie: group });
    expect(again).toEqual({ status: 201, body: { src, width: 2000, height: 1000 } });
    expect(await mediaRows()).toHaveLength(1);
    expect(await uploads()).toHaveLength(2);
  });

  it('serves it at its address: WebP, cached for a year, never sniffed', async () => {
    const file = src.slice('/media/studio/'.length);
    const response = await serve(file);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/webp');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(bytes.length));
    const metadata = await sharp(bytes).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 2000, 1000]);
  });

  it('answers a plain 404 for an unknown picture or a malformed name', async () => {
    const sha = src.slice('/media/studio/'.length, -'.webp'.length);
    for (const file of [
      '0'.repeat(64) + '.webp',
      `${sha}.png`,
      `${sha.toUpperCase()}.webp`,
      '..%2F..%2Fetc',
      'x.webp',
    ]) {
      const response = await serve(file);
      expect(response.status, file).toBe(404);
      expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('Not found');
    }
  });
});

describe('Studio media upload: what it refuses, with a sentence', () => {
  const SEND = 'Send the image as multipart/form-data, with the file in a field named "file".';

  it('refuses a body that is not a form with a file: 415 not multipart, 400 no file', async () => {
    const asJson = await upload(GROUP_SITE, { raw: '{"file":"x"}', type: 'application/json', cookie: group });
    expect(asJson).toEqual({ status: 415, body: { message: SEND } });
    const noFile = new FormData();
    noFile.append('file', 'not a file');
    expect(await upload(GROUP_SITE, { form: noFile, cookie: group })).toEqual({ status: 400, body: { message: SEND } });
    const otherField = fileForm(jpeg, 'photo.jpg', 'image/jpeg', 'image');
    expect((await upload(GROUP_SITE, { form: otherField, cookie: group })).status).toBe(400);
    const broken = { raw: 'not a form', type: 'multipart/form-data; boundary=xyz', cookie: group };
    expect(await upload(GROUP_SITE, broken)).toEqual({
      status: 400,
      body: { message: `The upload could not be read. ${SEND}` },
    });
  });

  it('refuses an empty file, something that is not an image, SVG, and a tiny image', async () => {
    expect(await upload(GROUP_SITE, { form: fileForm(new Uint8Array(), 'empty.png'), cookie: group })).toEqual({
      status: 400,
      body: { message: 'The file is empty: choose an image to upload.' },
    });
    const text = fileForm(Buffer.from('Dear customer, ...'), 'letter.jpg');
    expect(await upload(GROUP_SITE, { form: text, cookie: group })).toEqual({
      status: 415,
      body: { message: 'The file is not an image the Studio can read: upload a JPEG, PNG, WebP, AVIF or GIF image.' },
    });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="50" height="50"/>');
    const refusedSvg = await upload(GROUP_SITE, { form: fileForm(svg, 'logo.svg', 'image/svg+xml'), cookie: group });
    expect(refusedSvg.status).toBe(415);
    expect(refusedSvg.body.message).toMatch(/^SVG images are not accepted, because they can carry scripts/);
    const tiny = fileForm(await picture(8, 8).png().toBuffer(), 'dot.png', 'image/png');
    expect(await upload(GROUP_SITE, { form: tiny, cookie: group })).toEqual({
      status: 400,
      body: { message: 'The image is 8 × 8 pixels; an image must be at least 16 × 16 pixels.' },
    });
  });

  it('refuses more than 10 MB with 413: by Content-Length before reading, and by reading no further', async () => {
    const TOO_LARGE = 'The image is larger than 10 MB: save it smaller and upload it again.';
    const declared = {
      form: fileForm(jpeg),
      cookie: group,
      headers: { 'content-length': String(MAX_MEDIA_BODY_BYTES + 1) },
    };
    expect(await upload(GROUP_SITE, declared)).toEqual({ status: 413, body: { message: TOO_LARGE } });
    // No Content-Length (a FormData body is sent chunked): the reading stops past the limit.
    const big = fileForm(new Uint8Array(MAX_MEDIA_BODY_BYTES + 1), 'huge.jpg');
    expect(await upload(GROUP_SITE, { form: big, cookie: group })).toEqual({
      status: 413,
      body: { message: TOO_LARGE },
    });
    // Over 10 MB in a body within the form's allowance: the store refuses it.
    const file = fileForm(new Uint8Array(10 * 1024 * 1024 + 1), 'huge.jpg');
    const justOver = await upload(GROUP_SITE, { form: file, cookie: group });
    expect(justOver.status).toBe(413);
    expect(justOver.body.message).toMatch(/^The image is larger than 10 MB: /);
  });

  it('treats a body shorter than its Content-Length as cut off on the way: 413', async () => {
    const form = fileForm(await picture(64, 64).png().toBuffer(), 'small.png', 'image/png');
    const cut = { form, cookie: group, headers: { 'content-length': String(5 * 1024 * 1024) } };
    expect((await upload(GROUP_SITE, cut)).status).toBe(413);
  });

  it('stored and audited nothing for any refused upload', async () => {
    expect(await mediaRows()).toHaveLength(1);
    expect(await uploads()).toHaveLength(2);
  });
});

describe('Studio media upload: what an upload may cost (issue 30, M4)', () => {
  const UPLOADER = 'uploader@studio.example';
  const FILLER = 'filler@studio.example';
  let uploader = '';
  let filler = '';
  beforeAll(async () => {
    await createStaffUser({ email: UPLOADER, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
    await createStaffUser({ email: FILLER, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
    uploader = await signIn(UPLOADER);
    filler = await signIn(FILLER);
  });

  it('takes only JPEG, PNG, WebP, AVIF and GIF: TIFF and HEIC are refused with 415, naming the format', async () => {
    const tiff = fileForm(await picture(64, 48).tiff().toBuffer(), 'scan.tif', 'image/tiff');
    expect(await upload(GROUP_SITE, { form: tiff, cookie: uploader })).toEqual({
      status: 415,
      body: {
        message:
          'The file is a TIFF image, which the Studio does not take: save it as JPEG, PNG, WebP, AVIF or GIF and upload it again.',
      },
    });
    const heic = Buffer.from(await picture(64, 48).avif().toBuffer());
    heic.write('heic', heic.indexOf('ftyp') + 4, 'latin1');
    const refused = await upload(GROUP_SITE, { form: fileForm(heic, 'IMG_0001.HEIC', 'image/heic'), cookie: uploader });
    expect(refused.status).toBe(415);
    expect(refused.body.message).toMatch(/^The file is a HEIC image/);
    const avif = fileForm(await picture(64, 48).avif().toBuffer(), 'photo.avif', 'image/avif');
    expect((await upload(GROUP_SITE, { form: avif, cookie: uploader })).status).toBe(201);
  });

  it('refuses a 16-bit picture whose pixels take more than 150 MB to open with 400, from its header', async () => {
    // A 16-bit RGB PNG claiming 7000 x 5000 pixels in a few hundred bytes (a decompression bomb's header).
    const png16 = await picture(16, 16).toColourspace('rgb16').png().toBuffer();
    const ihdr = png16.indexOf('IHDR');
    const bomb = Buffer.from(png16);
    bomb.writeUInt32BE(7000, ihdr + 4);
    bomb.writeUInt32BE(5000, ihdr + 8);
    bomb.writeUInt32BE(crc32(bomb.subarray(ihdr, ihdr + 17)), ihdr + 17);
    expect(await upload(GROUP_SITE, { form: fileForm(bomb, 'bomb.png', 'image/png'), cookie: uploader })).toEqual({
      status: 400,
      body: {
        message:
          'The image is 7000 × 5000 pixels in 16-bit colour, which takes 201 MB to open, more than the Studio allows (150 MB): save it smaller or in 8-bit colour and upload it again.',
      },
    });
  });

  it('answers 429 past 30 uploads by one staff member in 10 minutes, before reading the body; others are not held back', async () => {
    const BUSY = 'busy@studio.example';
    await createStaffUser({ email: BUSY, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
    const busy = await signIn(BUSY);
    // Every attempt counts, even one refused for what it sent.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push((await upload(GROUP_SITE, { raw: '{}', type: 'application/json', cookie: busy })).status);
    expect(new Set(statuses)).toEqual(new Set([415]));
    const limited = await handleMediaUpload(request(GROUP_SITE, { form: fileForm(jpeg), cookie: busy }), GROUP_SITE);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('600');
    expect(await limited.json()).toEqual({
      message:
        'You have uploaded 30 images in the last 10 minutes, the most the Studio takes from one person in that time. Please wait a few minutes and upload again.',
    });
    expect((await upload(GROUP_SITE, { form: fileForm(jpeg), cookie: group })).status).toBe(201);
  });

  it("answers GET with the site's media usage against its quota, checked like every Studio call", async () => {
    const usage = await handleMedia(request(GROUP_SITE, { method: 'GET', cookie: filler }), GROUP_SITE);
    expect(usage.status).toBe(200);
    expect(usage.headers.get('cache-control')).toBe('no-store');
    const body = (await usage.json()) as { usedBytes: number; quotaBytes: number; images: number; text: string };
    expect(body).toEqual({
      usedBytes: expect.any(Number),
      quotaBytes: 1024 * 1024,
      images: (await mediaRows()).filter((row) => row.slug === GROUP_SITE).length,
      text: expect.stringMatching(/^\d+(\.\d)? MB of 1 MB used$/),
    });
    expect(body.usedBytes).toBeGreaterThan(0);
    expect((await handleMedia(request(GROUP_SITE, { method: 'GET' }), GROUP_SITE)).status).toBe(401);
    expect((await handleMedia(request(GROUP_SITE, { method: 'GET', cookie: site }), GROUP_SITE)).status).toBe(403);
    const put = await handleMedia(request(GROUP_SITE, { method: 'PUT', cookie: filler }), GROUP_SITE);
    expect([put.status, put.headers.get('allow')]).toEqual([405, 'GET, HEAD, POST']);
  });

  it("refuses with 413 an upload that does not fit in the site's quota, saying the usage, and stores nothing", async () => {
    const noisy = (seed: number) =>
      sharp({
        create: {
          width: 700,
          height: 700,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 100 + seed, sigma: 70 },
        },
      })
        .png()
        .toBuffer();
    let refused: { status: number; body: Answer } | undefined;
    for (let seed = 0; seed < 8 && !refused; seed++) {
      const answer = await upload(GROUP_SITE, {
        form: fileForm(await noisy(seed), `noise-${seed}.png`, 'image/png'),
        cookie: filler,
      });
      if (answer.status !== 201) refused = answer;
    }
    expect(refused?.status).toBe(413);
    expect(refused?.body.message).toMatch(
      /^This site's images use \d+(\.\d)? MB of 1 MB used: (this image \(\d+(\.\d)? MB\) does not fit|no more images fit)\. Images that no version of the site uses any more are removed after a day/,
    );
    const { usedBytes, quotaBytes } = (await (
      await handleMedia(request(GROUP_SITE, { method: 'GET', cookie: filler }), GROUP_SITE)
    ).json()) as { usedBytes: number; quotaBytes: number };
    expect(usedBytes).toBeLessThanOrEqual(quotaBytes);
    // Another site has room of its own.
    const other = await upload(OTHER_SITE, { form: fileForm(await noisy(99), 'other.png', 'image/png'), cookie: site });
    expect(other.status).toBe(201);
  });
});
