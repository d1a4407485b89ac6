/**
 * Issue 33, Publishing on a schedule: "published once at that time by exactly one server process
 * however many are running (the outbox's claim pattern, on SQLite and PostgreSQL) … A scheduled
 * version that has become invalid … is not published; the Studio shows why." Runs on both databases
 * (the PostgreSQL run of `npm test`); the two workers are two connections to one database, as two
 * platform processes are.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type PlatformDb } from '../db/database';
import { openTestDatabaseAt } from '../db/test-database';
import { createTenantStore, type TenantStore, type Validate } from './tenant-store';
import { trimSiteHistory } from './version-limit';

let db: PlatformDb;
let other: PlatformDb;
let clock: number;
let store: TenantStore;
let second: TenantStore;
const now = () => new Date(clock);

beforeEach(async () => {
  let url: string;
  ({ db, url } = await openTestDatabaseAt());
  other = openDatabase(url);
  clock = Date.parse('2026-12-04T00:00:00Z');
  store = createTenantStore(db, { now });
  second = createTenantStore(other, { now });
});
afterEach(async () => {
  await other.destroy();
  await db.destroy();
});

/** Any object with a name passes, unless it carries "broken" (a check that a later schema would fail). */
const validate: Validate = (_slug, document) => {
  const value = document as { name?: unknown; broken?: unknown };
  if (typeof value.name !== 'string') return { ok: false, issues: [{ pointer: '/name', message: 'needs a name' }] };
  if (value.broken) return { ok: false, issues: [{ pointer: '/broken', message: 'is no longer allowed' }] };
  return { ok: true };
};

const doc = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ slug: 'acme', name: 'Acme', phone: '02 9000 0000', offers: [], ...extra });

async function published(document = doc()) {
  const result = await store.publish({
    slug: 'acme',
    document,
    author: 'alice',
    message: 'First',
    baseVersionId: null,
    validate,
  });
  if (!result.ok) throw new Error(result.reason);
  return result.version;
}

async function scheduled(
  baseVersionId: number,
  document: string,
  publishAt = '2026-12-05T19:00:00Z',
  message = 'Weekend sale',
) {
  const result = await store.schedule({
    slug: 'acme',
    document,
    author: 'lina',
    message,
    baseVersionId,
    validate,
    publishAt: new Date(publishAt),
  });
  if (!result.ok) throw new Error(result.reason);
  return result.schedule;
}

const sale = doc({ offers: [{ title: 'Weekend sale' }] });
const live = async () => JSON.parse((await store.published('acme'))?.document ?? 'null') as Record<string, unknown>;

describe('scheduling', () => {
  it('freezes the draft as a version of its own, clears the site draft, and publishes nothing yet', async () => {
    const first = await published();
    await store.saveDraft({ slug: 'acme', document: sale, author: 'lina', baseVersionId: first.id });
    const schedule = await scheduled(first.id, sale);
    expect(schedule).toMatchObject({
      state: 'scheduled',
      baseVersionId: first.id,
      publishAt: '2026-12-05T19:00:00.000Z',
    });
    expect(await store.draft('acme')).toBeUndefined();
    const frozen = await store.version(schedule.versionId);
    expect(frozen).toMatchObject({ state: 'draft', message: 'Weekend sale', author: 'lina' });
    expect(JSON.parse(frozen?.document ?? '')).toEqual(JSON.parse(sale));
    // The autosaved draft it came from is the frozen version now, not a second copy in the history.
    expect((await store.versionList('acme')).map((v) => v.id)).toEqual([schedule.versionId, first.id]);
    expect((await live()).offers).toEqual([]);
    expect(await store.publishDue({ validate })).toEqual([]);
    // An autosave after it starts a new draft: the frozen version never changes.
    await store.saveDraft({ slug: 'acme', document: doc({ name: 'Later' }), author: 'lina', baseVersionId: first.id });
    expect((await store.version(schedule.versionId))?.document).toBe(frozen?.document);
  });

  it('refuses a stale base or an invalid document as a publish does, keeping the draft', async () => {
    const first = await published();
    const result = await store.schedule({
      slug: 'acme',
      document: doc({ broken: true }),
      author: 'lina',
      message: 'x',
      baseVersionId: first.id,
      validate,
      publishAt: new Date('2026-12-05T19:00:00Z'),
    });
    expect(result).toMatchObject({ ok: false, reason: 'invalid' });
    expect((await store.draft('acme'))?.author).toBe('lina');
    const newer = await store.publish({
      slug: 'acme',
      document: doc({ name: 'Newer' }),
      author: 'sam',
      message: 'Newer',
      baseVersionId: first.id,
      validate,
    });
    expect(newer.ok).toBe(true);
    const stale = await store.schedule({
      slug: 'acme',
      document: sale,
      author: 'lina',
      message: 'x',
      baseVersionId: first.id,
      validate,
      publishAt: new Date('2026-12-05T19:00:00Z'),
    });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict' });
    expect(await store.schedules('acme')).toEqual([]);
  });
});

describe('at the due time, with two workers', () => {
  it('is published exactly once, as a new version by its author with its message', async () => {
    const first = await published();
    const schedule = await scheduled(first.id, sale);
    clock = Date.parse('2026-12-05T19:00:00Z');
    const [a, b] = await Promise.all([store.publishDue({ validate }), second.publishDue({ validate })]);
    const outcomes = [...a, ...b];
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ state: 'published', schedule: { id: schedule.id, state: 'published' } });
    const versions = await store.versionList('acme');
    expect(versions.filter((v) => v.state === 'published')).toHaveLength(2);
    const now = await store.published('acme');
    expect(now).toMatchObject({ author: 'lina', message: 'Weekend sale', parentId: first.id });
    expect((await live()).offers).toEqual([{ title: 'Weekend sale' }]);
    expect((await store.schedules('acme'))[0]).toMatchObject({ state: 'published', publishedVersionId: now?.id });
    // The change reaches every process: the stamp they poll moved.
    expect(await second.changeStamp()).not.toBe('1:1');
    const audit = await store.auditLog({ slug: 'acme' });
    expect(audit.filter((e) => e.action === 'tenant.publish-scheduled')).toHaveLength(1);
    // Later rounds find nothing.
    expect(await store.publishDue({ validate })).toEqual([]);
  });

  it('many due at once across both workers: each published once, in time order', async () => {
    const first = await published();
    await scheduled(first.id, doc({ offers: [{ title: 'One' }] }), '2026-12-05T19:00:00Z', 'One');
    clock = Date.parse('2026-12-05T19:00:00Z');
    await store.publishDue({ validate });
    const base = (await store.published('acme'))?.id ?? 0;
    const ids: number[] = [];
    for (let i = 0; i < 6; i++)
      ids.push(
        (await scheduled(base, doc({ offers: [{ title: 'One' }], extra: i }), `2026-12-06T0${i}:00:00Z`, `S${i}`)).id,
      );
    clock = Date.parse('2026-12-07T00:00:00Z');
    const rounds = await Promise.all([
      store.publishDue({ validate }),
      second.publishDue({ validate }),
      store.publishDue({ validate }),
      second.publishDue({ validate }),
    ]);
    const done = rounds.flat();
    expect(done.map((o) => o.schedule.id).sort((x, y) => x - y)).toEqual(ids);
    // The first went out over its base; each later one changed the same field, so it was not published.
    const states = (await store.schedules('acme')).filter((s) => ids.includes(s.id));
    expect(states.every((s) => s.state !== 'scheduled')).toBe(true);
    expect(states.filter((s) => s.state === 'published')).toHaveLength(1);
  });

  it('a cancelled schedule is never published; a finished one cannot be cancelled', async () => {
    const first = await published();
    const schedule = await scheduled(first.id, sale);
    expect(await second.cancelSchedule({ slug: 'acme', id: schedule.id, by: 'sam' })).toMatchObject({
      ok: true,
      schedule: { state: 'cancelled', finishedBy: 'sam' },
    });
    clock = Date.parse('2026-12-06T00:00:00Z');
    expect(await store.publishDue({ validate })).toEqual([]);
    expect((await live()).offers).toEqual([]);
    expect(await store.cancelSchedule({ slug: 'acme', id: schedule.id, by: 'sam' })).toMatchObject({
      ok: false,
      schedule: { state: 'cancelled' },
    });
    expect(await store.cancelSchedule({ slug: 'other', id: schedule.id, by: 'sam' })).toEqual({
      ok: false,
      schedule: undefined,
    });
  });

  it('invalid at its time (the checks changed since): not published, with the reason kept', async () => {
    const first = await published();
    const schedule = await scheduled(
      first.id,
      doc({ offers: [{ title: 'Sale' }], broken: true }).replace('"broken":true', '"broken":false'),
    );
    // The stricter check of a newer release: "broken" is no longer allowed at all.
    const stricter: Validate = (slug, document) =>
      'broken' in (document as object)
        ? { ok: false, issues: [{ pointer: '/broken', message: 'is no longer allowed' }] }
        : validate(slug, document);
    clock = Date.parse('2026-12-06T00:00:00Z');
    const [outcome] = await store.publishDue({ validate: stricter });
    expect(outcome).toMatchObject({
      state: 'not-published',
      schedule: {
        id: schedule.id,
        state: 'not-published',
        refusal: { kind: 'invalid', issues: [{ pointer: '/broken', message: 'is no longer allowed' }] },
      },
    });
    expect((await store.published('acme'))?.id).toBe(first.id);
    expect((await store.openSchedules()).map((s) => s.id)).toEqual([schedule.id]);
  });

  it('a publish in between: the schedule adds its own changes to it; the same field changed: not published', async () => {
    const first = await published();
    const merges = await scheduled(first.id, sale, '2026-12-05T19:00:00Z', 'Sale');
    const clashes = await scheduled(first.id, doc({ phone: '1300 000 000' }), '2026-12-05T20:00:00Z', 'New phone');
    const fix = await store.publish({
      slug: 'acme',
      document: doc({ phone: '02 9111 1111' }),
      author: 'sam',
      message: 'Fix phone',
      baseVersionId: first.id,
      validate,
    });
    if (!fix.ok) throw new Error('fix failed');
    clock = Date.parse('2026-12-06T00:00:00Z');
    const outcomes = await store.publishDue({ validate });
    expect(outcomes.map((o) => [o.schedule.id, o.state])).toEqual([
      [merges.id, 'published'],
      [clashes.id, 'not-published'],
    ]);
    expect(await live()).toMatchObject({ phone: '02 9111 1111', offers: [{ title: 'Weekend sale' }] });
    expect(outcomes[1]?.schedule.refusal).toEqual({
      kind: 'conflict',
      versionId: (await store.published('acme'))?.id,
      author: 'lina',
      pointers: ['/phone'],
    });
  });

  it("keeps a waiting schedule's versions however long the history grows", async () => {
    const first = await published();
    const schedule = await scheduled(first.id, sale);
    let base = first.id;
    for (let i = 0; i < 4; i++) {
      const next = await store.publish({
        slug: 'acme',
        document: doc({ name: `N${i}` }),
        author: 'sam',
        message: `${i}`,
        baseVersionId: base,
        validate,
      });
      if (!next.ok) throw new Error('publish failed');
      base = next.version.id;
    }
    await trimSiteHistory(db, 'acme', 1);
    expect(await store.version(schedule.versionId)).toBeDefined();
    expect(await store.version(first.id)).toBeDefined();
    expect((await store.versionList('acme')).map((v) => v.id).sort((x, y) => x - y)).toEqual(
      [first.id, schedule.versionId, base].sort((x, y) => x - y),
    );
  });
});
