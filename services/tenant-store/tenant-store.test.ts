import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PlatformDb } from '../db/database';
import { openTestDatabase } from '../db/test-database';
import { listTenantFiles, loadTenantFile } from '../../engine/tenant-registry';
import { canonicalDocument, createTenantStore, type TenantStore, type Validate } from './tenant-store';

const dir = mkdtempSync(join(tmpdir(), 'tenant-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let db: PlatformDb;
let store: TenantStore;
let clock: number;
beforeEach(async () => {
  // A file database on SQLite, like the platform's (transactions, WAL), one per test.
  db = await openTestDatabase({ file: true });
  clock = Date.parse('2026-11-22T00:00:00Z');
  store = createTenantStore(db, { now: () => new Date((clock += 1000)) });
});
afterEach(async () => db.destroy());

const doc = (extra: Record<string, unknown> = {}) =>
  JSON.stringify({ slug: 'acme', name: 'Acme Motors', theme: { colors: { primary: '#123456' } }, ...extra });
/** Accepts any object with a name; the engine's real validation is the caller's (see the import round trip). */
const validate: Validate = (_slug, document) =>
  typeof document === 'object' && document !== null && typeof (document as { name?: unknown }).name === 'string'
    ? { ok: true }
    : { ok: false, issues: [{ pointer: '/name', message: 'missing required key "name"' }] };

/** Two published versions of acme: 'First' by alice, then 'Rename' by bob from it. */
async function publishTwo() {
  const first = await publishFirst();
  const second = await store.publish({
    slug: 'acme',
    document: doc({ name: 'Renamed' }),
    author: 'bob',
    message: 'Rename',
    baseVersionId: first.id,
    validate,
  });
  if (!second.ok) throw new Error('second publish failed');
  return { first, second };
}

async function publishFirst(document = doc()) {
  const result = await store.publish({
    slug: 'acme',
    document,
    author: 'alice',
    message: 'First',
    baseVersionId: null,
    validate,
  });
  if (!result.ok) throw new Error(`publish failed: ${result.reason}`);
  return result.version;
}

describe('publish', () => {
  it('stores a published version, moves the pointer, and is what listPublished serves', async () => {
    const before = await store.changeStamp();
    const version = await publishFirst();
    expect(version).toMatchObject({
      slug: 'acme',
      author: 'alice',
      message: 'First',
      parentId: null,
      state: 'published',
    });
    expect(version.document).toBe(canonicalDocument(doc()));
    expect(await store.published('acme')).toEqual(version);
    expect(await store.listPublished()).toEqual([
      {
        slug: 'acme',
        versionId: version.id,
        document: version.document,
        publishedAt: version.createdAt,
        publishedBy: 'alice',
      },
    ]);
    expect(await store.changeStamp()).not.toBe(before);
  });

  it('publishes over the current version, with it as the parent, and clears the draft', async () => {
    const first = await publishFirst();
    await store.saveDraft({ slug: 'acme', document: doc({ name: 'Draft' }), author: 'alice', baseVersionId: first.id });
    const stamp = await store.changeStamp();
    const second = await store.publish({
      slug: 'acme',
      document: doc({ name: 'Acme' }),
      author: 'alice',
      message: 'Shorter name',
      baseVersionId: first.id,
      validate,
    });
    expect(second).toMatchObject({ ok: true, version: { parentId: first.id, message: 'Shorter name' } });
    expect((await store.published('acme'))?.document).toContain('"name": "Acme"');
    expect(await store.draft('acme')).toBeUndefined();
    expect(await store.changeStamp()).not.toBe(stamp);
  });

  it('refuses a stale base with the changes since, and keeps the stale document as a draft', async () => {
    const first = await publishFirst();
    const bob = await store.publish({
      slug: 'acme',
      document: doc({ theme: { colors: { primary: '#abcdef' } } }),
      author: 'bob',
      message: 'New colour',
      baseVersionId: first.id,
      validate,
    });
    expect(bob.ok).toBe(true);
    const stamp = await store.changeStamp();

    const stale = doc({ name: 'Acme Motors Pty Ltd' });
    const result = await store.publish({
      slug: 'acme',
      document: stale,
      author: 'alice',
      message: 'Legal name',
      baseVersionId: first.id,
      validate,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'conflict',
      current: bob.ok ? bob.version : undefined,
      changes: [{ pointer: '/theme/colors/primary', kind: 'changed', before: '#123456', after: '#abcdef' }],
    });
    expect((await store.published('acme'))?.author).toBe('bob');
    expect(await store.changeStamp()).toBe(stamp);
    const draft = await store.draft('acme');
    expect(draft).toMatchObject({ author: 'alice', parentId: first.id, state: 'draft' });
    expect(draft?.document).toBe(canonicalDocument(stale));
  });

  it('treats "no published version yet" as a base: a second first publish conflicts', async () => {
    await publishFirst();
    const again = await store.publish({
      slug: 'acme',
      document: doc({ name: 'Other' }),
      author: 'bob',
      message: 'Mine',
      baseVersionId: null,
      validate,
    });
    expect(again).toMatchObject({ ok: false, reason: 'conflict', current: { author: 'alice' } });
    if (again.ok || again.reason !== 'conflict') return;
    expect(again.changes.map((c) => c.pointer)).toEqual(['/slug', '/name', '/theme']);
  });

  it('never publishes an invalid document: it is saved as a draft and the issues returned', async () => {
    const first = await publishFirst();
    const stamp = await store.changeStamp();
    const result = await store.publish({
      slug: 'acme',
      document: JSON.stringify({ slug: 'acme' }),
      author: 'alice',
      message: 'Oops',
      baseVersionId: first.id,
      validate,
    });
    expect(result).toEqual({
      ok: false,
      reason: 'invalid',
      issues: [{ pointer: '/name', message: 'missing required key "name"' }],
    });
    expect((await store.published('acme'))?.id).toBe(first.id);
    expect(await store.changeStamp()).toBe(stamp);
    expect(await store.draft('acme')).toMatchObject({ state: 'draft', document: '{\n  "slug": "acme"\n}\n' });

    const broken = await store.publish({
      slug: 'acme',
      document: '{"slug": ',
      author: 'alice',
      message: 'Half typed',
      baseVersionId: first.id,
      validate,
    });
    expect(broken).toMatchObject({ ok: false, reason: 'invalid', issues: [{ pointer: '' }] });
    if (!broken.ok && broken.reason === 'invalid') expect(broken.issues[0]?.message).toMatch(/^is not valid JSON/);
    expect((await store.published('acme'))?.id).toBe(first.id);
  });
});

describe('saveDraft', () => {
  it('rewrites the same author’s draft from the same base in place (autosave)', async () => {
    const first = await publishFirst();
    const a = await store.saveDraft({
      slug: 'acme',
      document: doc({ name: 'A' }),
      author: 'alice',
      baseVersionId: first.id,
    });
    const b = await store.saveDraft({
      slug: 'acme',
      document: doc({ name: 'AB' }),
      author: 'alice',
      baseVersionId: first.id,
    });
    const c = await store.saveDraft({
      slug: 'acme',
      document: doc({ name: 'ABC' }),
      author: 'alice',
      baseVersionId: first.id,
    });
    expect(b.id).toBe(a.id);
    expect(c.id).toBe(a.id);
    expect(c.createdAt > a.createdAt).toBe(true);
    expect((await store.draft('acme'))?.document).toContain('"name": "ABC"');
    expect(await store.history('acme')).toHaveLength(2);
  });

  it('starts a new draft row for another author or another base', async () => {
    const first = await publishFirst();
    const alice = await store.saveDraft({ slug: 'acme', document: doc(), author: 'alice', baseVersionId: first.id });
    const bob = await store.saveDraft({ slug: 'acme', document: doc(), author: 'bob', baseVersionId: first.id });
    expect(bob.id).not.toBe(alice.id);
    expect((await store.draft('acme'))?.id).toBe(bob.id);
    const fromNothing = await store.saveDraft({ slug: 'acme', document: doc(), author: 'bob', baseVersionId: null });
    expect(fromNothing.id).not.toBe(bob.id);
    expect(await store.history('acme')).toHaveLength(4);
  });

  it('keeps text that is not JSON yet as it was typed', async () => {
    const draft = await store.saveDraft({
      slug: 'new',
      document: '{"name": "Ne',
      author: 'alice',
      baseVersionId: null,
    });
    expect(draft.document).toBe('{"name": "Ne');
    expect(await store.published('new')).toBeUndefined();
    expect(await store.listPublished()).toEqual([]);
  });
});

describe('preview snapshots (issue 32: the preview keeps the last complete draft)', () => {
  it('keeps one per site, the newest, apart from the history and from other sites', async () => {
    expect(await store.previewSnapshot('acme')).toBeUndefined();
    await store.keepPreviewSnapshot('acme', doc({ name: 'One' }));
    await store.keepPreviewSnapshot('acme', doc({ name: 'Two' }));
    await store.keepPreviewSnapshot('other', doc({ name: 'Other' }));
    const kept = await store.previewSnapshot('acme');
    expect(kept?.document).toBe(doc({ name: 'Two' }));
    expect(kept?.savedAt).toBe('2026-11-22T00:00:02.000Z');
    expect((await store.previewSnapshot('other'))?.document).toBe(doc({ name: 'Other' }));
    expect(await store.history('acme')).toEqual([]);
    expect(await store.published('acme')).toBeUndefined();
  });
});

describe('restore and history', () => {
  it('restore publishes a new version with the chosen version’s document', async () => {
    const { first, second } = await publishTwo();
    const restored = await store.restore({
      slug: 'acme',
      versionId: first.id,
      author: 'carol',
      baseVersionId: second.version.id,
      validate,
    });
    expect(restored).toMatchObject({
      ok: true,
      version: {
        message: `Restored version ${first.id}`,
        author: 'carol',
        state: 'published',
        parentId: second.version.id,
      },
    });
    if (!restored.ok) return;
    expect(restored.version.id).toBeGreaterThan(second.version.id);
    expect(restored.version.document).toBe(first.document);
    expect((await store.published('acme'))?.id).toBe(restored.version.id);

    const history = await store.history('acme');
    expect(history.map((v) => v.id)).toEqual([restored.version.id, second.version.id, first.id]);
    expect(history.map((v) => v.message)).toEqual([`Restored version ${first.id}`, 'Rename', 'First']);
    // The list a history screen reads: the same versions without their documents.
    expect(await store.versionList('acme')).toEqual(history.map(({ document: _document, ...rest }) => rest));
    expect(await store.version(second.version.id)).toEqual(second.version);
    expect(await store.version(9999)).toBeUndefined();
  });

  it('restore refuses a stale base and an unknown version, and keeps no draft for either', async () => {
    const { first, second } = await publishTwo();
    const stale = await store.restore({
      slug: 'acme',
      versionId: first.id,
      author: 'carol',
      baseVersionId: first.id,
      validate,
    });
    expect(stale).toMatchObject({ ok: false, reason: 'conflict', current: { id: second.version.id } });
    const unknown = await store.restore({
      slug: 'other',
      versionId: first.id,
      author: 'carol',
      baseVersionId: null,
      validate,
    });
    expect(unknown).toEqual({
      ok: false,
      reason: 'invalid',
      issues: [{ pointer: '', message: `there is no version ${first.id} of "other"` }],
    });
    expect(await store.draft('acme')).toBeUndefined();
    expect((await store.published('acme'))?.id).toBe(second.version.id);
  });
});

describe('audit', () => {
  it('records publishes, refusals, restores and entries written by callers, newest first', async () => {
    const first = await publishFirst();
    await store.publish({
      slug: 'acme',
      document: '{}',
      author: 'bob',
      message: 'x',
      baseVersionId: first.id,
      validate,
    });
    await store.restore({ slug: 'acme', versionId: first.id, author: 'carol', baseVersionId: first.id, validate });
    await store.audit({ actor: 'dave', action: 'staff.sign-in', detail: { ip: 'hashed' } });

    const log = await store.auditLog();
    expect(log.map((e) => [e.actor, e.action, e.slug])).toEqual([
      ['dave', 'staff.sign-in', null],
      ['carol', 'tenant.restore', 'acme'],
      ['bob', 'tenant.publish-refused', 'acme'],
      ['alice', 'tenant.publish', 'acme'],
    ]);
    expect(log[0]?.detail).toEqual({ ip: 'hashed' });
    expect(log[1]?.detail).toMatchObject({ restoredVersionId: first.id, baseVersionId: first.id });
    expect(log[2]?.detail).toEqual({ reason: 'invalid', issues: 1 });
    expect(log[3]?.detail).toEqual({ versionId: first.id, baseVersionId: null, message: 'First' });
    expect(log.every((e) => typeof e.at === 'string' && !Number.isNaN(Date.parse(e.at)))).toBe(true);

    expect((await store.auditLog({ slug: 'acme', limit: 2 })).map((e) => e.actor)).toEqual(['carol', 'bob']);
  });
});

describe('importDocuments', () => {
  const files = (...docs: { slug: string; text: string }[]) =>
    docs.map((d) => ({ slug: d.slug, document: d.text, file: `tenants/${d.slug}.json` }));

  it('imports valid documents canonicalised, and reports byte-identical ones as unchanged', async () => {
    const input = files({ slug: 'acme', text: doc() }, { slug: 'zeta', text: '{"name":"Zeta"}' });
    expect(await store.importDocuments({ documents: input, author: 'cli', validate })).toEqual({
      ok: true,
      imported: ['acme', 'zeta'],
      unchanged: [],
    });
    expect((await store.published('zeta'))?.document).toBe('{\n  "name": "Zeta"\n}\n');
    expect((await store.published('zeta'))?.message).toBe('Imported from tenants/zeta.json');

    const again = files({ slug: 'acme', text: doc({ name: 'Acme 2' }) }, { slug: 'zeta', text: '{ "name": "Zeta" }' });
    expect(await store.importDocuments({ documents: again, author: 'cli', validate })).toEqual({
      ok: true,
      imported: ['acme'],
      unchanged: ['zeta'],
    });
    expect((await store.history('acme')).map((v) => v.state)).toEqual(['published', 'published']);
    expect((await store.auditLog()).map((e) => [e.action, e.slug])).toEqual([
      ['tenant.import', 'acme'],
      ['tenant.import', 'zeta'],
      ['tenant.import', 'acme'],
    ]);
  });

  it('is all or nothing: one bad document and nothing is imported', async () => {
    const stamp = await store.changeStamp();
    const result = await store.importDocuments({
      documents: files(
        { slug: 'acme', text: doc() },
        { slug: 'bad', text: '{"slug": "bad"}' },
        { slug: 'broken', text: '{' },
      ),
      author: 'cli',
      validate,
    });
    expect(result).toMatchObject({
      ok: false,
      issues: [
        { file: 'tenants/bad.json', pointer: '/name', message: 'missing required key "name"' },
        { file: 'tenants/broken.json', pointer: '' },
      ],
    });
    expect(await store.listPublished()).toEqual([]);
    expect(await store.history('acme')).toEqual([]);
    expect(await store.changeStamp()).toBe(stamp);
  });

  it('refuses two documents for one site', async () => {
    const result = await store.importDocuments({
      documents: [
        { slug: 'acme', document: doc(), file: 'tenants/acme.json' },
        { slug: 'acme', document: doc(), file: 'extra/acme.json' },
      ],
      author: 'cli',
      validate,
    });
    expect(result).toEqual({
      ok: false,
      issues: [
        {
          file: 'extra/acme.json',
          pointer: '/slug',
          message: 'slug "acme" is also imported from tenants/acme.json; import one file per site',
        },
      ],
    });
  });

  it('round trip: every file in tenants/, validated by the engine, comes back byte for byte', async () => {
    const paths = listTenantFiles({ extraDirs: [] });
    expect(paths.length).toBeGreaterThan(0);
    const entries = new Map(paths.map((p) => [basename(p, '.json'), loadTenantFile(p)]));
    const engine: Validate = (slug) => {
      const entry = entries.get(slug);
      return entry?.ok ? { ok: true } : { ok: false, issues: entry?.issues ?? [{ pointer: '', message: 'no file' }] };
    };
    const documents = paths.map((p) => ({ slug: basename(p, '.json'), document: readFileSync(p, 'utf8'), file: p }));
    const result = await store.importDocuments({ documents, author: 'cli', validate: engine });
    expect(result).toEqual({ ok: true, imported: documents.map((d) => d.slug), unchanged: [] });

    const out = mkdtempSync(join(dir, 'export-'));
    for (const site of await store.listPublished()) writeFileSync(join(out, `${site.slug}.json`), site.document);
    for (const p of paths) expect(readFileSync(join(out, basename(p)), 'utf8')).toBe(readFileSync(p, 'utf8'));
  });
});
