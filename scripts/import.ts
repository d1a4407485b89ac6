/**
 * `npm run import -- <feed.json> [--replace] [--report <report.json>]`: imports a stock feed
 * (schemas/feed.schema.json) into the database named by DATABASE_URL. Nothing is written unless
 * every record is valid. On SQLite the feed is written in short transactions, so a running
 * server's writes (leads) are never held up for long; if the import stops half-way it says so, and
 * running it again completes it.
 *
 * `npm run import -- --from-url <url> [--replace] [--dealership <id>] [--force] [--report <file>]`
 * pulls a feed from an http(s) address once, the way the scheduler does (timeouts, size limit, a
 * conditional request naming the copy imported last; --force asks for the whole feed).
 *
 * `npm run import -- --status`: every dealership feed and recent pull; exit 1 when a feed is
 * failing or overdue, so a monitor can run it.
 */
import { writeFileSync } from 'node:fs';
import { readJsonFile } from '../engine/read-json';
import { formatIssueAt, placeIssues, type ValidationIssue } from '../schemas/validation-messages';
import { runMain } from './run-main';
import { getDatabase, type PlatformDb } from '../services/db/database';
import { feedHealth, feedStatus, FeedUrlError, formatFeedStatus, pullFeed, summarisePull } from '../services/feeds';
import { importFeed, type ImportOptions } from '../services/stock/import-feed';
import { formatImportReport, type ImportReport } from '../services/stock/import-report';

const USAGE = `usage:
  npm run import -- <feed.json> [--replace] [--report <report.json>]
  npm run import -- --from-url <url> [--replace] [--dealership <id>] [--force] [--report <report.json>]
  npm run import -- --status`;

/** Prints the summary and writes the JSON report where --report asks; false if it could not be written. */
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

function printIssues(label: string, issues: readonly ValidationIssue[], total = issues.length): void {
  console.error(`${label}: nothing was imported; ${total} problem(s):`);
  for (const issue of issues.slice(0, 200)) console.error(`  - ${formatIssueAt(issue)}`);
  if (total > 200) console.error(`  ... and ${total - 200} more`);
}

function progress(): NonNullable<ImportOptions['onProgress']> {
  let lastShown = 0;
  return (done, total) => {
    if (total < 2000 || (done - lastShown < total / 10 && done !== total)) return;
    lastShown = done;
    process.stdout.write(`  ${done}/${total} records (${Math.round((done / total) * 100)}%)\n`);
  };
}

/** The value after `flag`, undefined when the flag is absent, or an error message. */
function valueOf(args: readonly string[], flag: string): { value?: string; error?: string } {
  const at = args.indexOf(flag);
  if (at < 0) return {};
  const value = args[at + 1];
  return value && !value.startsWith('--') ? { value } : { error: `${flag} needs a value` };
}

async function importFile(db: PlatformDb, file: string, replace: boolean, reportFile: string | undefined) {
  const read = readJsonFile(file);
  if (!read.ok) {
    console.error(formatIssueAt(read.issue));
    return 1;
  }
  const started = performance.now();
  const result = await importFeed(db, read.value, { file, replace, onProgress: progress() });
  if (!result.ok) {
    // file:line:column: pointer: message, the place looked up in the feed as written.
    printIssues(file, placeIssues(result.issues.slice(0, 200), file, read.locate), result.issues.length);
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

async function importUrl(db: PlatformDb, args: readonly string[], url: string, reportFile: string | undefined) {
  const dealership = valueOf(args, '--dealership');
  if (dealership.error) throw new UsageError(dealership.error);
  const dealershipId = dealership.value === undefined ? undefined : Number(dealership.value);
  if (dealershipId !== undefined && !(Number.isInteger(dealershipId) && dealershipId > 0))
    throw new UsageError(`--dealership needs a dealership id (a whole number), found "${dealership.value}"`);
  try {
    const result = await pullFeed(db, {
      url,
      replace: args.includes('--replace'),
      conditional: !args.includes('--force'),
      locateIssues: true,
      onProgress: progress(),
      ...(dealershipId !== undefined ? { dealershipId } : {}),
    });
    const line = summarisePull(result);
    if (result.outcome === 'imported' || result.outcome === 'unchanged') console.log(line);
    else console.error(line);
    if (result.issues?.length) printIssues(result.url, result.issues);
    const saved = result.report ? saveReport(result.report, reportFile) : true;
    return (result.outcome === 'imported' || result.outcome === 'unchanged') && saved ? 0 : 1;
  } catch (error) {
    if (error instanceof FeedUrlError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
}

class UsageError extends Error {}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const report = valueOf(args, '--report');
  const fromUrl = valueOf(args, '--from-url');
  const error = report.error ?? fromUrl.error;
  if (error) {
    console.error(`${error}\n${USAGE}`);
    return 2;
  }
  const flagValues = new Set(
    ['--report', '--from-url', '--dealership'].flatMap((flag) => {
      const at = args.indexOf(flag);
      return at >= 0 ? [at + 1] : [];
    }),
  );
  const file = args.find((a, i) => !a.startsWith('--') && !flagValues.has(i));
  const status = args.includes('--status');
  if ([file, fromUrl.value, status || undefined].filter((x) => x !== undefined).length !== 1) {
    console.error(USAGE);
    return 2;
  }
  const db = await getDatabase();
  try {
    if (status) {
      const entries = await feedStatus(db);
      console.log(formatFeedStatus(entries).join('\n'));
      const health = feedHealth(entries);
      return health.failing > 0 || health.overdue > 0 ? 1 : 0;
    }
    if (fromUrl.value) return await importUrl(db, args, fromUrl.value, report.value);
    return await importFile(db, file ?? '', args.includes('--replace'), report.value);
  } catch (caught) {
    if (caught instanceof UsageError) {
      console.error(`${caught.message}\n${USAGE}`);
      return 2;
    }
    throw caught;
  } finally {
    await db.destroy();
  }
}

runMain(main);
