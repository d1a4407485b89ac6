import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

// Issue 32, "A preview people can trust": "While the draft has incomplete or invalid fields, the
// preview keeps the last valid draft with a small 'showing your last complete change' note;
// problems are shown in the editor only, never as a pointer in the preview."

studioTestEnv('studio-preview-snapshot', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { previewKey, readPreviewToken } = await import('../../services/preview-token');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleDraft, handlePreviewToken, handlePublish } = await import('./document-routes');

const SLUG = 'harbour-city-mazda';
const EDITOR = 'snapshot-editor@studio.example';
type Doc = Record<string, unknown>;
const file = (): Doc => JSON.parse(readFileSync(`tenants/${SLUG}.json`, 'utf8')) as Doc;
const path = (name: string) => `/api/studio/sites/${SLUG}/${name}`;

interface PreviewOut {
  token: string;
  showing: string;
}
let cookie = '';
let base: number | null = null;

async function saveDraft(document: Doc, extra: Doc = {}): Promise<PreviewOut> {
  const response = await handleDraft(
    studioRequest('PUT', path('draft'), { cookie, body: { document, baseVersionId: base, ...extra } }),
    SLUG,
  );
  expect(response.status).toBe(200);
  return ((await response.json()) as { preview: PreviewOut }).preview;
}

const tokenOf = (preview: PreviewOut) => {
  const check = readPreviewToken(preview.token, SLUG, previewKey());
  if (!check.ok) throw new Error(`the token was refused: ${check.reason}`);
  return check.token;
};

/** A text block added to the home page with no text yet: the draft is saved, but cannot be shown. */
function withEmptyTextBlock(document: Doc): Doc {
  const pages = structuredClone(document.pages) as Record<string, { blocks?: unknown[] }> | undefined;
  const home = pages?.['/'] ?? { blocks: [] };
  return {
    ...document,
    pages: { ...pages, '/': { ...home, blocks: [...(home.blocks ?? []), { type: 'Text', props: {} }] } },
  };
}

beforeAll(async () => {
  await createStaffUser({ email: EDITOR, role: 'site-editor', sites: [SLUG], password: STAFF_PASSWORD });
  cookie = await staffSessionCookie(handleStaffAuth, EDITOR);
});

describe('the preview of an incomplete draft (issue 32)', () => {
  it('shows a draft that loads, and keeps it as the last complete one', async () => {
    const named = { ...file(), name: 'Harbour City Mazda (spring)' };
    const preview = await saveDraft(named);
    expect(preview.showing).toBe('draft');
    expect(tokenOf(preview).snapshot).toBeUndefined();
    const kept = await getTenantStore().previewSnapshot(SLUG);
    expect(JSON.parse(kept?.document ?? '{}')).toMatchObject({ name: 'Harbour City Mazda (spring)' });
  });

  it('keeps showing that one while the draft is incomplete, and the draft itself is saved with nothing lost', async () => {
    const incomplete = withEmptyTextBlock({ ...file(), name: 'Harbour City Mazda (spring)' });
    const preview = await saveDraft(incomplete);
    expect(preview.showing).toBe('last-complete');
    expect(tokenOf(preview).snapshot).toBe(true);
    expect(JSON.parse((await getTenantStore().draft(SLUG))?.document ?? '{}')).toEqual(incomplete);
    expect(JSON.parse((await getTenantStore().previewSnapshot(SLUG))?.document ?? '{}')).toMatchObject({
      name: 'Harbour City Mazda (spring)',
    });
    // A fresh token while the editor stays open says the same.
    const fresh = await handlePreviewToken(studioRequest('GET', path('preview-token'), { cookie }), SLUG);
    expect(((await fresh.json()) as { preview: PreviewOut }).preview.showing).toBe('last-complete');
  });

  it('after a publish newer than the last complete draft, an incomplete draft previews what the site serves', async () => {
    const published = await handlePublish(
      studioRequest('POST', path('publish'), {
        cookie,
        body: { document: { ...file(), name: 'Harbour City Mazda (summer)' }, baseVersionId: null, message: 'Summer' },
      }),
      SLUG,
    );
    expect(published.status).toBe(200);
    base = (await getTenantStore().published(SLUG))?.id ?? null;
    const preview = await saveDraft(withEmptyTextBlock({ ...file(), name: 'Harbour City Mazda (summer)' }));
    expect(preview.showing).toBe('published');
    expect(tokenOf(preview)).toMatchObject({ versionId: 0 });
  });
});

describe('"Preview as of" a date and time (issue 32)', () => {
  it('signs the moment into the preview token, from a save and from a fresh token', async () => {
    const at = '2026-12-06T06:00:00+11:00';
    const preview = await saveDraft({ ...file(), name: 'Harbour City Mazda (as of)' }, { previewAt: at });
    expect(tokenOf(preview).at).toBe(Date.parse(at) / 1000);
    const fresh = await handlePreviewToken(
      studioRequest('GET', `${path('preview-token')}?at=${encodeURIComponent(at)}`, { cookie }),
      SLUG,
    );
    expect(tokenOf(((await fresh.json()) as { preview: PreviewOut }).preview).at).toBe(Date.parse(at) / 1000);
    expect(tokenOf(await saveDraft({ ...file(), name: 'Harbour City Mazda (now)' })).at).toBeUndefined();
  });

  it('refuses a moment that is not a date with a sentence, before saving anything', async () => {
    const before = (await getTenantStore().draft(SLUG))?.document;
    for (const previewAt of ['next tuesday', 12, '9999-01-01T00:00:00Z']) {
      const response = await handleDraft(
        studioRequest('PUT', path('draft'), {
          cookie,
          body: { document: { ...file(), name: 'Refused' }, baseVersionId: base, previewAt },
        }),
        SLUG,
      );
      expect(response.status).toBe(400);
      expect(((await response.json()) as { message: string }).message).toMatch(/"Preview as of" date/);
    }
    expect((await getTenantStore().draft(SLUG))?.document).toBe(before);
  });
});
