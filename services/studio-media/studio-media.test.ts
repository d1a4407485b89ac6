import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase, testDatabaseKind } from '../db/test-database';
import { DecodeQueue } from './decode-queue';
import {
  createStudioMedia,
  MAX_UPLOAD_BYTES,
  prepareStudioImage,
  StudioImageError,
  studioImageHash,
  studioImageResponse,
  studioImageSrc,
  type StudioMedia,
} from './studio-media';

/** A picture of one colour, made in memory. */
function picture(width: number, height: number, background = '#336699') {
  return sharp({ create: { width, height, channels: 3, background } });
}

/**
 * A PNG whose header claims `width` x `height` pixels (greyscale 8-bit unless told), with almost no
 * pixel data (a decompression bomb's header: only the header is read before it is refused).
 */
function claimedPng(side: number, height = side, bits = 8, colourType = 0): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bits;
  header[9] = colourType; // 0 greyscale, 2 RGB, 6 RGBA
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(100))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function refusal(input: Uint8Array): Promise<StudioImageError> {
  const error = await prepareStudioImage(input).then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof StudioImageError)) throw new Error(`expected a StudioImageError, got ${String(error)}`);
  return error;
}

describe('prepareStudioImage (issue 16: uploads become one WebP the platform serves)', () => {
  it('fits a large photo inside 2000 x 2000 as WebP, addressed by the SHA-256 of its bytes', async () => {
    const image = await prepareStudioImage(await picture(3000, 1500).jpeg().toBuffer());
    expect(image).toMatchObject({ width: 2000, height: 1000, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });
    const out = await sharp(image.bytes).metadata();
    expect([out.format, out.width, out.height]).toEqual(['webp', 2000, 1000]);
    const tall = await prepareStudioImage(await picture(900, 2600).png().toBuffer());
    expect([tall.width, tall.height]).toEqual([692, 2000]);
  });

  it('never enlarges a small picture, and makes the same bytes from the same picture', async () => {
    const png = await picture(120, 40).png().toBuffer();
    const first = await prepareStudioImage(png);
    expect([first.width, first.height]).toEqual([120, 40]);
    const again = await prepareStudioImage(png);
    expect(again.sha256).toBe(first.sha256);
    expect(again.bytes.equals(first.bytes)).toBe(true);
  });

  it('turns a photo upright from its EXIF orientation and strips its metadata', async () => {
    // 40 x 20 stored, shown rotated 90°: 20 x 40.
    const photo = await picture(40, 20)
      .jpeg()
      .withMetadata({ orientation: 6, exif: { IFD0: { Artist: 'Someone', Copyright: 'Their camera' } } })
      .toBuffer();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const image = await prepareStudioImage(photo);
    expect([image.width, image.height]).toEqual([20, 40]);
    const out = await sharp(image.bytes).metadata();
    expect(out.exif).toBeUndefined();
    expect(out.orientation).toBeUndefined();
    expect(out.xmp).toBeUndefined();
  });

  it('reads PNG with transparency, WebP, AVIF and GIF; an animated image keeps its first frame', async () => {
    const clear = await sharp({ create: { width: 32, height: 32, channels: 4, background: '#ff000080' } })
      .png()
      .toBuffer();
    expect((await sharp((await prepareStudioImage(clear)).bytes).metadata()).hasAlpha).toBe(true);
    for (const made of [picture(64, 48).webp(), picture(64, 48).avif(), picture(64, 48).gif()]) {
      const image = await prepareStudioImage(await made.toBuffer());
      expect([image.width, image.height]).toEqual([64, 48]);
    }
    const red = await picture(40, 30, '#ff0000').png().toBuffer();
    const blue = await picture(40, 30, '#0000ff').png().toBuffer();
    const animated = await sharp([red, blue], { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(2);
    const image = await prepareStudioImage(animated);
    expect([image.width, image.height]).toEqual([40, 30]);
    const { data } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([
      expect.closeTo(255, -1),
      expect.closeTo(0, -1),
      expect.closeTo(0, -1),
    ]);
    expect((await sharp(image.bytes).metadata()).pages).toBeUndefined();
  });

  it('refuses an empty file and one over 10 MB, before reading it', async () => {
    expect(await refusal(new Uint8Array())).toMatchObject({
      problem: 'empty',
      message: 'The file is empty: choose an image to upload.',
    });
    const big = await refusal(new Uint8Array(MAX_UPLOAD_BYTES + 1));
    expect(big.problem).toBe('too-large');
    expect(big.message).toMatch(/^The image is larger than 10 MB: /);
  });

  it('refuses what is not an image, or not whole', async () => {
    const message = 'The file is not an image the Studio can read: upload a JPEG, PNG, WebP, AVIF or GIF image.';
    const jpeg = await picture(400, 300).jpeg().toBuffer();
    for (const input of [Buffer.from('hello, world'), Buffer.from('%PDF-1.7\n'), jpeg.subarray(0, jpeg.length / 2)])
      expect(await refusal(input)).toMatchObject({ problem: 'not-an-image', message });
  });

  it('refuses SVG, which can carry scripts, however it starts', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script></svg>';
    for (const text of [svg, `\ufeff  \n<?xml version="1.0"?>${svg}`, `<!DOCTYPE svg>${svg}`]) {
      const error = await refusal(Buffer.from(text));
      expect(error.problem).toBe('svg');
      expect(error.message).toBe(
        'SVG images are not accepted, because they can carry scripts: upload a PNG, WebP or JPEG version of it.',
      );
    }
  });

  it('refuses an image smaller than 16 x 16, and one claiming more than 50 megapixels', async () => {
    expect(await refusal(await picture(15, 40).png().toBuffer())).toMatchObject({
      problem: 'too-small',
      message: 'The image is 15 × 40 pixels; an image must be at least 16 × 16 pixels.',
    });
    expect((await prepareStudioImage(await picture(16, 16).png().toBuffer())).width).toBe(16);
    const bomb = await refusal(claimedPng(20_000));
    expect(bomb.problem).toBe('too-many-pixels');
    expect(bomb.message).toBe(
      'The image is 20000 × 20000 pixels, more than the Studio accepts (50 megapixels): save it smaller and upload it again.',
    );
  });
});

describe('what an upload may cost (issue 30, M4)', () => {
  it("refuses the review's 16-bit PNG just under 100 megapixels, and a 16-bit one over 150 MB decoded, from the header", async () => {
    // Four of these at once took a server from 689 MB to 1,205 MB.
    const review = await refusal(claimedPng(10_000, 9_999, 16, 2));
    expect(review.problem).toBe('too-many-pixels');
    expect(review.message).toMatch(/^The image is 10000 × 9999 pixels, more than the Studio accepts \(50 megapixels\)/);
    // 35 megapixels: few enough pixels, but 16-bit RGB makes them 201 MB.
    const deep = await refusal(claimedPng(7000, 5000, 16, 2));
    expect(deep).toMatchObject({
      problem: 'too-many-pixels',
      message:
        'The image is 7000 × 5000 pixels in 16-bit colour, which takes 201 MB to open, more than the Studio allows (150 MB): save it smaller or in 8-bit colour and upload it again.',
    });
    // The same size in 8-bit greyscale passes the header check (and is refused only because its pixels are not there).
    expect((await refusal(claimedPng(7000, 5000))).problem).toBe('not-an-image');
    // A real 16-bit PNG within the budget is taken.
    const png16 = await picture(300, 200).toColourspace('rgb16').png().toBuffer();
    expect((await sharp(png16).metadata()).depth).toBe('ushort');
    expect((await prepareStudioImage(png16)).width).toBe(300);
  });

  it('refuses TIFF and HEIC, which sharp reads but the README does not promise, naming the format', async () => {
    const tiff = await picture(64, 48).tiff().toBuffer();
    expect(await refusal(tiff)).toMatchObject({
      problem: 'unsupported-format',
      message:
        'The file is a TIFF image, which the Studio does not take: save it as JPEG, PNG, WebP, AVIF or GIF and upload it again.',
    });
    // A HEIF file with HEVC pictures: an AVIF file whose brand says heic is read by sharp as one.
    const avif = await picture(64, 48).avif().toBuffer();
    const heic = Buffer.from(avif);
    heic.write('heic', heic.indexOf('ftyp') + 4, 'latin1');
    expect(await sharp(heic).metadata()).toMatchObject({ format: 'heif', compression: 'hevc' });
    expect(await refusal(heic)).toMatchObject({
      problem: 'unsupported-format',
      message: expect.stringMatching(/^The file is a HEIC image/),
    });
    // AVIF, the HEIF container with AV1, is one of the five.
    expect((await prepareStudioImage(avif)).width).toBe(64);
  });

  it('decodes one picture at a time through its queue, and says the Studio is busy when the line is full', async () => {
    const queue = new DecodeQueue(1, 1);
    let release = () => {};
    // Something else holds the one decode, and one upload waits: the next is refused at once.
    const holding = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const png = await picture(64, 48).png().toBuffer();
    const waiting = prepareStudioImage(png, queue);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(queue.state).toEqual({ running: 1, waiting: 1 });
    const busy = await prepareStudioImage(png, queue).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(busy).toBeInstanceOf(StudioImageError);
    expect(busy).toMatchObject({
      problem: 'busy',
      message: 'The Studio is busy with other images just now: please upload this one again in a moment.',
    });
    release();
    await holding;
    expect((await waiting).width).toBe(64);
    expect(queue.state).toEqual({ running: 0, waiting: 0 });
  });

  it('crops a picture for its address in the same queue: 503 with Retry-After when the line is full (issue 33)', async () => {
    const sha256 = 'd'.repeat(64);
    const bytes = await picture(64, 48).webp().toBuffer();
    const media = { read: async () => ({ sha256, contentType: 'image/webp', width: 64, height: 48, bytes }) };
    const queue = new DecodeQueue(1, 0);
    let release = () => {};
    const holding = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    const busy = await studioImageResponse(media, `${sha256}-0-0-32-32.webp`, queue);
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([503, '5']);
    release();
    await holding;
    const cropped = await studioImageResponse(media, `${sha256}-0-0-32-32.webp`, queue);
    expect(cropped.status).toBe(200);
    const meta = await sharp(Buffer.from(await cropped.arrayBuffer())).metadata();
    expect([meta.width, meta.height]).toEqual([32, 32]);
    // The picture itself needs no decode: served while the queue is full.
    const again = queue.run(() => new Promise<void>((resolve) => (release = resolve)));
    expect((await studioImageResponse(media, `${sha256}.webp`, queue)).status).toBe(200);
    release();
    await again;
  });

  it('runs decodes in turn: never two at once however many uploads arrive together', async () => {
    const queue = new DecodeQueue();
    let now = 0;
    let most = 0;
    const run = queue.run.bind(queue);
    queue.run = <T>(work: () => Promise<T>) =>
      run(async () => {
        most = Math.max(most, ++now);
        try {
          return await work();
        } finally {
          now--;
        }
      });
    const inputs = await Promise.all(
      [1, 2, 3, 4].map((i) =>
        picture(200 + i, 100)
          .png()
          .toBuffer(),
      ),
    );
    const made = await Promise.all(inputs.map((input) => prepareStudioImage(input, queue)));
    expect(made.map((m) => m.width)).toEqual([201, 202, 203, 204]);
    expect(most).toBe(1);
  });
});

describe('the studio_media table (migration 012)', () => {
  let db: PlatformDb;
  let media: StudioMedia;
  beforeEach(async () => {
    // A file database on SQLite, like the platform's (WAL), one per test.
    db = await openTestDatabase({ file: true });
    media = createStudioMedia(db, { now: () => new Date('2026-11-22T00:00:00Z') });
  });
  afterEach(async () => db.destroy());

  it('stores a picture once however often it is uploaded, and serves its bytes back', async () => {
    const png = await picture(300, 200).png().toBuffer();
    const saved = await media.save({ slug: 'acme', bytes: png, author: 'ed@studio.example' });
    expect(saved).toEqual({
      src: expect.stringMatching(/^\/media\/studio\/[0-9a-f]{64}\.webp$/),
      width: 300,
      height: 200,
    });
    expect(await media.save({ slug: 'acme', bytes: png, author: 'ed@studio.example' })).toEqual(saved);
    expect(await media.save({ slug: 'other', bytes: png, author: 'al@studio.example' })).toEqual(saved);
    const rows = await db.selectFrom('studio_media').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      slug: 'acme',
      content_type: 'image/webp',
      width: 300,
      height: 200,
      created_by: 'ed@studio.example',
      created_at: '2026-11-22T00:00:00.000Z',
    });
    // The picture is stored as bytes, not as text: a BLOB value on SQLite, bytea on PostgreSQL.
    const { rows: stored } = await (
      testDatabaseKind() === 'postgres'
        ? sql<{ kind: string }>`select pg_typeof(bytes)::text as kind from studio_media`
        : sql<{ kind: string }>`select typeof(bytes) as kind from studio_media`
    ).execute(db);
    expect(stored[0]?.kind).toBe(testDatabaseKind() === 'postgres' ? 'bytea' : 'blob');

    const sha256 = studioImageHash(saved.src.slice('/media/studio/'.length)) ?? '';
    const read = await media.read(sha256);
    expect(read).toMatchObject({ sha256, contentType: 'image/webp', width: 300, height: 200 });
    expect(read?.bytes.equals((await prepareStudioImage(png)).bytes)).toBe(true);
    expect(await media.read('0'.repeat(64))).toBeUndefined();
    expect(await media.read('../../etc/passwd')).toBeUndefined();
  });

  it("keeps a site within its quota: a picture that does not fit is refused with the site's usage", async () => {
    const noise = (seed: number) =>
      sharp({
        create: {
          width: 60,
          height: 60,
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128 + seed, sigma: 60 },
        },
      })
        .png()
        .toBuffer();
    const [one, two] = [await noise(0), await noise(1)];
    const sizes = [(await prepareStudioImage(one)).bytes.length, (await prepareStudioImage(two)).bytes.length];
    // Room for either picture, not for both.
    const quotaBytes = Math.max(...sizes) + Math.floor(Math.min(...sizes) / 2);
    const small = createStudioMedia(db, { quotaBytes, now: () => new Date('2026-11-22T00:00:00Z') });
    const first = await small.save({ slug: 'acme', bytes: one, author: 'ed' });
    expect(await small.usage('acme')).toEqual({ usedBytes: sizes[0], quotaBytes, images: 1 });
    const over = await small.save({ slug: 'acme', bytes: two, author: 'ed' }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(over).toBeInstanceOf(StudioImageError);
    expect(over).toMatchObject({
      problem: 'over-quota',
      message: expect.stringMatching(
        /^This site's images use 0\.1 MB of 0\.1 MB used: this image \(0\.1 MB\) does not fit\./,
      ),
    });
    // The same picture again takes no more room; another site has its own quota.
    expect(await small.save({ slug: 'acme', bytes: one, author: 'ed' })).toEqual(first);
    await small.save({ slug: 'other', bytes: two, author: 'al' });
    expect((await small.usage('other')).images).toBe(1);
    expect((await small.usage('acme')).images).toBe(1);
    expect(await small.usage('nobody')).toEqual({ usedBytes: 0, quotaBytes, images: 0 });
    // A site at its quota is refused before its picture is even decoded.
    const full = createStudioMedia(db, { quotaBytes: sizes[0] ?? 0 });
    await expect(
      full.save({ slug: 'acme', bytes: Buffer.from('not even an image'), author: 'ed' }),
    ).rejects.toMatchObject({
      problem: 'over-quota',
      message: expect.stringMatching(/: no more images fit\./),
    });
  });

  it('renews the time of a picture uploaded again, so the collection of unused ones leaves it a full grace period', async () => {
    let now = new Date('2026-11-01T00:00:00Z');
    const timed = createStudioMedia(db, { now: () => now });
    const png = await picture(100, 100).png().toBuffer();
    await timed.save({ slug: 'acme', bytes: png, author: 'ed' });
    now = new Date('2026-11-20T00:00:00Z');
    await timed.save({ slug: 'acme', bytes: png, author: 'ed' });
    expect(await db.selectFrom('studio_media').select(['created_at', 'created_by']).execute()).toEqual([
      { created_at: '2026-11-20T00:00:00.000Z', created_by: 'ed' },
    ]);
  });

  it('stores nothing for a refused upload', async () => {
    await expect(media.save({ slug: 'acme', bytes: Buffer.from('<svg/>'), author: 'ed' })).rejects.toBeInstanceOf(
      StudioImageError,
    );
    expect(await db.selectFrom('studio_media').selectAll().execute()).toEqual([]);
  });
});

describe('studio image addresses', () => {
  it('are /media/studio/<sha256>.webp, and only such names are read', () => {
    const sha = 'ab'.repeat(32);
    expect(studioImageSrc(sha)).toBe(`/media/studio/${sha}.webp`);
    expect(studioImageHash(`${sha}.webp`)).toBe(sha);
    for (const name of [`${sha}.png`, `${sha.toUpperCase()}.webp`, `${sha}a.webp`, `x${sha}.webp`, '.webp', `${sha}`])
      expect(studioImageHash(name), name).toBeUndefined();
  });
});

describe('studioImageResponse (GET /media/studio/<file>)', () => {
  it('answers 503 with a sentence, never cached, while the database fails', async () => {
    const failing = { read: () => Promise.reject(new Error('database is locked')) };
    const errors: unknown[] = [];
    const original = console.error;
    console.error = (...args: unknown[]) => errors.push(args);
    try {
      const response = await studioImageResponse(failing, `${'cd'.repeat(32)}.webp`);
      expect(response.status).toBe(503);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.text()).toBe('The image cannot be shown just now.');
    } finally {
      console.error = original;
    }
    expect(errors).toHaveLength(1);
    // A malformed name never reaches the database.
    expect((await studioImageResponse(failing, 'logo.png')).status).toBe(404);
  });
});
