/**
 * The image route's disk cache (issue 18): resized photos under one directory, one file each,
 * named by a hash of what made them. Every process of the platform may share the directory: a
 * file is written beside its final name and renamed into place, so nobody reads half a file, and
 * a file that vanishes between two steps is a miss. Past the size budget the least recently used
 * files go (a hit sets the file's access time itself, so `noatime` mounts do not matter) until
 * the cache is at 90% of the budget. A file's modification time is when it was made: older than
 * the freshness period, it is fetched again (and still served if that fails). Small JSON notes
 * beside the photos (which redirects a photo came through) live and go the same way.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, stat, unlink, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export interface CachedPhoto {
  bytes: Buffer;
  /** Made within the freshness period. */
  fresh: boolean;
}

export interface PhotoCacheOptions {
  dir: string;
  maxBytes: number;
  freshMs: number;
}

/** Temporary files older than this were left by a process that stopped mid-write. */
const ABANDONED_TEMP_MS = 60 * 60 * 1000;
const NAME = /^[0-9a-f]{64}\.(avif|webp|jpg|png|json)$/;

/** A made photo, or a small note about one (json: the redirects a remote photo came through). */
export type CachedExtension = 'avif' | 'webp' | 'jpg' | 'png' | 'json';

export class PhotoCache {
  /** What this process believes the directory holds; a scan sets it right. */
  private knownBytes: number | undefined;
  private evicting: Promise<void> | undefined;

  constructor(readonly options: PhotoCacheOptions) {}

  /** The file name for a photo made from these parts with this extension. */
  static fileName(parts: readonly (string | number)[], extension: CachedExtension): string {
    return `${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}.${extension}`;
  }

  async get(name: string, now = Date.now()): Promise<CachedPhoto | undefined> {
    const path = join(this.options.dir, name);
    try {
      const [bytes, info] = await Promise.all([readFile(path), stat(path)]);
      // Recently used: the eviction order. The modification time (when it was made) stays.
      utimes(path, new Date(now), info.mtime).catch(() => undefined);
      return { bytes, fresh: now - info.mtimeMs < this.options.freshMs };
    } catch {
      return undefined;
    }
  }

  async put(name: string, bytes: Buffer): Promise<void> {
    const { dir } = this.options;
    await mkdir(dir, { recursive: true });
    const temp = join(dir, `${name}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(temp, bytes);
    await rename(temp, join(dir, name));
    if (this.knownBytes === undefined) await this.evict();
    else {
      this.knownBytes += bytes.length;
      if (this.knownBytes > this.options.maxBytes) await this.evict();
    }
  }

  /** Drops the least recently used files until the cache is within 90% of its budget. */
  evict(now = Date.now()): Promise<void> {
    this.evicting ??= this.scanAndEvict(now).finally(() => {
      this.evicting = undefined;
    });
    return this.evicting;
  }

  private async scanAndEvict(now: number): Promise<void> {
    const { dir, maxBytes } = this.options;
    let names: string[];
    try {
      names = await readdir(dir);
    } catch {
      this.knownBytes = 0;
      return;
    }
    const files: Array<{ path: string; size: number; used: number }> = [];
    for (const name of names) {
      const path = join(dir, name);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) continue;
      if (name.endsWith('.tmp')) {
        if (now - info.mtimeMs > ABANDONED_TEMP_MS) await unlink(path).catch(() => undefined);
        continue;
      }
      if (NAME.test(name)) files.push({ path, size: info.size, used: Math.max(info.atimeMs, info.mtimeMs) });
    }
    let total = files.reduce((sum, f) => sum + f.size, 0);
    if (total > maxBytes) {
      const target = maxBytes * 0.9;
      for (const file of files.sort((a, b) => a.used - b.used)) {
        if (total <= target) break;
        await unlink(file.path).catch(() => undefined);
        total -= file.size;
      }
    }
    this.knownBytes = total;
  }
}
