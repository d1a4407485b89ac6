/**
 * `npm run seed`: creates or migrates the database named by DATABASE_URL and loads the
 * deterministic demo data (dealerships, locations, 3,000+ vehicles, the new-model catalogue) through the normal importer.
 * Dates are relative to today, so "sold within 3 days" and "just arrived" stay true.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { generateDemoFeed } from '../demo-data/generate-feed';
import { demoModelCatalogue } from '../demo-data/models';
import { databaseUrl, getDatabase, redactUrl } from '../services/db/database';
import { importFeed } from '../services/stock/import-feed';
import { formatIssue } from '../schemas/validation-messages';
import { createStaffUser, staffUserExists } from '../services/staff-auth/staff-users';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../demo-data/staff';
import { runMain } from './run-main';

async function main(): Promise<number> {
  const started = performance.now();
  const today = new Date();
  today.setUTCHours(0, 0, 0, 0);
  const feed = { ...generateDemoFeed({ now: today }), ...demoModelCatalogue() };
  mkdirSync('data', { recursive: true });
  writeFileSync('data/demo-feed.json', JSON.stringify(feed));
  const db = await getDatabase();
  const result = await importFeed(db, feed, { file: 'demo feed', replace: true, now: new Date() });
  // The Tenant Studio's demo staff, one per role (demo-data/staff.ts); an existing account is kept as it is.
  for (const staff of DEMO_STAFF)
    if (!(await staffUserExists(staff.email))) await createStaffUser({ ...staff, password: DEMO_STAFF_PASSWORD });
  await db.destroy();
  if (!result.ok) {
    for (const issue of result.issues.slice(0, 50)) console.error(formatIssue(issue));
    return 1;
  }
  console.log(
    `seeded ${redactUrl(databaseUrl())}: ${result.dealerships} dealerships, ${result.locations} locations, ${result.cars} vehicles, ${result.manufacturers} manufacturers, ${result.models} models ` +
      `(feed written to data/demo-feed.json) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return 0;
}

runMain(main);
