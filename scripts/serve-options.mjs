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
