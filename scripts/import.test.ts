import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../services/db/test-database';

const dir = mkdtempSync(join(tmpdir(), 'import-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// One new database of the project's kind for the file: the tests build on each other's imports.
const env = { ...process.env, DATABASE_URL: await freshDatabaseUrl() };

function runImport(feed: unknown, ...args: string[]) {
  const file = join(dir, `feed-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, typeof feed === 'string' ? feed : JSON.stringify(feed));
  // Node with tsx's loader directly: npx would add a second start-up to every call.
  return spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', file, ...args], {
    env,
    encoding: 'utf8',
  });
}

const dealership = { id: 1, slug: 'cli-motors', name: 'CLI Motors' };
const car = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  slug: `cli-${id}`,
  make: 'Mazda',
  model: '3',
  year: 2022,
  car_type: 'used',
  status: 'in_stock',
  price: 20000,
  dealership_id: 1,
  ...extra,
});

describe('npm run import', () => {
  it('imports a valid feed, normalising names, and says what it did', () => {
    const result = runImport({ dealerships: [dealership], cars: [car(1), car(2)] });
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      /imported 1 dealership\(s\), 0 location\(s\), 2 car\(s\), normalised 2 make\/model name\(s\)/,
    );
  });

  it('reports every bad record with its pointer, imports nothing and exits 1', () => {
    const result = runImport({ cars: [car(3), car(4, { year: 'new' }), car(5, { status: 'gone' })] });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('nothing was imported; 2 problem(s)');
    expect(result.stderr).toContain('/cars/1/year: expected integer, found text "new"');
    expect(result.stderr).toMatch(/\/cars\/2\/status: expected one of .*found text "gone"/);
    const replace = runImport({ cars: [car(1)] }, '--replace');
    expect(replace.stdout).toContain('withdrew 1 car(s) no longer in the feed'); // car 3 was never imported
  });

  it('gives each problem as file:line:column: pointer: message, placed in the feed as written', () => {
    const text = JSON.stringify({ cars: [car(6), car(7, { year: 'new' })] }, null, 2);
    const lines = text.split('\n');
    const line = lines.findIndex((l) => l.includes('"year": "new"'));
    const column = (lines[line] ?? '').indexOf('"new"') + 1;
    const result = runImport(text);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(`\\.json:${line + 1}:${column}: /cars/1/year: expected integer, found text "new"`),
    );
  });

  it('explains broken JSON and a missing file', () => {
    expect(runImport('{"cars": [').stderr).toMatch(/is not valid JSON at line 1, column \d+/);
    const missing = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/import.ts', join(dir, 'nope.json')], {
      env,
      encoding: 'utf8',
    });
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('cannot read the file (ENOENT)');
  });
});
