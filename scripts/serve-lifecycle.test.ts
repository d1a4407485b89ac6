/**
 * The probes of `npm start` (issue 35): /livez whenever the process answers, /readyz only when warmed
 * up and its checks pass; the stop settings' messages. Warm-up, SIGTERM and the exit are tested on a
 * real production install by scripts/operations/run.ts.
 */
import { createServer, request, type Server } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { LIFECYCLE, ServerLifecycle, shutdownSettings } from './serve-lifecycle.mjs';

let server: Server | undefined;
afterEach(() => {
  server?.close();
  delete (globalThis as Record<symbol, unknown>)[LIFECYCLE];
});

async function serve(lifecycle: ServerLifecycle): Promise<number> {
  server = createServer((req, res) => {
    if (!lifecycle.probe(req, res)) {
      res.statusCode = 418;
      res.end();
    }
  });
  await new Promise<void>((done) => server?.listen(0, '127.0.0.1', done));
  const address = server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

function get(port: number, path: string, method = 'GET'): Promise<{ status: number; body: string; cache?: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method }, (res) => {
      let body = '';
      res.on('data', (c: Buffer) => (body += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, cache: res.headers['cache-control'] }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('npm start: /livez and /readyz', () => {
  it('answers live in every phase, ready only once warmed up, and leaves other paths alone', async () => {
    const lifecycle = new ServerLifecycle();
    const port = await serve(lifecycle);
    expect(await get(port, '/livez')).toEqual({ status: 200, body: '{"status":"live"}', cache: 'no-store' });
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"starting"}' });
    lifecycle.phase = 'warming up';
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"warming up"}' });
    (globalThis as Record<symbol, unknown>)[LIFECYCLE] = {
      readiness: async () => ({ ready: true, checks: { database: 'ok', tenants: 'ok', search: 'ok' } }),
    };
    lifecycle.phase = 'ready';
    expect(JSON.parse((await get(port, '/readyz')).body)).toEqual({
      status: 'ready',
      checks: { database: 'ok', tenants: 'ok', search: 'ok' },
    });
    lifecycle.phase = 'stopping';
    expect(await get(port, '/readyz')).toMatchObject({ status: 503, body: '{"status":"stopping"}' });
    expect((await get(port, '/livez')).status).toBe(200);
    expect((await get(port, '/readyz?x=1', 'POST')).status).toBe(405);
    expect((await get(port, '/')).status).toBe(418);
  });

  it('is not ready when a check fails, and says which', async () => {
    const lifecycle = new ServerLifecycle();
    const port = await serve(lifecycle);
    (globalThis as Record<symbol, unknown>)[LIFECYCLE] = {
      readiness: async () => ({ ready: false, checks: { database: 'unavailable', tenants: 'ok', search: 'ok' } }),
    };
    lifecycle.phase = 'ready';
    const answer = await get(port, '/readyz');
    expect(answer.status).toBe(503);
    expect(JSON.parse(answer.body)).toMatchObject({ status: 'not ready', checks: { database: 'unavailable' } });
  });

  it('reads the stop settings, and names one it cannot use', () => {
    expect(shutdownSettings({})).toEqual({ delayMs: 0, graceMs: 25_000 });
    expect(shutdownSettings({ SHUTDOWN_DELAY_SECONDS: '5', SHUTDOWN_GRACE_SECONDS: '0.5' })).toEqual({
      delayMs: 5_000,
      graceMs: 500,
    });
    expect(() => shutdownSettings({ SHUTDOWN_GRACE_SECONDS: 'soon' })).toThrow(
      'SHUTDOWN_GRACE_SECONDS is "soon"; it must be a number of seconds from 0 to 3600.',
    );
  });
});
