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
 * environment is ignored, as containers set it to their own name). Stops cleanly on SIGTERM and
 * SIGINT; a port it cannot listen on ends the process with exit code 1.
 */
import { createServer } from 'node:http';
import { exitOnOldNode } from './node-version.mjs';
import { serveOptions } from './serve-options.mjs';

// Before anything else: an older Node.js gets a message naming the version found and the one needed.
exitOnOldNode();

process.env.NODE_ENV = 'production';
process.env.NEXT_TELEMETRY_DISABLED ??= '1';

/** @type {ReturnType<typeof serveOptions>} */
let options;
try {
  options = serveOptions(process.argv.slice(2), process.env);
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

/** @type {import('node:http').RequestListener} */
const listener = (req, res) => {
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
const ready = () => console.log(`▲ Ready on http://${hostname ?? 'localhost'}:${port}`);
if (hostname) server.listen(port, hostname, ready);
else server.listen(port, ready);

let stopping = false;
/** @param {NodeJS.Signals} signal */
function stop(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: closing the server`);
  server.close(() => {
    void app.close().finally(() => process.exit(0));
  });
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 10_000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
