/**
 * `npm run migrate [files...]`: rewrites tenant and group files in place at the current
 * schemaVersion, using the ordered migrations in engine/migrations.
 */
import { readFileSync, writeFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { migrate } from '../engine/migrations';
import { listTenantFiles } from '../engine/tenant-registry';

const args = process.argv.slice(2);
const groups = existsSync('tenants/groups')
  ? readdirSync('tenants/groups')
      .filter((f) => f.endsWith('.json'))
      .map((f) => join('tenants/groups', f))
  : [];
const files = args.length ? args : [...listTenantFiles(), ...groups];
let changed = 0;
for (const file of files) {
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    console.error(`${file}: skipped, not valid JSON (${error instanceof Error ? error.message : String(error)})`);
    continue;
  }
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) continue;
  if (file.includes('groups') && !('schemaVersion' in doc)) continue;
  const { doc: migrated, applied } = migrate(doc as Record<string, unknown>);
  if (!applied.length) continue;
  writeFileSync(file, `${JSON.stringify(migrated, null, 2)}\n`);
  changed++;
  console.log(`${file}: ${applied.join(', ')}`);
}
console.log(`${changed} file(s) migrated`);
