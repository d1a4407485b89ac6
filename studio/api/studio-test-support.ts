/**
 * What the Studio API's unit tests share: a scratch database and auth setup per test file, requests
 * as the Studio's pages send them, and a signed-in staff member's session cookie. Test support
 * only (imported by *.test.ts).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';

export const STUDIO_ORIGIN = 'http://studio.localhost:3000';
export const STUDIO_TEST_HOST = 'studio.localhost:3000';
export const STAFF_PASSWORD = 'a long staff password';

/**
 * The file's own database (`databaseUrl`, a new empty one from services/db/test-database.ts's
 * freshDatabaseUrl, so the test file runs on SQLite and on PostgreSQL), a scratch directory for
 * sign-in messages, an auth secret, the Studio on studio.localhost, and the demo tenants only. Call
 * it before importing the modules under test (they read the environment when first loaded); the
 * directory is removed after the file's tests.
 */
export function studioTestEnv(name: string, databaseUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), `${name}-`));
  process.env.DATABASE_URL = databaseUrl;
  process.env.AUTH_MESSAGES_DIR = dir;
  process.env.AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
  process.env.ALLOW_LOCALHOST_TENANTS = '1';
  delete process.env.STUDIO_HOST;
  delete process.env.TENANTS_DIR;
  delete process.env.TENANT_SYNC;
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

export interface StudioRequestInit {
  /** A JSON body (sent as application/json unless `type` says otherwise). */
  body?: unknown;
  /** A body sent as it is. */
  raw?: string;
  type?: string;
  cookie?: string;
  host?: string;
  /** The page the call comes from; null sends none. */
  origin?: string | null;
  headers?: Record<string, string>;
}

/** A request to the Studio's API as a Studio page sends it (its host and origin), with what `init` changes. */
export function studioRequest(method: string, path: string, init: StudioRequestInit = {}): Request {
  const headers = new Headers({ host: init.host ?? STUDIO_TEST_HOST, ...init.headers });
  if (init.origin !== null) headers.set('origin', init.origin ?? STUDIO_ORIGIN);
  if (init.cookie) headers.set('cookie', init.cookie);
  const body = init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body));
  if (body !== undefined) headers.set('content-type', init.type ?? 'application/json');
  return new Request(`${STUDIO_ORIGIN}${path}`, { method, headers, ...(body === undefined ? {} : { body }) });
}

/** Signs a staff member in through `handleStaffAuth` (password STAFF_PASSWORD) and answers their session cookie. */
export async function staffSessionCookie(
  handleStaffAuth: (request: Request) => Promise<Response>,
  email: string,
): Promise<string> {
  const response = await handleStaffAuth(
    studioRequest('POST', '/api/studio/auth/sign-in/email', { body: { email, password: STAFF_PASSWORD } }),
  );
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => c.includes('session_token'))
    .join('; ');
}
