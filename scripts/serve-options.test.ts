import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { NextURL } from 'next/dist/server/web/next-url';
import { formatHostname } from 'next/dist/server/lib/format-hostname';
import { getRelativeURL } from 'next/dist/shared/lib/router/utils/relativize-url';
import { readFileSync } from 'node:fs';
import { SERVER_NODE_FLAGS, serveOptions } from './serve-options.mjs';
import { serveCommand } from './support/server';

/**
 * What Next does with a proxy rewrite when `npm start` runs with `-H <listen>` (issue 30: with
 * `-H 127.0.0.1` every dealer host and the Studio answered 404). Next routes the request by
 * `http://<hostname>:<port><path>` (server/lib/router-utils/resolve-routes: initURL), gives the proxy
 * a NextRequest on the same URL (next-server runMiddleware), and takes the proxy's rewrite, made
 * relative to that URL, as an internal one only when it comes back on the same origin.
 */
function rewriteAsNextRoutesIt(args: string[]): string {
  const { next } = serveOptions(args, {});
  const base = `http://${formatHostname(next.hostname)}:${next.port}`;
  const request = new NextRequest(`${base}/cars/abc`, { headers: { host: 'www.dealer.example' } });
  // proxy.ts: url = request.nextUrl.clone(); url.pathname = internalPath(...); NextResponse.rewrite(url)
  const target = request.nextUrl.clone();
  target.pathname = '/site/dealer/cars/abc';
  // server/web/adapter: the rewrite header is normalised through NextURL with the request's headers.
  const header = String(new NextURL(String(target), { headers: { host: 'www.dealer.example' } }));
  return getRelativeURL(header, `${base}/cars/abc`);
}

describe('npm start -H', () => {
  it('listens where -H says, on the port -p says', () => {
    expect(serveOptions(['-p', '3400', '-H', '127.0.0.1'], { PORT: '9' })).toMatchObject({
      port: 3400,
      listen: '127.0.0.1',
    });
    expect(serveOptions(['--hostname', '::1'], { PORT: '3401', HOSTNAME: 'container' })).toMatchObject({
      port: 3401,
      listen: '::1',
    });
    expect(serveOptions([], { HOSTNAME: 'container' })).toMatchObject({ port: 3000, listen: undefined });
    expect(() => serveOptions(['-p', 'x'], {})).toThrow('"x" is not a port number');
  });

  it('keeps the proxy’s rewrites internal whatever address it listens on (dealer hosts and the Studio answer)', () => {
    for (const listen of ['127.0.0.1', '127.0.0.2', '::1', 'localhost', '0.0.0.0', '::', '10.1.2.3']) {
      expect(rewriteAsNextRoutesIt(['-p', '3400', '-H', listen]), listen).toBe('/site/dealer/cars/abc');
    }
    expect(rewriteAsNextRoutesIt(['-p', '3400'])).toBe('/site/dealer/cars/abc');
  });
});

describe('SERVER_NODE_FLAGS (issue 31): every way the server is started runs it with the same V8 options', () => {
  const read = (file: string) => readFileSync(file, 'utf8');
  // The platform's entry of playwright.config.ts's webServer list, as the config file builds it.
  const browserTestServer = () =>
    /command: `node \$\{SERVER_NODE_FLAGS\.join\(' '\)\} scripts\/serve\.mjs/.test(read('playwright.config.ts'))
      ? `node ${SERVER_NODE_FLAGS.join(' ')} scripts/serve.mjs`
      : '';
  const manifest = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
  it.each([
    ['npm start', manifest.scripts.start ?? ''],
    [
      'npm run demo',
      read('scripts/demo.sh')
        .split('\n')
        .find((line) => line.includes('scripts/serve.mjs')) ?? '',
    ],
    ['the browser tests', browserTestServer()],
    [
      'the container image and the operations suite',
      read('scripts/production-start.sh')
        .split('\n')
        .find((line) => line.includes('scripts/serve.mjs')) ?? '',
    ],
    ['the benchmarks and the abuse run', serveCommand(3000).join(' ')],
  ])('%s', (_, command) => {
    expect(command).toContain('scripts/serve.mjs');
    for (const flag of SERVER_NODE_FLAGS) expect(command).toContain(flag);
  });
  it('names a 16 MB semi-space', () => {
    expect(SERVER_NODE_FLAGS).toContain('--max-semi-space-size=16');
  });
});
