import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PhotoCache } from './photo-cache';

let dir = '';
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'photo-cache-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const name = (id: string) => PhotoCache.fileName([id], 'webp');
const DAY = 24 * 60 * 60 * 1000;

describe('the image route’s disk cache (issue 18)', () => {
  it('names a file by a hash of what made it', () => {
    expect(name('a')).toMatch(/^[0-9a-f]{64}\.webp$/);
    expect(name('a')).not.toBe(name('b'));
    expect(PhotoCache.fileName(['a'], 'avif')).toBe(name('a').replace('.webp', '.avif'));
  });

  it('gives back what was put, fresh within the freshness period', async () => {
    const cache = new PhotoCache({ dir, maxBytes: 10_000, freshMs: DAY });
    expect(await cache.get(name('a'))).toBeUndefined();
    await cache.put(name('a'), Buffer.from('picture'));
    const now = Date.now();
    expect(await cache.get(name('a'), now)).toEqual({ bytes: Buffer.from('picture'), fresh: true });
    expect((await cache.get(name('a'), now + DAY + 1000))?.fresh).toBe(false);
    // Written beside its name and renamed: no temporary file is left.
    expect(readdirSync(dir)).toEqual([name('a')]);
  });

  it('drops the least recently used files past its budget, down to 90% of it', async () => {
    const cache = new PhotoCache({ dir, maxBytes: 3_000, freshMs: DAY });
    const kilobyte = Buffer.alloc(1_000, 1);
    const now = Date.now();
    for (const [id, age] of [
      ['a', 300],
      ['b', 200],
      ['c', 100],
    ] as const) {
      await cache.put(name(id), kilobyte);
      const at = new Date(now - age * 1000);
      utimesSync(join(dir, name(id)), at, at);
    }
    // a is the oldest file but was just used.
    await cache.get(name('a'), now);
    await cache.put(name('d'), kilobyte);
    const left = readdirSync(dir);
    expect(left.sort()).toEqual([name('a'), name('d')].sort());
  });

  it('clears temporary files abandoned by a process that stopped mid-write', async () => {
    const cache = new PhotoCache({ dir, maxBytes: 3_000, freshMs: DAY });
    const abandoned = join(dir, `${name('x')}.123.abcd.tmp`);
    const recent = join(dir, `${name('y')}.456.ef01.tmp`);
    writeFileSync(abandoned, 'half');
    writeFileSync(recent, 'half');
    const old = new Date(Date.now() - 2 * 60 * 60 * 1000);
    utimesSync(abandoned, old, old);
    await cache.evict();
    expect(existsSync(abandoned)).toBe(false);
    expect(existsSync(recent)).toBe(true);
  });
});
