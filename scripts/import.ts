/**
 * `npm run import -- <feed.json> [--replace]`: imports a stock feed (schemas/feed.schema.json)
 * into the database named by DATABASE_URL. Nothing is written unless every record is valid. The
 * feed is written in short transactions, so a running server's writes (leads) are never held up
 * for long; if the import stops half-way it says so, and running it again completes it.
 */
import { readJsonFile } from '../engine/read-json';
import { formatIssueAt, placeIssues } from '../schemas/validation-messages';
import { runMain } from './run-main';
import { getDatabase } from '../services/db/database';
import { importFeed } from '../services/stock/import-feed';
import { formatImportReport, type ImportReport } from '../services/stock/import-report';
import { writeFileSync } from 'node:fs';

/** Writes the JSON report where --report asks, and prints the summary; false if it could not be written. */
function saveReport(report: ImportReport, to: string | undefined): boolean {
  console.log(formatImportReport(report));
  if (!to) return true;
  try {
    writeFileSync(to, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`report written to ${to}`);
    return true;
  } catch (error) {
    console.error(`could not write the report to ${to}: ${error instanceof Error ? error.message : String(error)}`);
    return false;
  }
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const reportAt = args.indexOf('--report');
  const reportFile = reportAt >= 0 ? args[reportAt + 1] : undefined;
  if (reportAt >= 0 && (!reportFile || reportFile.startsWith('--'))) {
    console.error('--report needs a file name, e.g. --report import-report.json');
    return 2;
  }
  const file = args.find((a, i) => !a.startsWith('--') && (reportAt < 0 || i !== reportAt + 1));
  if (!file) {
    console.error('usage: npm run import -- <feed.json> [--replace] [--report <report.json>]');
    return 2;
  }
  const read = readJsonFile(file);
  if (!read.ok) {
    console.error(formatIssueAt(read.issue));
    return 1;
  }
  const db = await getDatabase();
  const started = performance.now();
  let lastShown = 0;
  const result = await importFeed(db, read.value, {
    file,
    replace: args.includes('--replace'),
    onProgress: (done, total) => {
      if (total < 2000 || (done - lastShown < total / 10 && done !== total)) return;
      lastShown = done;
      process.stdout.write(`  ${done}/${total} records (${Math.round((done / total) * 100)}%)\n`);
    },
  });
  await db.destroy();
  if (!result.ok) {
    console.error(`${file}: nothing was imported; ${result.issues.length} problem(s):`);
    // file:line:column: pointer: message, the place looked up in the feed as written.
    for (const issue of placeIssues(result.issues.slice(0, 200), file, read.locate))
      console.error(`  - ${formatIssueAt(issue)}`);
    if (result.issues.length > 200) console.error(`  ... and ${result.issues.length - 200} more`);
    saveReport(result.report, reportFile);
    return 1;
  }
  console.log(
    `imported ${result.dealerships} dealership(s), ${result.locations} location(s), ${result.cars} car(s)` +
      `${result.manufacturers || result.models ? `, ${result.manufacturers} manufacturer(s), ${result.models} model(s)` : ''}` +
      `${result.withdrawn ? `, withdrew ${result.withdrawn} car(s) no longer in the feed` : ''}` +
      `${result.normalised ? `, normalised ${result.normalised} make/model name(s)` : ''} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return saveReport(result.report, reportFile) ? 0 : 1;
}

runMain(main);
