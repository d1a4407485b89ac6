/**
 * The tenant checks refuse a photo host too broad to be one dealer's (issue 18 review): the
 * schema's pattern accepts `*.com`, so `npm run validate` and the Studio must say why it is wrong.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadTenantDocument, loadTenantFile } from './tenant-registry';
import { formatIssueAt } from '../schemas/validation-messages';

const dir = mkdtempSync(join(tmpdir(), 'tenant-photo-hosts-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const base = { schemaVersion: 2, name: 'Test Motors', template: 'franchise', contact: { phone: '(02) 9000 0000' } };

function load(slug: string, remoteHosts: string[]) {
  const path = join(dir, `${slug}.json`);
  writeFileSync(path, JSON.stringify({ ...base, slug, images: { remoteHosts } }, null, 2));
  return loadTenantFile(path);
}

describe('photo hosts in a tenant document (issue 18)', () => {
  it("accepts hosts and wildcards within one owner's domain, and exact hosts on shared services", () => {
    const entry = load('fine', [
      'images.dealer-cdn.com',
      '*.dealer.com.au',
      'd123.cloudfront.net',
      'img.example.com:8443',
    ]);
    expect(entry.ok).toBe(true);
  });

  it('refuses a wildcard over a whole top-level or country domain, or a shared hosting service, with a sentence at the entry', () => {
    const entry = load('broad', ['images.dealer-cdn.com', '*.com', '*.com.au', '*.amazonaws.com']);
    expect(entry.ok).toBe(false);
    if (entry.ok) return;
    expect(entry.issues.map((issue) => `${issue.pointer} ${issue.message}`)).toEqual([
      '/images/remoteHosts/1 "*.com" would allow every site under .com, not one dealer\'s photo host; name the host itself (images.dealer.com) or a domain of the dealer\'s own (*.dealer.com)',
      '/images/remoteHosts/2 "*.com.au" would allow every site under .com.au, not one dealer\'s photo host; name the host itself (images.dealer.com) or a domain of the dealer\'s own (*.dealer.com)',
      '/images/remoteHosts/3 "*.amazonaws.com" would allow the photos of every customer of amazonaws.com, a shared hosting service; name the exact host instead (e.g. dealer-photos.amazonaws.com)',
    ]);
    // npm run validate prints the file, line and column of the entry.
    expect(formatIssueAt(entry.issues[0]!)).toMatch(
      /broad\.json:\d+:\d+: \/images\/remoteHosts\/1: "\*\.com" would allow/,
    );
  });

  it('refuses the same in a document edited in the Studio', () => {
    const entry = loadTenantDocument(
      { ...base, slug: 'studio', images: { remoteHosts: ['*.co.uk'] } },
      { slug: 'studio', file: 'database: studio v1', edited: true },
    );
    expect(entry.ok).toBe(false);
    if (!entry.ok) expect(entry.issues[0]?.message).toContain('"*.co.uk" would allow every site under .co.uk');
  });
});
