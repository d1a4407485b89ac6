import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { freshDatabaseUrl } from '../db/test-database';
import type { AccountTenant } from './auth-instance';

const dir = mkdtempSync(join(tmpdir(), 'accounts-'));
// The account tables live in the platform database: a new one of the project's kind.
process.env.DATABASE_URL = await freshDatabaseUrl();
process.env.AUTH_MESSAGES_DIR = dir;
process.env.AUTH_SECRET = 'test-secret-test-secret-test-secret-0123';
// The sites here are addressed as <slug>.localhost, as in development and the demo.
process.env.ALLOW_LOCALHOST_TENANTS = '1';

const { authFor, secureCookies } = await import('./auth-instance');
const { sessionUser } = await import('./session');
const { MESSAGES_FILE } = await import('./message-sender');
const { accountScope } = await import('./account-scope');

const accounts: AccountTenant['accounts'] = {
  scope: 'tenant',
  methods: ['password', 'emailCode', 'smsCode'],
  sessionDays: 30,
  gates: {},
};
const siteA = { slug: 'site-a', name: 'Site A Motors', accounts, domains: [] as string[] };
const siteB = { slug: 'site-b', name: 'Site B Motors', accounts, domains: [] as string[] };
const groupOne = {
  slug: 'group-one',
  name: 'Group One',
  dealershipGroup: 'g',
  accounts: { ...accounts, scope: 'group' as const },
  domains: [] as string[],
};
const groupTwo = {
  slug: 'group-two',
  name: 'Group Two',
  dealershipGroup: 'g',
  accounts: { ...accounts, scope: 'group' as const },
  domains: [] as string[],
};
const origin = (t: AccountTenant) => `http://${t.slug}.localhost:3000`;

let ip = 1;
async function call(
  tenant: AccountTenant,
  path: string,
  body?: unknown,
  cookie?: string,
  fromIp = `10.0.0.${ip++}`,
): Promise<Response> {
  const auth = await authFor(tenant, origin(tenant));
  const headers = new Headers({ origin: origin(tenant), 'x-platform-client-ip': fromIp });
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (cookie) headers.set('cookie', cookie);
  return auth.handler(
    new Request(`${origin(tenant)}/api/auth${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

function messages(): { channel: string; to: string; site: string; text: string; subject?: string }[] {
  const file = join(dir, MESSAGES_FILE);
  return existsSync(file)
    ? readFileSync(file, 'utf8')
        .trim()
        .split('\n')
        .map(
          (line) => JSON.parse(line) as { channel: string; to: string; site: string; text: string; subject?: string },
        )
    : [];
}
const lastCode = (to: string) =>
  /code is (\d{6})/.exec(
    messages()
      .filter((m) => m.to === to)
      .at(-1)?.text ?? '',
  )?.[1] ?? '';
const sessionCookie = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .filter((c) => c?.includes('session_token'))
    .join('; ');

async function signUpAndVerify(tenant: AccountTenant, email: string, phoneNumber?: string): Promise<string> {
  const signUp = await call(tenant, '/sign-up/email', {
    name: 'Alex Shopper',
    email,
    password: 'correct horse battery',
  });
  expect(signUp.status).toBe(200);
  const verified = await call(tenant, '/email-otp/verify-email', { email, otp: lastCode(email) });
  expect(verified.status).toBe(200);
  const cookie = sessionCookie(verified);
  if (phoneNumber) {
    // A mobile number joins an account only once its SMS code is entered.
    expect((await call(tenant, '/phone-number/send-otp', { phoneNumber }, cookie)).status).toBe(200);
    expect(
      (
        await call(
          tenant,
          '/phone-number/verify',
          { phoneNumber, code: lastCode(phoneNumber), updatePhoneNumber: true },
          cookie,
        )
      ).status,
    ).toBe(200);
  }
  return cookie;
}

beforeAll(async () => {
  await authFor(siteA, origin(siteA));
});

describe('accounts (better-auth, one table set per scope)', () => {
  it('keeps each scope in tables of its own; a group shares one set', () => {
    expect(accountScope({ slug: 'site-a', accounts: { scope: 'tenant' } }).tablePrefix).toBe('acct_site_site_a_');
    expect(accountScope({ slug: 'x', dealershipGroup: 'g', accounts: { scope: 'group' } }).id).toBe('group:g');
    expect(accountScope({ slug: 'x', accounts: { scope: 'group' } }).id).toBe('site:x');
  });

  it('refuses a mobile number that was not verified', async () => {
    const response = await call(siteA, '/sign-up/email', {
      name: 'x',
      email: 'unverified-phone@example.com',
      password: 'correct horse battery',
      phoneNumber: '+61412345678',
    });
    expect(response.status).toBe(400);
  });

  it('signs up with a code by e-mail, adds a mobile by SMS code, then signs in by password', async () => {
    const cookie = await signUpAndVerify(siteA, 'alex@example.com', '+61412345678');
    expect(cookie).toMatch(/account\.session_token=/);
    const user = await sessionUser(siteA, new Headers({ cookie, host: 'site-a.localhost:3000' }));
    expect(user).toMatchObject({ name: 'Alex Shopper', email: 'alex@example.com', phoneNumber: '+61412345678' });
    const signIn = await call(siteA, '/sign-in/email', {
      email: 'alex@example.com',
      password: 'correct horse battery',
    });
    expect(signIn.status).toBe(200);
    const setCookie = signIn.headers.getSetCookie().find((c) => c.includes('session_token')) ?? '';
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
  });

  it('answers a sign-up for a known address exactly like a new one and tells the owner by e-mail', async () => {
    await signUpAndVerify(siteA, 'known@example.com');
    const again = await call(siteA, '/sign-up/email', {
      name: 'Someone',
      email: 'known@example.com',
      password: 'another password',
    });
    const fresh = await call(siteA, '/sign-up/email', {
      name: 'Someone',
      email: 'new-person@example.com',
      password: 'another password',
    });
    expect(again.status).toBe(fresh.status);
    const shape = (body: { token: unknown; user: Record<string, unknown> }) => ({
      token: body.token,
      keys: Object.keys(body.user).sort(),
    });
    expect(shape((await again.json()) as { token: unknown; user: Record<string, unknown> })).toEqual(
      shape((await fresh.json()) as { token: unknown; user: Record<string, unknown> }),
    );
    expect(
      messages()
        .filter((m) => m.to === 'known@example.com')
        .at(-1)?.subject,
    ).toBe('You already have a Site A Motors account');
  });

  it('gives one message for a wrong password and an unknown address', async () => {
    const wrong = (await (
      await call(siteA, '/sign-in/email', { email: 'alex@example.com', password: 'wrong password!' })
    ).json()) as { message: string };
    const unknown = (await (
      await call(siteA, '/sign-in/email', { email: 'nobody@example.com', password: 'wrong password!' })
    ).json()) as { message: string };
    expect(wrong.message).toBe(unknown.message);
  });

  it('limits sign-in attempts per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push(
        (
          await call(
            siteA,
            '/sign-in/email',
            { email: 'alex@example.com', password: 'wrong password!' },
            undefined,
            '10.9.9.9',
          )
        ).status,
      );
    expect(statuses.slice(0, 5).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('signs in by SMS code, creating the account on first use', async () => {
    expect((await call(siteB, '/phone-number/send-otp', { phoneNumber: '+61498765432' })).status).toBe(200);
    const text = messages()
      .filter((m) => m.to === '+61498765432')
      .at(-1);
    expect(text).toMatchObject({ channel: 'sms', site: 'site-b' });
    const verified = await call(siteB, '/phone-number/verify', {
      phoneNumber: '+61498765432',
      code: /code is (\d{6})/.exec(text?.text ?? '')?.[1],
    });
    expect(verified.status).toBe(200);
    const user = await sessionUser(
      siteB,
      new Headers({ cookie: sessionCookie(verified), host: 'site-b.localhost:3000' }),
    );
    expect(user).toMatchObject({ phoneNumber: '+61498765432' });
    expect(user?.email).toBeUndefined();
    expect((await call(siteB, '/phone-number/send-otp', { phoneNumber: '0298765432' })).status).toBe(400);
  });

  it('does not accept a session of one site on another, in another scope or in the same group', async () => {
    const cookieA = await signUpAndVerify(siteA, 'travels@example.com', '+61411111111');
    expect(await sessionUser(siteB, new Headers({ cookie: cookieA, host: 'site-b.localhost:3000' }))).toBeUndefined();
    const cookieGroup = await signUpAndVerify(groupOne, 'group@example.com', '+61422222222');
    expect(
      await sessionUser(groupOne, new Headers({ cookie: cookieGroup, host: 'group-one.localhost:3000' })),
    ).toBeDefined();
    expect(
      await sessionUser(groupTwo, new Headers({ cookie: cookieGroup, host: 'group-two.localhost:3000' })),
    ).toBeUndefined();
    // The group account itself is valid on the other site of the group.
    const other = await call(groupTwo, '/sign-in/email', {
      email: 'group@example.com',
      password: 'correct horse battery',
    });
    expect(other.status).toBe(200);
  });

  it('makes cookies Secure on https and in production, not on *.localhost', () => {
    expect(secureCookies('https://cars.example.com.au', { NODE_ENV: 'development' })).toBe(true);
    expect(secureCookies('http://cars.example.com.au', { NODE_ENV: 'production' })).toBe(true);
    expect(secureCookies('http://site-a.localhost:3000', { NODE_ENV: 'production' })).toBe(false);
  });
});

describe('the origin of an account call', () => {
  const tenant = { slug: 'site-a', domains: ['cars.example.com.au'] };
  it('comes from the Host the site owns, never from x-forwarded-host', async () => {
    const { requestOrigin } = await import('./session');
    expect(requestOrigin(tenant, new Headers({ host: 'cars.example.com.au' }))).toBe('https://cars.example.com.au');
    expect(requestOrigin(tenant, new Headers({ host: 'www.cars.example.com.au' }))).toBe(
      'https://www.cars.example.com.au',
    );
    expect(
      requestOrigin(tenant, new Headers({ host: 'site-a.localhost:3100', 'x-forwarded-host': 'evil.example' })),
    ).toBe('http://site-a.localhost:3100');
    expect(requestOrigin(tenant, new Headers({ host: 'other.localhost:3100' }))).toBeUndefined();
    // <slug>.localhost is a site's origin only where such hosts are served (issue 14: not in production).
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '');
    expect(requestOrigin(tenant, new Headers({ host: 'site-a.localhost:3100' }))).toBeUndefined();
    vi.stubEnv('ALLOW_LOCALHOST_TENANTS', '1');
    expect(requestOrigin(tenant, new Headers({ host: 'bad host' }))).toBeUndefined();
  });
});
