import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../../services/db/database';
import { openTestDatabase } from '../../services/db/test-database';
import { createTenantStore, type TenantStore, type Validate } from '../../services/tenant-store';
import { startScheduledPublishing, type SchedulePublisher } from './scheduled-publishing';

const opened: PlatformDb[] = [];
const started: SchedulePublisher[] = [];
afterEach(async () => {
  for (const publisher of started.splice(0)) publisher.stop();
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

const validate: Validate = (_slug, document) =>
  typeof (document as { name?: unknown }).name === 'string'
    ? { ok: true }
    : { ok: false, issues: [{ pointer: '/name', message: 'needs a name' }] };

async function storeWithDueSchedule(): Promise<{ store: TenantStore; clock: { now: number } }> {
  const db = await openTestDatabase({ file: true });
  opened.push(db);
  const clock = { now: Date.parse('2026-12-04T00:00:00Z') };
  const store = createTenantStore(db, { now: () => new Date(clock.now) });
  const first = await store.publish({
    slug: 'acme',
    document: JSON.stringify({ name: 'Acme' }),
    author: 'alice',
    message: 'First',
    baseVersionId: null,
    validate,
  });
  if (!first.ok) throw new Error('publish failed');
  await store.schedule({
    slug: 'acme',
    document: JSON.stringify({ name: 'Acme Sale' }),
    author: 'lina',
    message: 'Sale',
    baseVersionId: first.version.id,
    validate,
    publishAt: new Date('2026-12-05T00:00:00Z'),
  });
  return { store, clock };
}

describe('the scheduled publisher of every server process (issue 33)', () => {
  it('publishes what is due in a round, says so in the log, and serves it in this process at once', async () => {
    const { store, clock } = await storeWithDueSchedule();
    const lines: string[] = [];
    let refreshed = 0;
    const publisher = startScheduledPublishing({
      env: {},
      store: () => store,
      validate,
      everyMs: 3_600_000,
      log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) },
      onPublished: async () => void refreshed++,
    });
    if (!publisher) throw new Error('not started');
    started.push(publisher);
    // Once per process.
    expect(startScheduledPublishing({ env: {}, store: () => store, validate })).toBe(publisher);
    expect(await publisher.tick()).toEqual([]);
    expect(refreshed).toBe(0);
    clock.now = Date.parse('2026-12-05T00:00:01Z');
    const outcomes = await publisher.tick();
    expect(outcomes.map((o) => o.state)).toEqual(['published']);
    expect(refreshed).toBe(1);
    expect(lines.at(-1)).toMatch(/^Scheduled publish \d+ of acme went live as version \d+$/);
    expect(JSON.parse((await store.published('acme'))?.document ?? '')).toEqual({ name: 'Acme Sale' });
  });

  it('a round that fails is logged and the next one runs; SCHEDULED_PUBLISHING=off starts nothing', async () => {
    const lines: string[] = [];
    const failing = {
      publishDue: async () => {
        throw new Error('database gone');
      },
    } as unknown as TenantStore;
    const publisher = startScheduledPublishing({
      env: {},
      store: () => failing,
      validate,
      everyMs: 3_600_000,
      log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) },
    });
    if (!publisher) throw new Error('not started');
    started.push(publisher);
    expect(await publisher.tick()).toEqual([]);
    expect(lines).toContain('ERROR Scheduled publishing failed; the next round tries again');
    expect(startScheduledPublishing({ env: { SCHEDULED_PUBLISHING: 'off' } })).toBeUndefined();
  });
});
