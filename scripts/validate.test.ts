import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'validate-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function validate(name: string, doc: unknown) {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, typeof doc === 'string' ? doc : JSON.stringify(doc, null, 2));
  return { file, run: spawnSync('npx', ['tsx', 'scripts/validate.ts', file], { encoding: 'utf8' }) };
}

describe('npm run validate', () => {
  it('prints each problem as file:line:column: pointer: message and exits 1', () => {
    const { file, run } = validate('cli-motors', {
      schemaVersion: 2,
      slug: 'cli-motors',
      name: 'CLI Motors',
      template: 'franchise',
      contact: { phone: '(02) 9000 0000' },
      feautres: {},
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain(`INVALID  ${file}`);
    // Line 9 of the pretty-printed file: `  "feautres": {}`; the value starts in column 15.
    expect(run.stdout).toContain(`  - ${file}:9:15: /feautres: unknown key "feautres"; did you mean "features"?`);
  });

  it('places broken JSON where the parser stopped', () => {
    const { file, run } = validate('cli-broken', '{\n  "slug": "cli-broken",,\n}');
    expect(run.status).toBe(1);
    expect(run.stdout).toMatch(
      new RegExp(`  - ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:2:\\d+: /: is not valid JSON at line 2`),
    );
  });
});
