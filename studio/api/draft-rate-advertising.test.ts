/**
 * NCC s164 (issue 20): the Studio refuses a rate with no comparison rate exactly as `npm run
 * validate` does (the check is the engine's), and shows the message at the field that states it.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-rate-advertising', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleDraft, handlePublish } = await import('./document-routes');
const { errorTreeFor } = await import('../editor/schema-tools');
const { sectionOfIssue } = await import('../editor/document-model');

const SITE = 'southern-cross-motors';
const EDITOR = 'editor@studio.example';
let cookie = '';

type Doc = Record<string, unknown>;
interface Issue {
  pointer: string;
  message: string;
  line?: number;
}
interface Answer {
  issues?: Issue[];
}

/** The demo site's document with its finance tile's comparison rate taken out again. */
function withoutComparisonRate(): Doc {
  const document = JSON.parse(readFileSync(`tenants/${SITE}.json`, 'utf8')) as Doc & {
    search: { promoTiles: { heading: string; text?: string }[] };
  };
  const tile = document.search.promoTiles[0];
  if (!tile) throw new Error('the demo site has no promo tile');
  expect(tile.heading).toBe('Finance from 6.99% p.a.');
  tile.text = 'Fast approval on any car in our range. Comparison rate applies.';
  return document;
}

const send = async (handler: typeof handleDraft, method: string, name: string, body: unknown) => {
  const response = await handler(studioRequest(method, `/api/studio/sites/${SITE}/${name}`, { cookie, body }), SITE);
  return { status: response.status, body: (await response.json()) as Answer };
};

beforeAll(async () => {
  await createStaffUser({ email: EDITOR, role: 'site-editor', sites: [SITE], password: STAFF_PASSWORD });
  cookie = await staffSessionCookie(handleStaffAuth, EDITOR);
});

describe('Studio drafts and publishes: a rate needs its comparison rate (NCC s164, issue 20)', () => {
  it('answers the draft with the message at the tile heading, on the Search tab, and refuses to publish it', async () => {
    const document = withoutComparisonRate();
    const draft = await send(handleDraft, 'PUT', 'draft', { document, baseVersionId: null });
    expect(draft.status).toBe(200);
    const issues = draft.body.issues ?? [];
    expect(issues).toHaveLength(1);
    const [issue] = issues;
    expect(issue).toMatchObject({
      pointer: '/search/promoTiles/0/heading',
      line: expect.any(Number) as unknown,
      message:
        'advertises an annual rate (6.99% p.a.) without a comparison rate in the same item: add the comparison rate (National Credit Code s164), e.g. "6.99% p.a. (comparison rate 8.87% p.a.*)"',
    });
    // The editor's form shows it under the heading field of the first tile, on the tab that edits `search`.
    const tree = errorTreeFor(issues, '/search') as { promoTiles?: { 0?: { heading?: { __errors?: string[] } } } };
    expect(tree.promoTiles?.[0]?.heading?.__errors).toEqual([issue?.message]);
    expect(sectionOfIssue(issue!)?.keys).toContain('search');

    const refused = await send(handlePublish, 'POST', 'publish', { document, baseVersionId: null, message: 'Tile' });
    expect(refused.status).toBe(422);
    expect(refused.body.issues?.map((i) => i.pointer)).toEqual(['/search/promoTiles/0/heading']);
    expect(await getTenantStore().published(SITE)).toBeUndefined();
  });

  it('accepts the demo document as fixed: the tile states its comparison rate', async () => {
    const document = JSON.parse(readFileSync(`tenants/${SITE}.json`, 'utf8')) as Doc;
    const draft = await send(handleDraft, 'PUT', 'draft', { document, baseVersionId: null });
    expect(draft.status).toBe(200);
    expect(draft.body.issues).toEqual([]);
  });
});
