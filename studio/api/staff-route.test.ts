import { beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_PASSWORD,
  staffSessionCookie,
  studioRequest,
  studioTestEnv,
  type StudioRequestInit,
} from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-staff', await freshDatabaseUrl());

const { createStaffUser, listStaffUsers } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleAddStaff, knownStaffScopes, STAFF_ADD_ACTION } = await import('./staff-route');

const PASSWORD = STAFF_PASSWORD;

type Init = StudioRequestInit;
const request = studioRequest;

interface Answer {
  message?: string;
  problems?: string[];
  user?: { id: string; email: string; name: string; role: string; groups: string[]; sites: string[] };
}

async function addStaff(cookie: string, body: unknown, init: Init = {}): Promise<{ status: number; body: Answer }> {
  const response = await handleAddStaff(request('POST', '/api/studio/staff', { cookie, body, ...init }));
  return { status: response.status, body: (await response.json()) as Answer };
}

const signIn = (email: string): Promise<string> => staffSessionCookie(handleStaffAuth, email);

const ADMIN = 'admin@studio.example';
const GROUP = 'group@studio.example';
let admin = '';
let group = '';

const staffEmails = async () => (await listStaffUsers()).map((user) => user.email);

beforeAll(async () => {
  await createStaffUser({ email: ADMIN, role: 'admin', password: PASSWORD });
  await createStaffUser({ email: GROUP, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
  admin = await signIn(ADMIN);
  group = await signIn(GROUP);
});

describe('Studio staff API: only an admin adds staff (issue 16)', () => {
  it('knows the dealer groups and sites a grant may name', () => {
    const known = knownStaffScopes();
    expect(known.groups).toContain('southern-cross');
    expect(known.sites).toEqual(expect.arrayContaining(['harbour-city-mazda', 'southern-cross-motors']));
  });

  it('adds a site editor for an admin: 201, the account with its grant, and an audit entry naming the admin', async () => {
    const { status, body } = await addStaff(admin, {
      email: ' New.Editor@Studio.example ',
      role: 'site-editor',
      groups: [],
      sites: ['harbour-city-mazda'],
      name: 'Nina New',
    });
    expect(status).toBe(201);
    expect(body.user).toMatchObject({
      email: 'new.editor@studio.example',
      name: 'Nina New',
      role: 'site-editor',
      groups: [],
      sites: ['harbour-city-mazda'],
    });
    expect(body.message).toBe(
      'Added new.editor@studio.example as a site editor: they may edit the site harbour-city-mazda, and sign in with a code sent to their e-mail.',
    );
    const listed = (await listStaffUsers()).find((user) => user.email === 'new.editor@studio.example');
    expect(listed).toMatchObject({ role: 'site-editor', sites: ['harbour-city-mazda'], hasPassword: false });

    const [entry] = await getTenantStore().auditLog({ limit: 1 });
    expect(entry).toMatchObject({
      actor: ADMIN,
      action: STAFF_ADD_ACTION,
      slug: null,
      detail: { email: 'new.editor@studio.example', role: 'site-editor', sites: ['harbour-city-mazda'] },
    });
  });

  it('adds a group editor with a name made from the address when none is given', async () => {
    const { status, body } = await addStaff(admin, {
      email: 'grouped@studio.example',
      role: 'group-editor',
      groups: ['southern-cross'],
      sites: [],
    });
    expect(status).toBe(201);
    expect(body.user).toMatchObject({ name: 'grouped', role: 'group-editor', groups: ['southern-cross'] });
  });

  it('refuses a group editor with 403 and a signed-out caller with 401, adding no one', async () => {
    const before = await staffEmails();
    const wanted = { email: 'sneaky@studio.example', role: 'admin', groups: [], sites: [] };
    expect(await addStaff(group, wanted)).toEqual({
      status: 403,
      body: { message: 'Only an admin may add staff members.' },
    });
    expect(await addStaff('', wanted)).toEqual({ status: 401, body: { message: 'Sign in to the Studio first.' } });
    expect(await staffEmails()).toEqual(before);
  });

  it('answers 404 off the Studio host, 405 for another method, 403 from another site', async () => {
    const wanted = { email: 'elsewhere@studio.example', role: 'admin' };
    const offHost = await addStaff(admin, wanted, { host: 'harbour-city-mazda.localhost:3000', origin: null });
    expect(offHost.status).toBe(404);
    const get = await handleAddStaff(request('GET', '/api/studio/staff', { cookie: admin }));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const foreign = await addStaff(admin, wanted, { origin: 'http://evil.example' });
    expect(foreign).toEqual({ status: 403, body: { message: 'Make changes from a Studio page.' } });
    expect(await staffEmails()).not.toContain('elsewhere@studio.example');
  });

  it('answers 400 with sentences for a bad role, a bad address, missing or unknown grants, and a bad body', async () => {
    const before = await staffEmails();
    const badRole = await addStaff(admin, { email: 'x@studio.example', role: 'owner', groups: [], sites: [] });
    expect(badRole).toEqual({
      status: 400,
      body: {
        message: 'Choose a role: admin, group editor or site editor.',
        problems: ['Choose a role: admin, group editor or site editor.'],
      },
    });

    const several = await addStaff(admin, { email: 'not-an-address', role: 'group-editor', sites: ['no-such-site'] });
    expect(several.status).toBe(400);
    expect(several.body.problems).toEqual([
      '"not-an-address" is not an e-mail address; enter one like name@example.com.',
      'Choose at least one dealer group for a group editor.',
      'A group editor edits whole dealer groups: choose dealer groups, not sites.',
      expect.stringMatching(/^There is no site "no-such-site"; the sites are: .*harbour-city-mazda.*\.$/),
    ]);
    expect(several.body.message).toBe(several.body.problems?.join(' '));

    const unknownGroup = await addStaff(admin, { email: 'y@studio.example', role: 'group-editor', groups: ['nope'] });
    expect(unknownGroup.body.problems).toEqual([
      expect.stringMatching(/^There is no dealer group "nope"; the groups are: .*southern-cross.*\.$/),
    ]);
    const adminWithSites = await addStaff(admin, {
      email: 'z@studio.example',
      role: 'admin',
      sites: ['harbour-city-mazda'],
    });
    expect(adminWithSites.body.problems).toEqual(['An admin may edit every site: choose no dealer groups or sites.']);
    expect((await addStaff(admin, { role: 'admin' })).body.problems).toEqual([
      'Enter the e-mail address of the new staff member.',
    ]);
    expect(
      (await addStaff(admin, { email: 'w@studio.example', role: 'site-editor', sites: 'harbour-city-mazda' })).body
        .problems,
    ).toEqual(['Send "sites" as a list of site slugs.', 'Choose at least one site for a site editor.']);

    expect(await addStaff(admin, [1])).toEqual({ status: 400, body: { message: 'Send a JSON object.' } });
    const form = await addStaff(admin, undefined, { raw: 'email=x', type: 'application/x-www-form-urlencoded' });
    expect(form.body.message).toBe('Send the request as JSON, with Content-Type: application/json.');
    expect(await staffEmails()).toEqual(before);
  });

  it('answers 409 with a clear message for an address that already has an account, whatever its case', async () => {
    const count = (await getTenantStore().auditLog({ limit: 100 })).length;
    const duplicate = await addStaff(admin, { email: 'Group@Studio.example', role: 'admin', groups: [], sites: [] });
    expect(duplicate).toEqual({
      status: 409,
      body: { message: 'There is already a staff account for group@studio.example; nothing was added.' },
    });
    const listed = (await listStaffUsers()).find((user) => user.email === GROUP);
    expect(listed?.role).toBe('group-editor');
    expect((await getTenantStore().auditLog({ limit: 100 })).length).toBe(count);
  });
});
