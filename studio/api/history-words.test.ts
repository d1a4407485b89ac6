import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-history-words', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handlePublish, handleDiff } = await import('./document-routes');

const SITE = 'harbour-city-mazda';
const EDITOR = 'site@studio.example';

type Doc = Record<string, unknown>;
interface Change {
  pointer: string;
  kind: string;
  before?: unknown;
  after?: unknown;
  description: string;
}
interface DiffAnswer {
  changes: Change[];
  entries: { text: string; area: string; details: Change[] }[];
}

const tenantFile = (): Doc => JSON.parse(readFileSync(`tenants/${SITE}.json`, 'utf8')) as Doc;
const path = (name: string) => `/api/studio/sites/${SITE}/${name}`;

let cookie = '';
let fileVersion = 0;
let published = 0;

beforeAll(async () => {
  await createStaffUser({ email: EDITOR, role: 'site-editor', sites: [SITE], password: STAFF_PASSWORD });
  cookie = await staffSessionCookie(handleStaffAuth, EDITOR);
  // The e2e journey's edits (e2e/tenant-studio-editor.spec.ts): the primary colour, the hero's heading, its promotion off.
  const document = tenantFile();
  (document.theme as { colors: Doc }).colors.primary = '#1d4f91';
  const pages = document.pages as Record<string, { blocks: { props: Doc }[] }>;
  const hero = pages['/']?.blocks[0];
  if (!hero) throw new Error('the demo home page has no hero');
  hero.props.heading = 'Drive a new Mazda home this week';
  hero.props.usePromotion = false;
  // And a menu item of the site's own.
  document.menus = { header: [{ label: 'Special offers', href: '/special-offers' }] };
  const response = await handlePublish(
    studioRequest('POST', path('publish'), { cookie, body: { document, baseVersionId: null, message: 'Spring' } }),
    SITE,
  );
  expect(response.status).toBe(200);
  const body = (await response.json()) as { version: { id: number; parentId: number } };
  published = body.version.id;
  fileVersion = body.version.parentId;
});

describe('the history tells what changed in words (issue 32)', () => {
  it('answers one entry per edit beside the pointer-level changes, with those changes behind each entry', async () => {
    const response = await handleDiff(
      studioRequest('GET', `${path('diff')}?from=${fileVersion}&to=${published}`, { cookie }),
      SITE,
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as DiffAnswer;
    expect(body.entries.map(({ text, area }) => ({ text, area }))).toEqual([
      { text: 'Theme: primary colour #101820 → #1d4f91', area: 'Theme' },
      { text: "Home page, 'Hero banner' block: heading is now 'Drive a new Mazda home this week'", area: 'Home page' },
      { text: "Home page, 'Hero banner' block: Show the current promotion is now off", area: 'Home page' },
      { text: "Header menu: added 'Special offers' (→ /special-offers)", area: 'Header menu' },
    ]);
    expect(body.entries[0]?.details).toEqual([
      {
        pointer: '/theme/colors/primary',
        kind: 'changed',
        before: '#101820',
        after: '#1d4f91',
        description: '/theme/colors/primary changed from #101820 to #1d4f91',
      },
    ]);
    // The pointer-level list stays as it was for whoever reads it.
    expect(body.changes.map((c) => c.pointer)).toEqual([
      '/theme/colors/primary',
      '/pages/~1/blocks/0/props/heading',
      '/pages/~1/blocks/0/props/usePromotion',
      '/menus',
    ]);
    for (const entry of body.entries) {
      expect(entry.text).not.toMatch(/[{[]|\/pages\/|#\//);
      expect(entry.details.every((d) => typeof d.description === 'string' && d.description.length > 0)).toBe(true);
    }
  });

  it('answers no entries for a version against itself', async () => {
    const response = await handleDiff(
      studioRequest('GET', `${path('diff')}?from=${published}&to=${published}`, { cookie }),
      SITE,
    );
    expect(((await response.json()) as DiffAnswer).entries).toEqual([]);
  });
});
