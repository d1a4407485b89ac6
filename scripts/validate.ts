/**
 * `npm run validate [files...]`: checks tenant files (default: tenants/ and every TENANTS_DIR
 * directory) and prints every problem with file, line and column, JSON pointer, expected and found
 * (`tenants/x.json:9:15: /feautres: unknown key "feautres"; did you mean "features"?`; a problem
 * with no place in a file, such as one of the tenant merged with its template, has no line and
 * column). Exits 1 when any tenant is invalid, 0 otherwise.
 */
import { resolve } from 'node:path';
import { listTenantFiles, loadTenantFile, loadTenantRegistry } from '../engine/tenant-registry';
import { formatIssueAt } from '../schemas/validation-messages';

const started = performance.now();
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const files = args.length ? args.map((f) => resolve(f)) : listTenantFiles();
const entries = files.map((file) => loadTenantFile(file));
const globalIssues = args.length ? [] : loadTenantRegistry().issues;
let invalid = 0;
for (const entry of entries) {
  if (entry.ok) {
    console.log(`ok       ${entry.file}`);
  } else {
    invalid++;
    console.log(`INVALID  ${entry.file}`);
    for (const issue of entry.issues) console.log(`  - ${formatIssueAt(issue)}`);
  }
}
for (const issue of globalIssues) console.log(`PROBLEM  ${formatIssueAt(issue)}`);
const ms = (performance.now() - started).toFixed(0);
console.log(
  `\n${entries.length} tenant file(s), ${invalid} invalid, ${globalIssues.length} other problem(s), in ${ms} ms`,
);
if (!entries.length) console.log('No tenant files found.');
process.exit(invalid || globalIssues.length ? 1 : 0);
