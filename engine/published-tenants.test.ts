import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { loadTenantRegistry, type RegistryOptions } from './tenant-registry';
import { publishedSnapshot, setPublishedTenants } from './published-tenants';
import { formatIssue } from '../schemas/validation-messages';

const dir = mkdtempSync(join(tmpdir(), 'published-tenants-'));
const options: RegistryOptions = { extraDirs: [dir] };
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => setPublishedTenants([], ''));

const base = { schemaVersion: 2, template: 'franchise', contact: { phone: '(02) 9000 0000' } };
const document = (slug: string, fields: Record<string, unknown>) =>
  `${JSON.stringify({ ...base, slug, ...fields }, null, 2)}\n`;

writeFileSync(join(dir, 'overlay-motors.json'), document('overlay-motors', { name: 'File Motors' }));
writeFileSync(join(dir, 'file-only-motors.json'), document('file-only-motors', { name: 'File Only Motors' }));

function entry(slug: string) {
  const found = loadTenantRegistry(options).tenants.get(slug);
  if (!found) throw new Error(`expected a registry entry for ${slug}`);
  return found;
}

describe('published tenant versions over the files (issue 16)', () => {
  it('serves every site from its file while nothing is published', () => {
    const file = entry('overlay-motors');
    expect(file.ok && file.config.name).toBe('File Motors');
    expect(file.versionId).toBeUndefined();
    expect(file.file).toMatch(/overlay-motors\.json$/);
  });

  it('serves the published version instead of the file, with its domains', () => {
    setPublishedTenants(
      [
        {
          slug: 'overlay-motors',
          versionId: 12,
          document: document('overlay-motors', { name: 'Database Motors', domains: ['www.overlay.example'] }),
        },
      ],
      '1:1',
    );
    const registry = loadTenantRegistry(options);
    const published = registry.tenants.get('overlay-motors');
    expect(published).toMatchObject({ ok: true, versionId: 12, file: 'database: overlay-motors v12' });
    expect(published?.ok && published.config.name).toBe('Database Motors');
    expect(registry.domains.get('www.overlay.example')).toBe('overlay-motors');
    // A site with nothing published keeps its file.
    const fileOnly = registry.tenants.get('file-only-motors');
    expect(fileOnly?.ok && fileOnly.config.name).toBe('File Only Motors');
    expect(fileOnly?.versionId).toBeUndefined();
    expect(registry.issues).toEqual([]);
  });

  it('serves a site that exists only in the database', () => {
    setPublishedTenants(
      [{ slug: 'db-only-motors', versionId: 3, document: document('db-only-motors', { name: 'Db Only Motors' }) }],
      '1:1',
    );
    const found = entry('db-only-motors');
    expect(found).toMatchObject({ ok: true, slug: 'db-only-motors', versionId: 3 });
  });

  it('turns a published version that no longer validates into a broken site, named by its version, and no other', () => {
    setPublishedTenants(
      [
        {
          slug: 'overlay-motors',
          versionId: 7,
          document: document('overlay-motors', { name: 'Database Motors', feautres: { offers: true } }),
        },
        { slug: 'db-broken-json', versionId: 8, document: '{ "slug": "db-broken-json", ' },
        { slug: 'db-renamed', versionId: 9, document: document('someone-else', { name: 'Renamed' }) },
      ],
      '3:3',
    );
    const broken = entry('overlay-motors');
    expect(broken.ok).toBe(false);
    if (broken.ok) return;
    expect(broken.versionId).toBe(7);
    expect(broken.issues.map(formatIssue)).toContain(
      'database: overlay-motors v7: /feautres: unknown key "feautres"; did you mean "features"?',
    );
    // The stored text is what `npm run tenants -- export` writes: the place is its line and column.
    expect(broken.issues.find((i) => i.pointer === '/feautres')).toMatchObject({ line: 9, column: 15 });

    const json = entry('db-broken-json');
    expect(!json.ok && json.issues[0]?.message).toMatch(/^is not valid JSON at line 1/);
    const renamed = entry('db-renamed');
    expect(!renamed.ok && renamed.issues.map((i) => i.message)).toContain(
      `expected the site's slug "db-renamed", found "someone-else" (a published version cannot rename its site)`,
    );
    expect(entry('file-only-motors').ok).toBe(true);
  });

  it('keeps the registry until a new snapshot arrives, then rebuilds it', () => {
    const files = loadTenantRegistry(options);
    expect(loadTenantRegistry(options)).toBe(files);

    setPublishedTenants(
      [{ slug: 'overlay-motors', versionId: 1, document: document('overlay-motors', { name: 'First' }) }],
      '1:1',
    );
    const first = loadTenantRegistry(options);
    expect(first).not.toBe(files);
    expect(loadTenantRegistry(options)).toBe(first);
    expect(publishedSnapshot().stamp).toBe('1:1');

    setPublishedTenants(
      [{ slug: 'overlay-motors', versionId: 2, document: document('overlay-motors', { name: 'Second' }) }],
      '1:2',
    );
    const second = loadTenantRegistry(options).tenants.get('overlay-motors');
    expect(second?.ok && second.config.name).toBe('Second');
    expect(second?.versionId).toBe(2);

    // Nothing published any more: the file again.
    setPublishedTenants([], '0:0');
    const again = entry('overlay-motors');
    expect(again.ok && again.config.name).toBe('File Motors');
  });
});
