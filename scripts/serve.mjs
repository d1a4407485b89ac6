// @ts-check
/**
 * `npm start`: the platform's production server. It is `next start` with one addition: every
 * request first passes the response caches that instrumentation.ts installs inside Next's own server
 * code (server/http/serve-hook.ts): optimised images, and first loads of a search address rendered
 * moments ago, are answered from memory; everything else goes to Next unchanged. Plain JavaScript, so
 * production needs no TypeScript loader; the cache itself is compiled by `next build`.
 *
 * Usage: node scripts/serve.mjs [-p PORT] [-H HOSTNAME]  (PORT from the environment otherwise, default
 * 3000; every address, IPv4 and IPv6, unless -H names one: like `next start`, HOSTNAME in the
 * environment is ignored, as containers set it to their own name). A port it cannot listen on ends
 * the process with exit code 1. Probes (/livez, /readyz), the warm-up before it is ready and the
 * graceful stop on SIGTERM and SIGINT: scripts/serve-lifecycle.mjs.
 */
import { createServer } from 'node:http';
import { exitOnOldNode } from './node-version.mjs';
import { serveOptions } from './serve-options.mjs';
import { LIFECYCLE, ServerLifecycle, shutdownSettings, triggerStart } from './serve-lifecycle.mjs';

// Before anything else: an older Node.js gets a message naming the version found and the one needed.
exitOnOldNode();

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

// The log: JSON lines (or LOG_FORMAT=pretty), every console call in the process included
// (server/operations/log.mjs). A LOG_LEVEL or LOG_FORMAT it cannot use stops the start, naming it.
const { logger, logSettings, loggedPath, requestContexts, requestIdFrom, routeConsole, routeKindOfPath } =
  await import('../server/operations/log.mjs');
try {
  logSettings(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const log = logger();
routeConsole(log);

/** @type {ReturnType<typeof serveOptions>} */
let options;
/** @type {ReturnType<typeof shutdownSettings>} */
let shutdown;
try {
  options = serveOptions(process.argv.slice(2), process.env);
  shutdown = shutdownSettings(process.env);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(2);
}
const { port, listen: hostname } = options;

/** The name server/http/serve-hook.ts installs the hook under. */
const SERVE_HOOK = Symbol.for('dealer-platform.serve-hook');

const { default: next } = await import('next');
// Next's own URLs always name localhost, whatever -H says (scripts/serve-options.mjs says why).
const app = next({ ...options.next, dir: process.cwd() });
await app.prepare();
const handle = app.getRequestHandler();

// Probes (/livez, /readyz), the warm-up before shoppers are sent here, and the graceful stop.
const lifecycle = new ServerLifecycle();

/** @typedef {import('../server/operations/log.mjs').RequestContext} RequestContext */
/** @typedef {import('../server/operations/lifecycle').Lifecycle} PlatformLifecycle */

/**
 * One answer finished: its access log entry, and its count in the metrics once the platform has started.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {RequestContext} context
 * @param {bigint} started
 */
function finished(req, res, context, started) {
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const status = res.statusCode;
  const entry = { method: req.method, path: loggedPath(req.url), status, ms: Math.round(seconds * 10_000) / 10 };
  requestContexts().run(context, () => {
    // Probes come every few seconds from every balancer: only at LOG_LEVEL=debug.
    if (context.routeKind === 'probe' || context.routeKind === 'metrics') log.debug(entry, 'request');
    else if (status >= 500) log.error(entry, 'request');
    else log.info(entry, 'request');
  });
  /** @type {PlatformLifecycle | undefined} */
  const platform = /** @type {Record<symbol, any>} */ (globalThis)[LIFECYCLE];
  platform?.recordRequest(context.routeKind ?? 'other', status, seconds, (name) => res.getHeader(name));
}

/**
 * GET /metrics, for the operator's scraper (server/operations/metrics.ts says who may read it).
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 */
function metrics(req, res) {
  /** @type {PlatformLifecycle | undefined} */
  const platform = /** @type {Record<symbol, any>} */ (globalThis)[LIFECYCLE];
  if (!platform) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
    res.end('Starting');
    return;
  }
  platform
    .metrics({
      host: req.headers.host,
      authorization: req.headers.authorization,
      remoteAddress: req.socket.remoteAddress,
      forwarded: req.headers['x-forwarded-for'] !== undefined || req.headers.forwarded !== undefined,
    })
    .then(
      (answer) => {
        res.writeHead(answer.status, { 'content-type': answer.contentType, 'cache-control': 'no-store' });
        res.end(answer.body);
      },
      (error) => {
        console.error('/metrics could not be read', error);
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
        res.end('The metrics could not be read; the server log says why.');
      },
    );
}

/** @type {import('node:http').RequestListener} */
const listener = (req, res) => {
  /** @type {RequestContext} */
  const context = { requestId: requestIdFrom(req.headers['x-request-id']), routeKind: routeKindOfPath(req.url) };
  const started = process.hrtime.bigint();
  res.setHeader('x-request-id', context.requestId);
  res.once('finish', () => finished(req, res, context, started));
  requestContexts().run(context, () => handleRequest(req, res));
};

/** @type {import('node:http').RequestListener} */
const handleRequest = (req, res) => {
  if (lifecycle.probe(req, res)) return;
  if ((req.url ?? '').split('?')[0] === '/metrics' && (req.method === 'GET' || req.method === 'HEAD')) {
    metrics(req, res);
    return;
  }
  // While stopping, each answer closes its connection, so keep-alive clients reconnect elsewhere.
  if (lifecycle.phase === 'stopping') res.setHeader('connection', 'close');
  const toNext = () => void handle(req, res);
  /** @type {((req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse, next: () => void) => void) | undefined} */
  const cache = /** @type {Record<symbol, any>} */ (globalThis)[SERVE_HOOK];
  if (cache) cache(req, res, toNext);
  else toNext();
};

const server = createServer(listener);
server.on('error', (error) => {
  // Next's own handlers only log uncaught errors: without this, a busy port would leave a process
  // that listens nowhere but still delivers leads and runs its background jobs.
  console.error(`serve: the server cannot listen on ${hostname ?? 'every address'}, port ${port}:`, error.message);
  process.exit(1);
});
const listening = () => {
  console.log(`▲ Listening on http://${hostname ?? 'localhost'}:${port}; warming up (/readyz answers 200 when done)`);
  const address = server.address();
  const boundPort = typeof address === 'object' && address ? address.port : port;
  // Warmed through the address it listens on (every address: this machine's loopback one).
  const through = !hostname || hostname === '0.0.0.0' || hostname === '::' ? '127.0.0.1' : hostname;
  void lifecycle.warmUp(through, boundPort, () => triggerStart(through, boundPort));
};
if (hostname) server.listen(port, hostname, listening);
else server.listen(port, listening);

/** @param {NodeJS.Signals} signal */
const stop = (signal) => void lifecycle.stop(server, shutdown, () => app.close(), signal);
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
