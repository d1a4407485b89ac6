import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

// Issue 32, History: "Restore: shows the old version in the preview first, then 'Restore this
// version' with a confirmation and a message; it publishes as a new version."

studioTestEnv('studio-preview-version', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { previewKey, readPreviewToken } = await import('../../services/preview-token');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleDraft, handlePreviewToken, handlePublish, handleRestore } = await import('./document-routes');

const SLUG = 'harbour-city-mazda';
const OTHER_SLUG = 'southern-cross-motors';
const EDITOR = 'version-preview-editor@studio.example';
type Doc = Record<string, unknown>;
const file = (slug = SLUG): Doc => JSON.parse(readFileSync(`tenants/${slug}.json`, 'utf8')) as Doc;
const path = (name: string) => `/api/studio/sites/${SLUG}/${name}`;

interface Answer {
  message?: string;
  preview?: { token: string; showing: string; versionId?: number };
  version?: { id: number; message: string };
}

let cookie = '';
/** The first version the editor published, and the one published after it (live). */
let first = 0;
let second = 0;

async function previewToken(query: string): Promise<{ status: number; body: Answer }> {
  const response = await handlePreviewToken(
    studioRequest('GET', `${path('preview-token')}?${query}`, { cookie }),
    SLUG,
  );
  return { status: response.status, body: (await response.json()) as Answer };
}

async function publish(name: string, baseVersionId: number | null): Promise<number> {
  const response = await handlePublish(
    studioRequest('POST', path('publish'), {
      cookie,
      body: { document: { ...file(), name }, baseVersionId, message: name },
    }),
    SLUG,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as Answer).version?.id ?? 0;
}

const tokenOf = (token: string) => {
  const check = readPreviewToken(token, SLUG, previewKey());
  if (!check.ok) throw new Error(`the token was refused: ${check.reason}`);
  return check.token;
};

beforeAll(async () => {
  await createStaffUser({ email: EDITOR, role: 'site-editor', sites: [SLUG], password: STAFF_PASSWORD });
  cookie = await staffSessionCookie(handleStaffAuth, EDITOR);
  first = await publish('Harbour City Mazda (spring)', null);
  second = await publish('Harbour City Mazda (summer)', first);
});

describe('a preview of an earlier version, before it is restored (issue 32)', () => {
  it('answers a token that names that version of the site, and says it shows a version', async () => {
    const { status, body } = await previewToken(`version=${first}`);
    expect(status).toBe(200);
    expect(body.preview).toMatchObject({ showing: 'version', versionId: first });
    const token = tokenOf(body.preview?.token ?? '');
    expect(token).toMatchObject({ slug: SLUG, versionId: first });
    expect(token.snapshot).toBeUndefined();
    expect(token.at).toBeUndefined();
    // The version the token names is the one the preview renders (server/page-data/preview-tenant.ts).
    const shown = await getTenantStore().version(token.versionId);
    expect(shown?.slug).toBe(SLUG);
    expect(JSON.parse(shown?.document ?? '{}')).toMatchObject({ name: 'Harbour City Mazda (spring)' });
  });

  it('keeps "Preview as of" alongside the version', async () => {
    const at = '2026-12-06T06:00:00+11:00';
    const { status, body } = await previewToken(`version=${first}&at=${encodeURIComponent(at)}`);
    expect(status).toBe(200);
    expect(tokenOf(body.preview?.token ?? '')).toMatchObject({ versionId: first, at: Date.parse(at) / 1000 });
  });

  it("refuses another site's version, and an unknown one, with 404 and a sentence", async () => {
    const other = await getTenantStore().saveDraft({
      slug: OTHER_SLUG,
      document: JSON.stringify(file(OTHER_SLUG)),
      author: 'someone-else@studio.example',
      baseVersionId: null,
    });
    for (const id of [other.id, 999_999]) {
      const { status, body } = await previewToken(`version=${id}`);
      expect(status).toBe(404);
      expect(body.message).toMatch(new RegExp(`^There is no version ${id} of .+\\.$`));
      expect(body.preview).toBeUndefined();
    }
  });

  it('refuses a version that is not a number with 400 and a sentence', async () => {
    for (const query of ['version=abc', 'version=', 'version=-3', 'version=1.5']) {
      const { status, body } = await previewToken(query);
      expect(status).toBe(400);
      expect(body.message).toMatch(/^Name the version to preview by its number/);
    }
  });

  it('without ?version= still answers the preview of the draft', async () => {
    const { status, body } = await previewToken('');
    expect(status).toBe(200);
    expect(body.preview?.showing).toBe('published');
    expect(body.preview?.versionId).toBeUndefined();
  });
});

describe('what the restore confirmation tells the editor (issue 32)', () => {
  it('publishes the old version as a new one; the live one stays in the history; the unpublished draft is set aside', async () => {
    const saved = await handleDraft(
      studioRequest('PUT', path('draft'), {
        cookie,
        body: { document: { ...file(), name: 'Harbour City Mazda (unpublished)' }, baseVersionId: second },
      }),
      SLUG,
    );
    expect(saved.status).toBe(200);
    const draft = await getTenantStore().draft(SLUG);
    expect(draft).toBeDefined();

    const response = await handleRestore(
      studioRequest('POST', path('restore'), { cookie, body: { versionId: first, baseVersionId: second } }),
      SLUG,
    );
    expect(response.status).toBe(200);
    const restored = ((await response.json()) as Answer).version;
    expect(restored?.id).toBeGreaterThan(second);
    expect(restored?.message).toBe(`Restored version ${first}`);

    const store = getTenantStore();
    expect((await store.published(SLUG))?.id).toBe(restored?.id);
    expect(JSON.parse((await store.published(SLUG))?.document ?? '{}')).toMatchObject({
      name: 'Harbour City Mazda (spring)',
    });
    // Nothing is lost: the version that was live is still in the history.
    const ids = (await store.versionList(SLUG)).map((v) => v.id);
    expect(ids).toContain(second);
    // The draft's changes are no longer the site's draft: the editor opens the restored version.
    expect(await store.draft(SLUG)).toBeUndefined();
  });
});
