import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCachedPagePolicy, scriptHashMemo } from './cached-page-policy';
import { MAX_SCRIPT_HASHES } from './document-cache/document';
import { contentSecurityPolicy, scriptSourcesOf } from './security-headers';

/**
 * The script policy of pages from Next's page cache (issue 30, L6), in front of a stand-in for
 * Next on a real HTTP server, behind Next's own compression (as `npm start` runs it): what the
 * browser receives. (The browser suite and `npm run test:abuse` run it in front of the real Next.)
 */
type Middleware = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
const compression = (createRequire(import.meta.url)('next/dist/compiled/compression') as () => Middleware)();

const CACHED_POLICY = contentSecurityPolicy({ https: false, development: false });
const LIVE_POLICY = contentSecurityPolicy({ https: false, nonce: 'bm9uY2Vub25jZW5vbmNlMQ==', development: false });

interface Rendered {
  status?: number;
  body: string;
  policy?: string;
  /** null: no Content-Type at all (a 304). */
  type?: string | null;
  /** Written in pieces with a pause between, headers flushed first, as Next streams a render. */
  pieces?: number;
  pauseMs?: number;
}

let server: Server | undefined;
afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function start(
  render: (req: IncomingMessage) => Rendered,
  options: Parameters<typeof createCachedPagePolicy>[0] = {},
) {
  const hook = createCachedPagePolicy(options);
  const next = (req: IncomingMessage, res: ServerResponse) => {
    const rendered = render(req);
    res.statusCode = rendered.status ?? 200;
    if (rendered.type !== null) res.setHeader('content-type', rendered.type ?? 'text/html; charset=utf-8');
    res.setHeader('content-security-policy', rendered.policy ?? CACHED_POLICY);
    res.setHeader('etag', '"abc"');
    const body = Buffer.from(rendered.body);
    const pieces = rendered.pieces ?? 1;
    if (pieces === 1) {
      res.end(body);
      return;
    }
    res.flushHeaders();
    const size = Math.ceil(body.length / pieces);
    let at = 0;
    const step = () => {
      const piece = body.subarray(at, at + size);
      at += size;
      if (at >= body.length) res.end(piece);
      else {
        res.write(piece);
        setTimeout(step, rendered.pauseMs ?? 5);
      }
    };
    step();
  };
  server = createServer((req, res) => hook(req, res, () => compression(req, res, () => next(req, res))));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server?.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<{
      status: number;
      headers: IncomingMessage['headers'];
      body: Buffer;
      headersAt: number;
      endAt: number;
    }>((resolve, reject) => {
      const started = performance.now();
      const req = request(
        { host: '127.0.0.1', port, path, method, headers: { host: 'site.localhost', ...headers } },
        (res) => {
          const headersAt = performance.now() - started;
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks),
              headersAt,
              endAt: performance.now() - started,
            }),
          );
        },
      );
      req.on('error', reject);
      req.end();
    });
  return { get };
}

const csp = (page: { headers: IncomingMessage['headers'] }): string =>
  String(page.headers['content-security-policy'] ?? '');
const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
const FLIGHT = 'self.__next_f.push([1,"0:{\\"a\\":1}\\n"])';
const BOOT = '(self.__next_f=self.__next_f||[]).push([0])';
const PAGE = [
  '<!DOCTYPE html><html><head><script src="/_next/static/chunks/main.js" async=""></script></head><body>',
  '<h1>Harbour City Mazda</h1>',
  // Next's compression leaves out bodies under 1 KB.
  `<p>${'New, used and demo cars. '.repeat(60)}</p>`,
  '<script type="application/ld+json">{"@type":"AutoDealer"}</script>',
  `<script>${BOOT}</script><script>${FLIGHT}</script>`,
  '<img src="x" onerror="alert(1)">',
  '</body></html>',
].join('');

/** The inline scripts a browser would run in this HTML, each with whether the policy lets it run. */
function inlineScripts(html: string, policy: string): { text: string; allowed: boolean }[] {
  const sources = scriptSourcesOf(policy);
  return [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script/gi)]
    .filter((m) => !/\bsrc=/.test(m[1] ?? '') && !/ld\+json/.test(m[1] ?? ''))
    .map((m) => {
      const nonce = /nonce="([^"]+)"/.exec(m[1] ?? '')?.[1];
      const text = m[2] ?? '';
      return { text, allowed: sources.includes(sha(text)) || (!!nonce && sources.includes(`'nonce-${nonce}'`)) };
    });
}

describe('the script policy of a page from the page cache', () => {
  it('lists the hash of each of its inline scripts, and allows no other inline script (gzip, deflate, none)', async () => {
    const { get } = await start(() => ({ body: PAGE }));
    for (const [encoding, decode] of [
      ['gzip', gunzipSync],
      ['deflate', inflateSync],
      ['', (b: Buffer) => b],
    ] as const) {
      const page = await get('/', encoding ? { 'accept-encoding': encoding } : {});
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe(encoding || undefined);
      const html = decode(page.body).toString('utf8');
      // The body is what Next wrote.
      expect(html).toBe(PAGE);
      const policy = csp(page);
      const sources = scriptSourcesOf(policy);
      expect(sources).toEqual(["'self'", sha(BOOT), sha(FLIGHT)]);
      expect(policy).not.toContain('unsafe-eval');
      expect(inlineScripts(html, policy).every((s) => s.allowed)).toBe(true);
      // Every other directive is the proxy's.
      expect(policy.replace(/script-src [^;]*/, '')).toBe(CACHED_POLICY.replace(/script-src [^;]*/, ''));
    }
  });

  it('holds a page Next streams until its last piece, then sends it whole with its hashes', async () => {
    const { get } = await start(() => ({ body: PAGE, pieces: 5, pauseMs: 30 }));
    const page = await get('/cars/x', { 'accept-encoding': 'gzip' });
    expect(gunzipSync(page.body).toString('utf8')).toBe(PAGE);
    expect(scriptSourcesOf(csp(page))).toEqual(["'self'", sha(BOOT), sha(FLIGHT)]);
    // The head waited for the body.
    expect(page.headersAt).toBeGreaterThan(100);
  });

  it('lets a page with a nonce stream as Next writes it, its policy untouched', async () => {
    const { get } = await start(() => ({ body: PAGE, pieces: 5, pauseMs: 60, policy: LIVE_POLICY }));
    const page = await get('/search/used-cars?page=2', { 'accept-encoding': 'gzip' });
    expect(page.headers['content-security-policy']).toBe(LIVE_POLICY);
    expect(gunzipSync(page.body).toString('utf8')).toBe(PAGE);
    expect(page.headersAt).toBeLessThan(page.endAt - 150);
  });

  it("leaves alone what is not a page: Next's data requests, JSON, assets", async () => {
    const { get } = await start((req) => ({
      body: req.url === '/data.json' ? '{"a":"<script>x</script>"}' : PAGE,
      type: req.url === '/data.json' ? 'application/json' : 'text/html; charset=utf-8',
    }));
    expect((await get('/', { rsc: '1' })).headers['content-security-policy']).toBe(CACHED_POLICY);
    expect((await get('/?_rsc=abc')).headers['content-security-policy']).toBe(CACHED_POLICY);
    expect((await get('/data.json')).headers['content-security-policy']).toBe(CACHED_POLICY);
    expect((await get('/_next/static/x.html')).headers['content-security-policy']).toBe(CACHED_POLICY);
  });

  it('answers a 304 without a policy, so the browser keeps the one of the page it has', async () => {
    // As Next answers a conditional request for a cached page: no Content-Type, and the proxy's
    // policy awaiting hashes, which would replace the stored page's (found by accounts.spec).
    const { get } = await start(() => ({ body: '', status: 304, type: null }));
    const page = await get('/', { 'if-none-match': '"abc"' });
    expect(page.status).toBe(304);
    expect(page.headers['content-security-policy']).toBeUndefined();
    expect(page.headers.etag).toBe('"abc"');
  });

  it('remembers the hashes of a body it has seen', async () => {
    const memo = scriptHashMemo();
    const { get } = await start(() => ({ body: PAGE }), { memo });
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const second = await get('/', { 'accept-encoding': 'gzip' });
    expect(memo.size).toBe(1);
    expect(second.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
  });

  it('gives a page with more inline scripts than a header can list a fresh nonce on each of them instead', async () => {
    const scripts = Array.from(
      { length: MAX_SCRIPT_HASHES + 2 },
      (_, i) => `<script>self.__next_f.push([1,"${i}"])</script>`,
    );
    const body = `<!DOCTYPE html><html><body><script type="application/ld+json">{}</script>${scripts.join('')}</body></html>`;
    const { get } = await start(() => ({ body }));
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const second = await get('/', { 'accept-encoding': 'gzip' });
    for (const page of [first, second]) {
      const policy = csp(page);
      expect(page.headers['content-encoding']).toBeUndefined();
      const html = page.body.toString('utf8');
      expect(scriptSourcesOf(policy).filter((s) => s.startsWith("'sha256-"))).toEqual([]);
      const found = inlineScripts(html, policy);
      expect(found).toHaveLength(MAX_SCRIPT_HASHES + 2);
      expect(found.every((s) => s.allowed)).toBe(true);
      expect(html.replace(/ nonce="[^"]+"/g, '')).toBe(body);
      expect(html).toContain('<script type="application/ld+json">{}</script>');
    }
    const nonce = (policy: string) => /'nonce-([^']+)'/.exec(policy)?.[1];
    expect(nonce(csp(first))).not.toBe(nonce(csp(second)));
  });

  it('sends a page larger than it may hold as it comes, with no inline script allowed, and says so', async () => {
    const log = { error: vi.fn() };
    const { get } = await start(() => ({ body: PAGE, pieces: 4 }), { maxHeldBytes: 100, log });
    const page = await get('/');
    expect(page.body.toString('utf8')).toBe(PAGE);
    expect(page.headers['content-security-policy']).toBe(CACHED_POLICY);
    expect(log.error).toHaveBeenCalledTimes(1);
  });

  it('lets HEAD and error pages through too: an error page is hashed like any other', async () => {
    const { get } = await start(() => ({ body: PAGE, status: 500 }));
    const head = await get('/', {}, 'HEAD');
    expect(head.headers['content-security-policy']).toBe(CACHED_POLICY);
    const error = await get('/');
    expect(error.status).toBe(500);
    expect(scriptSourcesOf(csp(error))).toContain(sha(FLIGHT));
  });
});
