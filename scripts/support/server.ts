/**
 * What the benchmarks and the abuse suite share: starting the production build on a spare port,
 * waiting for it, and raw HTTP requests whose path, Host and body are sent exactly as given
 * (fetch would normalise a hostile URL before it reached the server).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, request } from 'node:http';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../serve-options.mjs';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  ms: number;
}

export interface RawRequest {
  port: number;
  method?: string;
  path: string;
  host: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  agent?: Agent;
  /** Give up after this long (the answer is then status 0). */
  timeoutMs?: number;
}

/** One HTTP request to 127.0.0.1; a connection error answers status 0 with the reason as body. */
export function rawRequest(options: RawRequest): Promise<RawResponse> {
  const started = performance.now();
  const body =
    options.body === undefined ? undefined : Buffer.isBuffer(options.body) ? options.body : Buffer.from(options.body);
  return new Promise((resolve) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: options.port,
        path: options.path,
        method: options.method ?? 'GET',
        agent: options.agent,
        headers: {
          host: options.host,
          ...(body ? { 'content-length': String(body.byteLength) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
        res.on('error', (error) =>
          resolve({ status: 0, headers: {}, body: Buffer.from(String(error)), ms: performance.now() - started }),
        );
      },
    );
    req.setTimeout(options.timeoutMs ?? 60_000, () => req.destroy(new Error('timed out')));
    req.on('error', (error) =>
      resolve({ status: 0, headers: {}, body: Buffer.from(String(error)), ms: performance.now() - started }),
    );
    req.end(body);
  });
}

/** Waits until /readyz answers 200 (the production server is up and warmed up), or throws after `timeoutMs`. */
export async function waitForServer(port: number, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const res = await rawRequest({ port, path: '/readyz', host: '127.0.0.1', timeoutMs: 5_000 });
    if (res.status === 200) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`the server on port ${port} did not start within ${timeoutMs / 1000} s`);
}

export interface StartedServer {
  process: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far. */
  log(): string;
  /** The server process's resident memory in MB (Linux), undefined when it cannot be read. */
  rssMb(): Promise<number | undefined>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * The platform's server (`npm start`: scripts/serve.mjs, Next with the document cache in front) for
 * the existing production build on `port`, in `dir` (default: here). A checkout from before the
 * document cache has no scripts/serve.mjs and is served by `next start`, so benchmarks can compare.
 */
export function serveCommand(port: number, dir = '.'): string[] {
  return existsSync(join(dir, 'scripts', 'serve.mjs'))
    ? [...SERVER_NODE_FLAGS, 'scripts/serve.mjs', '-p', String(port)]
    : ['node_modules/next/dist/bin/next', 'start', '-p', String(port)];
}

/**
 * The platform's server on `port` (serveCommand), as its own process (not through npx), so its pid
 * is the server's own: its memory can be read and SIGKILL reaches the server itself.
 */
export function startServer(port: number, env: Record<string, string>): StartedServer {
  const child = spawn(process.execPath, serveCommand(port), {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr?.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    process: child,
    log: () => output,
    async rssMb() {
      if (!child.pid) return undefined;
      try {
        const { readFile } = await import('node:fs/promises');
        const status = await readFile(`/proc/${child.pid}/status`, 'utf8');
        const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
        return kb ? Number(kb) / 1024 : undefined;
      } catch {
        return undefined;
      }
    },
    async stop(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
  };
}
