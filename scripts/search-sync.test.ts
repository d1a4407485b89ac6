import { spawn } from 'node:child_process';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../services/db/database';
import { openTestDatabaseAt } from '../services/db/test-database';
import { holdCar } from '../services/reservations/reservations';
import { FakeMeilisearch } from '../services/search/testing/fake-meilisearch';
import { importFeed } from '../services/stock/import-feed';
import { feedCar } from '../services/stock/test-feed';

/** Runs `npm run search:sync` asynchronously (the fake Meilisearch answers from this process). */
function searchSync(env: Record<string, string | undefined>, ...args: string[]) {
  return new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/search-sync.ts', ...args], {
      env: { ...process.env, ...env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });
}

const car = feedCar;

let fake: FakeMeilisearch;
let db: PlatformDb;
let url: string;
beforeEach(async () => {
  fake = new FakeMeilisearch();
  ({ db, url } = await openTestDatabaseAt());
  await importFeed(db, { dealerships: [{ id: 1, slug: 'one', name: 'One' }], cars: [car(1), car(2)] }, { file: 'f' });
});
afterEach(async () => {
  await fake.stop();
  await db.destroy();
});

describe('npm run search:sync', () => {
  it('says what it needs when MEILISEARCH_HOST is not set', async () => {
    const result = await searchSync({ DATABASE_URL: url, MEILISEARCH_HOST: '' });
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('MEILISEARCH_HOST is not set');
  });

  it('pushes every listed car the first time, then only what changed', async () => {
    const env = { DATABASE_URL: url, MEILISEARCH_HOST: await fake.start() };
    const first = await searchSync(env);
    expect(first.status, first.stderr).toBe(0);
    expect(first.stdout).toContain('pushed the settings and all 2 listed car(s); the index is at change 0, import 1');
    expect([...fake.documents().keys()]).toEqual([1, 2]);

    expect((await searchSync(env)).stdout).toContain('already up to date (change 0, import 1)');
    await holdCar(db, { tenant: 't', carId: 2, leadId: null, deposit: 0, now: new Date() });
    const writes = fake.writes().length;
    expect((await searchSync(env)).stdout).toContain('pushed 1 changed car(s); the index is at change 1, import 1');
    expect(fake.writes().slice(writes)).toEqual(['POST /indexes/cars/documents?primaryKey=id']);
    expect(fake.documents().get(2)?.reserved).toBe(true);
  });

  it('with --watch follows stock changes until stopped', async () => {
    const env = { ...process.env, DATABASE_URL: url, MEILISEARCH_HOST: await fake.start() };
    // node itself, not npx: the stop signal must reach the command.
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/search-sync.ts', '--watch'], { env });
    let stdout = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
    const until = async (done: () => boolean) => {
      for (let waited = 0; !done(); waited += 50) {
        if (waited > 20_000) throw new Error(`gave up waiting; the command said: ${stdout}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    };
    await until(() => stdout.includes('following stock changes'));
    await holdCar(db, { tenant: 't', carId: 1, leadId: null, deposit: 0, now: new Date() });
    await until(() => fake.documents().get(1)?.reserved === true);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(stdout).toMatch(/pushed 1 changed car\(s\); the index is at change 1, import 1/);
  });
});
