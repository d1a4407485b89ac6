import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../db/test-database';

const dir = mkdtempSync(join(tmpdir(), 'staff-accounts-'));
// The staff tables live in the platform database: a new one of the project's kind.
process.env.DATABASE_URL = await freshDatabaseUrl();
process.env.AUTH_MESSAGES_DIR = dir;
process.env.AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
// The Studio answers on studio.localhost here, as in development and the demo.
process.env.ALLOW_LOCALHOST_TENANTS = '1';
delete process.env.STUDIO_HOST;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const { getMigrations } = await import('better-auth/db/migration');
const { getDatabase } = await import('../db/database');
const { MESSAGES_FILE } = await import('../auth/message-sender');
const { staffAuthFor, staffAuthOptions, STAFF_AUTH_BASE_PATH } = await import('./staff-auth');
const { createStaffUser, listStaffUsers, StaffUserError } = await import('./staff-users');
const { staffSession, hasStaffSessionCookie } = await import('./staff-session');

const ORIGIN = 'http://studio.localhost:3000';
const HOST = 'studio.localhost:3000';
const PASSWORD = 'a long staff password';

let ip = 1;
async function call(path: string, body?: unknown, cookie?: string): Promise<Response> {
  const auth = await staffAuthFor(ORIGIN);
  const headers = new Headers({ origin: ORIGIN, host: HOST, 'x-platform-client-ip': `10.1.0.${ip++}` });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (cookie) headers.set('cookie', cookie);
  return auth.handler(
    new Request(`${ORIGIN}${STAFF_AUTH_BASE_PATH}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c?.includes('session_token'))
    .join('; ');

function codesFor(to: string): string[] {
  const file = join(dir, MESSAGES_FILE);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as { to: string; text: string; site: string })
    .filter((m) => m.to === to)
    .map((m) => /code is (\d{6})/.exec(m.text)?.[1] ?? '');
}

const onStudio = (cookie: string) => new Headers({ cookie, host: HOST });

describe('staff accounts (issue 16): better-auth in tables of their own', () => {
  it('creates exactly the tables the library expects in migration 011, apart from shoppers', async () => {
    const db = (await getDatabase()) as unknown as Kysely<unknown>;
    const { toBeCreated, toBeAdded } = await getMigrations(
      staffAuthOptions(ORIGIN, db, { send: async () => undefined }),
    );
    expect(toBeCreated.map((t) => t.table)).toEqual([]);
    expect(toBeAdded.map((t) => t.table)).toEqual([]);
  });

  it('creates a staff member with grants and lists them; refuses a duplicate and bad input, storing nothing', async () => {
    const created = await createStaffUser(
      {
        email: 'Group@Studio.Example',
        name: 'Grace Group',
        role: 'group-editor',
        groups: ['southern-cross'],
        password: PASSWORD,
      },
      { groups: ['southern-cross'], sites: ['harbour-city-mazda'] },
    );
    expect(created).toMatchObject({ email: 'group@studio.example', role: 'group-editor', groups: ['southern-cross'] });
    await expect(createStaffUser({ email: 'group@studio.example', role: 'admin', password: PASSWORD })).rejects.toThrow(
      'a staff account for group@studio.example already exists',
    );
    await expect(
      createStaffUser(
        { email: 'not-an-address', role: 'site-editor', sites: ['nope'], password: 'short' },
        { groups: [], sites: ['harbour-city-mazda'] },
      ),
    ).rejects.toSatisfy(
      (error) =>
        error instanceof StaffUserError &&
        error.problems.join('\n') ===
          [
            '"not-an-address" is not an e-mail address',
            'a staff password needs at least 12 characters',
            'unknown site "nope"; known sites: harbour-city-mazda',
          ].join('\n'),
    );
    const users = await listStaffUsers();
    expect(users.map((u) => [u.email, u.role, u.groups, u.hasPassword])).toEqual([
      ['group@studio.example', 'group-editor', ['southern-cross'], true],
    ]);
  });

  it('signs in with a password; the session carries the role and grants, on the Studio host only', async () => {
    await createStaffUser({
      email: 'site@studio.example',
      role: 'site-editor',
      sites: ['harbour-city-mazda'],
      password: PASSWORD,
    });
    const signIn = await call('/sign-in/email', { email: 'site@studio.example', password: PASSWORD });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(setCookie).toMatch(/^studio\.session_token=/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = sessionCookie(signIn);
    expect(hasStaffSessionCookie(new Headers({ cookie }))).toBe(true);
    expect(await staffSession(onStudio(cookie))).toMatchObject({
      user: { email: 'site@studio.example' },
      role: 'site-editor',
      groups: [],
      sites: ['harbour-city-mazda'],
    });
    // The same cookie sent to a dealer's host is nobody there.
    expect(await staffSession(new Headers({ cookie, host: 'harbour-city-mazda.localhost:3000' }))).toBeUndefined();
    // A staff token under the shoppers' cookie name is no staff session, and a shopper cookie is none either.
    const shopperNamed = cookie.replace(/^studio\./, 'account.');
    expect(hasStaffSessionCookie(new Headers({ cookie: shopperNamed }))).toBe(false);
    expect(await staffSession(onStudio(shopperNamed))).toBeUndefined();
  });

  it('gives one answer for a wrong password and an unknown address, and lets nobody sign up', async () => {
    const wrong = await call('/sign-in/email', { email: 'site@studio.example', password: 'wrong password!!' });
    const unknown = await call('/sign-in/email', { email: 'nobody@studio.example', password: 'wrong password!!' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(((await wrong.json()) as { message: string }).message).toBe(
      ((await unknown.json()) as { message: string }).message,
    );
    const signUp = await call('/sign-up/email', { name: 'Eve', email: 'eve@example.com', password: PASSWORD });
    expect(signUp.ok).toBe(false);
    expect((await listStaffUsers()).some((u) => u.email === 'eve@example.com')).toBe(false);
  });

  it('signs in with a code by e-mail (written to the log in development), and sends none to an unknown address', async () => {
    await createStaffUser({ email: 'admin@studio.example', role: 'admin' });
    expect(
      (await call('/email-otp/send-verification-otp', { email: 'admin@studio.example', type: 'sign-in' })).status,
    ).toBe(200);
    const code = codesFor('admin@studio.example').at(-1) ?? '';
    expect(code).toMatch(/^\d{6}$/);
    const signIn = await call('/sign-in/email-otp', { email: 'admin@studio.example', otp: code });
    expect(signIn.status).toBe(200);
    expect(await staffSession(onStudio(sessionCookie(signIn)))).toMatchObject({ role: 'admin', groups: [], sites: [] });

    const unknown = await call('/email-otp/send-verification-otp', {
      email: 'stranger@studio.example',
      type: 'sign-in',
    });
    expect(unknown.status).toBe(200);
    expect(codesFor('stranger@studio.example')).toEqual([]);
    const guessed = await call('/sign-in/email-otp', { email: 'stranger@studio.example', otp: '123456' });
    expect(guessed.ok).toBe(false);
  });

  it('ends the session on sign-out and when the grants are taken away', async () => {
    const signIn = await call('/sign-in/email', { email: 'group@studio.example', password: PASSWORD });
    const cookie = sessionCookie(signIn);
    expect(await staffSession(onStudio(cookie))).toMatchObject({ role: 'group-editor' });
    const db = (await getDatabase()) as unknown as Kysely<{ staff_grants: { user_id: string } }>;
    const user = (await listStaffUsers()).find((u) => u.email === 'group@studio.example');
    await db
      .deleteFrom('staff_grants')
      .where('user_id', '=', user?.id ?? '')
      .execute();
    expect(await staffSession(onStudio(cookie))).toBeUndefined();

    const site = sessionCookie(await call('/sign-in/email', { email: 'site@studio.example', password: PASSWORD }));
    expect((await call('/sign-out', {}, site)).status).toBe(200);
    expect(await staffSession(onStudio(site))).toBeUndefined();
  });
});
