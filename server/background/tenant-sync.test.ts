import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTenantSync, type PublishedSource } from './tenant-sync';
import { publishedSnapshot, setPublishedTenants } from '../../engine/published-tenants';
import type { PublishedTenant } from '../../services/tenant-store';

/** The two reads the sync makes, over a list a test publishes into; `fail` makes the next reads throw. */
function memoryStore() {
  let seq = 0;
  const sites = new Map<string, PublishedTenant>();
  const state = {
    fail: undefined as Error | undefined,
    publish(slug: string, document = `{"slug":"${slug}"}`) {
      seq += 1;
      sites.set(slug, { slug, versionId: seq, document, publishedAt: new Date(0).toISOString(), publishedBy: 'test' });
    },
    store: {
      changeStamp: vi.fn(async () => {
        if (state.fail) throw state.fail;
        return `${sites.size}:${seq}`;
      }),
      listPublished: vi.fn(async () => {
        if (state.fail) throw state.fail;
        return [...sites.values()];
      }),
    } satisfies PublishedSource,
  };
  return state;
}

const quiet = () => ({ error: vi.fn(), info: vi.fn() });
const versions = () => Object.fromEntries([...publishedSnapshot().tenants].map(([slug, v]) => [slug, v.versionId]));

afterEach(() => {
  vi.useRealTimers();
  setPublishedTenants([], '');
});

describe('following the published tenant versions (issue 16)', () => {
  it('reads every published version at start, and again only when the change stamp moves', async () => {
    const db = memoryStore();
    db.publish('harbour');
    const log = quiet();
    const sync = createTenantSync(() => db.store, { log });

    await sync.tick();
    expect(versions()).toEqual({ harbour: 1 });
    expect(publishedSnapshot().stamp).toBe('1:1');

    await sync.tick();
    expect(db.store.listPublished).toHaveBeenCalledTimes(1);

    db.publish('harbour');
    db.publish('southern');
    await sync.tick();
    expect(versions()).toEqual({ harbour: 2, southern: 3 });
    expect(db.store.listPublished).toHaveBeenCalledTimes(2);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('keeps serving the versions it has when the database fails, says so once, and catches up when it answers', async () => {
    const db = memoryStore();
    db.publish('harbour');
    const log = quiet();
    const sync = createTenantSync(() => db.store, { log });
    await sync.tick();

    db.publish('harbour');
    db.fail = new Error('database is locked');
    await sync.tick();
    await sync.tick();
    expect(versions()).toEqual({ harbour: 1 });
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(String(log.error.mock.calls[0]?.[0])).toContain('serving the versions read before');

    db.fail = undefined;
    await sync.tick();
    expect(versions()).toEqual({ harbour: 2 });
    expect(log.info).toHaveBeenCalledWith('Published tenant versions are read from the database again');
  });

  it('reads the list again on the next tick when only the list failed', async () => {
    const db = memoryStore();
    db.publish('harbour');
    db.store.listPublished.mockRejectedValueOnce(new Error('connection reset'));
    const log = quiet();
    const sync = createTenantSync(() => db.store, { log });

    await sync.tick();
    expect(versions()).toEqual({});
    expect(String(log.error.mock.calls[0]?.[0])).toContain('serving the tenant files');
    await sync.tick();
    expect(versions()).toEqual({ harbour: 1 });
  });

  it('never runs two checks at once on a slow database', async () => {
    const db = memoryStore();
    db.publish('harbour');
    const sync = createTenantSync(() => db.store, { log: quiet() });
    await Promise.all([sync.tick(), sync.tick(), sync.tick()]);
    expect(db.store.changeStamp).toHaveBeenCalledTimes(1);
  });

  it('polls every interval once started, so a publish is served within about a second', async () => {
    vi.useFakeTimers();
    const db = memoryStore();
    const sync = createTenantSync(() => db.store, { log: quiet(), intervalMs: 1_000 });
    await sync.start();
    expect(versions()).toEqual({});

    db.publish('harbour');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(versions()).toEqual({ harbour: 1 });

    sync.stop();
    db.publish('harbour');
    await vi.advanceTimersByTimeAsync(5_000);
    expect(versions()).toEqual({ harbour: 1 });
  });

  it('backs off while the database fails, and catches up within half a minute once it answers', async () => {
    vi.useFakeTimers();
    const db = memoryStore();
    db.fail = new Error('connect ECONNREFUSED');
    const log = quiet();
    const sync = createTenantSync(() => db.store, { log, intervalMs: 1_000 });
    await sync.start();
    await vi.advanceTimersByTimeAsync(60_000);
    // 0, 1, 3, 7, 15, 31 s, then every 30 s: not 60 tries.
    expect(db.store.changeStamp.mock.calls.length).toBeLessThanOrEqual(8);
    expect(log.error).toHaveBeenCalledTimes(1);

    db.fail = undefined;
    db.publish('harbour');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(versions()).toEqual({ harbour: 1 });
    // Back to every second once it answers.
    db.publish('harbour');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(versions()).toEqual({ harbour: 2 });
    sync.stop();
  });
});
