import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../../services/db/database';
import { openTestDatabase } from '../../services/db/test-database';
import { createStudioMedia } from '../../services/studio-media';
import { startMediaCollection, type MediaCollector } from './media-collection';

const opened: PlatformDb[] = [];
const started: MediaCollector[] = [];
afterEach(async () => {
  for (const collector of started.splice(0)) collector.stop();
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

function quietLog() {
  const lines: string[] = [];
  return {
    lines,
    log: { info: (line: string) => lines.push(line), error: (line: string) => lines.push(`ERROR ${line}`) },
  };
}

describe('the background collection of Studio storage (issue 30, M4)', () => {
  it('trims histories and removes unused pictures in a round, and says what it removed', async () => {
    const db = await openTestDatabase({ file: true });
    opened.push(db);
    const old = new Date('2026-11-01T00:00:00Z');
    const bytes = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#010203' } })
      .png()
      .toBuffer();
    await createStudioMedia(db, { now: () => old }).save({ slug: 'acme', bytes, author: 'ed' });
    // Deleted from the site's picture library (issue 33), so nothing keeps it.
    await db.deleteFrom('studio_library').execute();
    const { lines, log } = quietLog();
    const collector = startMediaCollection({
      env: {},
      database: async () => db,
      log,
      now: () => new Date('2026-11-22T00:00:00Z'),
      firstMs: 60_000,
    });
    if (!collector) throw new Error('not started');
    started.push(collector);
    // Once per process.
    expect(startMediaCollection({ env: {}, database: async () => db, log })).toBe(collector);
    await collector.tick();
    expect(await db.selectFrom('studio_media').selectAll().execute()).toEqual([]);
    expect(lines).toEqual([
      expect.stringMatching(
        /^Studio storage: 0 versions past the history limit removed; 1 unused images removed \(0\.1 MB\)$/,
      ),
    ]);
  });

  it('is off with STUDIO_MEDIA_COLLECTION=off, and a failing round is logged, never thrown', async () => {
    expect(startMediaCollection({ env: { STUDIO_MEDIA_COLLECTION: 'off' } })).toBeUndefined();
    const { lines, log } = quietLog();
    const collector = startMediaCollection({
      env: {},
      database: () => Promise.reject(new Error('database is down')),
      log,
      firstMs: 60_000,
    });
    if (!collector) throw new Error('not started');
    started.push(collector);
    await collector.tick();
    expect(lines).toEqual(['ERROR Studio storage collection failed; the next round tries again']);
  });
});
