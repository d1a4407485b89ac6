/**
 * A throwaway PostgreSQL server for the tests, the PostgreSQL browser run and bench:cluster:
 * Debian's PostgreSQL (scripts/ensure-postgres.sh installs it), `initdb` into a temp directory,
 * `pg_ctl start` on a free port of 127.0.0.1, and stop-and-remove at the end. initdb refuses to
 * run as root, so as root the server runs as the `postgres` user (TOOLCHAIN.md).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const BIN_DIRS = ['/usr/lib/postgresql/15/bin', '/usr/lib/postgresql/16/bin', '/usr/lib/postgresql/17/bin'];

/** Where initdb and pg_ctl are, or undefined when this machine has no PostgreSQL server. */
export function postgresBinDir(): string | undefined {
  const fromEnv = process.env.POSTGRES_BIN_DIR;
  if (fromEnv) return existsSync(join(fromEnv, 'initdb')) ? fromEnv : undefined;
  return BIN_DIRS.find((dir) => existsSync(join(dir, 'initdb')));
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

export interface PostgresServer {
  /** postgres://postgres@127.0.0.1:<port>/postgres: the server's own database; create your own in it. */
  url: string;
  port: number;
  /** The URL of another database on this server. */
  urlOf(database: string): string;
  /** Creates a database (quoted name) and answers its URL. */
  createDatabase(database: string): string;
  stop(): void;
}

export interface StartPostgresOptions {
  /** fsync and synchronous commit off: fast, and safe only for data that may be lost (tests). Default true. */
  throwaway?: boolean;
}

/** Starts a new server; it stops and its directory goes when stop() is called or this process exits. */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const bin = postgresBinDir();
  if (!bin)
    throw new Error(
      'PostgreSQL is not installed on this machine (no initdb under /usr/lib/postgresql/*/bin): run `bash scripts/ensure-postgres.sh`.',
    );
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(join(tmpdir(), 'platform-pg-'));
  const data = join(dir, 'data');
  if (root) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const run = (command: string, args: string[]) => {
    const [file, argv] = root
      ? ['runuser', ['-u', 'postgres', '--', join(bin, command), ...args]]
      : [join(bin, command), args];
    const result = spawnSync(file, argv, { encoding: 'utf8', cwd: dir });
    if (result.status !== 0)
      throw new Error(
        `${command} failed (${result.status}): ${(result.stderr || result.stdout || '').trim().slice(0, 2000)}`,
      );
  };
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  const settings = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c max_connections=400',
    ...(options.throwaway === false ? [] : ['-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off']),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', settings, '-l', join(dir, 'server.log'), '-w', '-t', '60', 'start']);
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch (error) {
      console.error(`Stopping the test PostgreSQL server: ${(error as Error).message}`);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  const urlOf = (database: string) => `postgres://postgres@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    url: urlOf('postgres'),
    port,
    urlOf,
    createDatabase(database) {
      run('psql', [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-q',
        '-c',
        `create database "${database}"`,
      ]);
      return urlOf(database);
    },
    stop,
  };
}
