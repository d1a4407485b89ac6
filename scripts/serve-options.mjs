// @ts-check
/**
 * What scripts/serve.mjs (`npm start`) makes of its command line: the port, the address to listen on,
 * and the options it gives Next. Plain JavaScript like the server, so production needs no TypeScript
 * loader; scripts/serve-options.d.mts types it for the tests.
 */

/**
 * The host name Next builds its own request URLs with: always `localhost`, whatever -H says. Next
 * builds the URL it routes a request by from this name, and the URL the proxy (proxy.ts) sees from
 * it too, but the proxy's NextURL turns any loopback address (127.x.x.x, ::1) into `localhost`: with
 * `-H 127.0.0.1` the proxy's rewrite to /site/<slug>/... came back on another origin than the
 * request's, and Next took it for a rewrite to another server, whose answer was a 404 for every dealer
 * host and the Studio (issue 30). The proxy tells sites apart by the Host header, never by this name,
 * and -H still chooses where the server listens.
 */
export const NEXT_HOSTNAME = 'localhost';

/**
 * The V8 options every platform server runs with (issue 31): `npm start`, `npm run demo`, the browser
 * tests, the benchmarks and the abuse run all start it with them (scripts/serve-options.test.ts checks
 * each). Node 24 sizes V8's young generation by the heap limit, much larger than Node 20 did; for this
 * server that meant fewer but far slower collections and more memory. Measured on this machine, one
 * run, 20 clients on the search page (`npm run bench:search-page`): repeated URL 614-771 req/s by
 * default, 885-979 with a 16 MB semi-space (Node 20: 1,371-1,483); the mix 292-295 against 461-481
 * (Node 20: 581-586); and the abuse run's peak memory 1,173 MB against 964 MB (Node 20: 908 MB).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/**
 * @param {readonly string[]} args the arguments after the script's name
 * @param {Readonly<Record<string, string | undefined>>} env
 * @returns {{ port: number; listen: string | undefined; next: { dev: false; hostname: string; port: number } }}
 */
export function serveOptions(args, env) {
  /** @param {string} flag @param {string} long */
  const option = (flag, long) => {
    const at = args.findIndex((arg) => arg === flag || arg === long);
    return at === -1 ? undefined : args[at + 1];
  };
  const text = option('-p', '--port') ?? env.PORT ?? '3000';
  const port = Number(text);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`serve: "${text}" is not a port number`);
  // Like `next start`, HOSTNAME in the environment is ignored: containers set it to their own name.
  const listen = option('-H', '--hostname');
  return { port, listen, next: { dev: false, hostname: NEXT_HOSTNAME, port } };
}
