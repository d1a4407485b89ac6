/**
 * A small round-robin HTTP proxy, standing in for the load balancer in front of several platform
 * processes (the PostgreSQL browser run and bench:cluster). Each request goes to the next process
 * in turn, so one browser session alternates between them. It appends the caller's address to
 * X-Forwarded-For, as a real reverse proxy does (the servers run with TRUSTED_PROXY_HOPS to match).
 *
 * A process that refuses the connection (killed, restarting) is skipped for a second and the
 * request goes to the next one: nothing reached the dead process, so sending it elsewhere is safe
 * even for a POST. A process that dies after taking the request answers 502: the request may have
 * been acted on, so it is not sent twice; the platform's forms send it again with their
 * idempotency key, as they do after any lost answer.
 *
 * Connections to the processes are kept alive and reused. A process closes one after 5 s idle, and a
 * request written just as it closes meets a reset before any answer (the race Node's http docs
 * describe under `request.reusedSocket`). The process never read that request, so a GET, HEAD or
 * OPTIONS is sent once more on a new connection, as a load balancer does; any other method answers
 * 502 as above. Every failure is written to stderr, so a browser run's log says which request failed.
 */
import { createServer, request as httpRequest, Agent, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  /** The port it listens on (the one asked for, or the one the system chose for 0). */
  port: number;
  /** Requests sent to each upstream port so far. */
  counts(): Record<number, number>;
  close(): Promise<void>;
}

const DOWN_FOR_MS = 1_000;
/** Requests that change nothing, so sending one again after a stale connection's reset is safe. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function startRoundRobinProxy(port: number, upstreams: readonly number[]): Promise<RoundRobinProxy> {
  if (!upstreams.length) throw new Error('the proxy needs at least one upstream port');
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  const downUntil = new Map<number, number>();
  const counts: Record<number, number> = Object.fromEntries(upstreams.map((p) => [p, 0]));
  let next = 0;

  const pick = (tried: ReadonlySet<number>): number | undefined => {
    const now = Date.now();
    for (let i = 0; i < upstreams.length; i++) {
      const candidate = upstreams[(next + i) % upstreams.length]!;
      if (tried.has(candidate) || (downUntil.get(candidate) ?? 0) > now) continue;
      next = (next + i + 1) % upstreams.length;
      return candidate;
    }
    // Every process looks down: try one not tried yet anyway (it may just have come back).
    return upstreams.find((p) => !tried.has(p));
  };

  const forward = (incoming: IncomingMessage, body: Buffer, res: import('node:http').ServerResponse) => {
    const tried = new Set<number>();
    const safe = SAFE_METHODS.has(incoming.method ?? 'GET');
    const attempt = (fresh = false, again?: number) => {
      const upstream = again ?? pick(tried);
      if (upstream === undefined) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('No platform process is answering.');
        return;
      }
      tried.add(upstream);
      const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
        .filter(Boolean)
        .join(', ');
      const outgoing = httpRequest(
        {
          host: '127.0.0.1',
          port: upstream,
          method: incoming.method,
          path: incoming.url,
          // A retry after a stale connection's reset takes a connection of its own.
          agent: fresh ? false : agent,
          headers: { ...incoming.headers, 'x-forwarded-for': forwardedFor },
        },
        (answer) => {
          counts[upstream] = (counts[upstream] ?? 0) + 1;
          res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
          answer.pipe(res);
          answer.on('error', () => res.destroy());
        },
      );
      outgoing.on('error', (error: NodeJS.ErrnoException) => {
        const what = `${incoming.method} ${incoming.url} to process on ${upstream}`;
        if (error.code === 'ECONNREFUSED' && !res.headersSent) {
          downUntil.set(upstream, Date.now() + DOWN_FOR_MS);
          attempt();
          return;
        }
        const stale = outgoing.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');
        if (stale && safe && !fresh && !res.headersSent) {
          console.error(`round-robin proxy: ${what} met a closing kept-alive connection; sent again on a new one`);
          attempt(true, upstream);
          return;
        }
        console.error(`round-robin proxy: ${what} failed (${error.code ?? error.message})`);
        if (!res.headersSent)
          res.writeHead(502, { 'content-type': 'text/plain' }).end(`Upstream failed: ${error.message}`);
        else res.destroy();
      });
      outgoing.end(body);
    };
    attempt();
  };

  const server: Server = createServer((incoming, res) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => forward(incoming, Buffer.concat(chunks), res));
    incoming.on('error', () => res.destroy());
  });
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    counts: () => ({ ...counts }),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
