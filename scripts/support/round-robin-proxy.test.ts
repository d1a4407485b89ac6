import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy';

/**
 * A platform process as the proxy meets it: answers each request with its own name and keeps the
 * connection alive, except that `closeOnSecond` resets a connection when a second request arrives
 * on it: what a process closing an idle kept-alive connection looks like to a request written just then.
 */
interface Upstream {
  port: number;
  /** Request lines received, in order ("GET /a"). */
  received: string[];
  close(): Promise<void>;
}

async function upstream(name: string, closeOnSecond = false): Promise<Upstream> {
  const received: string[] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered = '';
    let requests = 0;
    socket.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('latin1');
      for (let end = buffered.indexOf('\r\n\r\n'); end >= 0; end = buffered.indexOf('\r\n\r\n')) {
        const head = buffered.slice(0, end);
        const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.slice(end + 4 + length);
        requests += 1;
        received.push(head.split(' ').slice(0, 2).join(' '));
        if (closeOnSecond && requests === 2) {
          socket.resetAndDestroy();
          return;
        }
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${name.length}\r\nConnection: keep-alive\r\n\r\n${name}`);
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((o) => o.close()));
  vi.restoreAllMocks();
});

async function proxyTo(...upstreams: Upstream[]): Promise<RoundRobinProxy> {
  open.push(...upstreams);
  const proxy = await startRoundRobinProxy(
    0,
    upstreams.map((u) => u.port),
  );
  open.push(proxy);
  return proxy;
}

const call = async (proxy: RoundRobinProxy, method: string, path: string) => {
  const response = await fetch(`http://127.0.0.1:${proxy.port}${path}`, {
    method,
    ...(method === 'POST' ? { body: 'x=1' } : {}),
  });
  return { status: response.status, body: await response.text() };
};

describe('round-robin proxy', () => {
  it('sends consecutive requests to the processes in turn', async () => {
    const proxy = await proxyTo(await upstream('a'), await upstream('b'));
    const bodies: string[] = [];
    for (let i = 0; i < 4; i++) bodies.push((await call(proxy, 'GET', `/${i}`)).body);
    expect(bodies).toEqual(['a', 'b', 'a', 'b']);
  });

  it('a GET that meets a kept-alive connection closing under it is sent again on a new connection', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const only = await upstream('a', true);
    const proxy = await proxyTo(only);
    expect(await call(proxy, 'GET', '/first')).toEqual({ status: 200, body: 'a' });
    // The second request goes out on the kept connection, which the process resets.
    expect(await call(proxy, 'GET', '/second')).toEqual({ status: 200, body: 'a' });
    expect(only.received).toEqual(['GET /first', 'GET /second', 'GET /second']);
    expect(console.error).toHaveBeenCalledWith(expect.stringContaining('GET /second'));
  });

  it('a POST on such a connection answers 502 and is never sent twice; the failure is logged', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const only = await upstream('a', true);
    const proxy = await proxyTo(only);
    expect((await call(proxy, 'GET', '/first')).status).toBe(200);
    expect((await call(proxy, 'POST', '/lead')).status).toBe(502);
    expect(only.received).toEqual(['GET /first', 'POST /lead']);
    expect(console.error).toHaveBeenCalledWith(expect.stringMatching(/POST \/lead .* failed/));
  });

  it('skips a process that refuses connections', async () => {
    const alive = await upstream('a');
    const gone = await upstream('b');
    const proxy = await proxyTo(alive, gone);
    await gone.close();
    const bodies: string[] = [];
    for (let i = 0; i < 3; i++) bodies.push((await call(proxy, 'GET', `/${i}`)).body);
    expect(bodies).toEqual(['a', 'a', 'a']);
  });
});
