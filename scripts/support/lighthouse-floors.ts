/**
 * The two floors `npm run bench:lighthouse` prints beside each page (issue 34), measured in the
 * same run so the noisy machine affects them alike:
 *
 * - the zero-JavaScript floor: the same page with every script removed. A small proxy in front of
 *   the platform's server strips `<script>` elements and script preloads from HTML answers (sent
 *   gzipped, as the server sends its pages) and passes everything else (styles, images, fonts) through unchanged;
 * - the framework floor: a bare Next App Router page with one client component, built once by the
 *   benchmark under data/bench/framework-floor (rebuilt when the installed Next changes): its
 *   JavaScript is what any page of this framework ships.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

/** Removes every script from an HTML page: inline and external scripts, and script preloads. */
export function withoutScripts(html: string): string {
  return html
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, '')
    .replace(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*\bas="script"[^>]*>/gi, '')
    .replace(/<link\b[^>]*\bas="script"[^>]*\brel="(?:modulepreload|preload)"[^>]*>/gi, '');
}

/** A proxy on `port` to the server on `target`, answering HTML with its scripts removed. */
export function startNoScriptProxy(port: number, target: number): Promise<Server> {
  const server = createServer((incoming, outgoing) => {
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, 'accept-encoding': 'identity' },
      },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        if (!type.includes('text/html')) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          // Compressed as the platform's server compresses its pages, so the floor's HTML costs the
          // same bytes on Lighthouse's simulated network (sent uncompressed, it weighed 2-3 times more).
          const stripped = Buffer.from(withoutScripts(Buffer.concat(chunks).toString('utf8')));
          const gzip = /\bgzip\b/.test(String(incoming.headers['accept-encoding'] ?? ''));
          const body = gzip ? gzipSync(stripped) : stripped;
          const headers = { ...answer.headers, 'content-length': String(body.length) };
          if (gzip) headers['content-encoding'] = 'gzip';
          delete headers['transfer-encoding'];
          outgoing.writeHead(answer.statusCode ?? 502, headers);
          outgoing.end(body);
        });
      },
    );
    upstream.on('error', () => {
      outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstream);
  });
  return new Promise((done) => server.listen(port, '127.0.0.1', () => done(server)));
}

const FLOOR_DIR = resolve('data/bench/framework-floor');

const FILES: Record<string, string> = {
  'app/layout.jsx': `export const metadata = { title: 'Framework floor' };
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.jsx': `import { Counter } from './counter';
export default function Page() {
  return (
    <main>
      <h1>A bare App Router page</h1>
      <p>One server component and one client component: the JavaScript every page of the framework ships.</p>
      <Counter />
    </main>
  );
}
`,
  'app/counter.jsx': `'use client';
import { useState } from 'react';
export function Counter() {
  const [count, setCount] = useState(0);
  return <button type="button" onClick={() => setCount(count + 1)}>Pressed {count} times</button>;
}
`,
  'next.config.mjs': 'export default {};\n',
};

function nextVersion(): string {
  return (JSON.parse(readFileSync('node_modules/next/package.json', 'utf8')) as { version: string }).version;
}

/** Builds the bare page once (again when Next changes); its directory. */
export function buildFrameworkFloor(): string {
  const stamp = join(FLOOR_DIR, 'built-with-next');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === nextVersion()) return FLOOR_DIR;
  rmSync(FLOOR_DIR, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(join(FLOOR_DIR, file, '..'), { recursive: true });
    writeFileSync(join(FLOOR_DIR, file), text);
  }
  console.log('Building the framework floor (a bare App Router page) once...');
  const built = spawnSync(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'build', FLOOR_DIR], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('the framework floor did not build');
  writeFileSync(stamp, nextVersion());
  return FLOOR_DIR;
}

/** Serves the bare page's production build on `port`. */
export function startFrameworkFloor(port: number): ChildProcess {
  return spawn(process.execPath, [resolve('node_modules/next/dist/bin/next'), 'start', '-p', String(port), FLOOR_DIR], {
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
    detached: true,
  });
}
