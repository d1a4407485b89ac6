/**
 * `npm run tenants`: tenant documents in the platform database (issue 16), on the database named by
 * DATABASE_URL. Files in tenants/ (and TENANTS_DIR) are how a site is created and reviewed in git;
 * the published version in the database is what the Tenant Studio edits, with its history.
 *   npm run tenants -- import [files...] [--author name]   load tenant files as new published versions
 *                         (default: every file in tenants/ and TENANTS_DIR); each is checked the way
 *                         `npm run validate` checks it, and one bad file means nothing is imported
 *   npm run tenants -- export [slugs...] [--out dir]       write the published versions back to their
 *                         files (tenants/<slug>.json, or the TENANTS_DIR file the site came from),
 *                         byte for byte as imported; --out writes <dir>/<slug>.json instead
 *   npm run tenants -- history <slug>                      the versions of a site, newest first
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { listTenantFiles, loadTenantFile, tenantDirs, type TenantEntry } from '../engine/tenant-registry';
import { formatIssue, formatIssueAt } from '../schemas/validation-messages';
import { getDatabase } from '../services/db/database';
import { createTenantStore, type TenantStore, type Validate } from '../services/tenant-store';
import { runMain } from './run-main';

const USAGE = `usage:
  npm run tenants -- import [files...] [--author name]   load tenant files into the database as published versions
  npm run tenants -- export [slugs...] [--out dir]       write published versions back to their files
  npm run tenants -- history <slug>                      list a site's versions, newest first`;

/** Options that take a value; everything else not starting with -- is a positional argument. */
const VALUE_OPTIONS = ['--author', '--out'] as const;

interface Args {
  command: string | undefined;
  positional: string[];
  options: Map<string, string>;
  unknown: string[];
}

function parseArgs(argv: readonly string[]): Args {
  const positional: string[] = [];
  const options = new Map<string, string>();
  const unknown: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if ((VALUE_OPTIONS as readonly string[]).includes(arg)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) unknown.push(`${arg} (needs a value)`);
      else options.set(arg, value);
      i++;
    } else if (arg.startsWith('--')) unknown.push(arg);
    else positional.push(arg);
  }
  return { command: positional.shift(), positional, options, unknown };
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function shown(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel.startsWith('..') ? path : rel;
}

async function importFiles(store: TenantStore, args: Args): Promise<number> {
  const paths = args.positional.length ? args.positional.map((f) => resolve(f)) : listTenantFiles();
  if (!paths.length) {
    console.error('No tenant files found in tenants/ or TENANTS_DIR: nothing to import.');
    return 1;
  }
  const missing = paths.filter((p) => !existsSync(p));
  if (missing.length) {
    for (const p of missing) console.error(`No such file: ${p}`);
    console.error('Nothing was imported.');
    return 1;
  }
  // Each text is read before the engine checks its file, so what is stored is never newer than what was checked.
  const checked = paths.map((path) => ({ text: readFileSync(path, 'utf8'), entry: loadTenantFile(path) }));
  const invalid = checked.filter((c) => !c.entry.ok);
  for (const { entry } of invalid) {
    if (entry.ok) continue;
    console.error(`INVALID  ${entry.file}`);
    for (const issue of entry.issues) console.error(`  - ${formatIssueAt(issue)}`);
  }
  if (invalid.length) {
    console.error(
      `\nNothing was imported: ${plural(invalid.length, 'file')} of ${paths.length} ${invalid.length === 1 ? 'has' : 'have'} problems (listed above, as npm run validate shows them). Fix them and run the import again.`,
    );
    return 1;
  }
  const bySlug = new Map<string, TenantEntry>();
  for (const { entry } of checked) if (!bySlug.has(entry.slug)) bySlug.set(entry.slug, entry);
  // The store checks every document again inside the import (all or nothing): the engine's answer above.
  const validate: Validate = (slug) => {
    const entry = bySlug.get(slug);
    return entry?.ok ? { ok: true } : { ok: false, issues: entry?.issues ?? [] };
  };
  const author = args.options.get('--author') || process.env.USER || 'cli';
  const result = await store.importDocuments({
    documents: checked.map(({ text, entry }) => ({ slug: entry.slug, document: text, file: entry.file })),
    author,
    validate,
  });
  if (!result.ok) {
    for (const issue of result.issues) console.error(`  - ${formatIssue(issue)}`);
    console.error(`\nNothing was imported: ${plural(result.issues.length, 'problem')} (listed above).`);
    return 1;
  }
  for (const slug of result.imported) {
    const version = await store.published(slug);
    console.log(`imported   ${slug} as version ${version?.id ?? '?'} (from ${bySlug.get(slug)?.file ?? slug})`);
  }
  for (const slug of result.unchanged)
    console.log(`unchanged  ${slug} (the published version is already ${bySlug.get(slug)?.file ?? slug})`);
  console.log(
    `\n${plural(result.imported.length, 'site')} imported as new published versions, ${result.unchanged.length} unchanged.`,
  );
  return 0;
}

/** Where a site's file lives: the tenants/ or TENANTS_DIR file it was read from, else tenants/<slug>.json. */
function fileOf(slug: string): string {
  const existing = listTenantFiles().find((p) => basename(p, '.json') === slug);
  return existing ?? join(tenantDirs()[0] ?? 'tenants', `${slug}.json`);
}

async function exportFiles(store: TenantStore, args: Args): Promise<number> {
  const out = args.options.get('--out');
  const slugs = args.positional.length ? args.positional : (await store.listPublished()).map((p) => p.slug);
  if (!slugs.length) {
    console.error(
      'No site has a published version in the database yet: import the files first (npm run tenants -- import).',
    );
    return 1;
  }
  const unknown: string[] = [];
  for (const slug of slugs) {
    const version = await store.published(slug);
    if (!version) {
      unknown.push(slug);
      continue;
    }
    const path = out ? join(resolve(out), `${slug}.json`) : fileOf(slug);
    const same = existsSync(path) && readFileSync(path, 'utf8') === version.document;
    if (!same) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, version.document);
    }
    console.log(
      `${same ? 'unchanged' : 'wrote    '}  ${shown(path)} (version ${version.id}, published ${version.createdAt} by ${version.author})`,
    );
  }
  if (unknown.length) {
    console.error(
      `No published version of ${unknown.map((s) => `"${s}"`).join(', ')} in the database: check the name (npm run tenants -- history <slug>) or import the file first.`,
    );
    return 1;
  }
  return 0;
}

async function printHistory(store: TenantStore, args: Args): Promise<number> {
  const [slug, ...rest] = args.positional;
  if (!slug || rest.length) {
    console.error(USAGE);
    return 2;
  }
  const versions = await store.history(slug);
  if (!versions.length) {
    console.error(`"${slug}" has no versions in the database: import its file first (npm run tenants -- import).`);
    return 1;
  }
  const published = await store.published(slug);
  const draft = await store.draft(slug);
  console.log(`${plural(versions.length, 'version')} of ${slug}, newest first:`);
  for (const v of versions) {
    const mark = v.id === published?.id ? '  <- published' : v.id === draft?.id ? '  <- current draft' : '';
    const from = v.parentId === null ? '' : ` (from #${v.parentId})`;
    console.log(
      `  #${v.id}  ${v.state.padEnd(9)}  ${v.createdAt}  ${v.author}${from}${v.message ? `: ${v.message}` : ''}${mark}`,
    );
  }
  return 0;
}

async function main(): Promise<number> {
  const args = parseArgs(process.argv.slice(2));
  const commands = new Map<string, (store: TenantStore, args: Args) => Promise<number>>([
    ['import', importFiles],
    ['export', exportFiles],
    ['history', printHistory],
  ]);
  const run = args.command === undefined ? undefined : commands.get(args.command);
  if (!run || args.unknown.length) {
    if (args.command !== undefined && !run) console.error(`Unknown command "${args.command}".`);
    if (args.unknown.length) console.error(`Unknown option: ${args.unknown.join(', ')}.`);
    console.error(USAGE);
    return 2;
  }
  const db = await getDatabase();
  try {
    return await run(createTenantStore(db), args);
  } finally {
    await db.destroy();
  }
}

runMain(main);
