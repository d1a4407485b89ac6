import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readJsonFile } from './read-json';
import { loadTenantFile } from './tenant-registry';
import { formatIssue, formatIssueAt, placeIssues, type ValidationIssue } from '../schemas/validation-messages';

const dir = mkdtempSync(join(tmpdir(), 'read-json-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function write(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

const TEXT = ['{', '  "name": "X",', '  "a/b": { "c~d": [1, "two"] },', '\t"tabbed": true', '}'].join('\n');

describe('readJsonFile', () => {
  it('reads the value and locates every pointer at its value, 1-based', () => {
    const read = readJsonFile(write('places.json', TEXT), 'places.json');
    if (!read.ok) throw new Error('expected the file to read');
    expect(read.value).toEqual({ name: 'X', 'a/b': { 'c~d': [1, 'two'] }, tabbed: true });
    expect(read.locate('')).toEqual({ line: 1, column: 1 });
    expect(read.locate('/name')).toEqual({ line: 2, column: 11 });
    // RFC 6901 escapes: "/" is ~1 and "~" is ~0.
    expect(read.locate('/a~1b')).toEqual({ line: 3, column: 10 });
    expect(read.locate('/a~1b/c~0d/1')).toEqual({ line: 3, column: 23 });
  });

  it('counts a tab as one column, as editors do', () => {
    const read = readJsonFile(write('tab.json', TEXT));
    expect(read.ok && read.locate('/tabbed')).toEqual({ line: 4, column: 12 });
  });

  it('has no place for a pointer the file does not have', () => {
    const read = readJsonFile(write('none.json', TEXT));
    if (!read.ok) throw new Error('expected the file to read');
    expect(read.locate('/missing')).toBeUndefined();
    expect(read.locate('/a~1b/c~0d/7')).toBeUndefined();
    expect(read.locate('/constructor')).toBeUndefined();
    expect(read.locate('name')).toBeUndefined();
  });

  it('gives broken JSON its line and column as fields too, with the message unchanged', () => {
    const read = readJsonFile(write('broken.json', '{\n  "a": 1,,\n}'), 'broken.json');
    if (read.ok) throw new Error('expected broken JSON');
    expect(read.issue.message).toMatch(/^is not valid JSON at line 2, column \d+: /);
    expect(read.issue.line).toBe(2);
    expect(read.issue.message).toContain(`column ${read.issue.column}:`);
    expect(formatIssueAt(read.issue)).toMatch(/^broken\.json:2:\d+: \/: is not valid JSON at line 2/);
  });

  it('names a missing file without a place', () => {
    const read = readJsonFile(join(dir, 'nope.json'), 'nope.json');
    expect(!read.ok && read.issue).toEqual({
      file: 'nope.json',
      pointer: '',
      message: 'cannot read the file (ENOENT)',
    });
  });
});

describe('formatIssueAt and placeIssues', () => {
  const issue: ValidationIssue = { file: 'tenants/x.json', pointer: '/feautres', message: 'unknown key "feautres"' };

  it('writes file:line:column: pointer: message, or formatIssue’s form without a place', () => {
    expect(formatIssueAt({ ...issue, line: 4, column: 15 })).toBe(
      'tenants/x.json:4:15: /feautres: unknown key "feautres"',
    );
    expect(formatIssueAt({ ...issue, pointer: '', line: 1, column: 1 })).toBe(
      'tenants/x.json:1:1: /: unknown key "feautres"',
    );
    expect(formatIssueAt(issue)).toBe(formatIssue(issue));
    expect(formatIssue({ ...issue, line: 4, column: 15 })).toBe('tenants/x.json: /feautres: unknown key "feautres"');
  });

  it('places only the issues about that file whose pointer it has, and keeps a place already given', () => {
    const locate = (pointer: string) => (pointer === '/feautres' ? { line: 4, column: 15 } : undefined);
    const placed = placeIssues(
      [
        issue,
        { ...issue, pointer: '/other' },
        { ...issue, file: 'tenants/x.json (merged with its template and group)' },
        { ...issue, line: 9, column: 9 },
      ],
      'tenants/x.json',
      locate,
    );
    expect(placed.map((i) => [i.line, i.column])).toEqual([
      [4, 15],
      [undefined, undefined],
      [undefined, undefined],
      [9, 9],
    ]);
  });
});

describe('a tenant file’s problems carry their line and column', () => {
  it('places schema problems and the registry’s own checks in the tenant file', () => {
    const doc = {
      schemaVersion: 2,
      slug: 'other-name',
      name: 'Placed Motors',
      template: 'franchise',
      contact: { phone: '(02) 9000 0000' },
      feautres: {},
    };
    const path = write('placed-motors.json', JSON.stringify(doc, null, 2));
    const entry = loadTenantFile(path);
    if (entry.ok) throw new Error('expected the tenant to be invalid');
    const lines = entry.issues.map(formatIssueAt);
    expect(lines).toContainEqual(
      expect.stringMatching(/placed-motors\.json:9:15: \/feautres: unknown key "feautres"; did you mean "features"\?$/),
    );
    expect(lines).toContainEqual(
      expect.stringMatching(
        /placed-motors\.json:3:11: \/slug: expected the file name "placed-motors", found "other-name"/,
      ),
    );
  });
});
