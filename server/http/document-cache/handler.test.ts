import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { createDocumentCache, documentStore } from './handler';
import type { DocumentTarget, TargetRequest } from './target';
import { NO_STORE_ATTRIBUTE } from './no-store';
import { inlineScriptHashes } from './document';

/**
 * The document cache in front of a stand-in for Next on a real HTTP server: what reaches "Next",
 * what a shopper receives, and what is kept. (The browser suite runs it in front of the real Next.)
 */
interface Rendered {
  status?: number;
  body?: string;
  cookie?: boolean;
  delayMs?: number;
  /** Sent gzipped, as Next does for a client that takes gzip. */
  gzip?: boolean;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(options: {
  render: (req: IncomingMessage) => Rendered;
  stamp?: () => string;
  storeBytes?: number;
}) {
  const renders: string[] = [];
  let nonceCount = 0;
  const target = (req: TargetRequest): DocumentTarget | undefined =>
    req.url.startsWith('/search')
      ? { key: `${req.host}\n${req.url}`, stamp: options.stamp?.() ?? 's1', https: req.forwardedProto === 'https' }
      : undefined;
  const hook = createDocumentCache({ store: documentStore(options.storeBytes ?? 1 << 20, 60_000), target });
  const next = (req: IncomingMessage, res: ServerResponse) => {
    renders.push(req.url ?? '');
    const rendered = options.render(req);
    const nonce = `nonce${++nonceCount}AAAAAAAAAAAAAAAA==`;
    const body =
      rendered.body ??
      `<!DOCTYPE html><html><head><script src="/_next/a.js" nonce="${nonce}"></script></head><body><h1>${req.url}</h1><script nonce="${nonce}">self.__next_f.push([1,"${nonce}"])</script></body></html>`;
    res.statusCode = rendered.status ?? 200;
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'private, no-cache, no-store, max-age=0, must-revalidate');
    res.setHeader('content-security-policy', `script-src 'nonce-${nonce}' 'strict-dynamic'`);
    res.setHeader('x-seen-accept-encoding', String(req.headers['accept-encoding'] ?? ''));
    if (rendered.cookie) res.setHeader('set-cookie', 'a=b');
    if (rendered.gzip) res.setHeader('content-encoding', 'gzip');
    const bytes = rendered.gzip ? gzipSync(body) : Buffer.from(body);
    // Streamed in two pieces, as Next does.
    const half = Math.floor(bytes.length / 2);
    res.write(bytes.subarray(0, half));
    setTimeout(() => res.end(bytes.subarray(half)), rendered.delayMs ?? 0);
  };
  server = createServer((req, res) => hook(req, res, () => next(req, res)));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server?.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer }>((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path, headers: { host: 'site.localhost', ...headers } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  return { get, renders };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

describe('the document cache', () => {
  it('renders a first load, then answers the same address from memory with a policy of its own scripts', async () => {
    const { get, renders } = await start({ render: () => ({}) });
    const first = await get('/search/used-cars?sortBy=lowestPrice');
    expect(first.headers['x-document-cache']).toBe('miss');
    expect(first.headers['content-security-policy']).toContain("'nonce-nonce1");
    await settle();
    const second = await get('/search/used-cars?sortBy=lowestPrice', { 'x-forwarded-proto': 'https' });
    expect(renders).toEqual(['/search/used-cars?sortBy=lowestPrice']);
    expect(second.status).toBe(200);
    expect(second.headers['x-document-cache']).toBe('hit');
    const html = second.body.toString('utf8');
    // The first shopper's nonce is not handed to the next one.
    expect(html).not.toContain('nonce1');
    expect(html).toContain('<h1>/search/used-cars?sortBy=lowestPrice</h1>');
    const policy = second.headers['content-security-policy'] ?? '';
    expect(policy).toContain(`script-src 'self' '${inlineScriptHashes(html)[0]}';`);
    expect(policy).not.toContain('unsafe-eval');
    expect(policy).not.toContain('nonce');
    expect(policy).toContain('upgrade-insecure-requests');
    expect(second.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(second.headers['x-frame-options']).toBe('DENY');
    expect(second.headers['cache-control']).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    expect(second.headers['x-seen-accept-encoding']).toBeUndefined();
    expect(Number(second.headers['content-length'])).toBe(second.body.length);
  });

  it('keeps a page Next sent gzipped, and sends it gzipped to a client that takes gzip', async () => {
    const { get } = await start({ render: (req) => ({ gzip: req.headers['accept-encoding'] === 'gzip' }) });
    const first = await get('/search/a', { 'accept-encoding': 'gzip' });
    // The render that fills the cache goes to its shopper compressed, as any other.
    expect(first.headers['x-seen-accept-encoding']).toBe('gzip');
    expect(first.headers['content-encoding']).toBe('gzip');
    await settle();
    const plain = await get('/search/a');
    const zipped = await get('/search/a', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).toString('utf8')).toBe(plain.body.toString('utf8'));
  });

  it("leaves everything but a page's first load to Next", async () => {
    const { get, renders } = await start({ render: () => ({}) });
    await get('/search/b');
    await settle();
    await get('/search/b', { rsc: '1' });
    await get('/search/b?_rsc=abc');
    await get('/cars/x');
    await get('/cars/x');
    expect(renders).toEqual(['/search/b', '/search/b', '/search/b?_rsc=abc', '/cars/x', '/cars/x']);
  });

  it('keeps no failed render, no error page, no cookie and no failed search', async () => {
    const bodies: Record<string, Rendered> = {
      '/search/404': { status: 404 },
      '/search/500': { status: 500 },
      '/search/cookie': { cookie: true },
      '/search/failed': {
        body: `<!DOCTYPE html><html><body><span hidden ${NO_STORE_ATTRIBUTE}=""></span></body></html>`,
      },
    };
    const { get, renders } = await start({ render: (req) => bodies[req.url ?? ''] ?? {} });
    for (const path of Object.keys(bodies)) {
      await get(path);
      await settle();
      const again = await get(path);
      expect(again.headers['x-document-cache'], path).toBe('miss');
    }
    expect(renders).toHaveLength(8);
  });

  it('renders a crawler live, and keeps no page it was given', async () => {
    const { get, renders } = await start({ render: () => ({}) });
    const crawler = { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' };
    await get('/search/bot', crawler);
    await settle();
    expect((await get('/search/bot', crawler)).headers['x-document-cache']).toBeUndefined();
    expect((await get('/search/bot')).headers['x-document-cache']).toBe('miss');
    expect(renders).toHaveLength(3);
  });

  it('holds a crowd back for a slow first answer only for a moment', async () => {
    const { get, renders } = await start({ render: (req) => ({ delayMs: req.headers['x-slow'] ? 3_000 : 0 }) });
    const slow = get('/search/slow', { 'x-slow': '1' });
    await settle();
    const started = Date.now();
    const other = await get('/search/slow');
    // Waited for the first answer about two seconds, then asked Next itself.
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_900);
    expect(Date.now() - started).toBeLessThan(2_900);
    expect(other.headers['x-document-cache']).toBe('miss');
    await slow;
    expect(renders).toEqual(['/search/slow', '/search/slow']);
  });

  it('renders an address once for a crowd asking at the same moment', async () => {
    const { get, renders } = await start({ render: () => ({ delayMs: 100 }) });
    const answers = await Promise.all(Array.from({ length: 10 }, () => get('/search/crowd')));
    expect(renders).toEqual(['/search/crowd']);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.filter((a) => a.headers['x-document-cache'] === 'hit')).toHaveLength(9);
  });

  it('renders again when the stamp moves (a publish, a tenant file, a stock change)', async () => {
    let stamp = 's1';
    const { get, renders } = await start({ render: () => ({}), stamp: () => stamp });
    await get('/search/c');
    await settle();
    expect((await get('/search/c')).headers['x-document-cache']).toBe('hit');
    stamp = 's2';
    expect((await get('/search/c')).headers['x-document-cache']).toBe('miss');
    expect(renders).toEqual(['/search/c', '/search/c']);
  });
  it('keeps pages gzipped: a page larger than the whole store uncompressed is kept, and unzipped for a client without gzip', async () => {
    const cards = '<li class="card">A used car, its price and its disclaimer</li>'.repeat(400);
    const page = `<!DOCTYPE html><html><body><h1>Search our cars</h1><ul>${cards}</ul></body></html>`;
    const { get, renders } = await start({ render: () => ({ body: page }), storeBytes: 4 * 1024 });
    // 25 KB of markup: over six times the store whole, under 1 KB gzipped.
    const first = await get('/search/big');
    expect(first.body.length).toBeGreaterThan(6 * 4 * 1024);
    await settle();
    const plain = await get('/search/big');
    expect(plain.headers['x-document-cache']).toBe('hit');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString('utf8')).toBe(page);
    const zipped = await get('/search/big', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(renders).toHaveLength(1);
  });
});
