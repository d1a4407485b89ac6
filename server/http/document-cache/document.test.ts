import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  MAX_SCRIPT_HASHES,
  acceptsGzip,
  inlineScriptHashes,
  isDocumentRequest,
  nonceOfPolicy,
  prepareDocument,
} from './document';
import { NO_STORE_ATTRIBUTE } from './no-store';

const sha = (text: string) => `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('isDocumentRequest', () => {
  it('takes a plain GET of a page', () => {
    expect(isDocumentRequest('GET', '/search/used-cars?sortBy=lowestPrice', { host: 'x' })).toBe(true);
  });

  it("leaves Next's own data requests, other methods and odd request targets to Next", () => {
    expect(isDocumentRequest('GET', '/search/used-cars', { rsc: '1' })).toBe(false);
    expect(isDocumentRequest('GET', '/search/used-cars', { 'next-router-prefetch': '1' })).toBe(false);
    expect(isDocumentRequest('GET', '/search/used-cars', { 'next-router-state-tree': '%5B%5D' })).toBe(false);
    expect(isDocumentRequest('POST', '/search/used-cars', {})).toBe(false);
    expect(isDocumentRequest('GET', '/search/used-cars', { 'next-action': 'abc' })).toBe(false);
    expect(isDocumentRequest('HEAD', '/search/used-cars', {})).toBe(false);
    expect(isDocumentRequest('GET', '/search/used-cars?_rsc=1x2y', {})).toBe(false);
    expect(isDocumentRequest('GET', 'http://evil.example/search', {})).toBe(false);
    expect(isDocumentRequest('GET', '//evil.example/search', {})).toBe(false);
    expect(isDocumentRequest('GET', undefined, {})).toBe(false);
  });
});

describe('acceptsGzip', () => {
  it('reads Accept-Encoding, q=0 included', () => {
    expect(acceptsGzip('gzip, deflate, br, zstd')).toBe(true);
    expect(acceptsGzip('br;q=1.0, gzip;q=0.8')).toBe(true);
    expect(acceptsGzip('*')).toBe(true);
    expect(acceptsGzip('gzip;q=0')).toBe(false);
    expect(acceptsGzip('br')).toBe(false);
    expect(acceptsGzip(undefined)).toBe(false);
    expect(acceptsGzip(['deflate', 'gzip'])).toBe(true);
  });
});

describe('nonceOfPolicy', () => {
  it("finds the script nonce of a page's policy", () => {
    expect(nonceOfPolicy("default-src 'self'; script-src 'nonce-BoCF2fWBd9mT1IsXszNK1A==' 'strict-dynamic'")).toBe(
      'BoCF2fWBd9mT1IsXszNK1A==',
    );
    expect(nonceOfPolicy("script-src 'self' 'unsafe-inline'")).toBeUndefined();
    expect(nonceOfPolicy(undefined)).toBeUndefined();
  });
});

describe('inlineScriptHashes', () => {
  it('hashes each inline script the browser runs, once, as its text is written', () => {
    const html =
      '<script src="/_next/static/a.js" async=""></script>' +
      '<script>self.__next_f=self.__next_f||[]</script>' +
      '<script nonce="">self.__next_f.push([1,"é \\u003c/script"])</script>' +
      '<script type="application/ld+json">{"@type":"Car"}</script>' +
      '<script type="module">import "/x.js"</script>' +
      '<SCRIPT>self.__next_f=self.__next_f||[]</SCRIPT>';
    expect(inlineScriptHashes(html)).toEqual([
      sha('self.__next_f=self.__next_f||[]'),
      sha('self.__next_f.push([1,"é \\u003c/script"])'),
      sha('import "/x.js"'),
    ]);
  });
});

describe('inlineScriptHashes with the nonce of the response', () => {
  it('hashes only the scripts that carried it, as they are sent with the nonce taken out', () => {
    const nonce = 'Xy0/Xy0/Xy0/Xy0/Xy0/Xw==';
    const html =
      `<script nonce="${nonce}">push({"nonce":"${nonce}"})</script>` +
      '<script>alert("injected")</script>' +
      '<script nonce="">alert("injected too")</script>';
    expect(inlineScriptHashes(html, nonce)).toEqual([sha('push({"nonce":""})')]);
  });
});

describe('prepareDocument', () => {
  const page = (body: string) => `<!DOCTYPE html><html><head></head><body>${body}</body></html>`;

  it("takes the first response's nonce out of the page and lists its inline scripts' hashes", () => {
    const nonce = 'BoCF2fWBd9mT1IsXszNK1A==';
    const html = page(`<script nonce="${nonce}">push({"nonce":"${nonce}"})</script>`);
    const prepared = prepareDocument(html, nonce);
    expect(prepared).toEqual({
      ok: true,
      html: page('<script nonce="">push({"nonce":""})</script>'),
      scriptHashes: [sha('push({"nonce":""})')],
    });
  });

  it('refuses a page whose response had no nonce, or more inline scripts than a policy header should list', () => {
    expect(prepareDocument(page('<script>a()</script>'), undefined)).toEqual({
      ok: false,
      reason: 'the response had no script nonce',
    });
    const many = Array.from({ length: MAX_SCRIPT_HASHES + 1 }, (_, i) => `<script nonce="n0nce">f(${i})</script>`);
    expect(prepareDocument(page(many.join('')), 'n0nce')).toEqual({
      ok: false,
      reason: 'the page has too many inline scripts',
    });
    expect(prepareDocument(page(many.slice(1).join('')), 'n0nce').ok).toBe(true);
  });

  it('refuses a failed search, a streamed error and anything but a whole page', () => {
    expect(prepareDocument(page(`<span hidden ${NO_STORE_ATTRIBUTE}=""></span>`), undefined)).toEqual({
      ok: false,
      reason: 'a block marked the page not to be reused',
    });
    expect(prepareDocument(page('<template data-dgst="123"></template>'), undefined).ok).toBe(false);
    expect(prepareDocument('<!DOCTYPE html><html><body>cut off', undefined).ok).toBe(false);
    expect(prepareDocument('{"json":true}', undefined).ok).toBe(false);
  });
});
