// @ts-check
/**
 * The server's probes, warm-up and graceful stop, for scripts/serve.mjs (`npm start`). Plain JavaScript
 * like the server; the checks it runs live in the platform's code (server/operations/lifecycle.ts),
 * found under a global name once Next has started it.
 *
 *   GET /livez    200 while the process answers at all (also while warming up and draining).
 *   GET /readyz   200 only when this process should get shoppers: warmed up (database migrated, sites
 *                 read, search index built, each kind of page rendered once), its database answering,
 *                 not stopping. 503 otherwise, with the reason. Both on any host, never cached.
 *
 * On SIGTERM or SIGINT: /readyz fails at once; after SHUTDOWN_DELAY_SECONDS (default 0: for a load
 * balancer that needs a moment to notice) the server stops taking connections, requests in progress
 * finish (up to SHUTDOWN_GRACE_SECONDS, default 25, after which their connections are cut), the lead
 * outbox finishes the delivery it is sending and takes no other, the database closes, and the process
 * exits 0.
 */
import { request } from 'node:http';

export const LIFECYCLE = Symbol.for('dealer-platform.lifecycle');

/** @typedef {{ host: string; path: string }} WarmTarget */
/** @typedef {{ ready: boolean; checks: Record<string, string> }} Readiness */
/** @typedef {{ warm(): Promise<WarmTarget[]>; readiness(): Promise<Readiness>; shutdown(graceMs: number): Promise<void> }} Lifecycle */

/**
 * @param {Readonly<Record<string, string | undefined>>} env
 * @param {string} name
 * @param {number} fallback
 * @param {number} max
 */
function seconds(env, name, fallback, max) {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > max) {
    throw new Error(`${name} is "${text}"; it must be a number of seconds from 0 to ${max}.`);
  }
  return value;
}

/** @param {Readonly<Record<string, string | undefined>>} env */
export function shutdownSettings(env) {
  return {
    delayMs: seconds(env, 'SHUTDOWN_DELAY_SECONDS', 0, 300) * 1000,
    graceMs: seconds(env, 'SHUTDOWN_GRACE_SECONDS', 25, 3600) * 1000,
  };
}

/** @returns {Lifecycle | undefined} */
function lifecycle() {
  return /** @type {Record<symbol, Lifecycle | undefined>} */ (globalThis)[LIFECYCLE];
}

/**
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {unknown} body
 */
function json(res, status, body) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/** @typedef {'starting' | 'warming up' | 'ready' | 'stopping'} Phase */

export class ServerLifecycle {
  /** @type {Phase} */
  phase = 'starting';

  /**
   * Answers /livez and /readyz; true when it did.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   */
  probe(req, res) {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/livez' && path !== '/readyz') return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' });
      res.end();
      return true;
    }
    if (path === '/livez') {
      json(res, 200, { status: 'live' });
      return true;
    }
    if (this.phase !== 'ready') {
      json(res, 503, { status: this.phase });
      return true;
    }
    const checks = lifecycle();
    if (!checks) {
      json(res, 503, { status: 'starting' });
      return true;
    }
    checks.readiness().then(
      (readiness) =>
        json(res, readiness.ready ? 200 : 503, {
          status: readiness.ready ? 'ready' : 'not ready',
          checks: readiness.checks,
        }),
      () => json(res, 503, { status: 'not ready' }),
    );
    return true;
  }

  /**
   * Warms the server up through its own port, then turns ready. A page that fails to render is logged
   * and does not hold readiness back (it is a site's problem, and shoppers get its error page); a
   * platform that cannot start (no database) is tried again every few seconds, not ready meanwhile.
   * @param {string} address where the server listens (an address, not a name)
   * @param {number} port
   * @param {() => Promise<void>} trigger makes Next start the platform's code (one request)
   */
  async warmUp(address, port, trigger) {
    this.phase = 'warming up';
    const started = Date.now();
    for (let attempt = 1; this.phase === 'warming up'; attempt++) {
      try {
        if (!lifecycle()) await trigger();
        const checks = lifecycle();
        if (!checks) throw new Error('the platform code did not start');
        const targets = await checks.warm();
        let failed = 0;
        for (const target of targets) {
          if (this.phase !== 'warming up') return;
          const status = await get(address, port, target.host, target.path).catch(() => 0);
          if (status === 0 || status >= 500) {
            failed++;
            console.error(`Warm-up: http://${target.host}${target.path} answered ${status || 'nothing'}.`);
          }
        }
        this.phase = 'ready';
        console.log(
          `Ready for shoppers after ${Date.now() - started} ms (${targets.length} pages rendered first${failed ? `, ${failed} of them failed` : ''}).`,
        );
        return;
      } catch (error) {
        console.error(
          `Warm-up attempt ${attempt} failed (${error instanceof Error ? error.message : String(error)}); /readyz stays 503 and it is tried again in 5 s.`,
        );
        await new Promise((resolve) => setTimeout(resolve, 5_000));
      }
    }
  }

  /**
   * Stops gracefully (see the top of this file) and exits.
   * @param {import('node:http').Server} server
   * @param {{ delayMs: number; graceMs: number }} settings
   * @param {() => Promise<void>} closeNext
   * @param {string} signal
   */
  async stop(server, settings, closeNext, signal) {
    if (this.phase === 'stopping') return;
    this.phase = 'stopping';
    const started = Date.now();
    console.log(`${signal}: not ready any more; stopping.`);
    if (settings.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.delayMs));
    const closed = new Promise((resolve) => server.close(resolve));
    server.closeIdleConnections();
    const inTime = await Promise.race([
      closed.then(() => true),
      new Promise((resolve) => setTimeout(resolve, settings.graceMs, false)),
    ]);
    if (!inTime) {
      console.error(`${signal}: requests still running after ${settings.graceMs / 1000} s were cut off.`);
      server.closeAllConnections();
    }
    const left = Math.max(1_000, settings.graceMs - (Date.now() - started));
    try {
      await lifecycle()?.shutdown(left);
    } catch (error) {
      console.error(`${signal}: shutting down the platform's background work failed`, error);
    }
    await closeNext().catch(() => undefined);
    console.log(`${signal}: stopped after ${Date.now() - started} ms.`);
    process.exit(0);
  }
}

/**
 * One GET through the server's own port, as a shopper's browser would ask it; resolves to the status.
 * @param {string} address where the server listens
 * @param {number} port
 * @param {string} host the Host header
 * @param {string} path
 * @returns {Promise<number>}
 */
function get(address, port, host, path) {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: address,
        port,
        path,
        headers: { host, 'user-agent': 'dealer-platform warm-up', accept: 'text/html' },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('no answer within 60 s')));
    req.on('error', reject);
    req.end();
  });
}

/**
 * Makes Next run instrumentation.ts (it does on the first request) by asking for /healthz.
 * @param {string} address
 * @param {number} port
 */
export function triggerStart(address, port) {
  return get(address, port, 'localhost', '/healthz').then(() => undefined);
}
