import { describe, expect, it } from 'vitest';
import {
  canonicalAccept,
  canonicalOptimiserTarget,
  isCanonicalSitePath,
  isOptimiserPath,
  negotiateOptimisedFormat,
  optimisedImageKey,
  parseOptimisedImageRequest,
  splitTarget,
} from './optimised-image-request';

const SIDE = '/media/vehicles/suv/white/side.png';
const picture = `/_next/image?url=${encodeURIComponent(SIDE)}&w=828&q=75`;

const keyOf = (target: string, accept?: string): string => {
  const parsed = parseOptimisedImageRequest(target);
  if (!parsed.ok) throw new Error(parsed.message);
  return optimisedImageKey(parsed.request, negotiateOptimisedFormat(accept));
};

describe('an optimiser request reduced to what decides its picture (issue 30, M3)', () => {
  it('reads url, w and q in any order and spelling as one request', () => {
    const one = keyOf(picture);
    expect(keyOf(`/_next/image?w=828&q=75&url=${SIDE}`)).toBe(one);
    expect(keyOf(`/_next/image?q=75&url=%2Fmedia%2Fvehicles%2Fsuv%2Fwhite%2Fside.png&w=828`)).toBe(one);
    expect(keyOf(`http://southerncrossmotors.com.au/_next/image?url=${SIDE}&w=828&q=75`)).toBe(one);
    expect(keyOf(`/_next/image?url=${SIDE}&w=828&q=75&`)).toBe(one);
    expect(one).toBe(`${SIDE}\n828\n75\noriginal`);
    expect(keyOf(`/_next/image?url=${SIDE}&w=640&q=75`)).not.toBe(one);
  });

  it('refuses any parameter but url, w and q, one given twice, and one missing', () => {
    for (const target of [
      `${picture}&junk=1`,
      `${picture}&dpl=abc`,
      `${picture}&=x`,
      `${picture}&w=828`,
      `${picture}&url=${SIDE}`,
      `/_next/image?url=${SIDE}&w=828`,
      `/_next/image?w=828&q=75`,
      '/_next/image',
    ]) {
      const parsed = parseOptimisedImageRequest(target);
      expect(parsed.ok, target).toBe(false);
      if (!parsed.ok) expect(parsed.message).toContain('/_next/image?url=<picture>&w=<width>&q=<quality>');
    }
    const junk = parseOptimisedImageRequest(`${picture}&cachebuster=7`);
    expect(junk).toEqual({
      ok: false,
      status: 400,
      message:
        'The parameter "cachebuster" is not one the optimiser takes. Ask for /_next/image?url=<picture>&w=<width>&q=<quality>, with w one of 96, 256, 384, 640, 828, 1200, 1920 and q 75.',
    });
  });

  it('refuses a width or quality Next does not make, or one written another way', () => {
    for (const [w, q] of [
      ['829', '75'],
      ['0828', '75'],
      ['828.0', '75'],
      ['+828', '75'],
      ['', '75'],
      ['99999999999999999999', '75'],
      ['828', '74'],
      ['828', '075'],
      ['828', '100'],
      ['828', 'x'],
    ]) {
      const parsed = parseOptimisedImageRequest(`/_next/image?url=${SIDE}&w=${w}&q=${q}`);
      expect(parsed.ok, `w=${w} q=${q}`).toBe(false);
    }
    expect(parseOptimisedImageRequest(`/_next/image?url=${SIDE}&w=829&q=75`)).toMatchObject({
      message: expect.stringMatching(/^The width "829" is not one the optimiser makes\./),
    });
  });

  it('takes a site path in its one plain spelling only', () => {
    for (const path of [
      SIDE,
      '/assets/tenants/harbour-city-mazda/logo.svg',
      '/media/studio/my%20logo.webp',
      '/a/b@2x,c.png',
    ])
      expect(isCanonicalSitePath(path), path).toBe(true);
    for (const path of [
      '/media//vehicles/side.png',
      '/media/./side.png',
      '/media/../media/side.png',
      '/media/vehicles/',
      '/media/%73ide.png',
      '/media/my%2flogo.png',
      '/media/side.png?v=2',
      '/media/side.png#x',
      '/media/my logo.png',
      '/media/side\\.png',
      '//evil.example/a.png',
      'media/side.png',
      '/media/%zz.png',
    ])
      expect(isCanonicalSitePath(path), path).toBe(false);
    // A query string in the url is another address of the same file to the server: refused, not keyed.
    const withQuery = parseOptimisedImageRequest(`/_next/image?url=${encodeURIComponent(`${SIDE}?v=1`)}&w=828&q=75`);
    expect(withQuery).toMatchObject({ ok: false, status: 400 });
    // An http(s) address goes on to Next, which refuses it without encoding (no remote pictures).
    expect(parseOptimisedImageRequest('/_next/image?url=https%3A%2F%2Fevil.example%2Fa.png&w=640&q=75')).toEqual({
      ok: true,
      request: { source: 'https://evil.example/a.png', width: 640, quality: 75 },
    });
    expect(parseOptimisedImageRequest('/_next/image?url=%E0%A4%A&w=640&q=75')).toMatchObject({ ok: false });
  });

  it('refuses another path that Next would also send to its optimiser', () => {
    expect(isOptimiserPath('/_next/image')).toBe(true);
    expect(isOptimiserPath('/_next/imagefoo')).toBe(true);
    expect(isOptimiserPath('//_next//image')).toBe(true);
    expect(isOptimiserPath('/_next/static/chunks/a.js')).toBe(false);
    expect(isOptimiserPath('/search/used-cars')).toBe(false);
    for (const target of [`/_next/imagefoo?url=${SIDE}&w=828&q=75`, `/_next/image/?url=${SIDE}&w=828&q=75`])
      expect(parseOptimisedImageRequest(target).ok, target).toBe(false);
    expect(splitTarget('https://host:3000/_next/image?url=a')).toEqual({ path: '/_next/image', query: 'url=a' });
    expect(splitTarget('/x')).toEqual({ path: '/x', query: '' });
  });

  it('writes a request back in one spelling', () => {
    const parsed = parseOptimisedImageRequest(`/_next/image?q=75&w=828&url=${SIDE}`);
    expect(parsed.ok && canonicalOptimiserTarget(parsed.request)).toBe(picture);
  });
});

describe('the format Next chooses from Accept', () => {
  it('is AVIF or WebP only when the header names it, whatever else it says', () => {
    const cases: Array<[string | undefined, string]> = [
      [undefined, 'original'],
      ['', 'original'],
      ['*/*', 'original'],
      ['image/*', 'original'],
      ['text/html', 'original'],
      ['image/avif,image/webp,*/*', 'avif'],
      ['image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8', 'avif'],
      ['image/webp,*/*', 'webp'],
      ['image/webp, image/avif', 'avif'],
      ['image/avif;q=0.5,image/webp', 'webp'],
      ['image/avif;q=0.9,image/webp;q=0.9', 'avif'],
      ['image/avif;q=0', 'original'],
      ['image/webp;q=0,image/avif;q=0', 'original'],
      ['image/avif;q=abc', 'avif'],
      ['IMAGE/AVIF', 'avif'],
      ['image/avifx', 'original'],
      ['garbage,,;;', 'original'],
    ];
    for (const [accept, format] of cases) expect(negotiateOptimisedFormat(accept), String(accept)).toBe(format);
  });

  it('gives one key to every Accept spelling of the same choice, and asks Next for that choice alone', () => {
    const avif = ['image/avif,image/webp,*/*', 'image/avif', 'image/webp;q=0.5, image/avif', 'image/avif;q=0.9;x=1'];
    expect(new Set(avif.map((accept) => keyOf(picture, accept))).size).toBe(1);
    expect(keyOf(picture, 'image/webp')).not.toBe(keyOf(picture, 'image/avif'));
    expect(canonicalAccept('avif')).toBe('image/avif');
    expect(canonicalAccept('webp')).toBe('image/webp');
    expect(canonicalAccept('original')).toBeUndefined();
  });
});
