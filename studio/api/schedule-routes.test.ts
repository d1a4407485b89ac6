/**
 * Issue 33, Publishing on a schedule, through the Studio's API: "'Publish at…' a date and time in
 * the site's time zone, with a message: the draft is frozen as a scheduled version, listed in the
 * site list and History, cancellable". Runs on SQLite and on PostgreSQL.
 */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { STAFF_PASSWORD, staffSessionCookie, studioRequest, studioTestEnv } from './studio-test-support';
import { freshDatabaseUrl } from '../../services/db/test-database';

studioTestEnv('studio-schedules', await freshDatabaseUrl());

const { createStaffUser } = await import('../../services/staff-auth/staff-users');
const { getTenantStore } = await import('../../services/tenant-store');
const { handleStaffAuth } = await import('./staff-auth-route');
const { handleHistory, handleDraft, handleDocument } = await import('./document-routes');
const { handleSchedules, handleScheduleCancel } = await import('./schedule-routes');
const { studioSiteRows } = await import('../sites');
const { studioValidate } = await import('../site-documents');
const { wallTimeOf } = await import('../../domain/studio/scheduled-publish');

type Doc = Record<string, unknown>;
const SLUG = 'harbour-city-mazda';
const OTHER = 'southern-cross-motors';
const tenantFile = (slug: string): Doc => JSON.parse(readFileSync(`tenants/${slug}.json`, 'utf8')) as Doc;

interface ScheduleOut {
  id: number;
  state: string;
  publishAt: string;
  message: string;
  author: string;
  versionId: number;
  story: { state: string; when: string; text: string; items: string[] };
}
interface Answer {
  message?: string;
  field?: string;
  schedule?: ScheduleOut;
  schedules?: ScheduleOut[];
  timeZone?: string;
  document?: Doc;
  publishedVersionId?: number | null;
  draft?: unknown;
  versions?: { id: number; schedule?: { role: string; state: string; when: string } }[];
  issues?: { pointer: string; message: string }[];
}
const read = async (response: Response) => ({ status: response.status, body: (await response.json()) as Answer });
const path = (slug: string, rest = '') => `/api/studio/sites/${slug}/schedules${rest}`;

let site = '';
let admin = '';
beforeAll(async () => {
  await createStaffUser({ email: 'admin@studio.example', role: 'admin', password: STAFF_PASSWORD });
  await createStaffUser({ email: 'site@studio.example', role: 'site-editor', sites: [SLUG], password: STAFF_PASSWORD });
  site = await staffSessionCookie(handleStaffAuth, 'site@studio.example');
  admin = await staffSessionCookie(handleStaffAuth, 'admin@studio.example');
});

/** A wall time on Sydney's clock `minutes` from now. */
const sydneyIn = (minutes: number) => wallTimeOf(new Date(Date.now() + minutes * 60_000), 'Australia/Sydney');

async function schedule(body: Doc, cookie = site, slug = SLUG) {
  return read(await handleSchedules(studioRequest('POST', path(slug), { cookie, body }), slug));
}

describe('POST /schedules: "Publish at…"', () => {
  it("freezes the document for then, on the site's clock; the editor starts again from the live site", async () => {
    const document = { ...tenantFile(SLUG), name: 'Harbour City Mazda Weekend' };
    // A draft saved first, as the editor autosaves before it publishes.
    await handleDraft(
      studioRequest('PUT', `/api/studio/sites/${SLUG}/draft`, {
        cookie: site,
        body: { document, baseVersionId: null },
      }),
      SLUG,
    );
    const publishAt = sydneyIn(24 * 60);
    const answer = await schedule({ document, baseVersionId: null, message: 'Weekend name', publishAt });
    expect(answer.status).toBe(201);
    expect(answer.body.message).toMatch(
      /^Scheduled: it publishes \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m, Sydney time \(in (24 hours|1 day)\)\.$/,
    );
    expect(answer.body.schedule).toMatchObject({
      state: 'scheduled',
      message: 'Weekend name',
      author: 'site@studio.example',
    });
    expect(wallTimeOf(new Date(answer.body.schedule?.publishAt ?? ''), 'Australia/Sydney')).toBe(publishAt);
    // The file went into the history first (the site was served from it), and is what the editor shows now.
    expect(answer.body.document?.name).toBe(tenantFile(SLUG).name);
    expect(typeof answer.body.publishedVersionId).toBe('number');
    const opened = await read(
      await handleDocument(studioRequest('GET', `/api/studio/sites/${SLUG}/document`, { cookie: site }), SLUG),
    );
    expect(opened.body.draft).toBeNull();

    const listed = await read(await handleSchedules(studioRequest('GET', path(SLUG), { cookie: site }), SLUG));
    expect(listed.body.timeZone).toBe('Australia/Sydney');
    expect(listed.body.schedules?.[0]?.story).toMatchObject({ state: 'Waiting' });
    // History names it; the site list shows it.
    const history = await read(
      await handleHistory(studioRequest('GET', `/api/studio/sites/${SLUG}/history`, { cookie: site }), SLUG),
    );
    const frozen = history.body.versions?.find((v) => v.id === answer.body.schedule?.versionId);
    expect(frozen?.schedule).toMatchObject({ role: 'frozen', state: 'scheduled' });
    const row = (await studioSiteRows()).find((r) => r.slug === SLUG);
    expect(row?.scheduled).toMatchObject({ message: 'Weekend name', count: 1 });
  });

  it('refuses a time that has passed or is not a time, with a sentence for the field, and changes nothing', async () => {
    const before = (await getTenantStore().schedules(SLUG)).length;
    const live = await getTenantStore().published(SLUG);
    const document = JSON.parse(live?.document ?? '{}') as Doc;
    const past = await schedule({ document, baseVersionId: live?.id ?? null, message: 'x', publishAt: sydneyIn(-5) });
    expect(past).toMatchObject({ status: 400, body: { field: 'publishAt' } });
    expect(past.body.message).toMatch(/^That time has passed: it is .*, Sydney time now\. Choose a later time\.$/);
    const garbage = await schedule({ document, baseVersionId: live?.id ?? null, message: 'x', publishAt: 'soon' });
    expect(garbage.body.message).toBe('Choose the date and the time to publish at (Sydney time).');
    const noMessage = await schedule({
      document,
      baseVersionId: live?.id ?? null,
      message: '',
      publishAt: sydneyIn(60),
    });
    expect(noMessage.status).toBe(400);
    expect((await getTenantStore().schedules(SLUG)).length).toBe(before);
  });

  it("refuses an invalid document (422, nothing frozen) and another site's editor (403)", async () => {
    const live = await getTenantStore().published(SLUG);
    const document = { ...(JSON.parse(live?.document ?? '{}') as Doc), name: 42 };
    const invalid = await schedule({
      document,
      baseVersionId: live?.id ?? null,
      message: 'Bad',
      publishAt: sydneyIn(60),
    });
    expect(invalid.status).toBe(422);
    expect(invalid.body.issues?.length).toBeGreaterThan(0);
    const other = await schedule(
      { document: tenantFile(OTHER), baseVersionId: null, message: 'x', publishAt: sydneyIn(60) },
      site,
      OTHER,
    );
    expect(other.status).toBe(403);
    expect(await getTenantStore().schedules(OTHER)).toEqual([]);
  });
});

describe('DELETE /schedules/<id>: cancel', () => {
  it("cancels a waiting one once; a second cancel says it cannot; another site's id is not found", async () => {
    const live = await getTenantStore().published(SLUG);
    const document = { ...(JSON.parse(live?.document ?? '{}') as Doc), name: 'To cancel' };
    const made = await schedule({
      document,
      baseVersionId: live?.id ?? null,
      message: 'Cancel me',
      publishAt: sydneyIn(120),
    });
    const id = String(made.body.schedule?.id);
    const cancel = (slug: string, cookie = site) =>
      handleScheduleCancel(studioRequest('DELETE', path(slug, `/${id}`), { cookie }), slug, id).then(read);
    const first = await cancel(SLUG);
    expect(first.status).toBe(200);
    expect(first.body.message).toMatch(/^Cancelled the publish set for .*\. The site does not change then\.$/);
    expect(first.body.schedule?.story.text).toMatch(
      /^Cancelled by site@studio\.example on .*: it was not published\.$/,
    );
    const again = await cancel(SLUG);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/^It cannot be cancelled any more\. Cancelled by/);
    expect((await cancel(OTHER, admin)).status).toBe(404);
    expect(
      (
        await read(
          await handleScheduleCancel(studioRequest('DELETE', path(SLUG, '/abc'), { cookie: site }), SLUG, 'abc'),
        )
      ).status,
    ).toBe(404);
    // Only DELETE cancels; signed out is refused.
    expect(
      (await handleScheduleCancel(studioRequest('GET', path(SLUG, `/${id}`), { cookie: site }), SLUG, id)).status,
    ).toBe(405);
    expect((await handleScheduleCancel(studioRequest('DELETE', path(SLUG, `/${id}`)), SLUG, id)).status).toBe(401);
  });
});

describe('at its time', () => {
  it('the publisher of any process publishes it; History says the version came from the schedule', async () => {
    const store = getTenantStore();
    const live = await store.published(SLUG);
    const document = { ...(JSON.parse(live?.document ?? '{}') as Doc), name: 'Harbour City Mazda Sale' };
    const made = await schedule({
      document,
      baseVersionId: live?.id ?? null,
      message: 'Sale name',
      publishAt: sydneyIn(1),
    });
    expect(made.status).toBe(201);
    // Moved to now, as the clock would be a minute later.
    const { getDatabase } = await import('../../services/db/database');
    await (
      await getDatabase()
    )
      .updateTable('tenant_schedules')
      .set({ publish_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', made.body.schedule?.id ?? 0)
      .execute();
    const outcomes = await store.publishDue({ validate: studioValidate });
    expect(outcomes.map((o) => o.state)).toContain('published');
    expect(JSON.parse((await store.published(SLUG))?.document ?? '{}').name).toBe('Harbour City Mazda Sale');
    const history = await read(
      await handleHistory(studioRequest('GET', `/api/studio/sites/${SLUG}/history`, { cookie: site }), SLUG),
    );
    const publishedRow = history.body.versions?.find((v) => v.schedule?.role === 'published');
    expect(publishedRow?.schedule?.state).toBe('published');
    const listed = await read(await handleSchedules(studioRequest('GET', path(SLUG), { cookie: site }), SLUG));
    expect(listed.body.schedules?.find((s) => s.id === made.body.schedule?.id)?.story.text).toMatch(
      /^Went live at .* as version \d+\.$/,
    );
  });
});
