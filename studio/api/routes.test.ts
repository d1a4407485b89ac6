import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, STUDIO_ORIGIN, staffSessionCookie, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-routes', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleSignOut } = await import('./sign-out-route');
const { handleSite, handleSiteList } = await import('./sites-route');

const ORIGIN = STUDIO_ORIGIN;
const PASSWORD = STAFF_PASSWORD;

function request(path: string, init: { body?: unknown; cookie?: string; host?: string; origin?: string } = {}) {
  const headers = new Headers({ host: init.host ?? 'studio.localhost:3000', origin: init.origin ?? ORIGIN });
  if (init.cookie) headers.set('cookie', init.cookie);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  return new Request(`${ORIGIN}${path}`, {
    method: init.body === undefined ? 'GET' : 'POST',
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
}

const signIn = (email: string): Promise<string> => staffSessionCookie(handleStaffAuth, email);

const json = async (response: Response) => (await response.json()) as { message?: string; sites?: { slug: string }[] };

let group = '';
let site = '';
beforeAll(async () => {
  await createStaffUser({
    email: 'group@studio.example',
    role: 'group-editor',
    groups: ['southern-cross'],
    password: PASSWORD,
  });
  await createStaffUser({
    email: 'site@studio.example',
    role: 'site-editor',
    sites: ['harbour-city-mazda'],
    password: PASSWORD,
  });
  group = await signIn('group@studio.example');
  site = await signIn('site@studio.example');
});

describe('Studio API: every call checks the role on the server (issue 16)', () => {
  it("lists only the sites of the staff member's grant", async () => {
    const forGroup = await json(await handleSiteList(request('/api/studio/sites', { cookie: group })));
    expect(forGroup.sites?.map((s) => s.slug)).toEqual(['southern-cross-motors']);
    const forSite = await json(await handleSiteList(request('/api/studio/sites', { cookie: site })));
    expect(forSite.sites?.map((s) => s.slug)).toEqual(['harbour-city-mazda']);
    expect((await handleSiteList(request('/api/studio/sites'))).status).toBe(401);
  });

  it("answers 403 for another group's site, 404 for an unknown one, 200 for an own one", async () => {
    const refused = await handleSite(
      request('/api/studio/sites/harbour-city-mazda', { cookie: group }),
      'harbour-city-mazda',
    );
    expect(refused.status).toBe(403);
    expect((await json(refused)).message).toBe(
      'Your Studio account may not edit Harbour City Mazda. Ask an admin for access.',
    );
    expect((await handleSite(request('/api/studio/sites/x', { cookie: group }), 'no-such-site')).status).toBe(404);
    const own = await handleSite(
      request('/api/studio/sites/southern-cross-motors', { cookie: group }),
      'southern-cross-motors',
    );
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('no-store');
  });

  it('answers nothing on a dealer host, even with a valid Studio session', async () => {
    const dealer = {
      cookie: site,
      host: 'harbour-city-mazda.localhost:3000',
      origin: 'http://harbour-city-mazda.localhost:3000',
    };
    expect((await handleSiteList(request('/api/studio/sites', dealer))).status).toBe(404);
    expect(
      (await handleSite(request('/api/studio/sites/harbour-city-mazda', dealer), 'harbour-city-mazda')).status,
    ).toBe(404);
    expect(
      (
        await handleStaffAuth(
          request('/api/studio/auth/sign-in/email', { ...dealer, body: { email: 'x@y.z', password: PASSWORD } }),
        )
      ).status,
    ).toBe(404);
  });

  it('keeps every auth call the sign-in page does not make closed: sign-up, password reset, other code types', async () => {
    for (const path of [
      '/sign-up/email',
      '/email-otp/reset-password',
      '/update-user',
      '/list-sessions',
      '/change-password',
    ]) {
      const response = await handleStaffAuth(
        request(`/api/studio/auth${path}`, { body: { email: 'eve@example.com', password: PASSWORD, name: 'Eve' } }),
      );
      expect(response.status, path).toBe(404);
    }
    const verify = await handleStaffAuth(
      request('/api/studio/auth/email-otp/send-verification-otp', {
        body: { email: 'site@studio.example', type: 'forget-password' },
      }),
    );
    expect(verify.status).toBe(400);
    expect((await handleStaffAuth(request('/api/studio/auth/sign-in/email'))).status).toBe(405);
  });

  it('signs out only from a Studio page: the session ends and the browser goes to the sign-in page', async () => {
    const cookie = await signIn('site@studio.example');
    const foreign = await handleSignOut(
      request('/api/studio/sign-out', { cookie, body: {}, origin: 'http://evil.example' }),
    );
    expect(foreign.status).toBe(403);
    expect((await handleSiteList(request('/api/studio/sites', { cookie }))).status).toBe(200);
    const signedOut = await handleSignOut(request('/api/studio/sign-out', { cookie, body: {} }));
    expect(signedOut.status).toBe(303);
    expect(signedOut.headers.get('location')).toBe('/sign-in?signed-out=1');
    expect(signedOut.headers.getSetCookie().join('\n')).toMatch(/studio\.session_token=;/);
    expect((await handleSiteList(request('/api/studio/sites', { cookie }))).status).toBe(401);
  });
});
