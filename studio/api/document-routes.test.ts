import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { plainIssues } from '../../domain/studio/plain-issues';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  STAFF_PASSWORD,
  staffSessionCookie,
  studioRequest,
  studioTestEnv,
  type StudioRequestInit,
} from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

const dir = studioTestEnv('studio-documents', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { loadTenantFile, loadTenantRegistry } = await import('../../engine/tenant-registry');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleDocument, handleDraft, handlePublish, handleHistory, handleDiff, handleRestore } =
  await import('./document-routes');
const { handleAudit } = await import('./audit-route');
const { documentText } = await import('../site-documents');

const PASSWORD = STAFF_PASSWORD;
const GROUP_SITE = 'southern-cross-motors';
const OTHER_SITE = 'harbour-city-mazda';

type Doc = Record<string, unknown>;
const tenantFile = (slug: string): Doc => JSON.parse(readFileSync(`tenants/${slug}.json`, 'utf8')) as Doc;

type Init = StudioRequestInit;
const request = studioRequest;

interface Issue {
  file?: string;
  pointer: string;
  message: string;
  line?: number;
  column?: number;
}
interface Change {
  pointer: string;
  kind: string;
  before?: unknown;
  after?: unknown;
  description: string;
}
interface DraftOut {
  versionId: number;
  baseVersionId: number | null;
  author: string;
  savedAt: string;
  document?: Doc;
}
interface VersionOut {
  id: number;
  state: string;
  author: string;
  message: string;
  createdAt: string;
  parentId: number | null;
}
/** Every field any of these answers carries. */
interface Answer {
  message?: string;
  issues?: Issue[];
  issuesOf?: string;
  source?: string;
  site?: { slug: string; name: string; dealershipGroup: string | null };
  published?: { versionId: number; document: Doc; publishedAt: string; publishedBy: string } | null;
  file?: { path: string; document: Doc } | null;
  draft?: DraftOut | null;
  version?: VersionOut;
  current?: { versionId: number; author: string; publishedAt: string; message: string };
  changes?: Change[];
  versions?: VersionOut[];
  publishedVersionId?: number | null;
  draftVersionId?: number | null;
  from?: VersionOut;
  to?: VersionOut;
  entries?: { action: string; slug: string | null; actor: string; detail: unknown }[];
}

async function read(response: Response): Promise<{ status: number; body: Answer }> {
  return { status: response.status, body: (await response.json()) as Answer };
}

const signIn = (email: string): Promise<string> => staffSessionCookie(handleStaffAuth, email);

const ADMIN = 'admin@studio.example';
const GROUP = 'group@studio.example';
const SITE = 'site@studio.example';
let admin = '';
let group = '';
let site = '';

// The calls of one site, each with a valid request, so a refusal is the check's and not the body's.
type SiteHandler = (request: Request, slug: string) => Promise<Response>;
interface Route {
  name: string;
  method: 'GET' | 'PUT' | 'POST';
  handler: SiteHandler;
  query?: string;
  body?: () => unknown;
}
const ROUTES: Route[] = [
  { name: 'document', method: 'GET', handler: handleDocument },
  {
    name: 'draft',
    method: 'PUT',
    handler: handleDraft,
    body: () => ({ document: tenantFile(GROUP_SITE), baseVersionId: null }),
  },
  {
    name: 'publish',
    method: 'POST',
    handler: handlePublish,
    body: () => ({ document: tenantFile(GROUP_SITE), baseVersionId: null, message: 'Refused' }),
  },
  { name: 'history', method: 'GET', handler: handleHistory },
  { name: 'diff', method: 'GET', handler: handleDiff, query: '?from=1&to=1' },
  { name: 'restore', method: 'POST', handler: handleRestore, body: () => ({ versionId: 1, baseVersionId: null }) },
];

function callRoute(route: Route, slug: string, init: Init = {}): Promise<Response> {
  const path = `/api/studio/sites/${slug}/${route.name}${route.query ?? ''}`;
  const body = route.body?.();
  return route.handler(request(route.method, path, { ...(body === undefined ? {} : { body }), ...init }), slug);
}

const sitePath = (slug: string, name: string) => `/api/studio/sites/${slug}/${name}`;
const getDocument = async (slug: string, cookie: string) =>
  read(await handleDocument(request('GET', sitePath(slug, 'document'), { cookie }), slug));
const putDraft = async (slug: string, cookie: string, body: unknown, init: Init = {}) =>
  read(await handleDraft(request('PUT', sitePath(slug, 'draft'), { cookie, body, ...init }), slug));
const publish = async (slug: string, cookie: string, body: unknown, init: Init = {}) =>
  read(await handlePublish(request('POST', sitePath(slug, 'publish'), { cookie, body, ...init }), slug));
const restore = async (slug: string, cookie: string, body: unknown) =>
  read(await handleRestore(request('POST', sitePath(slug, 'restore'), { cookie, body }), slug));
const history = async (slug: string, cookie: string) =>
  read(await handleHistory(request('GET', sitePath(slug, 'history'), { cookie }), slug));
const diff = async (slug: string, cookie: string, query: string) =>
  read(await handleDiff(request('GET', `${sitePath(slug, 'diff')}${query}`, { cookie }), slug));
const audit = async (cookie: string, query = '') =>
  read(await handleAudit(request('GET', `/api/studio/audit${query}`, { cookie })));

beforeAll(async () => {
  await createStaffUser({ email: ADMIN, role: 'admin', password: PASSWORD });
  await createStaffUser({ email: GROUP, role: 'group-editor', groups: ['southern-cross'], password: PASSWORD });
  await createStaffUser({ email: SITE, role: 'site-editor', sites: [OTHER_SITE], password: PASSWORD });
  admin = await signIn(ADMIN);
  group = await signIn(GROUP);
  site = await signIn(SITE);
});

describe('Studio document API: every call is checked on the server (issue 16)', () => {
  it('answers 401 without a staff session, on every route', async () => {
    for (const route of ROUTES) {
      const { status, body } = await read(await callRoute(route, GROUP_SITE));
      expect(status, route.name).toBe(401);
      expect(body.message).toBe('Sign in to the Studio first.');
    }
    expect((await audit('')).status).toBe(401);
  });

  it("refuses a group editor on another group's site (and a site editor on another site) on every route, changing nothing", async () => {
    for (const route of ROUTES) {
      const refused = await read(await callRoute(route, OTHER_SITE, { cookie: group }));
      expect(refused.status, route.name).toBe(403);
      expect(refused.body.message).toBe(
        'Your Studio account may not edit Harbour City Mazda. Ask an admin for access.',
      );
      expect((await read(await callRoute(route, GROUP_SITE, { cookie: site }))).status, route.name).toBe(403);
    }
    const store = getTenantStore();
    expect(await store.versionList(OTHER_SITE)).toEqual([]);
    expect(await store.versionList(GROUP_SITE)).toEqual([]);
  });

  it('answers 404 for an unknown site, and off the Studio host even with a session', async () => {
    for (const route of ROUTES) {
      const { status, body } = await read(await callRoute(route, 'no-such-site', { cookie: admin }));
      expect(status, route.name).toBe(404);
      expect(body.message).toBe('There is no site "no-such-site".');
      const dealer = { cookie: admin, host: 'harbour-city-mazda.localhost:3000', origin: null };
      expect((await callRoute(route, OTHER_SITE, dealer)).status, route.name).toBe(404);
    }
  });

  it('answers 405 with Allow for a wrong method, on every route', async () => {
    for (const route of ROUTES) {
      const wrong = route.method === 'GET' ? 'POST' : 'GET';
      const response = await route.handler(
        request(wrong, sitePath(GROUP_SITE, route.name), { cookie: group }),
        GROUP_SITE,
      );
      expect(response.status, route.name).toBe(405);
      expect(response.headers.get('allow')).toContain(route.method);
      expect(((await response.json()) as Answer).message).toBe(`Use ${route.method} for this call.`);
    }
    const del = await handleAudit(request('DELETE', '/api/studio/audit', { cookie: admin }));
    expect(del.status).toBe(405);
  });

  it("refuses a change sent from another site's page (CSRF)", async () => {
    const body = { document: tenantFile(GROUP_SITE), baseVersionId: null };
    const foreign = await putDraft(GROUP_SITE, group, body, { origin: 'http://evil.example' });
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('Make changes from a Studio page.');
    const crossSite = await putDraft(GROUP_SITE, group, body, { headers: { 'sec-fetch-site': 'cross-site' } });
    expect(crossSite.status).toBe(403);
    expect(await getTenantStore().draft(GROUP_SITE)).toBeUndefined();
  });
});

describe('Studio document API: bodies', () => {
  it('answers 400 or 413 with a sentence for a body it cannot use, never a 500', async () => {
    const path = sitePath(GROUP_SITE, 'draft');
    const send = async (init: Init) =>
      read(await handleDraft(request('PUT', path, { cookie: group, ...init }), GROUP_SITE));
    const form = await send({ raw: 'document=x', type: 'application/x-www-form-urlencoded' });
    expect(form).toEqual({
      status: 400,
      body: { message: 'Send the request as JSON, with Content-Type: application/json.' },
    });
    expect((await send({ raw: '{"document": {' })).body.message).toBe('The request is not valid JSON.');
    const big = { document: { ...tenantFile(GROUP_SITE), padding: 'x'.repeat(600 * 1024) }, baseVersionId: null };
    expect(await send({ body: big })).toEqual({
      status: 413,
      body: { message: 'The request is too large (over 512 KB).' },
    });
    expect((await send({ raw: `${'['.repeat(40)}${']'.repeat(40)}` })).status).toBe(400);
    expect(await send({ body: [1, 2] })).toEqual({ status: 400, body: { message: 'Send a JSON object.' } });
    const notObject = await send({ body: { document: '{"slug":"x"}', baseVersionId: null } });
    expect(notObject.body.message).toBe('Send the tenant document as a JSON object in "document".');
    const noBase = await send({ body: { document: tenantFile(GROUP_SITE) } });
    expect(noBase.status).toBe(400);
    expect(noBase.body.message).toMatch(/^Send "baseVersionId"/);
    for (const baseVersionId of ['1', -1, 1.5, 0]) {
      const bad = await send({ body: { document: tenantFile(GROUP_SITE), baseVersionId } });
      expect(bad.status, String(baseVersionId)).toBe(400);
    }
    const unknownBase = await send({ body: { document: tenantFile(GROUP_SITE), baseVersionId: 999 } });
    expect(unknownBase).toEqual({
      status: 400,
      body: {
        message:
          'Version 999 is not a published version of Southern Cross Motors: reload the site and make the change again.',
      },
    });
    expect(await getTenantStore().draft(GROUP_SITE)).toBeUndefined();
  });

  it('requires a publish message of 1 to 200 characters', async () => {
    const document = tenantFile(GROUP_SITE);
    for (const message of [undefined, '', '   ', 'x'.repeat(201), 42]) {
      const answer = await publish(GROUP_SITE, group, { document, baseVersionId: null, message });
      expect(answer.status, String(message)).toBe(400);
      expect(answer.body.message).toBe(
        'Say what changed in "message" (1 to 200 characters); it is shown in the history.',
      );
    }
    expect(await getTenantStore().published(GROUP_SITE)).toBeUndefined();
  });
});

describe('Studio document API: draft, publish, conflict, history, diff, restore', () => {
  let v1 = 0;
  let v2 = 0;
  let otherVersion = 0;

  it('opens a site that is only a file: its document as written, no draft, no issues', async () => {
    const { status, body } = await getDocument(GROUP_SITE, group);
    expect(status).toBe(200);
    expect(body.source).toBe('file');
    expect(body.published).toBeNull();
    expect(body.file).toEqual({ path: `tenants/${GROUP_SITE}.json`, document: tenantFile(GROUP_SITE) });
    expect(body.draft).toBeNull();
    expect(body.issuesOf).toBe('file');
    expect(body.issues).toEqual([]);
    expect(body.site).toEqual({ slug: GROUP_SITE, name: 'Southern Cross Motors', dealershipGroup: 'southern-cross' });
  });

  it('autosaves a draft, even an invalid one, and answers its issues', async () => {
    const document = { ...tenantFile(GROUP_SITE), name: 'Southern Cross Motors (draft)' };
    const saved = await putDraft(GROUP_SITE, group, { document, baseVersionId: null });
    expect(saved.status).toBe(200);
    expect(saved.body.draft).toMatchObject({ baseVersionId: null, author: GROUP });
    expect(saved.body.issues).toEqual([]);
    expect(saved.body.publishedVersionId).toBeNull();
    const draftId = saved.body.draft?.versionId;

    const invalid = { ...document, feautres: {} };
    const again = await putDraft(GROUP_SITE, group, { document: invalid, baseVersionId: null });
    expect(again.status).toBe(200);
    // Same author, same base: the autosave rewrites the one draft.
    expect(again.body.draft?.versionId).toBe(draftId);
    expect(again.body.issues?.map((i) => i.pointer)).toEqual(['/feautres']);

    const opened = await getDocument(GROUP_SITE, group);
    expect(opened.body.draft).toMatchObject({ versionId: draftId, author: GROUP, document: invalid });
    expect(opened.body.issuesOf).toBe('draft');
    expect(opened.body.issues?.[0]?.message).toMatch(/^unknown key "feautres"; did you mean "features"\?/);
  });

  it('counts the problems of a refused publish as the editor lists them: a new block missing its text is one', async () => {
    const document = {
      ...tenantFile(GROUP_SITE),
      pages: { '/our-team': { title: 'Our team', blocks: [{ type: 'RichText', props: {} }] } },
    };
    const refused = await publish(GROUP_SITE, group, { document, baseVersionId: null, message: 'New page' });
    expect(refused.status).toBe(422);
    const raw = refused.body.issues ?? [];
    expect(raw.length).toBeGreaterThan(plainIssues(raw).length);
    expect(refused.body.message).toMatch(/^The document has 1 problem; nothing was published\./);
  });

  it('refuses an invalid document with 422 and the messages `npm run validate` prints, never publishing it', async () => {
    const invalid = { ...tenantFile(GROUP_SITE), feautres: {}, template: 'franchize' };
    const refused = await publish(GROUP_SITE, group, { document: invalid, baseVersionId: null, message: 'Typo' });
    expect(refused.status).toBe(422);

    // The same document as a tenant file, checked the way `npm run validate` checks files.
    const file = join(mkdtempSync(join(dir, 'validate-')), `${GROUP_SITE}.json`);
    writeFileSync(file, documentText(invalid));
    const entry = loadTenantFile(file);
    expect(entry.ok).toBe(false);
    const expected = entry.ok ? [] : entry.issues.map(({ file: _file, ...issue }) => issue);
    expect(expected.length).toBeGreaterThanOrEqual(2);
    // The count is the editor's: the issues as it lists them (plain-issues.ts).
    expect(refused.body.message).toBe(
      `The document has ${plainIssues(expected).length} problems; nothing was published. Your document is kept as a draft.`,
    );
    expect(refused.body.issues?.map(({ file: _file, ...issue }) => issue)).toEqual(expected);
    expect(refused.body.issues?.[0]).toMatchObject({ file: `studio: ${GROUP_SITE}`, line: expect.any(Number) });

    expect(await getTenantStore().published(GROUP_SITE)).toBeUndefined();
    expect(refused.body.draft).toMatchObject({ author: GROUP, baseVersionId: null });
    expect((await getDocument(GROUP_SITE, group)).body.draft?.document).toEqual(invalid);
    // A wrong slug is the site's, not a file name.
    const renamed = await publish(GROUP_SITE, admin, {
      document: { ...tenantFile(GROUP_SITE), slug: 'elsewhere' },
      baseVersionId: null,
      message: 'Rename',
    });
    expect(renamed.body.issues?.[0]?.message).toBe(
      `expected the site's slug "${GROUP_SITE}", found "elsewhere" (a published version cannot rename its site)`,
    );
  });

  it('publishes a valid document: 200, the version, and this process serves it at once; the file goes into the history first', async () => {
    const document = { ...tenantFile(GROUP_SITE), name: 'Southern Cross Motors Group' };
    const published = await publish(GROUP_SITE, group, { document, baseVersionId: null, message: ' New name ' });
    expect(published.status).toBe(200);
    expect(published.body.version).toMatchObject({
      state: 'published',
      author: GROUP,
      message: 'New name',
      parentId: expect.any(Number),
    });
    v1 = published.body.version?.id ?? 0;
    // The site's first publish from its file: the file is the version before it, so Restore can bring it back.
    const fileVersion = await getTenantStore().version(Number(published.body.version?.parentId));
    expect(fileVersion).toMatchObject({
      state: 'published',
      author: GROUP,
      message: `Imported from tenants/${GROUP_SITE}.json`,
    });
    expect(JSON.parse(fileVersion?.document ?? '')).toEqual(tenantFile(GROUP_SITE));
    const entry = loadTenantRegistry().tenants.get(GROUP_SITE);
    expect(entry?.versionId).toBe(v1);
    expect(entry?.ok && entry.config.name).toBe('Southern Cross Motors Group');

    const opened = await getDocument(GROUP_SITE, group);
    expect(opened.body).toMatchObject({
      source: 'database',
      file: null,
      draft: null,
      issuesOf: 'published',
      issues: [],
      published: { versionId: v1, document, publishedBy: GROUP },
    });
  });

  it('refuses a stale base with 409: who published, when, what changed, and keeps the document as a draft', async () => {
    const adminDoc = { ...tenantFile(GROUP_SITE), name: 'Southern Cross Motors Group', domains: ['scm.example'] };
    const first = await publish(GROUP_SITE, admin, { document: adminDoc, baseVersionId: v1, message: 'Domain' });
    expect(first.status).toBe(200);
    v2 = first.body.version?.id ?? 0;

    const mine = { ...tenantFile(GROUP_SITE), name: 'SCM' };
    const stale = await publish(GROUP_SITE, group, { document: mine, baseVersionId: v1, message: 'Shorter name' });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({
      versionId: v2,
      author: ADMIN,
      publishedAt: expect.any(String),
      message: 'Domain',
    });
    // No timestamp in the sentence (the editor says who and which version beside it).
    expect(stale.body.message).toContain(`${ADMIN} published version ${v2} after you started editing`);
    // Their changes in words, as History tells them (issue 32), besides the pointer rows for the CLI.
    expect(stale.body.entries).toMatchObject([
      { text: 'Identity & domains: web addresses changed from www.southerncrossmotors.com.au to scm.example' },
    ]);
    expect(stale.body.changes).toEqual([
      {
        pointer: '/domains',
        kind: 'changed',
        before: ['www.southerncrossmotors.com.au'],
        after: ['scm.example'],
        description: '/domains changed from ["www.southerncrossmotors.com.au"] to ["scm.example"]',
      },
    ]);
    expect((await getTenantStore().published(GROUP_SITE))?.id).toBe(v2);
    const opened = await getDocument(GROUP_SITE, group);
    expect(opened.body.draft).toMatchObject({ author: GROUP, baseVersionId: v1, document: mine });
    expect(stale.body.draft?.versionId).toBe(opened.body.draft?.versionId);

    // Started from the file before the first publish: the changes are measured from the file.
    const fromFile = await publish(GROUP_SITE, group, { document: mine, baseVersionId: null, message: 'Late' });
    expect(fromFile.status).toBe(409);
    expect(fromFile.body.changes?.map((c) => c.pointer)).toEqual(['/name', '/domains']);
  });

  it("keeps a site in its dealer group unless an admin moves it, and off other sites' domains", async () => {
    const moved = await publish(GROUP_SITE, group, {
      document: {
        ...tenantFile(GROUP_SITE),
        name: 'Southern Cross Motors Group',
        domains: ['scm.example'],
        dealershipGroup: undefined,
      },
      baseVersionId: v2,
      message: 'Leave the group',
    });
    expect(moved.status).toBe(403);
    expect(moved.body.issues?.map((i) => i.pointer)).toEqual(['/dealershipGroup']);

    // Issue 30 H1: a site editor cannot add a web address at all; an admin cannot add another site's.
    const harbour = tenantFile(OTHER_SITE);
    const withDomain = (domain: string) => ({ ...harbour, domains: [...(harbour.domains as string[]), domain] });
    const bySiteEditor = await publish(OTHER_SITE, site, {
      document: withDomain('harbour-two.example'),
      baseVersionId: null,
      message: 'Add a domain',
    });
    expect(bySiteEditor.status).toBe(403);
    expect(bySiteEditor.body.message).toBe(
      'Nothing was published: only a platform admin can change “Web addresses” of Harbour City Mazda. Put it back as it was, or ask an admin to make the change.',
    );
    expect(bySiteEditor.body.issues).toEqual([
      {
        pointer: '/domains',
        message:
          'only a platform admin can change “Web addresses”: put it back as it was, or ask an admin to change it',
      },
    ]);
    const taken = await publish(OTHER_SITE, admin, {
      document: withDomain('scm.example'),
      baseVersionId: null,
      message: 'Take a domain',
    });
    expect(taken.status).toBe(422);
    expect(taken.body.issues).toEqual([
      expect.objectContaining({
        pointer: '/domains/1',
        message: `"scm.example" is already a web address of Southern Cross Motors Group (with or without www.); a site cannot take another site's address`,
        line: expect.any(Number),
      }),
    ]);
    // The www. twin of another site's address, and another site's development address, are that site's.
    const twin = await publish(OTHER_SITE, admin, {
      document: withDomain('www.scm.example'),
      baseVersionId: null,
      message: 'Take its twin',
    });
    expect(twin.status).toBe(422);
    expect(twin.body.issues?.[0]?.message).toMatch(
      /^"www\.scm\.example" is already a web address of Southern Cross Motors Group/,
    );
    const local = await publish(OTHER_SITE, admin, {
      document: withDomain(`${GROUP_SITE}.localhost`),
      baseVersionId: null,
      message: 'Take its development address',
    });
    expect(local.status).toBe(422);
    expect(local.body.issues?.[0]?.message).toMatch(/is a development address of the platform/);
    const own = await publish(OTHER_SITE, site, { document: harbour, baseVersionId: null, message: 'First' });
    expect(own.status).toBe(200);
    otherVersion = own.body.version?.id ?? 0;
  });

  it("issue 30 H2 and M1: only an admin changes a site's dealerships, lead destinations and chat service, whoever sends the change", async () => {
    const harbour = { ...tenantFile(OTHER_SITE) };
    const changes: Array<[string, Doc]> = [
      ['/dealerships', { ...harbour, dealerships: [1, 2, 3, 4, 5, 6, 7] }],
      ['/leadDelivery', { ...harbour, leadDelivery: [{ type: 'email', to: ['attacker@example.com'] }] }],
      [
        '/messaging/endpoint',
        {
          ...harbour,
          messaging: {
            enabled: true,
            provider: 'http',
            endpoint: 'https://chat.example/in',
            credentialEnv: 'MESSAGING_HARBOUR_CITY_MAZDA__KEY',
          },
        },
      ],
    ];
    for (const [pointer, document] of changes) {
      const refused = await publish(OTHER_SITE, site, { document, baseVersionId: otherVersion, message: 'Mine now' });
      expect(refused.status, pointer).toBe(403);
      expect(
        refused.body.issues?.map((i) => i.pointer),
        pointer,
      ).toContain(pointer);
      // The draft keeps the change, and says at the field that this person cannot publish it.
      const draft = await putDraft(OTHER_SITE, site, { document, baseVersionId: otherVersion });
      expect(
        draft.body.issues?.map((i) => i.pointer),
        pointer,
      ).toContain(pointer);
    }
    expect((await getTenantStore().published(OTHER_SITE))?.id).toBe(otherVersion);
    expect(loadTenantRegistry().tenants.get(OTHER_SITE)?.versionId).toBe(otherVersion);
    // Every other field is the site editor's to change; an admin may change these.
    const renamed = await publish(OTHER_SITE, site, {
      document: { ...harbour, name: 'Harbour City Mazda Cars' },
      baseVersionId: otherVersion,
      message: 'Name',
    });
    expect(renamed.status).toBe(200);
    const byAdmin = await publish(OTHER_SITE, admin, {
      document: { ...harbour, dealerships: [...(harbour.dealerships as number[])], name: 'Harbour City Mazda' },
      baseVersionId: renamed.body.version?.id ?? 0,
      message: 'Back',
    });
    expect(byAdmin.status).toBe(200);
    otherVersion = byAdmin.body.version?.id ?? 0;
  });

  it('lists the versions newest first, without documents', async () => {
    const { status, body } = await history(GROUP_SITE, group);
    expect(status).toBe(200);
    expect(body.publishedVersionId).toBe(v2);
    expect(body.draftVersionId).toEqual(expect.any(Number));
    const ids = body.versions?.map((v) => v.id) ?? [];
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toContain(v1);
    expect(body.versions?.find((v) => v.id === v2)).toEqual({
      id: v2,
      state: 'published',
      author: ADMIN,
      message: 'Domain',
      createdAt: expect.any(String),
      parentId: v1,
    });
    expect(body.versions?.every((v) => !('document' in v))).toBe(true);
    expect(body.versions?.some((v) => v.id === otherVersion)).toBe(false);
  });

  it('diffs two versions of the site, and refuses a version of another site with 404', async () => {
    const { status, body } = await diff(GROUP_SITE, group, `?from=${v1}&to=${v2}`);
    expect(status).toBe(200);
    expect(body.from?.id).toBe(v1);
    expect(body.to?.id).toBe(v2);
    expect(body.changes?.map((c) => c.description)).toEqual([
      '/domains changed from ["www.southerncrossmotors.com.au"] to ["scm.example"]',
    ]);
    const across = await diff(GROUP_SITE, admin, `?from=${v1}&to=${otherVersion}`);
    expect(across).toEqual({
      status: 404,
      body: { message: `There is no version ${otherVersion} of Southern Cross Motors Group.` },
    });
    for (const query of ['', `?from=${v1}`, '?from=a&to=2', '?from=-1&to=2', '?from=1e3&to=2'])
      expect((await diff(GROUP_SITE, group, query)).status, query).toBe(400);
  });

  it('restores an earlier version as a new published one; stale base 409, invalid 422, other site 404', async () => {
    // Issue 30: v1 has other web addresses than v2, so only an admin may bring it back.
    const byEditor = await restore(GROUP_SITE, group, { versionId: v1, baseVersionId: v2 });
    expect(byEditor.status).toBe(403);
    expect(byEditor.body.issues?.map((i) => i.pointer)).toEqual(['/domains']);
    const restored = await restore(GROUP_SITE, admin, { versionId: v1, baseVersionId: v2 });
    expect(restored.status).toBe(200);
    expect(restored.body.version).toMatchObject({ state: 'published', author: ADMIN, parentId: v2 });
    expect(restored.body.version?.message).toBe(`Restored version ${v1}`);
    const v3 = restored.body.version?.id ?? 0;
    expect((await getDocument(GROUP_SITE, group)).body.published?.document.domains).toEqual([
      'www.southerncrossmotors.com.au',
    ]);
    expect(loadTenantRegistry().tenants.get(GROUP_SITE)?.versionId).toBe(v3);

    const stale = await restore(GROUP_SITE, group, { versionId: v2, baseVersionId: v2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current?.versionId).toBe(v3);

    const across = await restore(GROUP_SITE, admin, { versionId: otherVersion, baseVersionId: v3 });
    expect(across.status).toBe(404);

    // A draft that does not validate cannot be restored into the published version.
    const bad = await putDraft(GROUP_SITE, group, {
      document: { ...tenantFile(GROUP_SITE), feautres: {} },
      baseVersionId: v3,
    });
    const invalid = await restore(GROUP_SITE, group, { versionId: bad.body.draft?.versionId, baseVersionId: v3 });
    expect(invalid.status).toBe(422);
    expect(invalid.body.issues?.[0]?.pointer).toBe('/feautres');
    expect((await getTenantStore().published(GROUP_SITE))?.id).toBe(v3);

    expect((await restore(GROUP_SITE, group, { baseVersionId: v3 })).status).toBe(400);
  });

  it('discards a draft (issue 32): the draft goes, the answer is the published version to edit again, the audit log says who', async () => {
    const discard = async (slug: string, init: Init) =>
      read(await handleDraft(request('DELETE', sitePath(slug, 'draft'), init), slug));
    const published = await getTenantStore().published(GROUP_SITE);
    const base = published?.id ?? 0;
    const saved = await putDraft(GROUP_SITE, group, {
      document: { ...tenantFile(GROUP_SITE), name: 'To be discarded' },
      baseVersionId: base,
    });
    const draftId = saved.body.draft?.versionId ?? 0;
    expect(draftId).toBeGreaterThan(base);

    // Checked like every change: signed in, the site in the grant, from a Studio page.
    expect((await discard(GROUP_SITE, {})).status).toBe(401);
    expect((await discard(GROUP_SITE, { cookie: site })).status).toBe(403);
    expect((await discard(GROUP_SITE, { cookie: group, origin: 'http://evil.example' })).status).toBe(403);
    expect((await getTenantStore().draft(GROUP_SITE))?.id).toBe(draftId);

    const done = await discard(GROUP_SITE, { cookie: group });
    expect(done.status).toBe(200);
    const body = done.body as Answer & { discarded?: DraftOut | null; document?: Doc; preview?: { showing?: string } };
    expect(body.discarded).toMatchObject({ versionId: draftId, author: GROUP, baseVersionId: base });
    expect(body.document).toEqual(JSON.parse(published?.document ?? '{}'));
    expect(body.publishedVersionId).toBe(base);
    expect(body.issues).toEqual([]);
    expect(body.preview?.showing).toBe('published');
    expect(await getTenantStore().draft(GROUP_SITE)).toBeUndefined();
    expect(await getTenantStore().version(draftId)).toBeUndefined();
    expect(await getTenantStore().previewSnapshot(GROUP_SITE)).toBeUndefined();
    expect((await history(GROUP_SITE, group)).body.versions?.map((v) => v.id)).not.toContain(draftId);
    const logged = await getTenantStore().auditLog({ slug: GROUP_SITE, limit: 1 });
    expect(logged[0]).toMatchObject({ actor: GROUP, action: 'tenant.draft-discarded' });

    // Nothing to discard: still the version to edit, and nothing logged.
    const again = await discard(GROUP_SITE, { cookie: group });
    expect(again.status).toBe(200);
    expect((again.body as { discarded?: unknown }).discarded).toBeNull();
    expect((await getTenantStore().auditLog({ slug: GROUP_SITE, limit: 1 }))[0]?.detail).toEqual(logged[0]?.detail);
  });
});

describe('Studio audit API', () => {
  it('is for admins only, newest first, per site and limited', async () => {
    expect((await audit(group)).status).toBe(403);
    expect((await audit(site)).body.message).toBe('Only an admin may read the audit log.');
    const all = await audit(admin);
    expect(all.status).toBe(200);
    const actions = all.body.entries?.map((e) => e.action) ?? [];
    expect(actions).toContain('tenant.publish');
    expect(actions).toContain('tenant.restore');
    expect(actions).toContain('tenant.publish-refused');
    const one = await audit(admin, `?slug=${OTHER_SITE}&limit=1`);
    expect(one.body.entries).toEqual([
      expect.objectContaining({ slug: OTHER_SITE, action: 'tenant.publish', actor: ADMIN }),
    ]);
    // Issue 30: a refused attempt on what only an admin may change is in the log, naming the fields.
    const refused = await audit(admin, `?slug=${OTHER_SITE}`);
    expect(refused.body.entries).toContainEqual(
      expect.objectContaining({
        action: 'tenant.publish-refused',
        actor: SITE,
        detail: expect.objectContaining({ reason: 'admin-only', fields: ['Dealerships'] }),
      }),
    );
    for (const limit of ['0', 'ten', '1001', '-5'])
      expect((await audit(admin, `?limit=${limit}`)).status, limit).toBe(400);
  });
});
