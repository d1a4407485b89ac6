import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freshDatabaseUrl } from '../services/db/test-database';

const dir = mkdtempSync(join(tmpdir(), 'tenants-cli-'));
/** Each test starts the CLI up to four times. */
const CLI_TIMEOUT_MS = 120_000;
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The databases the tests use, each a new one of the project's kind (one per test). */
const DATABASES = ['round-trip', 'bad', 'extra', 'usage'] as const;
type DatabaseName = (typeof DATABASES)[number];
const databaseUrls = Object.fromEntries(
  await Promise.all(DATABASES.map(async (name) => [name, await freshDatabaseUrl()] as const)),
) as Record<DatabaseName, string>;

function tenants(database: DatabaseName, args: string[], extra: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrls[database], ...extra };
  if (!extra.TENANTS_DIR) delete env.TENANTS_DIR;
  // tsx directly, not through npx: four CLI runs per test on a busy machine are slow enough.
  return spawnSync(join('node_modules', '.bin', 'tsx'), ['scripts/tenants.ts', ...args], { env, encoding: 'utf8' });
}

const repoTenants = readdirSync('tenants').filter((f) => f.endsWith('.json'));
const minimal = (slug: string) => ({
  schemaVersion: 2,
  slug,
  name: 'CLI Motors',
  template: 'franchise',
  contact: { phone: '(02) 9000 0000' },
});

describe('npm run tenants', () => {
  it(
    'imports every tenant file, exports them byte for byte, and a second import changes nothing',
    () => {
      const imported = tenants('round-trip', ['import', '--author', 'tester']);
      expect(imported.status, imported.stderr).toBe(0);
      for (const file of repoTenants)
        expect(imported.stdout).toMatch(new RegExp(`imported   ${file.replace('.json', '')} as version \\d+`));

      const out = join(dir, 'exported');
      const exported = tenants('round-trip', ['export', '--out', out]);
      expect(exported.status).toBe(0);
      expect(readdirSync(out).sort()).toEqual([...repoTenants].sort());
      for (const file of repoTenants) {
        expect(readFileSync(join(out, file), 'utf8')).toBe(readFileSync(join('tenants', file), 'utf8'));
        expect(exported.stdout).toContain(join(out, file));
      }

      const again = tenants('round-trip', ['import']);
      expect(again.status).toBe(0);
      expect(again.stdout).toContain(`0 sites imported as new published versions, ${repoTenants.length} unchanged.`);

      const history = tenants('round-trip', ['history', 'harbour-city-mazda']);
      expect(history.status).toBe(0);
      expect(history.stdout).toMatch(
        /1 version of harbour-city-mazda, newest first:\n {2}#\d+ {2}published {2}\S+ {2}tester: Imported from tenants\/harbour-city-mazda\.json {2}<- published/,
      );
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'imports nothing when one file is invalid, with the messages npm run validate gives, and exits 1',
    () => {
      const bad = join(dir, 'cli-motors.json');
      writeFileSync(bad, JSON.stringify({ ...minimal('cli-motors'), feautres: {} }, null, 2));
      const result = tenants('bad', ['import', 'tenants/harbour-city-mazda.json', bad]);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain(`INVALID  ${bad}`);
      expect(result.stderr).toContain(`  - ${bad}:9:15: /feautres: unknown key "feautres"; did you mean "features"?`);
      expect(result.stderr).toContain('Nothing was imported: 1 file of 2 has problems');
      const history = tenants('bad', ['history', 'harbour-city-mazda']);
      expect(history.status).toBe(1);
      expect(history.stderr).toContain('"harbour-city-mazda" has no versions in the database');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'exports a TENANTS_DIR site back to the file it came from',
    () => {
      const extra = join(dir, 'extra');
      mkdirSync(extra);
      const file = join(extra, 'cli-extra.json');
      const text = `${JSON.stringify(minimal('cli-extra'), null, 2)}\n`;
      writeFileSync(file, text);
      const env = { TENANTS_DIR: extra };
      expect(tenants('extra', ['import', file], env).status).toBe(0);
      writeFileSync(file, JSON.stringify(minimal('cli-extra'))); // reformatted by hand since
      const exported = tenants('extra', ['export', 'cli-extra'], env);
      expect(exported.status).toBe(0);
      expect(exported.stdout).toContain(`wrote      ${file} (version 1`);
      expect(readFileSync(file, 'utf8')).toBe(text);

      const missing = tenants('extra', ['export', 'no-such-site'], env);
      expect(missing.status).toBe(1);
      expect(missing.stderr).toContain('No published version of "no-such-site" in the database');
    },
    CLI_TIMEOUT_MS,
  );

  it(
    'prints the usage for an unknown command or option and exits 2',
    () => {
      const runs = [[], ['publish'], ['export', '--force']].map((args) => tenants('usage', args));
      for (const result of runs) {
        expect(result.status).toBe(2);
        expect(result.stderr).toContain('usage:\n  npm run tenants -- import [files...]');
      }
      expect(runs[1]?.stderr).toContain('Unknown command "publish".');
      expect(runs[2]?.stderr).toContain('Unknown option: --force.');
    },
    CLI_TIMEOUT_MS,
  );
});
